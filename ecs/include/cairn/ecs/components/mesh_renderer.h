#pragma once

#include <cstdint>
#include <string>

#include <glm/vec4.hpp>

namespace cairn::ecs {

enum class MeshShape : std::int32_t { kCube, kSphere, kPlane, kCylinder, kCone };

// A mesh drawn in a colour: the glTF file `asset` names (a path relative to
// the project folder, its materials tinted by `color`), or when `asset` is ""
// the built-in primitive `mesh` in the flat `color`.
struct MeshRenderer {
  MeshShape mesh = MeshShape::kCube;
  glm::vec4 color{0.8f, 0.8f, 0.8f, 1.0f};
  std::string asset;

  friend bool operator==(const MeshRenderer&, const MeshRenderer&) = default;
};

}  // namespace cairn::ecs
