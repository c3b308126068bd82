#include "cairn/ecs/sparse_set.h"

#include <algorithm>
#include <random>
#include <set>
#include <vector>

#include <catch2/catch.hpp>

using cairn::ecs::Entity;
using cairn::ecs::SparseSet;

TEST_CASE("An empty sparse set contains nothing", "[ecs][sparse_set]") {
  const SparseSet set;
  REQUIRE(set.Empty());
  REQUIRE(set.Size() == 0);
  REQUIRE(set.SlotOf(0) == SparseSet::kNoSlot);
  REQUIRE(set.SlotOf(1u << 30) == SparseSet::kNoSlot);
  REQUIRE_FALSE(set.Contains(Entity{0, 0}));
}

TEST_CASE("Insert appends to the dense array and returns the slot", "[ecs][sparse_set]") {
  SparseSet set;
  REQUIRE(set.Insert(Entity{5, 0}) == 0);
  REQUIRE(set.Insert(Entity{2, 3}) == 1);
  REQUIRE(set.Insert(Entity{9, 1}) == 2);
  REQUIRE(set.Size() == 3);
  REQUIRE(set.At(0) == Entity{5, 0});
  REQUIRE(set.At(1) == Entity{2, 3});
  REQUIRE(set.At(2) == Entity{9, 1});
  REQUIRE(set.SlotOf(2) == 1);
  REQUIRE(set.Data()[2] == Entity{9, 1});
  REQUIRE(std::vector<Entity>(set.begin(), set.end()) == std::vector<Entity>{{5, 0}, {2, 3}, {9, 1}});
}

TEST_CASE("Contains checks the generation as well as the index", "[ecs][sparse_set]") {
  SparseSet set;
  set.Insert(Entity{4, 2});
  REQUIRE(set.Contains(Entity{4, 2}));
  REQUIRE_FALSE(set.Contains(Entity{4, 1}));
  REQUIRE_FALSE(set.Contains(Entity{4, 3}));
  REQUIRE(set.SlotOf(4) == 0);  // SlotOf ignores generations
}

TEST_CASE("Erase swaps the last element into the hole and pops", "[ecs][sparse_set]") {
  SparseSet set;
  for (std::uint32_t i = 0; i < 5; ++i) set.Insert(Entity{i * 10, 0});
  REQUIRE(set.Erase(Entity{10, 0}) == 1);
  REQUIRE(set.Size() == 4);
  REQUIRE(set.At(1) == Entity{40, 0});  // the former last element
  REQUIRE(set.SlotOf(40) == 1);
  REQUIRE(set.SlotOf(10) == SparseSet::kNoSlot);
  REQUIRE_FALSE(set.Contains(Entity{10, 0}));
}

