#include "cairn/ecs/entity_pool.h"

namespace cairn::ecs {

EntityPool::EntityPool(std::uint64_t id_seed) : sequence_(id_seed) {}

EntityId EntityPool::GenerateId() {
  if (drawn_slots_.size() >= kMinDrawsToRetire && drawn_slots_.size() > kRetireRatio * alive_count_) {
    RetireSequence();
  }
  for (;;) {
    const EntityId id{sequence_.Value(drawn_slots_.size())};
    // An id the sequence reaches while an entity made elsewhere holds it
    // moves from the hash map to the array (the invariant), and is skipped.
    std::uint32_t holder = kNoSlot;
    if (others_.Size() != 0 && (holder = others_.Find(id)) != kNoSlot) others_.Erase(id);
    drawn_slots_.push_back(holder);
    if (id.value != 0 && holder == kNoSlot) return id;
  }
}

void EntityPool::RetireSequence() {
  for (std::size_t draw = 0; draw < drawn_slots_.size(); ++draw) {
    const std::uint32_t slot = drawn_slots_[draw];
    if (const EntityId id{sequence_.Value(draw)}; slot != kNoSlot && HoldsId(slot, id)) others_.Insert(id, slot);
  }
  // The next key follows from this one, so a seed still fixes every id.
  sequence_ = IdSequence(sequence_.Value(drawn_slots_.size()) ^ 0x5851F42D4C957F2Dull);
  drawn_slots_.clear();
  drawn_slots_.shrink_to_fit();
}

std::uint32_t EntityPool::PopFreeSlot() {
  const std::uint32_t slot = free_slots_[free_head_++];
  if (free_head_ == free_slots_.size()) {
    free_slots_.clear();
    free_head_ = 0;
  }
  return slot;
}

bool EntityPool::CanCreateFreshRun(std::size_t count) const {
  if (free_head_ < free_slots_.size() || others_.Size() != 0) return false;
  // The retirement test of draw D + j with A + j entities alive: due when
  // D + j >= kMinDrawsToRetire and D + j > kRetireRatio * (A + j). With
  // D <= kRetireRatio * A the second never holds; otherwise the run must
  // end before the first does.
  const std::uint64_t draw = drawn_slots_.size();
  return draw <= kRetireRatio * alive_count_ || draw + count <= kMinDrawsToRetire;
}

void EntityPool::CreateWithGeneratedIds(std::size_t count, std::vector<Entity>& out) {
  out.reserve(out.size() + count);
  while (count != 0) {
    if (!CanCreateFreshRun(count)) {
      out.push_back(CreateWithGeneratedId());
      --count;
      continue;
    }
    const std::uint64_t first_draw = drawn_slots_.size();
    const auto first_slot = static_cast<std::uint32_t>(states_.size());
    // The run stops short of an id of 0, which the general path skips.
    std::size_t run = count;
    ids_.append(count, [&](std::size_t i) {
      const EntityId id{sequence_.Value(first_draw + i)};
      if (id.value == 0 && i < run) [[unlikely]] run = i;
      return id;
    });
    ids_.resize(first_slot + run);
    states_.append(run, [](std::size_t) { return std::uint32_t{1}; });  // generation 0, alive
    drawn_slots_.append(run, [&](std::size_t i) { return static_cast<std::uint32_t>(first_slot + i); });
    for (std::size_t i = 0; i < run; ++i) out.push_back(Entity{static_cast<std::uint32_t>(first_slot + i), 0});
    alive_count_ += run;
    revision_ += run;
    count -= run;
    if (count != 0) {  // the next draw is the id 0: the general path skips it
      out.push_back(CreateWithGeneratedId());
      --count;
    }
  }
}

Entity EntityPool::Create(EntityId id) {
  const std::uint32_t slot = TakeSlot();
  if (const std::uint64_t draw = sequence_.DrawOf(id.value); draw < drawn_slots_.size()) {
    drawn_slots_[draw] = slot;
  } else {
    others_.Insert(id, slot);
  }
  return Occupy(slot, id);
}

void EntityPool::ForgetOtherId(EntityId id) {
  if (sequence_.DrawOf(id.value) >= drawn_slots_.size()) others_.Erase(id);
}

void EntityPool::MakeRoomForFreeSlot() {
  if (free_head_ * 2 >= free_slots_.size()) {
    free_slots_.erase(free_slots_.begin(), free_slots_.begin() + static_cast<std::ptrdiff_t>(free_head_));
    free_head_ = 0;
  }
}

Entity EntityPool::Find(EntityId id) const {
  if (!id) return kNullEntity;
  const std::uint32_t slot = SlotOfId(id);
  if (slot == kNoSlot) return kNullEntity;
  return Entity{slot, states_[slot] >> 1};
}

Entity EntityPool::AtSlot(std::uint32_t slot) const {
  if (slot >= states_.size() || (states_[slot] & 1u) == 0) return kNullEntity;
  return Entity{slot, states_[slot] >> 1};
}

void EntityPool::Reserve(std::size_t count) {
  states_.reserve(count);
  ids_.reserve(count);
}

void EntityPool::ReserveGeneratedIds(std::size_t count) { drawn_slots_.reserve(drawn_slots_.size() + count); }

}  // namespace cairn::ecs
