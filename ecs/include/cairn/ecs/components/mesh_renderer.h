#pragma once

#include <cstdint>

#include <glm/vec4.hpp>

namespace cairn::ecs {

enum class MeshShape : std::int32_t { kCube, kSphere, kPlane, kCylinder, kCone };

// A built-in primitive mesh drawn in a flat colour.
struct MeshRenderer {
  MeshShape mesh = MeshShape::kCube;
  glm::vec4 color{0.8f, 0.8f, 0.8f, 1.0f};

  friend bool operator==(const MeshRenderer&, const MeshRenderer&) = default;
};

}  // namespace cairn::ecs
