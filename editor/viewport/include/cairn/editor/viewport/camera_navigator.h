#pragma once
// The viewport's mouse and keyboard navigation, as rules over plain input
// (no ImGui, no GLFW), driving a render::EditorCamera:
//
//   right drag            orbit around the camera's target (the pivot)
//   right held + W/A/S/D/Q/E
//                         fly: the mouse looks around, the keys move
//                         (forward/left/back/right/down/up), Shift is fast;
//                         once a fly key was pressed, the rest of that drag
//                         looks instead of orbiting
//   wheel while right held  fly speed (one step = x1.2)
//   Alt + left drag       orbit
//   middle drag           pan
//   wheel                 zoom towards the point under the cursor
//
// A drag starts only when its button goes down over the viewport, and lasts
// until that button is released, wherever the pointer goes meanwhile.

#include <glm/vec2.hpp>

#include "cairn/render/editor_camera.h"

namespace cairn::editor {

// One frame of input, in viewport pixels (top-left origin, y down).
struct NavigationInput {
  glm::vec2 pointer{0.0f};
  glm::vec2 pointer_delta{0.0f};  // since the last frame
  bool hovered = false;           // the pointer is over the viewport
  bool left_down = false;
  bool right_down = false;
  bool middle_down = false;
  bool left_pressed = false;  // went down this frame
  bool right_pressed = false;
  bool middle_pressed = false;
  bool alt = false;
  float wheel = 0.0f;  // notches, positive away from the user
  render::FlyInput fly;
  float delta_seconds = 0.0f;
};

enum class NavigationMode { kNone, kOrbit, kFly, kPan };

class CameraNavigator {
 public:
  // Applies one frame of input to the camera.
  void Update(render::EditorCamera& camera, const NavigationInput& input);

  // What the current drag does; kNone between drags. A right drag reports
  // kOrbit until a fly key is pressed, then kFly.
  NavigationMode Mode() const { return mode_; }
  // True while a navigation drag owns the pointer and the fly keys: the
  // viewport must then neither pick, nor hover gizmos, nor treat W/E/R as tools.
  bool Active() const { return mode_ != NavigationMode::kNone; }

 private:
  enum class Button { kNone, kLeft, kRight, kMiddle };

  void Start(const NavigationInput& input);
  bool ButtonHeld(const NavigationInput& input) const;

  NavigationMode mode_ = NavigationMode::kNone;
  Button button_ = Button::kNone;
};

// True when any of the fly movement keys is held (Shift alone is not).
bool AnyFlyKey(const render::FlyInput& fly);

}  // namespace cairn::editor
