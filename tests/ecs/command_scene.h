#pragma once
// A small scene with fixed ids, shared by the command tests.
//
//   A (a1)                 E (e5)    F (f6, no Name)
//   ├─ B (b2)
//   │  └─ D (d4)
//   └─ C (c3)

#include <glm/gtc/quaternion.hpp>

#include "cairn/ecs/builtin_components.h"
#include "cairn/ecs/coordinator.h"

namespace cairn::ecs::test {

inline constexpr EntityId kA{0xa1};
inline constexpr EntityId kB{0xb2};
inline constexpr EntityId kC{0xc3};
inline constexpr EntityId kD{0xd4};
inline constexpr EntityId kE{0xe5};
inline constexpr EntityId kF{0xf6};
inline constexpr EntityId kMissing{0xff};

inline void BuildCommandScene(Coordinator& world) {
  RegisterBuiltinComponents(world);
  const auto make = [&world](EntityId id, const char* name, EntityId parent) {
    const Entity entity = world.CreateEntity(id);
    if (name != nullptr) world.AddComponent<Name>(entity, Name{name});
    if (parent) world.SetParent(entity, world.GetEntity(parent));
    return entity;
  };
  const Entity a = make(kA, "A", kNoEntityId);
  const Entity b = make(kB, "B", kA);
  const Entity c = make(kC, "C", kA);
  const Entity d = make(kD, "D", kB);
  const Entity e = make(kE, "E", kNoEntityId);
  make(kF, nullptr, kNoEntityId);
  world.AddComponent<Transform>(a, Transform{{1, 2, 3}, glm::angleAxis(0.5f, glm::vec3(0, 1, 0)), glm::vec3(2.0f)});
  world.AddComponent<MeshRenderer>(a, MeshRenderer{MeshShape::kSphere, {1.0f, 0.5f, 0.25f, 1.0f}, {}});
  world.AddComponent<Light>(b, Light{LightType::kSpot, {1.0f, 0.9f, 0.8f}, 4.0f, 25.0f, 20.0f});
  world.AddComponent<Transform>(b, Transform{{0, 1, 0}, glm::quat(1, 0, 0, 0), glm::vec3(1.0f)});
  world.AddComponent<Static>(c);
  world.AddComponent<Follow>(d, Follow{kA, {0, 1, -2}, 0.5f});
  world.AddComponent<Camera>(e, Camera{70.0f, 0.5f, 300.0f, true});
}

}  // namespace cairn::ecs::test
