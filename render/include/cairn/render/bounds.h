#pragma once

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

namespace cairn::render {

// Axis-aligned box in world or model space. A default box is empty (min > max)
// so that expanding it with the first point gives that point.
struct Aabb {
  glm::vec3 min{1.0f};
  glm::vec3 max{-1.0f};

  [[nodiscard]] bool IsEmpty() const { return min.x > max.x || min.y > max.y || min.z > max.z; }
  [[nodiscard]] glm::vec3 Center() const { return (min + max) * 0.5f; }
  [[nodiscard]] glm::vec3 Size() const { return max - min; }
  // Radius of the sphere around Center() that encloses the box; 0 when empty.
  [[nodiscard]] float BoundingRadius() const;

  void Expand(glm::vec3 point);
  void Expand(const Aabb& other);
};

// The box around `box` after transforming it by `matrix` (an affine transform).
// Exact for the eight corners, so rotated boxes grow as expected.
[[nodiscard]] Aabb TransformBounds(const Aabb& box, const glm::mat4& matrix);

}  // namespace cairn::render
