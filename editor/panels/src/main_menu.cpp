#include "cairn/editor/panels/main_menu.h"

#include <imgui.h>

#include <span>
#include <string>

#include "cairn/editor/editor_context.h"
#include "cairn/editor/panels/bounded_text.h"
#include "cairn/editor/panels/editor_commands.h"
#include "cairn/editor/panels/entity_menu.h"
#include "cairn/editor/panels/hierarchy_panel.h"
#include "cairn/editor/panels/modal_frame.h"
#include "cairn/editor/panels/recent_files.h"
#include "cairn/editor/panels/scene_files.h"
#include "cairn/editor/panels/theme.h"
#include "cairn/editor/panels/widget_map.h"
#include "cairn/editor/viewport_panel.h"

namespace cairn::editor {
namespace {

bool Item(const char* menu, const char* label, const char* shortcut = nullptr, bool enabled = true) {
  const bool clicked = ImGui::MenuItem(label, shortcut, false, enabled);
  GlobalWidgetMap().Record(std::string("menu/") + menu + "/" + label);
  return clicked;
}

bool BeginMenu(const char* label) {
  const bool open = ImGui::BeginMenu(label);
  GlobalWidgetMap().Record(std::string("menu/") + label);
  return open;
}

struct ShortcutRow {
  const char* keys;
  const char* what;
};

constexpr ShortcutRow kShortcuts[] = {
    {"Ctrl+N", "New scene"},
    {"Ctrl+O", "Open a scene"},
    {"Ctrl+S", "Save"},
    {"Ctrl+Shift+S", "Save as"},
    {"Ctrl+Q", "Quit"},
    {"Ctrl+Z", "Undo"},
    {"Ctrl+Y, Ctrl+Shift+Z", "Redo"},
    {"Ctrl+C / Ctrl+V", "Copy and paste entities"},
    {"Ctrl+D", "Duplicate the selection"},
    {"Delete", "Delete the selection (with children)"},
    {"Ctrl+A", "Select every entity"},
    {"F2, double-click", "Rename in the Hierarchy"},
    {"W / E / R", "Move, rotate, scale tool"},
    {"Ctrl+P", "Play the scene, or stop playing"},
    {"Ctrl+click, Shift+click", "Add to the selection, select a range"},
    {"Drag in the Hierarchy", "Reparent (onto a row), reorder (row edges), unparent (empty space)"},
};

// The rules of editor/viewport's CameraNavigator (camera_navigator.h), and
// Frame Selected.
constexpr ShortcutRow kCameraControls[] = {
    {"Right drag", "Orbit around the camera's target"},
    {"Right held + W / A / S / D", "Fly forward, left, back, right; the mouse looks around"},
    {"Right held + Q / E", "Fly down, up"},
    {"Shift while flying", "Fly fast"},
    {"Wheel while right held", "Fly speed (one notch: x1.2)"},
    {"Alt + left drag", "Orbit"},
    {"Middle drag", "Pan"},
    {"Wheel", "Zoom towards the point under the cursor"},
    {"F", "Frame the selection"},
};

constexpr ShortcutRow kPlacementKeys[] = {
    {"End", "Drop the selection to the floor below it"},
    {"Shift while moving", "Surface snap: slide the selection over the surfaces under the cursor"},
    {"V while moving", "Vertex snap: a vertex of the selection onto the vertex under the cursor"},
    {"Ctrl while dragging a gizmo", "Snap to the grid (moves land on multiples of the step)"},
    {"Shift while scattering", "Erase the brush's instances under the circle"},
    {"V while measuring", "Measure between vertices"},
};

struct ShortcutGroup {
  const char* heading;
  std::span<const ShortcutRow> rows;
};

constexpr ShortcutGroup kShortcutGroups[] = {
    {"Editing", kShortcuts},
    {"Viewport camera", kCameraControls},
    {"Placing the selection in the viewport", kPlacementKeys},
};

void DrawShortcutGroup(const ShortcutGroup& group) {
  ImGui::TextColored(theme::kTextDim, "%s", group.heading);
  if (!ImGui::BeginTable(group.heading, 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH)) return;
  ImGui::TableSetupColumn("keys", ImGuiTableColumnFlags_WidthFixed, 200.0f);
  ImGui::TableSetupColumn("what", ImGuiTableColumnFlags_WidthStretch);
  for (const ShortcutRow& row : group.rows) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextColored(theme::kCameraIcon, "%s", row.keys);
    ImGui::TableSetColumnIndex(1);
    ImGui::TextWrapped("%s", row.what);
  }
  ImGui::EndTable();
  ImGui::Spacing();
}

}  // namespace

