#include "cairn/serialization/unknown_components.h"

#include "cairn/ecs/coordinator.h"

namespace cairn::serialization {

void RegisterUnknownComponents(ecs::Coordinator& world) {
  if (world.IsRegistered<UnknownComponents>()) return;
  world.RegisterComponent<UnknownComponents>(std::string(kUnknownComponentsName))
      .Field("json", &UnknownComponents::json)
      .HiddenFromUi();
}

}  // namespace cairn::serialization
