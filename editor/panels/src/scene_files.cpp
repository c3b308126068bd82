#include "cairn/editor/panels/scene_files.h"

#include <imgui.h>

#include <algorithm>
#include <exception>
#include <system_error>
#include <utility>

#include "cairn/ecs/command.h"
#include "cairn/editor/editor_context.h"
#include "cairn/editor/editor_errors.h"
#include "cairn/editor/panels/bounded_text.h"
#include "cairn/editor/panels/demo_scene.h"
#include "cairn/editor/panels/editor_host.h"
#include "cairn/editor/panels/modal_frame.h"
#include "cairn/editor/panels/recent_files.h"
#include "cairn/editor/panels/theme.h"
#include "cairn/editor/panels/widget_map.h"
#include "cairn/editor/viewport_panel.h"
#include "cairn/serialization/asset_folder.h"
#include "cairn/serialization/atomic_file.h"
#include "cairn/serialization/project_scenes.h"
#include "cairn/serialization/runtime_export.h"
#include "cairn/serialization/scene_loader.h"
#include "cairn/serialization/scene_writer.h"

namespace cairn::editor {
namespace {

std::string Quoted(const std::filesystem::path& path) { return "'" + path.filename().string() + "'"; }

constexpr const char* kRelocationTitle = "Save Away From the Project";

// "a, b and c"
std::string ListedNames(const std::vector<std::string>& names) {
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) text += i + 1 == names.size() ? " and " : ", ";
    text += names[i];
  }
  return text;
}

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

SceneFiles::SceneFiles(EditorContext& context, EditorHost& host, RecentFiles& recent, ViewportPanel* viewport,
                       std::function<void()> world_replaced)
    : context_(context), host_(host), recent_(recent), viewport_(viewport), world_replaced_(std::move(world_replaced)) {}

// ---- Start ----------------------------------------------------------------------------

