#include "cairn/editor/viewport/drop_point.h"

#include "cairn/render/gizmo_math.h"

namespace cairn::editor {

std::optional<glm::vec3> GroundPoint(const render::Ray& ray) {
  const std::optional<float> t = render::IntersectRayPlane(ray, render::Plane{});
  if (!t || *t > kMaxGroundDistance) return std::nullopt;
  glm::vec3 point = ray.At(*t);
  point.y = 0.0f;  // exactly on the ground, whatever the rounding
  return point;
}

glm::vec3 DropPoint(const render::Ray& ray) { return GroundPoint(ray).value_or(ray.At(kFallbackDistance)); }

}  // namespace cairn::editor
