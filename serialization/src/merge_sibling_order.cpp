#include "merge_sibling_order.h"

#include <algorithm>
#include <iterator>
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

// Sorts ids by the (order, id) of their entities in `entities`.
template <typename Lookup>
void SortByOrder(std::vector<ecs::EntityId>& ids, Lookup order_of) {
  std::vector<std::tuple<std::uint64_t, ecs::EntityId>> keyed;
  keyed.reserve(ids.size());
  for (ecs::EntityId id : ids) keyed.emplace_back(order_of(id), id);
  std::sort(keyed.begin(), keyed.end());
  for (std::size_t i = 0; i < ids.size(); ++i) ids[i] = std::get<1>(keyed[i]);
}

}  // namespace

SiblingLists::SiblingLists(const SceneVersion& version) : version_(version) {
  for (ecs::EntityId id : version.Ids()) children_[ParentOf(*version.Find(id))].push_back(id);
  for (auto& [parent, children] : children_) {
    SortByOrder(children, [&version](ecs::EntityId id) { return OrderOf(*version.Find(id)); });
    for (std::size_t i = 0; i < children.size(); ++i) position_.emplace(children[i], i);
  }
}

const std::vector<ecs::EntityId>& SiblingLists::ChildrenOf(ecs::EntityId parent) const {
  const auto found = children_.find(parent);
  return found == children_.end() ? NoChildren() : found->second;
}

ecs::EntityId SiblingLists::PreviousSharedSibling(ecs::EntityId id, const SceneVersion& other) const {
  const ecs::EntityId parent = ParentOf(*version_.Find(id));
  const std::vector<ecs::EntityId>& siblings = ChildrenOf(parent);
  for (std::size_t i = position_.at(id); i-- > 0;) {
    const Document* there = other.Find(siblings[i]);
    if (there != nullptr && ParentOf(*there) == parent) return siblings[i];
  }
  return ecs::kNoEntityId;
}

std::unordered_set<ecs::EntityId> FindSiblingMoves(const SceneVersion& base, const SiblingLists& base_siblings,
                                                   const SceneVersion& version) {
  std::unordered_set<ecs::EntityId> moved;
  std::unordered_set<ecs::EntityId> parents_seen;
  for (ecs::EntityId id : base.Ids()) {
    const ecs::EntityId parent = ParentOf(*base.Find(id));
    if (!parents_seen.insert(parent).second) continue;
    // The siblings that kept this parent, in base's order and in version's.
    std::vector<ecs::EntityId> in_base;
    for (ecs::EntityId sibling : base_siblings.ChildrenOf(parent)) {
      const Document* now = version.Find(sibling);
      if (now != nullptr && ParentOf(*now) == parent) in_base.push_back(sibling);
    }
    if (in_base.size() < 2) continue;
    std::vector<ecs::EntityId> in_version = in_base;
    SortByOrder(in_version, [&version](ecs::EntityId sibling) { return OrderOf(*version.Find(sibling)); });
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

void AssignSiblingOrders(const MergeInputs& inputs, MergeWork& work) {
  std::unordered_map<ecs::EntityId, std::vector<ecs::EntityId>> children;
  std::vector<ecs::EntityId> parents;
  for (const auto& [id, entity] : work.entities) {
    auto [group, inserted] = children.try_emplace(ParentOf(entity));
    if (inserted) parents.push_back(group->first);
    group->second.push_back(id);
  }
  const SiblingLists theirs_siblings(inputs.theirs);
  for (ecs::EntityId parent : parents) {
    // Ours' placement first, in (order, id).
    std::vector<ecs::EntityId> backbone;
    for (ecs::EntityId id : children[parent]) {
      if (!work.placed_by_theirs.contains(id)) backbone.push_back(id);
    }
    SortByOrder(backbone, [&work](ecs::EntityId id) { return OrderOf(work.entities.at(id)); });
    std::list<ecs::EntityId> siblings(backbone.begin(), backbone.end());
    std::unordered_map<ecs::EntityId, std::list<ecs::EntityId>::iterator> where;
    for (auto it = siblings.begin(); it != siblings.end(); ++it) where.emplace(*it, it);
    // Walk theirs' children of this parent: each entity theirs placed goes
    // after the last one seen that is already in the list, and after the
    // entities only ours has that follow it (ours' additions come first).
    auto anchor = siblings.end();  // end: before the first sibling
    for (ecs::EntityId id : theirs_siblings.ChildrenOf(parent)) {
      const auto merged = work.entities.find(id);
      if (merged == work.entities.end() || ParentOf(merged->second) != parent) continue;
      if (work.placed_by_theirs.contains(id)) {
        auto at = anchor == siblings.end() ? siblings.begin() : std::next(anchor);
        while (at != siblings.end() && !inputs.theirs.Contains(*at)) ++at;
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
    for (ecs::EntityId id : siblings) work.entities.at(id)["order"] = order++;
  }
}

}  // namespace cairn::serialization::detail
