#pragma once
// The volume a camera sees, as six planes, for culling what lies wholly
// outside it. The planes come from the camera's view-projection matrix
// (perspective or orthographic), normals pointing inwards.

#include <array>

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include "cairn/render/bounds.h"

namespace cairn::render {

class Frustum {
 public:
  // The frustum of clip space -w <= x, y, z <= w under `view_projection`.
  explicit Frustum(const glm::mat4& view_projection);

  // False only when the sphere lies wholly outside one of the planes (a
  // sphere near a corner may be kept although outside: culling stays safe).
  [[nodiscard]] bool MayContainSphere(const glm::vec3& centre, float radius) const;
  // The same for a box.
  [[nodiscard]] bool MayContainBox(const Aabb& box) const;

 private:
  std::array<glm::vec4, 6> planes_;  // (normal, distance): dot(normal, p) + distance >= 0 inside
};

// The world-space sphere around a model-space box under an affine `world`
// matrix: the box's centre transformed, its radius times the largest axis
// scale. What culling tests for each instance.
struct BoundingSphere {
  glm::vec3 centre{0.0f};
  float radius = 0.0f;
};
[[nodiscard]] BoundingSphere WorldSphere(const Aabb& model_box, const glm::mat4& world);

}  // namespace cairn::render
