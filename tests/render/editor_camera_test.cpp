#include <catch2/catch.hpp>

#include <glm/gtc/constants.hpp>
#include <glm/trigonometric.hpp>

#include "cairn/render/editor_camera.h"
#include "cairn/render/gizmo_math.h"
#include "cairn/render/screen_projection.h"
#include "render_test_support.h"

using namespace cairn::render;
using namespace cairn::render::test;

namespace {

EditorCamera MakeCamera() {
  EditorCamera camera;
  camera.SetViewportSize({kViewportWidth, kViewportHeight});
  return camera;
}

glm::vec2 Project(const EditorCamera& camera, glm::vec3 point) {
  const auto pixel = WorldToScreen(camera.Matrices(), point, camera.ViewportSize());
  REQUIRE(pixel.has_value());
  return *pixel;
}

}  // namespace

TEST_CASE("[EditorCamera] Starts at (0, 5, 10) looking at the origin", "[render][camera]") {
  const EditorCamera camera = MakeCamera();
  CHECK_NEAR_VEC(camera.Position(), glm::vec3(0, 5, 10), 1e-5f);
  CHECK_NEAR_VEC(camera.Target(), glm::vec3(0), 0.0f);
  CHECK(camera.Distance() == Approx(std::sqrt(125.0f)));
  CHECK(camera.Yaw() == Approx(0.0f).margin(1e-6));
  CHECK(camera.Pitch() == Approx(-std::atan(0.5f)));
  CHECK(camera.Projection() == ProjectionKind::Perspective);
  CHECK(camera.AspectRatio() == Approx(kViewportWidth / kViewportHeight));
  CHECK_NEAR_VEC(Project(camera, glm::vec3{0.0f}), ViewportCenter(), 1e-3f);
}

TEST_CASE("[EditorCamera] Saved state round-trips through SetState", "[render][camera]") {
  EditorCamera camera = MakeCamera();
  const std::vector<EditorCameraState> states{
      {{3, 4, 5}, {1, 0, -2}}, {{-10, 2, 0}, {0, 0, 0}}, {{0, 20, 0}, {0, 0, 0}}, {{0, -3, 0.5f}, {0, 0, 0.5f}}};
  for (const EditorCameraState& state : states) {
    camera.SetState(state);
    CHECK_NEAR_VEC(camera.State().position, state.position, 1e-4f);
    CHECK_NEAR_VEC(camera.State().target, state.target, 1e-6f);
  }
  // Looking straight down keeps the previous yaw, so the view does not spin.
  camera.SetLookAt({0, 0, 10}, {10, 0, 10});
  const float yaw = camera.Yaw();
  camera.SetLookAt({0, 10, 0}, {0, 0, 0});
  CHECK(camera.Yaw() == Approx(yaw));
  CHECK_NEAR_VEC(camera.Forward(), glm::vec3(0, -1, 0), 1e-6f);
}

TEST_CASE("[EditorCamera] View matrix matches lookAt and the basis is orthonormal", "[render][camera]") {
  EditorCamera camera = MakeCamera();
  camera.SetLookAt({4, 3, -6}, {1, 1, 1});
  const glm::mat4 expected = glm::lookAt(glm::vec3{4, 3, -6}, glm::vec3{1, 1, 1}, glm::vec3{0, 1, 0});
  for (int column = 0; column < 4; ++column) CHECK_NEAR_VEC(camera.ViewMatrix()[column], expected[column], 1e-5f);
  CHECK(glm::dot(camera.Forward(), camera.Right()) == Approx(0.0f).margin(1e-6));
  CHECK(glm::dot(camera.Forward(), camera.Up()) == Approx(0.0f).margin(1e-6));
  CHECK(camera.Right().y == Approx(0.0f).margin(1e-6));
}

