#include "cairn/editor/selection.h"

#include <algorithm>

#include "cairn/ecs/coordinator.h"

namespace cairn::editor {

namespace {

// A membership this much smaller than the marks array is unmarked id by id;
// a bigger one clears the whole array.
constexpr std::size_t kSparseMarks = 8;

}  // namespace

// ---- Membership ----------------------------------------------------------------

std::uint64_t Selection::RevisionOf(const ecs::Coordinator& world) { return world.EntityRevision(); }

ecs::Entity Selection::PlaceOf(ecs::EntityId id) const {
  return world_ != nullptr ? world_->FindEntity(id) : ecs::kNullEntity;
}

bool Selection::Mark(ecs::Entity entity) const {
  if (entity.index >= marks_.size()) marks_.resize(entity.index + 1, 0);
  std::uint32_t& mark = marks_[entity.index];
  if (mark == entity.generation + 1) return false;
  mark = entity.generation + 1;
  return true;
}

bool Selection::IsMember(ecs::EntityId id) const {
  const ecs::Entity entity = PlaceOf(id);
  return (!entity.IsNull() && Marked(entity)) || unplaced_.Contains(id);
}

bool Selection::Place(ecs::EntityId id) const {
  const ecs::Entity entity = PlaceOf(id);
  return entity.IsNull() ? unplaced_.Insert(id, 0) : Mark(entity);
}

bool Selection::Forget(ecs::EntityId id) {
  const ecs::Entity entity = PlaceOf(id);
  if (!entity.IsNull() && Marked(entity)) {
    marks_[entity.index] = 0;
    return true;
  }
  return unplaced_.Erase(id);
}

void Selection::Reset() {
  const bool synced = world_ != nullptr && RevisionOf(*world_) == synced_revision_;
  if (synced && ids_.size() * kSparseMarks < marks_.size()) {
    for (const ecs::EntityId id : ids_) Forget(id);
  } else {
    std::fill(marks_.begin(), marks_.end(), 0);
  }
  unplaced_.Clear();
  ids_.clear();
  synced_revision_ = world_ != nullptr ? RevisionOf(*world_) : 0;
}

void Selection::Remark() const {
  std::fill(marks_.begin(), marks_.end(), 0);
  unplaced_.Clear();
  for (const ecs::EntityId id : ids_) Place(id);
  synced_revision_ = world_ != nullptr ? RevisionOf(*world_) : 0;
}

bool Selection::Contains(const ecs::Coordinator& world, ecs::Entity entity) const {
  if (&world != world_) return world.IsAlive(entity) && Contains(world.GetEntityId(entity));
  Sync();
  // After Sync every selected id with a live entity is marked at its slot,
  // and only those: a dead handle's generation matches no mark.
  return Marked(entity);
}

void Selection::Bind(const ecs::Coordinator* world) {
  world_ = world;
  if (world_ == nullptr) marks_ = {};
  Remark();
}

// ---- Changes -------------------------------------------------------------------

void Selection::Insert(ecs::EntityId id) {
  Sync();
  if (Place(id)) ids_.push_back(id);
}

void Selection::InsertAll(std::span<const ecs::EntityId> ids) {
  ids_.reserve(ids_.size() + ids.size());
  for (const ecs::EntityId id : ids) Insert(id);
}

void Selection::Erase(ecs::EntityId id) {
  Sync();
  if (!Forget(id)) return;
  ids_.erase(std::find(ids_.begin(), ids_.end(), id));
  if (primary_ == id) primary_ = ids_.empty() ? ecs::kNoEntityId : ids_.back();
}

void Selection::Select(ecs::EntityId id) {
  Reset();
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
  if (!additive) Reset();
  const auto first = std::min(anchor_at, target_at);
  const auto last = std::max(anchor_at, target_at);
  for (auto it = first; it <= last; ++it) Insert(*it);
  primary_ = target;
  Changed();
}

void Selection::SelectAll(std::span<const ecs::EntityId> ids) {
  Reset();
  InsertAll(ids);
  primary_ = ids_.empty() ? ecs::kNoEntityId : ids_.back();
  if (!anchor_ || !IsMember(anchor_)) anchor_ = ids_.empty() ? ecs::kNoEntityId : ids_.front();
  Changed();
}

void Selection::SelectAll(const ecs::Coordinator& world, std::span<const ecs::Entity> entities) {
  if (&world != world_) {
    std::vector<ecs::EntityId> ids;
    ids.reserve(entities.size());
    for (const ecs::Entity entity : entities) {
      if (world.IsAlive(entity)) ids.push_back(world.GetEntityId(entity));
    }
    SelectAll(ids);
    return;
  }
  Reset();
  ids_.reserve(entities.size());
  for (const ecs::Entity entity : entities) {
    if (world.IsAlive(entity) && Mark(entity)) ids_.push_back(world.GetEntityId(entity));  // not dead, not a repeat
  }
  primary_ = ids_.empty() ? ecs::kNoEntityId : ids_.back();
  if (!anchor_ || !IsMember(anchor_)) anchor_ = ids_.empty() ? ecs::kNoEntityId : ids_.front();
  Changed();
}

void Selection::Remove(ecs::EntityId id) {
  if (!Contains(id)) return;
  Erase(id);
  Changed();
}

void Selection::Clear() {
  if (ids_.empty() && !anchor_) return;
  Reset();
  primary_ = ecs::kNoEntityId;
  anchor_ = ecs::kNoEntityId;
  Changed();
}

void Selection::Restore(const SelectionState& state) {
  if (ids_ == state.ids && primary_ == state.primary && anchor_ == state.anchor) return;
  Reset();
  InsertAll(state.ids);
  primary_ = IsMember(state.primary) ? state.primary : (ids_.empty() ? ecs::kNoEntityId : ids_.back());
  anchor_ = state.anchor;
  Changed();
}

std::size_t Selection::Prune(const ecs::Coordinator& world) {
  const std::size_t removed =
      std::erase_if(ids_, [&](ecs::EntityId id) { return world.FindEntity(id).IsNull(); });
  // The ids went from ids_ alone: the membership is made again from what is left.
  if (removed != 0) {
    Remark();
  } else {
    Sync();
  }
  if (primary_ && !IsMember(primary_)) primary_ = ids_.empty() ? ecs::kNoEntityId : ids_.back();
  if (anchor_ && world.FindEntity(anchor_).IsNull()) anchor_ = ecs::kNoEntityId;
  if (removed != 0) Changed();
  return removed;
}

}  // namespace cairn::editor
