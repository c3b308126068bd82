#include "cairn/render/gizmo_mesh.h"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>
#include <glm/gtc/constants.hpp>

namespace cairn::render {

namespace {

class GizmoMeshBuilder {
 public:
  GizmoMeshBuilder(const GizmoFrame& frame, GizmoHandle highlighted, const GizmoMetrics& metrics,
                   const GizmoStyle& style)
      : frame_(frame), highlighted_(highlighted), metrics_(metrics), style_(style),
        half_width_(frame.scale * style.line_width_px * 0.5f / metrics.handle_length_px) {}

  std::vector<GizmoVertex> Take() { return std::move(vertices_); }

  void Translate() {
    AddPlanes();
    for (int axis = 0; axis < 3; ++axis) {
      if (!frame_.axis_visible[axis]) continue;
      const glm::vec4 color = ColorOf(AxisHandle(axis), style_.axis_colors[axis]);
      const float head_start = 1.0f - style_.cone_length;
      AddRibbon(At(axis, metrics_.axis_start), At(axis, head_start), color);
      AddCone(axis, head_start, color);
    }
    AddCenterSquare(ColorOf(GizmoHandle::Center, style_.center_color));
  }

  void Scale() {
    for (int axis = 0; axis < 3; ++axis) {
      if (!frame_.axis_visible[axis]) continue;
      const glm::vec4 color = ColorOf(AxisHandle(axis), style_.axis_colors[axis]);
      AddRibbon(At(axis, metrics_.axis_start), At(axis, 1.0f - style_.box_size * 0.5f), color);
      AddBox(At(axis, 1.0f), style_.box_size * 0.5f, color);
    }
    AddBox(frame_.origin, metrics_.center_radius_px / metrics_.handle_length_px,
           ColorOf(GizmoHandle::Center, style_.center_color));
  }

  void Rotate() {
    const bool trackball = highlighted_ == GizmoHandle::Trackball;
    glm::vec4 silhouette = trackball ? style_.highlight_color : style_.silhouette_color;
    silhouette.a = style_.silhouette_color.a;
    if (trackball) AddDisc(metrics_.ring_radius, glm::vec4(glm::vec3(style_.highlight_color), 0.15f));
    AddRing([&](float a) { return ScreenCirclePoint(frame_, metrics_.ring_radius, a); }, silhouette, false);
    for (int axis = 0; axis < 3; ++axis) {
      const glm::vec4 color = ColorOf(RingHandle(axis), style_.axis_colors[axis]);
      AddRing([&](float a) { return RingPoint(frame_, axis, metrics_.ring_radius, a); }, color, true);
    }
    AddRing([&](float a) { return ScreenCirclePoint(frame_, metrics_.view_ring_radius, a); },
            ColorOf(GizmoHandle::ViewRing, style_.view_ring_color), false);
  }

 private:
  glm::vec3 At(int axis, float units) const { return frame_.origin + frame_.axes[axis] * (units * frame_.scale); }

  glm::vec4 ColorOf(GizmoHandle handle, glm::vec4 color) const {
    return handle == highlighted_ ? style_.highlight_color : color;
  }

  glm::vec4 Shaded(glm::vec4 color, glm::vec3 normal) const {
    const float light = 0.65f + 0.35f * std::max(glm::dot(normal, frame_.to_camera), 0.0f);
    return {glm::vec3(color) * light, color.a};
  }

  void AddTriangle(glm::vec3 a, glm::vec3 b, glm::vec3 c, glm::vec4 color) {
    vertices_.insert(vertices_.end(), {GizmoVertex{a, color}, GizmoVertex{b, color}, GizmoVertex{c, color}});
  }

  void AddQuad(glm::vec3 a, glm::vec3 b, glm::vec3 c, glm::vec3 d, glm::vec4 color) {
    AddTriangle(a, b, c, color);
    AddTriangle(a, c, d, color);
  }

  // A line `style.line_width_px` wide on screen, facing the camera.
  void AddRibbon(glm::vec3 a, glm::vec3 b, glm::vec4 color) {
    const glm::vec3 side = glm::cross(b - a, frame_.to_camera);
    const float length = glm::length(side);
    if (length < 1e-9f) return;
    const glm::vec3 offset = side / length * half_width_;
    AddQuad(a - offset, b - offset, b + offset, a + offset, color);
  }

  void AddCone(int axis, float start, glm::vec4 color) {
    const glm::vec3& direction = frame_.axes[axis];
    const glm::vec3& u = frame_.axes[(axis + 1) % 3];
    const glm::vec3& v = frame_.axes[(axis + 2) % 3];
    const glm::vec3 base = At(axis, start);
    const glm::vec3 tip = At(axis, 1.0f);
    const float radius = style_.cone_radius * frame_.scale;
    const int segments = std::max(style_.round_segments, 3);
    for (int i = 0; i < segments; ++i) {
      const float a0 = glm::two_pi<float>() * static_cast<float>(i) / static_cast<float>(segments);
      const float a1 = glm::two_pi<float>() * static_cast<float>(i + 1) / static_cast<float>(segments);
      const glm::vec3 r0 = u * std::cos(a0) + v * std::sin(a0);
      const glm::vec3 r1 = u * std::cos(a1) + v * std::sin(a1);
      const glm::vec3 side_normal = glm::normalize(r0 + r1 + direction * (style_.cone_radius / style_.cone_length));
      AddTriangle(base + r0 * radius, base + r1 * radius, tip, Shaded(color, side_normal));
      AddTriangle(base, base + r1 * radius, base + r0 * radius, Shaded(color, -direction));
    }
  }