TEST_CASE("[EditorCamera] Orbit turns around the target and clamps the pitch", "[render][camera]") {
  EditorCamera camera = MakeCamera();
  const float distance = camera.Distance();
  const float yaw = camera.Yaw();
  camera.Orbit({100.0f, 0.0f});
  CHECK(camera.Yaw() == Approx(yaw - glm::radians(30.0f)));
  CHECK(camera.Distance() == Approx(distance));
  CHECK_NEAR_VEC(camera.Target(), glm::vec3(0), 0.0f);
  CHECK(glm::length(camera.Position() - camera.Target()) == Approx(distance));
  // Dragging right moves the eye to the camera's left (+yaw is a left turn).
  CHECK(camera.Position().x < 0.0f);

  camera.Orbit({0.0f, 10000.0f});
  CHECK(camera.Pitch() == Approx(-glm::half_pi<float>()));
  CHECK_NEAR_VEC(camera.Forward(), glm::vec3(0, -1, 0), 1e-6f);
  camera.Orbit({0.0f, -20000.0f});
  CHECK(camera.Pitch() == Approx(glm::half_pi<float>()));
}

TEST_CASE("[EditorCamera] Pan moves the scene with the cursor, pixel for pixel", "[render][camera]") {
  for (ProjectionKind kind : {ProjectionKind::Perspective, ProjectionKind::Orthographic}) {
    EditorCamera camera = MakeCamera();
    camera.SetProjection(kind);
    const glm::vec3 old_target = camera.Target();
    camera.Pan({50.0f, -20.0f});
    CHECK_NEAR_VEC(Project(camera, old_target), ViewportCenter() + glm::vec2(50.0f, -20.0f), 1e-2f);
    CHECK(camera.Distance() == Approx(std::sqrt(125.0f)));
  }
}

TEST_CASE("[EditorCamera] Zoom scales the distance per wheel step", "[render][camera]") {
  EditorCamera camera = MakeCamera();
  const float distance = camera.Distance();
  camera.Zoom(2.0f);
  CHECK(camera.Distance() == Approx(distance * 0.85f * 0.85f));
  camera.Zoom(-2.0f);
  CHECK(camera.Distance() == Approx(distance));
  CHECK_NEAR_VEC(camera.Target(), glm::vec3(0), 0.0f);
}

TEST_CASE("[EditorCamera] ZoomTowards keeps the point under the cursor in place", "[render][camera]") {
  for (ProjectionKind kind : {ProjectionKind::Perspective, ProjectionKind::Orthographic}) {
    EditorCamera camera = MakeCamera();
    camera.SetProjection(kind);
    const glm::vec2 cursor{620.0f, 140.0f};
    const Ray ray = camera.ScreenRay(cursor);
    const glm::vec3 focus = *RayPlaneHit(ray, Plane{camera.Target(), camera.Forward()});
    const float distance = camera.Distance();
    camera.ZoomTowards(3.0f, cursor);
    CHECK(camera.Distance() == Approx(distance * std::pow(0.85f, 3.0f)));
    CHECK_NEAR_VEC(Project(camera, focus), cursor, 1e-2f);
    camera.ZoomTowards(-3.0f, cursor);
    CHECK(camera.Distance() == Approx(distance));
    CHECK_NEAR_VEC(camera.Target(), glm::vec3(0), 1e-3f);
  }
}

TEST_CASE("[EditorCamera] Zooming past the minimum distance carries the target forward", "[render][camera]") {
  EditorCamera camera = MakeCamera();
  camera.SetLookAt({0, 0, 1}, {0, 0, 0});
  camera.ZoomTowards(100.0f, ViewportCenter());
  CHECK(camera.Distance() == Approx(camera.Settings().min_distance));
  CHECK(camera.Target().z < 0.0f);
  const float z = camera.Target().z;
  camera.ZoomTowards(10.0f, ViewportCenter());
  CHECK(camera.Target().z < z);
  const float after_cursor_zoom = camera.Target().z;
  camera.Zoom(10.0f);
  CHECK(camera.Target().z < after_cursor_zoom);
  CHECK(camera.Distance() == Approx(camera.Settings().min_distance));
}

