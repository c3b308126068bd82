#include "cairn/ecs/entity_pool.h"

#include <deque>
#include <map>
#include <random>
#include <set>
#include <vector>

#include <catch2/catch.hpp>

using cairn::ecs::Entity;
using cairn::ecs::EntityId;
using cairn::ecs::IdSequence;
using cairn::ecs::EntityPool;
using cairn::ecs::kNullEntity;

TEST_CASE("A new pool's first entities take slots in order at generation 0", "[ecs][entity_pool]") {
  EntityPool pool(1);
  REQUIRE(pool.Create(EntityId{11}) == Entity{0, 0});
  REQUIRE(pool.Create(EntityId{12}) == Entity{1, 0});
  REQUIRE(pool.Create(EntityId{13}) == Entity{2, 0});
  REQUIRE(pool.AliveCount() == 3);
  REQUIRE(pool.SlotCount() == 3);
}

TEST_CASE("Destroying bumps the slot's generation and the old handle goes stale", "[ecs][entity_pool]") {
  EntityPool pool(1);
  const Entity first = pool.Create(EntityId{1});
  REQUIRE(pool.IsAlive(first));
  pool.Destroy(first);
  REQUIRE_FALSE(pool.IsAlive(first));
  const Entity second = pool.Create(EntityId{2});
  REQUIRE(second.index == first.index);
  REQUIRE(second.generation == first.generation + 1);
  REQUIRE(pool.IsAlive(second));
  REQUIRE_FALSE(pool.IsAlive(first));
}

TEST_CASE("Handles that never existed are not alive", "[ecs][entity_pool]") {
  EntityPool pool(1);
  REQUIRE_FALSE(pool.IsAlive(kNullEntity));
  REQUIRE_FALSE(pool.IsAlive(Entity{0, 0}));
  const Entity entity = pool.Create(EntityId{1});
  REQUIRE_FALSE(pool.IsAlive(Entity{entity.index, entity.generation + 1}));
  REQUIRE_FALSE(pool.IsAlive(Entity{entity.index + 1, 0}));
}

TEST_CASE("Freed slots are recycled oldest first", "[ecs][entity_pool]") {
  EntityPool pool(1);
  std::vector<Entity> entities;
  for (std::uint64_t i = 1; i <= 6; ++i) entities.push_back(pool.Create(EntityId{i}));
  pool.Destroy(entities[4]);
  pool.Destroy(entities[1]);
  pool.Destroy(entities[3]);
  REQUIRE(pool.Create(EntityId{100}).index == 4);
  REQUIRE(pool.Create(EntityId{101}).index == 1);
  pool.Destroy(entities[0]);
  REQUIRE(pool.Create(EntityId{102}).index == 3);
  REQUIRE(pool.Create(EntityId{103}).index == 0);
  REQUIRE(pool.Create(EntityId{104}).index == 6);  // free list empty: a new slot
}

TEST_CASE("A slot's generation counts its reuses", "[ecs][entity_pool]") {
  EntityPool pool(1);
  Entity entity = pool.Create(EntityId{1});
  for (std::uint32_t round = 1; round <= 50; ++round) {
    pool.Destroy(entity);
    entity = pool.Create(EntityId{round + 1});
    REQUIRE(entity == Entity{0, round});
  }
}

TEST_CASE("Find maps an id to its live handle, and forgets it on destroy", "[ecs][entity_pool]") {
  EntityPool pool(1);
  const Entity a = pool.Create(EntityId{0xaaaa});
  const Entity b = pool.Create(EntityId{0xbbbb});
  REQUIRE(pool.Find(EntityId{0xaaaa}) == a);
  REQUIRE(pool.Find(EntityId{0xbbbb}) == b);
  REQUIRE(pool.IdOf(a) == EntityId{0xaaaa});
  REQUIRE(pool.ContainsId(EntityId{0xaaaa}));
  pool.Destroy(a);
  REQUIRE(pool.Find(EntityId{0xaaaa}) == kNullEntity);
  REQUIRE_FALSE(pool.ContainsId(EntityId{0xaaaa}));
  REQUIRE(pool.Find(EntityId{0}) == kNullEntity);
  const Entity again = pool.Create(EntityId{0xaaaa});  // an id is free again once its entity is gone
  REQUIRE(pool.Find(EntityId{0xaaaa}) == again);
  REQUIRE(again != a);
}

