#include "cairn/ecs/coordinator.h"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "cairn/ecs/builtin_components.h"
#include "ecs_test_support.h"

using namespace cairn::ecs;
using cairn::ecs::test::TestWorld;
using cairn::ecs::test::CreateNamed;
using cairn::ecs::test::Described;
using cairn::ecs::test::kWorldSeed;

namespace {

struct Position {
  float x = 0.0f;
  float y = 0.0f;
  friend bool operator==(const Position&, const Position&) = default;
};
struct Velocity {
  float dx = 0.0f;
  friend bool operator==(const Velocity&, const Velocity&) = default;
};
struct Mass {
  float kg = 1.0f;
  friend bool operator==(const Mass&, const Mass&) = default;
};
struct NeverRegistered {
  int value = 0;
  friend bool operator==(const NeverRegistered&, const NeverRegistered&) = default;
};

void RegisterPhysics(Coordinator& world) {
  world.RegisterComponent<Position>("Position").Field("x", &Position::x).Field("y", &Position::y);
  world.RegisterComponent<Velocity>("Velocity").Field("dx", &Velocity::dx);
  world.RegisterComponent<Mass>("Mass").Field("kg", &Mass::kg);
}

std::string StaleMessage(Entity entity, const std::string& operation) {
  return "stale entity handle " + ToString(entity) + " in " + operation +
         ": the entity was destroyed or never existed";
}

std::vector<Entity> Collect(const std::function<void(const std::function<void(Entity)>&)>& iterate) {
  std::vector<Entity> entities;
  iterate([&entities](Entity entity) { entities.push_back(entity); });
  return entities;
}

}  // namespace

// ---- Entities and ids --------------------------------------------------------

TEST_CASE("A new entity is an alive root with only a Hierarchy component", "[ecs][coordinator]") {
  TestWorld world(kWorldSeed);
  const Entity entity = world.CreateEntity();
  REQUIRE(world.IsAlive(entity));
  REQUIRE(world.EntityCount() == 1);
  REQUIRE(world.GetParent(entity).IsNull());
  REQUIRE(world.GetChildren(kNullEntity) == std::vector<Entity>{entity});
  REQUIRE(world.GetSignature(entity).Count() == 1);
  REQUIRE(world.HasComponent<Hierarchy>(entity));
}

TEST_CASE("Generated entity ids are random, non-zero and unique", "[ecs][coordinator]") {
  TestWorld world(kWorldSeed);
  std::set<EntityId> ids;
  std::uint64_t high_bits = 0;
  bool all_non_zero = true;
  for (int i = 0; i < 2000; ++i) {
    const EntityId id = world.GetEntityId(world.CreateEntity());
    all_non_zero = all_non_zero && static_cast<bool>(id);
    ids.insert(id);
    high_bits |= id.value >> 48;
  }
  REQUIRE(all_non_zero);
  REQUIRE(ids.size() == 2000);
  REQUIRE(high_bits != 0);  // not a small counter
  const EntityId generated = world.GenerateEntityId();
  REQUIRE(world.FindEntity(generated).IsNull());
}

TEST_CASE("Equal seeds give equal ids", "[ecs][coordinator]") {
  TestWorld first(99);
  TestWorld second(99);
  for (int i = 0; i < 20; ++i) REQUIRE(first.GetEntityId(first.CreateEntity()) == second.GetEntityId(second.CreateEntity()));
}

TEST_CASE("CreateEntity with a requested id uses it", "[ecs][coordinator]") {
  TestWorld world(kWorldSeed);
  const Entity entity = world.CreateEntity(EntityId{0x3f2a9c0d41be7e10ull});
  REQUIRE(world.GetEntityId(entity) == EntityId{0x3f2a9c0d41be7e10ull});
  REQUIRE(world.FindEntity(EntityId{0x3f2a9c0d41be7e10ull}) == entity);
  REQUIRE(world.GetEntity(EntityId{0x3f2a9c0d41be7e10ull}) == entity);
}

TEST_CASE("A duplicate or zero id is an EntityIdError", "[ecs][coordinator]") {
  TestWorld world(kWorldSeed);
  RegisterBuiltinComponents(world);
  const Entity crate = world.CreateEntity(EntityId{0xaa});
  world.AddComponent<Name>(crate, Name{"Crate"});
  REQUIRE_THROWS_AS(world.CreateEntity(EntityId{0xaa}), EntityIdError);
  REQUIRE_THROWS_WITH(world.CreateEntity(EntityId{0xaa}),
                      "cannot create an entity with id 00000000000000aa: entity 00000000000000aa (Crate) already has it");
  const Entity unnamed = world.CreateEntity(EntityId{0xbb});
  REQUIRE_THROWS_WITH(world.CreateEntity(EntityId{0xbb}),
                      "cannot create an entity with id 00000000000000bb: entity 00000000000000bb already has it");
  REQUIRE_THROWS_AS(world.CreateEntity(kNoEntityId), EntityIdError);
  REQUIRE_THROWS_WITH(world.CreateEntity(kNoEntityId),
                      "cannot create an entity with id 0000000000000000: ids are non-zero");
  REQUIRE(world.EntityCount() == 2);
  REQUIRE(world.IsAlive(unnamed));
}

TEST_CASE("A destroyed entity's id is no longer found and may be used again", "[ecs][coordinator]") {
  TestWorld world(kWorldSeed);
  const Entity entity = world.CreateEntity(EntityId{0x42});
  world.DestroyEntity(entity);
  REQUIRE(world.FindEntity(EntityId{0x42}).IsNull());
  REQUIRE_THROWS_AS(world.GetEntity(EntityId{0x42}), StaleEntityError);
  REQUIRE_THROWS_WITH(world.GetEntity(EntityId{0x42}), "no entity has id 0000000000000042");
  const Entity again = world.CreateEntity(EntityId{0x42});
  REQUIRE(world.FindEntity(EntityId{0x42}) == again);
  REQUIRE(again != entity);
  REQUIRE(world.FindEntity(kNoEntityId).IsNull());
}

