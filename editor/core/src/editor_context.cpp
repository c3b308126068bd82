#include "cairn/editor/editor_context.h"

#include <algorithm>
#include <charconv>
#include <set>
#include <utility>

#include "cairn/assets/asset_index.h"
#include "cairn/ecs/builtin_components.h"
#include "cairn/editor/actions.h"
#include "cairn/editor/prefab_actions.h"
#include "cairn/editor/editor_errors.h"
#include "cairn/serialization/asset_folder.h"
#include "cairn/serialization/project_scenes.h"
#include "cairn/serialization/scene_writer.h"

namespace cairn::editor {

std::unique_ptr<ecs::Coordinator> CreateBuiltinWorld() {
  auto world = std::make_unique<ecs::Coordinator>();
  ecs::RegisterBuiltinComponents(*world);
  return world;
}

EditorContext::EditorContext(EditorOptions options)
    : options_(std::move(options)),
      world_(options_.world_factory()),
      history_(options_.history_limit),
      journal_(options_.journal_writes) {
  serialization::RegisterPrefabInstance(*world_);
  StartJournal();
}

EditorContext::~EditorContext() = default;

// ---- The scene ------------------------------------------------------------------

std::string EditorContext::Title() const {
  std::string title = scene_path_ ? scene_path_->filename().string() : std::string("Untitled");
  if (IsDirty()) title += " *";
  return title;
}

void EditorContext::NewScene() { ReplaceWorld(CreateWorld(), std::nullopt); }

// ---- The project ------------------------------------------------------------------

void EditorContext::SetProject(std::shared_ptr<const serialization::Project> project) { project_ = std::move(project); }

std::unique_ptr<ecs::Coordinator> EditorContext::CreateWorld() const {
  std::unique_ptr<ecs::Coordinator> world = options_.world_factory();
  if (project_) serialization::RegisterProjectComponents(*world, *project_);
  serialization::RegisterPrefabInstance(*world);
  return world;
}

std::optional<std::filesystem::path> EditorContext::AssetFolder() const {
  std::optional<std::filesystem::path> folder =
      serialization::AssetFolderFor(project_ ? project_->file : std::filesystem::path{}, scene_path_);
  return folder ? folder : options_.untitled_asset_folder;
}

serialization::LoadOptions EditorContext::SceneLoadOptions() const {
  serialization::LoadOptions options = serialization::ProjectSceneOptions(project_);
  options.prefabs = Prefabs();
  return options;
}

serialization::PrefabLibrary* EditorContext::Prefabs() const {
  const std::optional<std::filesystem::path> folder = AssetFolder();
  return folder ? &PrefabsFor(*folder, project_) : nullptr;
}

bool EditorContext::RefreshPrefabInstances(double now) {
  if (play_ != nullptr || now < next_prefab_check_) return false;
  next_prefab_check_ = now + kPrefabCheckInterval;
  serialization::PrefabLibrary* prefabs = Prefabs();
  if (prefabs == nullptr) return false;
  const std::vector<std::string> changed = prefabs->Changed();
  if (changed.empty()) return false;
  Flush();
  std::string text;
  try {
    const serialization::PrefabLibrary::Pin as_loaded(*prefabs);
    text = serialization::SaveSceneToString(*world_, ecs::PlainValue(), prefabs);
  } catch (const serialization::SaveError& error) {
    log_.Warning(std::string("cannot update the prefab instances: ") + error.what());
    return false;
  }
  std::string names;
  for (const std::string& key : changed) names += (names.empty() ? "" : ", ") + key;
  serialization::LoadResult updated = serialization::LoadScene(text, SceneLoadOptions());
  if (!updated.Ok()) {
    std::string reason;
    for (const serialization::Diagnostic& diagnostic : updated.diagnostics) {
      if (diagnostic.IsError()) {
        reason = diagnostic.ToString();
        break;
      }
    }
    log_.Warning(names + " changed on disk, but the scene's instances cannot use it: " + reason);
    return false;
  }
  ecs::Action action = actions::ChangesBetween(*world_, *updated.scene->world, "Update instances of " + names);
  if (action.commands.empty()) return false;
  Enqueue(std::move(action));
  log_.Info(names + " changed on disk: the instances in this scene follow (Undo takes this back)");
  return true;
}

serialization::PrefabLibrary& EditorContext::PrefabsFor(
    const std::filesystem::path& folder, const std::shared_ptr<const serialization::Project>& project) const {
  if (prefabs_ == nullptr || prefabs_folder_ != folder || prefabs_project_ != project) {
    prefabs_ = std::make_unique<serialization::PrefabLibrary>(folder, serialization::ProjectSceneOptions(project));
    // A prefab moved in the Assets panel is found through the asset index.
    prefabs_->SetMovedFiles([folder](const std::string& path) { return assets::MovedAssetPath(folder, path); });
    prefabs_folder_ = folder;
    prefabs_project_ = project;
  }
  return *prefabs_;
}

namespace {

// A loader diagnostic about the scene saved in memory, told by entity rather
// than by its index in that text ("/entities/4/components/Door/target" ->
// "entity 3f2a9c0d41be7e10 (Door): Door.target: ..."). `ids` are the world's
// entity ids in the order the writer puts them (sorted).
std::string DescribeMigrationProblem(const ecs::Coordinator& world, const std::vector<ecs::EntityId>& ids,
                                     const serialization::Diagnostic& diagnostic) {
  constexpr std::string_view kEntities = "/entities/";
  const std::string_view pointer = diagnostic.pointer;
  if (pointer.substr(0, kEntities.size()) != kEntities) return diagnostic.ToString();
  std::string_view rest = pointer.substr(kEntities.size());
  std::size_t index = 0;
  const auto [end, error] = std::from_chars(rest.data(), rest.data() + rest.size(), index);
  if (error != std::errc() || index >= ids.size()) return diagnostic.ToString();
  rest = rest.substr(static_cast<std::size_t>(end - rest.data()));
  std::string where = world.DescribeEntity(world.FindEntity(ids[index]));
  constexpr std::string_view kComponents = "/components/";
  if (rest.substr(0, kComponents.size()) == kComponents) {
    // Component and field, unescaped ("~1" -> "/", "~0" -> "~").
    std::string path;
    for (std::size_t i = kComponents.size(); i < rest.size(); ++i) {
      if (rest[i] == '/') {
        path += '.';
      } else if (rest[i] == '~' && i + 1 < rest.size()) {
        path += rest[++i] == '1' ? '/' : '~';
      } else {
        path += rest[i];
      }
    }
    where += ": " + path;
  }
  return where + ": " + diagnostic.message;
}

// The component names an action's commands hold values of or name.
void CollectComponentNames(const ecs::Action& action, std::set<std::string, std::less<>>& names) {
  for (const ecs::Command& command : action.commands) {
    std::visit(
        [&names](const auto& c) {
          using T = std::decay_t<decltype(c)>;
          if constexpr (std::is_same_v<T, ecs::AddComponentCommand> || std::is_same_v<T, ecs::SetComponentCommand>) {
            names.insert(c.value.Name());
          } else if constexpr (std::is_same_v<T, ecs::RemoveComponentCommand>) {
            names.insert(c.component);
          } else if constexpr (std::is_same_v<T, ecs::RestoreSubtreeCommand>) {
            for (const ecs::EntityRecord& record : c.records) {
              for (const ecs::ComponentValue& value : record.components) names.insert(value.Name());
            }
          }
        },
        command);
  }
}

}  // namespace

ProjectChangeResult EditorContext::ChangeProject(std::shared_ptr<const serialization::Project> project) {
  StopPlay();
  Flush();
  JournalWaitingMerge();  // written with the types it was applied with
  ProjectChangeResult result;
  // The scene as a file of the old project, read as a file of the new one.
  std::string text;
  try {
    text = serialization::SaveSceneToString(*world_, ecs::PlainValue());
  } catch (const serialization::SaveError& error) {
    result.errors.push_back(std::string("the open scene cannot be migrated: ") + error.what());
    return result;
  }
  serialization::LoadOptions options = serialization::ProjectSceneOptions(project);
  options.max_entities = std::max(options.max_entities, world_->EntityCount());
  serialization::LoadResult loaded = serialization::LoadScene(text, options);
  text.clear();
  text.shrink_to_fit();

  std::vector<ecs::EntityId> ids;  // by index in the saved text; only needed to describe problems
  if (!loaded.diagnostics.empty()) {
    ids.reserve(world_->EntityCount());
    world_->ForEachEntity([&](ecs::Entity entity) { ids.push_back(world_->GetEntityId(entity)); });
    std::sort(ids.begin(), ids.end());
  }
  for (const serialization::Diagnostic& diagnostic : loaded.diagnostics) {
    (diagnostic.IsError() ? result.errors : result.warnings)
        .push_back(DescribeMigrationProblem(*world_, ids, diagnostic));
  }
  if (!loaded.Ok()) return result;

  // Components whose values the old world's actions hold but the new world
  // cannot take: gone, or laid out anew.
  std::set<std::string, std::less<>> changed;
  const ecs::Coordinator& migrated = *loaded.scene->world;
  for (std::size_t type = 0; type < world_->ComponentTypeCount(); ++type) {
    const ecs::ComponentInfo& info = world_->GetComponentInfo(static_cast<ecs::ComponentType>(type));
    const ecs::ComponentInfo* now = migrated.FindComponentInfo(info.name);
    if (now == nullptr || now->type_index != info.type_index) changed.insert(info.name);
  }
  std::set<std::string, std::less<>> mentioned;
  for (const HistoryEntry& entry : history_.UndoEntries()) {
    CollectComponentNames(entry.redo, mentioned);
    CollectComponentNames(entry.undo, mentioned);
  }
  for (const HistoryEntry& entry : history_.RedoEntries()) {
    CollectComponentNames(entry.redo, mentioned);
    CollectComponentNames(entry.undo, mentioned);
  }
  std::string cleared_for;
  for (const std::string& name : mentioned) {
    if (changed.contains(name)) cleared_for += (cleared_for.empty() ? "" : ", ") + name;
  }
  if (!cleared_for.empty()) {
    const bool dirty = history_.IsDirty();
    history_.Clear();
    if (dirty) history_.MarkSavedStateUnreachable();
    log_.Warning("The undo history was cleared: it held values of " + cleared_for +
                 ", whose definition changed (the scene keeps every value)");
  }

  project_ = std::move(project);
  world_ = std::move(loaded.scene->world);
  queue_.Clear();
  selection_.Prune(*world_);
  for (const std::string& warning : result.warnings) log_.Warning(warning);
  result.applied = true;
  return result;
}

void EditorContext::ReplaceWorld(std::unique_ptr<ecs::Coordinator> world,
                                 std::optional<std::filesystem::path> scene_path) {
  if (world == nullptr) throw EditorError("cannot replace the world with no world");
  StopPlay();
  pending_.clear();
  queue_.Clear();
  DiscardJournal();
  history_.Clear();
  selection_.Clear();
  world_ = std::move(world);
  serialization::RegisterPrefabInstance(*world_);
  scene_path_ = std::move(scene_path);
  clipboard_.DropDanglingReferences(*world_);
  journal_retry_.Succeeded();
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
  journal_retry_.Succeeded();
  StartJournal();
}

void EditorContext::StartJournal() {
  if (!options_.journaling) return;
  std::optional<std::filesystem::path> project;
  if (project_ && !project_->file.empty()) project = project_->file;
  journal_.Start(JournalPathFor(scene_path_, options_.untitled_journal_directory), JournalHeaderFor(scene_path_, project));
}

void EditorContext::DiscardJournal() {
  waiting_merge_.reset();
  waiting_merge_key_.clear();
  try {
    journal_.Discard();
  } catch (const JournalError& error) {
    log_.Warning(error.what());
  }
}

// ---- Requests ---------------------------------------------------------------------

bool EditorContext::RefusedWhilePlaying(std::string_view what) {
  if (!play_) return false;
  if (!play_edit_warned_) {
    log_.Warning(std::string(what) + " is not possible while the scene plays: stop it (Ctrl+P) to edit");
    play_edit_warned_ = true;
  }
  return true;
}

void EditorContext::Enqueue(ecs::Action action, EnqueueOptions options) {
  if (RefusedWhilePlaying(action.name)) return;
  pending_.emplace_back(ActionRequest{std::move(action), std::move(options)});
}

void EditorContext::Undo() {
  if (!RefusedWhilePlaying("Undo")) pending_.emplace_back(HistoryRequest::kUndo);
}

void EditorContext::Redo() {
  if (!RefusedWhilePlaying("Redo")) pending_.emplace_back(HistoryRequest::kRedo);
}

bool EditorContext::StartPlay() {
  if (play_) return true;
  Flush();  // what was queued belongs to the edited scene
  try {
    play_ = std::make_unique<PlaySession>(*world_, SceneLoadOptions());
  } catch (const std::exception& error) {
    log_.Error(std::string("Play: ") + error.what());
    return false;
  }
  play_edit_warned_ = false;
  log_.Info("Playing (Ctrl+P stops; nothing done while playing is kept)");
  return true;
}

void EditorContext::StopPlay() {
  if (!play_) return;
  const std::uint64_t steps = play_->Clock().StepCount();
  play_.reset();
  log_.Info("Stopped after " + std::to_string(steps) + (steps == 1 ? " step" : " steps") +
            "; the scene is as it was");
}

std::optional<std::string> EditorContext::AdvancePlay(double seconds) {
  if (!play_) return std::nullopt;
  std::optional<std::string> failure = play_->Frame(seconds);
  if (failure) {
    log_.Error("Play stopped: a system failed: " + *failure);
    StopPlay();
  }
  return failure;
}

std::optional<std::string> EditorContext::StepPlay() {
  if (!play_) return std::nullopt;
  std::optional<std::string> failure = play_->Step();
  if (failure) {
    log_.Error("Play stopped: a system failed: " + *failure);
    StopPlay();
  }
  return failure;
}

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
    if (batch[i].options.merge_key.empty()) {
      JournalApplied(outcome.action);
    } else {
      JournalMerged(outcome.action, batch[i].options.merge_key);
    }
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
    JournalWaitingMerge();
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
  JournalWaitingMerge();
  WriteJournal(applied);
}

