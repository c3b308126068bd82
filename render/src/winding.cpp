#include "cairn/render/winding.h"

#include <glm/mat3x3.hpp>
#include <glm/matrix.hpp>

namespace cairn::render {

Winding WindingOf(const glm::mat4& world) {
  return glm::determinant(glm::mat3(world)) < 0.0f ? Winding::Clockwise : Winding::CounterClockwise;
}

}  // namespace cairn::render
