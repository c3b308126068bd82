#include <catch2/catch.hpp>

#include <glm/gtc/constants.hpp>

#include "cairn/render/fwd.h"  // first, so it is checked against the definitions

#include "cairn/render/gizmo.h"
#include "cairn/render/gizmo_hit_test.h"
#include "render_test_support.h"

using namespace cairn::render;
using namespace cairn::render::test;

// All cases look at a pivot at the origin from FrontCamera() (eye on +Z, 10
// units away, 800 x 600): world X is screen right, Y is screen up, and one
// handle length (110 px) spans 110 * FrontUnitsPerPixel() world units.

namespace {

GizmoPointer Up(glm::vec2 position) { return {position, false}; }
GizmoPointer Down(glm::vec2 position) { return {position, true}; }

// Hovers `from`, presses there, moves to `to` with the button held.
GizmoResult Drag(Gizmo& gizmo, const GizmoPivot& pivot, glm::vec2 from, glm::vec2 to,
                 const GizmoView& view = FrontView()) {
  gizmo.Update(view, pivot, Up(from));
  const GizmoResult started = gizmo.Update(view, pivot, Down(from));
  REQUIRE(started.drag_started);
  return gizmo.Update(view, pivot, Down(to));
}

glm::vec2 OnRingZ(float degrees) {
  const float radius = 110.0f;
  return {400.0f + radius * std::cos(glm::radians(degrees)), 300.0f - radius * std::sin(glm::radians(degrees))};
}

GizmoHandle HoverAt(Gizmo& gizmo, glm::vec2 pointer, const GizmoPivot& pivot = {}) {
  return gizmo.Update(FrontView(), pivot, Up(pointer)).hovered;
}

}  // namespace

TEST_CASE("[Gizmo] Translate handles are found where they are drawn", "[render][gizmo]") {
  Gizmo gizmo;
  CHECK(HoverAt(gizmo, {460, 300}) == GizmoHandle::AxisX);
  CHECK(HoverAt(gizmo, {505, 306}) == GizmoHandle::AxisX);
  CHECK(HoverAt(gizmo, {400, 240}) == GizmoHandle::AxisY);
  CHECK(HoverAt(gizmo, {402, 301}) == GizmoHandle::Center);
  CHECK(HoverAt(gizmo, {440, 260}) == GizmoHandle::PlaneXY);
  CHECK(HoverAt(gizmo, {460, 320}) == GizmoHandle::None);
  CHECK(HoverAt(gizmo, {530, 300}) == GizmoHandle::None);
  CHECK(HoverAt(gizmo, {600, 500}) == GizmoHandle::None);
  CHECK(gizmo.HighlightedHandle() == GizmoHandle::None);
}

TEST_CASE("[Gizmo] Axes and planes seen end-on or edge-on are hidden", "[render][gizmo]") {
  const Gizmo gizmo;
  const GizmoFrame frame = gizmo.Frame(FrontView(), GizmoPivot{});
  CHECK(frame.axis_visible[0]);
  CHECK(frame.axis_visible[1]);
  CHECK_FALSE(frame.axis_visible[2]);  // Z points at the camera
  CHECK_FALSE(frame.plane_visible[0]);
  CHECK_FALSE(frame.plane_visible[1]);
  CHECK(frame.plane_visible[2]);
  CHECK(frame.scale == Approx(110.0f * FrontUnitsPerPixel()));
  CHECK_NEAR_VEC(frame.to_camera, glm::vec3(0, 0, 1), 1e-6f);
}

TEST_CASE("[Gizmo] Nothing is hovered when the pivot is behind the camera", "[render][gizmo]") {
  Gizmo gizmo;
  GizmoPivot behind;
  behind.position = {0, 0, 20};
  CHECK(HoverAt(gizmo, ViewportCenter(), behind) == GizmoHandle::None);
  CHECK_FALSE(gizmo.Frame(FrontView(), behind).in_front_of_camera);
}