TEST_CASE("The entity revision moves with every entity created or destroyed, and with nothing else",
          "[ecs][coordinator]") {
  TestWorld world(kWorldSeed);
  RegisterPhysics(world);
  std::uint64_t seen = world.EntityRevision();
  const auto moved = [&] {
    const bool changed = world.EntityRevision() != seen;
    seen = world.EntityRevision();
    return changed;
  };
  const Entity parent = world.CreateEntity();
  CHECK(moved());
  const Entity child = world.CreateEntity(EntityId{0x42});
  CHECK(moved());
  const std::vector<Entity> bulk = world.CreateEntities(100);
  CHECK(world.EntityRevision() >= seen + 100);
  CHECK(moved());

  world.AddComponent<Position>(child, {1.0f, 2.0f});
  world.GetComponent<Position>(child).x = 3.0f;
  world.SetParent(child, parent);
  world.RemoveComponent<Position>(child);
  CHECK_FALSE(moved());

  world.DestroyEntity(bulk[7]);
  CHECK(moved());
  world.DestroyEntityAndChildren(parent);
  CHECK(world.EntityRevision() >= seen + 2);
  CHECK(moved());
  world.CreateEntity(EntityId{0x42});  // the same id again, in a freed slot
  CHECK(moved());
}

TEST_CASE("Destroying bumps the generation of the slot", "[ecs][coordinator]") {
  TestWorld world(kWorldSeed);
  const Entity first = world.CreateEntity();
  world.DestroyEntity(first);
  REQUIRE_FALSE(world.IsAlive(first));
  const Entity second = world.CreateEntity();
  REQUIRE(second.index == first.index);
  REQUIRE(second.generation == first.generation + 1);
  REQUIRE(world.IsAlive(second));
  REQUIRE_FALSE(world.IsAlive(first));
  REQUIRE(world.EntityCount() == 1);
}

TEST_CASE("Entity slots are recycled oldest first", "[ecs][coordinator]") {
  TestWorld world(kWorldSeed);
  std::vector<Entity> entities;
  for (int i = 0; i < 5; ++i) entities.push_back(world.CreateEntity());
  world.DestroyEntity(entities[3]);
  world.DestroyEntity(entities[0]);
  world.DestroyEntity(entities[2]);
  REQUIRE(world.CreateEntity().index == entities[3].index);
  REQUIRE(world.CreateEntity().index == entities[0].index);
  REQUIRE(world.CreateEntity().index == entities[2].index);
  REQUIRE(world.CreateEntity().index == 5);
}

TEST_CASE("There is no entity limit: 200,000 entities", "[ecs][coordinator]") {
  TestWorld world(kWorldSeed);
  RegisterPhysics(world);
  constexpr std::size_t kCount = 200000;
  std::vector<Entity> entities;
  entities.reserve(kCount);
  for (std::size_t i = 0; i < kCount; ++i) {
    const Entity entity = world.CreateEntity();
    if (i % 2 == 0) world.AddComponent<Position>(entity, Position{static_cast<float>(i), 0.0f});
    entities.push_back(entity);
  }
  REQUIRE(world.EntityCount() == kCount);
  REQUIRE(world.GetStorage<Position>().Size() == kCount / 2);
  bool all_found = true;
  for (std::size_t i = 0; i < kCount; ++i) {
    all_found = all_found && world.FindEntity(world.GetEntityId(entities[i])) == entities[i];
    if (i % 2 == 0) all_found = all_found && world.GetComponent<Position>(entities[i]).x == static_cast<float>(i);
  }
  REQUIRE(all_found);
  REQUIRE(world.GetChildren(kNullEntity).size() == kCount);
  for (std::size_t i = 0; i < kCount; i += 2) world.DestroyEntity(entities[i]);
  REQUIRE(world.EntityCount() == kCount / 2);
  REQUIRE(world.GetStorage<Position>().Size() == 0);
  REQUIRE(world.CreateEntity().index == entities[0].index);
}

TEST_CASE("ForEachEntity visits live entities in slot order", "[ecs][coordinator]") {
  TestWorld world(kWorldSeed);
  const Entity a = world.CreateEntity();
  const Entity b = world.CreateEntity();
  const Entity c = world.CreateEntity();
  world.DestroyEntity(b);
  std::vector<Entity> visited;
  world.ForEachEntity([&visited](Entity entity) { visited.push_back(entity); });
  REQUIRE(visited == std::vector<Entity>{a, c});
  world.ReserveEntities(1000);
  world.ReserveEntities(2000, TestWorld::NewIds::kGiven);
  REQUIRE(world.EntityCount() == 2);
  visited.clear();
  world.ForEachEntity([&visited](Entity entity) { visited.push_back(entity); });
  REQUIRE(visited == std::vector<Entity>{a, c});
  REQUIRE(world.FindEntity(world.GetEntityId(c)) == c);
}

TEST_CASE("DescribeEntity names the id and, when it has one, the name", "[ecs][coordinator]") {
  TestWorld world(kWorldSeed);
  RegisterBuiltinComponents(world);
  const Entity named = world.CreateEntity(EntityId{0x10});
  world.AddComponent<Name>(named, Name{"Player"});
  const Entity unnamed = world.CreateEntity(EntityId{0x11});
  const Entity empty_name = world.CreateEntity(EntityId{0x12});
  world.AddComponent<Name>(empty_name, Name{""});
  REQUIRE(world.DescribeEntity(named) == "entity 0000000000000010 (Player)");
  REQUIRE(world.DescribeEntity(unnamed) == "entity 0000000000000011");
  REQUIRE(world.DescribeEntity(empty_name) == "entity 0000000000000012");
  world.DestroyEntity(unnamed);
  REQUIRE(world.DescribeEntity(unnamed) == "stale entity " + ToString(unnamed));
  REQUIRE(world.DescribeEntity(kNullEntity) == "stale entity null");
}

