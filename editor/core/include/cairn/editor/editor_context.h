#pragma once
// The editing session of one scene: the world, the queue its edits wait in,
// the history of applied edits, the selection, the clipboard, the crash
// journal and the message log the Console shows.
//
// Panels never mutate the world. They enqueue actions (built by the action
// factory in actions.h) and request undo and redo; Flush, called at one point
// in the frame, applies them in request order through the command queue,
// records them in the history, appends what was applied to the journal, and
// reports failed actions in the log. Between Flushes the world only changes
// through systems (e.g. the TransformSystem's world matrices).
//
// Files are read and written by the serialization layer; the context is told
// the outcome: ReplaceWorld after New or Open, MarkSaved after a successful
// save, Recover to resume a crashed session from its journal.

#include <cstddef>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "cairn/ecs/command.h"
#include "cairn/ecs/command_queue.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/editor/clipboard.h"
#include "cairn/editor/history.h"
#include "cairn/editor/journal.h"
#include "cairn/editor/message_log.h"
#include "cairn/editor/selection.h"

namespace cairn::editor {

// A Coordinator with every built-in component and the TransformSystem.
std::unique_ptr<ecs::Coordinator> CreateBuiltinWorld();

struct EditorOptions {
  // Makes the worlds of New (and the base world of an untitled recovery).
  std::function<std::unique_ptr<ecs::Coordinator>()> world_factory = CreateBuiltinWorld;
  // Write the crash journal.
  bool journaling = true;
  // Where an untitled scene's journal lives.
  std::filesystem::path untitled_journal_directory = DefaultJournalDirectory();
  std::size_t history_limit = History::kDefaultLimit;
};

struct EnqueueOptions {
  // Consecutive actions with the same non-empty key merge into one undo step
  // (the frames of one drag); see History.
  std::string merge_key;
  // After it is applied, select the entities the action created.
  bool select_created = false;

  static EnqueueOptions Merging(std::string key) { return {std::move(key), false}; }
  static EnqueueOptions SelectingCreated() { return {std::string(), true}; }
};

// What one Flush did.
struct FlushResult {
  std::size_t applied = 0;          // actions, undos and redos that took effect
  std::vector<std::string> errors;  // one per failed action, undo or redo (also in the log)

  bool Succeeded() const { return errors.empty(); }
};

// What Recover did.
struct RecoveryResult {
  std::size_t replayed = 0;         // journal actions applied
  std::vector<std::string> errors;  // journal actions that failed, the journal's own errors

  bool Succeeded() const { return errors.empty(); }
};

class EditorContext {
 public:
  // Starts with a new, untitled scene (an empty world from the factory).
  explicit EditorContext(EditorOptions options = {});
  ~EditorContext();
  EditorContext(const EditorContext&) = delete;
  EditorContext& operator=(const EditorContext&) = delete;

  // ---- The scene --------------------------------------------------------------

  ecs::Coordinator& World() { return *world_; }
  const ecs::Coordinator& World() const { return *world_; }
  // nullopt while the scene is untitled.
  const std::optional<std::filesystem::path>& ScenePath() const { return scene_path_; }
  // The file name, or "Untitled"; with " *" appended when there are unsaved changes.
  std::string Title() const;
  bool IsDirty() const { return history_.IsDirty(); }

  // File > New: an empty world from the factory, untitled.
  void NewScene();
  // Replaces the world (after Open, or New with a custom world) and forgets
  // everything about the previous one: pending requests, history, selection,
  // and its journal (the user chose to leave it, so its changes are not
  // offered for recovery). The clipboard stays, minus references into the old
  // world (see Clipboard::DropDanglingReferences). The new scene is clean.
  // Throws EditorError for a null world.
  void ReplaceWorld(std::unique_ptr<ecs::Coordinator> world,
                    std::optional<std::filesystem::path> scene_path = std::nullopt);
  // After the scene was written to `path` (Save, Save As): the current state is
  // the saved one, the journal is removed (its changes are in the file) and the
  // next edit starts a new journal for the file as saved. Flush first.
  void MarkSaved(const std::filesystem::path& path);

  // ---- Edits -----------------------------------------------------------------

  // Queues an action for the next Flush.
  void Enqueue(ecs::Action action, EnqueueOptions options = {});
  // Ctrl+Z / Ctrl+Y: queued like actions, in request order.
  void Undo();
  void Redo();
  // Ends the current merge run (a drag was released); queued in request order.
  void EndMerge();
  bool HasPendingRequests() const { return !pending_.empty(); }
  std::size_t PendingRequestCount() const { return pending_.size(); }

  // Applies every pending request in order: actions through the command
  // queue (atomic: a failed action is rolled back and reported), undo and redo
  // through the history. Successful actions are recorded and journaled; the
  // selection is pruned of entities that no longer exist.
  FlushResult Flush();

  // ---- Crash recovery -----------------------------------------------------------

  // Resumes a crashed session: `saved` is the scene loaded from `scene_path`
  // (nullopt and an empty world for an untitled scene). Checks that the
  // journal applies to that file as it is now — throws JournalError naming the
  // mismatch, leaving this context untouched, when it does not — then replaces
  // the world and replays the journal's actions through the queue. The
  // replayed actions are in the history (undoable), so the scene is dirty; the
  // journal file is rewritten with exactly the actions that applied, and
  // editing continues to append to it.
  RecoveryResult Recover(std::unique_ptr<ecs::Coordinator> saved, std::optional<std::filesystem::path> scene_path,
                         const JournalContents& journal);
  // Removes this session's journal file (quitting after "Don't Save").
  void DiscardJournal();

  // ---- Parts --------------------------------------------------------------------

  History& GetHistory() { return history_; }
  const History& GetHistory() const { return history_; }
  Selection& GetSelection() { return selection_; }
  const Selection& GetSelection() const { return selection_; }
  Clipboard& GetClipboard() { return clipboard_; }
  const Clipboard& GetClipboard() const { return clipboard_; }
  MessageLog& Log() { return log_; }
  const MessageLog& Log() const { return log_; }
  const Journal& GetJournal() const { return journal_; }
  const EditorOptions& Options() const { return options_; }

 private:
  struct ActionRequest {
    ecs::Action action;
    EnqueueOptions options;
  };
  enum class HistoryRequest { kUndo, kRedo, kEndMerge };
  using Request = std::variant<ActionRequest, HistoryRequest>;

  void ApplyActions(std::vector<ActionRequest>& batch, FlushResult& result);
  void ApplyHistoryRequest(HistoryRequest request, FlushResult& result);
  // Applies one action through the queue and journals it; throws CommandError.
  ecs::Action ApplyNow(const ecs::Action& action);
  // Appends to the journal (or, while replaying a recovery, collects).
  void JournalApplied(const ecs::Action& applied);
  void StartJournal();

  EditorOptions options_;
  std::unique_ptr<ecs::Coordinator> world_;
  std::optional<std::filesystem::path> scene_path_;
  ecs::CommandQueue queue_;
  std::vector<Request> pending_;
  History history_;
  Selection selection_;
  Clipboard clipboard_;
  MessageLog log_;
  Journal journal_;
  bool journal_failing_ = false;                    // the last journal write failed (reported once)
  std::vector<ecs::Action>* replay_log_ = nullptr;  // set while Recover replays
};

}  // namespace cairn::editor