TEST_CASE("[Gizmo] Dragging an axis moves along it by the distance under the cursor", "[render][gizmo]") {
  // Moving across the axis on screen (here 30 px down) does not slide along it.
  Gizmo gizmo;
  const GizmoResult moving = Drag(gizmo, {}, {460, 300}, {512, 330});
  CHECK(moving.dragging);
  CHECK(moving.hovered == GizmoHandle::AxisX);
  CHECK(moving.WantsPointer());
  CHECK_NEAR_VEC(moving.delta.translation, glm::vec3(52.0f * FrontUnitsPerPixel(), 0, 0), 1e-4f);
  CHECK(gizmo.HighlightedHandle() == GizmoHandle::AxisX);

  const GizmoResult released = gizmo.Update(FrontView(), {}, Up({512, 330}));
  CHECK(released.drag_finished);
  CHECK_FALSE(released.dragging);
  CHECK_NEAR_VEC(released.delta.translation, moving.delta.translation, 0.0f);
  CHECK_FALSE(gizmo.IsDragging());

  const GizmoResult after = gizmo.Update(FrontView(), {}, Up({600, 500}));
  CHECK_FALSE(after.drag_finished);
  CHECK_NEAR_VEC(after.delta.translation, glm::vec3(0), 0.0f);
}

TEST_CASE("[Gizmo] Translation snaps to steps along the gizmo axes", "[render][gizmo]") {
  Gizmo gizmo;
  gizmo.SetSnapping({true, 0.5f, 15.0f, 0.1f});
  const GizmoResult result = Drag(gizmo, {}, {460, 300}, {512, 300});  // 1.0007 units
  CHECK_NEAR_VEC(result.delta.translation, glm::vec3(1.0f, 0, 0), 1e-6f);
  const GizmoResult shorter = gizmo.Update(FrontView(), {}, Down({470, 300}));  // 0.19 units
  CHECK_NEAR_VEC(shorter.delta.translation, glm::vec3(0.0f), 1e-6f);
}

TEST_CASE("[Gizmo] Plane and centre handles move in two dimensions", "[render][gizmo]") {
  const float units = FrontUnitsPerPixel();
  Gizmo gizmo;
  const GizmoResult plane = Drag(gizmo, {}, {440, 260}, {492, 208});
  CHECK(plane.hovered == GizmoHandle::PlaneXY);
  CHECK_NEAR_VEC(plane.delta.translation, glm::vec3(52 * units, 52 * units, 0), 1e-4f);
  gizmo.Update(FrontView(), {}, Up({492, 208}));

  const GizmoResult center = Drag(gizmo, {}, {401, 300}, {381, 340});
  CHECK(center.hovered == GizmoHandle::Center);
  CHECK_NEAR_VEC(center.delta.translation, glm::vec3(-20 * units, -40 * units, 0), 1e-4f);
}

TEST_CASE("[Gizmo] Local space follows the pivot's orientation", "[render][gizmo]") {
  Gizmo gizmo;
  gizmo.SetSpace(GizmoSpace::Local);
  GizmoPivot pivot;
  pivot.orientation = glm::angleAxis(glm::half_pi<float>(), glm::vec3{0, 0, 1});  // local X is world Y
  CHECK(HoverAt(gizmo, {400, 240}, pivot) == GizmoHandle::AxisX);
  CHECK(HoverAt(gizmo, {340, 300}, pivot) == GizmoHandle::AxisY);
  const GizmoResult result = Drag(gizmo, pivot, {400, 240}, {400, 188});
  CHECK_NEAR_VEC(result.delta.translation, glm::vec3(0, 52 * FrontUnitsPerPixel(), 0), 1e-4f);

  gizmo.SetSpace(GizmoSpace::World);
  CHECK_FALSE(gizmo.IsDragging());
  gizmo.Update(FrontView(), pivot, Up({0, 0}));
  CHECK(HoverAt(gizmo, {400, 240}, pivot) == GizmoHandle::AxisY);
}

TEST_CASE("[Gizmo] The drag keeps the geometry of its start while the object moves", "[render][gizmo]") {
  Gizmo gizmo;
  Drag(gizmo, {}, {460, 300}, {480, 300});
  GizmoPivot moved;
  moved.position = {5, 3, 0};
  const GizmoResult result = gizmo.Update(FrontView(), moved, Down({512, 300}));
  CHECK_NEAR_VEC(result.delta.translation, glm::vec3(52 * FrontUnitsPerPixel(), 0, 0), 1e-4f);
}

TEST_CASE("[Gizmo] A button already held does not start a drag", "[render][gizmo]") {
  Gizmo gizmo;
  gizmo.Update(FrontView(), {}, Down({600, 500}));
  const GizmoResult over_handle = gizmo.Update(FrontView(), {}, Down({460, 300}));
  CHECK(over_handle.hovered == GizmoHandle::AxisX);
  CHECK_FALSE(over_handle.drag_started);
  CHECK_FALSE(over_handle.dragging);
  gizmo.Update(FrontView(), {}, Up({460, 300}));
  CHECK(gizmo.Update(FrontView(), {}, Down({460, 300})).drag_started);
}

