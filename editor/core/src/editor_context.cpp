#include "cairn/editor/editor_context.h"

#include <algorithm>
#include <charconv>
#include <span>
#include <utility>

#include "cairn/assets/asset_index.h"
#include "cairn/ecs/builtin_components.h"
#include "cairn/editor/actions.h"
#include "cairn/editor/prefab_actions.h"
#include "cairn/editor/editor_errors.h"
#include "cairn/serialization/asset_folder.h"
#include "cairn/serialization/atomic_file.h"
#include "cairn/serialization/project_scenes.h"
#include "cairn/serialization/scene_writer.h"
#include "cairn/serialization/unknown_components.h"

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
      modules_(log_, modules::ModuleTrust(options_.module_trust_file, options_.trust_modules)),
      journal_(options_.journal_writes) {
  serialization::RegisterPrefabInstance(*world_);
  selection_.Bind(world_.get());
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

void EditorContext::SetProject(std::shared_ptr<const serialization::Project> project) {
  project_ = std::move(project);
  ++project_generation_;
  modules_.SetProject(project_);
}

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
  std::string reason;
  std::optional<ecs::Action> action = InstancesFollowingPrefabs(text, "Update instances of " + names, reason);
  if (!action) {
    log_.Warning(names + " changed on disk, but the scene's instances cannot use it: " + reason);
    return false;
  }
  if (action->commands.empty()) return false;
  Enqueue(std::move(*action));
  log_.Info(names + " changed on disk: the instances in this scene follow (Undo takes this back)");
  return true;
}

std::optional<ecs::Action> EditorContext::InstancesFollowingPrefabs(const std::string& scene, std::string name,
                                                                   std::string& reason) const {
  serialization::LoadResult updated = serialization::LoadScene(scene, SceneLoadOptions());
  if (!updated.Ok()) {
    for (const serialization::Diagnostic& diagnostic : updated.diagnostics) {
      if (diagnostic.IsError()) {
        reason = diagnostic.ToString();
        break;
      }
    }
    return std::nullopt;
  }
  return actions::ChangesBetween(*world_, *updated.scene->world, std::move(name));
}

void EditorContext::ChangePrefabFile(FileStep file, std::string name) {
  if (play_) throw EditorError(name + " is not possible while the scene plays: stop it (Ctrl+P) to edit");
  Flush();
  serialization::PrefabLibrary* prefabs = Prefabs();
  if (prefabs == nullptr) throw EditorError("the scene has no asset folder, so it uses no prefabs");
  // The scene as instances of the prefabs as they are loaded, read back once
  // the file has changed: every instance then follows, keeping its overrides.
  std::string scene;
  {
    const serialization::PrefabLibrary::Pin as_loaded(*prefabs);
    scene = serialization::SaveSceneToString(*world_, ecs::PlainValue(), prefabs);
  }
  WriteFileStep(file, false);
  std::string reason;
  std::optional<ecs::Action> action;
  try {
    action = InstancesFollowingPrefabs(scene, name, reason);
  } catch (...) {
    WriteFileStep(file, true);
    throw;
  }
  if (!action) {
    WriteFileStep(file, true);
    throw EditorError("the scene cannot use the changed " + file.path.filename().string() + ": " + reason);
  }
  EnqueueOptions options;
  options.files.push_back(std::move(file));
  Enqueue(std::move(*action), std::move(options));
  const FlushResult result = Flush();
  if (!result.errors.empty()) throw EditorError(result.errors.front());  // the file is back as it was
}

