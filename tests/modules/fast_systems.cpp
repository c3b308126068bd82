// The Gatehouse rebuilt with one constant changed: doors slide twice as
// fast. Loading it while a scene plays must change how the door moves from
// the next step, and nothing else.
#include <glm/geometric.hpp>

#include "cairn/ecs/components/transform.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/ecs/game_module.h"
#include "cairn/ecs/system.h"
#include "game_components.h"

namespace {

constexpr float kSpeedFactor = 2.0f;  // 1 in examples/gatehouse/systems.cpp

class DoorSystem : public cairn::ecs::System {
 public:
  void Update(cairn::ecs::Coordinator& world, float delta_seconds) override {
    for (const cairn::ecs::Entity entity : Entities()) {
      game::Door& door = world.GetComponent<game::Door>(entity);
      const cairn::ecs::Entity target = door.target ? world.FindEntity(door.target) : cairn::ecs::Entity{};
      if (target.IsNull() || door.open) continue;
      const glm::vec3 goal = world.GetComponent<cairn::ecs::Transform>(target).position;
      cairn::ecs::Transform& transform = world.GetComponent<cairn::ecs::Transform>(entity);
      const glm::vec3 to_go = goal - transform.position;
      const float distance = glm::length(to_go);
      const float step = kSpeedFactor * door.speed * delta_seconds;
      if (distance <= step) {
        transform.position = goal;
        door.open = true;
      } else {
        transform.position += to_go * (step / distance);
      }
      world.NotifyComponentChanged<cairn::ecs::Transform>(entity);
    }
  }
};

void RegisterFastSystems(cairn::ecs::Coordinator& world) {
  world.RegisterSystem<DoorSystem>();
  world.SetSystemSignature<DoorSystem>(world.MakeSignature<game::Door, cairn::ecs::Transform>());
  world.Systems().AddOrdering("TransformSystem", "DoorSystem");
}

}  // namespace

CAIRN_GAME_MODULE(game::ModuleDescriptor("fast gatehouse", &RegisterFastSystems))
