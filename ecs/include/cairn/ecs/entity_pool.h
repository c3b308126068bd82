#pragma once
// Allocation of entity handles and ids.
//
// Slots are recycled oldest first (a FIFO free list), which spreads reuse of a
// slot over as many generations as possible before a generation could wrap.
// Each slot records its generation and whether it is alive in one word, so an
// IsAlive check costs one memory access.

#include <cstddef>
#include <cstdint>
#include <deque>
#include <vector>

#include "cairn/ecs/entity.h"
#include "cairn/ecs/id_map.h"

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
  bool ContainsId(EntityId id) const { return id_to_index_.Contains(id); }

  // A fresh random id, non-zero and not used by a live entity.
  EntityId GenerateId();

  std::size_t AliveCount() const { return id_to_index_.Size(); }
  std::size_t SlotCount() const { return states_.size(); }
  // The live entity in `slot`, or kNullEntity.
  Entity AtSlot(std::uint32_t slot) const;
  void Reserve(std::size_t count);

 private:
  std::uint64_t NextRandom();

  std::vector<std::uint32_t> states_;  // (generation << 1) | alive
  std::vector<EntityId> ids_;
  std::deque<std::uint32_t> free_slots_;
  IdMap id_to_index_;
  std::uint64_t random_state_;
};

}  // namespace cairn::ecs
