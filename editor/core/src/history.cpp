#include "cairn/editor/history.h"

#include <utility>

namespace cairn::editor {

void History::ClearRedo() {
  for (const HistoryEntry& entry : redo_) {
    if (entry.serial == saved_serial_) saved_serial_ = kUnreachable;
  }
  redo_.clear();
}

void History::Record(ecs::Action applied, ecs::Action inverse, std::string merge_key) {
  if (applied.commands.empty()) return;
  ClearRedo();
  const bool merge = merge_open_ && !merge_key.empty() && !undo_.empty() && undo_.back().merge_key == merge_key &&
                     undo_.back().serial != saved_serial_;
  if (merge) {
    // Keep the first inverse (it restores the state before the run) and the
    // newest forward action; the state is new, so it gets a new serial.
    HistoryEntry& top = undo_.back();
    top.redo = std::move(applied);
    top.serial = next_serial_++;
    return;
  }
  undo_.push_back({std::move(applied), std::move(inverse), merge_key, next_serial_++});
  merge_open_ = !merge_key.empty();
  if (limit_ != 0 && undo_.size() > limit_) {
    base_serial_ = undo_.front().serial;
    undo_.pop_front();
  }
}

bool History::Undo(const ApplyFn& apply) {
  if (undo_.empty()) return false;
  HistoryEntry& top = undo_.back();
  ecs::Action redo = apply(top.undo);  // may throw: nothing changed then
  HistoryEntry entry = std::move(top);
  undo_.pop_back();
  entry.redo = std::move(redo);
  redo_.push_back(std::move(entry));
  merge_open_ = false;
  return true;
}

bool History::Redo(const ApplyFn& apply) {
  if (redo_.empty()) return false;
  HistoryEntry& top = redo_.back();
  ecs::Action undo = apply(top.redo);
  HistoryEntry entry = std::move(top);
  redo_.pop_back();
  entry.undo = std::move(undo);
  undo_.push_back(std::move(entry));
  merge_open_ = false;
  return true;
}

std::string History::UndoMenuLabel() const { return undo_.empty() ? "Undo" : "Undo " + UndoName(); }

std::string History::RedoMenuLabel() const { return redo_.empty() ? "Redo" : "Redo " + RedoName(); }

void History::Clear() {
  undo_.clear();
  redo_.clear();
  base_serial_ = next_serial_++;
  saved_serial_ = base_serial_;
  merge_open_ = false;
}

}  // namespace cairn::editor
