#pragma once
// The three inputs of a scene merge as the merge steps read them: each
// version's entities and prefab instances indexed by id, where every entity
// of the loaded version sits (its own entities and those its instances
// make), the component registry, and how a conflict names an entity or an
// instance; and the merged scene as the steps build it. Internal to the
// library.

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "cairn/ecs/coordinator.h"
#include "cairn/ecs/entity.h"
#include "cairn/serialization/document.h"
#include "cairn/serialization/prefab.h"
#include "cairn/serialization/scene_merge.h"

namespace cairn::serialization::detail {

// Where an entity sits in a scene, and what makes it.
struct Placement {
  ecs::EntityId parent = ecs::kNoEntityId;  // kNoEntityId: a root
  std::uint64_t order = 0;                  // its index among its siblings
  // The prefab instance the entity belongs to (for the instance's root, its
  // own id) and the prefab entity it copies; both kNoEntityId for an entity
  // of the scene's "entities".
  ecs::EntityId instance = ecs::kNoEntityId;
  ecs::EntityId source = ecs::kNoEntityId;

  // An entity of an instance other than its root: its place is written as
  // overrides of the instance.
  bool InInstance(ecs::EntityId id) const { return instance && instance != id; }
};

// One record of a version's "instances" and the prefab it names.
struct InstanceVersion {
  const Document* record;
  std::shared_ptr<const Prefab> prefab;
};

// One version of the scene. Precondition: `document` is a valid scene of the
// current version and `world` what LoadSceneDocument built from it, finding
// prefabs in `prefabs`; both outlive this object, which points into them.
class SceneVersion {
 public:
  SceneVersion(const Document& document, const ecs::Coordinator& world, PrefabLibrary* prefabs);

  // The entity object of "entities" with this id, or nullptr.
  const Document* Find(ecs::EntityId id) const;
  bool Contains(ecs::EntityId id) const { return Find(id) != nullptr; }
  // Every id of "entities", in file order.
  const std::vector<ecs::EntityId>& Ids() const { return ids_; }

  // The instance record with this id, or nullptr.
  const InstanceVersion* FindInstance(ecs::EntityId id) const;
  // Every instance id, in file order.
  const std::vector<ecs::EntityId>& InstanceIds() const { return instance_ids_; }

  // Where an entity of the loaded scene sits (one of "entities", an
  // instance's root or another entity an instance makes), or nullptr.
  const Placement* FindPlacement(ecs::EntityId id) const;
  bool Holds(ecs::EntityId id) const { return FindPlacement(id) != nullptr; }
  // Every entity of the loaded scene, sorted by id.
  const std::vector<ecs::EntityId>& PlacedIds() const { return placed_ids_; }
  // The entity's name in the loaded scene; "" when unnamed or absent.
  std::string NameOf(ecs::EntityId id) const;

  // The "editor" object ({} when absent).
  const Document& Editor() const { return *editor_; }

 private:
  void PlaceEntities();
  void FindInstanceEntities();

  const ecs::Coordinator& world_;
  std::unordered_map<ecs::EntityId, const Document*> by_id_;
  std::vector<ecs::EntityId> ids_;
  std::unordered_map<ecs::EntityId, InstanceVersion> instances_;
  std::vector<ecs::EntityId> instance_ids_;
  std::unordered_map<ecs::EntityId, Placement> placements_;
  std::vector<ecs::EntityId> placed_ids_;
  const Document* editor_;
};

// The "components" member of a valid entity object, or nullptr when the key
// is missing.
const Document* ComponentOf(const Document& entity, const std::string& component);

// A value as a conflict shows it: compact JSON ("[1,0,0]", "\"Box\"",
// "null"), or its description ("an object") past 80 characters.
std::string ShowValue(const Document& value);
// An entity id as a conflict shows it: "\"3f2a9c0d41be7e10\"", or null.
std::string ShowId(ecs::EntityId id);

// The entities an instance of `prefab` with id `instance` makes when the
// prefab entities `removed` (ids, each with its descendants) are left out,
// the root first, each where the prefab puts it: the root without a parent
// (its record places it), the others under the instance's entity of their
// prefab parent.
std::vector<std::pair<ecs::EntityId, Placement>> InstanceEntities(const Prefab& prefab, ecs::EntityId instance,
                                                                  const std::unordered_set<ecs::EntityId>& removed);
// The prefab entity ids of a record's "removed_entities".
std::unordered_set<ecs::EntityId> RemovedEntities(const Document& record);

struct MergeInputs {
  const SceneVersion& base;
  const SceneVersion& ours;
  const SceneVersion& theirs;
  const ecs::Coordinator& registry;  // the component types the merge knows

  // "entity 3f2a9c0d41be7e10 (Crate)", named as in ours, else theirs, else
  // base (no parenthesis when unnamed), like Coordinator::DescribeEntity;
  // the entities instances make included.
  std::string Describe(ecs::EntityId id) const;
  // "instance a000000000000001 (Lamp)": the instance's root, named so.
  std::string DescribeInstance(ecs::EntityId id) const;
  // A conflict of the entity `id` about `subject`: "<Describe(id)>: <detail>".
  MergeConflict Conflict(ecs::EntityId id, std::string subject, const std::string& detail) const;
  // A conflict of the instance `id`: "<DescribeInstance(id)>: <detail>".
  MergeConflict InstanceConflict(ecs::EntityId id, std::string subject, const std::string& detail) const;
  // A conflict about where the entity `id` goes, `detail` starting with
  // `subject` ("parent" or "order"): an entity's own, an instance's for its
  // root, and the instance's "overrides <prefab entity id> parent" for its
  // other entities.
  MergeConflict PlaceConflict(ecs::EntityId id, const std::string& subject, const std::string& detail) const;
  // The entity's placement in ours, else theirs, else base; nullptr when
  // none holds it.
  const Placement* AnyPlacement(ecs::EntityId id) const;
};

// A prefab instance of the merged scene.
struct MergedInstance {
  // The record without its places: "parent" and "order", and the overrides'
  // "parent" and "order", are written from MergeWork::places at the end.
  Document record;
  std::shared_ptr<const Prefab> prefab;
};

// The merged scene (by id, so output and conflicts are deterministic) and
// the conflicts found so far.
struct MergeWork {
  // Without their places: "parent" and "order" come from `places`.
  std::map<ecs::EntityId, Document> entities;
  std::map<ecs::EntityId, MergedInstance> instances;
  // Every entity of the merged scene, its own and those its instances make,
  // with its parent (its order is assigned last, by AssignSiblingOrders).
  std::map<ecs::EntityId, Placement> places;
  std::vector<MergeConflict> conflicts;
  // Merged entities whose place among their siblings comes from theirs
  // (moved or reparented only there, or added there); the others keep
  // ours' place. See merge_sibling_order.h.
  std::unordered_set<ecs::EntityId> placed_by_theirs;

  bool Holds(ecs::EntityId id) const { return places.contains(id); }
  // Adds the entities of the merged instance `id` that `places` lacks, each
  // where ours puts it, else theirs, else its prefab.
  void PlaceInstanceEntities(const MergeInputs& inputs, ecs::EntityId id);
  // Removes the instance and the places of its entities.
  void RemoveInstance(ecs::EntityId id);
};

}  // namespace cairn::serialization::detail
