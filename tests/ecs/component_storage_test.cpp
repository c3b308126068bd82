#include "cairn/ecs/component_storage.h"

#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

using cairn::ecs::ComponentStorage;
using cairn::ecs::Entity;
using cairn::ecs::IComponentStorage;
using cairn::ecs::SparseSet;

namespace {

struct Health {
  int value = 100;
  std::string label;
};

class Counter {
 public:
  Counter() = default;
  Counter(int start, int step) : value_(start), step_(step) {}
  int Value() const { return value_; }
  int Step() const { return step_; }

 private:
  int value_ = 0;
  int step_ = 1;
};

}  // namespace

TEST_CASE("Emplace stores a component that Get and Find return", "[ecs][storage]") {
  ComponentStorage<Health> storage;
  Health& added = storage.Emplace(Entity{3, 0}, 42, "hero");
  REQUIRE(added.value == 42);
  REQUIRE(storage.Contains(Entity{3, 0}));
  REQUIRE(storage.Get(Entity{3, 0}).label == "hero");
  REQUIRE(storage.Find(Entity{3, 0}) == &storage.Get(Entity{3, 0}));
  REQUIRE(storage.Size() == 1);
}

TEST_CASE("Emplace constructs non-aggregates through their constructor", "[ecs][storage]") {
  ComponentStorage<Counter> storage;
  storage.Emplace(Entity{0, 0}, 5, 2);
  storage.Emplace(Entity{1, 0});
  REQUIRE(storage.Get(Entity{0, 0}).Value() == 5);
  REQUIRE(storage.Get(Entity{0, 0}).Step() == 2);
  REQUIRE(storage.Get(Entity{1, 0}).Value() == 0);
}

TEST_CASE("Find returns null for absent entities and stale generations", "[ecs][storage]") {
  ComponentStorage<Health> storage;
  storage.Emplace(Entity{3, 1});
  REQUIRE(storage.Find(Entity{4, 0}) == nullptr);
  REQUIRE(storage.Find(Entity{3, 0}) == nullptr);
  REQUIRE(storage.Find(Entity{3, 2}) == nullptr);
  REQUIRE_FALSE(storage.Contains(Entity{3, 0}));
}

TEST_CASE("Remove moves the last component into the hole, keeping arrays parallel", "[ecs][storage]") {
  ComponentStorage<Health> storage;
  for (std::uint32_t i = 0; i < 4; ++i) storage.Emplace(Entity{i, 0}, static_cast<int>(i), "e" + std::to_string(i));
  storage.Remove(Entity{1, 0});
  REQUIRE(storage.Size() == 3);
  REQUIRE(storage.Owners().At(1) == Entity{3, 0});
  REQUIRE(storage.Components()[1].value == 3);
  REQUIRE(storage.Get(Entity{3, 0}).label == "e3");
  REQUIRE(storage.Get(Entity{0, 0}).label == "e0");
  REQUIRE(storage.Get(Entity{2, 0}).label == "e2");
  REQUIRE_FALSE(storage.Contains(Entity{1, 0}));
  storage.Remove(Entity{2, 0});  // the last one
  REQUIRE(storage.Size() == 2);
  REQUIRE(storage.Get(Entity{3, 0}).value == 3);
}

TEST_CASE("Dense components always line up with dense owners", "[ecs][storage]") {
  ComponentStorage<Health> storage;
  for (std::uint32_t i = 0; i < 200; ++i) storage.Emplace(Entity{i * 7, 0}, static_cast<int>(i * 7), "");
  for (std::uint32_t i = 0; i < 200; i += 3) storage.Remove(Entity{i * 7, 0});
  bool aligned = true;
  for (std::size_t slot = 0; slot < storage.Size(); ++slot) {
    aligned = aligned && storage.Components()[slot].value == static_cast<int>(storage.Owners().At(slot).index);
  }
  REQUIRE(aligned);
  REQUIRE(storage.Size() == 200 - 67);
}

