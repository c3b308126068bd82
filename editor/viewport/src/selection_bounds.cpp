#include "cairn/editor/viewport/selection_bounds.h"

#include "cairn/ecs/coordinator.h"
#include "cairn/editor/viewport/world_matrices.h"

namespace cairn::editor {

render::Aabb EntityWorldBounds(const glm::mat4& world) { return render::TransformBounds(kEntityModelBounds, world); }

render::Aabb SelectionBounds(const ecs::Coordinator& world, const WorldMatrices& matrices,
                             std::span<const ecs::EntityId> ids) {
  render::Aabb bounds;
  for (const ecs::EntityId id : ids) {
    const ecs::Entity entity = world.FindEntity(id);
    if (entity.IsNull()) continue;
    bounds.Expand(EntityWorldBounds(matrices.Of(world, entity)));
  }
  return bounds;
}

}  // namespace cairn::editor