void EditorContext::WriteFileStep(const FileStep& file, bool undo) {
  const std::string& from = undo ? file.after : file.before;
  const std::string& to = undo ? file.before : file.after;
  const serialization::ReadResult current = serialization::ReadFileText(file.path, SceneLoadOptions().max_bytes);
  if (!current.text) throw EditorError(current.error);
  if (*current.text != to) {
    if (*current.text != from) {
      throw EditorError(file.path.string() + " changed on disk since; writing it would lose that change");
    }
    const serialization::SaveResult saved = serialization::WriteFileAtomically(file.path, to);
    if (!saved.ok) throw EditorError(saved.error);
  }
  // The prefabs are read again from the files: the instances already match
  // them (the step's action does that), so this is no change to follow.
  if (serialization::PrefabLibrary* prefabs = Prefabs()) prefabs->Clear();
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

// `project` with each renamed field also knowing its old name, for reading
// the scene into it; `project` itself when nothing is renamed.
std::shared_ptr<const serialization::Project> ReadAs(const std::shared_ptr<const serialization::Project>& project,
                                                     const std::vector<FieldRename>& renames) {
  if (project == nullptr || renames.empty()) return project;
  auto read_as = std::make_shared<serialization::Project>(*project);
  bool added = false;
  for (const FieldRename& rename : renames) {
    if (rename.from == rename.to) continue;
    for (ecs::RuntimeComponentDefinition& definition : read_as->components) {
      if (definition.name != rename.component) continue;
      for (ecs::RuntimeFieldDefinition& field : definition.fields) {
        if (field.name != rename.to) continue;
        std::vector<std::string>& previous = field.previous_names;
        if (std::find(previous.begin(), previous.end(), rename.from) != previous.end()) continue;
        previous.push_back(rename.from);  // the newest old name
        added = true;
      }
    }
  }
  return added ? read_as : project;
}

// How scenes are read back in memory: with the project's types, any number
// of entities, and no look at asset files (a migration reports what the
// definitions change, not which meshes are missing).
serialization::LoadOptions InMemoryOptions(std::shared_ptr<const serialization::Project> project,
                                           std::size_t entities) {
  serialization::LoadOptions options = serialization::ProjectSceneOptions(std::move(project));
  options.max_entities = std::max(options.max_entities, entities);
  options.asset_folder.reset();
  return options;
}

std::string FirstError(const serialization::LoadResult& loaded) {
  for (const serialization::Diagnostic& diagnostic : loaded.diagnostics) {
    if (diagnostic.IsError()) return diagnostic.ToString();
  }
  return "it cannot be read";
}

}  // namespace

EditorContext::Migration EditorContext::Migrate(const std::string& scene,
                                                const std::shared_ptr<const serialization::Project>& project,
                                                const std::shared_ptr<const serialization::Project>& read_as) const {
  Migration migration;
  const std::shared_ptr<const serialization::Project>& reader = read_as ? read_as : project;
  serialization::LoadResult loaded = serialization::LoadScene(scene, InMemoryOptions(reader, world_->EntityCount()));

  std::vector<ecs::EntityId> ids;  // by index in the saved text; only needed to describe problems
  if (!loaded.diagnostics.empty()) {
    ids.reserve(world_->EntityCount());
    world_->ForEachEntity([&](ecs::Entity entity) { ids.push_back(world_->GetEntityId(entity)); });
    std::sort(ids.begin(), ids.end());
  }
  for (const serialization::Diagnostic& diagnostic : loaded.diagnostics) {
    (diagnostic.IsError() ? migration.errors : migration.warnings)
        .push_back(DescribeMigrationProblem(*world_, ids, diagnostic));
  }
  if (!loaded.Ok()) return migration;
  if (reader == project) {
    migration.world = std::move(loaded.scene->world);
    return migration;
  }
  // Read through the renames, then once more with the project itself, so
  // that the world's types are exactly the project's (the old names the
  // renames added are no part of it).
  try {
    const std::string renamed = serialization::SaveSceneToString(*loaded.scene->world, ecs::PlainValue());
    serialization::LoadResult again =
        serialization::LoadScene(renamed, InMemoryOptions(project, loaded.scene->world->EntityCount()));
    if (!again.Ok()) {
      migration.errors.push_back("the renamed scene cannot be read back: " + FirstError(again));
      return migration;
    }
    migration.world = std::move(again.scene->world);
  } catch (const serialization::SaveError& error) {
    migration.errors.push_back(std::string("the renamed scene cannot be written: ") + error.what());
  }
  return migration;
}

