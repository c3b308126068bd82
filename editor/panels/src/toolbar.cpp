#include "cairn/editor/panels/toolbar.h"

#include <imgui.h>

#include <algorithm>
#include <string>

#include "cairn/editor/asset_files.h"
#include "cairn/editor/editor_context.h"
#include "cairn/editor/panels/bounded_text.h"
#include "cairn/editor/panels/theme.h"
#include "cairn/editor/panels/widget_map.h"
#include "cairn/editor/viewport_panel.h"

namespace cairn::editor {
namespace {

// A vertical rule between groups of controls.
void GroupSeparator() {
  ImGui::SameLine(0.0f, 10.0f);
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const float height = ImGui::GetFrameHeight();
  ImGui::GetWindowDrawList()->AddLine(ImVec2(at.x, at.y + 3.0f), ImVec2(at.x, at.y + height - 3.0f),
                                      ImGui::GetColorU32(ImGuiCol_Separator), 1.0f);
  ImGui::Dummy(ImVec2(1.0f, height));
  ImGui::SameLine(0.0f, 10.0f);
}

// The scatter brush's settings, in a window of their own while the brush is
// on; an asset dragged from the Assets panel onto the Asset field becomes
// what it paints.
void Tooltip(const std::string& text);

void DrawScatterBrush(ScatterBrush& brush, bool& open) {
  const ImVec2 work = ImGui::GetMainViewport()->WorkPos;
  ImGui::SetNextWindowPos(ImVec2(work.x + 590.0f, work.y + 96.0f), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("Scatter Brush", &open, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoCollapse)) {
    ImGui::End();
    return;
  }
  ImGui::SetNextItemWidth(180.0f);
  BoundedInputText("Asset##scatter_asset", &brush.asset, "builtin:cube, a mesh or a prefab");
  GlobalWidgetMap().Record("scatter/asset");
  if (ImGui::BeginDragDropTarget()) {
    if (const ImGuiPayload* payload = ImGui::AcceptDragDropPayload(kAssetPayload)) {
      brush.asset.assign(static_cast<const char*>(payload->Data), static_cast<std::size_t>(payload->DataSize));
    }
    ImGui::EndDragDropTarget();
  }
  Tooltip("What the brush paints: drag a mesh, a prefab or a built-in shape here from the Assets panel");
  ImGui::SetNextItemWidth(180.0f);
  ImGui::DragFloat("Radius##scatter_radius", &brush.radius, 0.05f, 0.1f, 100.0f, "%.2f m", ImGuiSliderFlags_AlwaysClamp);
  GlobalWidgetMap().Record("scatter/radius");
  ImGui::SetNextItemWidth(180.0f);
  ImGui::DragFloat("Density##scatter_density", &brush.density, 0.01f, 0.01f, 50.0f, "%.2f / m\xC2\xB2",
                   ImGuiSliderFlags_AlwaysClamp);
  GlobalWidgetMap().Record("scatter/density");
  Tooltip("Instances per square metre, each time the brush lays a dab");
  float scale[2] = {brush.min_scale, brush.max_scale};
  ImGui::SetNextItemWidth(180.0f);
  if (ImGui::DragFloat2("Scale##scatter_scale", scale, 0.01f, 0.01f, 100.0f, "%.2f", ImGuiSliderFlags_AlwaysClamp)) {
    brush.min_scale = std::min(scale[0], scale[1]);
    brush.max_scale = std::max(scale[0], scale[1]);
  }
  GlobalWidgetMap().Record("scatter/scale");
  ImGui::Checkbox("Random yaw##scatter_yaw", &brush.random_yaw);
  GlobalWidgetMap().Record("scatter/random_yaw");
  ImGui::SameLine();
  ImGui::Checkbox("Align to surface##scatter_align", &brush.align);
  GlobalWidgetMap().Record("scatter/align");
  int seed = static_cast<int>(brush.seed);
  ImGui::SetNextItemWidth(180.0f);
  if (ImGui::InputInt("Seed##scatter_seed", &seed)) brush.seed = static_cast<std::uint32_t>(std::max(seed, 0));
  GlobalWidgetMap().Record("scatter/seed");
  Tooltip("The same seed paints the same instances for the same strokes");
  ImGui::TextColored(theme::kTextDim, "%zu per dab. Drag to paint, Shift+drag to erase.", ScatterCount(brush));
  ImGui::End();
}

// A button drawn as pressed while `on`.
bool ToggleButton(const char* label, bool on, float width, const char* map_name) {
  if (on) {
    ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
  }
  const bool clicked = ImGui::Button(label, ImVec2(width, 0.0f));
  if (on) ImGui::PopStyleColor(2);
  GlobalWidgetMap().Record(map_name);
  return clicked;
}

void Tooltip(const std::string& text) {
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) BoundedTooltip(text);
}

void DrawTools(ViewportPanel* viewport) {
  if (viewport == nullptr) ImGui::BeginDisabled();
  static ViewportTools no_tools;
  ViewportTools& tools = viewport != nullptr ? viewport->Tools() : no_tools;
  struct ToolButton {
    GizmoTool tool;
    const char* label;
    const char* tip;
    const char* map_name;
  };
  constexpr ToolButton kTools[] = {
      {GizmoTool::kTranslate, "Move", "Move the selection (W)", "toolbar/move"},
      {GizmoTool::kRotate, "Rotate", "Rotate the selection (E)", "toolbar/rotate"},
      {GizmoTool::kScale, "Scale", "Scale the selection (R)", "toolbar/scale"},
  };
  bool first = true;
  for (const ToolButton& button : kTools) {
    if (!first) ImGui::SameLine(0.0f, 4.0f);
    first = false;
    if (ToggleButton(button.label, tools.tool == button.tool, 58.0f, button.map_name)) tools.tool = button.tool;
    Tooltip(button.tip);
  }
  ImGui::SameLine(0.0f, 8.0f);
  if (ToggleButton(tools.local_space ? "Local" : "World", false, 56.0f, "toolbar/space")) {
    tools.local_space = !tools.local_space;
  }
  Tooltip(tools.local_space ? "Gizmo axes follow the entity (click for world axes)"
                            : "Gizmo axes follow the world (click for local axes)");

  GroupSeparator();
  ImGui::AlignTextToFramePadding();
  ImGui::TextColored(theme::kTextDim, "Snap");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(54.0f);
  ImGui::DragFloat("##snap_move", &tools.translate_snap, 0.01f, 0.0f, 100.0f, "%.2f", ImGuiSliderFlags_AlwaysClamp);
  Tooltip("Move snap step: hold Ctrl while moving to land on multiples of it (world axes), or to move by steps (local axes)");
  ImGui::SameLine(0.0f, 4.0f);
  ImGui::SetNextItemWidth(54.0f);
  ImGui::DragFloat("##snap_rotate", &tools.rotate_snap_degrees, 0.5f, 0.0f, 180.0f, "%.0f\xC2\xB0", ImGuiSliderFlags_AlwaysClamp);
  Tooltip("Rotate snap step in degrees");
  ImGui::SameLine(0.0f, 4.0f);
  ImGui::SetNextItemWidth(54.0f);
  ImGui::DragFloat("##snap_scale", &tools.scale_snap, 0.01f, 0.0f, 10.0f, "%.2f", ImGuiSliderFlags_AlwaysClamp);
  Tooltip("Scale snap step");
  ImGui::SameLine(0.0f, 8.0f);
  if (ToggleButton("Surface", tools.surface_snap, 0.0f, "toolbar/surface_snap")) {
    tools.surface_snap = !tools.surface_snap;
  }
  Tooltip(tools.surface_snap ? "Moving slides the selection over surfaces (click to move freely)"
                             : "Moving slides the selection over the surfaces under the cursor (or hold Shift)");
  ImGui::SameLine(0.0f, 4.0f);
  if (ToggleButton("Align", tools.align_to_surface, 0.0f, "toolbar/align_to_surface")) {
    tools.align_to_surface = !tools.align_to_surface;
  }
  Tooltip("Surface snapping also turns the selection to the surface's normal");
  ImGui::SameLine(0.0f, 4.0f);
  const auto pointer_tool = [&tools](const char* label, PointerTool tool, const char* map_name) {
    const bool on = tools.pointer == tool;
    if (ToggleButton(label, on, 0.0f, map_name)) tools.pointer = on ? PointerTool::kSelect : tool;
    return on;
  };
  const bool scatter = pointer_tool("Scatter", PointerTool::kScatter, "toolbar/scatter");
  Tooltip(scatter ? "Painting instances with the scatter brush (click to select and move again)"
                  : "Paint instances of an asset onto surfaces (Shift erases them)");
  ImGui::SameLine(0.0f, 4.0f);
  const bool measure = pointer_tool("Measure", PointerTool::kMeasure, "toolbar/measure");
  Tooltip(measure ? "Measuring: click two points on surfaces (hold V for their vertices); click to select again"
                  : "Measure the distance between two points picked on surfaces");
  if (viewport == nullptr) ImGui::EndDisabled();
  if (viewport != nullptr && tools.pointer == PointerTool::kScatter) {
    bool open = true;
    DrawScatterBrush(tools.brush, open);
    if (!open) tools.pointer = PointerTool::kSelect;
  }
}

void DrawHistory(EditorContext& context) {
  const History& history = context.GetHistory();
  if (!history.CanUndo()) ImGui::BeginDisabled();
  if (ImGui::Button("Undo", ImVec2(50.0f, 0.0f))) context.Undo();
  if (!history.CanUndo()) ImGui::EndDisabled();
  GlobalWidgetMap().Record("toolbar/undo");
  Tooltip(history.CanUndo() ? BoundedLabel(history.UndoMenuLabel()) + "  (Ctrl+Z)" : "Nothing to undo");
  ImGui::SameLine(0.0f, 4.0f);
  if (!history.CanRedo()) ImGui::BeginDisabled();
  if (ImGui::Button("Redo", ImVec2(50.0f, 0.0f))) context.Redo();
  if (!history.CanRedo()) ImGui::EndDisabled();
  GlobalWidgetMap().Record("toolbar/redo");
  Tooltip(history.CanRedo() ? BoundedLabel(history.RedoMenuLabel()) + "  (Ctrl+Y)" : "Nothing to redo");
}

// Play / Pause / Step / Stop: Play copies the scene into a world of its own
// and runs its systems; Stop throws that world away.
void DrawPlay(EditorContext& context, ViewportPanel* viewport) {
  if (viewport != nullptr) {
    bool& game_view = viewport->Tools().game_view;
    if (ToggleButton("Game", game_view, 52.0f, "toolbar/game_view")) game_view = !game_view;
    Tooltip(game_view ? "Playing shows the scene's primary camera (click for the editor camera)"
                      : "Playing shows the editor camera (click for the scene's primary camera)");
    ImGui::SameLine(0.0f, 4.0f);
  }
  PlaySession* play = context.Play();
  if (play == nullptr) {
    ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.20f, 0.42f, 0.24f, 1.0f));
    if (ImGui::Button("Play", ImVec2(52.0f, 0.0f))) context.StartPlay();
    ImGui::PopStyleColor();
    GlobalWidgetMap().Record("toolbar/play");
    Tooltip("Run the scene's systems in a copy of it  (Ctrl+P)");
    return;
  }
  if (ToggleButton(play->Paused() ? "Resume" : "Pause", play->Paused(), 66.0f, "toolbar/pause")) {
    play->SetPaused(!play->Paused());
  }
  Tooltip(play->Paused() ? "Go on running" : "Hold the simulation");
  ImGui::SameLine(0.0f, 4.0f);
  if (!play->Paused()) ImGui::BeginDisabled();
  if (ImGui::Button("Step", ImVec2(48.0f, 0.0f))) context.StepPlay();
  if (!play->Paused()) ImGui::EndDisabled();
  GlobalWidgetMap().Record("toolbar/step");
  Tooltip("One step of 1/60 s (while paused)");
  ImGui::SameLine(0.0f, 4.0f);
  ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.55f, 0.22f, 0.20f, 1.0f));
  if (ImGui::Button("Stop", ImVec2(48.0f, 0.0f))) context.StopPlay();
  ImGui::PopStyleColor();
  GlobalWidgetMap().Record("toolbar/stop");
  Tooltip("Back to the scene as it was  (Ctrl+P)");
}

