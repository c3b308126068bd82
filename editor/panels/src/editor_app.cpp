#include "cairn/editor/panels/editor_app.h"

#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_internal.h>

#include "cairn/editor/asset_files.h"
#include "cairn/editor/panels/bounded_text.h"
#include "cairn/editor/panels/modal_frame.h"
#include "cairn/editor/panels/editor_host.h"
#include "cairn/editor/panels/shortcuts.h"
#include "cairn/editor/panels/splitter.h"
#include "cairn/editor/panels/theme.h"
#include "cairn/editor/panels/widget_map.h"
#include "cairn/editor/viewport_panel.h"

namespace cairn::editor {
namespace {

constexpr std::size_t kExpandOnOpenLimit = 200;

constexpr ImGuiWindowFlags kPanelFlags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                         ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings |
                                         ImGuiWindowFlags_NoBringToFrontOnFocus;

// Begins a panel window over `rect`; call ImGui::End() whatever it returns.
bool BeginPanel(const char* name, const Rect& rect, ImGuiWindowFlags extra = 0) {
  ImGui::SetNextWindowPos(ImVec2(rect.x, rect.y));
  ImGui::SetNextWindowSize(ImVec2(rect.w, rect.h));
  const bool visible = ImGui::Begin(name, nullptr, kPanelFlags | extra);
  GlobalWidgetMap().RecordBox(std::string("panel/") + name, {rect.x, rect.y, rect.w, rect.h});
  return visible;
}

// ImGui 1.86 closes popups on Escape only when keyboard navigation is on,
// which the editor leaves off (its arrow keys move its own highlights).
// Escape closes the open menus and popups above the top-most modal dialog;
// dialogs answer Escape themselves.
void CloseMenusOnEscape() {
  if (!ImGui::IsKeyPressed(GLFW_KEY_ESCAPE, false)) return;
  ImGuiContext& g = *ImGui::GetCurrentContext();
  int keep = 0;
  for (int i = g.OpenPopupStack.Size - 1; i >= 0; --i) {
    const ImGuiWindow* window = g.OpenPopupStack[i].Window;
    if (window != nullptr && (window->Flags & ImGuiWindowFlags_Modal) != 0) {
      keep = i + 1;
      break;
    }
  }
  if (g.OpenPopupStack.Size > keep) ImGui::ClosePopupToLevel(keep, true);
}

}  // namespace

EditorApp::EditorApp(EditorHost& host, EditorAppOptions options)
    : host_(host),
      options_(std::move(options)),
      context_(options_.context),
      recent_(options_.recent_files),
      viewport_(options_.viewport ? std::make_unique<ViewportPanel>(context_) : nullptr),
      commands_(context_),
      hierarchy_(context_, commands_, watch_),
      assets_(context_),
      inspector_(context_, commands_, watch_),
      files_(context_, host_, recent_, viewport_.get(), [this] { WorldReplaced(); }),
      journal_dialog_(context_),
      project_settings_(context_),
      sizes_(options_.sizes) {
  commands_.SetViewport(viewport_.get());
  if (viewport_) {
    assets_.SetThumbnails([this](std::string_view asset) { return viewport_->Thumbnail(asset); });
    assets_.SetReimport([this](std::string_view asset) { viewport_->Reimport(asset); });
  }
  commands_.SetRenameHandler([this](ecs::EntityId id) { hierarchy_.BeginRename(id); });
  watch_.Attach(context_.World());
  watched_world_ = &context_.World();
  if (const std::string problem = recent_.Load(); !problem.empty()) context_.Log().Warning(problem);
}

EditorApp::~EditorApp() = default;

void EditorApp::Initialize() {
  if (!viewport_) return;
  for (const std::string& problem : viewport_->Initialize()) context_.Log().Error("Viewport: " + problem);
}

void EditorApp::Start(const std::optional<std::filesystem::path>& scene,
                      const std::optional<std::filesystem::path>& project) {
  files_.Start(scene, project);
}

std::string EditorApp::WindowTitle() const {
  std::string title = context_.Title();
  if (context_.Project()) title += " - " + BoundedLabel(context_.Project()->name);
  return title + " - Cairn";
}

void EditorApp::WorldReplaced() {
  watch_.Attach(context_.World());
  watched_world_ = &context_.World();
  hierarchy_.Reset();
  // A small scene opens fully expanded; a large one shows its roots.
  if (context_.World().EntityCount() <= kExpandOnOpenLimit) hierarchy_.ExpandAll();
  UpdateMovedAssets();
}

void EditorApp::UpdateMovedAssets() {
  const std::optional<std::filesystem::path> folder = context_.AssetFolder();
  if (!folder) return;
  std::vector<std::string> notes;
  ecs::Action update = RetargetMovedAssets(context_.World(), *folder, notes);
  const bool updating = !update.commands.empty();
  if (updating) context_.Enqueue(std::move(update));
  for (const std::string& note : notes) {
    if (updating) {
      context_.Log().Info("Asset moved since the scene was saved: " + note + " (reference updated)");
    } else {
      context_.Log().Warning("Assets: " + note);
    }
  }

}

void EditorApp::ResetLayout() {
  sizes_ = PanelSizes{};
  if (options_.sizes_changed) options_.sizes_changed(sizes_);
}

void EditorApp::DrawFrame() {
  context_.Flush();
  if (const std::optional<std::string> failure = context_.AdvancePlay(ImGui::GetIO().DeltaTime)) {
    play_failure_ = *failure;
  }
  project_settings_.ApplyPending();
  if (&context_.World() != watched_world_) {  // migrated to changed definitions: same entities, new types
    watch_.Attach(context_.World());
    watched_world_ = &context_.World();
  }
  files_.ProcessPending();
  CloseMenusOnEscape();
  if (!menu_.DialogOpen() && !project_settings_.IsOpen()) HandleShortcuts(commands_, files_, viewport_.get());

  MenuTargets targets{context_,   commands_,       files_, recent_, hierarchy_, viewport_.get(),
                      [this] { ResetLayout(); }, [this] { project_settings_.Open(); },
                      [this] { arrange_.Open() = true; }};
  const float menu_height = menu_.Draw(targets);
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  sizes_ = FitSizes(sizes_, display.x, display.y, menu_height);
  rects_ = ComputePanelRects(sizes_, display.x, display.y, menu_height);
  DrawPanels();
  DrawSplitters();
  files_.DrawDialogs();
  menu_.DrawDialogs();
  project_settings_.Draw();
  arrange_.Draw(context_, viewport_ != nullptr ? &viewport_->Meshes() : nullptr);
  journal_dialog_.Draw(files_.DialogOpen() || menu_.DialogOpen() || project_settings_.IsOpen());
  DrawPlayFailure();
  DrawModuleTrust();
  // What the panels asked for this frame is applied now, not at the start of
  // the next one: the viewport, rendered after this, and the title show it.
  context_.Flush();
  if (viewport_) viewport_->Render();

  // Closing the window waits for Project Settings, which asks about its own changes.
  if (host_.CloseRequested() && !project_settings_.IsOpen()) {
    host_.DismissCloseRequest();
    files_.RequestQuit();
  }
  const std::string title = WindowTitle();
  if (title != title_) {
    host_.SetTitle(title);
    title_ = title;
  }
  context_.RetryJournal(ImGui::GetTime());
  context_.RefreshPrefabInstances(ImGui::GetTime());
  context_.RefreshModule(ImGui::GetTime());
  GlobalWidgetMap().EndFrame();
}

void EditorApp::DrawPlayFailure() {
  if (play_failure_.empty()) return;
  if (BeginModal(kPlayFailureTitle)) {
    BeginModalBody();
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted("A system failed, so play stopped. The scene is as it was before Play.");
    ImGui::Spacing();
    BoundedTextColored(theme::kError, play_failure_);
    ImGui::PopTextWrapPos();
    EndModalBody();
    if (ModalButtons(kPlayFailureTitle, {"OK"}, 0, 0) == 0) {
      play_failure_.clear();
      ImGui::CloseCurrentPopup();
    }
    EndModal();
  }
}

void EditorApp::DrawModuleTrust() {
  ModuleSession& modules = context_.Modules();
  const std::optional<std::filesystem::path> waiting = modules.AwaitingTrust();
  // Another dialog first: this one waits its turn.
  if (!waiting || files_.DialogOpen() || menu_.DialogOpen() || project_settings_.IsOpen() || !play_failure_.empty()) {
    return;
  }
  if (BeginModal(kModuleTrustTitle, ImVec2(ModalMetrics::kWidth, 250.0f))) {
    BeginModalBody();
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted("This project's game module is native code that runs in the editor when you press Play:");
    ImGui::Spacing();
    BoundedTextColored(theme::kTextDim, waiting->string());
    ImGui::Spacing();
    ImGui::TextUnformatted("Run it only if you trust where the project comes from. Your answer is remembered for this "
                           "file on this machine.");
    ImGui::PopTextWrapPos();
    EndModalBody();
    const int choice = ModalButtons(kModuleTrustTitle, {"Trust and Run", "Not Now"}, -1, 1);
    if (choice == 0) modules.Trust();
    if (choice == 1) modules.Decline();
    if (choice >= 0) ImGui::CloseCurrentPopup();
    EndModal();
  }
}

std::string EditorApp::DialogTitle() const {
  std::string title = files_.DialogTitle();
  if (title.empty() && project_settings_.IsOpen()) title = ProjectSettingsWindow::kTitle;
  if (title.empty() && journal_dialog_.IsOpen()) title = JournalFailureDialog::kTitle;
  if (title.empty() && !play_failure_.empty()) title = kPlayFailureTitle;
  if (title.empty() && context_.Modules().AwaitingTrust()) title = kModuleTrustTitle;
  return title;
}

void EditorApp::DrawPanels() {
  const float toolbar_padding = (LayoutMetrics::kToolbarHeight - ImGui::GetFrameHeight()) * 0.5f;
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(10.0f, toolbar_padding));
  if (BeginPanel("##toolbar", rects_.toolbar, ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar)) {
    toolbar_.Draw(context_, viewport_.get());
  }
  ImGui::End();
  ImGui::PopStyleVar();

