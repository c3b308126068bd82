#pragma once
// Small helpers shared by the ECS test files.

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include <glm/mat4x4.hpp>

#include "cairn/ecs/builtin_components.h"
#include "cairn/ecs/coordinator.h"

namespace cairn::ecs::test {

// Fixed seed so every run generates the same ids.
inline constexpr std::uint64_t kWorldSeed = 0x5eed0001u;

// A Coordinator that empties its EventBus before it is destroyed.
//
// Works around a defect in Coordinator: its members are destroyed in reverse
// declaration order, so its EventBus goes before its SystemManager, and
// TransformSystem's destructor then unsubscribes from the destroyed bus
// (a crash for every world with the built-in components). An empty bus has
// nothing left to unsubscribe from. Harmless once Coordinator destroys its
// systems before its bus.
class TestWorld : public Coordinator {
 public:
  using Coordinator::Coordinator;
  ~TestWorld() { Events() = EventBus{}; }
  TestWorld(const TestWorld&) = delete;
  TestWorld& operator=(const TestWorld&) = delete;
};

// Creates a root entity with a Name component (Name must be registered).
inline Entity CreateNamed(Coordinator& world, const std::string& name) {
  const Entity entity = world.CreateEntity();
  world.AddComponent<Name>(entity, Name{name});
  return entity;
}

inline Entity CreateNamed(Coordinator& world, const std::string& name, Entity parent) {
  const Entity entity = CreateNamed(world, name);
  world.SetParent(entity, parent);
  return entity;
}

// "entity <16 hex digits> (<name>)", the way errors name an entity.
inline std::string Described(const Coordinator& world, Entity entity, const std::string& name) {
  return "entity " + ToHex(world.GetEntityId(entity)) + " (" + name + ")";
}

inline bool MatricesNear(const glm::mat4& a, const glm::mat4& b, float tolerance = 1e-5f) {
  for (int column = 0; column < 4; ++column) {
    for (int row = 0; row < 4; ++row) {
      if (std::fabs(a[column][row] - b[column][row]) > tolerance) return false;
    }
  }
  return true;
}

// A type-erased value of a component registered in `world`.
template <typename T>
ComponentValue ValueOf(const Coordinator& world, const T& value) {
  return ComponentValue::From(world.GetComponentInfoPtr(world.GetComponentType<T>()), value);
}

inline std::vector<EntityId> IdsOf(const Coordinator& world, const std::vector<Entity>& entities) {
  std::vector<EntityId> ids;
  ids.reserve(entities.size());
  for (Entity entity : entities) ids.push_back(world.GetEntityId(entity));
  return ids;
}

}  // namespace cairn::ecs::test
