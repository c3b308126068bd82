#include <catch2/catch.hpp>

#include "cairn/editor/panels/panel_layout.h"

using cairn::editor::ComputePanelRects;
using cairn::editor::FitSizes;
using cairn::editor::LayoutMetrics;
using cairn::editor::PanelRects;
using cairn::editor::PanelSizes;

namespace {
constexpr float kMenu = 24.0f;
}

TEST_CASE("The default splits fit a 1280x720 window as they are", "[editor_panels][layout]") {
  REQUIRE(FitSizes(PanelSizes{}, 1280.0f, 720.0f, kMenu) == PanelSizes{});
}

TEST_CASE("Panels tile the window below the menu and toolbar without overlapping", "[editor_panels][layout]") {
  const PanelSizes sizes = FitSizes(PanelSizes{}, 1920.0f, 1080.0f, kMenu);
  const PanelRects r = ComputePanelRects(sizes, 1920.0f, 1080.0f, kMenu);
  const float top = kMenu + LayoutMetrics::kToolbarHeight;
  CHECK(r.toolbar.y == kMenu);
  CHECK(r.toolbar.w == 1920.0f);
  CHECK(r.hierarchy.x == 0.0f);
  CHECK(r.hierarchy.y == top);
  CHECK(r.assets_split.y == r.hierarchy.Bottom());
  CHECK(r.assets.y == r.assets_split.Bottom());
  CHECK(r.assets.Bottom() == 1080.0f);
  CHECK(r.assets.w == r.hierarchy.w);
  CHECK(r.assets.h == sizes.assets_height);
  CHECK(r.hierarchy_split.x == r.hierarchy.Right());
  CHECK(r.viewport.x == r.hierarchy_split.Right());
  CHECK(r.inspector_split.x == r.viewport.Right());
  CHECK(r.inspector.x == r.inspector_split.Right());
  CHECK(r.inspector.Right() == 1920.0f);
  CHECK(r.console_split.y == r.viewport.Bottom());
  CHECK(r.console.y == r.console_split.Bottom());
  CHECK(r.console.Bottom() == 1080.0f);
  CHECK(r.console.x == r.viewport.x);
  CHECK(r.console.w == r.viewport.w);
  CHECK(r.inspector.w == sizes.inspector_width);
  CHECK(r.console.h == sizes.console_height);
}

TEST_CASE("Side panels give way so the viewport keeps its minimum width", "[editor_panels][layout]") {
  const PanelSizes sizes = FitSizes(PanelSizes{600.0f, 600.0f, 170.0f, 230.0f}, 1280.0f, 720.0f, kMenu);
  const PanelRects r = ComputePanelRects(sizes, 1280.0f, 720.0f, kMenu);
  CHECK(r.viewport.w == Approx(LayoutMetrics::kMinViewportWidth));
  CHECK(sizes.hierarchy_width == 600.0f);
  CHECK(sizes.inspector_width >= LayoutMetrics::kMinInspectorWidth);
}

TEST_CASE("Dragged splits stop at each panel's minimum", "[editor_panels][layout]") {
  const PanelSizes narrow = FitSizes(PanelSizes{10.0f, 20.0f, 5.0f, 230.0f}, 1280.0f, 720.0f, kMenu);
  CHECK(narrow.hierarchy_width == LayoutMetrics::kMinHierarchyWidth);
  CHECK(narrow.inspector_width == LayoutMetrics::kMinInspectorWidth);
  CHECK(narrow.console_height == LayoutMetrics::kMinConsoleHeight);
  const PanelSizes short_assets = FitSizes(PanelSizes{280.0f, 340.0f, 170.0f, 5.0f}, 1280.0f, 720.0f, kMenu);
  CHECK(short_assets.assets_height == LayoutMetrics::kMinAssetsHeight);
  const PanelSizes tall_assets = FitSizes(PanelSizes{280.0f, 340.0f, 170.0f, 5000.0f}, 1280.0f, 720.0f, kMenu);
  const PanelRects assets_rects = ComputePanelRects(tall_assets, 1280.0f, 720.0f, kMenu);
  CHECK(assets_rects.hierarchy.h == Approx(LayoutMetrics::kMinHierarchyHeight));
  const PanelSizes tall = FitSizes(PanelSizes{280.0f, 340.0f, 5000.0f, 230.0f}, 1280.0f, 720.0f, kMenu);
  const PanelRects r = ComputePanelRects(tall, 1280.0f, 720.0f, kMenu);
  CHECK(r.viewport.h == Approx(LayoutMetrics::kMinViewportHeight));
}

TEST_CASE("A window too small for every minimum still gets sizes that add up", "[editor_panels][layout]") {
  const PanelSizes sizes = FitSizes(PanelSizes{}, 300.0f, 150.0f, kMenu);
  const PanelRects r = ComputePanelRects(sizes, 300.0f, 150.0f, kMenu);
  CHECK(sizes.hierarchy_width >= 0.0f);
  CHECK(sizes.inspector_width >= 0.0f);
  CHECK(sizes.console_height >= 0.0f);
  CHECK(sizes.assets_height >= 0.0f);
  CHECK(r.hierarchy.h >= 0.0f);
  CHECK(r.viewport.w >= 0.0f);
  CHECK(r.viewport.h >= 0.0f);
  CHECK(r.inspector.Right() <= 300.0f + 0.01f);
}
