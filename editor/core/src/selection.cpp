#include "cairn/editor/selection.h"

#include <algorithm>

#include "cairn/ecs/coordinator.h"

namespace cairn::editor {

void Selection::Insert(ecs::EntityId id) {
  if (members_.Insert(id, 0)) ids_.push_back(id);
}

void Selection::InsertAll(std::span<const ecs::EntityId> ids) {
  ids_.reserve(ids_.size() + ids.size());
  members_.Reserve(members_.Size() + ids.size());
  constexpr std::size_t kAhead = 16;  // inserts in flight while one waits for its bucket
  for (std::size_t i = 0; i < ids.size(); ++i) {
    if (i + kAhead < ids.size()) members_.Prefetch(ids[i + kAhead]);
    Insert(ids[i]);
  }
}

void Selection::Erase(ecs::EntityId id) {
  if (!members_.Erase(id)) return;
  ids_.erase(std::find(ids_.begin(), ids_.end(), id));
  if (primary_ == id) primary_ = ids_.empty() ? ecs::kNoEntityId : ids_.back();
}

void Selection::Select(ecs::EntityId id) {
  ids_.clear();
  members_.Clear();
  Insert(id);
  primary_ = id;
  anchor_ = id;
  Changed();
}

void Selection::Add(ecs::EntityId id) {
  Insert(id);
  primary_ = id;
  Changed();
}

void Selection::Toggle(ecs::EntityId id) {
  if (Contains(id)) {
    Erase(id);
  } else {
    Insert(id);
    primary_ = id;
  }
  anchor_ = id;
  Changed();
}

void Selection::SelectRange(ecs::EntityId target, std::span<const ecs::EntityId> visible_order, bool additive) {
  const auto anchor_at = anchor_ ? std::find(visible_order.begin(), visible_order.end(), anchor_) : visible_order.end();
  const auto target_at = std::find(visible_order.begin(), visible_order.end(), target);
  if (anchor_at == visible_order.end() || target_at == visible_order.end()) {
    if (additive) {
      Add(target);
    } else {
      Select(target);
    }
    return;
  }
  if (!additive) {
    ids_.clear();
    members_.Clear();
  }
  const auto first = std::min(anchor_at, target_at);
  const auto last = std::max(anchor_at, target_at);
  for (auto it = first; it <= last; ++it) Insert(*it);
  primary_ = target;
  Changed();
}

void Selection::SelectAll(std::span<const ecs::EntityId> ids) {
  ids_.clear();
  members_.Clear();
  InsertAll(ids);
  primary_ = ids_.empty() ? ecs::kNoEntityId : ids_.back();
  if (!anchor_ || !members_.Contains(anchor_)) anchor_ = ids_.empty() ? ecs::kNoEntityId : ids_.front();
  Changed();
}

void Selection::Remove(ecs::EntityId id) {
  if (!Contains(id)) return;
  Erase(id);
  Changed();
}

void Selection::Clear() {
  if (ids_.empty() && !anchor_) return;
  ids_.clear();
  members_.Clear();
  primary_ = ecs::kNoEntityId;
  anchor_ = ecs::kNoEntityId;
  Changed();
}

void Selection::Restore(const SelectionState& state) {
  if (ids_ == state.ids && primary_ == state.primary && anchor_ == state.anchor) return;
  ids_.clear();
  members_.Clear();
  InsertAll(state.ids);
  primary_ = members_.Contains(state.primary) ? state.primary : (ids_.empty() ? ecs::kNoEntityId : ids_.back());
  anchor_ = state.anchor;
  Changed();
}

std::size_t Selection::Prune(const ecs::Coordinator& world) {
  const std::size_t before = ids_.size();
  std::erase_if(ids_, [&](ecs::EntityId id) {
    if (!world.FindEntity(id).IsNull()) return false;
    members_.Erase(id);
    return true;
  });
  const std::size_t removed = before - ids_.size();
  if (primary_ && !members_.Contains(primary_)) primary_ = ids_.empty() ? ecs::kNoEntityId : ids_.back();
  if (anchor_ && world.FindEntity(anchor_).IsNull()) anchor_ = ecs::kNoEntityId;
  if (removed != 0) Changed();
  return removed;
}

}  // namespace cairn::editor