TEST_CASE("DescribeEntity works before Name is registered", "[ecs][coordinator]") {
  TestWorld world(kWorldSeed);
  const Entity entity = world.CreateEntity(EntityId{0x20});
  REQUIRE(world.DescribeEntity(entity) == "entity 0000000000000020");
}

// ---- Stale handles -------------------------------------------------------------

TEST_CASE("Every accessor detects a stale handle", "[ecs][coordinator]") {
  TestWorld world(kWorldSeed);
  RegisterBuiltinComponents(world);
  const Entity parent = CreateNamed(world, "Parent");
  const Entity stale = CreateNamed(world, "Doomed");
  world.AddComponent<Light>(stale);
  world.DestroyEntity(stale);
  // The slot is reused: the stale handle must not alias the new entity.
  const Entity reused = CreateNamed(world, "Reused");
  world.AddComponent<Light>(reused);
  REQUIRE(reused.index == stale.index);
  const Coordinator& read_only = world;
  const ComponentType name_type = world.GetComponentType<Name>();
  const ComponentValue name_value = world.ReadComponentValue(reused, name_type);

  REQUIRE_FALSE(world.IsAlive(stale));
  REQUIRE_THROWS_WITH(world.GetComponent<Name>(stale), StaleMessage(stale, "GetComponent<Name>"));
  REQUIRE_THROWS_WITH(read_only.GetComponent<Name>(stale), StaleMessage(stale, "GetComponent<Name>"));
  REQUIRE_THROWS_WITH(world.TryGetComponent<Name>(stale), StaleMessage(stale, "TryGetComponent<Name>"));
  REQUIRE_THROWS_WITH(read_only.TryGetComponent<Name>(stale), StaleMessage(stale, "TryGetComponent<Name>"));
  REQUIRE_THROWS_WITH(world.HasComponent<Light>(stale), StaleMessage(stale, "HasComponent<Light>"));
  REQUIRE_THROWS_WITH(world.AddComponent<Camera>(stale), StaleMessage(stale, "AddComponent<Camera>"));
  REQUIRE_THROWS_WITH(world.RemoveComponent<Light>(stale), StaleMessage(stale, "RemoveComponent<Light>"));
  REQUIRE_THROWS_WITH(world.NotifyComponentChanged<Light>(stale), StaleMessage(stale, "NotifyComponentChanged<Light>"));
  REQUIRE_THROWS_WITH(world.HasComponent(stale, name_type), StaleMessage(stale, "HasComponent<Name>"));
  REQUIRE_THROWS_WITH(world.GetComponentData(stale, name_type), StaleMessage(stale, "GetComponent<Name>"));
  REQUIRE_THROWS_WITH(world.ReadComponentValue(stale, name_type), StaleMessage(stale, "GetComponent<Name>"));
  REQUIRE_THROWS_WITH(world.AddComponentValue(stale, ComponentValue(world.GetComponentInfoPtr(world.GetComponentType<Camera>()))),
                      StaleMessage(stale, "AddComponent<Camera>"));
  REQUIRE_THROWS_WITH(world.SetComponentValue(stale, name_value), StaleMessage(stale, "GetComponent<Name>"));
  REQUIRE_THROWS_WITH(world.RemoveComponent(stale, name_type), StaleMessage(stale, "RemoveComponent<Name>"));
  REQUIRE_THROWS_WITH(world.GetSignature(stale), StaleMessage(stale, "GetSignature"));
  REQUIRE_THROWS_WITH(world.GetEntityId(stale), StaleMessage(stale, "GetEntityId"));
  REQUIRE_THROWS_WITH(world.DestroyEntity(stale), StaleMessage(stale, "DestroyEntity"));
  REQUIRE_THROWS_WITH(world.DestroyEntityAndChildren(stale), StaleMessage(stale, "DestroyEntityAndChildren"));
  REQUIRE_THROWS_WITH(world.SetParent(stale, parent), StaleMessage(stale, "SetParent"));
  REQUIRE_THROWS_WITH(world.SetParent(parent, stale), StaleMessage(stale, "SetParent"));
  REQUIRE_THROWS_WITH(world.SetParent(reused, parent, stale), StaleMessage(stale, "SetParent"));
  REQUIRE_THROWS_WITH(world.SetParentAt(stale, parent, 0), StaleMessage(stale, "SetParent"));
  REQUIRE_THROWS_WITH(world.SetParentAt(parent, stale, 0), StaleMessage(stale, "SetParent"));
  REQUIRE_THROWS_WITH(world.GetParent(stale), StaleMessage(stale, "GetParent"));
  REQUIRE_THROWS_WITH(world.ChildCount(stale), StaleMessage(stale, "ChildCount"));
  REQUIRE_THROWS_WITH(world.FirstChild(stale), StaleMessage(stale, "FirstChild"));
  REQUIRE_THROWS_WITH(world.NextSibling(stale), StaleMessage(stale, "NextSibling"));
  REQUIRE_THROWS_WITH(world.ChildAt(stale, 0), StaleMessage(stale, "ChildAt"));
  REQUIRE_THROWS_WITH(world.SiblingIndex(stale), StaleMessage(stale, "SiblingIndex"));
  REQUIRE_THROWS_WITH(world.GetChildren(stale), StaleMessage(stale, "ChildCount"));
  REQUIRE_THROWS_WITH(world.IsAncestorOf(parent, stale), StaleMessage(stale, "IsAncestorOf"));
  REQUIRE_THROWS_WITH(world.ComputeWorldMatrix(stale), StaleMessage(stale, "ComputeWorldMatrix"));
  REQUIRE_THROWS_WITH(world.AddComponentFromName(stale, "Camera"), StaleMessage(stale, "AddComponentFromName<Camera>"));
  REQUIRE_THROWS_WITH(world.ForEachChild(stale, [](Entity) {}), StaleMessage(stale, "FirstChild"));

  // Nothing leaked onto the entity that reuses the slot.
  REQUIRE(world.GetComponent<Name>(reused).value == "Reused");
  REQUIRE(world.HasComponent<Light>(reused));
  REQUIRE_FALSE(world.HasComponent<Camera>(reused));
  REQUIRE(world.GetParent(reused).IsNull());
  REQUIRE(world.EntityCount() == 2);
}

