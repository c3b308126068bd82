#pragma once
// A draggable split between two panels: an invisible button in a small
// window of its own over the gap between them, so it never steals input from
// the panels' contents. Drawn after the panels (it must be on top of them).

#include "cairn/editor/panels/panel_layout.h"

namespace cairn::editor {

enum class SplitAxis {
  kVertical,    // a vertical bar dragged left and right
  kHorizontal,  // a horizontal bar dragged up and down
};

struct SplitterState {
  bool started = false;  // the user pressed it this frame
  bool active = false;   // being dragged
  bool released = false; // the drag ended this frame
  float drag = 0.0f;     // mouse movement along the axis since the press
};

// `name` must be unique among splitters; `gap` is the gap between the panels.
// The bar reacts a few pixels beyond the gap on both sides and highlights while
// hovered or dragged.
SplitterState DrawSplitter(const char* name, const Rect& gap, SplitAxis axis);

}  // namespace cairn::editor
