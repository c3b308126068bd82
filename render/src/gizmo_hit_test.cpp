#include "cairn/render/gizmo_hit_test.h"

#include <cmath>
#include <limits>
#include <optional>

#include <glm/geometric.hpp>
#include <glm/gtc/constants.hpp>

#include "cairn/render/gizmo_math.h"
#include "cairn/render/screen_projection.h"

namespace cairn::render {

namespace {

constexpr float kFar = std::numeric_limits<float>::max();

struct Candidate {
  GizmoHandle handle = GizmoHandle::None;
  float distance = kFar;  // pixels from the pointer, or ray distance for planes

  void Offer(GizmoHandle other, float other_distance) {
    if (other_distance < distance) {
      handle = other;
      distance = other_distance;
    }
  }
};

class HitTester {
 public:
  HitTester(const GizmoView& view, const GizmoFrame& frame, glm::vec2 pointer, const GizmoMetrics& metrics)
      : view_(view), frame_(frame), pointer_(pointer), metrics_(metrics) {}

  std::optional<glm::vec2> Screen(glm::vec3 point) const {
    return WorldToScreen(view_.camera, point, view_.viewport_size);
  }

  float DistanceToCenter() const {
    const auto center = Screen(frame_.origin);
    return center ? glm::length(pointer_ - *center) : kFar;
  }

  float DistanceToWorldSegment(glm::vec3 a, glm::vec3 b) const {
    const auto sa = Screen(a);
    const auto sb = Screen(b);
    return sa && sb ? DistanceToSegment(pointer_, *sa, *sb) : kFar;
  }

  // Nearest visible axis handle within tolerance; `end` is in handle units.
  Candidate NearestAxis(float end) const {
    Candidate best;
    for (int axis = 0; axis < 3; ++axis) {
      if (!frame_.axis_visible[axis]) continue;
      const glm::vec3 direction = frame_.axes[axis] * frame_.scale;
      const float distance = DistanceToWorldSegment(frame_.origin + direction * metrics_.axis_start,
                                                    frame_.origin + direction * end);
      if (distance <= metrics_.hover_tolerance_px) best.Offer(AxisHandle(axis), distance);
    }
    return best;
  }

  // The plane square the pointer ray meets first.
  Candidate NearestPlane() const {
    Candidate best;
    const Ray ray = ScreenRay(view_.camera, pointer_, view_.viewport_size);
    for (int axis = 0; axis < 3; ++axis) {
      if (!frame_.plane_visible[axis]) continue;
      const std::optional<float> t = IntersectRayPlane(ray, Plane{frame_.origin, frame_.axes[axis]});
      if (!t) continue;
      const glm::vec3 local = (ray.At(*t) - frame_.origin) / frame_.scale;
      const float u = glm::dot(local, frame_.axes[(axis + 1) % 3]);
      const float v = glm::dot(local, frame_.axes[(axis + 2) % 3]);
      const auto inside = [&](float value) { return value >= metrics_.plane_min && value <= metrics_.plane_max; };
      if (inside(u) && inside(v)) best.Offer(PlaneHandle(axis), *t);
    }
    return best;
  }

  // Distance to a closed polyline of ring points; `front_only` skips segments
  // on the far side of the gizmo, which are drawn faded and cannot be grabbed.
  template <typename PointAt>
  float DistanceToRing(PointAt point_at, bool front_only) const {
    const int segments = std::max(metrics_.ring_segments, 8);
    float best = kFar;
    for (int i = 0; i < segments; ++i) {
      const float a0 = glm::two_pi<float>() * static_cast<float>(i) / static_cast<float>(segments);
      const float a1 = glm::two_pi<float>() * static_cast<float>(i + 1) / static_cast<float>(segments);
      const glm::vec3 p0 = point_at(a0);
      const glm::vec3 p1 = point_at(a1);
      if (front_only && !IsFront(p0) && !IsFront(p1)) continue;
      best = std::min(best, DistanceToWorldSegment(p0, p1));
    }
    return best;
  }

  bool IsFront(glm::vec3 point) const { return glm::dot(point - frame_.origin, frame_.to_camera) >= 0.0f; }

  GizmoHandle TranslateOrScale(GizmoMode mode) const {
    if (DistanceToCenter() <= metrics_.center_radius_px) return GizmoHandle::Center;
    const Candidate axis = NearestAxis(1.0f);
    if (axis.handle != GizmoHandle::None) return axis.handle;
    if (mode == GizmoMode::Translate) return NearestPlane().handle;
    return GizmoHandle::None;
  }

  GizmoHandle Rotate() const {
    Candidate best;
    for (int axis = 0; axis < 3; ++axis) {
      const float distance =
          DistanceToRing([&](float angle) { return RingPoint(frame_, axis, metrics_.ring_radius, angle); }, true);
      if (distance <= metrics_.hover_tolerance_px) best.Offer(RingHandle(axis), distance);
    }
    const float view_ring = DistanceToRing(
        [&](float angle) { return ScreenCirclePoint(frame_, metrics_.view_ring_radius, angle); }, false);
    if (view_ring <= metrics_.hover_tolerance_px) best.Offer(GizmoHandle::ViewRing, view_ring);
    if (best.handle != GizmoHandle::None) return best.handle;

    const auto center = Screen(frame_.origin);
    const auto rim = Screen(ScreenCirclePoint(frame_, metrics_.ring_radius, 0.0f));
    if (center && rim && glm::length(pointer_ - *center) < glm::length(*rim - *center)) return GizmoHandle::Trackball;
    return GizmoHandle::None;
  }

 private:
  const GizmoView& view_;
  const GizmoFrame& frame_;
  glm::vec2 pointer_;
  const GizmoMetrics& metrics_;
};

}  // namespace

GizmoHandle HitTestGizmo(const GizmoView& view, const GizmoFrame& frame, GizmoMode mode, glm::vec2 pointer,
                         const GizmoMetrics& metrics) {
  if (!frame.in_front_of_camera) return GizmoHandle::None;
  const HitTester tester(view, frame, pointer, metrics);
  return mode == GizmoMode::Rotate ? tester.Rotate() : tester.TranslateOrScale(mode);
}

}  // namespace cairn::render