  if (BeginPanel("Hierarchy", rects_.hierarchy)) hierarchy_.Draw();
  ImGui::End();

  if (BeginPanel("Assets", rects_.assets)) assets_.Draw();
  ImGui::End();

  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0.0f, 0.0f));
  if (BeginPanel("Viewport", rects_.viewport, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse)) {
    if (viewport_) {
      viewport_->Draw();
    } else {
      ImGui::SetCursorPos(ImVec2(12.0f, ImGui::GetCursorPosY() + 10.0f));
      ImGui::TextColored(theme::kTextDim, "The viewport is off in this run.");
    }
  }
  ImGui::End();
  ImGui::PopStyleVar();

  if (BeginPanel("Console", rects_.console)) console_.Draw(context_.Log());
  ImGui::End();

  if (BeginPanel("Inspector", rects_.inspector)) inspector_.Draw();
  ImGui::End();
}

void EditorApp::DrawSplitters() {
  struct Split {
    const char* name;
    const Rect& gap;
    SplitAxis axis;
    float PanelSizes::*size;
    float sign;  // +1: dragging right/down grows the panel
  };
  const Split splits[] = {
      {"##split_hierarchy", rects_.hierarchy_split, SplitAxis::kVertical, &PanelSizes::hierarchy_width, 1.0f},
      {"##split_inspector", rects_.inspector_split, SplitAxis::kVertical, &PanelSizes::inspector_width, -1.0f},
      {"##split_console", rects_.console_split, SplitAxis::kHorizontal, &PanelSizes::console_height, -1.0f},
      {"##split_assets", rects_.assets_split, SplitAxis::kHorizontal, &PanelSizes::assets_height, -1.0f},
  };
  for (const Split& split : splits) {
    const SplitterState state = DrawSplitter(split.name, split.gap, split.axis);
    GlobalWidgetMap().RecordBox(std::string("split/") + (split.name + 8), {split.gap.x, split.gap.y, split.gap.w, split.gap.h});
    if (state.started) drag_start_sizes_ = sizes_;
    if (state.active) sizes_.*split.size = drag_start_sizes_.*split.size + split.sign * state.drag;
    if (state.released && options_.sizes_changed) options_.sizes_changed(sizes_);
  }
}

}  // namespace cairn::editor
