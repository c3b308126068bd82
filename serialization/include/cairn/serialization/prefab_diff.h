#pragma once
// What a prefab instance changes in its prefab: the one comparison behind
// every view of overrides. The scene writer saves exactly these (an
// instance's "overrides" and "removed_entities"), the Inspector marks these
// fields (OverriddenFields in prefab.h), the Hierarchy draws its dot after
// these members, Revert takes these back and Apply writes these into the
// prefab file. None of them compares values on its own.
//
// "Equal" is "written as the same text". A field of an instance's entity
// equals its prefab entity's field when the scene writer would write the two
// as the same JSON text, the prefab's references to its own entities mapped
// to the instance's: floats bit for bit (-0.0 is not 0.0, as "-0.0" is not
// "0", so what is saved reads back exactly and an override the Inspector
// shows is one the file keeps), enums by name, strings byte for byte,
// references by id. Components and fields are matched by their registered
// names (a field also by its type), as files name them; a field the prefab's
// type lacks always differs. Within one registration this is
// ecs::FieldEquals (bytes); the diff adds what FieldEquals cannot know: two
// id spaces and two registrations.
//
// Not overrides: the instance root's place (it is the instance's own
// "parent" and "order"), its cairn.PrefabInstance marker, unknown
// components (kept only by plain entities) and plain entities the scene adds
// under an instance's entities (they are the scene's, in "entities").

#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "cairn/ecs/coordinator.h"
#include "cairn/serialization/prefab.h"

namespace cairn::serialization {

// Turns the ids of a prefab's entities into those an instance gives them
// (InstanceEntityId); any other id (none, or an entity outside the prefab)
// stays as it is.
struct InstanceIdMap {
  const Prefab* prefab = nullptr;
  ecs::EntityId instance_id;

  ecs::EntityId operator()(ecs::EntityId prefab_id) const;
};

// The one field equality: whether `field` of `component` (an instance's
// entity, in its world's registration) would be written as the same text as
// `prefab_field` of `prefab_component` (the prefab world's), whose entity
// references `ids` maps into the instance. Fields of different types are
// never equal.
bool SameFieldValue(const ecs::FieldInfo& field, const void* component, const ecs::FieldInfo& prefab_field,
                    const void* prefab_component, const InstanceIdMap& ids);

enum class ComponentChange : std::uint8_t {
  kFields,   // both have it; `fields` differ
  kAdded,    // the prefab entity lacks it: the whole component is the instance's
  kRemoved,  // the instance removed the prefab entity's component
};

struct ComponentOverride {
  ecs::ComponentType type = 0;  // in the instance's world
  ComponentChange change = ComponentChange::kFields;
  // The world's fields that differ, in registration order: never empty for
  // kFields, every field for kAdded, none for kRemoved.
  std::vector<const ecs::FieldInfo*> fields;

  friend bool operator==(const ComponentOverride&, const ComponentOverride&) = default;
};

// What one entity of an instance changes in the prefab entity it copies.
struct MemberOverrides {
  ecs::Entity entity;  // in the instance's world
  ecs::Entity source;  // in the prefab's world
  bool renamed = false;  // its name differs (or one of the two has none)
  // Set when the entity moved to another parent within the instance: its
  // parent's id (never for the instance's root, whose place is the instance's).
  std::optional<ecs::EntityId> parent;
  // Set when it moved or stands at another position among its siblings than
  // the prefab entity among its own: its position (as files write "order").
  std::optional<std::uint32_t> order;
  // By component name (as files write them); Name and unknown components are
  // not components here (the name is `renamed`).
  std::vector<ComponentOverride> components;

  bool Empty() const { return !renamed && !parent && !order && components.empty(); }
  const ComponentOverride* FindComponent(ecs::ComponentType type) const;
};

// One instance and all it changes.
struct InstanceDiff {
  ecs::Entity root;
  ecs::EntityId id;
  std::shared_ptr<const Prefab> prefab;
  // Every prefab entity the instance still has: (prefab entity, its entity in
  // the world), in the prefab's pre-order (the root first).
  std::vector<std::pair<ecs::Entity, ecs::Entity>> members;
  // The members that differ from their prefab entity, in `members` order.
  std::vector<MemberOverrides> overrides;
  // The prefab entities the instance deleted: the topmost of each deleted
  // subtree (its descendants go with it), by id.
  std::vector<ecs::EntityId> removed;

  bool Empty() const { return overrides.empty() && removed.empty(); }
};

// Every instance of the world, as a scene file writes them: each entity
// carrying PrefabInstance whose prefab the library finds and that is not
// itself part of another instance (an instance nested in another's prefab
// belongs to that one; outer instances claim their entities first), by id.
// An instance whose prefab cannot be loaded is left out (written plain).
std::vector<InstanceDiff> DiffInstances(const ecs::Coordinator& world, PrefabLibrary& library);

// The instance whose root is `root`, as DiffInstances has it; nullopt when
// `root` is no such root.
std::optional<InstanceDiff> DiffInstance(const ecs::Coordinator& world, PrefabLibrary& library, ecs::Entity root);

// What the member `entity` (found by FindInstanceMember) changes: the entry
// DiffInstances lists for it, or an empty one. Cheap enough for every row a
// panel draws: it looks at this entity and its prefab entity only.
MemberOverrides DiffMember(const ecs::Coordinator& world, const InstanceMember& member, ecs::Entity entity);

// One component of a member, whatever the world registers it as (hidden or
// not): nullopt when it does not differ, or when neither has it.
std::optional<ComponentOverride> DiffComponent(const ecs::Coordinator& world, const InstanceMember& member,
                                               ecs::Entity entity, ecs::ComponentType type);

// The prefab world's field that `field` (of the world's component `type`)
// is compared with: same component name, same field name and type; null
// when the prefab's registration has none (the field then always differs).
const ecs::FieldInfo* PrefabField(const ecs::Coordinator& world, const Prefab& prefab, ecs::ComponentType type,
                                  const ecs::FieldInfo& field);

}  // namespace cairn::serialization
