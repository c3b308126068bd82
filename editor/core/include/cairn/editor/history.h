#pragma once
// The editor's one undo history: scene edits and project definition changes
// are steps of the same two stacks.
//
// A scene step holds the action that re-does it and the action that undoes
// it; both are applied through the caller's apply function (the editor
// passes its command queue, so undo and redo take the same path as any edit
// and reach the journal). Applying one returns its inverse, which refreshes
// the entry, so an entry always holds exact values of the world it will be
// applied to.
//
// A project step (ProjectStep) changes the session's game project, and so
// the types of the world: it is applied through the caller's project
// function, which brings back the world of the other side exactly. Scene
// steps recorded before it stay valid across it: undoing it restores the
// world they were recorded against, registered from the same definitions.
// Their values find their types in it as in any world, by name and type
// identity (ComponentInfo::type_index), and a project type's identity is
// its layout's shape (ecs::RuntimeTypeIndex): the same definitions
// registered again have the same identities and layouts, so the values of
// the old registration apply to the new one.
//
// A scene step may also change files beside the scene (FileStep: Apply to
// Prefab writes the prefab). Undo writes each file's old bytes back before
// applying the undo action, redo its new bytes before the redo action, both
// through the caller's file function; a file that changed on disk since is
// not overwritten (the function refuses, and the step stays where it is).
//
// Every step remembers the selection before and after it (SelectionState);
// the caller restores the one Undo or Redo leaves it at (UndoneSelection,
// RedoneSelection).
//
// Merging: consecutive actions recorded with the same non-empty merge key
// (the frames of one field drag) collapse into one entry, whose undo is the
// first action's inverse and whose redo restores the last action's result.
// A merge key therefore promises that every action of the run sets the same
// things to absolute values. EndMerge (mouse released), an undo, a redo or a
// project step closes the run; an entry that is the saved state is never
// merged into, so undoing back to the save stays possible.
//
// Saved state: every entry has a serial number and the scene's state is
// named by the serial of the top undo entry (or of the base, when the stack
// is empty). IsDirty compares it with the serial marked saved; when the
// saved state can no longer be reached (its entry was dropped from the redo
// stack by a new action) the history stays dirty until the next MarkSaved. A
// project step that leaves the scene as it would be saved (a description, a
// category, a field's limits) names the same state as the step before it:
// it does not make the scene dirty.

#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "cairn/ecs/command.h"
#include "cairn/editor/file_step.h"
#include "cairn/editor/selection.h"
#include "cairn/serialization/project.h"

namespace cairn::editor {

// One change of the session's game project, as a history step: the project
// before and after it, and what brings the open scene back exactly on
// either side (EditorContext::ChangeProject makes these).
struct ProjectStep {
  std::shared_ptr<const serialization::Project> before;  // null: no project
  std::shared_ptr<const serialization::Project> after;   // null: no project
  // How the scene is read into `after`'s types: `after` itself, or `after`
  // with the fields this change renamed also knowing their old names, so
  // that their values follow even where the project records no previous
  // name (a field added since the project was last saved).
  std::shared_ptr<const serialization::Project> read_as;
  // The scene as text, written by the world of `before`. Undo reads it back
  // with `before`'s types: the world as it was, byte for byte when saved.
  // Redo reads it with `read_as`: the same migration again, to the same
  // world (undo left the scene exactly as this text says).
  std::string scene_before;
};

struct HistoryEntry {
  // A scene step: applied by Redo (the action as it was applied). A project
  // step: no commands, only the step's name.
  ecs::Action redo;
  ecs::Action undo;  // a scene step: applied by Undo
  std::shared_ptr<const ProjectStep> project;  // set: a project step
  std::vector<FileStep> files;                 // a scene step's files, written before its action
  std::string merge_key;
  std::uint64_t serial = 0;  // names the scene's state right after this entry
  SelectionState selection_before;
  SelectionState selection_after;

  const std::string& Name() const { return redo.name; }
  bool IsProjectStep() const { return project != nullptr; }
};

class History {
 public:
  // Applies an action and returns its inverse; throws when it fails (after
  // rolling back), which leaves the history unchanged. The action is lent,
  // not copied (an undo of a big delete holds every deleted entity): the
  // function may move from it but gives it back as it was, applied or not.
  using ApplyFn = std::function<ecs::Action(ecs::Action&)>;
  // Applies a project step: back to its `before` side (undo) or forward to
  // its `after` side. Throws when it fails, having changed nothing, which
  // leaves the history unchanged.
  using ProjectFn = std::function<void(const ProjectStep& step, bool undo)>;
  // Writes a step's file: its `before` bytes (undo) or its `after` bytes.
  // Throws, having written nothing, when it cannot (the file no longer
  // holds the other side's bytes, or the write fails).
  using FileFn = std::function<void(const FileStep& file, bool undo)>;

