#pragma once
// A set of entities with O(1) insert, erase and lookup and contiguous
// iteration: a paged sparse array maps an entity index to a dense slot and
// the generation of the entity there, and a dense array holds the entities
// themselves. Keeping the generation in the sparse entry lets a lookup of a
// handle (SlotOfLive) check it without reading the dense array: one access
// fewer on the way to a packed component.
//
// The sparse pages live one after another in one table, in the order they
// were first needed, found through a small array of page starts: only the
// pages some entity uses take memory, and at scale they lie on huge pages
// (detail::Table): a random lookup needs one TLB entry per 2 MiB of pages
// rather than one per 4 KiB.
//
// Invalidation: Insert may reallocate the dense array; Erase moves the last
// dense element into the erased slot (swap-and-pop). Iterators, pointers and
// slot numbers are therefore invalidated by any Insert or Erase.

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "cairn/ecs/entity.h"
#include "cairn/ecs/table.h"

namespace cairn::ecs {


class SparseSet {
 public:
  static constexpr std::uint32_t kNoSlot = std::numeric_limits<std::uint32_t>::max();
  static constexpr std::uint32_t kPageBits = 12;
  static constexpr std::uint32_t kPageSize = 1u << kPageBits;

  SparseSet() = default;
  SparseSet(SparseSet&&) noexcept = default;
  SparseSet& operator=(SparseSet&&) noexcept = default;
  SparseSet(const SparseSet&) = default;
  SparseSet& operator=(const SparseSet&) = default;

  // Dense slot of the entity at `index`, or kNoSlot. Does not check generations.
  std::uint32_t SlotOf(std::uint32_t index) const { return EntryOf(index).slot; }

  // Dense slot of this exact handle (index and generation), or kNoSlot.
  std::uint32_t SlotOfLive(Entity entity) const {
    const Entry entry = EntryOf(entity.index);
    return entry.generation == entity.generation ? entry.slot : kNoSlot;
  }

  // True when this exact handle (index and generation) is in the set.
  bool Contains(Entity entity) const { return SlotOfLive(entity) != kNoSlot; }

  // Adds the entity at the end of the dense array and returns its slot.
  // Precondition: no entity with the same index is in the set.
  std::uint32_t Insert(Entity entity) {
    const auto slot = static_cast<std::uint32_t>(dense_.size());
    SparseRef(entity.index) = Entry{slot, entity.generation};
    dense_.push_back(entity);
    return slot;
  }

  // Insert, unless an entity of the same index is in the set already (this
  // handle or a stale one); true when it was added.
  bool TryInsert(Entity entity) {
    if (SlotOf(entity.index) != kNoSlot) return false;
    Insert(entity);
    return true;
  }

  // Removes the entity by moving the last dense element into its slot.
  // Returns the vacated slot (the caller mirrors the move in parallel arrays).
  // Precondition: Contains(entity).
  std::uint32_t Erase(Entity entity) {
    Entry& erased = entries_[page_starts_[entity.index >> kPageBits] + (entity.index & (kPageSize - 1))];
    const std::uint32_t slot = erased.slot;
    const Entity last = dense_.back();
    if (last.index != entity.index) {
      dense_[slot] = last;
      entries_[page_starts_[last.index >> kPageBits] + (last.index & (kPageSize - 1))].slot = slot;
    }
    erased = Entry{};
    dense_.pop_back();
    return slot;
  }

  void Clear();
  void Reserve(std::size_t capacity) { dense_.reserve(capacity); }

  std::size_t Size() const { return dense_.size(); }
  // The memory the set holds: its sparse pages and dense array.
  std::size_t Bytes() const { return entries_.capacity() * sizeof(Entry) + dense_.capacity() * sizeof(Entity); }
  bool Empty() const { return dense_.empty(); }
  Entity At(std::size_t slot) const { return dense_[slot]; }
  const Entity* Data() const { return dense_.data(); }
  auto begin() const { return dense_.begin(); }
  auto end() const { return dense_.end(); }

 private:
  // Where the entity of an index is, and its generation; an index without
  // an entity has kNoSlot and a generation no handle has (the pool's are 31
  // bits), so a lookup is one comparison whatever the handle.
  struct Entry {
    std::uint32_t slot = kNoSlot;
    std::uint32_t generation = kNoGeneration;
  };
  static constexpr std::uint32_t kNoGeneration = std::numeric_limits<std::uint32_t>::max();

  static constexpr std::uint32_t kNoPage = std::numeric_limits<std::uint32_t>::max();

  // The sparse entry of `index`; an empty one when its page does not exist.
  Entry EntryOf(std::uint32_t index) const {
    const std::size_t page = index >> kPageBits;
    if (page >= page_starts_.size() || page_starts_[page] == kNoPage) return Entry{};
    return entries_[page_starts_[page] + (index & (kPageSize - 1))];
  }
  // The sparse entry of `index`, creating its page (all empty) if needed.
  Entry& SparseRef(std::uint32_t index) {
    const std::size_t page = index >> kPageBits;
    if (page >= page_starts_.size() || page_starts_[page] == kNoPage) [[unlikely]] AddPage(page);
    return entries_[page_starts_[page] + (index & (kPageSize - 1))];
  }
  void AddPage(std::size_t page);

  std::vector<std::uint32_t> page_starts_;  // by page: where its entries start in entries_, or kNoPage
  detail::Table<Entry> entries_;            // the pages, kPageSize entries each
  detail::Table<Entity> dense_;
};

}  // namespace cairn::ecs
