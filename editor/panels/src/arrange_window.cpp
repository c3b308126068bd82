#include "cairn/editor/panels/arrange_window.h"

#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <exception>
#include <string>

#include "cairn/editor/editor_context.h"
#include "cairn/editor/panels/bounded_text.h"
#include "cairn/editor/panels/theme.h"
#include "cairn/editor/panels/widget_map.h"

namespace cairn::editor {
namespace {

constexpr ImGuiWindowFlags kWindowFlags =
    ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_AlwaysAutoResize;
constexpr float kLabelWidth = 112.0f;
constexpr float kButtonWidth = 78.0f;
constexpr float kVectorWidth = 210.0f;
constexpr Axis kAxes[] = {Axis::kX, Axis::kY, Axis::kZ};
constexpr AlignEdge kEdges[] = {AlignEdge::kMin, AlignEdge::kCentre, AlignEdge::kMax};

void Record(const std::string& name) { GlobalWidgetMap().Record("arrange/" + name); }

void Tooltip(const char* text) {
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) BoundedTooltip(text);
}

std::string Lower(std::string_view text) {
  std::string lower(text);
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  return lower;
}

const ImVec4& AxisColour(Axis axis) {
  switch (axis) {
    case Axis::kX: return theme::kAxisX;
    case Axis::kY: return theme::kAxisY;
    case Axis::kZ: return theme::kAxisZ;
  }
  return theme::kAxisX;
}

// A row label in the window's first column.
void RowLabel(const char* label, const ImVec4& colour = theme::kTextDim) {
  ImGui::AlignTextToFramePadding();
  ImGui::TextColored(colour, "%s", label);
  ImGui::SameLine(kLabelWidth);
}

// A button that is disabled, with `disabled_reason` as its tooltip, when a
// reason is given; `tip` otherwise. True when clicked.
bool ArrangeButton(const std::string& label, const std::string& map_name, const char* disabled_reason,
                   const std::string& tip, float width = kButtonWidth) {
  if (disabled_reason != nullptr) ImGui::BeginDisabled();
  const bool clicked = ImGui::Button(label.c_str(), ImVec2(width, 0.0f));
  if (disabled_reason != nullptr) ImGui::EndDisabled();
  Record(map_name);
  Tooltip(disabled_reason != nullptr ? disabled_reason : tip.c_str());
  return clicked && disabled_reason == nullptr;
}

void SectionTitle(const char* title) {
  ImGui::Spacing();
  ImGui::TextColored(theme::kInfo, "%s", title);
  ImGui::Separator();
}

}  // namespace

template <typename Build>
void ArrangeWindow::Queue(EditorContext& context, Build&& build, bool select_created) {
  try {
    context.Enqueue(build(), select_created ? EnqueueOptions::SelectingCreated() : EnqueueOptions{});
  } catch (const std::exception& error) {
    context.Log().Warning(std::string("Arrange: ") + error.what());
  }
}

void ArrangeWindow::Draw(EditorContext& context, AssetMeshes* assets) {
  if (!open_) return;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  // Over the Viewport's right side, beside the Inspector, leaving most of the
  // scene in view; where the user puts it, it stays.
  ImGui::SetNextWindowPos(ImVec2(display.x - 350.0f, 96.0f), ImGuiCond_FirstUseEver, ImVec2(1.0f, 0.0f));
  const bool visible = ImGui::Begin(kTitle, &open_, kWindowFlags);
  GlobalWidgetMap().RecordBox("window/arrange", {ImGui::GetWindowPos().x, ImGui::GetWindowPos().y,
                                                 ImGui::GetWindowWidth(), ImGui::GetWindowHeight()});
  if (!visible) {
    ImGui::End();
    return;
  }

  ecs::Coordinator& world = context.World();
  matrices_.Refresh(world);
  const std::vector<ecs::EntityId>& ids = context.GetSelection().Ids();
  target_count_ = arrange::Targets(world, ids).size();
  assets_ = assets;

  if (target_count_ == 0) {
    ImGui::TextColored(theme::kTextDim, "Select entities with a Transform to arrange them");
  } else {
    ImGui::TextColored(theme::kTextDim, "%zu %s to arrange", target_count_, target_count_ == 1 ? "entity" : "entities");
  }
  Record("targets");

  const char* playing = context.IsPlaying() ? "Stop playing to arrange the scene" : nullptr;
  DrawAlign(context, playing);
  DrawDistribute(context, playing);
  DrawSnap(context, playing);
  DrawArray(context, playing);
  ImGui::End();
}

