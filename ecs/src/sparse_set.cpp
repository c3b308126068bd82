#include "cairn/ecs/sparse_set.h"

#include <algorithm>

namespace cairn::ecs {

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

std::uint32_t& SparseSet::SparseRef(std::uint32_t index) {
  const std::size_t page = index >> kPageBits;
  if (page >= pages_.size()) pages_.resize(page + 1);
  if (!pages_[page]) {
    pages_[page] = std::make_unique_for_overwrite<std::uint32_t[]>(kPageSize);
    std::fill_n(pages_[page].get(), kPageSize, kNoSlot);
  }
  return pages_[page][index & (kPageSize - 1)];
}

std::uint32_t SparseSet::Insert(Entity entity) {
  const auto slot = static_cast<std::uint32_t>(dense_.size());
  SparseRef(entity.index) = slot;
  dense_.push_back(entity);
  return slot;
}

std::uint32_t SparseSet::Erase(Entity entity) {
  std::uint32_t& erased = pages_[entity.index >> kPageBits][entity.index & (kPageSize - 1)];
  const std::uint32_t slot = erased;
  const Entity last = dense_.back();
  if (last.index != entity.index) {
    dense_[slot] = last;
    pages_[last.index >> kPageBits][last.index & (kPageSize - 1)] = slot;
  }
  erased = kNoSlot;
  dense_.pop_back();
  return slot;
}

void SparseSet::Clear() {
  pages_.clear();
  dense_.clear();
}

}  // namespace cairn::ecs
