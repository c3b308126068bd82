#include "cairn/render/frustum.h"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>

namespace cairn::render {

Frustum::Frustum(const glm::mat4& m) {
  // Gribb and Hartmann: each plane is the fourth row of the matrix plus or
  // minus one of the others (glm is column-major: row i is m[c][i]).
  const auto row = [&m](int i) { return glm::vec4(m[0][i], m[1][i], m[2][i], m[3][i]); };
  planes_ = {row(3) + row(0), row(3) - row(0), row(3) + row(1), row(3) - row(1), row(3) + row(2), row(3) - row(2)};
  for (glm::vec4& plane : planes_) {
    const float length = glm::length(glm::vec3(plane));
    if (length > 0.0f) plane /= length;
  }
}

bool Frustum::MayContainSphere(const glm::vec3& centre, float radius) const {
  for (const glm::vec4& plane : planes_) {
    if (glm::dot(glm::vec3(plane), centre) + plane.w < -radius) return false;
  }
  return true;
}

bool Frustum::MayContainBox(const Aabb& box) const {
  if (box.IsEmpty()) return false;
  for (const glm::vec4& plane : planes_) {
    // The box's corner farthest along the plane's normal.
    const glm::vec3 corner{plane.x >= 0.0f ? box.max.x : box.min.x, plane.y >= 0.0f ? box.max.y : box.min.y,
                           plane.z >= 0.0f ? box.max.z : box.min.z};
    if (glm::dot(glm::vec3(plane), corner) + plane.w < 0.0f) return false;
  }
  return true;
}

BoundingSphere WorldSphere(const Aabb& model_box, const glm::mat4& world) {
  if (model_box.IsEmpty()) return {glm::vec3(world[3]), 0.0f};
  const float squared = std::max({glm::dot(glm::vec3(world[0]), glm::vec3(world[0])),
                                  glm::dot(glm::vec3(world[1]), glm::vec3(world[1])),
                                  glm::dot(glm::vec3(world[2]), glm::vec3(world[2]))});
  const float scale = std::sqrt(squared);
  return {glm::vec3(world * glm::vec4(model_box.Center(), 1.0f)), model_box.BoundingRadius() * scale};
}

}  // namespace cairn::render