void SceneFiles::Start(const std::optional<std::filesystem::path>& scene,
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
  const std::filesystem::path path = NormalPath(*scene);
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

void SceneFiles::RequestNew() { Guard({Guarded::Kind::kNew, {}}); }
void SceneFiles::RequestOpen() { Guard({Guarded::Kind::kOpenDialog, {}}); }
void SceneFiles::RequestOpen(const std::filesystem::path& path) { Guard({Guarded::Kind::kOpenPath, path}); }
void SceneFiles::RequestOpenDemo() { Guard({Guarded::Kind::kOpenDemo, {}}); }
void SceneFiles::RequestQuit() { Guard({Guarded::Kind::kQuit, {}}); }
void SceneFiles::RequestOpenProject() { Guard({Guarded::Kind::kOpenProjectDialog, {}}); }
void SceneFiles::RequestOpenProject(const std::filesystem::path& path) { Guard({Guarded::Kind::kOpenProjectPath, path}); }
void SceneFiles::RequestNewProject() { Guard({Guarded::Kind::kNewProjectDialog, {}}); }
void SceneFiles::RequestNewProject(const std::filesystem::path& path) { Guard({Guarded::Kind::kNewProjectPath, path}); }

void SceneFiles::RequestSave() {
  context_.StopPlay();  // files hold the edited scene, never the played one
  if (context_.ScenePath()) {
    tasks_.push_back({Task::Kind::kSave, *context_.ScenePath(), std::nullopt});
  } else {
    ShowFileDialog(DialogPurpose::kSaveAs);
  }
}

void SceneFiles::RequestSaveAs() { ShowFileDialog(DialogPurpose::kSaveAs); }
void SceneFiles::RequestExport() { ShowFileDialog(DialogPurpose::kExport); }

void SceneFiles::Guard(Guarded operation) {
  context_.StopPlay();
  if (unsaved_question_) return;  // already asking
  if (context_.IsDirty()) {
    unsaved_question_ = std::move(operation);
    return;
  }
  Proceed(operation);
}

void SceneFiles::Proceed(const Guarded& operation) {
  switch (operation.kind) {
    case Guarded::Kind::kNew: tasks_.push_back({Task::Kind::kNew, {}, std::nullopt}); break;
    case Guarded::Kind::kOpenDialog: ShowFileDialog(DialogPurpose::kOpen); break;
    case Guarded::Kind::kOpenPath: tasks_.push_back({Task::Kind::kOpen, operation.path, std::nullopt}); break;
    case Guarded::Kind::kOpenDemo: tasks_.push_back({Task::Kind::kOpenDemo, {}, std::nullopt}); break;
    case Guarded::Kind::kQuit: tasks_.push_back({Task::Kind::kQuit, {}, std::nullopt}); break;
    case Guarded::Kind::kOpenProjectDialog: ShowFileDialog(DialogPurpose::kOpenProject); break;
    case Guarded::Kind::kOpenProjectPath:
      tasks_.push_back({Task::Kind::kOpenProject, operation.path, std::nullopt});
      break;
    case Guarded::Kind::kNewProjectDialog: ShowFileDialog(DialogPurpose::kNewProject); break;
    case Guarded::Kind::kNewProjectPath: tasks_.push_back({Task::Kind::kNewProject, operation.path, std::nullopt}); break;
  }
}

void SceneFiles::ShowFileDialog(DialogPurpose purpose, std::optional<Guarded> then) {
  context_.StopPlay();
  dialog_purpose_ = purpose;
  after_dialog_ = std::move(then);
  FileDialog::Request request;
  const std::optional<std::filesystem::path>& scene = context_.ScenePath();
  if (scene) {
    request.folder = scene->parent_path();
  } else if (context_.Project() && !context_.Project()->file.empty()) {
    request.folder = context_.Project()->Root();
  }
  switch (purpose) {
    case DialogPurpose::kOpen:
      request.title = "Open Scene";
      request.accept_label = "Open";
      break;
    case DialogPurpose::kSaveAs:
      request.mode = FileDialogMode::kSave;
      request.title = "Save Scene As";
      request.accept_label = "Save";
      request.file_name = scene ? scene->filename().string() : "untitled.json";
      break;
    case DialogPurpose::kExport:
      request.mode = FileDialogMode::kSave;
      request.title = "Export for Runtime";
      request.accept_label = "Export";
      request.file_name = (scene ? scene->stem().string() : std::string("untitled")) + ".runtime.json";
      request.offer_world_matrices = true;
      break;
    case DialogPurpose::kOpenProject:
      request.title = "Open Project";
      request.accept_label = "Open";
      request.file_name = std::string(serialization::kProjectFileName);
      break;
    case DialogPurpose::kNewProject:
      request.mode = FileDialogMode::kSave;
      request.title = "New Project";
      request.accept_label = "Create";
      request.file_name = std::string(serialization::kProjectFileName);
      break;
  }
  file_dialog_.Open(std::move(request));
}

// ---- Work -------------------------------------------------------------------------------

void SceneFiles::ProcessPending() {
  while (!tasks_.empty()) {
    Task task = std::move(tasks_.front());
    tasks_.pop_front();
    Run(task);
  }
}

void SceneFiles::Run(Task& task) {
  context_.StopPlay();
  switch (task.kind) {
    case Task::Kind::kNew: New(); break;
    case Task::Kind::kOpen: Open(task.path); break;
    case Task::Kind::kOpenDemo: OpenDemo(); break;
    case Task::Kind::kSave:
      if (task.choice == SaveChoice::kAsk && AskBeforeSaving(task)) break;
      if (Save(task.path, task.choice) && task.then) Proceed(*task.then);
      break;
    case Task::Kind::kExport: Export(task.path); break;
    case Task::Kind::kQuit:
      // Nothing unsaved is wanted any more: the journal goes too.
      context_.DiscardJournal();
      host_.Close();
      break;
    case Task::Kind::kRecover: Recover(); break;
    case Task::Kind::kOpenProject: OpenProject(task.path); break;
    case Task::Kind::kNewProject: NewProject(task.path); break;
  }
}

void SceneFiles::Replaced(ecs::PlainValue editor) {
  editor_data_ = editor.IsObject() ? std::move(editor) : ecs::PlainValue::MakeObject();
  if (viewport_ != nullptr) viewport_->LoadEditorData(editor_data_);
  if (world_replaced_) world_replaced_();
}

void SceneFiles::New() {
  context_.NewScene();
  Replaced(ecs::PlainValue::MakeObject());
  context_.Log().Info("New scene");
}

void SceneFiles::NewSceneIn(const ProjectPtr& project) {
  context_.SetProject(project);
  context_.NewScene();
  Replaced(ecs::PlainValue::MakeObject());
  context_.Log().Info(project ? "New scene in the project " + project->name + " (" + project->file.string() + ")"
                              : std::string("New scene"));
}

void SceneFiles::OpenDemo() {
  serialization::Scene demo = LoadDemoScene();
  context_.SetProject(DemoProject());
  context_.ReplaceWorld(std::move(demo.world), std::nullopt);
  Replaced(std::move(demo.editor));
  context_.Log().Info("Opened the demo scene (" + Plural(context_.World().EntityCount(), "entity", "entities") + ")");
}

bool SceneFiles::Open(const std::filesystem::path& requested) {
  const std::filesystem::path path = NormalPath(requested);
  return OpenIn(path, ProjectOf(path));
}

bool SceneFiles::OpenIn(const std::filesystem::path& requested, const ProjectPtr& project) {
  const std::filesystem::path path = NormalPath(requested);
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
  recent_.Add(path);
  if (const std::string problem = recent_.Save(); !problem.empty()) context_.Log().Warning(problem);
  context_.Log().Info("Opened " + path.string() + " (" + Plural(context_.World().EntityCount(), "entity", "entities") + ")" +
                      (project ? " in the project " + project->name : std::string()));
  OfferRecovery(path);
  return true;
}

// ---- Projects ---------------------------------------------------------------------------

std::optional<SceneFiles::ProjectPtr> SceneFiles::ReadProject(const std::filesystem::path& path,
                                                              const std::string& outcome) {
  const std::filesystem::path file = ProjectFileIn(NormalPath(path));
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

SceneFiles::ProjectPtr SceneFiles::ProjectOf(const std::filesystem::path& scene) {
  std::optional<std::filesystem::path> file = serialization::FindProjectFile(scene);
  if (const std::optional<std::filesystem::path> link = ReadProjectLink(scene)) {
    std::error_code error;
    if (std::filesystem::is_regular_file(*link, error)) {
      file = link;
    } else {
      context_.Log().Warning(scene.filename().string() + ": its project link names " + link->string() +
                             ", which is not a file: " +
                             (file ? "it is read with " + ProjectPlace(*file) : std::string("it is read without a project")));
    }
  }
  if (!file) return nullptr;
  return ReadProject(*file, "The scene is read with the built-in components only; its other components are kept as "
                            "they are and written back.")
      .value_or(nullptr);
}

serialization::PrefabLibrary& SceneFiles::PrefabsFor(const std::filesystem::path& scene, const ProjectPtr& project) {
  const std::optional<std::filesystem::path> folder =
      serialization::AssetFolderFor(project ? project->file : std::filesystem::path{}, scene);
  return context_.PrefabsFor(folder.value_or(scene.parent_path()), project);
}

void SceneFiles::OpenProject(const std::filesystem::path& path) {
  const std::optional<ProjectPtr> project = ReadProject(path, "The open scene is unchanged.");
  if (!project) return;
  NewSceneIn(*project);
}

void SceneFiles::NewProject(const std::filesystem::path& requested) {
  const std::filesystem::path path = NormalPath(requested);
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

SceneWhereabouts SceneFiles::Whereabouts() {
  return {&context_.World(), context_.Project(), context_.AssetFolder(), EditorData(), context_.ScenePath()};
}

bool SceneFiles::AskBeforeSaving(const Task& save) {
  const std::filesystem::path path = NormalPath(save.path);
  if (context_.ScenePath() && NormalPath(*context_.ScenePath()) == path) return false;  // it stays where it is
  SceneRelocation relocation = CheckRelocation(Whereabouts(), path);
  if (!relocation.Breaks()) return false;
  relocation_question_ = RelocationQuestion{save, std::move(relocation)};
  return true;
}

bool SceneFiles::Save(const std::filesystem::path& requested, SaveChoice choice) {
  const std::filesystem::path path = NormalPath(requested);
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
  recent_.Add(path);
  if (const std::string problem = recent_.Save(); !problem.empty()) context_.Log().Warning(problem);
  context_.Log().Info("Saved " + path.string() + " (" + Plural(context_.World().EntityCount(), "entity", "entities") + ")");
  return true;
}

void SceneFiles::Export(const std::filesystem::path& requested) {
  const std::filesystem::path path = NormalPath(requested);
  serialization::ExportOptions options;
  options.include_world_matrices = file_dialog_.IncludeWorldMatrices();
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

ecs::PlainValue SceneFiles::EditorData() const {
  ecs::PlainValue editor = editor_data_;
  if (viewport_ != nullptr) MergeMembers(editor, viewport_->SaveEditorData());
  return editor;
}

void SceneFiles::ShowReport(Report report) { reports_.push_back(std::move(report)); }

// ---- Recovery ------------------------------------------------------------------------------

void SceneFiles::OfferRecovery(const std::optional<std::filesystem::path>& scene) {
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
      project && !project->file.empty() ? std::optional(NormalPath(project->file)) : std::nullopt;
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

std::optional<std::filesystem::path> SceneFiles::KeepJournalAside(const std::filesystem::path& journal) {
  std::error_code error;
  if (std::filesystem::file_size(journal, error) == 0 || error) return std::nullopt;  // nothing in it to keep
  try {
    return Journal::KeepAside(journal);
  } catch (const JournalError& failure) {
    context_.Log().Error(failure.what());
    return std::nullopt;
  }
}

std::unique_ptr<ecs::Coordinator> SceneFiles::UntitledRecoveryBase(const JournalContents& contents,
                                                                   ecs::PlainValue& editor) {
  // An untitled session starts either empty (File > New) or from the demo
  // scene. The journal does not say which; the base it replays onto without
  // failures is the one it was recorded on (the demo's ids are fixed, so
  // actions on demo entities fail on an empty world).
  std::unique_ptr<ecs::Coordinator> empty = context_.CreateWorld();
  const std::size_t empty_failures = FailuresReplaying(*empty, contents.entries);
  if (empty_failures > 0) {
    serialization::Scene demo = LoadDemoScene();
    if (FailuresReplaying(*demo.world, contents.entries) < empty_failures) {
      if (!context_.Project()) context_.SetProject(DemoProject());
      serialization::Scene fresh = LoadDemoScene();
      editor = std::move(fresh.editor);
      return std::move(fresh.world);
    }
  }
  editor = ecs::PlainValue::MakeObject();
  return context_.CreateWorld();
}

void SceneFiles::Recover() {
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

// ---- Dialogs -------------------------------------------------------------------------------

bool SceneFiles::DialogOpen() const {
  return recovery_.has_value() || !reports_.empty() || unsaved_question_.has_value() ||
         relocation_question_.has_value() || file_dialog_.IsOpen();
}

std::string SceneFiles::DialogTitle() const {
  if (recovery_) return "Recover Unsaved Changes";
  if (!reports_.empty()) return reports_.front().title;
  if (unsaved_question_) return "Unsaved Changes";
  if (relocation_question_) return kRelocationTitle;
  if (file_dialog_.IsOpen()) return file_dialog_.Title();
  return {};
}

void SceneFiles::DrawDialogs() {
  if (recovery_) {
    DrawRecoveryDialog();
  } else if (!reports_.empty()) {
    DrawReportDialog();
  } else if (unsaved_question_) {
    DrawUnsavedDialog();
  } else if (relocation_question_) {
    DrawRelocationDialog();
  } else if (file_dialog_.IsOpen()) {
    DrawFileDialog();
  }
}

void SceneFiles::DrawRecoveryDialog() {
  const RecoveryOffer& offer = *recovery_;
  const std::string scene = offer.scene ? Quoted(*offer.scene) : std::string("the untitled scene");
  if (!BeginModal("Recover Unsaved Changes", ImVec2(ModalMetrics::kWidth, ModalMetrics::kHeight + 60.0f))) return;
  BeginModalBody();
  ImGui::PushTextWrapPos(0.0f);
  const std::size_t count = offer.contents.entries.size();
  ImGui::Text("Cairn was closed without saving %s. Its journal holds %s made after the last save:", scene.c_str(),
              Plural(count, "change", "changes").c_str());
  ImGui::Spacing();
  constexpr std::size_t kListed = 8;
  for (std::size_t i = 0; i < std::min(count, kListed); ++i) {
    BoundedBulletText(offer.contents.entries[i].action.name, TextBounds::Label());
  }
  if (count > kListed) ImGui::TextColored(theme::kTextDim, "... and %zu more", count - kListed);
  const std::vector<JournalProblem>& problems = offer.contents.problems;
  if (!problems.empty()) {
    ImGui::Spacing();
    ImGui::TextColored(theme::kWarning, "%s cannot be recovered:", Plural(problems.size(), "entry", "entries").c_str());
    for (const JournalProblem& problem : problems) {
      BoundedTextColored(theme::kWarning, Describe(problem));
      GlobalWidgetMap().Record("recovery/problem/" + std::to_string(problem.entry));
    }
  }
  if (offer.mismatch) {
    ImGui::Spacing();
    BoundedTextColored(theme::kError, "The journal cannot be applied: " + *offer.mismatch);
  }
  ImGui::PopTextWrapPos();
  EndModalBody();
  enum { kRecover, kKeepAside, kDiscard, kNone } clicked = kNone;
  if (offer.mismatch) {
    if (ModalButtons("recovery", {"Discard"}, -1, -1) == 0) clicked = kDiscard;
  } else if (problems.empty()) {
    const int button = ModalButtons("recovery", {"Recover", "Discard"}, 0, -1);
    clicked = button == 0 ? kRecover : button == 1 ? kDiscard : kNone;
  } else if (count == 0) {
    const int button = ModalButtons("recovery", {"Keep Aside", "Discard"}, 0, -1);
    clicked = button == 0 ? kKeepAside : button == 1 ? kDiscard : kNone;
  } else {
    const int button = ModalButtons("recovery", {"Recover", "Keep Aside", "Discard"}, 0, -1);
    clicked = button == 0 ? kRecover : button == 1 ? kKeepAside : button == 2 ? kDiscard : kNone;
  }
  const auto what = [&] {
    const std::string changes = Plural(count, "journaled change", "journaled changes");
    if (problems.empty()) return changes;
    return changes + " and " + Plural(problems.size(), "entry", "entries") + " that could not be recovered";
  };
  if (clicked == kRecover) {
    tasks_.push_back({Task::Kind::kRecover, {}, std::nullopt});
    ImGui::CloseCurrentPopup();
  } else if (clicked == kKeepAside) {
    // When the move fails (reported), the dialog stays: the journal is still there to decide about.
    if (const std::optional<std::filesystem::path> aside = KeepJournalAside(offer.journal)) {
      context_.Log().Info("Kept " + what() + " aside in " + aside->string());
      recovery_.reset();
      ImGui::CloseCurrentPopup();
    }
  } else if (clicked == kDiscard) {
    try {
      Journal::Remove(offer.journal);
      context_.Log().Info("Discarded " + what() + " (deleted " + offer.journal.string() + ")");
    } catch (const JournalError& error) {
      context_.Log().Error(error.what());
    }
    recovery_.reset();
    ImGui::CloseCurrentPopup();
  }
  EndModal();
}

void SceneFiles::DrawRelocationDialog() {
  const RelocationQuestion& question = *relocation_question_;
  const SceneRelocation& lost = question.relocation;
  if (!BeginModal(kRelocationTitle, ImVec2(ModalMetrics::kWidth + 160.0f, ModalMetrics::kHeight + 140.0f))) return;
  BeginModalBody();
  ImGui::PushTextWrapPos(0.0f);
  const std::string folder = lost.destination.parent_path().string();
  BoundedText("Saved as " + Quoted(lost.destination) + " in " + folder + ", the scene would not find what it uses:");
  ImGui::Spacing();
  if (lost.lost_project) {
    const std::string project = "the project " + lost.lost_project->name +
                                (lost.lost_project->file.empty() ? std::string(" (built in)")
                                                                 : " (" + lost.lost_project->file.string() + ")");
    ImGui::PushStyleColor(ImGuiCol_Text, theme::kWarning);
    ImGui::Bullet();
    ImGui::SameLine();
    if (lost.lost_components.empty()) {
      BoundedText(project + ": opened again, the scene is no longer in it");
    } else {
      BoundedText(project + ": its " + ListedNames(lost.lost_components) + " on " +
                  Plural(lost.entities_using_lost_components, "entity", "entities") +
                  " would be unknown components when the scene is opened again");
    }
    ImGui::PopStyleColor();
  }
  if (!lost.lost_assets.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, theme::kWarning);
    ImGui::Bullet();
    ImGui::SameLine();
    BoundedText(Plural(lost.lost_assets.size(), "asset", "assets") + " in " + lost.asset_source.string() +
                " would be missing (or another file) in " + lost.asset_destination.string() + ":");
    ImGui::PopStyleColor();
    constexpr std::size_t kListed = 6;
    ImGui::Indent();
    for (std::size_t i = 0; i < std::min(lost.lost_assets.size(), kListed); ++i) {
      BoundedBulletText(lost.lost_assets[i], TextBounds::Label());
    }
    if (lost.lost_assets.size() > kListed) ImGui::TextColored(theme::kTextDim, "... and %zu more", lost.lost_assets.size() - kListed);
    ImGui::Unindent();
  }
  ImGui::Spacing();
  if (lost.link_target) {
    BoundedText("Link Project: the scene names " + lost.link_target->string() +
                " and keeps reading its components and assets there.");
  }
  const bool copies = !lost.lost_assets.empty() || lost.copy_writes_project;
  if (copies) {
    std::string copy = "Copy Files: copies ";
    if (!lost.lost_assets.empty()) copy += "the " + Plural(lost.lost_assets.size(), "asset", "assets");
    if (!lost.lost_assets.empty() && lost.copy_writes_project) copy += " and ";
    if (lost.copy_writes_project) copy += "the project's definitions (" + std::string(serialization::kProjectFileName) + ")";
    copy += " to " + (lost.copy_writes_project || lost.lost_assets.empty() ? folder : lost.asset_destination.string()) + ".";
    if (!lost.CopyKeepsComponents()) {
      copy += " The folder is in another project (" + lost.destination_project->string() + "): " +
              ListedNames(lost.lost_components) + " would stay unknown.";
    }
    BoundedText(copy);
  }
  ImGui::PopTextWrapPos();
  EndModalBody();
  // The buttons: Link Project when a link can keep the scene whole, then
  // the copy (or, with nothing to copy, saving without the project), Cancel.
  std::vector<SaveChoice> choices;
  if (lost.link_target) choices.push_back(SaveChoice::kLinkProject);
  choices.push_back(copies ? SaveChoice::kCopyBeside : SaveChoice::kAsIs);
  const char* second = copies ? "Copy Files" : "Save Anyway";
  const int cancel = static_cast<int>(choices.size());
  const int clicked = lost.link_target ? ModalButtons("relocation", {"Link Project", second, "Cancel"}, 0, cancel)
                                       : ModalButtons("relocation", {second, "Cancel"}, 0, cancel);
  if (clicked < 0) {
    EndModal();
    return;
  }
  Task save = std::move(relocation_question_->save);
  relocation_question_.reset();
  ImGui::CloseCurrentPopup();
  EndModal();
  if (clicked == cancel) {
    context_.Log().Info("Save As cancelled: " + lost.destination.string() + " was not written");
    return;  // and what was to follow the save (New, Open, Quit) does not happen
  }
  save.choice = choices[static_cast<std::size_t>(clicked)];
  tasks_.push_back(std::move(save));
}

void SceneFiles::DrawReportDialog() {
  const Report& report = reports_.front();
  const std::string id = report.title + "###report";
  if (!BeginModal(id.c_str(), ImVec2(ModalMetrics::kWidth + 120.0f, ModalMetrics::kHeight + 80.0f))) return;
  BeginModalBody();
  ImGui::PushTextWrapPos(0.0f);
  BoundedText(report.summary);
  ImGui::Spacing();
  for (const std::string& line : report.lines) {
    ImGui::PushStyleColor(ImGuiCol_Text, theme::kError);
    ImGui::Bullet();
    ImGui::SameLine();
    BoundedText(line);
    ImGui::PopStyleColor();
  }
  ImGui::PopTextWrapPos();
  EndModalBody();
  if (ModalButtons("report", {"OK"}, 0, 0) == 0) {
    reports_.pop_front();
    ImGui::CloseCurrentPopup();
  }
  EndModal();
}

void SceneFiles::DrawUnsavedDialog() {
  const Guarded operation = *unsaved_question_;
  if (!BeginModal("Unsaved Changes")) return;
  BeginModalBody();
  ImGui::PushTextWrapPos(0.0f);
  const std::optional<std::filesystem::path>& path = context_.ScenePath();
  const std::string scene = path ? Quoted(*path) : std::string("the untitled scene");
  const char* before = "opening another scene";
  switch (operation.kind) {
    case Guarded::Kind::kQuit: before = "quitting"; break;
    case Guarded::Kind::kNew: before = "starting a new scene"; break;
    case Guarded::Kind::kOpenProjectDialog:
    case Guarded::Kind::kOpenProjectPath: before = "opening a project"; break;
    case Guarded::Kind::kNewProjectDialog:
    case Guarded::Kind::kNewProjectPath: before = "creating a project"; break;
    case Guarded::Kind::kOpenDialog:
    case Guarded::Kind::kOpenPath:
    case Guarded::Kind::kOpenDemo: break;
  }
  ImGui::Text("Save the changes to %s before %s?", scene.c_str(), before);
  ImGui::Spacing();
  ImGui::TextColored(theme::kTextDim, "Your changes are lost if you don't save them.");
  ImGui::PopTextWrapPos();
  EndModalBody();
  const int clicked = ModalButtons("unsaved", {"Save", "Don't Save", "Cancel"}, 0, 2);
  if (clicked < 0) {
    EndModal();
    return;
  }
  unsaved_question_.reset();
  ImGui::CloseCurrentPopup();
  EndModal();
  if (clicked == 0) {
    if (path) {
      tasks_.push_back({Task::Kind::kSave, *path, operation});
    } else {
      ShowFileDialog(DialogPurpose::kSaveAs, operation);
    }
  } else if (clicked == 1) {
    Proceed(operation);
  }
}

void SceneFiles::DrawFileDialog() {
  const std::optional<std::filesystem::path> chosen = file_dialog_.Draw();
  if (!chosen) {
    if (!file_dialog_.IsOpen()) after_dialog_.reset();  // cancelled
    return;
  }
  switch (dialog_purpose_) {
    case DialogPurpose::kOpen: tasks_.push_back({Task::Kind::kOpen, *chosen, std::nullopt}); break;
    case DialogPurpose::kSaveAs: tasks_.push_back({Task::Kind::kSave, *chosen, after_dialog_}); break;
    case DialogPurpose::kExport: tasks_.push_back({Task::Kind::kExport, *chosen, std::nullopt}); break;
    case DialogPurpose::kOpenProject: tasks_.push_back({Task::Kind::kOpenProject, *chosen, std::nullopt}); break;
    case DialogPurpose::kNewProject: tasks_.push_back({Task::Kind::kNewProject, *chosen, std::nullopt}); break;
  }
  after_dialog_.reset();
}

}  // namespace cairn::editor