TEST_CASE("Generated ids are non-zero, unique and reproducible from the seed", "[ecs][entity_pool]") {
  EntityPool pool(42);
  EntityPool twin(42);
  EntityPool other(43);
  std::set<EntityId> seen;
  bool same_as_twin = true;
  bool differs_from_other = false;
  for (int i = 0; i < 5000; ++i) {
    const EntityId id = pool.GenerateId();
    REQUIRE(id.value != 0);
    seen.insert(id);
    pool.Create(id);
    const EntityId twin_id = twin.GenerateId();
    twin.Create(twin_id);
    same_as_twin = same_as_twin && twin_id == id;
    differs_from_other = differs_from_other || other.GenerateId() != id;
  }
  REQUIRE(seen.size() == 5000);
  REQUIRE(same_as_twin);
  REQUIRE(differs_from_other);
}

TEST_CASE("Generated ids are not a counter", "[ecs][entity_pool]") {
  EntityPool pool(7);
  const EntityId first = pool.GenerateId();
  const EntityId second = pool.GenerateId();
  REQUIRE(second.value != first.value + 1);
  // Random 64-bit values use the high bits too.
  REQUIRE((first.value >> 32 | second.value >> 32) != 0);
}

TEST_CASE("AtSlot returns the live entity of a slot, or null", "[ecs][entity_pool]") {
  EntityPool pool(1);
  const Entity a = pool.Create(EntityId{1});
  const Entity b = pool.Create(EntityId{2});
  pool.Destroy(a);
  REQUIRE(pool.AtSlot(0) == kNullEntity);
  REQUIRE(pool.AtSlot(1) == b);
  REQUIRE(pool.AtSlot(2) == kNullEntity);
  REQUIRE(pool.AliveCount() == 1);
  REQUIRE(pool.SlotCount() == 2);
}

TEST_CASE("Reserve changes no contents", "[ecs][entity_pool]") {
  EntityPool pool(1);
  const Entity a = pool.Create(EntityId{1});
  pool.Reserve(1000);
  REQUIRE(pool.IsAlive(a));
  REQUIRE(pool.Find(EntityId{1}) == a);
  REQUIRE(pool.AliveCount() == 1);
  REQUIRE(pool.SlotCount() == 1);
}

TEST_CASE("Room made for given ids holds that many more without growing, contents kept", "[ecs][entity_pool]") {
  EntityPool pool(1);
  const Entity first = pool.Create(EntityId{1});
  pool.ReserveGivenIds(5000);
  const std::size_t capacity = pool.GivenIdCapacity();
  REQUIRE(capacity >= 5001);
  REQUIRE(pool.Find(EntityId{1}) == first);
  for (std::uint64_t id = 2; id <= 5001; ++id) pool.Create(EntityId{id * 0x9e3779b97f4a7c15ull});
  REQUIRE(pool.GivenIdCapacity() == capacity);
  for (std::uint64_t id = 2; id <= 5001; ++id) REQUIRE(pool.ContainsId(EntityId{id * 0x9e3779b97f4a7c15ull}));
  REQUIRE(pool.AliveCount() == 5001);
  // Without the room, the same creates grow the map.
  EntityPool unreserved(1);
  const std::size_t before = unreserved.GivenIdCapacity();
  for (std::uint64_t id = 1; id <= 5001; ++id) unreserved.Create(EntityId{id});
  REQUIRE(unreserved.GivenIdCapacity() > before);
}