TEST_CASE("FindWithHint uses a matching slot and falls back otherwise", "[ecs][storage]") {
  ComponentStorage<Health> storage;
  storage.Emplace(Entity{10, 0}, 1, "ten");
  storage.Emplace(Entity{20, 0}, 2, "twenty");
  storage.Emplace(Entity{30, 0}, 3, "thirty");
  REQUIRE(storage.FindWithHint(Entity{20, 0}, 1)->value == 2);   // right hint
  REQUIRE(storage.FindWithHint(Entity{20, 0}, 0)->value == 2);   // wrong hint
  REQUIRE(storage.FindWithHint(Entity{30, 0}, 99)->value == 3);  // out-of-range hint
  REQUIRE(storage.FindWithHint(Entity{40, 0}, 2) == nullptr);
  REQUIRE(storage.FindWithHint(Entity{20, 1}, 1) == nullptr);    // stale generation at the hinted slot
}

TEST_CASE("The type-erased interface copies, reads and removes", "[ecs][storage]") {
  ComponentStorage<Health> typed;
  IComponentStorage& storage = typed;
  const Health value{7, "copied"};
  storage.InsertCopy(Entity{2, 0}, &value);
  REQUIRE(storage.Contains(Entity{2, 0}));
  REQUIRE(storage.Size() == 1);
  REQUIRE(static_cast<const Health*>(storage.GetData(Entity{2, 0}))->label == "copied");
  const IComponentStorage& read_only = storage;
  REQUIRE(static_cast<const Health*>(read_only.GetData(Entity{2, 0}))->value == 7);
  REQUIRE(storage.Owners().Contains(Entity{2, 0}));
  storage.Remove(Entity{2, 0});
  REQUIRE(storage.Size() == 0);
  REQUIRE(value.label == "copied");
}

TEST_CASE("Storage grows across sparse pages", "[ecs][storage]") {
  ComponentStorage<int> storage;
  const std::uint32_t count = SparseSet::kPageSize * 3 + 5;
  for (std::uint32_t i = 0; i < count; ++i) storage.Emplace(Entity{i, 0}, static_cast<int>(i));
  REQUIRE(storage.Size() == count);
  bool all = true;
  for (std::uint32_t i = 0; i < count; ++i) all = all && storage.Get(Entity{i, 0}) == static_cast<int>(i);
  REQUIRE(all);
}

// ---- Per-entity storage ---------------------------------------------------------

TEST_CASE("A per-entity storage finds a component by its entity's index and generation", "[ecs][storage]") {
  ComponentStorage<Health> storage(cairn::ecs::StorageKind::kPerEntity);
  REQUIRE(storage.Kind() == cairn::ecs::StorageKind::kPerEntity);
  REQUIRE(storage.Find(Entity{0, 0}) == nullptr);
  storage.Emplace(Entity{5, 2}, 7, "five");
  storage.Emplace(Entity{900, 0}, 9, "nine hundred");  // grows past the first records
  REQUIRE(storage.Size() == 2);
  REQUIRE(storage.Get(Entity{5, 2}).label == "five");
  REQUIRE(storage.Find(Entity{5, 2}) == &storage.Get(Entity{5, 2}));
  REQUIRE(storage.Find(Entity{900, 0})->value == 9);
  REQUIRE(storage.FindData(Entity{900, 0}) == storage.Find(Entity{900, 0}));
  REQUIRE(storage.Find(Entity{5, 1}) == nullptr);  // an older generation of the slot
  REQUIRE(storage.Find(Entity{5, 3}) == nullptr);  // a later one
  REQUIRE(storage.Find(Entity{4, 2}) == nullptr);  // a slot without the component
  REQUIRE(storage.Find(Entity{1u << 30, 2}) == nullptr);  // beyond every record
  REQUIRE_FALSE(storage.Contains(Entity{5, 1}));

  storage.Remove(Entity{5, 2});
  REQUIRE(storage.Size() == 1);
  REQUIRE(storage.Find(Entity{5, 2}) == nullptr);
  storage.Emplace(Entity{5, 3}, 8, "reused");
  REQUIRE(storage.Find(Entity{5, 2}) == nullptr);
  REQUIRE(storage.Get(Entity{5, 3}).label == "reused");
}

TEST_CASE("A per-entity storage releases a removed value at once", "[ecs][storage]") {
  struct Holder {
    std::shared_ptr<int> resource;
  };
  ComponentStorage<Holder> storage(cairn::ecs::StorageKind::kPerEntity);
  const auto resource = std::make_shared<int>(1);
  storage.Emplace(Entity{3, 0}, Holder{resource});
  REQUIRE(resource.use_count() == 2);
  storage.Remove(Entity{3, 0});
  REQUIRE(resource.use_count() == 1);
}