  // A cube of half size `half` (handle units) aligned with the gizmo axes.
  void AddBox(glm::vec3 center, float half, glm::vec4 color) {
    const float h = half * frame_.scale;
    for (int axis = 0; axis < 3; ++axis) {
      const glm::vec3 n = frame_.axes[axis];
      const glm::vec3 u = frame_.axes[(axis + 1) % 3] * h;
      const glm::vec3 v = frame_.axes[(axis + 2) % 3] * h;
      for (float sign : {1.0f, -1.0f}) {
        const glm::vec3 c = center + n * (h * sign);
        AddQuad(c - u - v, c + u - v, c + u + v, c - u + v, Shaded(color, n * sign));
      }
    }
  }

  void AddPlanes() {
    for (int axis = 0; axis < 3; ++axis) {
      if (!frame_.plane_visible[axis]) continue;
      const GizmoHandle handle = PlaneHandle(axis);
      glm::vec4 color = ColorOf(handle, style_.axis_colors[axis]);
      color.a = handle == highlighted_ ? 0.6f : style_.plane_alpha;
      const glm::vec3 u = frame_.axes[(axis + 1) % 3] * frame_.scale;
      const glm::vec3 v = frame_.axes[(axis + 2) % 3] * frame_.scale;
      const float lo = metrics_.plane_min;
      const float hi = metrics_.plane_max;
      AddQuad(frame_.origin + u * lo + v * lo, frame_.origin + u * hi + v * lo, frame_.origin + u * hi + v * hi,
              frame_.origin + u * lo + v * hi, color);
    }
  }

  void AddCenterSquare(glm::vec4 color) {
    const float r = frame_.scale * metrics_.center_radius_px / metrics_.handle_length_px;
    const glm::vec3 x = frame_.camera_right * r;
    const glm::vec3 y = frame_.camera_up * r;
    const glm::vec3 o = frame_.origin;
    AddQuad(o - x - y, o + x - y, o + x + y, o - x + y, glm::vec4(glm::vec3(color), 0.25f));
    AddRibbon(o - x - y, o + x - y, color);
    AddRibbon(o + x - y, o + x + y, color);
    AddRibbon(o + x + y, o - x + y, color);
    AddRibbon(o - x + y, o - x - y, color);
  }

  void AddDisc(float radius, glm::vec4 color) {
    const int segments = std::max(metrics_.ring_segments, 8);
    for (int i = 0; i < segments; ++i) {
      const float a0 = glm::two_pi<float>() * static_cast<float>(i) / static_cast<float>(segments);
      const float a1 = glm::two_pi<float>() * static_cast<float>(i + 1) / static_cast<float>(segments);
      AddTriangle(frame_.origin, ScreenCirclePoint(frame_, radius, a0), ScreenCirclePoint(frame_, radius, a1), color);
    }
  }

  // A closed ring. With `fade_back`, segments on the far side (those hit
  // testing ignores) are drawn faded.
  template <typename PointAt>
  void AddRing(PointAt point_at, glm::vec4 color, bool fade_back) {
    const int segments = std::max(metrics_.ring_segments, 8);
    const auto is_front = [&](glm::vec3 p) { return glm::dot(p - frame_.origin, frame_.to_camera) >= 0.0f; };
    for (int i = 0; i < segments; ++i) {
      const float a0 = glm::two_pi<float>() * static_cast<float>(i) / static_cast<float>(segments);
      const float a1 = glm::two_pi<float>() * static_cast<float>(i + 1) / static_cast<float>(segments);
      const glm::vec3 p0 = point_at(a0);
      const glm::vec3 p1 = point_at(a1);
      glm::vec4 segment_color = color;
      if (fade_back && !is_front(p0) && !is_front(p1)) segment_color.a *= style_.back_ring_alpha;
      AddRibbon(p0, p1, segment_color);
    }
  }

  const GizmoFrame& frame_;
  GizmoHandle highlighted_;
  const GizmoMetrics& metrics_;
  const GizmoStyle& style_;
  float half_width_;
  std::vector<GizmoVertex> vertices_;
};

}  // namespace

std::vector<GizmoVertex> BuildGizmoMesh(const GizmoFrame& frame, GizmoMode mode, GizmoHandle highlighted,
                                        const GizmoMetrics& metrics, const GizmoStyle& style) {
  if (!frame.in_front_of_camera) return {};
  GizmoMeshBuilder builder(frame, highlighted, metrics, style);
  switch (mode) {
    case GizmoMode::Translate: builder.Translate(); break;
    case GizmoMode::Rotate: builder.Rotate(); break;
    case GizmoMode::Scale: builder.Scale(); break;
  }
  return builder.Take();
}

}  // namespace cairn::render
