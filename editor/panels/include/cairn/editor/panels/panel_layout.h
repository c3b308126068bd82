#pragma once
// Where the editor's panels sit in the window. Dear ImGui 1.86 has no
// docking, so the editor places fixed windows itself:
//
//   +-------------------------------------------------------------+
//   | main menu bar                                                |
//   | toolbar                                                      |
//   +-----------+|+-------------------------------+|+-------------+
//   | Hierarchy  | |  Viewport                      | |  Inspector  |
//   |            | +--------------------------------+ |             |
//   |            | |  Console                       | |             |
//   +-----------+ +--------------------------------+ +-------------+
//
// The three splits ('|' and the line above the Console) are dragged by the
// user; their sizes are what PanelSizes holds and what the application
// persists. Everything here is plain arithmetic on window pixels, so the
// layout is the same on every run of one window size (replay scripts rely on
// that) and testable without a window.

namespace cairn::editor {

// The user-adjustable sizes, in window pixels.
struct PanelSizes {
  float hierarchy_width = 280.0f;
  float inspector_width = 340.0f;
  float console_height = 170.0f;
  float assets_height = 230.0f;  // the Assets panel, below the Hierarchy

  friend bool operator==(const PanelSizes&, const PanelSizes&) = default;
};

struct Rect {
  float x = 0.0f;
  float y = 0.0f;
  float w = 0.0f;
  float h = 0.0f;

  float Right() const { return x + w; }
  float Bottom() const { return y + h; }
  bool Contains(float px, float py) const { return px >= x && py >= y && px < Right() && py < Bottom(); }
};

// Fixed parts of the layout.
struct LayoutMetrics {
  static constexpr float kToolbarHeight = 40.0f;
  static constexpr float kSplitterThickness = 4.0f;  // the gap between two panels
  static constexpr float kMinHierarchyWidth = 170.0f;
  static constexpr float kMinInspectorWidth = 240.0f;
  static constexpr float kMinViewportWidth = 200.0f;
  static constexpr float kMinViewportHeight = 120.0f;
  static constexpr float kMinConsoleHeight = 70.0f;
  static constexpr float kMinHierarchyHeight = 100.0f;
  static constexpr float kMinAssetsHeight = 70.0f;
};

struct PanelRects {
  Rect toolbar;
  Rect hierarchy;
  Rect assets;
  Rect viewport;
  Rect console;
  Rect inspector;
  // The draggable gaps.
  Rect hierarchy_split;  // between Hierarchy and Viewport/Console
  Rect inspector_split;  // between Viewport/Console and Inspector
  Rect console_split;    // between Viewport and Console
  Rect assets_split;     // between Hierarchy and Assets
};

// The sizes made to fit a window of `width` x `height` whose menu bar is
// `menu_height` tall: each panel keeps at least its minimum when the window
// allows it; when it does not, the side panels shrink before the centre.
PanelSizes FitSizes(PanelSizes sizes, float width, float height, float menu_height);

// The rectangles of every panel and split for sizes that FitSizes returned.
PanelRects ComputePanelRects(const PanelSizes& sizes, float width, float height, float menu_height);

}  // namespace cairn::editor
