#pragma once

#include <glm/vec3.hpp>

namespace cairn::ecs {

// Spins the entity about a local axis at a constant rate (played at runtime).
struct Rotator {
  glm::vec3 axis{0.0f, 1.0f, 0.0f};
  float degrees_per_second = 45.0f;

  friend bool operator==(const Rotator&, const Rotator&) = default;
};

}  // namespace cairn::ecs
