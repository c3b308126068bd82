#include "cairn/ecs/entity_pool.h"

namespace cairn::ecs {

EntityPool::EntityPool(std::uint64_t id_seed) : random_state_(id_seed) {}

std::uint64_t EntityPool::NextRandom() {
  // splitmix64: fast, and every seed gives a full-period sequence.
  std::uint64_t z = (random_state_ += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

EntityId EntityPool::GenerateId() {
  for (;;) {
    const EntityId id{NextRandom()};
    if (id.value != 0 && !id_to_index_.Contains(id)) return id;
  }
}

Entity EntityPool::Create(EntityId id) {
  std::uint32_t slot;
  if (!free_slots_.empty()) {
    slot = free_slots_.front();
    free_slots_.pop_front();
  } else {
    slot = static_cast<std::uint32_t>(states_.size());
    states_.push_back(0);
    ids_.push_back(kNoEntityId);
  }
  const std::uint32_t generation = states_[slot] >> 1;
  states_[slot] = (generation << 1) | 1u;
  ids_[slot] = id;
  id_to_index_.Insert(id, slot);
  return Entity{slot, generation};
}

void EntityPool::Destroy(Entity entity) {
  id_to_index_.Erase(ids_[entity.index]);
  ids_[entity.index] = kNoEntityId;
  // Generations use 31 bits; the wrap after 2^31 reuses of one slot is accepted.
  const std::uint32_t next_generation = ((states_[entity.index] >> 1) + 1) & 0x7fffffffu;
  states_[entity.index] = next_generation << 1;
  free_slots_.push_back(entity.index);
}

Entity EntityPool::Find(EntityId id) const {
  const std::uint32_t slot = id_to_index_.Find(id);
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