TEST_CASE("Stale handle errors are StaleEntityErrors", "[ecs][coordinator]") {
  TestWorld world(kWorldSeed);
  RegisterBuiltinComponents(world);
  const Entity entity = world.CreateEntity();
  world.DestroyEntity(entity);
  REQUIRE_THROWS_AS(world.GetComponent<Name>(entity), StaleEntityError);
  REQUIRE_THROWS_AS(world.AddComponent<Name>(entity), StaleEntityError);
  REQUIRE_THROWS_AS(world.RemoveComponent<Name>(entity), StaleEntityError);
  REQUIRE_THROWS_AS(world.HasComponent<Name>(entity), StaleEntityError);
  REQUIRE_THROWS_AS(world.TryGetComponent<Name>(entity), StaleEntityError);
  REQUIRE_THROWS_AS(world.SetParent(entity, kNullEntity), StaleEntityError);
  REQUIRE_THROWS_AS(world.GetEntityId(entity), StaleEntityError);
  REQUIRE_THROWS_AS(world.DestroyEntity(entity), StaleEntityError);
}

TEST_CASE("A handle that never existed is stale too", "[ecs][coordinator]") {
  TestWorld world(kWorldSeed);
  RegisterBuiltinComponents(world);
  REQUIRE_FALSE(world.IsAlive(kNullEntity));
  REQUIRE_FALSE(world.IsAlive(Entity{5, 0}));
  REQUIRE_THROWS_WITH(world.GetComponent<Name>(kNullEntity), StaleMessage(kNullEntity, "GetComponent<Name>"));
  REQUIRE_THROWS_WITH(world.GetEntityId(Entity{5, 0}), "stale entity handle 5#0 in GetEntityId: the entity was destroyed or never existed");
  const Entity entity = world.CreateEntity();
  REQUIRE_THROWS_AS(world.GetComponent<Hierarchy>(Entity{entity.index, entity.generation + 1}), StaleEntityError);
}

// ---- Component misuse ------------------------------------------------------------

TEST_CASE("A missing component is an error naming the entity and the component", "[ecs][coordinator]") {
  TestWorld world(kWorldSeed);
  RegisterBuiltinComponents(world);
  const Entity player = CreateNamed(world, "Player");
  const std::string missing = Described(world, player, "Player") + " has no component Light";
  const ComponentType light = world.GetComponentType<Light>();
  REQUIRE_THROWS_AS(world.GetComponent<Light>(player), MissingComponentError);
  REQUIRE_THROWS_WITH(world.GetComponent<Light>(player), missing);
  REQUIRE_THROWS_WITH(world.RemoveComponent<Light>(player), missing);
  REQUIRE_THROWS_WITH(world.GetComponentData(player, light), missing);
  REQUIRE_THROWS_WITH(world.ReadComponentValue(player, light), missing);
  REQUIRE_THROWS_WITH(world.SetComponentValue(player, ComponentValue(world.GetComponentInfoPtr(light))), missing);
  REQUIRE(world.TryGetComponent<Light>(player) == nullptr);
  REQUIRE_FALSE(world.HasComponent<Light>(player));
  REQUIRE_FALSE(world.HasComponent(player, light));

  const Entity unnamed = world.CreateEntity(EntityId{0x77});
  REQUIRE_THROWS_WITH(world.GetComponent<Camera>(unnamed), "entity 0000000000000077 has no component Camera");
}

TEST_CASE("Adding a component twice is an error naming the entity and the component", "[ecs][coordinator]") {
  TestWorld world(kWorldSeed);
  RegisterBuiltinComponents(world);
  const Entity player = CreateNamed(world, "Player");
  world.AddComponent<Light>(player, Light{LightType::kSpot, glm::vec3(1.0f), 5.0f, 10.0f, 20.0f});
  const std::string duplicate = Described(world, player, "Player") + " already has component Light";
  REQUIRE_THROWS_AS(world.AddComponent<Light>(player), DuplicateComponentError);
  REQUIRE_THROWS_WITH(world.AddComponent<Light>(player), duplicate);
  REQUIRE_THROWS_WITH(world.AddComponentValue(player, ComponentValue(world.GetComponentInfoPtr(world.GetComponentType<Light>()))),
                      duplicate);
  REQUIRE(world.GetComponent<Light>(player).type == LightType::kSpot);  // the first value stays
}

