#pragma once
// The Arrange window: align, distribute, snap to grid and array duplicate for
// the selection, each click one undoable action (arrange.h).
//
//   +- Arrange ------------------------------------ x +
//   | 3 entities to arrange                           |
//   | Align        Min      Centre    Max             |
//   |   X        [Min X] [Centre X] [Max X]           |
//   |   Y        [Min Y] [Centre Y] [Max Y]           |
//   |   Z        [Min Z] [Centre Z] [Max Z]           |
//   | Distribute [X] [Y] [Z]                          |
//   | Snap to grid  step [1.00]  [Snap]               |
//   | Array     copies [3]                            |
//   |   position step [1][0][0]                       |
//   |   rotation step [0][0][0] deg                   |
//   |   scale step    [1][1][1]   [Create]            |
//   +-------------------------------------------------+
//
// A floating window (not modal): it stays open while the user selects in the
// Hierarchy or the Viewport. A button whose operation the selection does not
// allow (fewer than 2 targets to align, 3 to distribute, none to snap or
// copy; or while playing) is disabled, and its tooltip says why. Actions are
// built from the world as it is when clicked and queued on the
// EditorContext; one the factory refuses is reported in the Console as
// "Arrange: <reason>", as EditorCommands::Queue reports its failures.
//
// Widgets are recorded in GlobalWidgetMap() for replay and X input tests:
// "window/arrange", "arrange/align/{min,centre,max}_{x,y,z}",
// "arrange/distribute/{x,y,z}", "arrange/snap/step", "arrange/snap/apply",
// "arrange/array/{count,position,rotation,scale,create}".

#include "cairn/editor/viewport/arrange.h"
#include "cairn/editor/viewport/world_matrices.h"

namespace cairn::editor {

class AssetMeshes;
class EditorContext;

class ArrangeWindow {
 public:
  static constexpr const char* kTitle = "Arrange";

  // Whether the window shows; the menu item sets it, the window's close box clears it.
  bool& Open() { return open_; }
  bool IsOpen() const { return open_; }

  // Draws the window while it is open: call every frame with the panels
  // (after EditorContext::Flush, as they are). `assets` gives imported
  // meshes their own bounds for Align and Distribute; without it every
  // entity counts as a unit cube around its origin (kEntityModelBounds).
  void Draw(EditorContext& context, AssetMeshes* assets = nullptr);

  // The fields' values (kept while the window is closed).
  float& GridStep() { return grid_step_; }
  int& ArrayCount() { return array_count_; }
  arrange::ArrayStep& ArrayStepValue() { return array_step_; }

 private:
  void DrawAlign(EditorContext& context, const char* disabled_reason);
  void DrawDistribute(EditorContext& context, const char* disabled_reason);
  void DrawSnap(EditorContext& context, const char* disabled_reason);
  void DrawArray(EditorContext& context, const char* disabled_reason);
  // Builds the action now and queues it; a refusal goes to the Console.
  template <typename Build>
  void Queue(EditorContext& context, Build&& build, bool select_created = false);

  bool open_ = false;
  WorldMatrices matrices_;
  std::size_t target_count_ = 0;    // this frame's targets
  AssetMeshes* assets_ = nullptr;  // this frame's imported meshes, for bounds
  float grid_step_ = 1.0f;
  int array_count_ = 3;
  arrange::ArrayStep array_step_{glm::vec3(1.0f, 0.0f, 0.0f), glm::vec3(0.0f), glm::vec3(1.0f)};
};

}  // namespace cairn::editor
