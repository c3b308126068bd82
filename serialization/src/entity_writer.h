#pragma once
// Writes a world's entities in the canonical layout shared by scene files and
// runtime exports. Internal to the library.

#include <string>

#include "cairn/ecs/coordinator.h"

namespace cairn::serialization::detail {

struct EntityWriteOptions {
  bool world_matrices = false;  // add "world" (runtime exports)
};

// Appends `"entities": [...]` as a member of the top-level object (depth 1).
// Throws SaveError naming the entity, component and field of a non-finite
// float.
void AppendEntities(std::string& out, const ecs::Coordinator& world, const EntityWriteOptions& options);

}  // namespace cairn::serialization::detail
