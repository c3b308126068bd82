// Building worlds in bulk: CreateEntities, AddComponents, ReserveEntities.

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include <catch2/catch.hpp>

#include "cairn/ecs/coordinator.h"
#include "cairn/ecs/system.h"

using namespace cairn::ecs;

namespace {

constexpr std::uint64_t kSeed = 0xb01cu;

struct Position {
  float x = 0.0f;
  friend bool operator==(const Position&, const Position&) = default;
};
struct Velocity {
  float dx = 0.0f;
  friend bool operator==(const Velocity&, const Velocity&) = default;
};

class MoverSystem : public System {};

// Position per entity, Velocity packed: both layouts take part.
void Register(Coordinator& world) {
  world.RegisterComponent<Position>("Position", StorageKind::kPerEntity).Field("x", &Position::x);
  world.RegisterComponent<Velocity>("Velocity").Field("dx", &Velocity::dx);
  world.RegisterSystem<MoverSystem>();
  world.SetSystemSignature<MoverSystem>(world.MakeSignature<Position, Velocity>());
}

Position PositionAt(std::size_t i) { return {static_cast<float>(i)}; }
Velocity VelocityAt(std::size_t i) { return {static_cast<float>(i) * 2.0f}; }

}  // namespace

TEST_CASE("CreateEntities makes the entities CreateEntity would, in order", "[ecs][bulk]") {
  Coordinator one_by_one(kSeed);
  Coordinator bulk(kSeed);
  const Entity existing_a = one_by_one.CreateEntity();
  const Entity existing_b = bulk.CreateEntity();
  std::vector<Entity> expected;
  for (int i = 0; i < 300; ++i) expected.push_back(one_by_one.CreateEntity());
  int created_events = 0;
  bulk.Events().Subscribe<EntityCreated>([&](const EntityCreated& event) {
    ++created_events;
    REQUIRE(bulk.GetEntityId(event.entity) == event.id);
  });

  const std::vector<Entity> entities = bulk.CreateEntities(300);

  REQUIRE(entities == expected);
  REQUIRE(created_events == 300);
  REQUIRE(bulk.EntityCount() == 301);
  REQUIRE(bulk.GetChildren(kNullEntity) == one_by_one.GetChildren(kNullEntity));
  REQUIRE(bulk.GetChildren(kNullEntity).front() == existing_b);
  REQUIRE(existing_a == existing_b);
  for (std::size_t i = 0; i < entities.size(); ++i) {
    REQUIRE(bulk.GetEntityId(entities[i]) == one_by_one.GetEntityId(expected[i]));
  }
  REQUIRE(bulk.CreateEntities(0).empty());
}

TEST_CASE("AddComponents gives every entity its value and joins the systems", "[ecs][bulk]") {
  Coordinator world(kSeed);
  Register(world);
  const std::vector<Entity> entities = world.CreateEntities(200);
  std::vector<Entity> announced;
  world.Events().Subscribe<ComponentAdded>([&](const ComponentAdded& event) {
    if (event.type != world.GetComponentType<Velocity>()) return;
    // Announced once the whole batch has its Velocity.
    for (const Entity entity : entities) REQUIRE(world.HasComponent<Velocity>(entity));
    announced.push_back(event.entity);
  });

  world.AddComponents<Position>(entities, PositionAt);
  REQUIRE(world.GetSystem<MoverSystem>()->Entities().Empty());
  world.AddComponents<Velocity>(entities, VelocityAt);

  REQUIRE(announced == entities);
  const auto& members = world.GetSystem<MoverSystem>()->Entities();
  REQUIRE(members.Size() == entities.size());
  for (std::size_t i = 0; i < entities.size(); ++i) {
    REQUIRE(world.GetComponent<Position>(entities[i]) == PositionAt(i));
    REQUIRE(world.GetComponent<Velocity>(entities[i]) == VelocityAt(i));
    REQUIRE(members.Contains(entities[i]));
  }
}

TEST_CASE("AddComponents changes nothing when one entity cannot take the component", "[ecs][bulk]") {
  Coordinator world(kSeed);
  Register(world);
  std::vector<Entity> entities = world.CreateEntities(10);
  const auto untouched = [&] {
    for (std::size_t i = 0; i < entities.size(); ++i) {
      if (i == 3) continue;  // the one that has it already, in the duplicate case
      if (world.IsAlive(entities[i])) REQUIRE_FALSE(world.HasComponent<Velocity>(entities[i]));
    }
    REQUIRE(world.GetStorage<Velocity>().Size() <= 1);
  };

  SECTION("a stale entity") {
    world.DestroyEntity(entities[7]);
    REQUIRE_THROWS_AS(world.AddComponents<Velocity>(entities, VelocityAt), StaleEntityError);
    untouched();
    REQUIRE(world.GetStorage<Velocity>().Size() == 0);
  }
  SECTION("an entity that has it") {
    world.AddComponent<Velocity>(entities[3], Velocity{9.0f});
    REQUIRE_THROWS_AS(world.AddComponents<Velocity>(entities, VelocityAt), DuplicateComponentError);
    untouched();
    REQUIRE(world.GetComponent<Velocity>(entities[3]) == Velocity{9.0f});
  }
  SECTION("an entity listed twice") {
    entities.push_back(entities[5]);
    REQUIRE_THROWS_WITH(world.AddComponents<Velocity>(entities, VelocityAt),
                        world.DescribeEntity(entities[5]) + " already has component Velocity");
    untouched();
    REQUIRE(world.GetStorage<Velocity>().Size() == 0);
  }
  SECTION("a value that cannot be made") {
    const auto failing = [](std::size_t i) {
      if (i == 6) throw std::runtime_error("no value");
      return VelocityAt(i);
    };
    REQUIRE_THROWS_WITH(world.AddComponents<Velocity>(entities, failing), "no value");
    untouched();
    REQUIRE(world.GetStorage<Velocity>().Size() == 0);
  }
  // The world still works: the whole batch can be added afterwards.
  std::vector<Entity> alive;
  for (const Entity entity : entities) {
    if (world.IsAlive(entity) && !world.HasComponent<Velocity>(entity) &&
        std::find(alive.begin(), alive.end(), entity) == alive.end()) {
      alive.push_back(entity);
    }
  }
  world.AddComponents<Velocity>(alive, VelocityAt);
  for (const Entity entity : alive) REQUIRE(world.HasComponent<Velocity>(entity));
}

TEST_CASE("ReserveEntities makes room in the per-entity storages", "[ecs][bulk]") {
  Coordinator world(kSeed);
  Register(world);
  world.ReserveEntities(5000);
  const Entity first = world.CreateEntity();
  const Position* first_position = &world.AddComponent<Position>(first, Position{1.0f});
  const Hierarchy* first_links = &world.GetComponent<Hierarchy>(first);
  for (int i = 1; i < 5000; ++i) world.AddComponent<Position>(world.CreateEntity(), Position{});
  REQUIRE(&world.GetComponent<Position>(first) == first_position);
  REQUIRE(&world.GetComponent<Hierarchy>(first) == first_links);
  REQUIRE(world.GetComponent<Position>(first) == Position{1.0f});
}
