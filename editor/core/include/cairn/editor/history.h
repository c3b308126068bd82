#pragma once
// Undo and redo stacks of applied actions.
//
// Each entry holds the action that re-does it and the action that undoes it;
// both are applied through the caller's apply function (the editor passes its
// command queue, so undo and redo take the same path as any edit and reach
// the journal). Applying one returns its inverse, which refreshes the entry,
// so an entry always holds exact values of the world it will be applied to.
//
// Merging: consecutive actions recorded with the same non-empty merge key
// (the frames of one field drag) collapse into one entry, whose undo is the
// first action's inverse and whose redo restores the last action's result.
// A merge key therefore promises that every action of the run sets the same
// things to absolute values. EndMerge (mouse released), an undo or a redo
// closes the run; an entry that is the saved state is never merged into, so
// undoing back to the save stays possible.
//
// Saved state: every entry has a serial number and the world state is named by
// the serial of the top undo entry (or of the base, when the stack is empty).
// IsDirty compares it with the serial marked saved; when the saved state can
// no longer be reached (its entry was dropped from the redo stack by a new
// action) the history stays dirty until the next MarkSaved.

#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <vector>

#include "cairn/ecs/command.h"

namespace cairn::editor {

struct HistoryEntry {
  ecs::Action redo;  // applied by Redo (the action as it was applied)
  ecs::Action undo;  // applied by Undo
  std::string merge_key;
  std::uint64_t serial = 0;  // names the world state right after this entry
};

class History {
 public:
  // Applies an action and returns its inverse; throws when it fails (after
  // rolling back), which leaves the history unchanged.
  using ApplyFn = std::function<ecs::Action(const ecs::Action&)>;

  static constexpr std::size_t kDefaultLimit = 1000;

  // At most `limit` undo entries are kept (0: unlimited); past it the oldest
  // entry is forgotten and the state after it becomes the base.
  explicit History(std::size_t limit = kDefaultLimit) : limit_(limit) {}

  // Records an action that was applied, with its inverse. Clears the redo
  // stack. An action without commands changed nothing and is not recorded.
  void Record(ecs::Action applied, ecs::Action inverse, std::string merge_key = {});
  // Closes the current merge run: the next action starts a new entry.
  void EndMerge() { merge_open_ = false; }

  bool CanUndo() const { return !undo_.empty(); }
  bool CanRedo() const { return !redo_.empty(); }
  // Applies the top entry's undo action through `apply` and moves the entry to
  // the redo stack. Returns false when there is nothing to undo; rethrows
  // (leaving both stacks as they were) when applying fails.
  bool Undo(const ApplyFn& apply);
  bool Redo(const ApplyFn& apply);

  // The action names for the Edit menu ("Rename 'Crate'"); empty when none.
  std::string UndoName() const { return undo_.empty() ? std::string() : undo_.back().redo.name; }
  std::string RedoName() const { return redo_.empty() ? std::string() : redo_.back().redo.name; }
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

  std::size_t limit_;
  std::deque<HistoryEntry> undo_;
  std::vector<HistoryEntry> redo_;
  std::uint64_t next_serial_ = 1;
  std::uint64_t base_serial_ = 0;
  std::uint64_t saved_serial_ = 0;
  bool merge_open_ = false;
};

}  // namespace cairn::editor