TEST_CASE("Using an unregistered component type is an error naming the component", "[ecs][coordinator]") {
  TestWorld world(kWorldSeed);
  const Entity entity = world.CreateEntity();
  const std::string message = "component type NeverRegistered is not registered (call RegisterComponent first)";
  REQUIRE_FALSE(world.IsRegistered<NeverRegistered>());
  REQUIRE_THROWS_AS(world.AddComponent<NeverRegistered>(entity), ComponentRegistrationError);
  REQUIRE_THROWS_WITH(world.AddComponent<NeverRegistered>(entity), Catch::Contains("NeverRegistered") && Catch::Contains("not registered"));
  REQUIRE_THROWS_WITH(world.GetComponent<NeverRegistered>(entity), Catch::Contains(message));
  REQUIRE_THROWS_WITH(world.TryGetComponent<NeverRegistered>(entity), Catch::Contains(message));
  REQUIRE_THROWS_WITH(world.HasComponent<NeverRegistered>(entity), Catch::Contains(message));
  REQUIRE_THROWS_WITH(world.RemoveComponent<NeverRegistered>(entity), Catch::Contains(message));
  REQUIRE_THROWS_WITH(world.GetComponentType<NeverRegistered>(), message);
  REQUIRE_THROWS_WITH(world.GetStorage<NeverRegistered>(), message);
  REQUIRE_THROWS_WITH(world.MakeSignature<NeverRegistered>(), message);
  REQUIRE_THROWS_WITH(world.Each<NeverRegistered>([](Entity, NeverRegistered&) {}), message);
}

// Every misuse error on an entity names the entity as well as the component.
TEST_CASE("Using an unregistered component type on an entity names the entity", "[ecs][coordinator]") {
  TestWorld world(kWorldSeed);
  RegisterBuiltinComponents(world);
  const Entity entity = CreateNamed(world, "Crate");
  REQUIRE_THROWS_WITH(world.AddComponent<NeverRegistered>(entity), Catch::Contains(Described(world, entity, "Crate")));
  REQUIRE_THROWS_WITH(world.GetComponent<NeverRegistered>(entity), Catch::Contains(Described(world, entity, "Crate")));
}

TEST_CASE("Registering a type or a name twice is an error", "[ecs][coordinator]") {
  TestWorld world(kWorldSeed);
  RegisterPhysics(world);
  REQUIRE_THROWS_AS(world.RegisterComponent<Position>("Place"), ComponentRegistrationError);
  REQUIRE_THROWS_WITH(world.RegisterComponent<Position>("Place"), "component type Position is already registered as Position");
  REQUIRE_THROWS_WITH(world.RegisterComponent<NeverRegistered>("Velocity"), "a component named Velocity is already registered");
  REQUIRE_THROWS_WITH(world.RegisterComponent<Hierarchy>("Links"), "component type Hierarchy is already registered as Hierarchy");
  REQUIRE(world.ComponentTypeCount() == 4);
  REQUIRE_FALSE(world.IsRegistered<NeverRegistered>());
}

TEST_CASE("Hierarchy cannot be removed, replaced or added by hand", "[ecs][coordinator]") {
  TestWorld world(kWorldSeed);
  RegisterBuiltinComponents(world);
  const Entity crate = CreateNamed(world, "Crate");
  const ComponentType hierarchy = world.GetComponentType<Hierarchy>();
  REQUIRE_THROWS_AS(world.RemoveComponent<Hierarchy>(crate), HierarchyError);
  REQUIRE_THROWS_WITH(world.RemoveComponent(crate, hierarchy),
                      "cannot remove Hierarchy from " + Described(world, crate, "Crate") + ": it is structural");
  REQUIRE_THROWS_AS(world.SetComponentValue(crate, world.ReadComponentValue(crate, hierarchy)), HierarchyError);
  REQUIRE_THROWS_WITH(world.SetComponentValue(crate, world.ReadComponentValue(crate, hierarchy)),
                      "cannot set Hierarchy of " + Described(world, crate, "Crate") + " directly; use SetParent");
  REQUIRE_THROWS_AS(world.AddComponent<Hierarchy>(crate), EcsError);
  REQUIRE_THROWS_AS(world.AddComponentValue(crate, ComponentValue(world.GetComponentInfoPtr(hierarchy))), EcsError);
  REQUIRE(world.HasComponent<Hierarchy>(crate));
}

TEST_CASE("A value of a type this world does not know is rejected", "[ecs][coordinator]") {
  TestWorld other(2);
  RegisterBuiltinComponents(other);
  const ComponentValue light(other.GetComponentInfoPtr(other.GetComponentType<Light>()));
  TestWorld world(kWorldSeed);
  RegisterPhysics(world);
  const Entity entity = world.CreateEntity();
  REQUIRE_THROWS_AS(world.ResolveComponentType(light), UnknownComponentError);
  REQUIRE_THROWS_WITH(world.AddComponentValue(entity, light), "component Light is not registered in this world");
  REQUIRE_THROWS_WITH(world.SetComponentValue(entity, light), "component Light is not registered in this world");
}

TEST_CASE("A value resolves to this world's type of its name, whichever world it was read from", "[ecs][coordinator]") {
  TestWorld world(kWorldSeed);
  RegisterPhysics(world);
  // The same components registered in another order: each has another number there.
  TestWorld other(2);
  other.RegisterComponent<Mass>("Mass").Field("kg", &Mass::kg);
  other.RegisterComponent<Position>("Position").Field("x", &Position::x).Field("y", &Position::y);
  other.RegisterComponent<Velocity>("Velocity").Field("dx", &Velocity::dx);
  REQUIRE(other.GetComponentType<Mass>() == world.GetComponentType<Position>());
  for (const std::string_view name : {"Position", "Velocity", "Mass"}) {
    const ComponentInfo& here = *world.FindComponentInfo(name);
    const ComponentInfo& there = *other.FindComponentInfo(name);
    CAPTURE(name);
    REQUIRE(world.ResolveComponentType(here) == here.type);
    REQUIRE(world.ResolveComponentType(there) == here.type);
    REQUIRE(other.ResolveComponentType(here) == there.type);
  }
  const Entity entity = world.CreateEntity();
  world.AddComponentValue(entity, ComponentValue::From(other.GetComponentInfoPtr(other.GetComponentType<Mass>()),
                                                       Mass{3.0f}));
  REQUIRE(world.GetComponent<Mass>(entity) == Mass{3.0f});
  REQUIRE_FALSE(world.HasComponent<Position>(entity));
}

