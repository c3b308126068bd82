#include "cairn/editor/viewport/drop_point.h"

#include "cairn/render/gizmo_math.h"

namespace cairn::editor {

glm::vec3 DropPoint(const render::Ray& ray) {
  const std::optional<float> t = render::IntersectRayPlane(ray, render::Plane{});
  if (t && *t <= kMaxGroundDistance) {
    glm::vec3 point = ray.At(*t);
    point.y = 0.0f;  // exactly on the ground, whatever the rounding
    return point;
  }
  return ray.At(kFallbackDistance);
}

}  // namespace cairn::editor