TEST_CASE("Random creates and destroys agree with a reference, ids reused included", "[ecs][entity_pool]") {
  const auto seed = GENERATE(5u, 6u);
  std::mt19937_64 random(seed);
  EntityPool pool(seed);
  std::map<std::uint64_t, Entity> alive;          // id -> handle
  std::deque<std::uint32_t> free_slots;           // expected recycling order
  std::vector<std::uint64_t> recently_destroyed;  // ids that may be requested again
  std::vector<Entity> stale;
  std::uint32_t slot_count = 0;
  std::uint64_t generate_calls = 0;
  for (int step = 0; step < 20000; ++step) {
    const bool create = alive.empty() || random() % 100 < 55;
    if (create) {
      EntityId id;
      const unsigned kind = static_cast<unsigned>(random() % 4);
      if (kind == 3) {
        // An id this pool's own sequence draws soon (or drew): made elsewhere first.
        id = EntityId{IdSequence(seed).Value(generate_calls + random() % 8)};
        if (id.value == 0 || alive.contains(id.value)) id = (++generate_calls, pool.GenerateId());
      } else if (kind == 0 && !recently_destroyed.empty()) {
        id = EntityId{recently_destroyed[random() % recently_destroyed.size()]};
        if (alive.contains(id.value)) id = (++generate_calls, pool.GenerateId());
      } else if (kind == 1) {
        id = EntityId{1 + random() % 5000};  // small, sequential-looking ids
        if (alive.contains(id.value)) id = (++generate_calls, pool.GenerateId());
      } else if (random() % 2 == 0) {
        id = (++generate_calls, pool.GenerateId());
      }
      // Otherwise the pool draws an id and gives it in one step.
      const bool in_one_step = !id;
      if (!in_one_step) REQUIRE_FALSE(pool.ContainsId(id));
      const Entity entity = in_one_step ? (++generate_calls, pool.CreateWithGeneratedId()) : pool.Create(id);
      if (in_one_step) {
        id = pool.IdOf(entity);
        REQUIRE(id.value != 0);
        REQUIRE_FALSE(alive.contains(id.value));
      }
      std::uint32_t expected_slot = slot_count;
      if (free_slots.empty()) {
        ++slot_count;
      } else {
        expected_slot = free_slots.front();
        free_slots.pop_front();
      }
      REQUIRE(entity.index == expected_slot);
      alive[id.value] = entity;
    } else {
      auto it = alive.begin();
      std::advance(it, static_cast<std::ptrdiff_t>(random() % alive.size()));
      pool.Destroy(it->second);
      free_slots.push_back(it->second.index);
      stale.push_back(it->second);
      recently_destroyed.push_back(it->first);
      if (recently_destroyed.size() > 64) recently_destroyed.erase(recently_destroyed.begin());
      alive.erase(it);
    }
    if (step % 250 == 0 || step == 19999) {
      INFO("seed " << seed << ", step " << step);
      REQUIRE(pool.AliveCount() == alive.size());
      REQUIRE(pool.SlotCount() == slot_count);
      bool consistent = true;
      for (const auto& [id, entity] : alive) {
        consistent = consistent && pool.IsAlive(entity) && pool.Find(EntityId{id}) == entity &&
                     pool.ContainsId(EntityId{id}) && pool.IdOf(entity) == EntityId{id};
      }
      for (std::uint64_t id : recently_destroyed) {
        if (!alive.contains(id)) consistent = consistent && pool.Find(EntityId{id}).IsNull() && !pool.ContainsId(EntityId{id});
      }
      for (Entity entity : stale) consistent = consistent && !pool.IsAlive(entity);
      REQUIRE(consistent);
    }
  }
}

TEST_CASE("An id sequence leads every value back to its draw", "[ecs][entity_pool]") {
  std::mt19937_64 random(11);
  for (const std::uint64_t key : {std::uint64_t{0}, std::uint64_t{42}, ~std::uint64_t{0}, std::uint64_t{random()}}) {
    const IdSequence sequence(key);
    for (std::uint64_t draw = 0; draw < 1000; ++draw) REQUIRE(sequence.DrawOf(sequence.Value(draw)) == draw);
    for (int i = 0; i < 1000; ++i) {  // every 64-bit word is some draw's value
      const std::uint64_t value = random();
      REQUIRE(sequence.Value(sequence.DrawOf(value)) == value);
    }
  }
  REQUIRE(IdSequence(42).Value(0) != IdSequence(43).Value(0));
}

TEST_CASE("An id the pool would generate, already held by an entity made elsewhere, is skipped", "[ecs][entity_pool]") {
  EntityPool pool(77);
  const IdSequence sequence(77);
  // Entities read from a file hold the 3rd and 6th ids this pool will draw.
  const Entity third = pool.Create(EntityId{sequence.Value(2)});
  const Entity sixth = pool.Create(EntityId{sequence.Value(5)});
  std::set<EntityId> generated;
  for (int i = 0; i < 10; ++i) {
    const EntityId id = pool.GenerateId();
    REQUIRE_FALSE(pool.ContainsId(id));
    generated.insert(id);
    pool.Create(id);
  }
  REQUIRE(generated.size() == 10);
  REQUIRE_FALSE(generated.contains(EntityId{sequence.Value(2)}));
  REQUIRE_FALSE(generated.contains(EntityId{sequence.Value(5)}));
  REQUIRE(pool.Find(EntityId{sequence.Value(2)}) == third);
  REQUIRE(pool.Find(EntityId{sequence.Value(5)}) == sixth);
  pool.Destroy(third);
  REQUIRE(pool.Find(EntityId{sequence.Value(2)}) == kNullEntity);
  // Made again (an undo of its delete), it is found again.
  const Entity again = pool.Create(EntityId{sequence.Value(2)});
  REQUIRE(pool.Find(EntityId{sequence.Value(2)}) == again);
  REQUIRE(pool.AliveCount() == 12);
}