TEST_CASE("Components can be added, read, changed and removed", "[ecs][coordinator]") {
  TestWorld world(kWorldSeed);
  RegisterPhysics(world);
  const Entity entity = world.CreateEntity();
  Position& added = world.AddComponent<Position>(entity, Position{1.0f, 2.0f});
  REQUIRE(added == Position{1.0f, 2.0f});
  world.GetComponent<Position>(entity).x = 5.0f;
  const Coordinator& read_only = world;
  REQUIRE(read_only.GetComponent<Position>(entity).x == 5.0f);
  REQUIRE(read_only.TryGetComponent<Position>(entity)->y == 2.0f);
  REQUIRE(world.HasComponent<Position>(entity));
  REQUIRE(world.GetSignature(entity).Test(world.GetComponentType<Position>()));
  world.SetComponentValue(entity, ComponentValue::From(world.GetComponentInfoPtr(world.GetComponentType<Position>()),
                                                       Position{7.0f, 8.0f}));
  REQUIRE(world.GetComponent<Position>(entity) == Position{7.0f, 8.0f});
  REQUIRE(world.ReadComponentValue(entity, world.GetComponentType<Position>()).As<Position>() == Position{7.0f, 8.0f});
  world.RemoveComponent<Position>(entity);
  REQUIRE_FALSE(world.HasComponent<Position>(entity));
  REQUIRE_FALSE(world.GetSignature(entity).Test(world.GetComponentType<Position>()));
  world.AddComponentValue(entity, ComponentValue(world.GetComponentInfoPtr(world.GetComponentType<Mass>())));
  REQUIRE(world.GetComponent<Mass>(entity).kg == 1.0f);
  REQUIRE(*static_cast<const Mass*>(world.GetComponentData(entity, world.GetComponentType<Mass>())) == Mass{});
}

TEST_CASE("Destroying an entity removes all its components", "[ecs][coordinator]") {
  TestWorld world(kWorldSeed);
  RegisterPhysics(world);
  const Entity doomed = world.CreateEntity();
  const Entity survivor = world.CreateEntity();
  world.AddComponent<Position>(doomed, Position{1.0f, 1.0f});
  world.AddComponent<Position>(survivor, Position{2.0f, 2.0f});
  world.AddComponent<Mass>(doomed);
  world.DestroyEntity(doomed);
  REQUIRE(world.GetStorage<Position>().Size() == 1);
  REQUIRE(world.GetStorage<Mass>().Size() == 0);
  REQUIRE(world.GetComponent<Position>(survivor) == Position{2.0f, 2.0f});
  const Entity reused = world.CreateEntity();
  REQUIRE(reused.index == doomed.index);
  REQUIRE(world.GetSignature(reused).Count() == 1);  // starts with Hierarchy only
  REQUIRE_FALSE(world.HasComponent<Position>(reused));
}

// ---- Iteration --------------------------------------------------------------------

TEST_CASE("Each visits exactly the entities having all the types", "[ecs][coordinator]") {
  TestWorld world(kWorldSeed);
  RegisterPhysics(world);
  std::vector<Entity> expected;
  for (int i = 0; i < 60; ++i) {
    const Entity entity = world.CreateEntity();
    if (i % 2 == 0) world.AddComponent<Position>(entity, Position{static_cast<float>(i), 0.0f});
    if (i % 3 == 0) world.AddComponent<Velocity>(entity, Velocity{static_cast<float>(i)});
    if (i % 5 == 0) world.AddComponent<Mass>(entity);
    if (i % 2 == 0 && i % 3 == 0) expected.push_back(entity);
  }
  std::vector<Entity> visited;
  world.Each<Position, Velocity>([&](Entity entity, Position& position, Velocity& velocity) {
    REQUIRE(position.x == velocity.dx);
    visited.push_back(entity);
  });
  std::sort(visited.begin(), visited.end(), [](Entity a, Entity b) { return a.index < b.index; });
  REQUIRE(visited == expected);
  REQUIRE(world.EntitiesWith<Position, Velocity, Mass>().size() == 2);  // 0 and 30
  REQUIRE(world.EntitiesWith<Mass>().size() == 12);
}

