#include "cairn/ecs/table.h"

#include <algorithm>
#include <bit>
#include <mutex>
#include <new>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#if defined(__SANITIZE_ADDRESS__)
#define CAIRN_TABLE_POISONING 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CAIRN_TABLE_POISONING 1
#endif
#endif
#if defined(CAIRN_TABLE_POISONING)
#include <sanitizer/asan_interface.h>
#endif

namespace cairn::ecs::detail {

namespace {

constexpr std::size_t kHugePageBytes = std::size_t{2} << 20;
// Arrays above this size (size classes from 64 KiB) are cached when freed;
// smaller ones are cheap for operator new to reuse. Any count of elements
// filling a class of 64 KiB or more is still above it, so an array freed
// with its whole class as capacity is recognised as cached.
constexpr std::size_t kCachedAboveBytes = std::size_t{32} << 10;
constexpr std::size_t kMaxCachedTables = 64;
// How much bigger than its size class a kept block given to a growing
// array may be.
constexpr std::size_t kMaxLargerBlock = 16;

bool IsBig(std::size_t bytes) { return bytes >= kHugePageBytes; }
bool IsCached(std::size_t bytes) { return bytes > kCachedAboveBytes; }

// The bytes a cached array really takes: its size class.
std::size_t SizeClass(std::size_t bytes) { return std::bit_ceil(bytes); }

// Large arrays start on a huge-page boundary so that the OS can back them
// with huge pages from their first byte.
// Smaller ones all take operator new's own alignment at least, so that a
// kept block serves an array of any element type its size class fits.
std::size_t TableAlignment(std::size_t bytes, std::size_t alignment) {
  if (IsBig(bytes)) return std::max(alignment, kHugePageBytes);
  return std::max<std::size_t>(alignment, __STDCPP_DEFAULT_NEW_ALIGNMENT__);
}

void* AllocateFromSystem(std::size_t bytes, std::size_t alignment) {
  if (alignment <= __STDCPP_DEFAULT_NEW_ALIGNMENT__) return ::operator new(bytes);
  void* memory = ::operator new(bytes, std::align_val_t{alignment});
#if defined(__linux__)
  // Only a hint: where it fails the array simply stays on small pages.
  if (IsBig(bytes)) madvise(memory, (bytes + kHugePageBytes - 1) & ~(kHugePageBytes - 1), MADV_HUGEPAGE);
#endif
  return memory;
}

// Under AddressSanitizer a cached block is poisoned while it waits, so a
// use after free of an array is still reported though its memory is kept.
void Poison([[maybe_unused]] void* memory, [[maybe_unused]] std::size_t bytes) {
#if defined(CAIRN_TABLE_POISONING)
  ASAN_POISON_MEMORY_REGION(memory, bytes);
#endif
}

void Unpoison([[maybe_unused]] void* memory, [[maybe_unused]] std::size_t bytes) {
#if defined(CAIRN_TABLE_POISONING)
  ASAN_UNPOISON_MEMORY_REGION(memory, bytes);
#endif
}

void FreeToSystem(void* memory, std::size_t alignment) noexcept {
  if (alignment <= __STDCPP_DEFAULT_NEW_ALIGNMENT__) {
    ::operator delete(memory);
  } else {
    ::operator delete(memory, std::align_val_t{alignment});
  }
}

// Freed arrays by size class and alignment, newest last. Shared by every
// world in the process (worlds may live on different threads).
class TableCache {
 public:
  // A kept block for an array of size class `bytes`. For a reserve, the
  // newest of that class; for a growth, the biggest block of at most
  // kMaxLargerBlock times the class, of the same alignment (a big block
  // only for a big array; see AllocateTable).
  // {nullptr, 0} when none fits.
  TableBlock Take(std::size_t bytes, std::size_t alignment, TableGrowth growth) {
    const std::lock_guard lock(mutex_);
    const bool larger_fits = growth == TableGrowth::kGrowing;
    std::size_t found = blocks_.size();
    for (std::size_t i = blocks_.size(); i-- > 0;) {
      const Block& block = blocks_[i];
      if (block.alignment != alignment || block.bytes < bytes) continue;
      if (!larger_fits) {
        if (block.bytes != bytes) continue;
        found = i;
        break;
      }
      if (block.bytes <= kMaxLargerBlock * bytes && (found == blocks_.size() || block.bytes > blocks_[found].bytes)) {
        found = i;
      }
    }
    if (found == blocks_.size()) return {nullptr, 0};
    const Block block = blocks_[found];
    blocks_.erase(blocks_.begin() + static_cast<std::ptrdiff_t>(found));
    held_ -= block.bytes;
    Unpoison(block.memory, block.bytes);
    return {block.memory, block.bytes};
  }

  // False when the cache is full: the caller frees the block.
  bool Keep(void* memory, std::size_t bytes, std::size_t alignment) {
    const std::lock_guard lock(mutex_);
    if (held_ + bytes > kTableCacheBytes || blocks_.size() == kMaxCachedTables) return false;
    blocks_.push_back({memory, bytes, alignment});
    held_ += bytes;
    Poison(memory, bytes);
    return true;
  }

  std::size_t Release() noexcept {
    std::vector<Block> blocks;
    {
      const std::lock_guard lock(mutex_);
      blocks.swap(blocks_);
      held_ = 0;
    }
    std::size_t released = 0;
    for (const Block& block : blocks) {
      Unpoison(block.memory, block.bytes);
      FreeToSystem(block.memory, block.alignment);
      released += block.bytes;
    }
    return released;
  }

  std::size_t Held() noexcept {
    const std::lock_guard lock(mutex_);
    return held_;
  }

 private:
  struct Block {
    void* memory;
    std::size_t bytes;
    std::size_t alignment;
  };

  std::mutex mutex_;
  std::vector<Block> blocks_;
  std::size_t held_ = 0;
};

// Never destroyed: worlds freed by other static destructors still find it.
TableCache& Cache() {
  static TableCache* const cache = new TableCache();
  return *cache;
}

}  // namespace

TableBlock AllocateTable(std::size_t bytes, std::size_t alignment, TableGrowth growth) {
  if (!IsCached(bytes)) return {AllocateFromSystem(bytes, alignment), bytes};
  bytes = SizeClass(bytes);
  alignment = TableAlignment(bytes, alignment);
  if (const TableBlock kept = Cache().Take(bytes, alignment, growth); kept.memory != nullptr) return kept;
  return {AllocateFromSystem(bytes, alignment), bytes};
}

void FreeTable(void* memory, std::size_t bytes, std::size_t alignment) noexcept {
  if (IsCached(bytes)) {
    bytes = SizeClass(bytes);
    alignment = TableAlignment(bytes, alignment);
    try {
      if (Cache().Keep(memory, bytes, alignment)) return;
    } catch (...) {  // no room to remember the block: give it back instead
    }
  }
  FreeToSystem(memory, TableAlignment(bytes, alignment));
}

std::size_t ReleaseCachedTables() noexcept { return Cache().Release(); }

std::size_t CachedTableBytes() noexcept { return Cache().Held(); }

}  // namespace cairn::ecs::detail
