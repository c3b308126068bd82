#include "cairn/ecs/sparse_set.h"

namespace cairn::ecs {

void SparseSet::AddPage(std::size_t page) {
  if (page >= page_starts_.size()) page_starts_.resize(page + 1, kNoPage);
  page_starts_[page] = static_cast<std::uint32_t>(entries_.size());
  entries_.resize(entries_.size() + kPageSize);
}

void SparseSet::Clear() {
  page_starts_.clear();
  entries_.clear();
  dense_.clear();
}

}  // namespace cairn::ecs