ProjectChangeResult EditorContext::ChangeProject(std::shared_ptr<const serialization::Project> project,
                                                 ProjectChangeOptions options) {
  StopPlay();
  Flush();
  ProjectChangeResult result;
  auto step = std::make_shared<ProjectStep>();
  step->before = project_;
  step->after = project;
  step->read_as = ReadAs(project, options.renames);
  // The scene as a file of the old project, read as a file of the new one.
  try {
    step->scene_before = serialization::SaveSceneToString(*world_, ecs::PlainValue());
  } catch (const serialization::SaveError& error) {
    result.errors.push_back(std::string("the open scene cannot be migrated: ") + error.what());
    return result;
  }
  Migration migration = Migrate(step->scene_before, step->after, step->read_as);
  result.errors = std::move(migration.errors);
  result.warnings = std::move(migration.warnings);
  if (migration.world == nullptr) return result;

  // A step that leaves the scene as it would be saved names the same state,
  // so a description or a limit does not make the scene dirty.
  bool scene_changed = true;
  try {
    scene_changed = serialization::SaveSceneToString(*migration.world, ecs::PlainValue()) != step->scene_before;
  } catch (const serialization::SaveError&) {
  }
  const SelectionState selection_before = selection_.State();
  InstallProjectWorld(std::move(project), std::move(migration.world), options.name);
  history_.RecordProjectStep(std::move(options.name), std::move(step), scene_changed, selection_before,
                             selection_.State());
  for (const std::string& warning : result.warnings) log_.Warning(warning);
  result.applied = true;
  return result;
}

void EditorContext::ApplyProjectStep(const ProjectStep& step, bool undo, const std::string& name) {
  if (undo) {
    // The scene's own text, read with its own types: the world as it was.
    serialization::LoadResult loaded =
        serialization::LoadScene(step.scene_before, InMemoryOptions(step.before, world_->EntityCount()));
    if (!loaded.Ok()) throw EditorError("the scene as it was cannot be read back: " + FirstError(loaded));
    InstallProjectWorld(step.before, std::move(loaded.scene->world), "Undo " + name);
    return;
  }
  // Undo left the scene exactly as scene_before says: the same migration again.
  Migration migration = Migrate(step.scene_before, step.after, step.read_as);
  if (migration.world == nullptr) {
    throw EditorError(migration.errors.empty() ? std::string("the scene cannot be migrated") : migration.errors.front());
  }
  InstallProjectWorld(step.after, std::move(migration.world), name);
  for (const std::string& warning : migration.warnings) log_.Warning(warning);
}

void EditorContext::InstallProjectWorld(std::shared_ptr<const serialization::Project> project,
                                        std::unique_ptr<ecs::Coordinator> world, const std::string& step) {
  project_ = std::move(project);
  modules_.SetProject(project_);
  world_ = std::move(world);  // made before the old one goes: never at its address
  selection_.Bind(world_.get());
  queue_.Clear();
  selection_.Prune(*world_);
  RestartJournal(step);
}