TEST_CASE("SlotOfLive finds a handle by index and generation, whatever moved", "[ecs][sparse_set]") {
  SparseSet set;
  set.Insert(Entity{7, 3});
  set.Insert(Entity{9, 0});
  set.Insert(Entity{11, 5});
  REQUIRE(set.SlotOfLive(Entity{9, 0}) == 1);
  REQUIRE(set.SlotOfLive(Entity{9, 1}) == SparseSet::kNoSlot);
  // The last element moves into the hole and keeps its generation.
  set.Erase(Entity{7, 3});
  REQUIRE(set.SlotOfLive(Entity{11, 5}) == 0);
  REQUIRE(set.SlotOfLive(Entity{11, 4}) == SparseSet::kNoSlot);
  REQUIRE(set.SlotOfLive(Entity{7, 3}) == SparseSet::kNoSlot);
  // No handle of an absent index is found, whatever its generation
  // (including the largest, which empty entries hold).
  for (const std::uint32_t generation : {0u, 3u, 0x7fffffffu, 0xffffffffu}) {
    REQUIRE(set.SlotOfLive(Entity{7, generation}) == SparseSet::kNoSlot);
    REQUIRE(set.SlotOfLive(Entity{8, generation}) == SparseSet::kNoSlot);
    REQUIRE(set.SlotOfLive(Entity{100'000, generation}) == SparseSet::kNoSlot);
  }
}

TEST_CASE("Erasing the last element just pops it", "[ecs][sparse_set]") {
  SparseSet set;
  set.Insert(Entity{1, 0});
  set.Insert(Entity{2, 0});
  REQUIRE(set.Erase(Entity{2, 0}) == 1);
  REQUIRE(set.Size() == 1);
  REQUIRE(set.At(0) == Entity{1, 0});
  REQUIRE(set.Erase(Entity{1, 0}) == 0);
  REQUIRE(set.Empty());
}

TEST_CASE("An index can be inserted again with a new generation after erase", "[ecs][sparse_set]") {
  SparseSet set;
  set.Insert(Entity{3, 0});
  set.Erase(Entity{3, 0});
  set.Insert(Entity{3, 1});
  REQUIRE(set.Contains(Entity{3, 1}));
  REQUIRE_FALSE(set.Contains(Entity{3, 0}));
}

TEST_CASE("Indices on distant pages are stored independently", "[ecs][sparse_set]") {
  SparseSet set;
  const std::uint32_t far = SparseSet::kPageSize * 300 + 17;
  set.Insert(Entity{far, 0});
  set.Insert(Entity{SparseSet::kPageSize - 1, 0});
  set.Insert(Entity{SparseSet::kPageSize, 0});
  REQUIRE(set.Contains(Entity{far, 0}));
  REQUIRE(set.Contains(Entity{SparseSet::kPageSize - 1, 0}));
  REQUIRE(set.Contains(Entity{SparseSet::kPageSize, 0}));
  REQUIRE_FALSE(set.Contains(Entity{far - 1, 0}));
  REQUIRE(set.SlotOf(SparseSet::kPageSize * 150) == SparseSet::kNoSlot);  // a page never touched
  REQUIRE(set.SlotOf(far + SparseSet::kPageSize * 10) == SparseSet::kNoSlot);  // past the last page
}

TEST_CASE("Clear removes every element", "[ecs][sparse_set]") {
  SparseSet set;
  for (std::uint32_t i = 0; i < 100; ++i) set.Insert(Entity{i, 0});
  set.Clear();
  REQUIRE(set.Empty());
  REQUIRE_FALSE(set.Contains(Entity{50, 0}));
  REQUIRE(set.Insert(Entity{50, 0}) == 0);
}

TEST_CASE("A copied sparse set is independent of the original", "[ecs][sparse_set]") {
  SparseSet original;
  original.Insert(Entity{1, 0});
  original.Insert(Entity{SparseSet::kPageSize * 2, 0});
  SparseSet copy(original);
  copy.Erase(Entity{1, 0});
  REQUIRE(original.Contains(Entity{1, 0}));
  REQUIRE_FALSE(copy.Contains(Entity{1, 0}));
  REQUIRE(copy.Contains(Entity{SparseSet::kPageSize * 2, 0}));

  SparseSet assigned;
  assigned.Insert(Entity{7, 0});
  assigned = original;
  REQUIRE(assigned.Size() == 2);
  REQUIRE_FALSE(assigned.Contains(Entity{7, 0}));
  REQUIRE(assigned.Contains(Entity{1, 0}));
  const SparseSet& self = assigned;
  assigned = self;
  REQUIRE(assigned.Size() == 2);
}

TEST_CASE("Random inserts and erases keep the set exact and hole-free", "[ecs][sparse_set]") {
  std::mt19937 random(1234);
  SparseSet set;
  std::set<std::uint32_t> reference;
  for (int step = 0; step < 20000; ++step) {
    const auto index = static_cast<std::uint32_t>(random() % 20000);
    if (reference.contains(index)) {
      set.Erase(Entity{index, 0});
      reference.erase(index);
    } else {
      set.Insert(Entity{index, 0});
      reference.insert(index);
    }
  }
  REQUIRE(set.Size() == reference.size());
  // Dense entries are exactly the members, each at the slot the sparse side names.
  std::vector<std::uint32_t> dense;
  bool slots_consistent = true;
  for (std::size_t slot = 0; slot < set.Size(); ++slot) {
    dense.push_back(set.At(slot).index);
    slots_consistent = slots_consistent && set.SlotOf(set.At(slot).index) == slot;
  }
  REQUIRE(slots_consistent);
  std::sort(dense.begin(), dense.end());
  REQUIRE(dense == std::vector<std::uint32_t>(reference.begin(), reference.end()));
}

TEST_CASE("TryInsert adds an entity once and refuses another of the same index", "[ecs][sparse_set]") {
  SparseSet set;
  REQUIRE(set.TryInsert(Entity{5, 1}));
  REQUIRE_FALSE(set.TryInsert(Entity{5, 1}));
  REQUIRE_FALSE(set.TryInsert(Entity{5, 2}));  // a stale or newer handle of the same slot
  REQUIRE(set.TryInsert(Entity{70000, 0}));    // on a page of its own
  REQUIRE(set.Size() == 2);
  REQUIRE(set.Contains(Entity{5, 1}));
  REQUIRE_FALSE(set.Contains(Entity{5, 2}));
  REQUIRE(set.SlotOf(70000) == 1);
}
