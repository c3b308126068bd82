#pragma once
// Project Settings (File > Project Settings...): the game project's
// component definitions, edited in place.
//
//   +-------------------+--------------------------------------------------+
//   | Components        | Spawner                          [Remove]        |
//   |  Door             | Description [..........]  Category [.......]     |
//   |  Spawner   <      | [x] Offered by Add Component                     |
//   |                   | Name      Type     Default          Limits  ^ v x|
//   | [new name] [Add]  | count     int      [ 3      ]       0..50         |
//   |                   | [type] [Add Field]                               |
//   +-------------------+--------------------------------------------------+
//   cairn.project.json *  Undo: Add field 'count'  [Undo] [Redo] [Save] [Close]
//
// Every change is one ProjectEditor edit: checked as the file is checked,
// applied to the open scene by migration, one step of the editor's undo
// history (Ctrl+Z / Ctrl+Y in the window, or the buttons, are the editor's
// Undo and Redo: the line beside them names the step they take), and kept in
// memory until Save (Ctrl+S) writes cairn.project.json atomically. A refused
// change shows its reason under the window's title and in the Console.
// Closing with unsaved changes asks to save them or to discard them (the
// scene follows the file's definitions again).
//
// Edits are requested while drawing and applied by ApplyPending at the start
// of the next frame, so nothing drawn in a frame sees the world change under it.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "cairn/ecs/component_value.h"
#include "cairn/editor/panels/field_editor.h"
#include "cairn/editor/project_editor.h"

namespace cairn::editor {

class EditorContext;

class ProjectSettingsWindow {
 public:
  static constexpr const char* kTitle = "Project Settings";

  explicit ProjectSettingsWindow(EditorContext& context);

  void Open();
  bool IsOpen() const { return open_; }
  // Applies the change, undo, redo or save requested in the last frame:
  // call it where edits apply (after EditorContext::Flush), before anything
  // draws, since a change replaces the world.
  void ApplyPending();
  // Draws the window while it is open (call every frame).
  void Draw();

  ProjectEditor& Editor() { return editor_; }

 private:
  void DrawComponentList(const serialization::Project& project);
  void DrawDefinition(const serialization::Project& project);
  void DrawFields(const ecs::RuntimeComponentDefinition& definition);
  void DrawLimits(const ecs::RuntimeComponentDefinition& definition, std::size_t index);
  void DrawCloseQuestion();
  // A text field showing `current` that reports the text the user leaves it
  // with (Enter, Tab or a click elsewhere), when it differs.
  std::optional<std::string> CommitText(const std::string& id, const std::string& current, float width,
                                        const char* hint = nullptr);
  // Requests a change, built now from the project as it is; an edit the
  // builder refuses is reported at once.
  template <typename Build>
  void Request(Build&& build);

  EditorContext& context_;
  ProjectEditor editor_;
  FieldEditor field_editor_;
  bool open_ = false;
  bool asking_to_close_ = false;
  bool popup_open_ = false;  // a Limits popup was open in the last frame
  std::string selected_;            // the component shown on the right
  std::string new_component_name_;  // the name field under the list
  std::size_t new_field_type_ = 2;  // index into ProjectFieldTypes() ("float")
  std::optional<ProjectChange> requested_;
  enum class HistoryRequest { kNone, kUndo, kRedo, kSave };
  HistoryRequest history_request_ = HistoryRequest::kNone;
  std::string problem_;  // the last refusal, shown until the next change
  // The default values being edited: a component of the selected type,
  // rebuilt whenever its registration changes.
  ecs::ComponentValue defaults_;
  // The text field being edited and its text.
  std::string editing_id_;
  std::string editing_text_;
};

}  // namespace cairn::editor
