#include "cairn/editor/panels/scene_files.h"

#include <imgui.h>

#include <algorithm>
#include <utility>
#include <vector>

#include "cairn/editor/editor_context.h"
#include "cairn/editor/panels/bounded_text.h"
#include "cairn/editor/panels/demo_scene.h"
#include "cairn/editor/panels/editor_host.h"
#include "cairn/editor/panels/modal_frame.h"
#include "cairn/editor/panels/recent_files.h"
#include "cairn/editor/panels/theme.h"
#include "cairn/editor/panels/widget_map.h"
#include "cairn/editor/viewport_panel.h"

namespace cairn::editor {
namespace {

std::string Quoted(const std::filesystem::path& path) { return "'" + path.filename().string() + "'"; }

std::string Plural(std::size_t count, const char* one, const char* many) {
  return std::to_string(count) + " " + (count == 1 ? one : many);
}

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

// The file dialog for what the session asks.
FileDialog::Request RequestFor(const FileQuestion& question) {
  FileDialog::Request request;
  request.folder = question.folder;
  request.file_name = question.file_name;
  switch (question.purpose) {
    case FileQuestion::Purpose::kOpen:
      request.title = "Open Scene";
      request.accept_label = "Open";
      break;
    case FileQuestion::Purpose::kSaveAs:
      request.mode = FileDialogMode::kSave;
      request.title = "Save Scene As";
      request.accept_label = "Save";
      break;
    case FileQuestion::Purpose::kExport:
      request.mode = FileDialogMode::kSave;
      request.title = "Export for Runtime";
      request.accept_label = "Export";
      request.offer_world_matrices = true;
      break;
    case FileQuestion::Purpose::kOpenProject:
      request.title = "Open Project";
      request.accept_label = "Open";
      break;
    case FileQuestion::Purpose::kNewProject:
      request.mode = FileDialogMode::kSave;
      request.title = "New Project";
      request.accept_label = "Create";
      break;
  }
  return request;
}

SceneFilesEnvironment EnvironmentFor(EditorHost& host, RecentFiles& recent, ViewportPanel* viewport,
                                     std::function<void()> world_replaced) {
  SceneFilesEnvironment environment;
  environment.close = [&host] { host.Close(); };
  environment.remember = [&recent](const std::filesystem::path& path) {
    recent.Add(path);
    return recent.Save();
  };
  environment.world_replaced = [viewport, world_replaced = std::move(world_replaced)](const ecs::PlainValue& editor) {
    if (viewport != nullptr) viewport->LoadEditorData(editor);
    if (world_replaced) world_replaced();
  };
  if (viewport != nullptr) environment.view_state = [viewport] { return viewport->SaveEditorData(); };
  environment.load_demo = [] { return LoadDemoScene(); };
  environment.demo_project = [] { return DemoProject(); };
  return environment;
}

}  // namespace

SceneFiles::SceneFiles(EditorContext& context, EditorHost& host, RecentFiles& recent, ViewportPanel* viewport,
                       std::function<void()> world_replaced)
    : context_(context), session_(context, EnvironmentFor(host, recent, viewport, std::move(world_replaced))) {}

bool SceneFiles::DialogOpen() const {
  return session_.Recovery().has_value() || !session_.Reports().empty() || session_.UnsavedQuestion().has_value() ||
         session_.Relocation().has_value() || session_.FileRequest().has_value();
}

std::string SceneFiles::DialogTitle() const {
  if (session_.Recovery()) return "Recover Unsaved Changes";
  if (!session_.Reports().empty()) return session_.Reports().front().title;
  if (session_.UnsavedQuestion()) return "Unsaved Changes";
  if (session_.Relocation()) return kRelocationTitle;
  if (session_.FileRequest()) return RequestFor(*session_.FileRequest()).title;
  return {};
}

void SceneFiles::DrawDialogs() {
  if (session_.Recovery()) {
    DrawRecoveryDialog();
  } else if (!session_.Reports().empty()) {
    DrawReportDialog();
  } else if (session_.UnsavedQuestion()) {
    DrawUnsavedDialog();
  } else if (session_.Relocation()) {
    DrawRelocationDialog();
  } else if (session_.FileRequest()) {
    DrawFileDialog();
  }
}

void SceneFiles::DrawRecoveryDialog() {
  const RecoveryOffer& offer = *session_.Recovery();
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
  if (clicked == kRecover) {
    session_.Recover();
    ImGui::CloseCurrentPopup();
  } else if (clicked == kKeepAside) {
    // When the move fails (logged), the dialog stays: the journal is still there to decide about.
    if (session_.KeepRecoveryAside()) ImGui::CloseCurrentPopup();
  } else if (clicked == kDiscard) {
    session_.DiscardRecovery();
    ImGui::CloseCurrentPopup();
  }
  EndModal();
}

void SceneFiles::DrawRelocationDialog() {
  const SceneRelocation& lost = *session_.Relocation();
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
  ImGui::CloseCurrentPopup();
  EndModal();
  // Cancel also drops what was to follow the save (New, Open, Quit).
  session_.AnswerRelocation(clicked == cancel ? std::nullopt
                                              : std::optional(choices[static_cast<std::size_t>(clicked)]));
}

void SceneFiles::DrawReportDialog() {
  const SceneFilesReport& report = session_.Reports().front();
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
    session_.DismissReport();
    ImGui::CloseCurrentPopup();
  }
  EndModal();
}

void SceneFiles::DrawUnsavedDialog() {
  const GuardedOperation operation = *session_.UnsavedQuestion();
  if (!BeginModal("Unsaved Changes")) return;
  BeginModalBody();
  ImGui::PushTextWrapPos(0.0f);
  const std::optional<std::filesystem::path>& path = context_.ScenePath();
  const std::string scene = path ? Quoted(*path) : std::string("the untitled scene");
  const char* before = "opening another scene";
  switch (operation.kind) {
    case GuardedOperation::Kind::kQuit: before = "quitting"; break;
    case GuardedOperation::Kind::kNew: before = "starting a new scene"; break;
    case GuardedOperation::Kind::kOpenProjectDialog:
    case GuardedOperation::Kind::kOpenProjectPath: before = "opening a project"; break;
    case GuardedOperation::Kind::kNewProjectDialog:
    case GuardedOperation::Kind::kNewProjectPath: before = "creating a project"; break;
    case GuardedOperation::Kind::kOpenDialog:
    case GuardedOperation::Kind::kOpenPath:
    case GuardedOperation::Kind::kOpenDemo: break;
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
  ImGui::CloseCurrentPopup();
  EndModal();
  if (clicked == 0) {
    session_.AnswerUnsavedSave();
  } else if (clicked == 1) {
    session_.AnswerUnsavedDontSave();
  } else {
    session_.AnswerUnsavedCancel();
  }
}

void SceneFiles::DrawFileDialog() {
  const FileQuestion& question = *session_.FileRequest();
  if (!shown_question_ || *shown_question_ != question || !file_dialog_.IsOpen()) {
    file_dialog_.Open(RequestFor(question));
    shown_question_ = question;
  }
  const std::optional<std::filesystem::path> chosen = file_dialog_.Draw();
  if (chosen) {
    shown_question_.reset();
    session_.FileChosen(*chosen, file_dialog_.IncludeWorldMatrices());
  } else if (!file_dialog_.IsOpen()) {
    shown_question_.reset();
    session_.FileCancelled();
  }
}

}  // namespace cairn::editor
