#include "cairn/ecs/sparse_set.h"

#include <algorithm>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace cairn::ecs {

namespace detail {

namespace {

constexpr std::size_t kHugePageBytes = std::size_t{2} << 20;

// Large arrays start on a huge-page boundary so that the OS can back them
// with huge pages from their first byte.
std::size_t TableAlignment(std::size_t bytes, std::size_t alignment) {
  return bytes >= kHugePageBytes && alignment < kHugePageBytes ? kHugePageBytes : alignment;
}

}  // namespace

void* AllocateTable(std::size_t bytes, std::size_t alignment) {
  alignment = TableAlignment(bytes, alignment);
  if (alignment <= __STDCPP_DEFAULT_NEW_ALIGNMENT__) return ::operator new(bytes);
  void* memory = ::operator new(bytes, std::align_val_t{alignment});
#if defined(__linux__)
  // Only a hint: where it fails the array simply stays on small pages.
  if (bytes >= kHugePageBytes) madvise(memory, (bytes + kHugePageBytes - 1) & ~(kHugePageBytes - 1), MADV_HUGEPAGE);
#endif
  return memory;
}

void FreeTable(void* memory, std::size_t bytes, std::size_t alignment) noexcept {
  alignment = TableAlignment(bytes, alignment);
  if (alignment <= __STDCPP_DEFAULT_NEW_ALIGNMENT__) {
    ::operator delete(memory);
  } else {
    ::operator delete(memory, std::align_val_t{alignment});
  }
}

}  // namespace detail

SparseSet::SparseSet(const SparseSet& other) : dense_(other.dense_) {
  pages_.resize(other.pages_.size());
  for (std::size_t page = 0; page < other.pages_.size(); ++page) {
    if (!other.pages_[page]) continue;
    pages_[page] = std::make_unique<std::uint32_t[]>(kPageSize);
    std::copy_n(other.pages_[page].get(), kPageSize, pages_[page].get());
  }
}

SparseSet& SparseSet::operator=(const SparseSet& other) {
  if (this != &other) *this = SparseSet(other);
  return *this;
}

void SparseSet::AddPage(std::size_t page) {
  if (page >= pages_.size()) pages_.resize(page + 1);
  if (!pages_[page]) {
    pages_[page] = std::make_unique_for_overwrite<std::uint32_t[]>(kPageSize);
    std::fill_n(pages_[page].get(), kPageSize, kNoSlot);
  }
}

void SparseSet::Clear() {
  pages_.clear();
  dense_.clear();
}

}  // namespace cairn::ecs
