#pragma once
// Shared fixtures of the editor core tests: seeded worlds, a small scene, and
// a stand-in scene file for the recovery tests (the real scene format belongs
// to the serialization layer, which these tests do not depend on).

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include "cairn/ecs/builtin_components.h"
#include "cairn/ecs/command.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/ecs/world_dump.h"
#include "cairn/test/files.h"

namespace cairn::editor::testing {

// A world with the built-in components, its ids drawn from a fixed seed.
std::unique_ptr<ecs::Coordinator> MakeWorld(std::uint64_t seed = 42);

// Creates a named entity with a Transform directly (test setup only: the
// editor itself goes through actions), last under `parent`.
ecs::EntityId AddEntity(ecs::Coordinator& world, const std::string& name, ecs::EntityId parent = ecs::kNoEntityId);

template <typename T>
void Put(ecs::Coordinator& world, ecs::EntityId id, const T& value) {
  const ecs::Entity entity = world.GetEntity(id);
  if (world.HasComponent<T>(entity)) {
    world.GetComponent<T>(entity) = value;
  } else {
    world.AddComponent<T>(entity, value);
  }
}

template <typename T>
const T& Get(const ecs::Coordinator& world, ecs::EntityId id) {
  return world.GetComponent<T>(world.GetEntity(id));
}

std::string NameOf(const ecs::Coordinator& world, ecs::EntityId id);

// Children's names of `parent` (kNoEntityId: roots) joined by commas.
std::string ChildNames(const ecs::Coordinator& world, ecs::EntityId parent);

// A small scene:
//   Level (Transform at x=10)
//     Player (Transform at x=1, Player tag)
//     Crate (Transform, MeshRenderer cube)
//     Chaser (Transform, Follow -> Player)
//   Lamp (Transform, Light point)
//   Sun (Light directional)
struct SampleScene {
  ecs::EntityId level, player, crate, chaser, lamp, sun;
};
SampleScene BuildSampleScene(ecs::Coordinator& world);

// Applies an action (the queue's apply path) and returns its inverse.
ecs::Action Apply(ecs::Coordinator& world, const ecs::Action& action);

// Writes every root subtree as a restore_subtree command, one JSON object per
// line, and reads such a file back into a fresh world.
void WriteStandInScene(const ecs::Coordinator& world, const std::filesystem::path& file);
std::unique_ptr<ecs::Coordinator> ReadStandInScene(const std::filesystem::path& file, std::uint64_t seed = 7);

using cairn::test::ReadText;
using cairn::test::TempDir;
using cairn::test::WriteText;

}  // namespace cairn::editor::testing