void EditorContext::JournalMerged(const ecs::Action& applied, const std::string& merge_key) {
  if (replay_log_ != nullptr || !options_.journaling) {
    WriteJournal(applied);
    return;
  }
  if (waiting_merge_ && waiting_merge_key_ != merge_key) JournalWaitingMerge();  // another drag
  if (!waiting_merge_) waiting_since_ = clock_;
  waiting_merge_ = applied;
  waiting_merge_key_ = merge_key;
}

void EditorContext::JournalWaitingMerge() {
  if (!waiting_merge_) return;
  const ecs::Action waiting = std::move(*waiting_merge_);
  waiting_merge_.reset();
  waiting_merge_key_.clear();
  WriteJournal(waiting);
}

void EditorContext::WriteJournal(const ecs::Action& applied) {
  if (replay_log_ != nullptr) {
    replay_log_->push_back(applied);
    return;
  }
  if (!options_.journaling) return;
  if (journal_retry_.Failing()) {
    journal_.Defer(applied);  // RetryJournal writes it with the others
    return;
  }
  try {
    journal_.Append(applied);
  } catch (const JournalError& error) {
    JournalFailed(error.what());
  }
}

void EditorContext::JournalFailed(const std::string& error) {
  if (!journal_retry_.Failing()) {
    ++journal_failures_;
    log_.Error(error +
               "; the editor keeps the changes in memory and retries, writing them all once it can"
               " (crash recovery is off until it can be written)");
  }
  journal_retry_.Failed();
}