TEST_CASE("Each, EachComponentData and ForEachEntityWith agree whatever the storage kinds", "[ecs][coordinator]") {
  const StorageKind position_kind = GENERATE(StorageKind::kPacked, StorageKind::kPerEntity);
  const StorageKind velocity_kind = GENERATE(StorageKind::kPacked, StorageKind::kPerEntity);
  CAPTURE(static_cast<int>(position_kind), static_cast<int>(velocity_kind));
  TestWorld world(kWorldSeed);
  world.RegisterComponent<Position>("Position", position_kind).Field("x", &Position::x);
  world.RegisterComponent<Velocity>("Velocity", velocity_kind).Field("dx", &Velocity::dx);
  // Entities with either, both or neither; then a third destroyed and their
  // slots reused by entities with only Velocity (stale generations in the
  // per-entity records, and pools filled in different orders).
  std::vector<Entity> entities;
  for (int i = 0; i < 300; ++i) {
    const Entity entity = world.CreateEntity();
    if (i % 2 == 0) world.AddComponent<Position>(entity, Position{static_cast<float>(i), 0.0f});
    if (i % 3 != 1) world.AddComponent<Velocity>(entity, Velocity{static_cast<float>(i)});
    entities.push_back(entity);
  }
  for (int i = 0; i < 300; i += 3) world.DestroyEntity(entities[static_cast<std::size_t>(i)]);
  for (int i = 0; i < 50; ++i) world.AddComponent<Velocity>(world.CreateEntity(), Velocity{-1.0f});

  std::set<std::uint32_t> expected;  // indices of entities with both
  for (int i = 0; i < 300; ++i) {
    if (i % 3 != 0 && i % 2 == 0 && i % 3 != 1) expected.insert(entities[static_cast<std::size_t>(i)].index);
  }
  std::set<std::uint32_t> visited;
  world.Each<Position, Velocity>([&](Entity entity, Position& position, Velocity& velocity) {
    REQUIRE(world.IsAlive(entity));
    REQUIRE(position.x == velocity.dx);
    REQUIRE(visited.insert(entity.index).second);
  });
  REQUIRE(visited == expected);
  std::set<std::uint32_t> visited_reversed;
  world.Each<Velocity, Position>([&](Entity entity, Velocity&, Position&) { visited_reversed.insert(entity.index); });
  REQUIRE(visited_reversed == expected);
  std::set<std::uint32_t> with_signature;
  world.ForEachEntityWith(world.MakeSignature<Position, Velocity>(),
                          [&](Entity entity) { with_signature.insert(entity.index); });
  REQUIRE(with_signature == expected);

  std::size_t velocities = 0;
  world.EachComponentData(world.GetComponentType<Velocity>(), [&](Entity entity, void* data) {
    REQUIRE(world.IsAlive(entity));
    REQUIRE(data == &world.GetComponent<Velocity>(entity));
    ++velocities;
  });
  REQUIRE(velocities == world.GetStorage<Velocity>().Size());
  REQUIRE(velocities == 200 - 100 + 50);  // 200 had one, the 100 of them at multiples of 3 destroyed, 50 new
}

TEST_CASE("Each stops at the end of the shortest per-entity pool, not before", "[ecs][coordinator]") {
  // Position's records reach far past Velocity's: the entities past
  // Velocity's records have no Velocity, and one that gets it is visited.
  TestWorld world(kWorldSeed);
  world.RegisterComponent<Position>("Position", StorageKind::kPerEntity).Field("x", &Position::x);
  world.RegisterComponent<Velocity>("Velocity", StorageKind::kPerEntity).Field("dx", &Velocity::dx);
  std::vector<Entity> entities;
  for (int i = 0; i < 2000; ++i) entities.push_back(world.CreateEntity());
  for (int i = 1900; i < 1910; ++i) world.AddComponent<Position>(entities[static_cast<std::size_t>(i)]);
  for (int i = 0; i < 100; ++i) world.AddComponent<Velocity>(entities[static_cast<std::size_t>(i)]);
  REQUIRE(world.GetStorage<Velocity>().RecordCount() < world.GetStorage<Position>().RecordCount());
  std::vector<Entity> visited;
  world.Each<Position, Velocity>([&](Entity entity, Position&, Velocity&) { visited.push_back(entity); });
  REQUIRE(visited.empty());
  world.AddComponent<Velocity>(entities[1905]);
  world.Each<Position, Velocity>([&](Entity entity, Position&, Velocity&) { visited.push_back(entity); });
  world.Each<Velocity, Position>([&](Entity entity, Velocity&, Position&) { visited.push_back(entity); });
  REQUIRE(visited == std::vector<Entity>{entities[1905], entities[1905]});
}

TEST_CASE("Each hands out references into storage", "[ecs][coordinator]") {
  TestWorld world(kWorldSeed);
  RegisterPhysics(world);
  for (int i = 0; i < 10; ++i) {
    const Entity entity = world.CreateEntity();
    world.AddComponent<Position>(entity);
    world.AddComponent<Velocity>(entity, Velocity{2.0f});
  }
  world.Each<Position, Velocity>([](Entity, Position& position, const Velocity& velocity) { position.x += velocity.dx; });
  int moved = 0;
  world.Each<Position>([&moved](Entity, Position& position) { moved += position.x == 2.0f ? 1 : 0; });
  REQUIRE(moved == 10);
}

TEST_CASE("Each iterates the smallest pool", "[ecs][coordinator]") {
  TestWorld world(kWorldSeed);
  RegisterPhysics(world);
  std::vector<Entity> entities;
  for (int i = 0; i < 10; ++i) {
    entities.push_back(world.CreateEntity());
    world.AddComponent<Position>(entities.back());
  }
  // Velocity is the smaller pool and holds its entities in a different order.
  world.AddComponent<Velocity>(entities[7]);
  world.AddComponent<Velocity>(entities[2]);
  world.AddComponent<Velocity>(entities[5]);
  REQUIRE(world.EntitiesWith<Position, Velocity>() == std::vector<Entity>{entities[7], entities[2], entities[5]});
  REQUIRE(world.EntitiesWith<Velocity, Position>() == std::vector<Entity>{entities[7], entities[2], entities[5]});
  REQUIRE(world.EntitiesWith<Position>().size() == 10);
}

TEST_CASE("Each over an empty pool visits nothing", "[ecs][coordinator]") {
  TestWorld world(kWorldSeed);
  RegisterPhysics(world);
  const Entity entity = world.CreateEntity();
  world.AddComponent<Position>(entity);
  REQUIRE(world.EntitiesWith<Position, Mass>().empty());
  REQUIRE(world.EntitiesWith<Mass>().empty());
}

