#pragma once
// A bounding volume hierarchy over one mesh's triangles (every part of a
// MeshAsset, in model space), for ray queries that visit a few dozen boxes
// instead of every triangle. Built once per imported mesh; immutable after.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include <glm/vec3.hpp>

#include "cairn/render/bounds.h"
#include "cairn/render/mesh_data.h"
#include "cairn/render/ray.h"
#include "cairn/render/surface_raycast.h"

namespace cairn::render {

struct MeshAsset;

struct TriangleHit : SurfaceHit {
  std::uint32_t triangle = 0;  // index into the BVH's triangles
};

class TriangleBvh {
 public:
  TriangleBvh() = default;
  // Every triangle of every part; degenerate ones are kept (they never hit).
  explicit TriangleBvh(const MeshAsset& mesh);
  explicit TriangleBvh(const MeshData& mesh);

  // The first hit within (0, max_t]; `ray` in model space, direction of any
  // nonzero length (surface_raycast.h).
  [[nodiscard]] std::optional<TriangleHit> Raycast(const Ray& ray, float max_t) const;

  // The corner of `triangle` nearest to `point`.
  [[nodiscard]] glm::vec3 NearestCorner(std::uint32_t triangle, const glm::vec3& point) const;

  [[nodiscard]] std::size_t TriangleCount() const { return triangles_.size(); }
  [[nodiscard]] Aabb Bounds() const { return nodes_.empty() ? Aabb{} : nodes_.front().box; }
  // Longest path from the root to a leaf (1 for a single leaf; 0 when empty).
  [[nodiscard]] std::size_t Depth() const;

 private:
  struct Triangle {
    glm::vec3 corner[3];
  };
  struct Node {
    Aabb box;
    std::uint32_t first = 0;  // a leaf's first triangle, an inner node's left child (the right is left + 1)
    std::uint32_t count = 0;  // triangles in a leaf; 0 for an inner node
  };

  void Add(const MeshData& data);
  void Build();
  void Fill(std::uint32_t index, std::uint32_t first, std::uint32_t count, std::vector<glm::vec3>& centroids);

  std::vector<Triangle> triangles_;
  std::vector<Node> nodes_;
};

}  // namespace cairn::render