// A journal is replayed with one project's types onto the scene file read
// with them, but the actions journaled so far hold values of the types this
// step replaced. So the journal starts again, from a snapshot: its header
// names the scene file as it is on disk now (and the project file), and its
// first entry, named after the step, is the action that turns that file,
// read with the session's project as it is now, into the open scene
// (ChangesBetween); later edits are appended after it as usual. Nothing
// written before the step is replayed again.
//
// Recovery loads the scene file with the project file as it is on disk then
// and replays the snapshot and what follows it. When that project file is the
// one the step left (the project was saved after it), it reproduces the
// session exactly. When it is not (the step was never saved, so the crash
// lost the definitions themselves), the entries that name fields or types
// the file's project lacks cannot be read or applied: recovery reports them
// by number and keeps the journal aside, and replays only what fits the
// types it reads with. When the scene file cannot be read with the new types
// at all, there is no base to replay onto: the journal is removed and takes
// nothing until the scene is saved (the log says so).
void EditorContext::RestartJournal(const std::string& step) {
  if (!options_.journaling || replay_log_ != nullptr) return;
  waiting_merge_.reset();  // the snapshot holds it
  waiting_merge_key_.clear();
  std::optional<std::filesystem::path> project;
  if (project_ && !project_->file.empty()) project = project_->file;
  const std::filesystem::path path = JournalPathFor(scene_path_, options_.untitled_journal_directory);
  journal_.Start(path, JournalHeaderFor(scene_path_, project));
  journal_suspended_ = false;

  ecs::Action snapshot;
  try {
    // What recovery replays onto (SceneFiles::Recover): the file, or an empty
    // world when the scene is untitled or its file does not exist.
    std::unique_ptr<ecs::Coordinator> base;
    std::error_code missing;
    if (scene_path_ && std::filesystem::exists(*scene_path_, missing)) {
      serialization::LoadResult loaded = serialization::LoadSceneFile(*scene_path_, SceneLoadOptions());
      if (!loaded.Ok()) throw EditorError(scene_path_->string() + " cannot be read with these definitions: " +
                                          FirstError(loaded));
      base = std::move(loaded.scene->world);
    } else {
      base = CreateWorld();
      serialization::RegisterUnknownComponents(*base);
    }
    snapshot = actions::ChangesBetween(*base, *world_, step);
  } catch (const std::exception& error) {
    journal_suspended_ = true;
    try {
      Journal::Remove(path);
    } catch (const JournalError& failure) {
      log_.Warning(failure.what());
    }
    log_.Warning(std::string("Crash recovery is off until the scene is saved: ") + error.what());
    return;
  }
  try {
    if (snapshot.commands.empty()) {
      Journal::Remove(path);  // the file is the scene: nothing to recover
    } else if (journal_retry_.Failing()) {
      journal_.Defer(snapshot);  // RetryJournal writes it, replacing the old file
    } else {
      journal_.Rewrite(std::span<const ecs::Action>(&snapshot, 1));
    }
  } catch (const JournalError& error) {
    JournalFailed(error.what());
  }
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
  selection_.Bind(world_.get());
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
  journal_suspended_ = false;
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
    play_ = std::make_unique<PlaySession>(*world_, PlayLoadOptions());
  } catch (const std::exception& error) {
    log_.Error(std::string("Play: ") + error.what());
    return false;
  }
  play_edit_warned_ = false;
  log_.Info("Playing (Ctrl+P stops; nothing done while playing is kept)");
  TellUnplayedComponents();
  return true;
}

void EditorContext::TellUnplayedComponents() {
  const std::vector<std::string> unread = modules::ComponentsNoSystemReads(play_->World());
  if (unread.empty()) return;
  std::string list;
  for (const std::string& name : unread) list += (list.empty() ? "" : ", ") + name;
  std::string why;
  if (!modules_.File()) {
    why = project_ ? " (the project names no game module)" : "";
  } else if (!modules_.Module()) {
    why = modules_.AwaitingTrust()       ? " (the project's module waits for your permission to run)"
          : modules_.Problem().empty() ? " (the project's module does not run this session)"
                                         : " (the project's module is not running: " + modules_.Problem() + ")";
  }
  log_.Warning("Play: no system reads " + list + why);
}

serialization::LoadOptions EditorContext::PlayLoadOptions() const {
  serialization::LoadOptions options = SceneLoadOptions();
  if (const std::shared_ptr<const modules::GameModule>& module = modules_.Module()) {
    options = modules::ModuleSceneOptions(module, std::move(options));
  }
  return options;
}

bool EditorContext::RefreshModule(double now) {
  if (!modules_.Refresh(now)) return false;
  if (play_ && !play_->Failed()) {
    try {
      play_->Reload(PlayLoadOptions());
      log_.Info("The playing scene runs " + modules_.Module()->Description() + " from this step on");
    } catch (const std::exception& error) {
      log_.Error("The playing scene cannot take the new module, and keeps the old one: " + std::string(error.what()));
    }
  }
  return true;
}

void EditorContext::StopPlay() {
  if (!play_) return;
  const std::uint64_t steps = play_->StepCount();
  play_.reset();
  log_.Info("Stopped after " + std::to_string(steps) + (steps == 1 ? " step" : " steps") +
            "; the scene is as it was");
}

