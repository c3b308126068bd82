#include "cairn/render/gizmo.h"

#include <cmath>

#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>

#include "cairn/render/gizmo_hit_test.h"
#include "cairn/render/gizmo_math.h"
#include "cairn/render/screen_projection.h"

namespace cairn::render {

namespace {

// Below this |cos| between the pointer ray and a ring's axis, the ring plane is
// seen too edge-on to intersect reliably.
constexpr float kGrazingCosine = 0.1f;

Ray PointerRay(const GizmoView& view, glm::vec2 pointer) {
  return ScreenRay(view.camera, pointer, view.viewport_size);
}

// Where the pointer ray meets the plane through the gizmo facing the camera.
std::optional<glm::vec3> ViewPlaneHit(const GizmoView& view, const GizmoFrame& frame, glm::vec2 pointer) {
  return RayPlaneHit(PointerRay(view, pointer), Plane{frame.origin, frame.to_camera});
}

// The pointer's position on the plane of a rotation around `axis`. When that
// plane is seen edge-on, the hit on the camera-facing plane is projected onto
// it instead, which keeps the angle changing smoothly.
std::optional<glm::vec3> RingPlaneHit(const GizmoView& view, const GizmoFrame& frame, glm::vec3 axis,
                                      glm::vec2 pointer) {
  const Ray ray = PointerRay(view, pointer);
  if (std::abs(glm::dot(ray.direction, axis)) >= kGrazingCosine) {
    if (auto hit = RayPlaneHit(ray, Plane{frame.origin, axis})) return hit;
  }
  const std::optional<glm::vec3> hit = ViewPlaneHit(view, frame, pointer);
  if (!hit) return std::nullopt;
  return *hit - axis * glm::dot(*hit - frame.origin, axis);
}

// The pointer moved onto the axis' line on screen, so that moving across the
// axis does not slide the handle along it.
glm::vec2 PointerOnScreenAxis(const GizmoView& view, const GizmoFrame& frame, int axis, glm::vec2 pointer) {
  const auto start = WorldToScreen(view.camera, frame.origin, view.viewport_size);
  const auto end = WorldToScreen(view.camera, frame.origin + frame.axes[axis] * frame.scale, view.viewport_size);
  if (!start || !end) return pointer;
  const glm::vec2 direction = *end - *start;
  const float length_squared = glm::dot(direction, direction);
  if (length_squared < 1e-6f) return pointer;
  return *start + direction * (glm::dot(pointer - *start, direction) / length_squared);
}

std::optional<float> AxisParameter(const GizmoView& view, const GizmoFrame& frame, int axis, glm::vec2 pointer) {
  const Ray ray = PointerRay(view, PointerOnScreenAxis(view, frame, axis, pointer));
  const auto closest = ClosestPointsRayLine(ray, frame.origin, frame.axes[axis], 1e-4f);
  if (!closest) return std::nullopt;
  return closest->line_t;
}

// `offset` snapped along each gizmo axis.
glm::vec3 SnapAlongAxes(const GizmoFrame& frame, glm::vec3 offset, float step) {
  glm::vec3 snapped{0.0f};
  for (const glm::vec3& axis : frame.axes) snapped += axis * Snap(glm::dot(offset, axis), step);
  return snapped;
}

glm::vec3 RotationAxis(const GizmoFrame& frame, GizmoHandle handle) {
  if (const auto axis = GizmoHandleAxis(handle)) return frame.axes[*axis];
  return frame.to_camera;  // view ring
}

}  // namespace

void Gizmo::SetMode(GizmoMode mode) {
  if (mode == mode_) return;
  Cancel();
  hovered_ = GizmoHandle::None;  // the handles are different ones now
  mode_ = mode;
}

void Gizmo::SetSpace(GizmoSpace space) {
  if (space == space_) return;
  Cancel();
  hovered_ = GizmoHandle::None;
  space_ = space;
}

void Gizmo::Cancel() { drag_.reset(); }

GizmoHandle Gizmo::HighlightedHandle() const { return drag_ ? drag_->handle : hovered_; }

GizmoFrame Gizmo::Frame(const GizmoView& view, const GizmoPivot& pivot) const {
  return ComputeGizmoFrame(view, pivot, mode_, space_, metrics_);
}

GizmoResult Gizmo::Update(const GizmoView& view, const GizmoPivot& pivot, const GizmoPointer& pointer) {
  const bool pressed = pointer.button_down && !button_was_down_;
  button_was_down_ = pointer.button_down;
  GizmoResult result;

  if (drag_) {
    result.hovered = drag_->handle;
    if (pointer.button_down) {
      ContinueDrag(*drag_, pointer.position);
      result.dragging = true;
      result.delta = drag_->delta;
    } else {
      result.drag_finished = true;
      result.delta = drag_->delta;
      hovered_ = drag_->handle;
      drag_.reset();
    }
    return result;
  }

  const GizmoFrame frame = Frame(view, pivot);
  hovered_ = HitTestGizmo(view, frame, mode_, pointer.position, metrics_);
  result.hovered = hovered_;
  if (pressed && hovered_ != GizmoHandle::None) {
    drag_ = BeginDrag(view, frame, hovered_, pointer.position);
    result.drag_started = result.dragging = drag_.has_value();
  }
  return result;
}

std::optional<Gizmo::Drag> Gizmo::BeginDrag(const GizmoView& view, const GizmoFrame& frame, GizmoHandle handle,
                                            glm::vec2 pointer) const {
  Drag drag;
  drag.handle = handle;
  drag.view = view;
  drag.frame = frame;
  drag.start_pointer = drag.last_pointer = pointer;

  const std::optional<int> axis = GizmoHandleAxis(handle);
  const bool axis_handle = axis && (handle == AxisHandle(*axis));
  const bool plane_handle = axis && (handle == PlaneHandle(*axis));

  if (axis_handle) {
    const std::optional<float> t = AxisParameter(view, frame, *axis, pointer);
    if (!t) return std::nullopt;
    drag.start_line_t = *t;
  } else if (plane_handle) {
    const auto hit = RayPlaneHit(PointerRay(view, pointer), Plane{frame.origin, frame.axes[*axis]});
    if (!hit) return std::nullopt;
    drag.start_hit = *hit;
  } else if (handle == GizmoHandle::Center && mode_ == GizmoMode::Translate) {
    const auto hit = ViewPlaneHit(view, frame, pointer);
    if (!hit) return std::nullopt;
    drag.start_hit = *hit;
  } else if (mode_ == GizmoMode::Rotate && handle != GizmoHandle::Trackball) {
    const auto hit = RingPlaneHit(view, frame, RotationAxis(frame, handle), pointer);
    if (!hit) return std::nullopt;
    drag.last_ring_point = *hit;
  }
  return drag;
}

void Gizmo::ContinueDrag(Drag& drag, glm::vec2 pointer) const {
  switch (mode_) {
    case GizmoMode::Translate: DragTranslate(drag, pointer); break;
    case GizmoMode::Rotate: DragRotate(drag, pointer); break;
    case GizmoMode::Scale: DragScale(drag, pointer); break;
  }
  drag.last_pointer = pointer;
}

void Gizmo::DragTranslate(Drag& drag, glm::vec2 pointer) const {
  const GizmoFrame& frame = drag.frame;
  const float step = snapping_.enabled ? snapping_.translate_step : 0.0f;
  const std::optional<int> axis = GizmoHandleAxis(drag.handle);

  if (drag.handle == GizmoHandle::Center || !axis) {
    if (const auto hit = ViewPlaneHit(drag.view, frame, pointer)) {
      drag.delta.translation = SnapAlongAxes(frame, *hit - drag.start_hit, step);
    }
    return;
  }
  if (drag.handle == AxisHandle(*axis)) {
    if (const auto t = AxisParameter(drag.view, frame, *axis, pointer)) {
      drag.delta.translation = frame.axes[*axis] * Snap(*t - drag.start_line_t, step);
    }
    return;
  }
  const auto hit = RayPlaneHit(PointerRay(drag.view, pointer), Plane{frame.origin, frame.axes[*axis]});
  if (!hit) return;
  const glm::vec3 offset = *hit - drag.start_hit;
  const glm::vec3& u = frame.axes[(*axis + 1) % 3];
  const glm::vec3& v = frame.axes[(*axis + 2) % 3];
  drag.delta.translation = u * Snap(glm::dot(offset, u), step) + v * Snap(glm::dot(offset, v), step);
}

void Gizmo::DragRotate(Drag& drag, glm::vec2 pointer) const {
  const GizmoFrame& frame = drag.frame;
  if (drag.handle == GizmoHandle::Trackball) {
    // Dragging right turns the near side of the object right (around screen
    // up); dragging down turns it down (around screen right).
    const glm::vec2 moved = pointer - drag.last_pointer;
    const float pixels = glm::length(moved);
    if (pixels > 0.0f) {
      const glm::vec3 axis = glm::normalize(frame.camera_up * moved.x + frame.camera_right * moved.y);
      drag.trackball = glm::normalize(glm::angleAxis(pixels * metrics_.trackball_radians_per_pixel, axis) *
                                      drag.trackball);
    }
    drag.delta.rotation = drag.trackball;
    return;
  }
  const glm::vec3 axis = RotationAxis(frame, drag.handle);
  const std::optional<glm::vec3> hit = RingPlaneHit(drag.view, frame, axis, pointer);
  if (!hit) return;
  // Summing small increments lets a drag go past half a turn.
  drag.swept_angle += SweptAngle(frame.origin, axis, drag.last_ring_point, *hit);
  drag.last_ring_point = *hit;
  const float step = snapping_.enabled ? glm::radians(snapping_.rotate_step_degrees) : 0.0f;
  drag.delta.rotation = glm::angleAxis(Snap(drag.swept_angle, step), axis);
}

void Gizmo::DragScale(Drag& drag, glm::vec2 pointer) const {
  const float step = snapping_.enabled ? snapping_.scale_step : 0.0f;
  if (drag.handle == GizmoHandle::Center) {
    // Right and up grow, left and down shrink; one handle length doubles.
    const glm::vec2 moved = pointer - drag.start_pointer;
    const float factor = 1.0f + (moved.x - moved.y) / metrics_.handle_length_px;
    drag.delta.scale = glm::vec3{Snap(factor, step)};
    return;
  }
  const std::optional<int> axis = GizmoHandleAxis(drag.handle);
  if (!axis || std::abs(drag.start_line_t) < 1e-6f) return;
  const std::optional<float> t = AxisParameter(drag.view, drag.frame, *axis, pointer);
  if (!t) return;
  glm::vec3 scale{1.0f};
  scale[*axis] = Snap(*t / drag.start_line_t, step);
  drag.delta.scale = scale;
}

}  // namespace cairn::render
