#pragma once

#include <glm/vec3.hpp>

#include "cairn/ecs/entity.h"

namespace cairn::ecs {

// Keeps the entity at an offset from a target entity (an entity reference:
// an id, remapped by duplicate and paste, checked on load).
struct Follow {
  EntityId target;
  glm::vec3 offset{0.0f, 2.0f, -5.0f};
  float smoothing = 0.0f;  // 0 = rigid; higher values lag behind

  friend bool operator==(const Follow&, const Follow&) = default;
};

}  // namespace cairn::ecs