void DrawViews(ViewportPanel* viewport) {
  if (viewport == nullptr) ImGui::BeginDisabled();
  struct ViewButton {
    ViewPreset preset;
    const char* label;
    const char* map_name;
  };
  constexpr ViewButton kViews[] = {
      {ViewPreset::kPerspective, "Persp", "toolbar/view/perspective"},
      {ViewPreset::kTop, "Top", "toolbar/view/top"},
      {ViewPreset::kFront, "Front", "toolbar/view/front"},
      {ViewPreset::kSide, "Side", "toolbar/view/side"},
  };
  ImGui::AlignTextToFramePadding();
  ImGui::TextColored(theme::kTextDim, "View");
  for (const ViewButton& button : kViews) {
    ImGui::SameLine(0.0f, 4.0f);
    if (ImGui::Button(button.label, ImVec2(46.0f, 0.0f)) && viewport != nullptr) viewport->SetViewPreset(button.preset);
    GlobalWidgetMap().Record(button.map_name);
  }
  if (viewport == nullptr) ImGui::EndDisabled();
}

}  // namespace

void Toolbar::Draw(EditorContext& context, ViewportPanel* viewport) {
  DrawTools(viewport);
  GroupSeparator();
  DrawHistory(context);
  GroupSeparator();
  DrawPlay(context, viewport);
  GroupSeparator();
  DrawViews(viewport);

  // The entity count at the right end (the play time while playing), when
  // there is room for it.
  const std::size_t count = context.World().EntityCount();
  std::string summary = std::to_string(count) + (count == 1 ? " entity" : " entities");
  if (const PlaySession* play = context.Play()) {
    char time[32];
    std::snprintf(time, sizeof time, "%.2f s", play->Seconds());
    summary = std::string(play->Paused() ? "Paused " : "Playing ") + time + "  " + summary;
  }
  // The game module before it: which runs, or that the project's does not.
  const ModuleSession& modules = context.Modules();
  std::string module;
  ImVec4 module_color = theme::kTextDim;
  if (modules.Module()) {
    module = "Module " + modules.Module()->Name();
  } else if (!modules.Problem().empty()) {
    module = "Module refused";
    module_color = theme::kError;
  } else if (modules.File()) {
    module = "Module not running";
  }
  const float gap = 16.0f;
  const float module_width = module.empty() ? 0.0f : ImGui::CalcTextSize(module.c_str()).x + gap;
  const float width = ImGui::CalcTextSize(summary.c_str()).x + module_width;
  ImGui::SameLine();
  const float right = ImGui::GetContentRegionMax().x - width;
  if (right > ImGui::GetCursorPosX() + 12.0f) {
    ImGui::SameLine(right);
    ImGui::AlignTextToFramePadding();
    if (!module.empty()) {
      ImGui::TextColored(module_color, "%s", module.c_str());
      if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("%s", modules.Module()         ? modules.Module()->Description().c_str()
                                : modules.Problem().empty() ? "The project's game module waits for your permission, "
                                                              "or you chose not to run it this session"
                                                            : modules.Problem().c_str());
      }
      ImGui::SameLine(0.0f, gap);
    }
    ImGui::TextColored(theme::kTextDim, "%s", summary.c_str());
  } else {
    ImGui::NewLine();
  }
}

}  // namespace cairn::editor
