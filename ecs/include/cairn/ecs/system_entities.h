#pragma once
// The entities of one system: a bit per entity slot, and the count.
//
// Joining or leaving a system is a bit flip: no hashing, no dense array to
// keep in step, no memory moved. A membership bit is only ever set for a live
// entity (the SystemManager clears it before the entity is destroyed), so a
// handle is a member when its slot's bit is set and the handle is alive.
// Iteration walks the words, skipping empty ones 64 slots at a time, and
// yields the live handle of each set bit: entities come in slot order.

#include <bit>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <vector>

#include "cairn/ecs/entity.h"
#include "cairn/ecs/entity_pool.h"

namespace cairn::ecs {

class SystemEntities {
 public:
  // Empty, until the SystemManager gives it the pool of its world (which
  // supplies each member's generation and outlives the set).
  SystemEntities() = default;

  bool Contains(Entity entity) const { return Test(entity.index) && pool_->IsAlive(entity); }
  std::size_t Size() const { return count_; }
  bool Empty() const { return count_ == 0; }

  // Reads the words through the set at each step, so an iterator stays
  // usable (if not exact) when membership changes during the walk.
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

  Iterator begin() const { return Iterator(this, 0); }
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
    count_ += joined ? 1 : 0;
    return joined;
  }
  // Clears the slot's bit; true when it was set (the entity left).
  [[gnu::always_inline]] bool Leave(std::uint32_t index) {
    const std::size_t word = index >> 6;
    if (word >= words_.size()) return false;
    const std::uint64_t bit = std::uint64_t{1} << (index & 63u);
    const bool left = (words_[word] & bit) != 0;
    words_[word] &= ~bit;
    count_ -= left ? 1 : 0;
    return left;
  }
  void Reserve(std::size_t slots) { words_.reserve((slots + 63) / 64); }
  // Out of line (system.cpp): keeps Join small enough to inline.
  void Grow(std::size_t word);

  std::vector<std::uint64_t> words_;
  std::size_t count_ = 0;
  const EntityPool* pool_ = nullptr;
};

inline void SystemEntities::Iterator::Advance(std::uint32_t from) {
  const std::vector<std::uint64_t>& words = set_->words_;
  std::size_t word = from >> 6;
  if (word >= words.size()) {
    index_ = kEnd;
    return;
  }
  std::uint64_t bits = words[word] & (~std::uint64_t{0} << (from & 63u));
  while (bits == 0) {
    if (++word == words.size()) {
      index_ = kEnd;
      return;
    }
    bits = words[word];
  }
  index_ = static_cast<std::uint32_t>(word * 64 + static_cast<std::size_t>(std::countr_zero(bits)));
}

}  // namespace cairn::ecs
