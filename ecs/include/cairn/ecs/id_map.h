#pragma once
// EntityId -> slot index, open addressing with linear probing. Ids are
// non-zero, so a zero key marks an empty bucket; erasure shifts the following
// run back, so there are no tombstones and lookups stay short.
//
// Ids are random 64-bit values, so at scale every operation on a new id is a
// cache miss on its bucket: the EntityPool keeps here only the ids its own
// IdSequence did not draw (read from files, made by other worlds).

#include <cstddef>
#include <cstdint>
#include <vector>

#include "cairn/ecs/entity.h"
#include "cairn/ecs/sparse_set.h"  // detail::Table

namespace cairn::ecs {

class IdMap {
 public:
  static constexpr std::uint32_t kNotFound = 0xffffffffu;

  // Returns false (and changes nothing) when the id is already present, or
  // is zero (the key of an empty bucket).
  bool Insert(EntityId id, std::uint32_t index);
  // Returns false when the id is absent.
  bool Erase(EntityId id);
  std::uint32_t Find(EntityId id) const {
    if (buckets_.empty() || id.value == 0) return kNotFound;
    const std::size_t mask = buckets_.size() - 1;
    for (std::size_t bucket = BucketOf(id.value);; bucket = (bucket + 1) & mask) {
      const Bucket& slot = buckets_[bucket];
      if (slot.key == id.value) return slot.value;
      if (slot.key == 0) return kNotFound;
    }
  }
  bool Contains(EntityId id) const { return Find(id) != kNotFound; }
  // Starts bringing the id's bucket into the cache, for a Find or Insert of
  // it soon after: in a table of millions of ids each is a cache miss, which
  // work done meanwhile then hides.
  void Prefetch(EntityId id) const {
    if (!buckets_.empty()) __builtin_prefetch(&buckets_[BucketOf(id.value)], 1);
  }

  void Reserve(std::size_t count);
  // Empties the map. A map at least 1 / kSparse full keeps its table: one
  // cleared and filled again with as many ids (a selection of a million,
  // replaced on undo) writes into memory it has, instead of growing into
  // fresh pages the OS must zero. A sparser one gives its table back.
  void Clear();
  std::size_t Size() const { return size_; }
  // How many ids fit before the table grows.
  std::size_t Capacity() const { return buckets_.size() / 2; }

 private:
  static constexpr std::size_t kSparse = 8;  // more buckets per id than this: Clear gives the table back

  struct Bucket {
    std::uint64_t key = 0;
    std::uint32_t value = 0;
  };

  std::size_t BucketOf(std::uint64_t key) const {
    // Fibonacci hashing: requested ids may be sequential, so mix them. The
    // top bits are used, so doubling the table keeps buckets in order and a
    // rehash walks both tables sequentially.
    return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> shift_);
  }
  void Rehash(std::size_t bucket_count);

  detail::Table<Bucket> buckets_;
  std::size_t size_ = 0;
  unsigned shift_ = 64;
};

}  // namespace cairn::ecs
