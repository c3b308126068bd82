#pragma once

#include <glm/vec3.hpp>

namespace cairn::render {

// A half-line in world space. `direction` is unit length wherever the library
// produces a Ray; functions taking a Ray assume so.
struct Ray {
  glm::vec3 origin{0.0f};
  glm::vec3 direction{0.0f, 0.0f, -1.0f};

  [[nodiscard]] glm::vec3 At(float t) const { return origin + direction * t; }
};

}  // namespace cairn::render
