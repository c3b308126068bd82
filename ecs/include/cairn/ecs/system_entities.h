#pragma once
// The entities of one system: a bit per entity slot. Iteration walks the
// words, skipping empty ones 64 slots at a time, and yields the live handle
// of each member: entities come in slot order.
//
// How the bits are kept depends on the system:
// - A system with membership hooks (OnEntityAdded/OnEntityRemoved) is told
//   at once: every add, remove and destroy that changes its membership flips
//   the bit and calls the hook (SystemManager). Its bits are set only for
//   live entities, so a handle is a member when its slot's bit is set and
//   the handle is alive.
// - A system without hooks ("quiet", the common case) is kept lazily. Its
//   membership is a function of the world (a live entity whose signature
//   contains the system's), so an add, remove or destroy only stamps the
//   entity's word of 64 slots in the world's SlotChanges, one store shared by
//   all quiet systems. The set recomputes the stamped words when it is next
//   read (begin, Size, Empty), which costs one pass over the stamps and 64
//   signature tests per changed word. Contains reads the signature directly.

#include <bit>
#include <cstddef>
#include <cstdint>
#include <iterator>

#include "cairn/ecs/entity.h"
#include "cairn/ecs/entity_pool.h"
#include "cairn/ecs/signature.h"
#include "cairn/ecs/table.h"

namespace cairn::ecs {

// The words of 64 entity slots whose entities were created, destroyed or
// changed their signature, each stamped with the epoch of its last change.
// One per world (SystemManager), read by every quiet system's set.
class SlotChanges {
 public:
  // Stamps the slot's word with the current epoch: plain stores, so a run
  // of changes carries no dependency from one to the next.
  [[gnu::always_inline]] void Mark(std::uint32_t index) {
    const std::size_t word = index >> 6;
    if (word >= epochs_.size()) [[unlikely]] Grow(word);
    epochs_[word] = epoch_;
    last_marked_ = epoch_;
  }
  void Reserve(std::size_t slots) { epochs_.reserve((slots + 63) / 64); }

 private:
  friend class SystemEntities;
  // Out of line (system.cpp): keeps Mark small enough to inline.
  void Grow(std::size_t word);

  detail::Table<std::uint64_t> epochs_;  // by word: the epoch of its last change (0: never)
  std::uint64_t epoch_ = 1;              // moves on each time a set catches up
  std::uint64_t last_marked_ = 0;        // the epoch of the newest change
};

class SystemEntities {
 public:
  // Empty, until the SystemManager gives it the pool of its world (which
  // supplies each member's generation and outlives the set).
  SystemEntities() = default;

  bool Contains(Entity entity) const {
    if (changes_ != nullptr) {
      return pool_->IsAlive(entity) && !required_.None() && (*signatures_)[entity.index].Contains(required_);
    }
    return Test(entity.index) && pool_->IsAlive(entity);
  }
  // Counted when asked (a popcount per 64 slots): membership changes keep
  // no running count.
  std::size_t Size() const {
    CatchUp();
    std::size_t count = 0;
    for (const std::uint64_t word : words_) count += static_cast<std::size_t>(std::popcount(word));
    return count;
  }
  bool Empty() const { return begin() == end(); }

  // Reads the words through the set at each step, so an iterator stays
  // usable when membership changes during the walk: an entity that joins
  // meanwhile may or may not be reached, and one that leaves (or is
  // destroyed) before it is reached is not.
  class Iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = Entity;
    using difference_type = std::ptrdiff_t;
    using pointer = const Entity*;
    using reference = Entity;

    Iterator() = default;
    Entity operator*() const { return set_->pool_->AtSlot(index_); }
    Iterator& operator++() {
      Advance(index_ + 1);
      return *this;
    }
    Iterator operator++(int) {
      Iterator before = *this;
      ++*this;
      return before;
    }
    friend bool operator==(const Iterator& a, const Iterator& b) { return a.index_ == b.index_; }