TEST_CASE("A pool that has drawn many more ids than it holds keeps finding every live one", "[ecs][entity_pool]") {
  // Over a million draws with a handful alive retires the first sequence
  // (its array of draws would otherwise grow without bound).
  EntityPool pool(5);
  std::map<std::uint64_t, Entity> alive;
  for (int i = 0; i < 8; ++i) {
    const EntityId id = pool.GenerateId();
    alive[id.value] = pool.Create(id);
  }
  alive[0x1234] = pool.Create(EntityId{0x1234});
  for (int i = 0; i < (1 << 20) + 1000; ++i) REQUIRE_FALSE(alive.contains(pool.GenerateId().value));
  for (const auto& [id, entity] : alive) REQUIRE(pool.Find(EntityId{id}) == entity);
  for (int i = 0; i < 1000; ++i) {
    const EntityId id = pool.GenerateId();
    REQUIRE_FALSE(alive.contains(id.value));
    alive[id.value] = pool.Create(id);
  }
  for (const auto& [id, entity] : alive) REQUIRE(pool.Find(EntityId{id}) == entity);
  for (const auto& [id, entity] : alive) pool.Destroy(entity);
  for (const auto& [id, entity] : alive) REQUIRE(pool.Find(EntityId{id}) == kNullEntity);
  REQUIRE(pool.AliveCount() == 0);
}

TEST_CASE("A destroyed entity's id finds nothing, whatever its slot holds next", "[ecs][entity_pool]") {
  // The draw entry of a destroyed id is left behind; it must not lead to
  // the slot's next entity, nor to the slot while it is free.
  EntityPool pool(9);
  const Entity first = pool.CreateWithGeneratedId();
  const EntityId first_id = pool.IdOf(first);
  REQUIRE(pool.Find(first_id) == first);
  pool.Destroy(first);
  REQUIRE(pool.Find(first_id) == kNullEntity);
  REQUIRE_FALSE(pool.ContainsId(first_id));
  const Entity next = pool.CreateWithGeneratedId();  // reuses the slot
  REQUIRE(next.index == first.index);
  REQUIRE(pool.IdOf(next) != first_id);
  REQUIRE(pool.Find(first_id) == kNullEntity);
  REQUIRE(pool.Find(pool.IdOf(next)) == next);
  // Given back (an undo of the delete), the id is found at its new slot.
  const Entity again = pool.Create(first_id);
  REQUIRE(again.index != first.index);
  REQUIRE(pool.Find(first_id) == again);
  REQUIRE(pool.Find(pool.IdOf(next)) == next);
}

TEST_CASE("Retiring a sequence carries over the live ids only", "[ecs][entity_pool]") {
  EntityPool pool(21);
  std::map<std::uint64_t, Entity> alive;
  std::vector<std::uint64_t> destroyed;
  for (int i = 0; i < 64; ++i) {
    const Entity entity = pool.CreateWithGeneratedId();
    alive[pool.IdOf(entity).value] = entity;
  }
  for (auto it = alive.begin(); it != alive.end();) {  // every second one goes, leaving its draw entry behind
    destroyed.push_back(it->first);
    pool.Destroy(it->second);
    it = alive.erase(it);
    if (it != alive.end()) ++it;
  }
  for (int i = 0; i < 8; ++i) {  // slots reused by new entities
    const Entity entity = pool.CreateWithGeneratedId();
    alive[pool.IdOf(entity).value] = entity;
  }
  for (int i = 0; i < (1 << 20) + 10; ++i) pool.GenerateId();  // the sequence retires
  for (int i = 0; i < 8; ++i) {
    const Entity entity = pool.CreateWithGeneratedId();
    REQUIRE_FALSE(alive.contains(pool.IdOf(entity).value));
    alive[pool.IdOf(entity).value] = entity;
  }
  for (const auto& [id, entity] : alive) REQUIRE(pool.Find(EntityId{id}) == entity);
  for (const std::uint64_t id : destroyed) REQUIRE(pool.Find(EntityId{id}) == kNullEntity);
  for (const auto& [id, entity] : alive) pool.Destroy(entity);
  for (const auto& [id, entity] : alive) REQUIRE(pool.Find(EntityId{id}) == kNullEntity);
  REQUIRE(pool.AliveCount() == 0);
}