std::optional<std::string> EditorContext::AdvancePlay(double seconds) {
  if (!play_) return std::nullopt;
  std::optional<std::string> failure = play_->Frame(seconds);
  if (failure) {
    *failure = WithModule(*failure);
    log_.Error("Play stopped: a system failed: " + *failure);
    StopPlay();
  }
  return failure;
}

std::optional<std::string> EditorContext::StepPlay() {
  if (!play_) return std::nullopt;
  std::optional<std::string> failure = play_->Step();
  if (failure) {
    *failure = WithModule(*failure);
    log_.Error("Play stopped: a system failed: " + *failure);
    StopPlay();
  }
  return failure;
}

std::string EditorContext::WithModule(const std::string& failure) const {
  const std::shared_ptr<const modules::GameModule>& module = modules_.Module();
  if (!module) return failure;
  for (const std::string& system : module->Systems()) {
    if (failure.starts_with(system + ": ")) return failure + " (a system of " + module->Description() + ")";
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
    std::vector<FileStep>& files = batch[i].options.files;
    if (!outcome.Succeeded()) {
      log_.Error(*outcome.error);
      result.errors.push_back(std::move(*outcome.error));
      for (auto file = files.rbegin(); file != files.rend(); ++file) {
        try {
          WriteFileStep(*file, true);
        } catch (const std::exception& error) {
          log_.Error(std::string("cannot put back ") + file->path.string() + ": " + error.what());
        }
      }
      continue;
    }
    if (outcome.action.commands.empty() && files.empty()) continue;
    ++result.applied;
    // Not pruned here: the world is already past the whole batch. Restoring
    // a state prunes it (Flush).
    SelectionState selection_before = selection_.State();
    if (batch[i].options.merge_key.empty()) {
      JournalApplied(outcome.action);
    } else {
      JournalMerged(outcome.action, batch[i].options.merge_key);
    }
    if (batch[i].options.select_created) {
      const std::vector<ecs::EntityId> created = actions::CreatedEntities(outcome.action);
      if (!created.empty()) selection_.SelectAll(created);
    }
    history_.Record(std::move(outcome.action), std::move(outcome.inverse), std::move(batch[i].options.merge_key),
                    std::move(selection_before), selection_.State(), std::move(files));
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
  const std::string journal_name = (undo ? "Undo " : "Redo ") + name;
  const auto apply = [this, &journal_name](ecs::Action& action) { return ApplyNow(action, journal_name); };
  const auto project = [this, &name](const ProjectStep& step, bool back) { ApplyProjectStep(step, back, name); };
  const auto files = [this](const FileStep& file, bool back) { WriteFileStep(file, back); };
  try {
    if (undo ? history_.Undo(apply, project, files) : history_.Redo(apply, project, files)) {
      ++result.applied;
      selection_.Restore(undo ? history_.UndoneSelection() : history_.RedoneSelection());
    }
  } catch (const std::exception& error) {
    std::string message = std::string(undo ? "cannot undo '" : "cannot redo '") + name + "': " + error.what();
    log_.Error(message);
    result.errors.push_back(std::move(message));
  }
}

ecs::Action EditorContext::ApplyNow(ecs::Action& action, const std::string& journal_name) {
  queue_.Enqueue(std::move(action));
  std::vector<ecs::ActionResult> applied = queue_.Flush(*world_);
  ecs::ActionResult& outcome = applied.front();
  action = std::move(outcome.action);  // the queue hands back what it was given
  if (!outcome.Succeeded()) throw ecs::CommandError(*outcome.error);
  // Journaled under its own name, without copying a big action's commands;
  // its name is put back however the journal's write ends.
  struct NamePutBack {
    ecs::Action& action;
    std::string name;
    ~NamePutBack() { action.name = std::move(name); }
  } put_back{action, std::exchange(action.name, journal_name)};
  JournalApplied(action);
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
  if (!options_.journaling || journal_suspended_) return;
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