  static constexpr std::size_t kDefaultLimit = 1000;

  // At most `limit` undo entries are kept (0: unlimited); past it the oldest
  // entry is forgotten and the state after it becomes the base.
  explicit History(std::size_t limit = kDefaultLimit) : limit_(limit) {}

  // Records an action that was applied, with its inverse and the selection
  // before and after it, and the files it changed (already written). Clears
  // the redo stack. An action without commands that changed no file changed
  // nothing and is not recorded; one with files is never merged.
  void Record(ecs::Action applied, ecs::Action inverse, std::string merge_key = {},
              SelectionState selection_before = {}, SelectionState selection_after = {},
              std::vector<FileStep> files = {});
  // Records a project step that was applied. Clears the redo stack and closes
  // a merge run. `scene_changed`: the scene, as it would be saved, differs
  // from before the step (otherwise the step names the same state).
  void RecordProjectStep(std::string name, std::shared_ptr<const ProjectStep> step, bool scene_changed,
                         SelectionState selection_before = {}, SelectionState selection_after = {});
  // Closes the current merge run: the next action starts a new entry.
  void EndMerge() { merge_open_ = false; }

  bool CanUndo() const { return !undo_.empty(); }
  bool CanRedo() const { return !redo_.empty(); }
  // Applies the top entry's undo (a scene step through `apply`, a project
  // step through `project`, its files through `files`) and moves the entry
  // to the redo stack. Returns false when there is nothing to undo; rethrows
  // (leaving both stacks, the world and the files as they were) when
  // applying fails. A project step without `project`, or a step with files
  // without `files`, throws EditorError.
  bool Undo(const ApplyFn& apply, const ProjectFn& project = {}, const FileFn& files = {});
  bool Redo(const ApplyFn& apply, const ProjectFn& project = {}, const FileFn& files = {});
  // The selection the last successful Undo or Redo leaves (the entry's
  // selection before it, or after it).
  const SelectionState& UndoneSelection() const { return redo_.back().selection_before; }
  const SelectionState& RedoneSelection() const { return undo_.back().selection_after; }

  // The step names for the Edit menu ("Rename 'Crate'"); empty when none.
  std::string UndoName() const { return undo_.empty() ? std::string() : undo_.back().Name(); }
  std::string RedoName() const { return redo_.empty() ? std::string() : redo_.back().Name(); }
  // "Undo Rename 'Crate'", or "Undo" when there is nothing to undo.
  std::string UndoMenuLabel() const;
  std::string RedoMenuLabel() const;

  std::size_t UndoCount() const { return undo_.size(); }
  std::size_t RedoCount() const { return redo_.size(); }
  // Oldest first; the back is the next to undo (redo stack: the next to redo).
  const std::deque<HistoryEntry>& UndoEntries() const { return undo_; }
  const std::vector<HistoryEntry>& RedoEntries() const { return redo_; }

  // The current state is what is saved on disk now.
  void MarkSaved() { saved_serial_ = CurrentSerial(); }
  // No state in this history matches the file (e.g. a recovered session).
  void MarkSavedStateUnreachable() { saved_serial_ = kUnreachable; }
  bool IsDirty() const { return CurrentSerial() != saved_serial_; }
  // Serial number of the current state (0 for a fresh history).
  std::uint64_t CurrentSerial() const { return undo_.empty() ? base_serial_ : undo_.back().serial; }

  // Forgets everything; the current state becomes the base and is clean.
  void Clear();

 private:
  static constexpr std::uint64_t kUnreachable = ~std::uint64_t{0};

  void ClearRedo();
  void Push(HistoryEntry entry);

  std::size_t limit_;
  std::deque<HistoryEntry> undo_;
  std::vector<HistoryEntry> redo_;
  std::uint64_t next_serial_ = 1;
  std::uint64_t base_serial_ = 0;
  std::uint64_t saved_serial_ = 0;
  bool merge_open_ = false;
};

}  // namespace cairn::editor
