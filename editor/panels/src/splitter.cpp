#include "cairn/editor/panels/splitter.h"

#include <imgui.h>

namespace cairn::editor {
namespace {

constexpr float kGrabMargin = 2.0f;  // extra reach on each side of the gap

}  // namespace

SplitterState DrawSplitter(const char* name, const Rect& gap, SplitAxis axis) {
  const bool vertical = axis == SplitAxis::kVertical;
  const ImVec2 position(vertical ? gap.x - kGrabMargin : gap.x, vertical ? gap.y : gap.y - kGrabMargin);
  const ImVec2 size(vertical ? gap.w + 2.0f * kGrabMargin : gap.w, vertical ? gap.h : gap.h + 2.0f * kGrabMargin);
  SplitterState state;
  if (size.x <= 0.0f || size.y <= 0.0f) return state;

  ImGui::SetNextWindowPos(position);
  ImGui::SetNextWindowSize(size);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0.0f, 0.0f));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowMinSize, ImVec2(1.0f, 1.0f));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0.0f);
  constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground |
                                      ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoMove |
                                      ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;
  ImGui::Begin(name, nullptr, kFlags);
  ImGui::InvisibleButton("##split", size);
  const bool hovered = ImGui::IsItemHovered();
  state.active = ImGui::IsItemActive();
  state.started = ImGui::IsItemActivated();
  state.released = ImGui::IsItemDeactivated();
  if (state.active || state.released) {
    const ImVec2 drag = ImGui::GetMouseDragDelta(ImGuiMouseButton_Left, 0.0f);
    state.drag = vertical ? drag.x : drag.y;
  }
  if (hovered || state.active) {
    ImGui::SetMouseCursor(vertical ? ImGuiMouseCursor_ResizeEW : ImGuiMouseCursor_ResizeNS);
    const ImU32 colour = ImGui::GetColorU32(state.active ? ImGuiCol_SeparatorActive : ImGuiCol_SeparatorHovered);
    const ImVec2 min(gap.x, gap.y);
    const ImVec2 max(gap.Right(), gap.Bottom());
    ImGui::GetWindowDrawList()->AddRectFilled(min, max, colour);
  }
  ImGui::End();
  ImGui::PopStyleVar(3);
  return state;
}

}  // namespace cairn::editor
