#pragma once

#include <cstdint>
#include <vector>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "cairn/render/bounds.h"
#include "cairn/render/mesh_shape.h"

namespace cairn::render {

struct MeshVertex {
  glm::vec3 position{0.0f};
  glm::vec3 normal{0.0f, 1.0f, 0.0f};  // unit length
  glm::vec2 uv{0.0f};                  // texture coordinates; (0, 0) is the image's first (top) row
};

// An indexed triangle list. Triangles wind counter-clockwise seen from the side
// their normals point to, so back-face culling keeps the outside.
struct MeshData {
  std::vector<MeshVertex> vertices;
  std::vector<std::uint32_t> indices;

  [[nodiscard]] std::size_t TriangleCount() const { return indices.size() / 3; }
  [[nodiscard]] Aabb Bounds() const;
};

// Tessellation of the round shapes; the defaults are what the renderer uses.
struct MeshDetail {
  int segments = 32;  // around the Y axis (sphere, cylinder, cone); at least 3
  int rings = 16;     // from pole to pole (sphere); at least 2
};

// Geometry of a built-in shape:
//   Cube      1 x 1 x 1, centred on the origin
//   Sphere    radius 0.5, centred on the origin
//   Plane     1 x 1 on XZ at y = 0, two-sided (a +Y face and a -Y face)
//   Cylinder  radius 0.5, height 1 along Y, centred on the origin, capped
//   Cone      base radius 0.5 at y = -0.5, apex at y = +0.5, capped
[[nodiscard]] MeshData GenerateMesh(MeshShape shape, const MeshDetail& detail = {});

// Model-space bounds of a built-in shape (what GenerateMesh's Bounds() gives).
[[nodiscard]] Aabb MeshShapeBounds(MeshShape shape);

}  // namespace cairn::render
