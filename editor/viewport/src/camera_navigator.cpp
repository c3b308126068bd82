#include "cairn/editor/viewport/camera_navigator.h"

namespace cairn::editor {

bool AnyFlyKey(const render::FlyInput& fly) {
  return fly.forward || fly.backward || fly.left || fly.right || fly.up || fly.down;
}

bool CameraNavigator::ButtonHeld(const NavigationInput& input) const {
  switch (button_) {
    case Button::kLeft: return input.left_down;
    case Button::kRight: return input.right_down;
    case Button::kMiddle: return input.middle_down;
    case Button::kNone: return false;
  }
  return false;
}

void CameraNavigator::Start(const NavigationInput& input) {
  if (!input.hovered) return;
  if (input.right_pressed) {
    mode_ = NavigationMode::kOrbit;
    button_ = Button::kRight;
  } else if (input.middle_pressed) {
    mode_ = NavigationMode::kPan;
    button_ = Button::kMiddle;
  } else if (input.left_pressed && input.alt) {
    mode_ = NavigationMode::kOrbit;
    button_ = Button::kLeft;
  }
}

void CameraNavigator::Update(render::EditorCamera& camera, const NavigationInput& input) {
  if (mode_ != NavigationMode::kNone && !ButtonHeld(input)) {
    mode_ = NavigationMode::kNone;
    button_ = Button::kNone;
  }
  if (mode_ == NavigationMode::kNone) Start(input);

  const bool right_drag = button_ == Button::kRight;
  if (right_drag && mode_ == NavigationMode::kOrbit && AnyFlyKey(input.fly)) mode_ = NavigationMode::kFly;

  switch (mode_) {
    case NavigationMode::kOrbit:
      if (input.pointer_delta != glm::vec2(0.0f)) camera.Orbit(input.pointer_delta);
      break;
    case NavigationMode::kFly:
      if (input.pointer_delta != glm::vec2(0.0f)) camera.Look(input.pointer_delta);
      camera.Fly(input.fly, input.delta_seconds);
      break;
    case NavigationMode::kPan:
      if (input.pointer_delta != glm::vec2(0.0f)) camera.Pan(input.pointer_delta);
      break;
    case NavigationMode::kNone: break;
  }

  if (input.wheel != 0.0f) {
    if (right_drag) {
      camera.AdjustFlySpeed(input.wheel);
    } else if (input.hovered && mode_ == NavigationMode::kNone) {
      camera.ZoomTowards(input.wheel, input.pointer);
    }
  }
}

}  // namespace cairn::editor
