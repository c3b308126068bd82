#pragma once
// Memory for the ECS's big arrays.

#include <cstddef>
#include <vector>

namespace cairn::ecs {

namespace detail {

// Allocation for the ECS's big arrays (dense entity and component arrays,
// per-entity records, the id map's buckets, the entity pool's and the
// Coordinator's per-slot arrays). Arrays of 2 MiB or more are placed on
// transparent huge pages where the OS offers them (Linux, madvise): random
// accesses into arrays of many megabytes then miss the cache but not the
// TLB, and growing them takes one page fault per 2 MiB instead of one per
// 4 KiB. Smaller arrays use operator new.
//
// Arrays of 64 KiB or more are kept for reuse when freed, up to
// kTableCacheBytes in all: a
// world built after another was freed (a scene opened, a play session
// started, a world rebuilt by undo) writes into memory the process already
// has, instead of asking the OS for fresh pages, which it must zero first
// (for a world of a million entities, more than half of the time of
// creating it). Such an array's size is rounded up to a power of two, the
// size class it is cached under.
void* AllocateTable(std::size_t bytes, std::size_t alignment);
void FreeTable(void* memory, std::size_t bytes, std::size_t alignment) noexcept;
inline constexpr std::size_t kTableCacheBytes = std::size_t{256} << 20;
// Gives every cached array back to the system; returns the bytes released.
std::size_t ReleaseCachedTables() noexcept;
// The bytes of freed big arrays kept for reuse now.
std::size_t CachedTableBytes() noexcept;

template <typename T>
struct TableAllocator {
  using value_type = T;
  TableAllocator() = default;
  template <typename U>
  TableAllocator(const TableAllocator<U>&) noexcept {}
  T* allocate(std::size_t count) { return static_cast<T*>(AllocateTable(count * sizeof(T), alignof(T))); }
  void deallocate(T* memory, std::size_t count) noexcept { FreeTable(memory, count * sizeof(T), alignof(T)); }
  friend bool operator==(TableAllocator, TableAllocator) { return true; }
};

// A std::vector whose storage comes from AllocateTable.
template <typename T>
using Table = std::vector<T, TableAllocator<T>>;

}  // namespace detail

}  // namespace cairn::ecs
