#pragma once

#include <array>

#include <glm/gtc/quaternion.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "cairn/render/camera_matrices.h"
#include "cairn/render/gizmo_handle.h"

namespace cairn::render {

// The camera and viewport a gizmo is seen through.
struct GizmoView {
  CameraMatrices camera;
  glm::vec2 viewport_size{1.0f};  // pixels
};

// Where the gizmo sits: the world position and orientation of what it moves.
struct GizmoPivot {
  glm::vec3 position{0.0f};
  glm::quat orientation{1.0f, 0.0f, 0.0f, 0.0f};
};

// Layout of the handles. Lengths ending in _px are screen pixels; the others
// are in handle units, where 1 is the on-screen length of an axis handle.
struct GizmoMetrics {
  float handle_length_px = 110.0f;
  float hover_tolerance_px = 8.0f;
  float center_radius_px = 9.0f;
  float axis_start = 0.2f;           // axis handles start here, clear of the centre
  float plane_min = 0.25f;           // plane squares span [plane_min, plane_max] on both axes
  float plane_max = 0.5f;
  float ring_radius = 1.0f;
  float view_ring_radius = 1.18f;
  float min_axis_screen_fraction = 0.15f;  // axes foreshortened below this are hidden
  float min_plane_cosine = 0.15f;          // planes seen more edge-on are hidden
  float trackball_radians_per_pixel = 0.01f;
  int ring_segments = 64;
};

// The gizmo's placement for one frame, shared by hit testing and drawing so
// that what is drawn is exactly what can be grabbed.
struct GizmoFrame {
  glm::vec3 origin{0.0f};
  std::array<glm::vec3, 3> axes{glm::vec3{1, 0, 0}, glm::vec3{0, 1, 0}, glm::vec3{0, 0, 1}};  // unit
  float scale = 1.0f;              // world length of one handle unit
  glm::vec3 to_camera{0, 0, 1};    // unit, from the origin towards the eye
  glm::vec3 camera_right{1, 0, 0};  // unit, world direction of screen +x
  glm::vec3 camera_up{0, 1, 0};     // unit, world direction of screen -y (up)
  std::array<bool, 3> axis_visible{true, true, true};
  std::array<bool, 3> plane_visible{true, true, true};  // plane i is the one normal to axis i
  bool in_front_of_camera = true;  // false: nothing is drawn or hovered
};

// Places a gizmo of `metrics` at `pivot`. World space uses the world axes,
// local space the pivot's rotated axes; Scale mode always uses local axes.
[[nodiscard]] GizmoFrame ComputeGizmoFrame(const GizmoView& view, const GizmoPivot& pivot, GizmoMode mode,
                                           GizmoSpace space, const GizmoMetrics& metrics);

// Point at `angle` radians on the ring of `radius` handle units around axis
// `axis` (0..2): cos(angle) along the next axis, sin(angle) along the one after.
[[nodiscard]] glm::vec3 RingPoint(const GizmoFrame& frame, int axis, float radius, float angle);

// Point at `angle` on the screen-aligned circle of `radius` handle units.
[[nodiscard]] glm::vec3 ScreenCirclePoint(const GizmoFrame& frame, float radius, float angle);

}  // namespace cairn::render
