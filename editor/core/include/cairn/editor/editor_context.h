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
// The frames of one drag (actions enqueued with the same merge key) are
// journaled once: the newest waits in memory and is written when the run
// ends (EndMerge, another action, an undo or redo) or has waited
// kMergedJournalDelay seconds (RetryJournal's clock), so the UI thread does
// not sync the disk every frame; a crash during a drag loses at most the
// drag in progress (each action of a run sets the same things to absolute
// values, so the newest stands for the run).
//
// A journal that cannot be written (a full disk) never stops editing and
// never loses an action that is still in memory: the failure is reported once
// in the log and stays visible in GetJournalStatus (the editor shows it in a
// dialog); applied actions wait in memory, RetryJournal writes them all once
// the disk takes them again, and the log says so.
//
// Files are read and written by the serialization layer; the context is told
// the outcome: ReplaceWorld after New or Open, MarkSaved after a successful
// save, Recover to resume a crashed session from its journal.
//
// A session may work in a game project (serialization/project.h): its worlds
// then register the project's components after the built-ins, and its
// journals name the project, so that recovery reads them with the same types.
// A change of the project's definitions (ChangeProject) is a step of the same
// undo history as the scene's edits.
//
// Every history step remembers the selection before and after it: undo
// brings back the selection the step started from (undoing Delete selects
// the deleted entities again, undoing Duplicate the originals), redo the one
// it ended with.

#include <cstddef>
#include <cstdint>
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
#include "cairn/editor/module_session.h"
#include "cairn/editor/play_session.h"
#include "cairn/editor/retry_backoff.h"
#include "cairn/editor/selection.h"
#include "cairn/serialization/prefab.h"
#include "cairn/serialization/project.h"
#include "cairn/serialization/scene_loader.h"

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
  // The system calls the journal writes through (tests simulate a full disk).
  JournalWriteCalls journal_writes = JournalWriteCalls::System();
  std::size_t history_limit = History::kDefaultLimit;
  // Where the asset paths of an untitled scene without a project file point
  // (the editor passes the built-in demo's folder); none: nowhere.
  std::optional<std::filesystem::path> untitled_asset_folder;
  // Which game modules this machine runs without asking (module_trust.h);
  // trust_modules (--trust-module): every one.
  std::filesystem::path module_trust_file = modules::DefaultTrustFile();
  bool trust_modules = false;
};

struct EnqueueOptions {
  // Consecutive actions with the same non-empty key merge into one undo step
  // (the frames of one drag); see History.
  std::string merge_key;
  // After it is applied, select the entities the action created.
  bool select_created = false;

  // Files the caller wrote for this action (ChangePrefabFile): recorded with
  // it as one history step, and written back should the action fail.
  std::vector<FileStep> files{};

  static EnqueueOptions Merging(std::string key) { return {std::move(key), false}; }
  static EnqueueOptions SelectingCreated() { return {std::string(), true}; }
};

// What one Flush did.
struct FlushResult {
  std::size_t applied = 0;          // actions, undos and redos that took effect
  std::vector<std::string> errors;  // one per failed action, undo or redo (also in the log)

  bool Succeeded() const { return errors.empty(); }
};

// A field a project change renames: Gate.locks -> Gate.lock_count.
struct FieldRename {
  std::string component;
  std::string from;
  std::string to;
};

// How ChangeProject records and migrates a change.
struct ProjectChangeOptions {
  // The undo step's name ("Rename field 'locks' of Gate to 'lock_count'").
  std::string name = "Change the project";
  // Fields the change renames. The open scene's values follow them even
  // where the project records no previous name (a field added since the
  // project was last saved is renamed without one).
  std::vector<FieldRename> renames;
};

// What ChangeProject did.
struct ProjectChangeResult {
  bool applied = false;  // the project and the migrated world are the session's
  // What the migration found, each naming the entity ("entity 3f2a9c0d41be7e10
  // (Door): Spawner: missing field \"count\": it takes its default ..."):
  // any error refused the change.
  std::vector<std::string> errors;
  std::vector<std::string> warnings;

  bool Succeeded() const { return applied; }
};

// What Recover did.
struct RecoveryResult {
  std::size_t replayed = 0;  // journal actions applied
  // The entries that could not be read or applied again (Describe of each
  // JournalProblem, a torn last line aside: it is a warning), and the
  // journal's own errors.
  std::vector<std::string> errors;
  // Where the journal as it was went when some of its entries could not be
  // recovered (Journal::KeepAside): the rewritten journal holds only the
  // replayed actions, the original keeps the others.
  std::optional<std::filesystem::path> kept_aside;

  bool Succeeded() const { return errors.empty(); }
};

