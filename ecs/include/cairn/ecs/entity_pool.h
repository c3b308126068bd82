#pragma once
// Allocation of entity handles and ids.
//
// Slots are recycled oldest first (a FIFO free list), which spreads reuse of a
// slot over as many generations as possible before a generation could wrap.
// Each slot records its generation and whether it is alive in one word, so an
// IsAlive check costs one memory access.
//
// Ids and the id -> slot map. The ids a pool generates are the values of an
// IdSequence: a keyed bijection of a draw counter, so they look like random
// 64-bit values (and are, for anyone without the key) yet each leads back to
// its draw number, and the draw number to the slot through a plain array. A
// world therefore finds, creates and destroys its own ids without hashing or
// a random memory access. Ids it did not generate (read from a file, made by
// another world, or drawn by a sequence since retired) go to a hash map. The
// invariant: an id whose draw number the sequence has passed is never in the
// hash map.
//
// A draw's entry is written when its id is given to an entity and is not
// cleared when the entity is destroyed: it is trusted only when the slot it
// names is alive and holds that id. Destroying an entity with one of the
// world's own ids therefore touches neither the array of draws nor the
// slot's id.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "cairn/ecs/bit_mix.h"
#include "cairn/ecs/entity.h"
#include "cairn/ecs/id_map.h"
#include "cairn/ecs/table.h"

namespace cairn::ecs {

// splitmix64 over a counter: value k is MixBits(key + (k + 1) * kMixGamma).
// MixBits and the multiplication by the odd kMixGamma are bijections of 64-bit
// words, so DrawOf inverts Value exactly.
class IdSequence {
 public:
  explicit IdSequence(std::uint64_t key) : key_(key) {}

  std::uint64_t Value(std::uint64_t draw) const { return MixBits(key_ + (draw + 1) * kMixGamma); }
  // The draw whose value this is (every 64-bit word is the value of one draw).
  std::uint64_t DrawOf(std::uint64_t value) const { return (UnmixBits(value) - key_) * kGammaInverse - 1; }

 private:
  static constexpr std::uint64_t kGammaInverse = detail::InverseModulo64(kMixGamma);
  static_assert(kMixGamma * kGammaInverse == 1);

  std::uint64_t key_;
};

class EntityPool {
 public:
  // `id_seed` keys the generated ids; equal seeds give equal ids.
  explicit EntityPool(std::uint64_t id_seed);

  // Creates an entity with the given id; precondition: the id is non-zero and
  // unused (the Coordinator checks and reports).
  Entity Create(EntityId id);
  // Create(GenerateId()) in one step: in the common case (no id from
  // elsewhere held, no sequence due for retirement) the new draw's entry is
  // appended with its slot directly, inline.
  Entity CreateWithGeneratedId() {
    const std::uint64_t draw = drawn_slots_.size();
    const EntityId id{sequence_.Value(draw)};
    if (others_.Size() != 0 || id.value == 0 || (draw >= kMinDrawsToRetire && draw > kRetireRatio * alive_count_))
        [[unlikely]] {
      return Create(GenerateId());
    }
    const std::uint32_t slot = TakeSlot();
    drawn_slots_.push_back(slot);
    return Occupy(slot, id);
  }
  // `count` CreateWithGeneratedId calls, appended to `out` in order, with the
  // same entities and ids. Free slots are taken first, one at a time; the
  // run of fresh slots after them is written array by array.
  void CreateWithGeneratedIds(std::size_t count, std::vector<Entity>& out);
  // Precondition: IsAlive(entity).
  void Destroy(Entity entity) {
    // An id of the sequence leaves its draw's entry behind (see above); only
    // an id from elsewhere has an entry to erase, and while none is held
    // the id need not even be read.
    if (others_.Size() != 0) [[unlikely]] ForgetOtherId(ids_[entity.index]);
    // Generations use 31 bits; the wrap after 2^31 reuses of one slot is accepted.
    std::uint32_t& state = states_[entity.index];
    state = (((state >> 1) + 1) & 0x7fffffffu) << 1;
    if (free_head_ != 0 && free_slots_.size() == free_slots_.capacity()) [[unlikely]] MakeRoomForFreeSlot();
    free_slots_.push_back(entity.index);
    --alive_count_;
    ++revision_;
  }

