#pragma once
// Sibling order in a scene merge. Internal to the library.
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

#include <cstddef>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "cairn/ecs/entity.h"
#include "merge_inputs.h"

namespace cairn::serialization::detail {

// The children of every parent of one version, sorted as the loader links
// them: by (order, id).
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
  std::unordered_map<ecs::EntityId, std::size_t> position_;  // index in its parent's list
};

// The entities with the same parent in `base` and `version` that `version`
// moved among their siblings. Entities whose parent changed are not listed.
std::unordered_set<ecs::EntityId> FindSiblingMoves(const SceneVersion& base, const SiblingLists& base_siblings,
                                                   const SceneVersion& version);

// Renumbers "order" of every merged entity (0, 1, ... per parent): ours'
// order for the others, and each entity of work.placed_by_theirs after the
// sibling that precedes it in theirs (first when none does). Precondition:
// the parents in work.entities are final.
void AssignSiblingOrders(const MergeInputs& inputs, MergeWork& work);

}  // namespace cairn::serialization::detail