float MainMenu::Draw(MenuTargets& targets) {
  float height = 0.0f;
  if (!ImGui::BeginMainMenuBar()) return ImGui::GetFrameHeight();
  height = ImGui::GetWindowSize().y;
  DrawFileMenu(targets);
  DrawEditMenu(targets);
  DrawEntityMenu(targets);
  DrawViewMenu(targets);
  DrawHelpMenu(targets);
  // "Beacon  level.json *": the project, when there is one, then the scene.
  const std::string title = BoundedLabel(targets.context.Title());
  const std::string project =
      targets.context.Project() ? BoundedLabel(targets.context.Project()->name) + "  " : std::string();
  const float width = ImGui::CalcTextSize((project + title).c_str()).x;
  const float x = ImGui::GetWindowContentRegionMax().x - width - 8.0f;
  if (x > ImGui::GetCursorPosX() + 16.0f) {
    ImGui::SetCursorPosX(x);
    if (!project.empty()) {
      ImGui::TextColored(theme::kInfo, "%s", project.c_str());
      GlobalWidgetMap().Record("menu/project");
      if (ImGui::IsItemHovered()) BoundedTooltip("Project " + targets.context.Project()->name + "\n" +
                                                 targets.context.Project()->file.string());
      ImGui::SameLine(0.0f, 0.0f);
    }
    ImGui::TextColored(theme::kTextDim, "%s", title.c_str());
  }
  ImGui::EndMainMenuBar();
  return height;
}

void MainMenu::DrawFileMenu(MenuTargets& targets) {
  if (!BeginMenu("File")) return;
  SceneFiles& files = targets.files;
  if (Item("File", "New", "Ctrl+N")) files.RequestNew();
  if (Item("File", "Open...", "Ctrl+O")) files.RequestOpen();
  if (BeginMenu("Open Recent")) {
    const auto& paths = targets.recent.Paths();
    if (paths.empty()) ImGui::TextDisabled("No recent scenes");
    for (const std::filesystem::path& path : paths) {
      if (ImGui::MenuItem(BoundedLabel(path.filename().string()).c_str(), nullptr)) files.RequestOpen(path);
      if (ImGui::IsItemHovered()) BoundedTooltip(path.string());
    }
    if (!paths.empty()) {
      ImGui::Separator();
      if (ImGui::MenuItem("Clear Recent")) {
        targets.recent.Clear();
        if (const std::string problem = targets.recent.Save(); !problem.empty()) targets.context.Log().Warning(problem);
      }
    }
    ImGui::EndMenu();
  }
  ImGui::Separator();
  if (Item("File", "Open Project...")) files.RequestOpenProject();
  if (Item("File", "New Project...")) files.RequestNewProject();
  if (Item("File", "Project Settings...", nullptr, targets.context.Project() != nullptr) &&
      targets.open_project_settings) {
    targets.open_project_settings();
  }
  ImGui::Separator();
  if (Item("File", "Save", "Ctrl+S")) files.RequestSave();
  if (Item("File", "Save As...", "Ctrl+Shift+S")) files.RequestSaveAs();
  ImGui::Separator();
  if (Item("File", "Export for Runtime...")) files.RequestExport();
  ImGui::Separator();
  if (Item("File", "Quit", "Ctrl+Q")) files.RequestQuit();
  ImGui::EndMenu();
}

void MainMenu::DrawEditMenu(MenuTargets& targets) {
  if (!BeginMenu("Edit")) return;
  EditorContext& context = targets.context;
  EditorCommands& commands = targets.commands;
  const History& history = context.GetHistory();
  // Labels name the action ("Undo Rename 'Crate'"); the ids stay fixed.
  const std::string undo = BoundedLabel(history.UndoMenuLabel()) + "###undo";
  if (ImGui::MenuItem(undo.c_str(), "Ctrl+Z", false, history.CanUndo())) context.Undo();
  GlobalWidgetMap().Record("menu/Edit/Undo");
  const std::string redo = BoundedLabel(history.RedoMenuLabel()) + "###redo";
  if (ImGui::MenuItem(redo.c_str(), "Ctrl+Y", false, history.CanRedo())) context.Redo();
  GlobalWidgetMap().Record("menu/Edit/Redo");
  ImGui::Separator();
  const bool selected = commands.HasSelection();
  if (Item("Edit", "Copy", "Ctrl+C", selected)) commands.CopySelection();
  if (Item("Edit", "Paste", "Ctrl+V", commands.CanPaste())) commands.Paste();
  if (Item("Edit", "Duplicate", "Ctrl+D", selected)) commands.DuplicateSelection();
  if (Item("Edit", "Delete", "Delete", selected)) commands.DeleteSelection();
  ImGui::Separator();
  if (Item("Edit", "Select All", "Ctrl+A")) commands.SelectAll();
  if (Item("Edit", "Deselect", nullptr, selected)) context.GetSelection().Clear();
  ImGui::EndMenu();
}

