#include "cairn/editor/viewport/selection_bounds.h"

#include "cairn/ecs/components/mesh_renderer.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/editor/viewport/asset_meshes.h"
#include "cairn/editor/viewport/world_matrices.h"

namespace cairn::editor {

render::Aabb EntityWorldBounds(const glm::mat4& world, const render::Aabb& model) {
  return render::TransformBounds(model, world);
}

render::Aabb EntityModelBounds(ecs::Coordinator& world, ecs::Entity entity, AssetMeshes* assets) {
  if (assets == nullptr || !world.IsRegistered<ecs::MeshRenderer>() || !world.HasComponent<ecs::MeshRenderer>(entity)) {
    return kEntityModelBounds;
  }
  const std::string& asset = world.GetComponent<ecs::MeshRenderer>(entity).asset;
  if (asset.empty()) return kEntityModelBounds;
  const AssetMesh& mesh = assets->Find(asset);
  return mesh.state == AssetMeshState::kReady && !mesh.bounds.IsEmpty() ? mesh.bounds : kEntityModelBounds;
}

render::Aabb SelectionBounds(ecs::Coordinator& world, const WorldMatrices& matrices,
                             std::span<const ecs::EntityId> ids, AssetMeshes* assets) {
  render::Aabb bounds;
  for (const ecs::EntityId id : ids) {
    const ecs::Entity entity = world.FindEntity(id);
    if (entity.IsNull()) continue;
    bounds.Expand(EntityWorldBounds(matrices.Of(world, entity), EntityModelBounds(world, entity, assets)));
  }
  return bounds;
}

}  // namespace cairn::editor
