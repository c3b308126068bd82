#include "cairn/editor/panels/panel_layout.h"

#include <algorithm>

namespace cairn::editor {
namespace {

using M = LayoutMetrics;

// `value` clamped to [low, high], where an empty range yields `low` (itself
// floored at zero): a window too small for every minimum still gets sizes
// that add up rather than negative ones.
float ClampPreferLow(float value, float low, float high) {
  const float clamped = std::min(value, high);
  return std::max(clamped, std::max(low, 0.0f));
}

}  // namespace

PanelSizes FitSizes(PanelSizes sizes, float width, float height, float menu_height) {
  const float gaps = 2.0f * M::kSplitterThickness;
  // Side panels first give way to the centre's minimum, each down to its own.
  const float side_room = width - gaps - M::kMinViewportWidth;
  sizes.hierarchy_width =
      ClampPreferLow(sizes.hierarchy_width, M::kMinHierarchyWidth, side_room - M::kMinInspectorWidth);
  sizes.inspector_width =
      ClampPreferLow(sizes.inspector_width, M::kMinInspectorWidth, side_room - sizes.hierarchy_width);
  // Still too wide (a tiny window): shrink both sides proportionally.
  const float sides = sizes.hierarchy_width + sizes.inspector_width;
  const float available = std::max(width - gaps - 1.0f, 0.0f);
  if (sides > available && sides > 0.0f) {
    const float scale = available / sides;
    sizes.hierarchy_width *= scale;
    sizes.inspector_width *= scale;
  }
  const float work_height = height - menu_height - M::kToolbarHeight;
  sizes.console_height = ClampPreferLow(sizes.console_height, M::kMinConsoleHeight,
                                        work_height - M::kSplitterThickness - M::kMinViewportHeight);
  sizes.console_height = std::min(sizes.console_height, std::max(work_height - M::kSplitterThickness - 1.0f, 0.0f));
  sizes.assets_height = ClampPreferLow(sizes.assets_height, M::kMinAssetsHeight,
                                       work_height - M::kSplitterThickness - M::kMinHierarchyHeight);
  sizes.assets_height = std::min(sizes.assets_height, std::max(work_height - M::kSplitterThickness - 1.0f, 0.0f));
  return sizes;
}

PanelRects ComputePanelRects(const PanelSizes& sizes, float width, float height, float menu_height) {
  const float t = M::kSplitterThickness;
  const float top = menu_height + M::kToolbarHeight;
  const float work_height = std::max(height - top, 0.0f);
  const float centre_x = sizes.hierarchy_width + t;
  const float centre_w = std::max(width - sizes.hierarchy_width - sizes.inspector_width - 2.0f * t, 0.0f);
  const float viewport_h = std::max(work_height - sizes.console_height - t, 0.0f);

  PanelRects rects;
  rects.toolbar = {0.0f, menu_height, width, M::kToolbarHeight};
  const float hierarchy_h = std::max(work_height - sizes.assets_height - t, 0.0f);
  rects.hierarchy = {0.0f, top, sizes.hierarchy_width, hierarchy_h};
  rects.assets_split = {0.0f, top + hierarchy_h, sizes.hierarchy_width, t};
  rects.assets = {0.0f, top + hierarchy_h + t, sizes.hierarchy_width, sizes.assets_height};
  rects.hierarchy_split = {sizes.hierarchy_width, top, t, work_height};
  rects.viewport = {centre_x, top, centre_w, viewport_h};
  rects.console_split = {centre_x, top + viewport_h, centre_w, t};
  rects.console = {centre_x, top + viewport_h + t, centre_w, sizes.console_height};
  rects.inspector_split = {centre_x + centre_w, top, t, work_height};
  rects.inspector = {centre_x + centre_w + t, top, sizes.inspector_width, work_height};
  return rects;
}

}  // namespace cairn::editor
