#pragma once
// Editing the session's game project: its component definitions change
// through named edits, each of which migrates the open scene
// (EditorContext::ChangeProject), and the project is saved to its
// cairn.project.json atomically, as scenes are saved.
//
// An edit is the whole changed project (built by the functions in
// project_edits below). Before it applies it is checked as the file is
// checked when read (serialization::LoadProject on its text), so no edit
// makes a project that would not load again: a duplicate field name or a
// default outside its range is refused with the loader's own message, and
// the project in memory is always exactly what its file will read back as.
//
// Project edits are steps of the editor's one undo history, among the
// scene's edits: Undo and Redo here are the editor's (Edit > Undo does the
// same), and undoing an edit brings back the previous definitions and the
// scene exactly as it was before it (a renamed field's values, a removed
// field's values), so the scene edits made before it undo as they did.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cairn/ecs/plain_value.h"
#include "cairn/ecs/reflection.h"
#include "cairn/editor/editor_context.h"
#include "cairn/serialization/project.h"

namespace cairn::editor {

// A named change: the project as it is to become.
struct ProjectChange {
  std::string name;  // "Add field 'count' to Spawner"
  serialization::Project project;
  // The fields it renames: their values in the open scene follow them,
  // whether or not the project records the old name.
  std::vector<FieldRename> renames = {};
};

// The edits the Project Settings window makes. Each takes the project as it
// is and returns it changed; a request that names no such component or field,
// or a name already taken, throws ActionError saying so. Whether the result
// is a valid project is ProjectEditor's check.
namespace project_edits {

// A new component type with no fields.
ProjectChange AddComponent(const serialization::Project& project, const std::string& name);
// Its values in open scenes are kept as unknown data.
ProjectChange RemoveComponent(const serialization::Project& project, const std::string& component);
ProjectChange SetDescription(const serialization::Project& project, const std::string& component,
                             std::string description);
ProjectChange SetCategory(const serialization::Project& project, const std::string& component, std::string category);
ProjectChange SetUiAccessible(const serialization::Project& project, const std::string& component, bool accessible);

// A field of the given project type name ("color", "entity") named
// "new_field" (or "new_field_2", ...), appended.
ProjectChange AddField(const serialization::Project& project, const std::string& component,
                       std::string_view type_name);
ProjectChange RemoveField(const serialization::Project& project, const std::string& component, std::size_t field);
// Records the old name in previous_names, so scenes keep their values;
// not when `saved` (the project as its file holds it) is given and has no
// such field: a field added since the last save is renamed cleanly. The open
// scene's values follow the rename either way (ProjectChange::renames).
ProjectChange RenameField(const serialization::Project& project, const std::string& component, std::size_t field,
                          const std::string& name, const serialization::Project* saved = nullptr);
// Moves the field to `to` (0 = first).
ProjectChange MoveField(const serialization::Project& project, const std::string& component, std::size_t field,
                        std::size_t to);
// A new type; the default and the hints the new type cannot have are reset.
ProjectChange SetFieldType(const serialization::Project& project, const std::string& component, std::size_t field,
                           std::string_view type_name);
ProjectChange SetFieldDefault(const serialization::Project& project, const std::string& component, std::size_t field,
                              ecs::PlainValue value);
ProjectChange SetFieldHints(const serialization::Project& project, const std::string& component, std::size_t field,
                            ecs::FieldHints hints);
ProjectChange SetEnumValues(const serialization::Project& project, const std::string& component, std::size_t field,
                            std::vector<std::string> values);

}  // namespace project_edits

class ProjectEditor {
 public:
  explicit ProjectEditor(EditorContext& context);

  // The session's project; null when it has none.
  const serialization::Project* Current() const;

  // Checks `change` and, when it is a valid project that the open scene
  // migrates to, makes it the session's project as one step of the undo
  // history. Returns the problems that refused it (empty: applied).
  std::vector<std::string> Apply(ProjectChange change);

  // The editor's history: the next step may be a scene edit.
  bool CanUndo() const;
  bool CanRedo() const;
  std::string UndoName() const;
  std::string RedoName() const;
  // Undo or redo the next step now; return the problems that kept it from
  // being undone or redone.
  std::vector<std::string> Undo();
  std::vector<std::string> Redo();

  // Goes back to the project as its file was last read or saved, and the
  // scene follows. When the steps on top of the history are the project's
  // changes since then, they are undone (the scene comes back exactly, and
  // Redo brings them back); otherwise one step changes the project back, the
  // scene migrating by the loader's rules (renamed fields' values follow).
  // Returns the problems.
  std::vector<std::string> Revert();

  // The project as its file was last read or saved; null when none.
  const serialization::Project* Saved() const { return saved_ ? &*saved_ : nullptr; }

  // The project differs from its file as last read or saved.
  bool IsDirty() const;
  // Writes the project to its file atomically (the previous file is left
  // whole when that fails). Returns the problem, or nullopt when saved.
  std::optional<std::string> Save();

  // Follows the session: when its project was replaced (Open Project, New
  // Project), what the file holds is the new project as read. Call once a
  // frame.
  void Sync();

 private:
  // Validates `project` and migrates the scene to it as the step `name`;
  // the problems, or empty.
  std::vector<std::string> ChangeTo(const serialization::Project& project, std::string name,
                                    std::vector<FieldRename> renames);

  EditorContext& context_;
  std::uint64_t seen_ = ~std::uint64_t{0};       // the session's ProjectGeneration this state belongs to
  std::string saved_text_;                         // the file's text as last read or saved
  std::optional<serialization::Project> saved_;    // the same, read
};

}  // namespace cairn::editor
