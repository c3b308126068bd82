#include "cairn/editor/viewport/pick_table.h"

#include "cairn/ecs/coordinator.h"

namespace cairn::editor {

ecs::EntityId PickTable::FindId(std::uint32_t pick_id, const ecs::Coordinator& world) const {
  const ecs::Entity entity = Find(pick_id);
  if (entity.IsNull() || !world.IsAlive(entity)) return ecs::kNoEntityId;
  return world.GetEntityId(entity);
}

}  // namespace cairn::editor
