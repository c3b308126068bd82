#include "cairn/render/bounds.h"

#include <glm/common.hpp>
#include <glm/geometric.hpp>

namespace cairn::render {

float Aabb::BoundingRadius() const { return IsEmpty() ? 0.0f : glm::length(Size()) * 0.5f; }

void Aabb::Expand(glm::vec3 point) {
  if (IsEmpty()) {
    min = max = point;
    return;
  }
  min = glm::min(min, point);
  max = glm::max(max, point);
}

void Aabb::Expand(const Aabb& other) {
  if (other.IsEmpty()) return;
  Expand(other.min);
  Expand(other.max);
}

Aabb TransformBounds(const Aabb& box, const glm::mat4& matrix) {
  Aabb result;
  if (box.IsEmpty()) return result;
  for (int corner = 0; corner < 8; ++corner) {
    const glm::vec3 local{(corner & 1) ? box.max.x : box.min.x, (corner & 2) ? box.max.y : box.min.y,
                          (corner & 4) ? box.max.z : box.min.z};
    result.Expand(glm::vec3(matrix * glm::vec4(local, 1.0f)));
  }
  return result;
}

}  // namespace cairn::render
