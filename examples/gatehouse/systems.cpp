// The Gatehouse's systems: a door that slides to its target, a spawner that
// places crates, an alarm that rings while its target is near. They keep no
// state of their own: everything they remember is in the components, so the
// editor can reload this module while the scene plays.

#include <cmath>
#include <string>
#include <vector>

#include <glm/geometric.hpp>

#include "cairn/ecs/components/mesh_renderer.h"
#include "cairn/ecs/components/name.h"
#include "cairn/ecs/components/transform.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/ecs/game_module.h"
#include "cairn/ecs/system.h"
#include "game_components.h"

namespace {

using cairn::ecs::Coordinator;
using cairn::ecs::Entity;
using cairn::ecs::Transform;

// The position of the entity `id` names, or nullptr (no such entity, or no Transform).
const Transform* TargetTransform(Coordinator& world, cairn::ecs::EntityId id) {
  if (!id) return nullptr;
  const Entity target = world.FindEntity(id);
  return target.IsNull() ? nullptr : world.TryGetComponent<Transform>(target);
}

class DoorSystem : public cairn::ecs::System {
 public:
  void Update(Coordinator& world, float delta_seconds) override {
    for (const Entity entity : Entities()) {
      game::Door& door = world.GetComponent<game::Door>(entity);
      const Transform* target = TargetTransform(world, door.target);
      if (target == nullptr || door.open) continue;
      Transform& transform = world.GetComponent<Transform>(entity);
      const glm::vec3 to_go = target->position - transform.position;
      const float distance = glm::length(to_go);
      const float step = door.speed * delta_seconds;
      if (distance <= step) {
        transform.position = target->position;
        door.open = true;
      } else {
        transform.position += to_go * (step / distance);
      }
      world.NotifyComponentChanged<Transform>(entity);
    }
  }
};

class SpawnerSystem : public cairn::ecs::System {
 public:
  void Update(Coordinator& world, float delta_seconds) override {
    struct Spawn {
      glm::vec3 position;
      int number;
    };
    std::vector<Spawn> spawns;  // made after the walk: creating entities would move the walk's sets
    for (const Entity entity : Entities()) {
      game::Spawner& spawner = world.GetComponent<game::Spawner>(entity);
      if (spawner.spawned >= spawner.count || !(spawner.every > 0.0f)) continue;
      spawner.timer += delta_seconds;
      const glm::vec3 origin = world.GetComponent<Transform>(entity).position;
      while (spawner.timer >= spawner.every && spawner.spawned < spawner.count) {
        spawner.timer -= spawner.every;
        ++spawner.spawned;
        spawns.push_back({origin + glm::vec3(1.5f * static_cast<float>(spawner.spawned), 0.5f, 0.0f), spawner.spawned});
      }
    }
    for (const Spawn& spawn : spawns) {
      const Entity crate = world.CreateEntity();
      world.AddComponent(crate, cairn::ecs::Name{"Crate " + std::to_string(spawn.number)});
      Transform transform;
      transform.position = spawn.position;
      transform.scale = glm::vec3(0.8f);
      world.AddComponent(crate, transform);
      cairn::ecs::MeshRenderer mesh;
      mesh.mesh = cairn::ecs::MeshShape::kCube;
      mesh.color = {0.75f, 0.55f, 0.3f, 1.0f};
      world.AddComponent(crate, mesh);
    }
  }
};

class AlarmSystem : public cairn::ecs::System {
 public:
  void Update(Coordinator& world, float) override {
    for (const Entity entity : Entities()) {
      game::Alarm& alarm = world.GetComponent<game::Alarm>(entity);
      const Transform* target = TargetTransform(world, alarm.target);
      const glm::vec3 here = world.GetComponent<Transform>(entity).position;
      alarm.ringing = target != nullptr && glm::length(target->position - here) <= alarm.radius;
      if (auto* mesh = world.TryGetComponent<cairn::ecs::MeshRenderer>(entity)) {
        mesh->color = alarm.ringing ? glm::vec4(0.9f, 0.15f, 0.1f, 1.0f) : glm::vec4(0.2f, 0.7f, 0.3f, 1.0f);
      }
    }
  }
};

void RegisterGatehouseSystems(Coordinator& world) {
  world.RegisterSystem<DoorSystem>();
  world.SetSystemSignature<DoorSystem>(world.MakeSignature<game::Door, Transform>());
  world.RegisterSystem<SpawnerSystem>();
  world.SetSystemSignature<SpawnerSystem>(world.MakeSignature<game::Spawner, Transform>());
  world.RegisterSystem<AlarmSystem>();
  world.SetSystemSignature<AlarmSystem>(world.MakeSignature<game::Alarm, Transform>());
  // The alarm hears the door where it is after this step; the transforms
  // then take every move of the step.
  world.Systems().AddOrdering("AlarmSystem", "DoorSystem");
  for (const char* system : {"DoorSystem", "SpawnerSystem", "AlarmSystem"}) {
    world.Systems().AddOrdering("TransformSystem", system);
  }
}

}  // namespace

CAIRN_GAME_MODULE(game::ModuleDescriptor("gatehouse", &RegisterGatehouseSystems))
