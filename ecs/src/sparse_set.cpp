#include "cairn/ecs/sparse_set.h"

#include <algorithm>

namespace cairn::ecs {

SparseSet::SparseSet(const SparseSet& other) : dense_(other.dense_) {
  pages_.resize(other.pages_.size());
  for (std::size_t page = 0; page < other.pages_.size(); ++page) {
    if (!other.pages_[page]) continue;
    pages_[page] = std::make_unique_for_overwrite<Entry[]>(kPageSize);
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
    pages_[page] = std::make_unique<Entry[]>(kPageSize);
  }
}

void SparseSet::Clear() {
  pages_.clear();
  dense_.clear();
}

}  // namespace cairn::ecs