namespace {

// Two pools given the same history: `batched` makes entities by
// CreateWithGeneratedIds, `single` by as many CreateWithGeneratedId calls.
struct TwinPools {
  EntityPool batched;
  EntityPool single;
  explicit TwinPools(std::uint64_t seed) : batched(seed), single(seed) {}

  // Both make `count` entities; they must be the same, with the same ids.
  std::vector<Entity> Create(std::size_t count) {
    std::vector<Entity> made{kNullEntity};  // appended to, not replaced
    batched.CreateWithGeneratedIds(count, made);
    made.erase(made.begin());
    std::vector<Entity> expected;
    for (std::size_t i = 0; i < count; ++i) expected.push_back(single.CreateWithGeneratedId());
    REQUIRE(made == expected);
    bool same_ids = true;
    for (const Entity entity : made) same_ids = same_ids && batched.IdOf(entity) == single.IdOf(entity);
    REQUIRE(same_ids);
    REQUIRE(batched.AliveCount() == single.AliveCount());
    REQUIRE(batched.SlotCount() == single.SlotCount());
    return made;
  }
};

}  // namespace

TEST_CASE("CreateWithGeneratedIds makes the entities and ids of as many single calls", "[ecs][entity_pool]") {
  const auto seed = GENERATE(31u, 32u);
  std::mt19937_64 random(seed);
  TwinPools pools(seed);
  std::map<std::uint64_t, Entity> alive;  // id -> handle, the same in both pools
  const IdSequence sequence(seed);
  std::uint64_t draws = 0;
  for (int step = 0; step < 600; ++step) {
    const unsigned kind = static_cast<unsigned>(random() % 8);
    if (kind < 4) {  // a batch: fresh slots, free slots first, or both
      const std::size_t count = random() % 40;
      for (const Entity entity : pools.Create(count)) alive[pools.batched.IdOf(entity).value] = entity;
      draws += count;
    } else if (kind == 4) {  // an id from elsewhere, maybe one the sequence draws soon
      const EntityId id{random() % 2 == 0 ? sequence.Value(draws + random() % 16) : random()};
      if (id.value == 0 || alive.contains(id.value)) continue;
      const Entity entity = pools.batched.Create(id);
      REQUIRE(pools.single.Create(id) == entity);
      alive[id.value] = entity;
    } else if (!alive.empty()) {
      auto it = alive.begin();
      std::advance(it, static_cast<std::ptrdiff_t>(random() % alive.size()));
      pools.batched.Destroy(it->second);
      pools.single.Destroy(it->second);
      alive.erase(it);
    }
  }
  REQUIRE(pools.batched.AliveCount() == alive.size());
  bool found = true;
  for (const auto& [id, entity] : alive) {
    found = found && pools.batched.Find(EntityId{id}) == entity && pools.single.Find(EntityId{id}) == entity;
  }
  REQUIRE(found);
}

TEST_CASE("CreateWithGeneratedIds retires the sequence where single calls would", "[ecs][entity_pool]") {
  TwinPools pools(41);
  const std::vector<Entity> kept = pools.Create(4);
  // Draws without entities bring the sequence near its retirement.
  for (int i = 0; i < (1 << 20) - 10; ++i) {
    const EntityId id = pools.batched.GenerateId();
    REQUIRE(pools.single.GenerateId() == id);
  }
  // The batch crosses the draw at which the sequence retires.
  const std::vector<Entity> made = pools.Create(30);
  for (const Entity entity : kept) REQUIRE(pools.batched.Find(pools.batched.IdOf(entity)) == entity);
  for (const Entity entity : made) REQUIRE(pools.batched.Find(pools.batched.IdOf(entity)) == entity);
  // Both went on with the same new sequence (Create compares the ids).
  REQUIRE(pools.Create(50).size() == 50);
}
