#include "merge_sibling_order.h"

#include <algorithm>
#include <iterator>
#include <limits>
#include <list>
#include <tuple>

namespace cairn::serialization::detail {

namespace {

const std::vector<ecs::EntityId>& NoChildren() {
  static const std::vector<ecs::EntityId> none;
  return none;
}

// Marks which elements of `ranks` (distinct numbers) belong to one longest
// strictly increasing subsequence. O(n log n).
std::vector<bool> LongestIncreasingRun(const std::vector<std::size_t>& ranks) {
  constexpr std::size_t kNone = static_cast<std::size_t>(-1);
  std::vector<std::size_t> tails;  // tails[k]: index of the smallest tail of a run of length k + 1
  std::vector<std::size_t> previous(ranks.size(), kNone);
  for (std::size_t i = 0; i < ranks.size(); ++i) {
    const auto position = std::lower_bound(tails.begin(), tails.end(), ranks[i],
                                           [&ranks](std::size_t tail, std::size_t rank) { return ranks[tail] < rank; });
    if (position != tails.begin()) previous[i] = *(position - 1);
    if (position == tails.end()) {
      tails.push_back(i);
    } else {
      *position = i;
    }
  }
  std::vector<bool> kept(ranks.size(), false);
  for (std::size_t i = tails.empty() ? kNone : tails.back(); i != kNone; i = previous[i]) kept[i] = true;
  return kept;
}

// Sorts ids by (order_of(id), id).
template <typename Lookup>
void SortByOrder(std::vector<ecs::EntityId>& ids, Lookup order_of) {
  std::vector<std::tuple<std::uint64_t, ecs::EntityId>> keyed;
  keyed.reserve(ids.size());
  for (ecs::EntityId id : ids) keyed.emplace_back(order_of(id), id);
  std::sort(keyed.begin(), keyed.end());
  for (std::size_t i = 0; i < ids.size(); ++i) ids[i] = std::get<1>(keyed[i]);
}

Document IdValue(ecs::EntityId id) { return id ? Document(ecs::ToHex(id)) : Document(nullptr); }

// The places of an instance's entities other than its root, as overrides.
void WriteInstanceEntityPlaces(ecs::EntityId id, MergedInstance& instance, const MergeWork& work) {
  Document& overrides = instance.record["overrides"];
  for (const auto& [entity, prefab_place] : InstanceEntities(*instance.prefab, id, RemovedEntities(instance.record))) {
    if (entity == id) continue;
    const auto place = work.places.find(entity);
    if (place == work.places.end()) continue;
    const std::string key = ecs::ToHex(prefab_place.source);
    const bool moved = place->second.parent != prefab_place.parent;
    const bool reordered = moved || place->second.order != prefab_place.order;
    if (const auto existing = overrides.find(key); existing != overrides.end()) {
      existing->erase("parent");
      existing->erase("order");
    }
    if (moved) overrides[key]["parent"] = IdValue(place->second.parent);
    if (reordered) overrides[key]["order"] = place->second.order;
  }
}

}  // namespace

SiblingLists::SiblingLists(const SceneVersion& version) : version_(version) {
  for (ecs::EntityId id : version.PlacedIds()) children_[version.FindPlacement(id)->parent].push_back(id);
  for (auto& [parent, children] : children_) {
    SortByOrder(children, [&version](ecs::EntityId id) { return version.FindPlacement(id)->order; });
  }
}

const std::vector<ecs::EntityId>& SiblingLists::ChildrenOf(ecs::EntityId parent) const {
  const auto found = children_.find(parent);
  return found == children_.end() ? NoChildren() : found->second;
}

ecs::EntityId SiblingLists::PreviousSharedSibling(ecs::EntityId id, const SceneVersion& other) const {
  const Placement& placement = *version_.FindPlacement(id);
  const std::vector<ecs::EntityId>& siblings = ChildrenOf(placement.parent);
  for (std::size_t i = placement.order; i-- > 0;) {
    const Placement* there = other.FindPlacement(siblings[i]);
    if (there != nullptr && there->parent == placement.parent) return siblings[i];
  }
  return ecs::kNoEntityId;
}

std::unordered_set<ecs::EntityId> FindSiblingMoves(const SceneVersion& base, const SiblingLists& base_siblings,
                                                   const SceneVersion& version) {
  std::unordered_set<ecs::EntityId> moved;
  std::unordered_set<ecs::EntityId> parents_seen;
  for (ecs::EntityId id : base.PlacedIds()) {
    const ecs::EntityId parent = base.FindPlacement(id)->parent;
    if (!parents_seen.insert(parent).second) continue;
    // The siblings that kept this parent, in base's order and in version's.
    std::vector<ecs::EntityId> in_base;
    for (ecs::EntityId sibling : base_siblings.ChildrenOf(parent)) {
      const Placement* now = version.FindPlacement(sibling);
      if (now != nullptr && now->parent == parent) in_base.push_back(sibling);
    }
    if (in_base.size() < 2) continue;
    std::vector<ecs::EntityId> in_version = in_base;
    SortByOrder(in_version, [&version](ecs::EntityId sibling) { return version.FindPlacement(sibling)->order; });
    std::unordered_map<ecs::EntityId, std::size_t> rank_in_version;
    rank_in_version.reserve(in_version.size());
    for (std::size_t i = 0; i < in_version.size(); ++i) rank_in_version.emplace(in_version[i], i);
    std::vector<std::size_t> ranks;
    ranks.reserve(in_base.size());
    for (ecs::EntityId sibling : in_base) ranks.push_back(rank_in_version.at(sibling));
    const std::vector<bool> kept = LongestIncreasingRun(ranks);
    for (std::size_t i = 0; i < in_base.size(); ++i) {
      if (!kept[i]) moved.insert(in_base[i]);
    }
  }
  return moved;
}

PlaceMerger::PlaceMerger(const MergeInputs& inputs)
    : inputs_(inputs),
      base_siblings_(inputs.base),
      ours_siblings_(inputs.ours),
      theirs_siblings_(inputs.theirs),
      moved_in_ours_(FindSiblingMoves(inputs.base, base_siblings_, inputs.ours)),
      moved_in_theirs_(FindSiblingMoves(inputs.base, base_siblings_, inputs.theirs)) {}

// Order numbers shift whenever a sibling is inserted or deleted, and each
// side numbers its own siblings, so the merge compares places: a side changed
// an entity's order only when it moved the entity (a new parent, or a new
// place among the siblings it kept), and two moves agree when they put the
// entity after the same sibling. AssignSiblingOrders numbers afterwards.
void PlaceMerger::Merge(ecs::EntityId id, MergeWork& work) const {
  const Placement* base = inputs_.base.FindPlacement(id);
  const Placement& ours = *inputs_.ours.FindPlacement(id);
  const Placement& theirs = *inputs_.theirs.FindPlacement(id);
  const bool same_parent = ours.parent == theirs.parent;
  ecs::EntityId parent = ours.parent;
  if (!same_parent) {
    if (base != nullptr && ours.parent == base->parent) {
      parent = theirs.parent;
    } else if (base == nullptr || theirs.parent != base->parent) {
      work.conflicts.push_back(inputs_.PlaceConflict(id, "parent",
                                                     "parent changed to " + ShowId(ours.parent) + " in ours and " +
                                                         ShowId(theirs.parent) + " in theirs"));
    }
  }
  work.places[id] = Placement{parent, 0, ours.instance, ours.source};

  const auto report_if_placed_differently = [&] {
    // Different parents are one conflict, reported for "parent" already.
    if (!same_parent || !PlacedDifferently(id)) return;
    work.conflicts.push_back(inputs_.PlaceConflict(id, "order",
                                                   "order changed to " + std::to_string(ours.order) + " in ours and " +
                                                       std::to_string(theirs.order) + " in theirs"));
  };
  if (base == nullptr) {  // added on both sides
    report_if_placed_differently();
    return;
  }
  const bool ours_moved = ours.parent != base->parent || moved_in_ours_.contains(id);
  const bool theirs_moved = theirs.parent != base->parent || moved_in_theirs_.contains(id);
  if (ours_moved && theirs_moved && same_parent) {
    report_if_placed_differently();
    return;
  }
  // The entity goes where the side whose parent it got put it; a reorder
  // under the parent the other side left does not matter any more.
  const bool parent_from_theirs = parent == theirs.parent && parent != ours.parent;
  if (parent_from_theirs || (theirs_moved && !ours_moved)) work.placed_by_theirs.insert(id);
}

std::string PlaceMerger::Change(ecs::EntityId id, MergeInput side) const {
  const bool ours = side == MergeInput::kOurs;
  const Placement* before = inputs_.base.FindPlacement(id);
  const Placement* after = (ours ? inputs_.ours : inputs_.theirs).FindPlacement(id);
  if (before == nullptr || after == nullptr) return "";
  if (before->parent != after->parent) return "parent";
  if ((ours ? moved_in_ours_ : moved_in_theirs_).contains(id)) return "order";
  return "";
}

void AssignSiblingOrders(const MergeInputs& inputs, MergeWork& work) {
  std::unordered_map<ecs::EntityId, std::vector<ecs::EntityId>> children;
  std::vector<ecs::EntityId> parents;
  for (const auto& [id, place] : work.places) {
    auto [group, inserted] = children.try_emplace(place.parent);
    if (inserted) parents.push_back(group->first);
    group->second.push_back(id);
  }
  // Ours' place, for the entities that keep it; what ours lacks goes last.
  const auto ours_order = [&inputs](ecs::EntityId id) {
    const Placement* placement = inputs.ours.FindPlacement(id);
    return placement != nullptr ? placement->order : std::numeric_limits<std::uint64_t>::max();
  };
  const SiblingLists theirs_siblings(inputs.theirs);
  for (ecs::EntityId parent : parents) {
    // Ours' placement first, in (order, id).
    std::vector<ecs::EntityId> backbone;
    for (ecs::EntityId id : children[parent]) {
      if (!work.placed_by_theirs.contains(id)) backbone.push_back(id);
    }
    SortByOrder(backbone, ours_order);
    std::list<ecs::EntityId> siblings(backbone.begin(), backbone.end());
    std::unordered_map<ecs::EntityId, std::list<ecs::EntityId>::iterator> where;
    for (auto it = siblings.begin(); it != siblings.end(); ++it) where.emplace(*it, it);
    // Walk theirs' children of this parent: each entity theirs placed goes
    // after the last one seen that is already in the list, and after the
    // entities only ours has that follow it (ours' additions come first).
    auto anchor = siblings.end();  // end: before the first sibling
    for (ecs::EntityId id : theirs_siblings.ChildrenOf(parent)) {
      const auto merged = work.places.find(id);
      if (merged == work.places.end() || merged->second.parent != parent) continue;
      if (work.placed_by_theirs.contains(id)) {
        auto at = anchor == siblings.end() ? siblings.begin() : std::next(anchor);
        while (at != siblings.end() && !inputs.theirs.Holds(*at)) ++at;
        anchor = siblings.insert(at, id);
        where.emplace(id, anchor);
      } else if (const auto found = where.find(id); found != where.end()) {
        anchor = found->second;
      }
    }
    // Entities theirs placed elsewhere than under this parent cannot be
    // here (their parent came from theirs); should one be, it goes last.
    for (ecs::EntityId id : children[parent]) {
      if (!where.contains(id)) siblings.push_back(id);
    }
    std::uint64_t order = 0;
    for (ecs::EntityId id : siblings) work.places.at(id).order = order++;
  }
}

void WritePlaces(MergeWork& work) {
  for (auto& [id, entity] : work.entities) {
    const Placement& place = work.places.at(id);
    entity["parent"] = IdValue(place.parent);
    entity["order"] = place.order;
  }
  for (auto& [id, instance] : work.instances) {
    const Placement& place = work.places.at(id);
    instance.record["parent"] = IdValue(place.parent);
    instance.record["order"] = place.order;
    WriteInstanceEntityPlaces(id, instance, work);
  }
}

}  // namespace cairn::serialization::detail
