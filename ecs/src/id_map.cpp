#include "cairn/ecs/id_map.h"

#include <algorithm>
#include <bit>

namespace cairn::ecs {

bool IdMap::Insert(EntityId id, std::uint32_t index) {
  if ((size_ + 1) * 2 > buckets_.size()) Rehash(buckets_.empty() ? 16 : buckets_.size() * 2);
  const std::size_t mask = buckets_.size() - 1;
  for (std::size_t bucket = BucketOf(id.value);; bucket = (bucket + 1) & mask) {
    Bucket& slot = buckets_[bucket];
    if (slot.key == id.value) return false;
    if (slot.key == 0) {
      slot = {id.value, index};
      ++size_;
      return true;
    }
  }
}

bool IdMap::Erase(EntityId id) {
  if (buckets_.empty() || id.value == 0) return false;
  const std::size_t mask = buckets_.size() - 1;
  std::size_t hole = BucketOf(id.value);
  while (buckets_[hole].key != id.value) {
    if (buckets_[hole].key == 0) return false;
    hole = (hole + 1) & mask;
  }
  // Backward-shift deletion: move later members of the run into the hole when
  // their home bucket does not lie strictly between the hole and them.
  for (std::size_t next = (hole + 1) & mask; buckets_[next].key != 0; next = (next + 1) & mask) {
    const std::size_t home = BucketOf(buckets_[next].key);
    const bool home_after_hole = ((next - home) & mask) < ((next - hole) & mask);
    if (home_after_hole) continue;
    buckets_[hole] = buckets_[next];
    hole = next;
  }
  buckets_[hole] = Bucket{};
  --size_;
  return true;
}

void IdMap::Reserve(std::size_t count) {
  const std::size_t wanted = std::bit_ceil(count * 2 < 16 ? std::size_t{16} : count * 2);
  if (wanted > buckets_.size()) Rehash(wanted);
}

void IdMap::Clear() {
  if (size_ == 0) return;
  if (size_ * kSparse < buckets_.size()) {
    // A few ids in a table grown for many (one selected entity after a
    // million): the table goes, so that emptying it costs nothing like its
    // size each time.
    buckets_ = detail::Table<Bucket>();
    shift_ = 64;
  } else {
    std::fill(buckets_.begin(), buckets_.end(), Bucket{});
  }
  size_ = 0;
}

void IdMap::Rehash(std::size_t bucket_count) {
  detail::Table<Bucket> old = std::move(buckets_);
  buckets_.assign(bucket_count, Bucket{});
  shift_ = 64u - static_cast<unsigned>(std::countr_zero(bucket_count));
  const std::size_t mask = bucket_count - 1;
  for (const Bucket& entry : old) {
    if (entry.key == 0) continue;
    std::size_t bucket = BucketOf(entry.key);
    while (buckets_[bucket].key != 0) bucket = (bucket + 1) & mask;
    buckets_[bucket] = entry;
  }
}

}  // namespace cairn::ecs
