#pragma once
// Copies of entity subtrees, shared by Duplicate and Paste: fresh ids for
// every copied entity, parent links and entity-reference fields remapped.

#include <span>
#include <unordered_map>
#include <vector>

#include "cairn/ecs/command.h"
#include "cairn/ecs/fwd.h"

namespace cairn::serialization {
class PrefabLibrary;
}

namespace cairn::editor {

// Snapshots (pre-order, root first) of one or more subtrees copied together.
using SubtreeRecords = std::vector<std::vector<ecs::EntityRecord>>;

enum class OutsideReferences : std::uint8_t {
  kKeep,          // references to entities outside the copy stay as they are (Duplicate)
  kClearMissing,  // ... unless no live entity has that id: then they become none (Paste)
};

// Gives every record of `subtrees` a fresh random id (from the world's id
// generator, distinct from live ids and from each other), rewrites the child
// records' parent ids, and remaps every kEntityRef field that points at a
// copied entity to that entity's copy — across all subtrees, so references
// between two copied subtrees follow the copies too. The roots' parents and
// positions are left for the caller to set. Returns the old id -> new id map.
//
// With `prefabs`, a copied prefab instance stays an instance: its root gets a
// fresh id and the entities of its prefab get the ids derived from it
// (serialization::InstanceEntityId), as a new instance of that prefab would.
std::unordered_map<ecs::EntityId, ecs::EntityId> GiveFreshIds(SubtreeRecords& subtrees, ecs::Coordinator& world,
                                                              OutsideReferences outside,
                                                              serialization::PrefabLibrary* prefabs = nullptr);

// Applies `fn(ecs::EntityId&)` to every entity-reference field of the value.
template <typename Fn>
void ForEachEntityReference(ecs::ComponentValue& value, Fn&& fn);

// The subtree roots among `ids`: the live entities none of whose ancestors is
// also listed, in the given order, without duplicates. Ids of entities that do
// not exist are skipped. Linear in the ids and the distinct ancestors above
// them: no ancestor is walked past twice.
std::vector<ecs::Entity> RootMostEntities(const ecs::Coordinator& world, std::span<const ecs::EntityId> ids);

// ---- Template definitions ---------------------------------------------------

template <typename Fn>
void ForEachEntityReference(ecs::ComponentValue& value, Fn&& fn) {
  for (const ecs::FieldInfo& field : value.Info().fields) {
    if (field.type == ecs::FieldType::kEntityRef) fn(field.Ref<ecs::EntityId>(value.Data()));
  }
}

}  // namespace cairn::editor
