#pragma once
// Parents and sibling order in a scene merge. Internal to the library.
//
// An entity's "order" is its position among its siblings, so inserting or
// deleting one sibling renumbers all the later ones: order numbers alone
// cannot tell a move from a shift, and the two sides number differently.
// The merge therefore reasons about places, not numbers:
//   - an entity counts as moved by a side when its place relative to its
//     siblings changed: among the siblings that kept their parent, a longest
//     run that kept its relative order stands still and every other one
//     moved;
//   - the merged siblings of a parent are ours' siblings in ours' order, with
//     the entities theirs placed (moved, reparented or added) inserted after
//     the sibling that precedes them in theirs.
// Siblings are every entity of the loaded versions: a scene's own entities,
// the roots of its prefab instances and the other entities the instances
// make, which scene entities may be children of and placed among.

#include <cstddef>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "cairn/ecs/entity.h"
#include "merge_inputs.h"

namespace cairn::serialization::detail {

// The children of every parent of one version, in order.
class SiblingLists {
 public:
  explicit SiblingLists(const SceneVersion& version);

  // Children of `parent` (kNoEntityId: the roots); empty when none.
  const std::vector<ecs::EntityId>& ChildrenOf(ecs::EntityId parent) const;
  // The nearest sibling before `id` (which this version holds) that is also
  // a child of the same parent in `other`, or kNoEntityId when there is none.
  ecs::EntityId PreviousSharedSibling(ecs::EntityId id, const SceneVersion& other) const;

 private:
  const SceneVersion& version_;
  std::unordered_map<ecs::EntityId, std::vector<ecs::EntityId>> children_;
};

// The entities with the same parent in `base` and `version` that `version`
// moved among their siblings. Entities whose parent changed are not listed.
std::unordered_set<ecs::EntityId> FindSiblingMoves(const SceneVersion& base, const SiblingLists& base_siblings,
                                                   const SceneVersion& version);

// Merges where each entity goes, whatever makes it (an entity of the scene,
// an instance's root or another entity of an instance).
class PlaceMerger {
 public:
  explicit PlaceMerger(const MergeInputs& inputs);

  // For an entity ours and theirs both hold: its parent three-way, its
  // place as above. Sets work.places[id] (instance and source as in ours),
  // adds it to work.placed_by_theirs when theirs places it, and reports
  // conflicts through MergeInputs::PlaceConflict.
  void Merge(ecs::EntityId id, MergeWork& work) const;
  // What ours or theirs changed in where `id` goes since base: "parent",
  // "order" (a move among the siblings it kept), or "" (nothing, or an
  // entity base or that side lacks).
  std::string Change(ecs::EntityId id, MergeInput side) const;

 private:
  // Whether ours and theirs put the entity (a child of the same parent in
  // both) after different siblings.
  bool PlacedDifferently(ecs::EntityId id) const {
    return ours_siblings_.PreviousSharedSibling(id, inputs_.theirs) !=
           theirs_siblings_.PreviousSharedSibling(id, inputs_.ours);
  }

  const MergeInputs& inputs_;
  const SiblingLists base_siblings_;
  const SiblingLists ours_siblings_;
  const SiblingLists theirs_siblings_;
  const std::unordered_set<ecs::EntityId> moved_in_ours_;
  const std::unordered_set<ecs::EntityId> moved_in_theirs_;
};

// Numbers the "order" of every entity of work.places (0, 1, ... per
// parent): ours' order for the others, and each entity of
// work.placed_by_theirs after the sibling that precedes it in theirs (first
// when none does). Precondition: the parents in work.places are final.
void AssignSiblingOrders(const MergeInputs& inputs, MergeWork& work);

// Writes work.places into the merged documents: each entity's "parent" and
// "order", each instance's, and for the other entities of an instance the
// "parent" and "order" overrides where they differ from the prefab.
void WritePlaces(MergeWork& work);

}  // namespace cairn::serialization::detail