  bool IsAlive(Entity entity) const {
    return entity.index < states_.size() && states_[entity.index] == ((entity.generation << 1) | 1u);
  }
  // Precondition: IsAlive(entity).
  EntityId IdOf(Entity entity) const { return ids_[entity.index]; }
  // The live entity with this id, or kNullEntity. O(1).
  Entity Find(EntityId id) const;
  // Starts bringing where a given id would be looked up into the cache
  // (IdMap::Prefetch), for a Create(id) or Find(id) soon after.
  void PrefetchId(EntityId id) const { others_.Prefetch(id); }
  bool ContainsId(EntityId id) const { return SlotOfId(id) != kNoSlot; }

  // A fresh random-looking id, non-zero and not used by a live entity.
  EntityId GenerateId();

  std::size_t AliveCount() const { return alive_count_; }
  // Grows with every entity created or destroyed.
  std::uint64_t Revision() const { return revision_; }
  std::size_t SlotCount() const { return states_.size(); }
  // The live entity in `slot`, or kNullEntity.
  Entity AtSlot(std::uint32_t slot) const;
  bool SlotIsAlive(std::uint32_t slot) const { return slot < states_.size() && (states_[slot] & 1u) != 0; }
  void Reserve(std::size_t count);
  // Makes room for `count` more GenerateId calls.
  void ReserveGeneratedIds(std::size_t count);
  // Makes room for `count` more entities created with ids given from
  // outside (Create(id)), which the hash map of other ids holds.
  void ReserveGivenIds(std::size_t count) { others_.Reserve(others_.Size() + count); }
  // How many given ids fit before that map grows.
  std::size_t GivenIdCapacity() const { return others_.Capacity(); }

 private:
  static constexpr std::uint32_t kNoSlot = IdMap::kNotFound;
  // A sequence is retired, and a new one keyed, once it has drawn this many
  // ids and more than kRetireRatio times the live entities: the array of
  // draws stays within a constant factor of the world.
  static constexpr std::uint64_t kMinDrawsToRetire = std::uint64_t{1} << 20;
  static constexpr std::uint64_t kRetireRatio = 4;

  // The slot of the live entity with this id, or kNoSlot.
  std::uint32_t SlotOfId(EntityId id) const {
    const std::uint64_t draw = sequence_.DrawOf(id.value);
    if (draw >= drawn_slots_.size()) return others_.Find(id);
    const std::uint32_t slot = drawn_slots_[draw];
    return slot != kNoSlot && HoldsId(slot, id) ? slot : kNoSlot;
  }
  // True when the slot's entity is alive and has this id.
  bool HoldsId(std::uint32_t slot, EntityId id) const { return (states_[slot] & 1u) != 0 && ids_[slot] == id; }
  // The slot for a new entity: the oldest free one, or a new one.
  std::uint32_t TakeSlot() {
    if (free_head_ < free_slots_.size()) return PopFreeSlot();
    states_.push_back(0);
    ids_.push_back(kNoEntityId);
    return static_cast<std::uint32_t>(states_.size() - 1);
  }
  // Makes the free `slot` the live entity with this id (whose draw entry or
  // hash map entry the caller has written).
  Entity Occupy(std::uint32_t slot, EntityId id) {
    const std::uint32_t generation = states_[slot] >> 1;
    states_[slot] = (generation << 1) | 1u;
    ids_[slot] = id;
    ++alive_count_;
    ++revision_;
    return Entity{slot, generation};
  }
  std::uint32_t PopFreeSlot();
  // True when the next `count` generated ids may take fresh slots without
  // the general path: no free slot to reuse, no id from elsewhere to skip,
  // and no retirement of the sequence due on the way.
  bool CanCreateFreshRun(std::size_t count) const;
  // Destroy's rare steps: erasing an id from elsewhere from the hash map
  // (a sequence's own id has no entry there), and, when the free list is
  // full, dropping its consumed prefix once that is at least half of it.
  void ForgetOtherId(EntityId id);
  void MakeRoomForFreeSlot();
  // Moves the live ids of the sequence to the hash map and keys a new one.
  void RetireSequence();

  detail::Table<std::uint32_t> states_;  // (generation << 1) | alive
  detail::Table<EntityId> ids_;          // the live entity's id; stale in a free slot
  // FIFO of free slots: live entries are free_slots_[free_head_..]. The
  // consumed prefix is dropped once it is at least half the vector.
  detail::Table<std::uint32_t> free_slots_;
  std::size_t free_head_ = 0;
  IdSequence sequence_;
  detail::Table<std::uint32_t> drawn_slots_;  // by draw: the slot given that id (if HoldsId), or kNoSlot
  IdMap others_;                              // every other live id
  std::size_t alive_count_ = 0;
  std::uint64_t revision_ = 0;
};

}  // namespace cairn::ecs
