#include "cairn/ecs/entity_pool.h"

namespace cairn::ecs {

EntityPool::EntityPool(std::uint64_t id_seed) : random_state_(id_seed) {
  for (EntityId& id : ids_ahead_) id = EntityId{NextRandom()};
  pending_erasures_.reserve(kErasureBatch);
}

std::uint64_t EntityPool::NextRandom() {
  // splitmix64: fast, and every seed gives a full-period sequence.
  std::uint64_t z = (random_state_ += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

EntityId EntityPool::GenerateId() {
  // The random sequence is consumed in order, kIdsAhead values ahead of use;
  // each value's bucket is prefetched when it is drawn, so by the time it is
  // checked here (and inserted by Create) the bucket is usually cached.
  for (;;) {
    const EntityId id = ids_ahead_[next_ahead_];
    const EntityId drawn{NextRandom()};
    ids_ahead_[next_ahead_] = drawn;
    id_to_index_.Prefetch(drawn);
    next_ahead_ = (next_ahead_ + 1) % kIdsAhead;
    if (id.value != 0 && !ContainsId(id)) return id;
  }
}

std::uint32_t EntityPool::PopFreeSlot() {
  const std::uint32_t slot = free_slots_[free_head_++];
  if (free_head_ == free_slots_.size()) {
    free_slots_.clear();
    free_head_ = 0;
  }
  return slot;
}

Entity EntityPool::Create(EntityId id) {
  std::uint32_t slot;
  if (free_head_ < free_slots_.size()) {
    slot = PopFreeSlot();
  } else {
    slot = static_cast<std::uint32_t>(states_.size());
    states_.push_back(0);
    ids_.push_back(kNoEntityId);
  }
  const std::uint32_t generation = states_[slot] >> 1;
  states_[slot] = (generation << 1) | 1u;
  ids_[slot] = id;
  if (!id_to_index_.Insert(id, slot)) {
    // The id belonged to an entity destroyed since the last flush.
    FlushErasures();
    id_to_index_.Insert(id, slot);
  }
  ++alive_count_;
  return Entity{slot, generation};
}

void EntityPool::Destroy(Entity entity) {
  const EntityId id = ids_[entity.index];
  id_to_index_.Prefetch(id);
  pending_erasures_.push_back(id);
  ids_[entity.index] = kNoEntityId;
  // Generations use 31 bits; the wrap after 2^31 reuses of one slot is accepted.
  const std::uint32_t next_generation = ((states_[entity.index] >> 1) + 1) & 0x7fffffffu;
  states_[entity.index] = next_generation << 1;
  if (free_head_ != 0 && free_head_ * 2 >= free_slots_.size() && free_slots_.size() == free_slots_.capacity()) {
    free_slots_.erase(free_slots_.begin(), free_slots_.begin() + static_cast<std::ptrdiff_t>(free_head_));
    free_head_ = 0;
  }
  free_slots_.push_back(entity.index);
  --alive_count_;
  if (pending_erasures_.size() == kErasureBatch) FlushErasures();
}

void EntityPool::FlushErasures() {
  for (const EntityId id : pending_erasures_) id_to_index_.Erase(id);
  pending_erasures_.clear();
}

Entity EntityPool::Find(EntityId id) const {
  const std::uint32_t slot = LiveSlotOf(id);
  if (slot == IdMap::kNotFound) return kNullEntity;
  return Entity{slot, states_[slot] >> 1};
}

Entity EntityPool::AtSlot(std::uint32_t slot) const {
  if (slot >= states_.size() || (states_[slot] & 1u) == 0) return kNullEntity;
  return Entity{slot, states_[slot] >> 1};
}

void EntityPool::Reserve(std::size_t count) {
  states_.reserve(count);
  ids_.reserve(count);
  id_to_index_.Reserve(count);
}

}  // namespace cairn::ecs
