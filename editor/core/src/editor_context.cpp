#include "cairn/editor/editor_context.h"

#include <utility>

#include "cairn/ecs/builtin_components.h"
#include "cairn/editor/actions.h"
#include "cairn/editor/editor_errors.h"

namespace cairn::editor {

std::unique_ptr<ecs::Coordinator> CreateBuiltinWorld() {
  auto world = std::make_unique<ecs::Coordinator>();
  ecs::RegisterBuiltinComponents(*world);
  return world;
}

EditorContext::EditorContext(EditorOptions options)
    : options_(std::move(options)), world_(options_.world_factory()), history_(options_.history_limit) {
  StartJournal();
}

EditorContext::~EditorContext() = default;

// ---- The scene ------------------------------------------------------------------

std::string EditorContext::Title() const {
  std::string title = scene_path_ ? scene_path_->filename().string() : std::string("Untitled");
  if (IsDirty()) title += " *";
  return title;
}

void EditorContext::NewScene() { ReplaceWorld(options_.world_factory(), std::nullopt); }

void EditorContext::ReplaceWorld(std::unique_ptr<ecs::Coordinator> world,
                                 std::optional<std::filesystem::path> scene_path) {
  if (world == nullptr) throw EditorError("cannot replace the world with no world");
  pending_.clear();
  queue_.Clear();
  DiscardJournal();
  history_.Clear();
  selection_.Clear();
  world_ = std::move(world);
  scene_path_ = std::move(scene_path);
  clipboard_.DropDanglingReferences(*world_);
  journal_failing_ = false;
  StartJournal();
}

void EditorContext::MarkSaved(const std::filesystem::path& path) {
  history_.MarkSaved();
  DiscardJournal();
  scene_path_ = path;
  if (options_.journaling) {
    // Any journal still beside the file applies to what the save replaced.
    try {
      Journal::Remove(JournalPathFor(scene_path_, options_.untitled_journal_directory));
    } catch (const JournalError& error) {
      log_.Warning(error.what());
    }
  }
  journal_failing_ = false;
  StartJournal();
}

void EditorContext::StartJournal() {
  if (!options_.journaling) return;
  journal_.Start(JournalPathFor(scene_path_, options_.untitled_journal_directory), JournalHeaderFor(scene_path_));
}

void EditorContext::DiscardJournal() {
  try {
    journal_.Discard();
  } catch (const JournalError& error) {
    log_.Warning(error.what());
  }
}

// ---- Requests ---------------------------------------------------------------------

void EditorContext::Enqueue(ecs::Action action, EnqueueOptions options) {
  pending_.emplace_back(ActionRequest{std::move(action), std::move(options)});
}

void EditorContext::Undo() { pending_.emplace_back(HistoryRequest::kUndo); }

void EditorContext::Redo() { pending_.emplace_back(HistoryRequest::kRedo); }

void EditorContext::EndMerge() { pending_.emplace_back(HistoryRequest::kEndMerge); }

FlushResult EditorContext::Flush() {
  FlushResult result;
  // Requests made while flushing (by event handlers) wait for the next Flush.
  std::vector<Request> requests;
  requests.swap(pending_);
  std::vector<ActionRequest> batch;
  for (Request& request : requests) {
    if (auto* action = std::get_if<ActionRequest>(&request)) {
      batch.push_back(std::move(*action));
      continue;
    }
    ApplyActions(batch, result);
    ApplyHistoryRequest(std::get<HistoryRequest>(request), result);
  }
  ApplyActions(batch, result);
  selection_.Prune(*world_);
  return result;
}

void EditorContext::ApplyActions(std::vector<ActionRequest>& batch, FlushResult& result) {
  if (batch.empty()) return;
  for (ActionRequest& request : batch) queue_.Enqueue(std::move(request.action));
  std::vector<ecs::ActionResult> applied = queue_.Flush(*world_);
  for (std::size_t i = 0; i < applied.size(); ++i) {
    ecs::ActionResult& outcome = applied[i];
    if (!outcome.Succeeded()) {
      log_.Error(*outcome.error);
      result.errors.push_back(std::move(*outcome.error));
      continue;
    }
    if (outcome.action.commands.empty()) continue;
    ++result.applied;
    JournalApplied(outcome.action);
    if (batch[i].options.select_created) {
      const std::vector<ecs::EntityId> created = actions::CreatedEntities(outcome.action);
      if (!created.empty()) selection_.SelectAll(created);
    }
    history_.Record(std::move(outcome.action), std::move(outcome.inverse), std::move(batch[i].options.merge_key));
  }
  batch.clear();
}

void EditorContext::ApplyHistoryRequest(HistoryRequest request, FlushResult& result) {
  if (request == HistoryRequest::kEndMerge) {
    history_.EndMerge();
    return;
  }
  const bool undo = request == HistoryRequest::kUndo;
  const std::string name = undo ? history_.UndoName() : history_.RedoName();
  const auto apply = [this](const ecs::Action& action) { return ApplyNow(action); };
  try {
    if (undo ? history_.Undo(apply) : history_.Redo(apply)) ++result.applied;
  } catch (const std::exception& error) {
    std::string message = std::string(undo ? "cannot undo '" : "cannot redo '") + name + "': " + error.what();
    log_.Error(message);
    result.errors.push_back(std::move(message));
  }
}

ecs::Action EditorContext::ApplyNow(const ecs::Action& action) {
  queue_.Enqueue(action);
  std::vector<ecs::ActionResult> applied = queue_.Flush(*world_);
  ecs::ActionResult& outcome = applied.front();
  if (!outcome.Succeeded()) throw ecs::CommandError(*outcome.error);
  JournalApplied(outcome.action);
  return std::move(outcome.inverse);
}

void EditorContext::JournalApplied(const ecs::Action& applied) {
  if (replay_log_ != nullptr) {
    replay_log_->push_back(applied);
    return;
  }
  if (!options_.journaling) return;
  try {
    journal_.Append(applied);
    journal_failing_ = false;
  } catch (const JournalError& error) {
    if (!journal_failing_) log_.Error(std::string(error.what()) + " (crash recovery is off until it can be written)");
    journal_failing_ = true;
  }
}

// ---- Crash recovery ---------------------------------------------------------------------

RecoveryResult EditorContext::Recover(std::unique_ptr<ecs::Coordinator> saved,
                                      std::optional<std::filesystem::path> scene_path, const JournalContents& journal) {
  if (saved == nullptr) throw EditorError("cannot recover without the saved scene's world");
  if (const std::optional<std::string> mismatch = JournalMismatch(journal.header, scene_path)) {
    throw JournalError("cannot recover from the journal: " + *mismatch);
  }
  ReplaceWorld(std::move(saved), std::move(scene_path));

  RecoveryResult result;
  for (const std::string& warning : journal.warnings) log_.Warning(warning);
  for (const std::string& error : journal.errors) {
    log_.Error(error);
    result.errors.push_back(error);
  }
  std::vector<ecs::Action> replayed;
  replay_log_ = &replayed;
  for (const JournalEntry& entry : journal.entries) {
    Enqueue(entry.action);
    FlushResult step = Flush();
    for (std::string& error : step.errors) {
      result.errors.push_back("journal line " + std::to_string(entry.line) + ": " + error);
    }
  }
  replay_log_ = nullptr;
  result.replayed = replayed.size();

  if (options_.journaling) {
    try {
      if (replayed.empty()) {
        journal_.Discard();
        Journal::Remove(journal_.Path());
      } else {
        journal_.Rewrite(replayed);
      }
    } catch (const JournalError& error) {
      log_.Error(error.what());
      result.errors.push_back(error.what());
    }
  }
  log_.Info("recovered " + std::to_string(result.replayed) + " of " + std::to_string(journal.entries.size()) +
            " journaled actions" +
            (result.errors.empty() ? "" : " (" + std::to_string(result.errors.size()) + " problems)"));
  return result;
}

}  // namespace cairn::editor
