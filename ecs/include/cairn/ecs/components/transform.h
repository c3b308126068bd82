#pragma once

#include <glm/gtc/quaternion.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

namespace cairn::ecs {

// Local transform relative to the parent (or the world, for roots).
// After changing one in place through GetComponent, call
// Coordinator::NotifyComponentChanged<Transform> so world matrices update.
struct Transform {
  glm::vec3 position{0.0f};
  glm::quat rotation{1.0f, 0.0f, 0.0f, 0.0f};  // identity (w, x, y, z)
  glm::vec3 scale{1.0f};

  // translate * rotate * scale
  glm::mat4 LocalMatrix() const;
  // Decomposes an affine matrix without shear; sets all three parts.
  static Transform FromMatrix(const glm::mat4& matrix);

  friend bool operator==(const Transform&, const Transform&) = default;
};

}  // namespace cairn::ecs