void EditorContext::RetryJournal(double now) {
  clock_ = now;
  if (waiting_merge_ && now - waiting_since_ >= kMergedJournalDelay) JournalWaitingMerge();
  if (!options_.journaling || !journal_retry_.Due(now)) return;
  const std::size_t waiting = journal_.PendingCount();
  try {
    journal_.WritePending();
  } catch (const JournalError&) {
    journal_retry_.Failed(now);
    return;
  }
  journal_retry_.Succeeded();
  log_.Info("The journal " + journal_.Path().string() + " can be written again: the " + std::to_string(waiting) +
            (waiting == 1 ? " change" : " changes") + " kept in memory are on disk, and crash recovery is back on");
}

JournalStatus EditorContext::GetJournalStatus() const {
  JournalStatus status;
  if (journal_retry_.Failing()) status.failure = journal_.Failure();
  status.unwritten = journal_.PendingCount();
  status.failure_count = journal_failures_;
  return status;
}

// ---- Crash recovery ---------------------------------------------------------------------

RecoveryResult EditorContext::Recover(std::unique_ptr<ecs::Coordinator> saved,
                                      std::optional<std::filesystem::path> scene_path, const JournalContents& journal) {
  if (saved == nullptr) throw EditorError("cannot recover without the saved scene's world");
  StopPlay();
  if (const std::optional<std::string> mismatch = JournalMismatch(journal.header, scene_path)) {
    throw JournalError("cannot recover from the journal: " + *mismatch);
  }
  ReplaceWorld(std::move(saved), std::move(scene_path));

  RecoveryResult result;
  for (const std::string& warning : journal.warnings) log_.Warning(warning);
  for (const std::string& error : journal.errors) log_.Error(error);
  for (const JournalProblem& problem : journal.problems) {
    if (!problem.incomplete) result.errors.push_back(Describe(problem));
  }
  std::size_t unrecovered = journal.problems.size();
  std::vector<ecs::Action> replayed;
  replay_log_ = &replayed;
  for (const JournalEntry& entry : journal.entries) {
    Enqueue(entry.action);
    FlushResult step = Flush();
    for (std::string& error : step.errors) {
      result.errors.push_back(Describe(JournalProblem{entry.number, entry.line, entry.action.name, std::move(error)}));
      ++unrecovered;
    }
  }
  replay_log_ = nullptr;
  result.replayed = replayed.size();

  if (options_.journaling) RewriteRecoveredJournal(replayed, unrecovered, result);
  log_.Info("recovered " + std::to_string(result.replayed) + " of " + std::to_string(journal.entries.size()) +
            " journaled actions" +
            (result.errors.empty() ? "" : " (" + std::to_string(result.errors.size()) + " problems)"));
  return result;
}

void EditorContext::RewriteRecoveredJournal(const std::vector<ecs::Action>& replayed, std::size_t unrecovered,
                                            RecoveryResult& result) {
  const std::filesystem::path path = journal_.Path();
  std::error_code missing;
  if (unrecovered > 0 && std::filesystem::exists(path, missing)) {
    // The rewrite keeps only what replayed: the original keeps the rest.
    try {
      result.kept_aside = Journal::KeepAside(path);
      log_.Info("The journal as it was, with " + std::to_string(unrecovered) +
                (unrecovered == 1 ? " entry" : " entries") + " that could not be recovered, is kept as " +
                result.kept_aside->string());
    } catch (const JournalError& error) {
      log_.Error(error.what());
      result.errors.push_back(error.what());
    }
  }
  if (replayed.empty()) {
    try {
      journal_.Discard();
      Journal::Remove(path);
    } catch (const JournalError& error) {
      log_.Error(error.what());
      result.errors.push_back(error.what());
    }
    return;
  }
  try {
    journal_.Rewrite(replayed);
  } catch (const JournalError& error) {
    // The replayed actions wait in memory; RetryJournal writes them.
    JournalFailed(error.what());
    result.errors.push_back(error.what());
  }
}

}  // namespace cairn::editor
