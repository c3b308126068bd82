#pragma once
// Allocation of entity handles and ids.
//
// Slots are recycled oldest first (a FIFO free list), which spreads reuse of a
// slot over as many generations as possible before a generation could wrap.
// Each slot records its generation and whether it is alive in one word, so an
// IsAlive check costs one memory access.
//
// The id -> slot map is the one structure touched at a random place per
// entity. Two things keep that off the critical path: generated ids are drawn
// a few calls ahead and their buckets prefetched, and the ids of destroyed
// entities are erased from the map in small batches whose buckets were
// prefetched at destroy time. Until its batch is flushed, a destroyed id
// still has a map entry, but Find and ContainsId check every entry against
// the slot's current id, so nothing observable lags.

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "cairn/ecs/entity.h"
#include "cairn/ecs/id_map.h"
#include "cairn/ecs/sparse_set.h"  // detail::Table

namespace cairn::ecs {

class EntityPool {
 public:
  // `id_seed` seeds the generator of random ids; equal seeds give equal ids.
  explicit EntityPool(std::uint64_t id_seed);

  // Creates an entity with the given id; precondition: the id is non-zero and
  // unused (the Coordinator checks and reports).
  Entity Create(EntityId id);
  // Precondition: IsAlive(entity).
  void Destroy(Entity entity);

  bool IsAlive(Entity entity) const {
    return entity.index < states_.size() && states_[entity.index] == ((entity.generation << 1) | 1u);
  }
  // Precondition: IsAlive(entity).
  EntityId IdOf(Entity entity) const { return ids_[entity.index]; }
  // The live entity with this id, or kNullEntity. O(1).
  Entity Find(EntityId id) const;
  bool ContainsId(EntityId id) const { return LiveSlotOf(id) != IdMap::kNotFound; }

  // A fresh random id, non-zero and not used by a live entity.
  EntityId GenerateId();

  std::size_t AliveCount() const { return alive_count_; }
  std::size_t SlotCount() const { return states_.size(); }
  // The live entity in `slot`, or kNullEntity.
  Entity AtSlot(std::uint32_t slot) const;
  void Reserve(std::size_t count);

 private:
  // How many generated ids are drawn ahead of GenerateId, and how many
  // destroyed ids wait for their erasure: both about the number of cache
  // misses a core keeps in flight.
  static constexpr std::size_t kIdsAhead = 16;
  static constexpr std::size_t kErasureBatch = 32;

  std::uint64_t NextRandom();
  // The slot of the live entity with this id, or IdMap::kNotFound.
  std::uint32_t LiveSlotOf(EntityId id) const {
    const std::uint32_t slot = id_to_index_.Find(id);
    return slot != IdMap::kNotFound && ids_[slot] == id ? slot : IdMap::kNotFound;
  }
  void FlushErasures();
  std::uint32_t PopFreeSlot();

  detail::Table<std::uint32_t> states_;  // (generation << 1) | alive
  detail::Table<EntityId> ids_;          // kNoEntityId for free slots
  // FIFO of free slots: live entries are free_slots_[free_head_..]. The
  // consumed prefix is dropped once it is at least half the vector.
  std::vector<std::uint32_t> free_slots_;
  std::size_t free_head_ = 0;
  IdMap id_to_index_;  // may still hold the ids in pending_erasures_
  std::vector<EntityId> pending_erasures_;
  std::array<EntityId, kIdsAhead> ids_ahead_{};  // the next random values, in order
  std::size_t next_ahead_ = 0;
  std::size_t alive_count_ = 0;
  std::uint64_t random_state_;
};

}  // namespace cairn::ecs
