#pragma once
// Writes a world's entities in the canonical layout shared by scene files and
// runtime exports. Internal to the library.

#include <string>

#include "cairn/ecs/coordinator.h"
#include "cairn/serialization/prefab.h"

namespace cairn::serialization::detail {

struct EntityWriteOptions {
  bool world_matrices = false;  // add "world" (runtime exports)
  // A runtime export: every entity plain, prefab markers left out.
  bool runtime = false;
  // Scene files: instances of the prefabs this library finds are written as
  // `"instances": [...]` (prefab path and overrides, exactly those of
  // DiffInstances in prefab_diff.h) after the entities;
  // null, or an instance whose prefab cannot be loaded: plain entities, the
  // root keeping its PrefabInstance component.
  PrefabLibrary* prefabs = nullptr;
};

// Appends `"entities": [...]` as a member of the top-level object (depth 1),
// and for scenes `, "instances": [...]`. Throws SaveError naming the entity,
// component and field of a non-finite float.
void AppendEntities(std::string& out, const ecs::Coordinator& world, const EntityWriteOptions& options);

}  // namespace cairn::serialization::detail