// The crash journal's health, for the dialog that warns when it cannot be written.
struct JournalStatus {
  // While the journal cannot be written: why (the file and the system's reason).
  std::optional<std::string> failure;
  // Applied actions waiting in memory to be written.
  std::size_t unwritten = 0;
  // The failures so far in this session; each lasts until a write succeeds.
  std::size_t failure_count = 0;
};

class EditorContext {
 public:
  // Starts with a new, untitled scene (an empty world from the factory).
  explicit EditorContext(EditorOptions options = {});
  ~EditorContext();
  EditorContext(const EditorContext&) = delete;
  EditorContext& operator=(const EditorContext&) = delete;

  // ---- The scene --------------------------------------------------------------

  // The world the panels show: the edited scene's, or while playing the play
  // session's (edits are refused then; see StartPlay).
  ecs::Coordinator& World() { return play_ ? play_->World() : *world_; }
  const ecs::Coordinator& World() const { return play_ ? play_->World() : *world_; }
  // The edited scene's world, also while playing (saving, the journal).
  ecs::Coordinator& EditedWorld() { return *world_; }
  const ecs::Coordinator& EditedWorld() const { return *world_; }

  // ---- Play mode ----
  // Starts playing: the scene is copied into a PlaySession whose world World()
  // returns until StopPlay. While playing, Enqueue, Undo and Redo are refused
  // with a Console warning, so nothing done in play reaches the scene, its
  // history, its journal or its file; replacing the scene, changing the
  // project or saving stops play first. Returns false, with the reason in the
  // Console, when the scene cannot be copied. Does nothing while playing.
  bool StartPlay();
  // Throws the play world away: World() is the edited scene again, exactly as
  // it was (ids, values, selection, history). Does nothing when not playing.
  void StopPlay();
  bool IsPlaying() const { return play_ != nullptr; }
  PlaySession* Play() { return play_.get(); }
  // Once a frame while playing: runs the steps `seconds` of frame time holds.
  // A system's exception stops play and is logged as an error; it is returned.
  std::optional<std::string> AdvancePlay(double seconds);
  // One step (the toolbar's Step, usually while paused); as AdvancePlay.
  std::optional<std::string> StepPlay();

  // ---- The game module (docs/game-modules.md) ----
  // The project's module: Play runs its systems with the built-in ones,
  // reading the project's components as its C++ types. See ModuleSession for
  // trust, rebuilds and refusals.
  ModuleSession& Modules() { return modules_; }
  const ModuleSession& Modules() const { return modules_; }
  // Once a frame: a rebuilt module file is loaded (ModuleSession::Refresh);
  // while playing, the play world keeps its entities and values and runs
  // the new module's systems from the next step. Returns true when a new
  // module runs.
  bool RefreshModule(double now);
  // How Play reads the scene: SceneLoadOptions, with the running module's
  // registration when one runs.
  serialization::LoadOptions PlayLoadOptions() const;

  // nullopt while the scene is untitled.
  const std::optional<std::filesystem::path>& ScenePath() const { return scene_path_; }
  // The file name, or "Untitled"; with " *" appended when there are unsaved changes.
  std::string Title() const;
  bool IsDirty() const { return history_.IsDirty(); }

  // File > New: an empty world (CreateWorld), untitled.
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

  // ---- The project -------------------------------------------------------------

