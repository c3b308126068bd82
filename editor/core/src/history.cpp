#include "cairn/editor/history.h"

#include <algorithm>
#include <utility>

#include "cairn/editor/editor_errors.h"

namespace cairn::editor {

void History::ClearRedo() {
  const bool saved_dropped = std::any_of(redo_.begin(), redo_.end(),
                                         [this](const HistoryEntry& entry) { return entry.serial == saved_serial_; });
  redo_.clear();
  if (!saved_dropped) return;
  // A project step that changed nothing in the scene shares its serial with
  // the state before it, which may still be on the undo path.
  const bool reachable = saved_serial_ == base_serial_ ||
                         std::any_of(undo_.begin(), undo_.end(),
                                     [this](const HistoryEntry& entry) { return entry.serial == saved_serial_; });
  if (!reachable) saved_serial_ = kUnreachable;
}

void History::Push(HistoryEntry entry) {
  undo_.push_back(std::move(entry));
  if (limit_ != 0 && undo_.size() > limit_) {
    base_serial_ = undo_.front().serial;
    undo_.pop_front();
  }
}

void History::Record(ecs::Action applied, ecs::Action inverse, std::string merge_key, SelectionState selection_before,
                     SelectionState selection_after, std::vector<FileStep> files) {
  if (applied.commands.empty() && files.empty()) return;
  ClearRedo();
  if (!files.empty()) merge_key.clear();
  const bool merge = merge_open_ && !merge_key.empty() && !undo_.empty() && !undo_.back().IsProjectStep() &&
                     undo_.back().files.empty() && undo_.back().merge_key == merge_key &&
                     undo_.back().serial != saved_serial_;
  if (merge) {
    // Keep the first inverse (it restores the state before the run), its
    // selection before, and the newest forward action; the state is new, so
    // it gets a new serial.
    HistoryEntry& top = undo_.back();
    top.redo = std::move(applied);
    top.serial = next_serial_++;
    top.selection_after = std::move(selection_after);
    return;
  }
  merge_open_ = !merge_key.empty();
  HistoryEntry entry{std::move(applied),  std::move(inverse),         nullptr,
                     std::move(files),    std::move(merge_key),       next_serial_++,
                     std::move(selection_before), std::move(selection_after)};
  Push(std::move(entry));
}

void History::RecordProjectStep(std::string name, std::shared_ptr<const ProjectStep> step, bool scene_changed,
                                SelectionState selection_before, SelectionState selection_after) {
  if (step == nullptr) throw EditorError("cannot record the project step '" + name + "' without its step");
  ClearRedo();
  merge_open_ = false;
  const std::uint64_t serial = scene_changed ? next_serial_++ : CurrentSerial();
  HistoryEntry entry{ecs::Action{std::move(name), {}}, ecs::Action{}, std::move(step), {}, std::string(), serial,
                     std::move(selection_before), std::move(selection_after)};
  entry.undo.name = entry.redo.name;
  Push(std::move(entry));
}

namespace {

// Writes the entry's files to one side (in order; back to `before` in
// reverse order), then applies `action`. Whatever fails puts back what was
// done and rethrows.
ecs::Action ApplySceneStep(const HistoryEntry& entry, ecs::Action& action, bool undo,
                           const History::ApplyFn& apply, const History::FileFn& write) {
  if (entry.files.empty()) return apply(action);
  if (!write) {
    throw EditorError(std::string(undo ? "cannot undo '" : "cannot redo '") + entry.Name() + "': it changes files");
  }
  std::vector<const FileStep*> order;
  for (const FileStep& file : entry.files) order.push_back(&file);
  if (undo) std::reverse(order.begin(), order.end());
  std::size_t written = 0;
  try {
    for (; written < order.size(); ++written) write(*order[written], undo);
    return apply(action);
  } catch (...) {
    while (written > 0) write(*order[--written], !undo);  // what was written goes back
    throw;
  }
}

}  // namespace

bool History::Undo(const ApplyFn& apply, const ProjectFn& project, const FileFn& files) {
  if (undo_.empty()) return false;
  HistoryEntry& top = undo_.back();
  if (top.IsProjectStep()) {
    if (!project) throw EditorError("cannot undo '" + top.Name() + "': it changes the project");
    project(*top.project, true);  // may throw: nothing changed then
  } else {
    top.redo = ApplySceneStep(top, top.undo, true, apply, files);  // may throw: nothing changed then
  }
  redo_.push_back(std::move(top));
  undo_.pop_back();
  merge_open_ = false;
  return true;
}

bool History::Redo(const ApplyFn& apply, const ProjectFn& project, const FileFn& files) {
  if (redo_.empty()) return false;
  HistoryEntry& top = redo_.back();
  if (top.IsProjectStep()) {
    if (!project) throw EditorError("cannot redo '" + top.Name() + "': it changes the project");
    project(*top.project, false);
  } else {
    top.undo = ApplySceneStep(top, top.redo, false, apply, files);
  }
  undo_.push_back(std::move(top));
  redo_.pop_back();
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