void MainMenu::DrawEntityMenu(MenuTargets& targets) {
  if (!BeginMenu("Entity")) return;
  DrawEntityMenuItems(targets.commands, {targets.commands.CreationParent(), true, "menu/Entity"});
  ImGui::Separator();
  if (Item("Entity", "Frame Selected", "F", targets.commands.HasSelection() && targets.viewport != nullptr)) {
    targets.commands.FrameSelected();
  }
  if (Item("Entity", "Drop to Floor", "End", targets.commands.HasSelection() && targets.viewport != nullptr)) {
    targets.viewport->DropSelectionToFloor();
  }
  if (Item("Entity", "Arrange...", nullptr, targets.open_arrange != nullptr)) targets.open_arrange();
  ImGui::EndMenu();
}

void MainMenu::DrawViewMenu(MenuTargets& targets) {
  if (!BeginMenu("View")) return;
  ViewportPanel* viewport = targets.viewport;
  const bool has_viewport = viewport != nullptr;
  if (Item("View", "Perspective", nullptr, has_viewport)) viewport->SetViewPreset(ViewPreset::kPerspective);
  if (Item("View", "Top", nullptr, has_viewport)) viewport->SetViewPreset(ViewPreset::kTop);
  if (Item("View", "Front", nullptr, has_viewport)) viewport->SetViewPreset(ViewPreset::kFront);
  if (Item("View", "Side", nullptr, has_viewport)) viewport->SetViewPreset(ViewPreset::kSide);
  ImGui::Separator();
  if (Item("View", "Frame Selected", "F", has_viewport && targets.commands.HasSelection())) targets.commands.FrameSelected();
  ImGui::Separator();
  if (Item("View", "Expand All")) targets.hierarchy.ExpandAll();
  if (Item("View", "Collapse All")) targets.hierarchy.CollapseAll();
  ImGui::Separator();
  if (Item("View", "Reset Layout") && targets.reset_layout) targets.reset_layout();
  ImGui::EndMenu();
}

void MainMenu::DrawHelpMenu(MenuTargets& targets) {
  if (!BeginMenu("Help")) return;
  if (Item("Help", "Keyboard Shortcuts")) show_shortcuts_ = true;
  if (Item("Help", "Open Demo Scene")) targets.files.RequestOpenDemo();
  ImGui::Separator();
  if (Item("Help", "About Cairn")) show_about_ = true;
  ImGui::EndMenu();
}

void MainMenu::DrawDialogs() {
  if (show_shortcuts_) {
    // Tall enough for most rows at the default window size; the body scrolls
    // for the rest.
    if (BeginModal("Keyboard Shortcuts", ImVec2(800.0f, 680.0f))) {
      BeginModalBody();
      for (const ShortcutGroup& group : kShortcutGroups) DrawShortcutGroup(group);
      EndModalBody();
      if (ModalButtons("shortcuts", {"Close"}, 0, 0) == 0) {
        show_shortcuts_ = false;
        ImGui::CloseCurrentPopup();
      }
      EndModal();
    }
    return;
  }
  if (show_about_) {
    if (BeginModal("About Cairn")) {
      BeginModalBody();
      ImGui::PushTextWrapPos(0.0f);
      ImGui::Text("Cairn level editor");
      ImGui::Spacing();
      ImGui::TextColored(theme::kTextDim,
                         "Scenes are JSON files built from entities and components. Every change is an undoable action, "
                         "journaled beside the scene so that nothing is lost if the editor stops unexpectedly.");
      ImGui::Spacing();
      ImGui::TextColored(theme::kTextDim, "Dear ImGui %s", ImGui::GetVersion());
      ImGui::PopTextWrapPos();
      EndModalBody();
      if (ModalButtons("about", {"Close"}, 0, 0) == 0) {
        show_about_ = false;
        ImGui::CloseCurrentPopup();
      }
      EndModal();
    }
  }
}

}  // namespace cairn::editor