TEST_CASE("ForEachEntityWith visits every entity whose signature contains the given one", "[ecs][coordinator]") {
  TestWorld world(kWorldSeed);
  RegisterPhysics(world);
  std::vector<Entity> all;
  std::vector<Entity> moving;
  for (int i = 0; i < 20; ++i) {
    const Entity entity = world.CreateEntity();
    all.push_back(entity);
    world.AddComponent<Position>(entity);
    if (i % 4 == 1) {
      world.AddComponent<Velocity>(entity);
      moving.push_back(entity);
    }
  }
  auto with = [&world](const Signature& signature) {
    return Collect([&](const std::function<void(Entity)>& fn) { world.ForEachEntityWith(signature, fn); });
  };
  std::vector<Entity> found = with(world.MakeSignature<Velocity, Position>());
  std::sort(found.begin(), found.end(), [](Entity a, Entity b) { return a.index < b.index; });
  REQUIRE(found == moving);
  REQUIRE(with(world.MakeSignature<Mass>()).empty());
  REQUIRE(with(Signature{}) == all);  // the empty signature matches everything, in slot order
  REQUIRE(with(world.MakeSignature<Hierarchy>()).size() == 20);
}

TEST_CASE("Random adds, removes and destroys agree with a reference model in every storage kind",
          "[ecs][coordinator][adaptive]") {
  // Enough entities for an adaptive storage to go per entity part-way
  // through (and for Velocity, on a third of them, to stay packed longer).
  const StorageKind kind = GENERATE(StorageKind::kAdaptive, StorageKind::kPacked, StorageKind::kPerEntity);
  CAPTURE(static_cast<int>(kind));
  TestWorld world(kWorldSeed);
  world.RegisterComponent<Position>("Position", kind).Field("x", &Position::x);
  world.RegisterComponent<Velocity>("Velocity", kind).Field("dx", &Velocity::dx);
  struct Expected {
    std::optional<float> x;   // Position
    std::optional<float> dx;  // Velocity
  };
  std::map<std::pair<std::uint32_t, std::uint32_t>, Expected> model;  // by (index, generation)
  std::vector<Entity> live;
  std::vector<Entity> dead;
  std::mt19937 random(20261128);
  const auto pick = [&](std::size_t count) { return std::uniform_int_distribution<std::size_t>(0, count - 1)(random); };
  const auto key = [](Entity entity) { return std::pair(entity.index, entity.generation); };
  for (int step = 0; step < 60'000; ++step) {
    const std::size_t action = live.empty() ? 0 : pick(10);
    if (action <= 3) {  // create, mostly with a Position
      const Entity entity = world.CreateEntity();
      Expected& expected = model[key(entity)];
      if (pick(10) < 9) {
        world.AddComponent<Position>(entity, Position{static_cast<float>(step), 0.0f});
        expected.x = static_cast<float>(step);
      }
      if (pick(3) == 0) {
        world.AddComponent<Velocity>(entity, Velocity{static_cast<float>(-step)});
        expected.dx = static_cast<float>(-step);
      }
      live.push_back(entity);
      continue;
    }
    const std::size_t at = pick(live.size());
    const Entity entity = live[at];
    Expected& expected = model.at(key(entity));
    if (action == 4) {  // destroy
      world.DestroyEntity(entity);
      model.erase(key(entity));
      live[at] = live.back();
      live.pop_back();
      dead.push_back(entity);
    } else if (action == 5) {  // toggle Position
      if (expected.x) {
        world.RemoveComponent<Position>(entity);
        expected.x.reset();
      } else {
        world.AddComponent<Position>(entity, Position{static_cast<float>(step), 1.0f});
        expected.x = static_cast<float>(step);
      }
    } else if (action == 6) {  // toggle Velocity
      if (expected.dx) {
        world.RemoveComponent<Velocity>(entity);
        expected.dx.reset();
      } else {
        world.AddComponent<Velocity>(entity, Velocity{static_cast<float>(step)});
        expected.dx = static_cast<float>(step);
      }
    } else {  // read one back
      const Position* position = world.TryGetComponent<Position>(entity);
      REQUIRE((position != nullptr) == expected.x.has_value());
      if (position != nullptr) REQUIRE(position->x == *expected.x);
    }
  }
  if (kind == StorageKind::kAdaptive) {
    REQUIRE(world.GetStorage<Position>().Kind() == StorageKind::kPerEntity);
  } else {
    REQUIRE(world.GetStorage<Position>().Kind() == kind);
  }

  std::set<std::pair<std::uint32_t, std::uint32_t>> with_both;
  std::size_t positions = 0;
  std::size_t velocities = 0;
  for (const Entity entity : live) {
    const Expected& expected = model.at(key(entity));
    REQUIRE(world.HasComponent<Position>(entity) == expected.x.has_value());
    REQUIRE(world.HasComponent<Velocity>(entity) == expected.dx.has_value());
    if (expected.x) REQUIRE(world.GetComponent<Position>(entity).x == *expected.x);
    if (expected.dx) REQUIRE(world.GetComponent<Velocity>(entity).dx == *expected.dx);
    if (expected.x && expected.dx) with_both.insert(key(entity));
    positions += expected.x ? 1 : 0;
    velocities += expected.dx ? 1 : 0;
  }
  REQUIRE(world.GetStorage<Position>().Size() == positions);
  REQUIRE(world.GetStorage<Velocity>().Size() == velocities);
  std::set<std::pair<std::uint32_t, std::uint32_t>> visited;
  world.Each<Position, Velocity>([&](Entity entity, Position& position, Velocity& velocity) {
    REQUIRE(visited.insert(key(entity)).second);
    REQUIRE(position.x == *model.at(key(entity)).x);
    REQUIRE(velocity.dx == *model.at(key(entity)).dx);
  });
  REQUIRE(visited == with_both);
  for (const Entity entity : dead) {
    REQUIRE_THROWS_WITH(world.GetComponent<Position>(entity), Catch::Contains("stale entity handle"));
  }
}