TEST_CASE("[EditorCamera] Fly moves eye and target together at the set speed", "[render][camera]") {
  EditorCamera camera = MakeCamera();
  camera.SetLookAt({0, 0, 10}, {0, 0, 0});
  FlyInput input;
  input.forward = true;
  camera.Fly(input, 0.5f);
  CHECK_NEAR_VEC(camera.Position(), glm::vec3(0, 0, 7.5f), 1e-5f);
  CHECK_NEAR_VEC(camera.Target(), glm::vec3(0, 0, -2.5f), 1e-5f);

  input = {};
  input.right = true;
  input.fast = true;
  camera.Fly(input, 0.25f);
  CHECK_NEAR_VEC(camera.Position(), glm::vec3(5, 0, 7.5f), 1e-5f);

  input = {};
  input.up = true;
  input.forward = true;
  input.backward = true;
  camera.Fly(input, 1.0f);
  CHECK_NEAR_VEC(camera.Position(), glm::vec3(5, 5, 7.5f), 1e-5f);

  camera.AdjustFlySpeed(1.0f);
  CHECK(camera.FlySpeed() == Approx(6.0f));
  camera.AdjustFlySpeed(-1000.0f);
  CHECK(camera.FlySpeed() == Approx(0.01f));
}

TEST_CASE("[EditorCamera] Look turns in place", "[render][camera]") {
  EditorCamera camera = MakeCamera();
  camera.SetLookAt({0, 0, 10}, {0, 0, 0});
  camera.Look({450.0f, 0.0f});  // 90 degrees at 0.2 degrees per pixel
  CHECK_NEAR_VEC(camera.Position(), glm::vec3(0, 0, 10), 1e-4f);
  CHECK_NEAR_VEC(camera.Forward(), glm::vec3(1, 0, 0), 1e-5f);
}

TEST_CASE("[EditorCamera] Framing fits the whole sphere in view", "[render][camera]") {
  for (glm::vec2 viewport : {glm::vec2{800, 600}, glm::vec2{300, 900}}) {
    EditorCamera camera;
    camera.SetViewportSize(viewport);
    const glm::vec3 center{10, 2, -3};
    const float radius = 2.0f;
    camera.FrameSphere(center, radius);
    CHECK_NEAR_VEC(camera.Target(), center, 0.0f);
    const float half_fov_y = glm::radians(camera.FieldOfViewDegrees()) * 0.5f;
    const float half_fov_x = std::atan(std::tan(half_fov_y) * camera.AspectRatio());
    // The sphere's angular radius fits with the margin to spare.
    CHECK(std::asin(radius / camera.Distance()) < std::min(half_fov_x, half_fov_y));
    CHECK(std::asin(radius * camera.Settings().frame_margin / camera.Distance()) ==
          Approx(std::min(half_fov_x, half_fov_y)));
    for (glm::vec3 offset : {camera.Right(), -camera.Right(), camera.Up(), -camera.Up()}) {
      const glm::vec2 pixel = Project(camera, center + offset * radius);
      CHECK(pixel.x > 0.0f);
      CHECK(pixel.x < viewport.x);
      CHECK(pixel.y > 0.0f);
      CHECK(pixel.y < viewport.y);
    }
  }
  EditorCamera camera = MakeCamera();
  camera.FrameBox(Aabb{{-1, -1, -1}, {3, 1, 1}});
  CHECK_NEAR_VEC(camera.Target(), glm::vec3(1, 0, 0), 1e-6f);
  const EditorCameraState before = camera.State();
  camera.FrameBox(Aabb{});
  CHECK_NEAR_VEC(camera.State().position, before.position, 0.0f);
}

