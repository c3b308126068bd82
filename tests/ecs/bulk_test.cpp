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

// Every entity with a Hierarchy: all of them.
class EverySystem : public System {};

TEST_CASE("CreateEntities with nobody listening builds the world CreateEntity would", "[ecs][bulk]") {
  // Nobody subscribes to EntityCreated and no system has hooks, so the
  // batch writes each array in one pass; the world must be the same.
  Coordinator one_by_one(kSeed);
  Coordinator bulk(kSeed);
  for (Coordinator* world : {&one_by_one, &bulk}) {
    Register(*world);
    world->RegisterSystem<EverySystem>();
    world->SetSystemSignature<EverySystem>(world->MakeSignature<Hierarchy>());
    // Roots, a child, and destroyed entities whose slots are free again.
    std::vector<Entity> made;
    for (int i = 0; i < 20; ++i) made.push_back(world->CreateEntity());
    world->SetParent(made[3], made[2]);
    for (const int i : {5, 9, 12, 19}) world->DestroyEntity(made[i]);
  }
  std::vector<Entity> expected;
  for (int i = 0; i < 300; ++i) expected.push_back(one_by_one.CreateEntity());

  const std::vector<Entity> entities = bulk.CreateEntities(300);

  REQUIRE(entities == expected);
  REQUIRE(entities.front().generation == 1);  // the freed slots come first
  REQUIRE(bulk.EntityCount() == one_by_one.EntityCount());
  REQUIRE(bulk.GetChildren(kNullEntity) == one_by_one.GetChildren(kNullEntity));
  for (std::size_t i = 0; i < entities.size(); ++i) {
    INFO("entity " << i);
    REQUIRE(bulk.GetEntityId(entities[i]) == one_by_one.GetEntityId(expected[i]));
    REQUIRE(bulk.GetEntity(bulk.GetEntityId(entities[i])) == entities[i]);
    REQUIRE(bulk.GetComponent<Hierarchy>(entities[i]) == one_by_one.GetComponent<Hierarchy>(expected[i]));
    REQUIRE(bulk.GetSignature(entities[i]) == one_by_one.GetSignature(expected[i]));
  }
  REQUIRE(bulk.GetSystem<EverySystem>()->Entities().Size() == one_by_one.EntityCount());
  for (const Entity entity : entities) REQUIRE(bulk.GetSystem<EverySystem>()->Entities().Contains(entity));

  // The new entities take components, parents and their end as any other.
  bulk.AddComponents<Position>(entities, PositionAt);
  bulk.SetParent(entities[10], entities[0]);
  bulk.DestroyEntity(entities[299]);
  bulk.DestroyEntity(entities[150]);
  std::vector<Entity> roots = one_by_one.GetChildren(kNullEntity);
  std::erase(roots, expected[10]);
  std::erase(roots, expected[299]);
  std::erase(roots, expected[150]);
  REQUIRE(bulk.GetChildren(kNullEntity) == roots);
  REQUIRE(bulk.GetChildren(entities[0]) == std::vector<Entity>{entities[10]});
  REQUIRE(bulk.CreateEntities(2).size() == 2);
  REQUIRE(bulk.GetChildren(kNullEntity).size() == roots.size() + 2);
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
  SECTION("a value that cannot be made, per entity") {
    const auto failing = [](std::size_t i) {
      if (i == 6) throw std::runtime_error("no position");
      return PositionAt(i);
    };
    REQUIRE_THROWS_WITH(world.AddComponents<Position>(entities, failing), "no position");
    for (const Entity entity : entities) REQUIRE_FALSE(world.HasComponent<Position>(entity));
    REQUIRE(world.GetStorage<Position>().Size() == 0);
    world.AddComponents<Position>(entities, PositionAt);
    for (std::size_t i = 0; i < entities.size(); ++i) REQUIRE(world.GetComponent<Position>(entities[i]) == PositionAt(i));
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
