#include "cairn/ecs/id_map.h"

#include <random>
#include <unordered_map>
#include <vector>

#include <catch2/catch.hpp>

using cairn::ecs::EntityId;
using cairn::ecs::IdMap;

namespace {

// Checks every key of the reference, plus a sample of absent keys.
bool MatchesReference(const IdMap& map, const std::unordered_map<std::uint64_t, std::uint32_t>& reference,
                      const std::vector<std::uint64_t>& key_pool) {
  if (map.Size() != reference.size()) return false;
  for (const auto& [key, value] : reference) {
    if (map.Find(EntityId{key}) != value) return false;
  }
  for (std::uint64_t key : key_pool) {
    if (!reference.contains(key) && map.Find(EntityId{key}) != IdMap::kNotFound) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("An empty id map finds nothing", "[ecs][id_map]") {
  const IdMap map;
  REQUIRE(map.Size() == 0);
  REQUIRE(map.Find(EntityId{1}) == IdMap::kNotFound);
  REQUIRE_FALSE(map.Contains(EntityId{1}));
  REQUIRE(map.Find(EntityId{0}) == IdMap::kNotFound);
}

TEST_CASE("Inserted ids are found with their index", "[ecs][id_map]") {
  IdMap map;
  REQUIRE(map.Insert(EntityId{10}, 0));
  REQUIRE(map.Insert(EntityId{0x3f2a9c0d41be7e10ull}, 7));
  REQUIRE(map.Size() == 2);
  REQUIRE(map.Find(EntityId{10}) == 0);
  REQUIRE(map.Find(EntityId{0x3f2a9c0d41be7e10ull}) == 7);
  REQUIRE(map.Contains(EntityId{10}));
  REQUIRE_FALSE(map.Contains(EntityId{11}));
}

TEST_CASE("Inserting a present id fails and keeps the first index", "[ecs][id_map]") {
  IdMap map;
  REQUIRE(map.Insert(EntityId{5}, 1));
  REQUIRE_FALSE(map.Insert(EntityId{5}, 2));
  REQUIRE(map.Size() == 1);
  REQUIRE(map.Find(EntityId{5}) == 1);
}

TEST_CASE("Id zero, the mark of an empty bucket, is refused", "[ecs][id_map]") {
  IdMap map;
  REQUIRE_FALSE(map.Insert(EntityId{0}, 3));
  REQUIRE(map.Size() == 0);
  REQUIRE(map.Insert(EntityId{1}, 4));
  REQUIRE_FALSE(map.Insert(EntityId{0}, 5));
  REQUIRE(map.Size() == 1);
  REQUIRE_FALSE(map.Contains(EntityId{0}));
  REQUIRE(map.Find(EntityId{1}) == 4);
}

TEST_CASE("Erasing removes only that id", "[ecs][id_map]") {
  IdMap map;
  for (std::uint32_t i = 1; i <= 20; ++i) REQUIRE(map.Insert(EntityId{i}, i * 10));
  REQUIRE(map.Erase(EntityId{7}));
  REQUIRE(map.Size() == 19);
  REQUIRE_FALSE(map.Contains(EntityId{7}));
  for (std::uint32_t i = 1; i <= 20; ++i) {
    if (i != 7) REQUIRE(map.Find(EntityId{i}) == i * 10);
  }
}

TEST_CASE("Erasing an absent id returns false", "[ecs][id_map]") {
  IdMap map;
  REQUIRE_FALSE(map.Erase(EntityId{1}));  // no buckets yet
  map.Insert(EntityId{1}, 0);
  REQUIRE_FALSE(map.Erase(EntityId{2}));
  REQUIRE_FALSE(map.Erase(EntityId{0}));
  REQUIRE(map.Erase(EntityId{1}));
  REQUIRE_FALSE(map.Erase(EntityId{1}));
  REQUIRE(map.Size() == 0);
}

TEST_CASE("An erased id can be inserted again with a new index", "[ecs][id_map]") {
  IdMap map;
  map.Insert(EntityId{9}, 1);
  map.Erase(EntityId{9});
  REQUIRE(map.Insert(EntityId{9}, 2));
  REQUIRE(map.Find(EntityId{9}) == 2);
}

TEST_CASE("Clear empties the map", "[ecs][id_map]") {
  IdMap map;
  for (std::uint32_t i = 1; i <= 100; ++i) map.Insert(EntityId{i}, i);
  map.Clear();
  REQUIRE(map.Size() == 0);
  REQUIRE_FALSE(map.Contains(EntityId{50}));
  REQUIRE(map.Insert(EntityId{50}, 3));
  REQUIRE(map.Find(EntityId{50}) == 3);
}

TEST_CASE("Clear keeps the table for the ids that come next", "[ecs][id_map]") {
  IdMap map;
  map.Reserve(1000);
  const std::size_t capacity = map.Capacity();
  REQUIRE(capacity >= 1000);
  for (std::uint32_t i = 1; i <= 1000; ++i) map.Insert(EntityId{i * 7919}, i);
  map.Clear();
  REQUIRE(map.Capacity() == capacity);
  for (std::uint32_t i = 1; i <= 1000; ++i) REQUIRE_FALSE(map.Contains(EntityId{i * 7919}));
  for (std::uint32_t i = 1; i <= 1000; ++i) REQUIRE(map.Insert(EntityId{i * 31}, i));
  REQUIRE(map.Capacity() == capacity);
  REQUIRE(map.Find(EntityId{31 * 500}) == 500);
}

TEST_CASE("Clear gives back the table of a map with few ids left", "[ecs][id_map]") {
  IdMap map;
  map.Reserve(100'000);
  map.Insert(EntityId{77}, 1);
  map.Clear();
  CHECK(map.Capacity() < 100'000);
  CHECK_FALSE(map.Contains(EntityId{77}));
  REQUIRE(map.Insert(EntityId{78}, 2));
  CHECK(map.Find(EntityId{78}) == 2);
  CHECK(map.Size() == 1);
}

TEST_CASE("Reserve keeps the contents", "[ecs][id_map]") {
  IdMap map;
  for (std::uint32_t i = 1; i <= 30; ++i) map.Insert(EntityId{i * 977}, i);
  map.Reserve(10000);
  REQUIRE(map.Size() == 30);
  for (std::uint32_t i = 1; i <= 30; ++i) REQUIRE(map.Find(EntityId{i * 977}) == i);
  map.Reserve(1);  // never shrinks
  for (std::uint32_t i = 1; i <= 30; ++i) REQUIRE(map.Find(EntityId{i * 977}) == i);
}

TEST_CASE("Sequential ids are stored and found", "[ecs][id_map]") {
  IdMap map;
  constexpr std::uint32_t kCount = 100000;
  for (std::uint32_t i = 1; i <= kCount; ++i) map.Insert(EntityId{i}, i - 1);
  REQUIRE(map.Size() == kCount);
  bool all_found = true;
  for (std::uint32_t i = 1; i <= kCount; ++i) all_found = all_found && map.Find(EntityId{i}) == i - 1;
  REQUIRE(all_found);
  for (std::uint32_t i = 1; i <= kCount; i += 2) map.Erase(EntityId{i});
  REQUIRE(map.Size() == kCount / 2);
  bool evens_only = true;
  for (std::uint32_t i = 1; i <= kCount; ++i) {
    const bool expected = i % 2 == 0;
    evens_only = evens_only && map.Contains(EntityId{i}) == expected;
  }
  REQUIRE(evens_only);
  REQUIRE_FALSE(map.Contains(EntityId{kCount + 1}));
}

TEST_CASE("Random inserts and erases agree with std::unordered_map", "[ecs][id_map]") {
  // A small key pool makes long probe runs, wrap-arounds and erasures inside
  // runs frequent, which is where backward-shift deletion can go wrong.
  const auto seed = GENERATE(1u, 2u, 3u, 4u);
  std::mt19937_64 random(seed);
  const std::size_t pool_size = seed % 2 == 0 ? 64 : 3000;
  std::vector<std::uint64_t> key_pool;
  for (std::size_t i = 0; i < pool_size; ++i) {
    std::uint64_t key = 0;
    while (key == 0) key = seed == 4 ? (random() & 0xffffu) : random();
    key_pool.push_back(key);
  }

  IdMap map;
  std::unordered_map<std::uint64_t, std::uint32_t> reference;
  for (int step = 0; step < 40000; ++step) {
    const std::uint64_t key = key_pool[random() % key_pool.size()];
    const auto value = static_cast<std::uint32_t>(random() % 1000000);
    if (random() % 100 < 55) {
      const bool inserted = reference.emplace(key, value).second;
      REQUIRE(map.Insert(EntityId{key}, value) == inserted);
    } else {
      const bool erased = reference.erase(key) == 1;
      REQUIRE(map.Erase(EntityId{key}) == erased);
    }
    if (step % 500 == 0) {
      INFO("seed " << seed << ", step " << step);
      REQUIRE(MatchesReference(map, reference, key_pool));
    }
  }
  REQUIRE(MatchesReference(map, reference, key_pool));
  for (std::uint64_t key : key_pool) {
    REQUIRE(map.Erase(EntityId{key}) == (reference.erase(key) == 1));
  }
  REQUIRE(map.Size() == 0);
}
