#pragma once
// The scene's surfaces for placement tools: what a ray meets first among
// the entities that draw a mesh (built-in shapes exactly, imported meshes by
// their triangles, both under their world transforms), with the point, the
// normal and the nearest vertex of the surface it meets.
//
// Entities sit in a render::AabbTree by their world boxes; an imported mesh's
// triangles in its render::TriangleBvh (AssetMesh::surface). Sync brings the
// tree up to date with the world: it compares each mesh entity's world
// matrix and mesh with what it holds and moves, inserts or removes only the
// leaves that changed (an unchanged entity costs a comparison). A query
// visits the boxes along the ray, nearest first, and tests only the
// entities whose boxes it enters.
//
// An entity whose imported mesh is not ready is the cube it is drawn as.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "cairn/ecs/entity.h"
#include "cairn/ecs/fwd.h"
#include "cairn/render/aabb_tree.h"
#include "cairn/render/mesh_shape.h"
#include "cairn/render/ray.h"
#include "cairn/render/triangle_bvh.h"

namespace cairn::editor {

class AssetMeshes;
class WorldMatrices;

struct SceneHit {
  ecs::Entity entity;
  float distance = 0.0f;  // along the ray (world units for a unit direction)
  glm::vec3 point{0.0f};
  glm::vec3 normal{0.0f, 1.0f, 0.0f};  // unit, facing the ray's origin
  glm::vec3 vertex{0.0f};              // the surface's vertex nearest to `point`
};

// What a Sync changed.
struct SurfaceSyncCounts {
  std::size_t inserted = 0;
  std::size_t moved = 0;  // leaves whose box left their enlarged box
  std::size_t updated = 0;  // entities whose matrix or mesh changed (moved or not)
  std::size_t removed = 0;
};

class SceneSurfaces {
 public:
  // Entities a query passes through (the selection being moved).
  using Skip = std::function<bool(ecs::Entity)>;

  // Brings the surfaces up to date with `world` (matrices refreshed for it).
  // `assets` gives imported meshes; without it they are their cubes.
  SurfaceSyncCounts Sync(ecs::Coordinator& world, const WorldMatrices& matrices, AssetMeshes* assets);
  // Forgets everything (a replaced world).
  void Clear();

  // The first surface `ray` (unit direction) meets within max_distance.
  [[nodiscard]] std::optional<SceneHit> Raycast(const render::Ray& ray, const Skip& skip = {},
                                                float max_distance = std::numeric_limits<float>::infinity()) const;

  [[nodiscard]] std::size_t Size() const { return tree_.Size(); }

 private:
  struct Surface {
    ecs::Entity entity;  // null: none at this slot
    glm::mat4 world{1.0f};
    glm::mat4 inverse{1.0f};
    render::MeshShape shape = render::MeshShape::Cube;
    std::shared_ptr<const render::TriangleBvh> mesh;  // null: `shape`
    std::uint32_t proxy = render::AabbTree::kNone;
    std::uint64_t seen = 0;  // the Sync that last found it
  };

  void Place(Surface& surface, const glm::mat4& world, render::MeshShape shape,
             std::shared_ptr<const render::TriangleBvh> mesh);
  render::Aabb WorldBox(const Surface& surface) const;
  glm::vec3 NearestVertex(const Surface& surface, const glm::vec3& model_point,
                          std::uint32_t triangle) const;

  std::vector<Surface> surfaces_;  // by entity slot
  render::AabbTree tree_;
  std::uint64_t sync_ = 0;
};

}  // namespace cairn::editor
