#include "cairn/render/gizmo_frame.h"

#include <cmath>

#include <glm/geometric.hpp>
#include <glm/matrix.hpp>

#include "cairn/render/screen_projection.h"

namespace cairn::render {

namespace {

glm::vec3 ViewRow(const glm::mat4& view, int row) { return {view[0][row], view[1][row], view[2][row]}; }

glm::vec3 DirectionToCamera(const CameraMatrices& camera, glm::vec3 origin) {
  if (camera.IsOrthographic()) return glm::normalize(ViewRow(camera.view, 2));
  const glm::vec3 offset = camera.position - origin;
  const float length = glm::length(offset);
  return length > 1e-6f ? offset / length : glm::normalize(ViewRow(camera.view, 2));
}

bool AxisLongEnoughOnScreen(const GizmoView& view, const GizmoFrame& frame, int axis, float min_pixels) {
  const auto start = WorldToScreen(view.camera, frame.origin, view.viewport_size);
  const auto end = WorldToScreen(view.camera, frame.origin + frame.axes[axis] * frame.scale, view.viewport_size);
  return start && end && glm::length(*end - *start) >= min_pixels;
}

}  // namespace

GizmoFrame ComputeGizmoFrame(const GizmoView& view, const GizmoPivot& pivot, GizmoMode mode, GizmoSpace space,
                             const GizmoMetrics& metrics) {
  GizmoFrame frame;
  frame.origin = pivot.position;
  if (space == GizmoSpace::Local || mode == GizmoMode::Scale) {
    const glm::quat orientation = glm::normalize(pivot.orientation);
    for (int axis = 0; axis < 3; ++axis) {
      glm::vec3 unit{0.0f};
      unit[axis] = 1.0f;
      frame.axes[axis] = glm::normalize(orientation * unit);
    }
  }
  frame.camera_right = glm::normalize(ViewRow(view.camera.view, 0));
  frame.camera_up = glm::normalize(ViewRow(view.camera.view, 1));
  frame.to_camera = DirectionToCamera(view.camera, frame.origin);
  frame.in_front_of_camera = WorldToScreen(view.camera, frame.origin, view.viewport_size).has_value();
  frame.scale = WorldSizeForPixelsAt(view.camera, frame.origin, metrics.handle_length_px, view.viewport_size.y);
  for (int axis = 0; axis < 3; ++axis) {
    frame.axis_visible[axis] = frame.in_front_of_camera &&
        AxisLongEnoughOnScreen(view, frame, axis, metrics.min_axis_screen_fraction * metrics.handle_length_px);
    frame.plane_visible[axis] = frame.in_front_of_camera &&
        std::abs(glm::dot(frame.axes[axis], frame.to_camera)) >= metrics.min_plane_cosine;
  }
  return frame;
}

glm::vec3 RingPoint(const GizmoFrame& frame, int axis, float radius, float angle) {
  const glm::vec3& u = frame.axes[(axis + 1) % 3];
  const glm::vec3& v = frame.axes[(axis + 2) % 3];
  return frame.origin + (u * std::cos(angle) + v * std::sin(angle)) * (radius * frame.scale);
}

glm::vec3 ScreenCirclePoint(const GizmoFrame& frame, float radius, float angle) {
  return frame.origin + (frame.camera_right * std::cos(angle) + frame.camera_up * std::sin(angle)) *
                            (radius * frame.scale);
}

}  // namespace cairn::render
