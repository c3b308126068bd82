#pragma once
// The toolbar under the main menu: the viewport's gizmo tools (Move W,
// Rotate E, Scale R), local/world axes, snap steps, Undo and Redo (named
// after the actions they would apply), and the view presets. The tool state
// lives in ViewportPanel::Tools(); without a viewport those controls are
// disabled.

namespace cairn::editor {

class EditorContext;
class ViewportPanel;

class Toolbar {
 public:
  // Fills the current window (one row, vertically centred).
  void Draw(EditorContext& context, ViewportPanel* viewport);
};

}  // namespace cairn::editor
