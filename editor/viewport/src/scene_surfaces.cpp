#include "cairn/editor/viewport/scene_surfaces.h"

#include <array>
#include <cmath>
#include <utility>

#include <glm/geometric.hpp>
#include <glm/matrix.hpp>

#include "cairn/ecs/components/mesh_renderer.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/editor/viewport/asset_meshes.h"
#include "cairn/editor/viewport/render_scene_builder.h"
#include "cairn/editor/viewport/world_matrices.h"
#include "cairn/render/mesh_data.h"
#include "cairn/render/surface_raycast.h"

namespace cairn::editor {

namespace {

bool Finite(const glm::mat4& matrix) {
  for (int column = 0; column < 4; ++column) {
    for (int row = 0; row < 4; ++row) {
      if (!std::isfinite(matrix[column][row])) return false;
    }
  }
  return true;
}

// The built-in shapes' vertices, for vertex snapping onto a shape.
const render::MeshData& ShapeMesh(render::MeshShape shape) {
  static const std::array<render::MeshData, render::kMeshShapeCount> meshes = [] {
    std::array<render::MeshData, render::kMeshShapeCount> all;
    for (const render::MeshShape each : render::kAllMeshShapes) all[render::MeshShapeIndex(each)] = render::GenerateMesh(each);
    return all;
  }();
  return meshes[render::MeshShapeIndex(shape)];
}

}  // namespace

void SceneSurfaces::Clear() {
  surfaces_.clear();
  tree_.Clear();
}

render::Aabb SceneSurfaces::WorldBox(const Surface& surface) const {
  const render::Aabb model = surface.mesh ? surface.mesh->Bounds() : render::MeshShapeBounds(surface.shape);
  return render::TransformBounds(model, surface.world);
}

void SceneSurfaces::Place(Surface& surface, const glm::mat4& world, render::MeshShape shape,
                          std::shared_ptr<const render::TriangleBvh> mesh) {
  surface.world = world;
  surface.inverse = glm::inverse(world);
  surface.shape = shape;
  surface.mesh = std::move(mesh);
}

SurfaceSyncCounts SceneSurfaces::Sync(ecs::Coordinator& world, const WorldMatrices& matrices, AssetMeshes* assets) {
  SurfaceSyncCounts counts;
  const std::uint64_t sync = ++sync_;
  // Entities new to the tree; added in one build when the tree is empty.
  std::vector<std::uint32_t> added;
  if (world.IsRegistered<ecs::MeshRenderer>()) {
    world.Each<ecs::MeshRenderer>([&](ecs::Entity entity, const ecs::MeshRenderer& renderer) {
      if (entity.index >= surfaces_.size()) surfaces_.resize(entity.index + 1);
      Surface& surface = surfaces_[entity.index];
      const glm::mat4 matrix = matrices.Of(world, entity);
      render::MeshShape shape = render::MeshShape::Cube;
      std::shared_ptr<const render::TriangleBvh> mesh;
      if (renderer.asset.empty()) {
        shape = ToRenderShape(renderer.mesh);
      } else if (assets != nullptr) {
        const AssetMesh& asset = assets->Find(renderer.asset);
        if (asset.state == AssetMeshState::kReady) mesh = asset.surface;
      }
      surface.seen = sync;
      const bool same_entity = surface.proxy != render::AabbTree::kNone && surface.entity == entity;
      if (same_entity && surface.world == matrix && surface.shape == shape && surface.mesh == mesh) return;
      if (surface.proxy != render::AabbTree::kNone && surface.entity != entity) {
        tree_.Remove(surface.proxy);  // the slot's previous entity is gone
        surface.proxy = render::AabbTree::kNone;
        ++counts.removed;
      }
      surface.entity = entity;
      Place(surface, matrix, shape, std::move(mesh));
      if (!Finite(surface.inverse) || !Finite(matrix)) {
        // A flattened (zero-scale) entity has no surface to meet.
        if (surface.proxy != render::AabbTree::kNone) {
          tree_.Remove(surface.proxy);
          surface.proxy = render::AabbTree::kNone;
          ++counts.removed;
        }
        return;
      }
      if (surface.proxy == render::AabbTree::kNone) {
        added.push_back(entity.index);
        return;
      }
      ++counts.updated;
      if (tree_.Move(surface.proxy, WorldBox(surface))) ++counts.moved;
    });
  }
  for (Surface& surface : surfaces_) {
    if (surface.seen == sync || surface.proxy == render::AabbTree::kNone) continue;
    tree_.Remove(surface.proxy);
    surface = Surface{};
    ++counts.removed;
  }
  counts.inserted = added.size();
  if (tree_.Size() == 0 && !added.empty()) {
    std::vector<render::Aabb> boxes;
    boxes.reserve(added.size());
    for (const std::uint32_t slot : added) boxes.push_back(WorldBox(surfaces_[slot]));
    const std::vector<std::uint32_t> proxies = tree_.Build(boxes);
    for (std::size_t i = 0; i < added.size(); ++i) {
      surfaces_[added[i]].proxy = proxies[i];
      tree_.SetItem(proxies[i], added[i]);  // Build numbers its items 0, 1, ...; ours are entity slots
    }
  } else {
    for (const std::uint32_t slot : added) surfaces_[slot].proxy = tree_.Insert(WorldBox(surfaces_[slot]), slot);
  }
  return counts;
}

glm::vec3 SceneSurfaces::NearestVertex(const Surface& surface, const glm::vec3& model_point,
                                       std::uint32_t triangle) const {
  if (surface.mesh) return surface.mesh->NearestCorner(triangle, model_point);
  const render::MeshData& shape = ShapeMesh(surface.shape);
  glm::vec3 nearest = shape.vertices.front().position;
  float nearest_distance = glm::distance(nearest, model_point);
  for (const render::MeshVertex& vertex : shape.vertices) {
    const float distance = glm::distance(vertex.position, model_point);
    if (distance < nearest_distance) {
      nearest = vertex.position;
      nearest_distance = distance;
    }
  }
  return nearest;
}

std::optional<SceneHit> SceneSurfaces::Raycast(const render::Ray& ray, const Skip& skip, float max_distance) const {
  const Surface* best_surface = nullptr;
  render::SurfaceHit best_hit;
  std::uint32_t best_triangle = 0;
  tree_.Raycast(ray, max_distance, [&](std::uint32_t slot, float) {
    const Surface& surface = surfaces_[slot];
    if (skip && skip(surface.entity)) return max_distance;
    const render::Ray model{glm::vec3(surface.inverse * glm::vec4(ray.origin, 1.0f)),
                            glm::vec3(surface.inverse * glm::vec4(ray.direction, 0.0f))};
    if (surface.mesh) {
      if (const std::optional<render::TriangleHit> hit = surface.mesh->Raycast(model, max_distance)) {
        best_surface = &surface;
        best_hit = *hit;
        best_triangle = hit->triangle;
        max_distance = hit->t;
      }
    } else if (const std::optional<render::SurfaceHit> hit = render::RaycastShape(surface.shape, model, max_distance)) {
      best_surface = &surface;
      best_hit = *hit;
      max_distance = hit->t;
    }
    return max_distance;
  });
  if (best_surface == nullptr) return std::nullopt;
  SceneHit hit;
  hit.entity = best_surface->entity;
  hit.distance = best_hit.t;
  hit.point = ray.At(best_hit.t);
  hit.normal = render::NormalToWorld(best_hit.normal, best_surface->world);
  const glm::vec3 model_point = glm::vec3(best_surface->inverse * glm::vec4(hit.point, 1.0f));
  hit.vertex = glm::vec3(best_surface->world * glm::vec4(NearestVertex(*best_surface, model_point, best_triangle), 1.0f));
  return hit;
}

}  // namespace cairn::editor
