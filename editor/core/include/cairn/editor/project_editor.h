#pragma once
// Editing the session's game project: its component definitions change
// through named, undoable edits, each of which migrates the open scene
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
// Project edits have an undo history of their own (the Project Settings
// window's Undo and Redo): the scene's history holds world actions, a
// project edit changes the world's types. Undoing an edit migrates the scene
// back, by the same rules (a removed field's values, kept as unknown data,
// return to the field).

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cairn/ecs/plain_value.h"
#include "cairn/ecs/reflection.h"
#include "cairn/serialization/project.h"

namespace cairn::editor {

class EditorContext;

// A named change: the project as it is to become.
struct ProjectChange {
  std::string name;  // "Add field 'count' to Spawner"
  serialization::Project project;
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
// such field: a field added since the last save is renamed cleanly.
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
  // migrates to, makes it the session's project as one undoable edit.
  // Returns the problems that refused it (empty: applied).
  std::vector<std::string> Apply(ProjectChange change);

  bool CanUndo() const { return !undo_.empty(); }
  bool CanRedo() const { return !redo_.empty(); }
  std::string UndoName() const { return undo_.empty() ? std::string() : undo_.back().name; }
  std::string RedoName() const { return redo_.empty() ? std::string() : redo_.back().name; }
  // Return the problems that kept the edit from being undone or redone.
  std::vector<std::string> Undo();
  std::vector<std::string> Redo();

  // Goes back to the project as its file was last read or saved (the
  // scene migrates back) and forgets the edits. Returns the problems.
  std::vector<std::string> Revert();

  // The project as its file was last read or saved; null when none.
  const serialization::Project* Saved() const { return saved_ ? &*saved_ : nullptr; }

  // The project differs from its file as last read or saved.
  bool IsDirty() const;
  // Writes the project to its file atomically (the previous file is left
  // whole when that fails). Returns the problem, or nullopt when saved.
  std::optional<std::string> Save();

  // Follows the session: when its project was replaced (Open Project, New
  // Project), forgets the edits of the previous one. Call once a frame.
  void Sync();

 private:
  struct Entry {
    std::string name;
    serialization::Project before;
    serialization::Project after;
  };
  // Undo (from the undo stack to the redo stack) or redo (the other way).
  std::vector<std::string> Step(std::vector<Entry>& from, std::vector<Entry>& to, bool undo);
  // Validates and migrates to `project`; the problems, or empty.
  std::vector<std::string> ChangeTo(const serialization::Project& project);

  EditorContext& context_;
  const serialization::Project* seen_ = nullptr;  // the session's project this history belongs to
  std::string saved_text_;                         // the file's text as last read or saved
  std::optional<serialization::Project> saved_;    // the same, read
  std::vector<Entry> undo_;
  std::vector<Entry> redo_;
};

}  // namespace cairn::editor