TEST_CASE("[Gizmo] Changing mode or cancelling ends a drag", "[render][gizmo]") {
  Gizmo gizmo;
  Drag(gizmo, {}, {460, 300}, {480, 300});
  gizmo.SetMode(GizmoMode::Rotate);
  CHECK_FALSE(gizmo.IsDragging());
  gizmo.SetMode(GizmoMode::Translate);
  gizmo.Update(FrontView(), {}, Up({460, 300}));
  Drag(gizmo, {}, {460, 300}, {480, 300});
  gizmo.Cancel();
  CHECK_FALSE(gizmo.IsDragging());
  const GizmoResult next = gizmo.Update(FrontView(), {}, Down({480, 300}));
  CHECK_FALSE(next.dragging);
  CHECK_FALSE(next.drag_finished);
}

TEST_CASE("[Gizmo] Rotate mode hovers rings, the view ring and the trackball", "[render][gizmo]") {
  Gizmo gizmo;
  gizmo.SetMode(GizmoMode::Rotate);
  CHECK(HoverAt(gizmo, OnRingZ(45.0f)) == GizmoHandle::RingZ);
  CHECK(HoverAt(gizmo, OnRingZ(200.0f)) == GizmoHandle::RingZ);
  CHECK(HoverAt(gizmo, {400, 360}) == GizmoHandle::RingX);
  CHECK(HoverAt(gizmo, {460, 302}) == GizmoHandle::RingY);
  CHECK(HoverAt(gizmo, {529.8f, 300}) == GizmoHandle::ViewRing);
  CHECK(HoverAt(gizmo, {430, 340}) == GizmoHandle::Trackball);
  CHECK(HoverAt(gizmo, {650, 300}) == GizmoHandle::None);
}

TEST_CASE("[Gizmo] Dragging a ring rotates by the angle swept around its axis", "[render][gizmo]") {
  Gizmo gizmo;
  gizmo.SetMode(GizmoMode::Rotate);
  const GizmoResult quarter = Drag(gizmo, {}, OnRingZ(45.0f), OnRingZ(135.0f));
  CHECK(quarter.hovered == GizmoHandle::RingZ);
  CHECK(SameRotation(quarter.delta.rotation, glm::angleAxis(glm::half_pi<float>(), glm::vec3{0, 0, 1})));
  CHECK_NEAR_VEC(quarter.delta.rotation * glm::vec3(1, 0, 0), glm::vec3(0, 1, 0), 1e-4f);

  // Past half a turn in steps: the angle accumulates instead of wrapping.
  gizmo.Update(FrontView(), {}, Down(OnRingZ(195.0f)));
  gizmo.Update(FrontView(), {}, Down(OnRingZ(255.0f)));
  const GizmoResult most = gizmo.Update(FrontView(), {}, Down(OnRingZ(285.0f)));
  CHECK_NEAR_VEC(most.delta.rotation * glm::vec3(1, 0, 0),
                 glm::vec3(std::cos(glm::radians(240.0f)), std::sin(glm::radians(240.0f)), 0), 1e-4f);
}

TEST_CASE("[Gizmo] Rotation snaps to whole steps", "[render][gizmo]") {
  Gizmo gizmo;
  gizmo.SetMode(GizmoMode::Rotate);
  gizmo.SetSnapping({true, 0.5f, 15.0f, 0.1f});
  const GizmoResult result = Drag(gizmo, {}, OnRingZ(45.0f), OnRingZ(95.0f));
  CHECK(SameRotation(result.delta.rotation, glm::angleAxis(glm::radians(45.0f), glm::vec3{0, 0, 1})));
}

TEST_CASE("[Gizmo] A ring facing the camera from above turns around Y", "[render][gizmo]") {
  const GizmoView top{LookAtCamera({0, 10, 0}, {0, 0, 0}, {0, 0, -1}), {kViewportWidth, kViewportHeight}};
  Gizmo gizmo;
  gizmo.SetMode(GizmoMode::Rotate);
  // Ring Y: angle a sits at sin(a) X + cos(a) Z, which is screen right / down here.
  const auto on_ring_y = [](float degrees) {
    return glm::vec2{400.0f + 110.0f * std::sin(glm::radians(degrees)), 300.0f + 110.0f * std::cos(glm::radians(degrees))};
  };
  CHECK(gizmo.Update(top, {}, Up(on_ring_y(45.0f))).hovered == GizmoHandle::RingY);
  const GizmoResult result = Drag(gizmo, {}, on_ring_y(45.0f), on_ring_y(135.0f), top);
  CHECK(SameRotation(result.delta.rotation, glm::angleAxis(glm::half_pi<float>(), glm::vec3{0, 1, 0})));
}