TEST_CASE("[EditorCamera] View presets look along the world axes", "[render][camera]") {
  EditorCamera camera = MakeCamera();
  camera.SetViewPreset(ViewPreset::Top);
  CHECK_NEAR_VEC(camera.Forward(), glm::vec3(0, -1, 0), 1e-6f);
  CHECK_NEAR_VEC(camera.Up(), glm::vec3(0, 0, -1), 1e-6f);
  CHECK_NEAR_VEC(camera.Right(), glm::vec3(1, 0, 0), 1e-6f);
  CHECK(camera.Projection() == ProjectionKind::Orthographic);
  CHECK(camera.ProjectionMatrix()[3][3] == 1.0f);
  CHECK(camera.Matrices().IsOrthographic());

  camera.SetViewPreset(ViewPreset::Front);
  CHECK_NEAR_VEC(camera.Forward(), glm::vec3(0, 0, -1), 1e-6f);
  camera.SetViewPreset(ViewPreset::Back);
  CHECK_NEAR_VEC(camera.Forward(), glm::vec3(0, 0, 1), 1e-6f);
  camera.SetViewPreset(ViewPreset::Right);
  CHECK_NEAR_VEC(camera.Forward(), glm::vec3(-1, 0, 0), 1e-6f);
  camera.SetViewPreset(ViewPreset::Left);
  CHECK_NEAR_VEC(camera.Forward(), glm::vec3(1, 0, 0), 1e-6f);
  camera.SetViewPreset(ViewPreset::Bottom);
  CHECK_NEAR_VEC(camera.Forward(), glm::vec3(0, 1, 0), 1e-6f);

  camera.SetViewPreset(ViewPreset::Perspective);
  CHECK(camera.Projection() == ProjectionKind::Perspective);
  CHECK_FALSE(camera.Matrices().IsOrthographic());
  CHECK(camera.Position().x > 0.0f);
  CHECK(camera.Position().z > 0.0f);
  CHECK(camera.Pitch() == Approx(glm::radians(-30.0f)));
}

TEST_CASE("[EditorCamera] The orthographic height follows the distance", "[render][camera]") {
  EditorCamera camera = MakeCamera();
  camera.SetProjection(ProjectionKind::Orthographic);
  CHECK(camera.OrthographicHeight() == Approx(2.0f * camera.Distance() * std::tan(glm::radians(25.0f))));
  // The target plane spans the same height in both projections.
  const float ortho = WorldSizeForPixelsAt(camera.Matrices(), camera.Target(), kViewportHeight, kViewportHeight);
  camera.SetProjection(ProjectionKind::Perspective);
  const float perspective = WorldSizeForPixelsAt(camera.Matrices(), camera.Target(), kViewportHeight, kViewportHeight);
  CHECK(ortho == Approx(perspective));
}

TEST_CASE("[EditorCamera] The centre ray follows the view direction", "[render][camera]") {
  EditorCamera camera = MakeCamera();
  camera.SetLookAt({3, 4, 5}, {1, 0, -1});
  const Ray ray = camera.ScreenRay(ViewportCenter());
  CHECK_NEAR_VEC(ray.direction, camera.Forward(), 1e-5f);
  // The ray from an explicit viewport size agrees with the stored one.
  const Ray corner = camera.ScreenRay({10.0f, 20.0f}, {kViewportWidth, kViewportHeight});
  CHECK_NEAR_VEC(corner.direction, camera.ScreenRay({10.0f, 20.0f}).direction, 0.0f);
  CHECK_NEAR_VEC(Project(camera, corner.At(7.0f)), glm::vec2(10.0f, 20.0f), 1e-2f);
}

TEST_CASE("[EditorCamera] Projection settings are clamped to usable values", "[render][camera]") {
  EditorCamera camera;
  camera.SetViewportSize({0.0f, -5.0f});
  CHECK_NEAR_VEC(camera.ViewportSize(), glm::vec2(1.0f), 0.0f);
  camera.SetFieldOfViewDegrees(500.0f);
  CHECK(camera.FieldOfViewDegrees() == Approx(170.0f));
  camera.SetClipPlanes(-1.0f, -2.0f);
  CHECK(camera.NearPlane() > 0.0f);
  CHECK(camera.FarPlane() > camera.NearPlane());
}
