#include "cairn/editor/scene_files_session.h"

#include <algorithm>
#include <exception>
#include <system_error>
#include <utility>

#include "cairn/ecs/command.h"
#include "cairn/editor/editor_context.h"
#include "cairn/editor/editor_errors.h"
#include "cairn/serialization/asset_folder.h"
#include "cairn/serialization/atomic_file.h"
#include "cairn/serialization/project_link.h"
#include "cairn/serialization/project_scenes.h"
#include "cairn/serialization/runtime_export.h"
#include "cairn/serialization/scene_writer.h"

namespace cairn::editor {
namespace {

std::string Quoted(const std::filesystem::path& path) { return "'" + path.filename().string() + "'"; }

bool Exists(const std::filesystem::path& path) {
  std::error_code error;
  return std::filesystem::exists(path, error);
}

std::string Plural(std::size_t count, const char* one, const char* many) {
  return std::to_string(count) + " " + (count == 1 ? one : many);
}

// Replaces or adds each member of `from` in `into` (objects only).
void MergeMembers(ecs::PlainValue& into, const ecs::PlainValue& from) {
  if (!into.IsObject() || !from.IsObject()) return;
  for (const auto& [key, value] : from.AsObject()) {
    auto& members = into.AsObject();
    auto found = std::find_if(members.begin(), members.end(), [&](const auto& member) { return member.first == key; });
    if (found != members.end()) {
      found->second = value;
    } else {
      members.emplace_back(key, value);
    }
  }
}

// How many of the actions fail when applied in turn to `world`.
std::size_t FailuresReplaying(ecs::Coordinator& world, const std::vector<JournalEntry>& entries) {
  std::size_t failures = 0;
  for (const JournalEntry& entry : entries) {
    try {
      ecs::ApplyAction(world, entry.action);
    } catch (const std::exception&) {
      ++failures;
    }
  }
  return failures;
}

// A folder stands for the cairn.project.json in it.
std::filesystem::path ProjectFileIn(const std::filesystem::path& path) {
  std::error_code error;
  return std::filesystem::is_directory(path, error) ? path / serialization::kProjectFileName : path;
}

// "the project in 'game'": a project file is always named cairn.project.json,
// so its folder is what tells one from another.
std::string ProjectPlace(const std::filesystem::path& file) {
  return "the project in '" + file.parent_path().filename().string() + "'";
}

}  // namespace

SceneFilesSession::SceneFilesSession(EditorContext& context, SceneFilesEnvironment environment)
    : context_(context), environment_(std::move(environment)) {}

// ---- Start ----------------------------------------------------------------------------

void SceneFilesSession::Start(const std::optional<std::filesystem::path>& scene,
                       const std::optional<std::filesystem::path>& project) {
  std::optional<ProjectPtr> chosen;
  if (project) {
    chosen = ReadProject(*project, "Cairn started with the built-in components only.").value_or(nullptr);
  }
  if (!scene) {
    if (chosen) {
      NewSceneIn(*chosen);
    } else {
      OpenDemo();
    }
    OfferRecovery(std::nullopt);
    started_ = true;
    return;
  }
  const std::filesystem::path path = serialization::NormalPath(*scene);
  if (Exists(path)) {
    const bool opened = chosen ? OpenIn(path, *chosen) : Open(path);  // offers recovery itself
    started_ = true;
    if (opened) return;
    if (chosen) NewSceneIn(*chosen);
    context_.Log().Info("Started with an empty untitled scene instead");
    OfferRecovery(std::nullopt);
    return;
  }
  started_ = true;
  const ProjectPtr governing = chosen ? *chosen : ProjectOf(path);
  context_.SetProject(governing);
  context_.ReplaceWorld(context_.CreateWorld(), path);
  Replaced(ecs::PlainValue::MakeObject());
  context_.Log().Info(path.string() + " does not exist yet: it is created when you save");
  OfferRecovery(path);
}

// ---- Requests -------------------------------------------------------------------------

void SceneFilesSession::RequestNew() { Guard({GuardedOperation::Kind::kNew, {}}); }
void SceneFilesSession::RequestOpen() { Guard({GuardedOperation::Kind::kOpenDialog, {}}); }
void SceneFilesSession::RequestOpen(const std::filesystem::path& path) { Guard({GuardedOperation::Kind::kOpenPath, path}); }
void SceneFilesSession::RequestOpenDemo() { Guard({GuardedOperation::Kind::kOpenDemo, {}}); }
void SceneFilesSession::RequestQuit() { Guard({GuardedOperation::Kind::kQuit, {}}); }
void SceneFilesSession::RequestOpenProject() { Guard({GuardedOperation::Kind::kOpenProjectDialog, {}}); }
void SceneFilesSession::RequestOpenProject(const std::filesystem::path& path) { Guard({GuardedOperation::Kind::kOpenProjectPath, path}); }
void SceneFilesSession::RequestNewProject() { Guard({GuardedOperation::Kind::kNewProjectDialog, {}}); }
void SceneFilesSession::RequestNewProject(const std::filesystem::path& path) { Guard({GuardedOperation::Kind::kNewProjectPath, path}); }

void SceneFilesSession::RequestSave() {
  context_.StopPlay();  // files hold the edited scene, never the played one
  if (context_.ScenePath()) {
    tasks_.push_back({Task::Kind::kSave, *context_.ScenePath(), std::nullopt});
  } else {
    AskForFile(FileQuestion::Purpose::kSaveAs);
  }
}

void SceneFilesSession::RequestSaveAs() { AskForFile(FileQuestion::Purpose::kSaveAs); }
void SceneFilesSession::RequestExport() { AskForFile(FileQuestion::Purpose::kExport); }

void SceneFilesSession::Guard(GuardedOperation operation) {
  context_.StopPlay();
  if (unsaved_question_) return;  // already asking
  if (context_.IsDirty()) {
    unsaved_question_ = std::move(operation);
    return;
  }
  Proceed(operation);
}

void SceneFilesSession::Proceed(const GuardedOperation& operation) {
  switch (operation.kind) {
    case GuardedOperation::Kind::kNew: tasks_.push_back({Task::Kind::kNew, {}, std::nullopt}); break;
    case GuardedOperation::Kind::kOpenDialog: AskForFile(FileQuestion::Purpose::kOpen); break;
    case GuardedOperation::Kind::kOpenPath: tasks_.push_back({Task::Kind::kOpen, operation.path, std::nullopt}); break;
    case GuardedOperation::Kind::kOpenDemo: tasks_.push_back({Task::Kind::kOpenDemo, {}, std::nullopt}); break;
    case GuardedOperation::Kind::kQuit: tasks_.push_back({Task::Kind::kQuit, {}, std::nullopt}); break;
    case GuardedOperation::Kind::kOpenProjectDialog: AskForFile(FileQuestion::Purpose::kOpenProject); break;
    case GuardedOperation::Kind::kOpenProjectPath:
      tasks_.push_back({Task::Kind::kOpenProject, operation.path, std::nullopt});
      break;
    case GuardedOperation::Kind::kNewProjectDialog: AskForFile(FileQuestion::Purpose::kNewProject); break;
    case GuardedOperation::Kind::kNewProjectPath: tasks_.push_back({Task::Kind::kNewProject, operation.path, std::nullopt}); break;
  }
}

void SceneFilesSession::AskForFile(FileQuestion::Purpose purpose, std::optional<GuardedOperation> then) {
  context_.StopPlay();
  after_file_ = std::move(then);
  FileQuestion question{purpose, {}, {}};
  const std::optional<std::filesystem::path>& scene = context_.ScenePath();
  if (scene) {
    question.folder = scene->parent_path();
  } else if (context_.Project() && !context_.Project()->file.empty()) {
    question.folder = context_.Project()->Root();
  }
  switch (purpose) {
    case FileQuestion::Purpose::kOpen: break;
    case FileQuestion::Purpose::kSaveAs: question.file_name = scene ? scene->filename().string() : "untitled.json"; break;
    case FileQuestion::Purpose::kExport:
      question.file_name = (scene ? scene->stem().string() : std::string("untitled")) + ".runtime.json";
      break;
    case FileQuestion::Purpose::kOpenProject:
    case FileQuestion::Purpose::kNewProject: question.file_name = std::string(serialization::kProjectFileName); break;
  }
  file_question_ = std::move(question);
}

void SceneFilesSession::FileChosen(const std::filesystem::path& path, bool include_world_matrices) {
  if (!file_question_) return;
  const FileQuestion::Purpose purpose = file_question_->purpose;
  file_question_.reset();
  switch (purpose) {
    case FileQuestion::Purpose::kOpen: tasks_.push_back({Task::Kind::kOpen, path, std::nullopt}); break;
    case FileQuestion::Purpose::kSaveAs: tasks_.push_back({Task::Kind::kSave, path, after_file_}); break;
    case FileQuestion::Purpose::kExport:
      tasks_.push_back({Task::Kind::kExport, path, std::nullopt, SaveChoice::kAsk, include_world_matrices});
      break;
    case FileQuestion::Purpose::kOpenProject: tasks_.push_back({Task::Kind::kOpenProject, path, std::nullopt}); break;
    case FileQuestion::Purpose::kNewProject: tasks_.push_back({Task::Kind::kNewProject, path, std::nullopt}); break;
  }
  after_file_.reset();
}

void SceneFilesSession::FileCancelled() {
  file_question_.reset();
  after_file_.reset();
}

// ---- Work -------------------------------------------------------------------------------

void SceneFilesSession::ProcessPending() {
  while (!tasks_.empty()) {
    Task task = std::move(tasks_.front());
    tasks_.pop_front();
    Run(task);
  }
}

void SceneFilesSession::Run(Task& task) {
  context_.StopPlay();
  switch (task.kind) {
    case Task::Kind::kNew: New(); break;
    case Task::Kind::kOpen: Open(task.path); break;
    case Task::Kind::kOpenDemo: OpenDemo(); break;
    case Task::Kind::kSave:
      if (task.choice == SaveChoice::kAsk && AskBeforeSaving(task)) break;
      if (Save(task.path, task.choice) && task.then) Proceed(*task.then);
      break;
    case Task::Kind::kExport: Export(task.path, task.include_world_matrices); break;
    case Task::Kind::kQuit:
      // Nothing unsaved is wanted any more: the journal goes too.
      context_.DiscardJournal();
      if (environment_.close) environment_.close();
      break;
    case Task::Kind::kRecover: RecoverNow(); break;
    case Task::Kind::kOpenProject: OpenProject(task.path); break;
    case Task::Kind::kNewProject: NewProject(task.path); break;
  }
}

void SceneFilesSession::Replaced(ecs::PlainValue editor) {
  editor_data_ = editor.IsObject() ? std::move(editor) : ecs::PlainValue::MakeObject();
  if (environment_.world_replaced) environment_.world_replaced(editor_data_);
}

void SceneFilesSession::New() {
  context_.NewScene();
  Replaced(ecs::PlainValue::MakeObject());
  context_.Log().Info("New scene");
}

void SceneFilesSession::NewSceneIn(const ProjectPtr& project) {
  context_.SetProject(project);
  context_.NewScene();
  Replaced(ecs::PlainValue::MakeObject());
  context_.Log().Info(project ? "New scene in the project " + project->name + " (" + project->file.string() + ")"
                              : std::string("New scene"));
}

void SceneFilesSession::OpenDemo() {
  serialization::Scene demo = LoadDemo();
  context_.SetProject(DemoProject());
  context_.ReplaceWorld(std::move(demo.world), std::nullopt);
  Replaced(std::move(demo.editor));
  context_.Log().Info("Opened the demo scene (" + Plural(context_.World().EntityCount(), "entity", "entities") + ")");
}

bool SceneFilesSession::Open(const std::filesystem::path& requested) {
  const std::filesystem::path path = serialization::NormalPath(requested);
  return OpenIn(path, ProjectOf(path));
}

bool SceneFilesSession::OpenIn(const std::filesystem::path& requested, const ProjectPtr& project) {
  const std::filesystem::path path = serialization::NormalPath(requested);
  serialization::LoadOptions options = serialization::ProjectSceneOptions(project);
  options.prefabs = &PrefabsFor(path, project);
  serialization::LoadResult result = serialization::LoadSceneFile(path, options);
  std::vector<std::string> lines;
  for (const serialization::Diagnostic& diagnostic : result.diagnostics) lines.push_back(diagnostic.ToString());
  if (!result.Ok()) {
    for (const std::string& line : lines) context_.Log().Error(path.filename().string() + ": " + line);
    const std::size_t errors = static_cast<std::size_t>(std::count_if(
        result.diagnostics.begin(), result.diagnostics.end(), [](const auto& d) { return d.IsError(); }));
    const char* outcome = started_ ? "The scene you had open is unchanged." : "Cairn started with an empty scene instead.";
    ShowReport({"Cannot open " + Quoted(path),
                path.string() + " was not opened (" + Plural(errors, "problem", "problems") + "). " + outcome,
                std::move(lines)});
    return false;
  }
  for (const std::string& line : lines) context_.Log().Warning(path.filename().string() + ": " + line);
  context_.SetProject(project);
  context_.ReplaceWorld(std::move(result.scene->world), path);
  Replaced(std::move(result.scene->editor));
  if (environment_.remember) {
    if (const std::string problem = environment_.remember(path); !problem.empty()) context_.Log().Warning(problem);
  }
  context_.Log().Info("Opened " + path.string() + " (" + Plural(context_.World().EntityCount(), "entity", "entities") + ")" +
                      (project ? " in the project " + project->name : std::string()));
  OfferRecovery(path);
  return true;
}

// ---- Projects ---------------------------------------------------------------------------

std::optional<SceneFilesSession::ProjectPtr> SceneFilesSession::ReadProject(const std::filesystem::path& path,
                                                              const std::string& outcome) {
  const std::filesystem::path file = ProjectFileIn(serialization::NormalPath(path));
  serialization::ProjectLoadResult result = serialization::LoadProjectFile(file);
  if (result.project) {
    try {
      // What every world of the session will do: a project over the limit of
      // component types fails here, not in the middle of an edit.
      auto probe = std::make_unique<ecs::Coordinator>(1);
      serialization::RegisterSceneComponents(*probe, &*result.project);
    } catch (const std::exception& error) {
      result.diagnostics.push_back({serialization::Diagnostic::Severity::kError, "", error.what()});
      result.project.reset();
    }
  }
  std::vector<std::string> lines;
  for (const serialization::Diagnostic& diagnostic : result.diagnostics) {
    if (!diagnostic.IsError()) continue;
    lines.push_back(diagnostic.ToString());
    context_.Log().Error(file.string() + (diagnostic.pointer.empty() ? "" : ":" + diagnostic.pointer) + ": " +
                         diagnostic.message);
  }
  if (result.project) return std::make_shared<const serialization::Project>(std::move(*result.project));
  ShowReport({"Cannot use " + ProjectPlace(file),
              file.string() + " has " + Plural(lines.size(), "problem", "problems") + ". " + outcome, std::move(lines)});
  return std::nullopt;
}

SceneFilesSession::ProjectPtr SceneFilesSession::ProjectOf(const std::filesystem::path& scene) {
  const serialization::ProjectLink link = serialization::ReadProjectLink(scene);
  std::optional<std::filesystem::path> file = link.project ? link.project : serialization::FindProjectFile(scene);
  if (link.problem) {
    context_.Log().Warning(scene.filename().string() + ": " + link.problem->message + ": " +
                           (file ? "it is read with " + ProjectPlace(*file) : std::string("it is read without a project")));
  }
  if (!file) return nullptr;
  return ReadProject(*file, "The scene is read with the built-in components only; its other components are kept as "
                            "they are and written back.")
      .value_or(nullptr);
}

serialization::PrefabLibrary& SceneFilesSession::PrefabsFor(const std::filesystem::path& scene, const ProjectPtr& project) {
  const std::optional<std::filesystem::path> folder =
      serialization::AssetFolderFor(project ? project->file : std::filesystem::path{}, scene);
  return context_.PrefabsFor(folder.value_or(scene.parent_path()), project);
}

void SceneFilesSession::OpenProject(const std::filesystem::path& path) {
  const std::optional<ProjectPtr> project = ReadProject(path, "The open scene is unchanged.");
  if (!project) return;
  NewSceneIn(*project);
}

void SceneFilesSession::NewProject(const std::filesystem::path& requested) {
  const std::filesystem::path path = serialization::NormalPath(requested);
  const auto refuse = [this, &path](const std::string& why) {
    context_.Log().Error(why);
    ShowReport({"Cannot create a project in '" + path.parent_path().filename().string() + "'",
                "No project was created; the open scene is unchanged.", {why}});
  };
  if (path.filename() != serialization::kProjectFileName) {
    refuse("a project file is named " + std::string(serialization::kProjectFileName) + " (scenes find their project by "
           "that name), not " + path.filename().string());
    return;
  }
  if (Exists(path)) {
    refuse(path.string() + " already exists: File > Open Project... opens it");
    return;
  }
  serialization::Project project;
  project.name = path.parent_path().filename().string();
  const serialization::SaveResult written =
      serialization::WriteFileAtomically(path, serialization::ProjectToText(project), {.keep_backup = false});
  if (!written.ok) {
    refuse(written.error);
    return;
  }
  context_.Log().Info("Created the project " + project.name + " (" + path.string() + ")");
  OpenProject(path);
}

SceneWhereabouts SceneFilesSession::Whereabouts() const {
  return {&context_.World(), context_.Project(), context_.AssetFolder(), EditorData(), context_.ScenePath()};
}

bool SceneFilesSession::AskBeforeSaving(const Task& save) {
  const std::filesystem::path path = serialization::NormalPath(save.path);
  if (context_.ScenePath() && serialization::NormalPath(*context_.ScenePath()) == path) return false;  // it stays where it is
  SceneRelocation relocation = CheckRelocation(Whereabouts(), path);
  if (!relocation.Breaks()) return false;
  relocation_ = std::move(relocation);
  relocating_save_ = save;
  return true;
}

bool SceneFilesSession::Save(const std::filesystem::path& requested, SaveChoice choice) {
  const std::filesystem::path path = serialization::NormalPath(requested);
  const SceneWhereabouts scene = Whereabouts();
  ecs::PlainValue editor = EditorDataFor(scene, path);
  ProjectPtr project = context_.Project();
  CopyResult copied;
  if (choice == SaveChoice::kLinkProject || choice == SaveChoice::kCopyBeside) {
    const SceneRelocation relocation = CheckRelocation(scene, path);
    if (choice == SaveChoice::kLinkProject && relocation.link_target) {
      SetProjectLink(editor, path, relocation.link_target);
      // A project held in memory becomes the linked file's (the same definitions).
      if (project && project->file.empty()) {
        project = ReadProject(*relocation.link_target, "The scene was not saved.").value_or(nullptr);
        if (!project) return false;
      }
    } else if (choice == SaveChoice::kCopyBeside) {
      copied = CopyBeside(relocation);
      if (!copied.Ok()) {
        context_.Log().Error(copied.error);
        ShowReport({"Cannot copy beside " + Quoted(path), "The scene was not saved; nothing was copied.", {copied.error}});
        return false;
      }
      SetProjectLink(editor, path, std::nullopt);  // what it needs is beside it now
      for (const std::filesystem::path& file : copied.written) context_.Log().Info("Copied " + file.string());
      if (relocation.copy_writes_project) {
        auto moved = std::make_shared<serialization::Project>(*relocation.lost_project);
        moved->file = path.parent_path() / serialization::kProjectFileName;
        project = std::move(moved);
      }
    }
  }
  serialization::SaveResult result;
  try {
    result = serialization::SaveSceneFile(path, context_.World(), editor, &PrefabsFor(path, project));
  } catch (const std::exception& error) {
    result.ok = false;
    result.error = error.what();
  }
  if (!result.ok) {
    std::error_code ignored;
    for (const std::filesystem::path& file : copied.written) std::filesystem::remove(file, ignored);
    context_.Log().Error(result.error);
    ShowReport({"Cannot save " + Quoted(path), "The scene was not saved; the file on disk is unchanged.", {result.error}});
    return false;
  }
  editor_data_ = std::move(editor);
  context_.SetProject(project);
  context_.MarkSaved(path);
  if (project && !project->file.empty() && GoverningProjectFile(editor_data_, path) != project->file) {
    context_.Log().Warning(path.string() + " is outside the folder of the project " + project->name + " (" +
                           project->Root().string() + "): opened again, it is not read with the project's components");
  }
  if (environment_.remember) {
    if (const std::string problem = environment_.remember(path); !problem.empty()) context_.Log().Warning(problem);
  }
  context_.Log().Info("Saved " + path.string() + " (" + Plural(context_.World().EntityCount(), "entity", "entities") + ")");
  return true;
}

void SceneFilesSession::Export(const std::filesystem::path& requested, bool include_world_matrices) {
  const std::filesystem::path path = serialization::NormalPath(requested);
  serialization::ExportOptions options;
  options.include_world_matrices = include_world_matrices;
  serialization::SaveResult result;
  try {
    result = serialization::ExportRuntimeFile(path, context_.World(), options);
  } catch (const std::exception& error) {
    result.ok = false;
    result.error = error.what();
  }
  if (!result.ok) {
    context_.Log().Error(result.error);
    ShowReport({"Cannot export " + Quoted(path), "The runtime file was not written.", {result.error}});
    return;
  }
  context_.Log().Info("Exported " + path.string() + " for the runtime");
}

ecs::PlainValue SceneFilesSession::EditorData() const {
  ecs::PlainValue editor = editor_data_;
  if (environment_.view_state) MergeMembers(editor, environment_.view_state());
  return editor;
}

void SceneFilesSession::ShowReport(SceneFilesReport report) { reports_.push_back(std::move(report)); }

void SceneFilesSession::DismissReport() {
  if (!reports_.empty()) reports_.pop_front();
}

// ---- Recovery ------------------------------------------------------------------------------

void SceneFilesSession::OfferRecovery(const std::optional<std::filesystem::path>& scene) {
  if (!context_.Options().journaling) return;
  const std::filesystem::path journal = JournalPathFor(scene, context_.Options().untitled_journal_directory);
  if (!Exists(journal)) return;
  JournalContents contents;
  try {
    contents = Journal::Read(journal, context_.World());
  } catch (const JournalError& error) {
    // Kept aside, so that the next edit does not overwrite it.
    const std::optional<std::filesystem::path> aside = KeepJournalAside(journal);
    context_.Log().Error(std::string(error.what()) + " (the journal cannot be recovered" +
                         (aside ? "; it is kept as " + aside->string() : std::string()) + ")");
    return;
  }
  // An untitled session names its project only in its journal: read the
  // actions again with that project's components.
  ProjectPtr project = context_.Project();
  const std::optional<std::filesystem::path> current =
      project && !project->file.empty() ? std::optional(serialization::NormalPath(project->file)) : std::nullopt;
  if (!scene && contents.header.project != current) {
    project = contents.header.project
                  ? ReadProject(*contents.header.project, "Its journal is read with the built-in components only.")
                        .value_or(nullptr)
                  : nullptr;
    auto registry = std::make_unique<ecs::Coordinator>(1);
    serialization::RegisterSceneComponents(*registry, project.get());
    try {
      contents = Journal::Read(journal, *registry);
    } catch (const JournalError& error) {
      context_.Log().Error(error.what());
      return;
    }
  }
  for (const std::string& warning : contents.warnings) context_.Log().Warning(warning);
  if (contents.Empty()) return;  // nothing to recover; the next edit starts it afresh
  std::optional<std::string> mismatch = JournalMismatch(contents.header, scene);
  recovery_ = RecoveryOffer{scene, journal, std::move(contents), std::move(mismatch), std::move(project)};
}

std::optional<std::filesystem::path> SceneFilesSession::KeepJournalAside(const std::filesystem::path& journal) {
  std::error_code error;
  if (std::filesystem::file_size(journal, error) == 0 || error) return std::nullopt;  // nothing in it to keep
  try {
    return Journal::KeepAside(journal);
  } catch (const JournalError& failure) {
    context_.Log().Error(failure.what());
    return std::nullopt;
  }
}

std::unique_ptr<ecs::Coordinator> SceneFilesSession::UntitledRecoveryBase(const JournalContents& contents,
                                                                   ecs::PlainValue& editor) {
  // An untitled session starts either empty (File > New) or from the demo
  // scene. The journal does not say which; the base it replays onto without
  // failures is the one it was recorded on (the demo's ids are fixed, so
  // actions on demo entities fail on an empty world).
  std::unique_ptr<ecs::Coordinator> empty = context_.CreateWorld();
  const std::size_t empty_failures = FailuresReplaying(*empty, contents.entries);
  if (empty_failures > 0) {
    serialization::Scene demo = LoadDemo();
    if (FailuresReplaying(*demo.world, contents.entries) < empty_failures) {
      if (!context_.Project()) context_.SetProject(DemoProject());
      serialization::Scene fresh = LoadDemo();
      editor = std::move(fresh.editor);
      return std::move(fresh.world);
    }
  }
  editor = ecs::PlainValue::MakeObject();
  return context_.CreateWorld();
}

void SceneFilesSession::RecoverNow() {
  if (!recovery_) return;
  RecoveryOffer offer = std::move(*recovery_);
  recovery_.reset();
  // The journal's actions use the project's components: its worlds register
  // them before anything is replayed.
  const ProjectPtr previous_project = context_.Project();
  context_.SetProject(offer.project);
  std::unique_ptr<ecs::Coordinator> base;
  ecs::PlainValue editor = ecs::PlainValue::MakeObject();
  if (!offer.scene) {
    base = UntitledRecoveryBase(offer.contents, editor);
  } else if (Exists(*offer.scene)) {
    serialization::LoadResult loaded = serialization::LoadSceneFile(*offer.scene, context_.SceneLoadOptions());
    if (!loaded.Ok()) {
      context_.SetProject(previous_project);
      std::vector<std::string> lines;
      for (const auto& diagnostic : loaded.diagnostics) lines.push_back(diagnostic.ToString());
      ShowReport({"Cannot recover " + Quoted(*offer.scene),
                  "The saved scene the journal applies to cannot be opened; the journal was left in place.", lines});
      return;
    }
    base = std::move(loaded.scene->world);
    editor = std::move(loaded.scene->editor);
  } else {
    base = context_.CreateWorld();
  }
  RecoveryResult result;
  try {
    result = context_.Recover(std::move(base), offer.scene, offer.contents);
  } catch (const std::exception& error) {
    context_.SetProject(previous_project);
    context_.Log().Error(error.what());
    ShowReport({"Cannot recover", "The journal was left in place.", {error.what()}});
    return;
  }
  Replaced(std::move(editor));
  if (!result.Succeeded()) {
    const std::string aside =
        result.kept_aside ? " (the journal as it was is kept as " + result.kept_aside->string() + ")" : "";
    ShowReport({"Recovered with problems",
                "Recovered " + Plural(result.replayed, "change", "changes") + "; these could not be recovered" + aside +
                    ":",
                result.errors});
  }
}

// ---- Answers -------------------------------------------------------------------------------

namespace {

// "3 journaled changes and 1 entry that could not be recovered"
std::string JournalSummary(const RecoveryOffer& offer) {
  const std::string changes = Plural(offer.contents.entries.size(), "journaled change", "journaled changes");
  if (offer.contents.problems.empty()) return changes;
  return changes + " and " + Plural(offer.contents.problems.size(), "entry", "entries") + " that could not be recovered";
}

}  // namespace

void SceneFilesSession::Recover() {
  if (recovery_) tasks_.push_back({Task::Kind::kRecover, {}, std::nullopt});
}

bool SceneFilesSession::KeepRecoveryAside() {
  if (!recovery_) return false;
  // When the move fails (logged), the offer stays: the journal is still there to decide about.
  const std::optional<std::filesystem::path> aside = KeepJournalAside(recovery_->journal);
  if (!aside) return false;
  context_.Log().Info("Kept " + JournalSummary(*recovery_) + " aside in " + aside->string());
  recovery_.reset();
  return true;
}

void SceneFilesSession::DiscardRecovery() {
  if (!recovery_) return;
  try {
    Journal::Remove(recovery_->journal);
    context_.Log().Info("Discarded " + JournalSummary(*recovery_) + " (deleted " + recovery_->journal.string() + ")");
  } catch (const JournalError& error) {
    context_.Log().Error(error.what());
  }
  recovery_.reset();
}

void SceneFilesSession::AnswerUnsavedSave() {
  if (!unsaved_question_) return;
  const GuardedOperation operation = *unsaved_question_;
  unsaved_question_.reset();
  if (const std::optional<std::filesystem::path>& path = context_.ScenePath()) {
    tasks_.push_back({Task::Kind::kSave, *path, operation});
  } else {
    AskForFile(FileQuestion::Purpose::kSaveAs, operation);
  }
}

void SceneFilesSession::AnswerUnsavedDontSave() {
  if (!unsaved_question_) return;
  const GuardedOperation operation = *unsaved_question_;
  unsaved_question_.reset();
  Proceed(operation);
}

void SceneFilesSession::AnswerUnsavedCancel() { unsaved_question_.reset(); }

void SceneFilesSession::AnswerRelocation(std::optional<SaveChoice> choice) {
  if (!relocation_ || !relocating_save_) return;
  Task save = std::move(*relocating_save_);
  const std::filesystem::path destination = relocation_->destination;
  relocation_.reset();
  relocating_save_.reset();
  if (!choice || *choice == SaveChoice::kAsk) {
    context_.Log().Info("Save As cancelled: " + destination.string() + " was not written");
    return;  // and what was to follow the save (New, Open, Quit) does not happen
  }
  save.choice = *choice;
  tasks_.push_back(std::move(save));
}

serialization::Scene SceneFilesSession::LoadDemo() const {
  if (environment_.load_demo) return environment_.load_demo();
  return {context_.CreateWorld(), ecs::PlainValue::MakeObject()};
}

SceneFilesSession::ProjectPtr SceneFilesSession::DemoProject() const {
  return environment_.demo_project ? environment_.demo_project() : nullptr;
}

}  // namespace cairn::editor