TEST_CASE("[Gizmo] The view ring turns around the view direction", "[render][gizmo]") {
  Gizmo gizmo;
  gizmo.SetMode(GizmoMode::Rotate);
  const GizmoResult result = Drag(gizmo, {}, {529.8f, 300}, {400, 170.2f});
  CHECK(result.hovered == GizmoHandle::ViewRing);
  CHECK(SameRotation(result.delta.rotation, glm::angleAxis(glm::half_pi<float>(), glm::vec3{0, 0, 1})));
}

TEST_CASE("[Gizmo] The trackball turns the near side with the cursor", "[render][gizmo]") {
  Gizmo gizmo;
  gizmo.SetMode(GizmoMode::Rotate);
  const GizmoResult right = Drag(gizmo, {}, {430, 340}, {480, 340});
  CHECK(right.hovered == GizmoHandle::Trackball);
  CHECK_NEAR_VEC(right.delta.rotation * glm::vec3(0, 0, 1), glm::vec3(std::sin(0.5f), 0, std::cos(0.5f)), 1e-4f);
  const GizmoResult down = gizmo.Update(FrontView(), {}, Down({480, 390}));
  const glm::quat expected = glm::angleAxis(0.5f, glm::vec3{1, 0, 0}) * glm::angleAxis(0.5f, glm::vec3{0, 1, 0});
  CHECK(SameRotation(down.delta.rotation, expected));
}

TEST_CASE("[Gizmo] Scale handles give factors along local axes", "[render][gizmo]") {
  Gizmo gizmo;
  gizmo.SetMode(GizmoMode::Scale);
  const GizmoResult axis = Drag(gizmo, {}, {460, 300}, {520, 300});
  CHECK(axis.hovered == GizmoHandle::AxisX);
  CHECK_NEAR_VEC(axis.delta.scale, glm::vec3(2, 1, 1), 1e-4f);
  gizmo.Update(FrontView(), {}, Up({520, 300}));

  const GizmoResult uniform = Drag(gizmo, {}, {402, 301}, {457, 301});
  CHECK(uniform.hovered == GizmoHandle::Center);
  CHECK_NEAR_VEC(uniform.delta.scale, glm::vec3(1.5f), 1e-5f);
  CHECK_NEAR_VEC(gizmo.Update(FrontView(), {}, Down({457, 246})).delta.scale, glm::vec3(2.0f), 1e-5f);
  gizmo.Update(FrontView(), {}, Up({457, 246}));

  gizmo.SetSnapping({true, 0.5f, 15.0f, 0.25f});
  CHECK_NEAR_VEC(Drag(gizmo, {}, {460, 300}, {500, 300}).delta.scale, glm::vec3(1.75f, 1, 1), 1e-5f);
}

TEST_CASE("[Gizmo] Scale uses local axes even in world space", "[render][gizmo]") {
  Gizmo gizmo;
  gizmo.SetMode(GizmoMode::Scale);
  GizmoPivot pivot;
  pivot.orientation = glm::angleAxis(glm::half_pi<float>(), glm::vec3{0, 0, 1});
  CHECK(gizmo.Space() == GizmoSpace::World);
  CHECK(HoverAt(gizmo, {400, 240}, pivot) == GizmoHandle::AxisX);
}

TEST_CASE("[GizmoHandle] Handles map to their axes", "[render][gizmo]") {
  CHECK(GizmoHandleAxis(GizmoHandle::AxisY) == 1);
  CHECK(GizmoHandleAxis(GizmoHandle::PlaneXY) == 2);
  CHECK(GizmoHandleAxis(GizmoHandle::RingX) == 0);
  CHECK_FALSE(GizmoHandleAxis(GizmoHandle::Trackball).has_value());
  CHECK(AxisHandle(2) == GizmoHandle::AxisZ);
  CHECK(PlaneHandle(0) == GizmoHandle::PlaneYZ);
  CHECK(RingHandle(1) == GizmoHandle::RingY);
  CHECK(GizmoHandleName(GizmoHandle::ViewRing) == "ViewRing");
}