  // The session's game project; null: none (the built-in components only).
  const std::shared_ptr<const serialization::Project>& Project() const { return project_; }
  // The folder the scene's asset paths are relative to: the project file's
  // folder, else the scene file's (serialization::AssetFolderFor), else
  // EditorOptions::untitled_asset_folder.
  std::optional<std::filesystem::path> AssetFolder() const;
  // Makes `project` (null: none) the session's project for the worlds made
  // and the journals started from now on. The open world keeps its types:
  // replace it next (ReplaceWorld, NewScene, Recover).
  void SetProject(std::shared_ptr<const serialization::Project> project);
  // Changes each time SetProject gives the session a project (Open Project,
  // New Project, a scene of another project), never when ChangeProject or
  // an undo or redo of one changes its definitions: what the project file
  // was last read as is known from the last SetProject on (ProjectEditor).
  std::uint64_t ProjectGeneration() const { return project_generation_; }
  // An empty world for this session: the factory's, plus the project's
  // components. Throws ecs::ComponentRegistrationError naming the component
  // when the project's types cannot be registered on it.
  std::unique_ptr<ecs::Coordinator> CreateWorld() const;
  // How this session loads scenes: the built-in components, then the
  // project's; prefab instances through Prefabs().
  serialization::LoadOptions SceneLoadOptions() const;
  // The prefab files of AssetFolder() (serialization/prefab.h), kept loaded
  // while the folder and the project stay; null when the scene has no
  // folder. Saving, loading and the prefab actions go through it.
  serialization::PrefabLibrary* Prefabs() const;
  // Brings the open scene's prefab instances up to date when a prefab file
  // they come from changed on disk (saved by another window or tool): the
  // scene written against the prefabs as they were loaded, read back against
  // the files as they are now, the difference queued as one action "Update
  // instances of prefabs/lamp.scene" (undoable; instances keep their own
  // changes). Looks at the files at most once every kPrefabCheckInterval
  // seconds of `now` (a steady clock); not while playing. Returns whether it
  // queued an update.
  bool RefreshPrefabInstances(double now);
  static constexpr double kPrefabCheckInterval = 1.0;
  // Writes a prefab file's new bytes (Apply to Prefab) as one step of the
  // undo history, together with what follows in the open scene: its
  // instances brought up to date as RefreshPrefabInstances does. Applies the
  // pending requests first and the step at once. Undo writes the file's old
  // bytes back and restores the scene; neither undo nor redo overwrites a
  // file that changed on disk since. Throws EditorError, having written
  // nothing and changed nothing, when the file cannot be written or the
  // scene cannot use the changed prefab.
  void ChangePrefabFile(FileStep file, std::string name);
  // The same for another folder and project (a scene about to be opened);
  // it becomes the one Prefabs() returns when they match.
  serialization::PrefabLibrary& PrefabsFor(const std::filesystem::path& folder,
                                           const std::shared_ptr<const serialization::Project>& project) const;
  // Changes the project's definitions while a scene is open (the Project
  // Settings window), as one step of the undo history: applies pending
  // requests, then migrates the open scene to `project` by the loader's own
  // rules, by saving it in memory and reading it back with the new types
  // (docs/project-format.md, "Changing a definition"): a new field takes its
  // default, a renamed field keeps its value (options.renames: also one the
  // project records no previous name for), a removed field or component is
  // kept as unknown data (written back on save), a changed field type
  // converts where that keeps the meaning. A value that cannot convert is an
  // error and refuses the whole change: project, world and history stay as
  // they were.
  //
  // Entity ids, the selection and the scene's path are kept, and so is the
  // history: undoing the step brings back the previous project and the world
  // exactly as it was (read back from its own text with its own types, so
  // saving it writes the same bytes, and the steps recorded before it apply
  // to it as they did), redo runs the same migration again. The scene is
  // dirty after a step that changed it as it would be saved (not after a
  // description or a limit). The journal starts again from a snapshot of
  // the scene (see RestartJournal in editor_context.cpp for what recovery
  // then does).
  ProjectChangeResult ChangeProject(std::shared_ptr<const serialization::Project> project,
                                    ProjectChangeOptions options = {});

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
  // through the history (each restores the selection of its step).
  // Successful actions are recorded, with the selection before and after
  // them, and journaled; the selection is pruned of entities that no longer
  // exist.
  FlushResult Flush();

  // ---- Crash recovery -----------------------------------------------------------

  // Resumes a crashed session: `saved` is the scene loaded from `scene_path`
  // (nullopt and an empty world for an untitled scene). Checks that the
  // journal applies to that file as it is now — throws JournalError naming the
  // mismatch, leaving this context untouched, when it does not — then replaces
  // the world and replays the journal's actions through the queue. The
  // replayed actions are in the history (undoable), so the scene is dirty; the
  // journal file is rewritten with exactly the actions that applied, and
  // editing continues to append to it. Every entry that could not be read or
  // applied again is in the result, by entry number, and the journal as it
  // was is then first kept aside (RecoveryResult::kept_aside): nothing it held
  // is deleted.
  RecoveryResult Recover(std::unique_ptr<ecs::Coordinator> saved, std::optional<std::filesystem::path> scene_path,
                         const JournalContents& journal);
  // Removes this session's journal file (quitting after "Don't Save").
  void DiscardJournal();

  // While the journal cannot be written, tries again when due: first
  // kJournalFirstRetry seconds after the failure, then at doubling intervals
  // up to kJournalLongestRetry. `now` is in seconds on a steady clock (the UI
  // passes its frame time). When a try succeeds, every waiting action is on
  // disk and the log says so. Cheap when nothing failed: call it every frame.
  void RetryJournal(double now);
  JournalStatus GetJournalStatus() const;
  // How long the newest frame of a drag may wait unjournaled.
  static constexpr double kMergedJournalDelay = 1.0;
  static constexpr double kJournalFirstRetry = 1.0;
  static constexpr double kJournalLongestRetry = 8.0;

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
  // True (with one Console warning per play) when `what` must wait for Stop.
  bool RefusedWhilePlaying(std::string_view what);
  // At Play: the Console names the components no system reads, and why.
  void TellUnplayedComponents();
  // A system's failure ("DoorSystem: ..."), saying which module the system
  // comes from when it is the running module's.
  std::string WithModule(const std::string& failure) const;
  struct ActionRequest {
    ecs::Action action;
    EnqueueOptions options;
  };
  enum class HistoryRequest { kUndo, kRedo, kEndMerge };
  using Request = std::variant<ActionRequest, HistoryRequest>;

