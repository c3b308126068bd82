#include "cairn/ecs/system.h"

#include <algorithm>

namespace cairn::ecs {

void System::Update(Coordinator&, float) {}
void System::OnEntityAdded(Entity) {}
void System::OnEntityRemoved(Entity) {}
void System::ReserveSlots(std::size_t) {}

void SlotChanges::Grow(std::size_t word) { epochs_.resize(word + 1); }

void SystemEntities::Grow(std::size_t word) { words_.resize(word + 1); }

void SystemEntities::Recompute() const {
  const std::size_t word_count = (pool_->SlotCount() + 63) / 64;
  if (words_.size() < word_count) words_.resize(word_count);
  const detail::Table<std::uint64_t>& epochs = changes_->epochs_;
  for (std::size_t word = 0; word < word_count; ++word) {
    if (seen_ == 0 || (word < epochs.size() && epochs[word] >= seen_)) words_[word] = MembersOf(word);
  }
  // Changes from now on are stamped with an epoch this set has not seen.
  seen_ = ++changes_->epoch_;
}

std::uint64_t SystemEntities::MembersOf(std::size_t word) const {
  if (required_.None()) return 0;
  const detail::Table<Signature>& signatures = *signatures_;
  const std::size_t first = word * 64;
  const std::size_t end = std::min({first + 64, pool_->SlotCount(), signatures.size()});
  std::uint64_t members = 0;
  for (std::size_t slot = first; slot < end; ++slot) {
    if (signatures[slot].Contains(required_) && pool_->SlotIsAlive(static_cast<std::uint32_t>(slot))) {
      members |= std::uint64_t{1} << (slot - first);
    }
  }
  return members;
}

}  // namespace cairn::ecs