void ArrangeWindow::DrawAlign(EditorContext& context, const char* disabled_reason) {
  if (disabled_reason == nullptr && target_count_ < arrange::kMinAlignTargets) {
    disabled_reason = "Select at least 2 entities with a Transform to align them";
  }
  SectionTitle("Align");
  for (const Axis axis : kAxes) {
    const std::string axis_name(AxisName(axis));
    RowLabel(axis_name.c_str(), AxisColour(axis));
    bool first = true;
    for (const AlignEdge edge : kEdges) {
      if (!first) ImGui::SameLine(0.0f, 4.0f);
      first = false;
      const std::string edge_name(AlignEdgeName(edge));
      std::string label = edge_name + " " + axis_name;
      label[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(label[0])));
      const std::string tip = "Move the selection along " + axis_name + " so that each box's " + edge_name +
                              " meets the selection's " + edge_name;
      if (ArrangeButton(label, "align/" + edge_name + "_" + Lower(axis_name), disabled_reason, tip)) {
        Queue(context, [&] {
          ecs::Coordinator& world = context.World();
          return arrange::Align(world, matrices_, context.GetSelection().Ids(), axis, edge,
                                ViewportBounds(world, matrices_, assets_));
        });
      }
    }
  }
}

void ArrangeWindow::DrawDistribute(EditorContext& context, const char* disabled_reason) {
  if (disabled_reason == nullptr && target_count_ < arrange::kMinDistributeTargets) {
    disabled_reason = "Select at least 3 entities with a Transform to distribute them";
  }
  SectionTitle("Distribute");
  RowLabel("Centres");
  bool first = true;
  for (const Axis axis : kAxes) {
    if (!first) ImGui::SameLine(0.0f, 4.0f);
    first = false;
    const std::string axis_name(AxisName(axis));
    const std::string tip = "Space the centres evenly along " + axis_name +
                            " between the first and the last (which stay where they are)";
    if (ArrangeButton(axis_name, "distribute/" + Lower(axis_name), disabled_reason, tip)) {
      Queue(context, [&] {
        ecs::Coordinator& world = context.World();
        return arrange::Distribute(world, matrices_, context.GetSelection().Ids(), axis,
                                   ViewportBounds(world, matrices_, assets_));
      });
    }
  }
}

void ArrangeWindow::DrawSnap(EditorContext& context, const char* disabled_reason) {
  SectionTitle("Snap to grid");
  RowLabel("Step");
  ImGui::SetNextItemWidth(kButtonWidth);
  ImGui::DragFloat("##snap_step", &grid_step_, 0.01f, 0.001f, 1000.0f, "%.3f", ImGuiSliderFlags_AlwaysClamp);
  Record("snap/step");
  Tooltip("The grid spacing in world units (the grid goes through the origin)");
  if (disabled_reason == nullptr && target_count_ == 0) disabled_reason = "Select entities with a Transform to snap them";
  if (disabled_reason == nullptr && !(grid_step_ > 0.0f)) disabled_reason = "The step must be greater than 0";
  ImGui::SameLine(0.0f, 4.0f);
  if (ArrangeButton("Snap", "snap/apply", disabled_reason,
                    "Move each entity's world position to the nearest grid point")) {
    const float step = grid_step_;
    Queue(context, [&] { return arrange::SnapToGrid(context.World(), matrices_, context.GetSelection().Ids(), step); });
  }
}

void ArrangeWindow::DrawArray(EditorContext& context, const char* disabled_reason) {
  SectionTitle("Array duplicate");
  RowLabel("Copies");
  ImGui::SetNextItemWidth(kButtonWidth);
  ImGui::DragInt("##array_count", &array_count_, 0.2f, 1, arrange::kMaxArrayCopies, "%d", ImGuiSliderFlags_AlwaysClamp);
  Record("array/count");
  Tooltip("How many copies of the selection to make");

  RowLabel("Position step");
  ImGui::SetNextItemWidth(kVectorWidth);
  ImGui::DragFloat3("##array_position", &array_step_.position.x, 0.05f, 0.0f, 0.0f, "%.3f");
  Record("array/position");
  Tooltip("World offset of each copy from the one before");

  RowLabel("Rotation step");
  ImGui::SetNextItemWidth(kVectorWidth);
  ImGui::DragFloat3("##array_rotation", &array_step_.rotation_degrees.x, 0.5f, -360.0f, 360.0f, "%.1f\xC2\xB0",
                    ImGuiSliderFlags_AlwaysClamp);
  Record("array/rotation");
  Tooltip("Euler angles (XYZ, degrees, world axes) each copy turns by, in place, from the one before");

  RowLabel("Scale step");
  ImGui::SetNextItemWidth(kVectorWidth);
  ImGui::DragFloat3("##array_scale", &array_step_.scale.x, 0.01f, 0.01f, 100.0f, "%.3f", ImGuiSliderFlags_AlwaysClamp);
  Record("array/scale");
  Tooltip("Factor each copy's scale is multiplied by, from the one before");

  if (disabled_reason == nullptr && target_count_ == 0) {
    disabled_reason = "Select entities with a Transform to make copies of them";
  }
  RowLabel("");
  const std::string label =
      "Create " + std::to_string(array_count_) + (array_count_ == 1 ? " copy" : " copies") + "###array_create";
  if (ArrangeButton(label, "array/create", disabled_reason, "One undo step makes (and removes) them all",
                    kVectorWidth)) {
    const int count = array_count_;
    const arrange::ArrayStep step = array_step_;
    Queue(
        context,
        [&] {
          return arrange::ArrayDuplicate(context.World(), matrices_, context.GetSelection().Ids(), count, step,
                                         context.Prefabs());
        },
        true);
  }
}

}  // namespace cairn::editor