   private:
    friend class SystemEntities;
    Iterator(const SystemEntities* set, std::uint32_t from) : set_(set) { Advance(from); }
    // Moves to the first set bit at or after `from`, or to the end.
    void Advance(std::uint32_t from);

    const SystemEntities* set_ = nullptr;
    std::uint32_t index_ = kEnd;
  };

  Iterator begin() const {
    CatchUp();
    return Iterator(this, 0);
  }
  Iterator end() const { return Iterator(); }

 private:
  friend class SystemManager;
  static constexpr std::uint32_t kEnd = Entity::kInvalidIndex;

  bool Test(std::uint32_t index) const {
    const std::size_t word = index >> 6;
    return word < words_.size() && ((words_[word] >> (index & 63u)) & 1u) != 0;
  }
  // Sets the slot's bit; true when it was clear (the entity joined).
  [[gnu::always_inline]] bool Join(std::uint32_t index) {
    const std::size_t word = index >> 6;
    if (word >= words_.size()) [[unlikely]] Grow(word);
    const std::uint64_t bit = std::uint64_t{1} << (index & 63u);
    const bool joined = (words_[word] & bit) == 0;
    words_[word] |= bit;
    return joined;
  }
  // Clears the slot's bit; true when it was set (the entity left).
  [[gnu::always_inline]] bool Leave(std::uint32_t index) {
    const std::size_t word = index >> 6;
    if (word >= words_.size()) return false;
    const std::uint64_t bit = std::uint64_t{1} << (index & 63u);
    const bool left = (words_[word] & bit) != 0;
    words_[word] &= ~bit;
    return left;
  }
  void Reserve(std::size_t slots) { words_.reserve((slots + 63) / 64); }
  // Out of line (system.cpp): keeps Join small enough to inline.
  void Grow(std::size_t word);

  // A quiet system's set: brings the words stamped since it last caught up
  // (all of them after a new signature) in line with the world. Nothing to
  // do for a set kept at once, or when nothing changed.
  void CatchUp() const {
    if (changes_ != nullptr && (seen_ == 0 || changes_->last_marked_ >= seen_)) Recompute();
  }
  void Recompute() const;
  // The members among the 64 slots of `word`, from liveness and signatures.
  std::uint64_t MembersOf(std::size_t word) const;
  // For the iterator: whether a slot whose bit is set still holds a member.
  // A quiet set's bits are as of its last catching up, so the slot is
  // checked against the world (a member may have left since, or the slot
  // been reused by another entity).
  bool StillMember(std::uint32_t slot) const {
    return changes_ == nullptr || (pool_->SlotIsAlive(slot) && (*signatures_)[slot].Contains(required_));
  }

  // Mutable: a quiet set catches up when read (the world is single-threaded).
  mutable detail::Table<std::uint64_t> words_;
  const EntityPool* pool_ = nullptr;
  // Quiet systems only (null otherwise): the world's changes and signatures
  // (by slot), the system's signature, and the epoch this set has caught up
  // to (0: every word is to be recomputed).
  SlotChanges* changes_ = nullptr;
  const detail::Table<Signature>* signatures_ = nullptr;
  Signature required_;
  mutable std::uint64_t seen_ = 0;
};

inline void SystemEntities::Iterator::Advance(std::uint32_t from) {
  const detail::Table<std::uint64_t>& words = set_->words_;
  std::size_t word = from >> 6;
  if (word >= words.size()) {
    index_ = kEnd;
    return;
  }
  std::uint64_t bits = words[word] & (~std::uint64_t{0} << (from & 63u));
  for (;;) {
    while (bits == 0) {
      if (++word == words.size()) {
        index_ = kEnd;
        return;
      }
      bits = words[word];
    }
    const auto index = static_cast<std::uint32_t>(word * 64 + static_cast<std::size_t>(std::countr_zero(bits)));
    if (set_->StillMember(index)) {
      index_ = index;
      return;
    }
    bits &= bits - 1;
  }
}

}  // namespace cairn::ecs
