#include "cairn/ecs/world_dump.h"

#include <algorithm>
#include <vector>

#include "cairn/ecs/coordinator.h"

namespace cairn::ecs {

std::string DumpWorld(const Coordinator& coordinator) {
  std::vector<Entity> entities;
  entities.reserve(coordinator.EntityCount());
  coordinator.ForEachEntity([&entities](Entity entity) { entities.push_back(entity); });
  std::sort(entities.begin(), entities.end(), [&coordinator](Entity a, Entity b) {
    return coordinator.GetEntityId(a) < coordinator.GetEntityId(b);
  });
  const ComponentType hierarchy = coordinator.GetComponentType<Hierarchy>();
  std::string text;
  for (Entity entity : entities) {
    const Entity parent = coordinator.GetParent(entity);
    text += ToHex(coordinator.GetEntityId(entity));
    text += " parent=" + (parent.IsNull() ? std::string("null") : ToHex(coordinator.GetEntityId(parent)));
    text += " order=" + std::to_string(coordinator.SiblingIndex(entity));
    coordinator.GetSignature(entity).ForEach([&](ComponentType type) {
      if (type == hierarchy) return;
      const ComponentInfo& info = coordinator.GetComponentInfo(type);
      text += " " + info.name + "=" + ComponentToPlain(info, coordinator.GetComponentData(entity, type)).ToJsonText();
    });
    text += '\n';
  }
  return text;
}

}  // namespace cairn::ecs