  void ApplyActions(std::vector<ActionRequest>& batch, FlushResult& result);
  void ApplyHistoryRequest(HistoryRequest request, FlushResult& result);

  // ---- Project steps (ChangeProject, and their undo and redo) ----
  // The open scene as `scene` (written by a world of the current project)
  // read into `project`'s types, through `read_as` (the project with the
  // change's renames as previous names; null: `project` itself). Problems
  // are described by entity; on any error there is no world.
  struct Migration {
    std::unique_ptr<ecs::Coordinator> world;
    std::vector<std::string> errors;
    std::vector<std::string> warnings;
  };
  Migration Migrate(const std::string& scene, const std::shared_ptr<const serialization::Project>& project,
                    const std::shared_ptr<const serialization::Project>& read_as) const;
  // Undo or redo of a project step; throws EditorError, changing nothing,
  // when its world cannot be made.
  void ApplyProjectStep(const ProjectStep& step, bool undo, const std::string& name);
  // Makes `world`, registered with `project`, the scene's world.
  void InstallProjectWorld(std::shared_ptr<const serialization::Project> project,
                           std::unique_ptr<ecs::Coordinator> world, const std::string& step);
  // After a project step: the journal again, from a snapshot of the scene.
  void RestartJournal(const std::string& step);
  // Applies an undo or redo's action through the queue and journals it under
  // `journal_name` ("Undo Rename 'Barrel'": what a recovery lists); throws
  // CommandError. The action goes through the queue and comes back as it
  // was, its name the step's (History::ApplyFn).
  ecs::Action ApplyNow(ecs::Action& action, const std::string& journal_name);
  // A history step's file, to its `before` side (undo) or its `after` side
  // (History::FileFn); the prefabs are read again afterwards.
  void WriteFileStep(const FileStep& file, bool undo);
  // What brings the open scene's instances to the prefab files as they are
  // now, from `scene` (the scene written against the prefabs as loaded);
  // nullopt, with the loader's first error in `reason`, when the scene cannot
  // be read back.
  std::optional<ecs::Action> InstancesFollowingPrefabs(const std::string& scene, std::string name,
                                                       std::string& reason) const;
  // Appends to the journal (or, while replaying a recovery, collects),
  // after the waiting frame of a drag, if any.
  void JournalApplied(const ecs::Action& applied);
  // A frame of a drag: it replaces the waiting one, and waits in its place.
  void JournalMerged(const ecs::Action& applied, const std::string& merge_key);
  // Writes the waiting frame of a drag, if any.
  void JournalWaitingMerge();
  void WriteJournal(const ecs::Action& applied);
  void JournalFailed(const std::string& error);
  // After a replay: the journal holds exactly the replayed actions; one with
  // entries that were not recovered is kept aside first.
  void RewriteRecoveredJournal(const std::vector<ecs::Action>& replayed, std::size_t unrecovered,
                               RecoveryResult& result);
  void StartJournal();

  EditorOptions options_;
  std::shared_ptr<const serialization::Project> project_;
  std::uint64_t project_generation_ = 0;
  // The prefab library of one folder and project (a cache: see Prefabs()).
  mutable std::unique_ptr<serialization::PrefabLibrary> prefabs_;
  mutable std::filesystem::path prefabs_folder_;
  mutable std::shared_ptr<const serialization::Project> prefabs_project_;
  double next_prefab_check_ = 0.0;
  std::unique_ptr<ecs::Coordinator> world_;
  std::unique_ptr<PlaySession> play_;
  bool play_edit_warned_ = false;  // the "stop to edit" warning, once per play
  std::optional<std::filesystem::path> scene_path_;
  ecs::CommandQueue queue_;
  std::vector<Request> pending_;
  History history_;
  Selection selection_;
  Clipboard clipboard_;
  MessageLog log_;
  ModuleSession modules_;  // after log_, which it writes to
  Journal journal_;
  RetryBackoff journal_retry_{kJournalFirstRetry, kJournalLongestRetry};  // failing while it is Failing()
  std::size_t journal_failures_ = 0;
  std::vector<ecs::Action>* replay_log_ = nullptr;  // set while Recover replays
  // The journal takes nothing until the next start (a project step left a
  // scene file that cannot be read with the new types: see RestartJournal).
  bool journal_suspended_ = false;
  // The newest applied frame of the current drag, not journaled yet.
  std::optional<ecs::Action> waiting_merge_;
  std::string waiting_merge_key_;
  double waiting_since_ = 0.0;  // RetryJournal's clock when it started waiting
  double clock_ = 0.0;          // the latest time RetryJournal was given
};

}  // namespace cairn::editor
