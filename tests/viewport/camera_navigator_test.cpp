#include <catch2/catch.hpp>

#include <glm/geometric.hpp>

#include "cairn/editor/viewport/camera_navigator.h"
#include "viewport_test_world.h"

using cairn::editor::CameraNavigator;
using cairn::editor::NavigationInput;
using cairn::editor::NavigationMode;
using cairn::render::EditorCamera;
using cairn::render::EditorCameraState;
namespace t = cairn::editor::testing;

namespace {

EditorCamera MakeCamera() {
  EditorCamera camera;
  camera.SetViewportSize({800, 600});
  camera.SetState(EditorCameraState{{0, 0, 10}, {0, 0, 0}});
  return camera;
}

NavigationInput Hovering(glm::vec2 pointer = {400, 300}) {
  NavigationInput input;
  input.pointer = pointer;
  input.hovered = true;
  input.delta_seconds = 1.0f / 60.0f;
  return input;
}

// Presses `button` (0 left, 1 right, 2 middle) over the viewport, then moves
// the pointer by `delta` with it held, and releases.
void Drag(CameraNavigator& navigator, EditorCamera& camera, int button, glm::vec2 delta, bool alt = false) {
  NavigationInput input = Hovering();
  input.alt = alt;
  bool* down[] = {&input.left_down, &input.right_down, &input.middle_down};
  bool* pressed[] = {&input.left_pressed, &input.right_pressed, &input.middle_pressed};
  *down[button] = true;
  *pressed[button] = true;
  navigator.Update(camera, input);
  *pressed[button] = false;
  input.pointer_delta = delta;
  input.pointer += delta;
  navigator.Update(camera, input);
  input.pointer_delta = {0, 0};
  *down[button] = false;
  navigator.Update(camera, input);
}

}  // namespace

TEST_CASE("A right drag orbits around the target", "[viewport][camera]") {
  EditorCamera camera = MakeCamera();
  CameraNavigator navigator;
  Drag(navigator, camera, 1, {100, 0});
  CHECK_NEAR_VEC(camera.Target(), glm::vec3(0, 0, 0));
  CHECK(camera.Distance() == Approx(10.0f));
  CHECK_FALSE(t::Near(camera.Position(), glm::vec3(0, 0, 10), 0.1f));
  CHECK(navigator.Mode() == NavigationMode::kNone);
}

TEST_CASE("An Alt+left drag orbits, a plain left drag does not move the camera", "[viewport][camera]") {
  EditorCamera camera = MakeCamera();
  CameraNavigator navigator;
  Drag(navigator, camera, 0, {0, 80});
  CHECK_NEAR_VEC(camera.Position(), glm::vec3(0, 0, 10));
  Drag(navigator, camera, 0, {0, 80}, true);
  CHECK(camera.Distance() == Approx(10.0f));
  CHECK(camera.Position().y > 1.0f);  // dragging down tilts the view from above
}

TEST_CASE("A middle drag pans camera and target together", "[viewport][camera]") {
  EditorCamera camera = MakeCamera();
  CameraNavigator navigator;
  Drag(navigator, camera, 2, {-50, 0});
  const glm::vec3 moved = camera.Target();
  CHECK(moved.x != Approx(0.0f));
  CHECK(moved.y == Approx(0.0f).margin(1e-5));
  CHECK_NEAR_VEC(camera.Position() - camera.Target(), glm::vec3(0, 0, 10));
}

TEST_CASE("The wheel zooms towards the cursor only while the viewport is hovered", "[viewport][camera]") {
  EditorCamera camera = MakeCamera();
  CameraNavigator navigator;
  NavigationInput input = Hovering({600, 300});
  input.wheel = 1.0f;
  navigator.Update(camera, input);
  CHECK(camera.Distance() < 10.0f);
  CHECK(camera.Target().x > 0.0f);  // towards the point right of centre

  const float distance = camera.Distance();
  input.hovered = false;
  navigator.Update(camera, input);
  CHECK(camera.Distance() == distance);
}

TEST_CASE("Holding the right button with W flies forward and looks instead of orbiting", "[viewport][camera]") {
  EditorCamera camera = MakeCamera();
  CameraNavigator navigator;
  NavigationInput input = Hovering();
  input.right_down = input.right_pressed = true;
  navigator.Update(camera, input);
  CHECK(navigator.Mode() == NavigationMode::kOrbit);
  input.right_pressed = false;
  input.fly.forward = true;
  input.delta_seconds = 1.0f;
  navigator.Update(camera, input);
  CHECK(navigator.Mode() == NavigationMode::kFly);
  CHECK(navigator.Active());
  // fly_speed 5 units/s for one second along -Z.
  CHECK_NEAR_VEC(camera.Position(), glm::vec3(0, 0, 5));

  SECTION("the rest of the drag looks around the camera") {
    input.fly.forward = false;
    input.delta_seconds = 0.0f;
    input.pointer_delta = {100, 0};
    navigator.Update(camera, input);
    CHECK(navigator.Mode() == NavigationMode::kFly);
    CHECK_NEAR_VEC(camera.Position(), glm::vec3(0, 0, 5));  // turned in place
    CHECK(glm::dot(camera.Forward(), glm::vec3(0, 0, -1)) < 0.99f);
  }
  SECTION("the wheel changes the fly speed, not the distance") {
    const float distance = camera.Distance();
    input.wheel = 1.0f;
    input.fly.forward = false;
    navigator.Update(camera, input);
    CHECK(camera.FlySpeed() == Approx(6.0f));
    CHECK(camera.Distance() == distance);
  }
  SECTION("releasing the button ends flying") {
    input.right_down = false;
    input.fly.forward = true;
    navigator.Update(camera, input);
    CHECK(navigator.Mode() == NavigationMode::kNone);
    CHECK_NEAR_VEC(camera.Position(), glm::vec3(0, 0, 5));
  }
}

TEST_CASE("A drag starts only over the viewport but continues outside it", "[viewport][camera]") {
  EditorCamera camera = MakeCamera();
  CameraNavigator navigator;
  NavigationInput input = Hovering();
  input.hovered = false;
  input.right_down = input.right_pressed = true;
  navigator.Update(camera, input);
  CHECK(navigator.Mode() == NavigationMode::kNone);

  input = Hovering();
  input.right_down = input.right_pressed = true;
  navigator.Update(camera, input);
  input.right_pressed = false;
  input.hovered = false;
  input.pointer_delta = {50, 0};
  navigator.Update(camera, input);
  CHECK(navigator.Mode() == NavigationMode::kOrbit);
  CHECK_FALSE(t::Near(camera.Position(), glm::vec3(0, 0, 10), 0.1f));
}

TEST_CASE("Shift alone is not a fly key", "[viewport][camera]") {
  cairn::render::FlyInput fly;
  fly.fast = true;
  CHECK_FALSE(cairn::editor::AnyFlyKey(fly));
  fly.down = true;
  CHECK(cairn::editor::AnyFlyKey(fly));
}