TEST_CASE("ForEachData visits a per-entity storage in slot order with each owner's generation", "[ecs][storage]") {
  ComponentStorage<Health> storage(cairn::ecs::StorageKind::kPerEntity);
  storage.Emplace(Entity{7, 1}, 70, "seventy");
  storage.Emplace(Entity{2, 4}, 20, "twenty");
  storage.Emplace(Entity{4, 0}, 40, "forty");
  storage.Remove(Entity{4, 0});
  std::vector<std::pair<Entity, int>> visited;
  storage.ForEachData([&](Entity entity, void* data) { visited.emplace_back(entity, static_cast<Health*>(data)->value); });
  REQUIRE(visited == std::vector<std::pair<Entity, int>>{{Entity{2, 4}, 20}, {Entity{7, 1}, 70}});
}

TEST_CASE("EmplaceEach fills a component for each entity, in either layout", "[ecs][storage]") {
  const auto kind = GENERATE(cairn::ecs::StorageKind::kPacked, cairn::ecs::StorageKind::kPerEntity);
  ComponentStorage<Health> storage(kind);
  storage.Emplace(Entity{2, 0}, 2, "two");
  // Slots inside the records, one past the last, and far beyond it.
  const std::vector<Entity> entities{Entity{1, 3}, Entity{3, 0}, Entity{4, 1}, Entity{700, 2}, Entity{0, 0}};
  storage.EmplaceEach(entities, [](Health& health, std::size_t i) {
    REQUIRE(health.value == 100);  // value-initialised before it is filled
    health.value = static_cast<int>(i);
    health.label = "batch " + std::to_string(i);
  });
  REQUIRE(storage.Size() == 6);
  for (std::size_t i = 0; i < entities.size(); ++i) {
    REQUIRE(storage.Find(entities[i]) != nullptr);
    REQUIRE(storage.Get(entities[i]).value == static_cast<int>(i));
    REQUIRE(storage.Get(entities[i]).label == "batch " + std::to_string(i));
    REQUIRE(storage.FindData(entities[i]) == storage.Find(entities[i]));
  }
  REQUIRE(storage.Get(Entity{2, 0}).label == "two");
  REQUIRE(storage.Find(Entity{1, 2}) == nullptr);
  REQUIRE(storage.Find(Entity{5, 0}) == nullptr);
}

TEST_CASE("EmplaceEach keeps the components made before a fill that throws", "[ecs][storage]") {
  const auto kind = GENERATE(cairn::ecs::StorageKind::kPacked, cairn::ecs::StorageKind::kPerEntity);
  ComponentStorage<Health> storage(kind);
  const std::vector<Entity> entities{Entity{0, 0}, Entity{1, 0}, Entity{300, 0}, Entity{301, 0}};
  REQUIRE_THROWS_WITH(storage.EmplaceEach(entities,
                                          [](Health& health, std::size_t i) {
                                            if (i == 3) throw std::runtime_error("no fourth");
                                            health.value = static_cast<int>(i);
                                          }),
                      "no fourth");
  REQUIRE(storage.Size() == 3);
  // What was made is reachable through the type-erased view too (it
  // follows the records that grew before the throw).
  REQUIRE(storage.FindData(Entity{300, 0}) == storage.Find(Entity{300, 0}));
  REQUIRE(storage.Get(Entity{300, 0}).value == 2);
  REQUIRE_FALSE(storage.Contains(Entity{301, 0}));
}

TEST_CASE("An adaptive storage stays packed while its components are few", "[ecs][storage][adaptive]") {
  ComponentStorage<Health> storage;  // the default: adaptive
  REQUIRE(storage.Adaptive());
  REQUIRE(storage.Kind() == cairn::ecs::StorageKind::kPacked);
  for (std::uint32_t i = 0; i < cairn::ecs::kAdaptiveFirstCheck; ++i) storage.Emplace(Entity{i, 1}, static_cast<int>(i), "");
  REQUIRE(storage.Kind() == cairn::ecs::StorageKind::kPacked);  // the check comes with the next one
}

TEST_CASE("An adaptive storage goes per entity once its components are dense, keeping every value",
          "[ecs][storage][adaptive]") {
  const bool bulk = GENERATE(false, true);
  CAPTURE(bulk);
  ComponentStorage<Health> storage(cairn::ecs::StorageKind::kAdaptive);
  // Every index but each tenth, with generations of their own; then more
  // past the first check.
  std::vector<Entity> owners;
  for (std::uint32_t i = 0; owners.size() < 3 * cairn::ecs::kAdaptiveFirstCheck; ++i) {
    if (i % 10 != 9) owners.push_back(Entity{i, i % 7});
  }
  if (bulk) {
    storage.EmplaceEach(owners, [](Health& health, std::size_t i) {
      health.value = static_cast<int>(i);
      health.label = "owner " + std::to_string(i);
    });
  } else {
    for (std::size_t i = 0; i < owners.size(); ++i) {
      storage.Emplace(owners[i], static_cast<int>(i), "owner " + std::to_string(i));
    }
  }
  REQUIRE(storage.Kind() == cairn::ecs::StorageKind::kPerEntity);
  REQUIRE(storage.Size() == owners.size());
  for (std::size_t i = 0; i < owners.size(); ++i) {
    const Entity owner = owners[i];
    REQUIRE(storage.Find(owner) != nullptr);
    REQUIRE(storage.Get(owner).value == static_cast<int>(i));
    REQUIRE(storage.Get(owner).label == "owner " + std::to_string(i));
    REQUIRE(storage.FindData(owner) == storage.Find(owner));
    REQUIRE_FALSE(storage.Contains(Entity{owner.index, owner.generation + 1}));  // a stale handle
  }
  REQUIRE_FALSE(storage.Contains(Entity{9, 9 % 7}));  // an index left out
  std::size_t visited = 0;
  storage.ForEachData([&](Entity entity, void* data) {
    REQUIRE(storage.Find(entity) == data);
    ++visited;
  });
  REQUIRE(visited == owners.size());
  // It stays per entity however few remain.
  for (const Entity owner : owners) storage.Remove(owner);
  REQUIRE(storage.Size() == 0);
  REQUIRE(storage.Kind() == cairn::ecs::StorageKind::kPerEntity);
  storage.Emplace(Entity{5, 3}, 7, "again");
  REQUIRE(storage.Get(Entity{5, 3}).value == 7);
}

TEST_CASE("An adaptive storage told how many entities are coming grows its records once", "[ecs][storage][adaptive]") {
  const bool expected = GENERATE(false, true);
  CAPTURE(expected);
  constexpr std::uint32_t kCount = 16 * cairn::ecs::kAdaptiveFirstCheck;
  ComponentStorage<Health> storage(cairn::ecs::StorageKind::kAdaptive);
  if (expected) storage.ExpectSlots(kCount);
  REQUIRE(storage.Kind() == cairn::ecs::StorageKind::kPacked);
  const Health* first_records = nullptr;
  int moves = 0;
  for (std::uint32_t i = 0; i < kCount; ++i) {
    storage.Emplace(Entity{i, 2}, static_cast<int>(i), "");
    if (storage.Kind() != cairn::ecs::StorageKind::kPerEntity) continue;
    const Health* records = &storage.Get(Entity{0, 2});
    if (records != first_records) ++moves;
    first_records = records;
  }
  REQUIRE(storage.Kind() == cairn::ecs::StorageKind::kPerEntity);
  // Going per entity makes the records; without the expectation they then
  // move each time they double (16 times the first check: 4 more times).
  if (expected) {
    REQUIRE(moves == 1);
  } else {
    REQUIRE(moves > 1);
  }
  for (std::uint32_t i = 0; i < kCount; ++i) REQUIRE(storage.Get(Entity{i, 2}).value == static_cast<int>(i));
}

TEST_CASE("An adaptive storage of components few entities have stays packed", "[ecs][storage][adaptive]") {
  struct Big {
    float values[32] = {};
  };
  ComponentStorage<Big> storage(cairn::ecs::StorageKind::kAdaptive);
  // One entity in eight: records for every index would take four times
  // the memory of the packed arrays.
  for (std::uint32_t i = 0; i < 8 * cairn::ecs::kAdaptiveFirstCheck; ++i) storage.Emplace(Entity{8 * i, 0});
  REQUIRE(storage.Kind() == cairn::ecs::StorageKind::kPacked);
  REQUIRE(storage.Size() == 8 * cairn::ecs::kAdaptiveFirstCheck);
  REQUIRE(storage.Contains(Entity{8, 0}));
  REQUIRE_FALSE(storage.Contains(Entity{9, 0}));
}
