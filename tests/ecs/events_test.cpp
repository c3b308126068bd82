#include "cairn/ecs/events.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "cairn/ecs/builtin_components.h"
#include "cairn/ecs/coordinator.h"
#include "ecs_test_support.h"

using namespace cairn::ecs;
using cairn::ecs::test::TestWorld;

namespace {

// Records every ECS event as text, naming entities by their id value.
class EventLog {
 public:
  explicit EventLog(Coordinator& world) : world_(world) {
    EventBus& bus = world.Events();
    ids_.push_back(bus.Subscribe<EntityCreated>([this](const EntityCreated& e) {
      Add("created " + Label(e.entity) + " id " + std::to_string(e.id.value));
    }));
    ids_.push_back(bus.Subscribe<EntityDestroyed>([this](const EntityDestroyed& e) {
      Add("destroyed " + Label(e.entity) + " id " + std::to_string(e.id.value));
    }));
    ids_.push_back(bus.Subscribe<ComponentAdded>([this](const ComponentAdded& e) {
      Add("added " + Component(e.type) + " to " + Label(e.entity));
    }));
    ids_.push_back(bus.Subscribe<ComponentRemoved>([this](const ComponentRemoved& e) {
      Add("removed " + Component(e.type) + " from " + Label(e.entity));
    }));
    ids_.push_back(bus.Subscribe<ComponentChanged>([this](const ComponentChanged& e) {
      Add("changed " + Component(e.type) + " of " + Label(e.entity));
    }));
    ids_.push_back(bus.Subscribe<ParentChanged>([this](const ParentChanged& e) {
      Add("moved " + Label(e.entity) + " from " + Label(e.old_parent) + " to " + Label(e.new_parent));
    }));
  }
  ~EventLog() {
    for (SubscriptionId id : ids_) world_.Events().Unsubscribe(id);
  }
  EventLog(const EventLog&) = delete;
  EventLog& operator=(const EventLog&) = delete;

  std::vector<std::string> Take() { return std::exchange(lines_, {}); }

 private:
  void Add(std::string line) { lines_.push_back(std::move(line)); }
  std::string Label(Entity entity) const {
    if (entity.IsNull()) return "root";
    return world_.IsAlive(entity) ? std::to_string(world_.GetEntityId(entity).value) : "stale " + ToString(entity);
  }
  std::string Component(ComponentType type) const { return world_.GetComponentInfo(type).name; }

  Coordinator& world_;
  std::vector<SubscriptionId> ids_;
  std::vector<std::string> lines_;
};

using Lines = std::vector<std::string>;

}  // namespace

TEST_CASE("Creating an entity publishes EntityCreated once it exists as a root", "[ecs][events]") {
  TestWorld world(1);
  bool checked = false;
  world.Events().Subscribe<EntityCreated>([&](const EntityCreated& e) {
    REQUIRE(world.IsAlive(e.entity));
    REQUIRE(world.GetEntityId(e.entity) == e.id);
    REQUIRE(world.HasComponent<Hierarchy>(e.entity));
    REQUIRE(world.GetParent(e.entity).IsNull());
    checked = true;
  });
  const Entity entity = world.CreateEntity(EntityId{77});
  REQUIRE(checked);
  REQUIRE(world.GetEntityId(entity) == EntityId{77});
}

TEST_CASE("Component events carry the entity and type, in order", "[ecs][events]") {
  TestWorld world(1);
  RegisterBuiltinComponents(world);
  EventLog log(world);
  const Entity entity = world.CreateEntity(EntityId{1});
  world.AddComponent<Light>(entity);
  world.AddComponent<Name>(entity, Name{"Lamp"});
  world.NotifyComponentChanged<Light>(entity);
  world.SetComponentValue(entity, ComponentValue::From(world.GetComponentInfoPtr(world.GetComponentType<Light>()), Light{}));
  world.RemoveComponent<Light>(entity);
  REQUIRE(log.Take() == Lines{"created 1 id 1", "added Light to 1", "added Name to 1", "changed Light of 1",
                              "changed Light of 1", "removed Light from 1"});
}

TEST_CASE("ComponentAdded comes after the add, ComponentRemoved before the removal", "[ecs][events]") {
  TestWorld world(1);
  RegisterBuiltinComponents(world);
  const Entity entity = world.CreateEntity();
  float seen_on_add = 0.0f;
  float seen_on_remove = 0.0f;
  world.Events().Subscribe<ComponentAdded>([&](const ComponentAdded& e) {
    if (e.type == world.GetComponentType<Light>()) seen_on_add = world.GetComponent<Light>(e.entity).intensity;
  });
  world.Events().Subscribe<ComponentRemoved>([&](const ComponentRemoved& e) {
    REQUIRE(world.HasComponent<Light>(e.entity));
    seen_on_remove = world.GetComponent<Light>(e.entity).range;
  });
  world.AddComponent<Light>(entity, Light{LightType::kPoint, glm::vec3(1.0f), 7.0f, 12.0f, 30.0f});
  world.RemoveComponent<Light>(entity);
  REQUIRE(seen_on_add == 7.0f);
  REQUIRE(seen_on_remove == 12.0f);
}

TEST_CASE("ComponentChanged comes after the new value is in place", "[ecs][events]") {
  TestWorld world(1);
  RegisterBuiltinComponents(world);
  const Entity entity = world.CreateEntity();
  world.AddComponent<Camera>(entity);
  float seen = 0.0f;
  world.Events().Subscribe<ComponentChanged>([&](const ComponentChanged& e) {
    seen = world.GetComponent<Camera>(e.entity).vertical_fov_degrees;
  });
  world.SetComponentValue(entity, ComponentValue::From(world.GetComponentInfoPtr(world.GetComponentType<Camera>()),
                                                       Camera{33.0f, 0.1f, 100.0f, false}));
  REQUIRE(seen == 33.0f);
}

TEST_CASE("ParentChanged names the old and the new parent", "[ecs][events]") {
  TestWorld world(1);
  RegisterBuiltinComponents(world);
  const Entity a = world.CreateEntity(EntityId{1});
  const Entity b = world.CreateEntity(EntityId{2});
  const Entity c = world.CreateEntity(EntityId{3});
  EventLog log(world);
  world.SetParent(c, a);
  world.SetParent(c, b);
  world.SetParent(c, kNullEntity);
  world.SetParentAt(c, kNullEntity, 0);  // a reorder among the roots is a move too
  REQUIRE(log.Take() == Lines{"moved 3 from root to 1", "moved 3 from 1 to 2", "moved 3 from 2 to root",
                              "moved 3 from root to root"});
  REQUIRE(world.GetChildren(kNullEntity) == std::vector<Entity>{c, a, b});
}

TEST_CASE("Keeping the world transform announces the Transform change before the move", "[ecs][events]") {
  TestWorld world(1);
  RegisterBuiltinComponents(world);
  const Entity parent = world.CreateEntity(EntityId{1});
  const Entity child = world.CreateEntity(EntityId{2});
  world.AddComponent<Transform>(parent, Transform{{5, 0, 0}, glm::quat(1, 0, 0, 0), glm::vec3(1.0f)});
  world.AddComponent<Transform>(child);
  EventLog log(world);
  world.SetParent(child, parent, kNullEntity, true);
  REQUIRE(log.Take() == Lines{"changed Transform of 2", "moved 2 from root to 1"});
}

TEST_CASE("EntityDestroyed comes before the components go, children before parents", "[ecs][events]") {
  TestWorld world(1);
  RegisterBuiltinComponents(world);
  const Entity root = world.CreateEntity(EntityId{1});
  const Entity child = world.CreateEntity(EntityId{2});
  const Entity grandchild = world.CreateEntity(EntityId{3});
  const Entity sibling = world.CreateEntity(EntityId{4});
  world.SetParent(child, root);
  world.SetParent(grandchild, child);
  world.SetParent(sibling, root);
  world.AddComponent<Name>(grandchild, Name{"Leaf"});
  std::vector<std::string> names_seen;
  world.Events().Subscribe<EntityDestroyed>([&](const EntityDestroyed& e) {
    const Name* name = world.TryGetComponent<Name>(e.entity);
    names_seen.push_back(name != nullptr ? name->value : "-");
  });
  EventLog log(world);
  world.DestroyEntityAndChildren(root);
  const Lines lines = log.Take();
  REQUIRE(lines.size() == 4);
  const auto position = [&lines](const std::string& line) {
    return std::find(lines.begin(), lines.end(), line) - lines.begin();
  };
  REQUIRE(position("destroyed 3 id 3") < position("destroyed 2 id 2"));
  REQUIRE(position("destroyed 2 id 2") < position("destroyed 1 id 1"));
  REQUIRE(position("destroyed 4 id 4") < position("destroyed 1 id 1"));
  REQUIRE(lines.back() == "destroyed 1 id 1");
  REQUIRE(std::count(names_seen.begin(), names_seen.end(), "Leaf") == 1);
}

TEST_CASE("Destroying an entity publishes EntityDestroyed only, not one event per component", "[ecs][events]") {
  TestWorld world(1);
  RegisterBuiltinComponents(world);
  const Entity entity = world.CreateEntity(EntityId{9});
  world.AddComponent<Light>(entity);
  world.AddComponent<Camera>(entity);
  EventLog log(world);
  world.DestroyEntity(entity);
  REQUIRE(log.Take() == Lines{"destroyed 9 id 9"});
}

TEST_CASE("Failed operations publish nothing", "[ecs][events]") {
  TestWorld world(1);
  RegisterBuiltinComponents(world);
  const Entity parent = world.CreateEntity(EntityId{1});
  const Entity child = world.CreateEntity(EntityId{2});
  world.SetParent(child, parent);
  world.AddComponent<Light>(child);
  EventLog log(world);
  REQUIRE_THROWS(world.AddComponent<Light>(child));
  REQUIRE_THROWS(world.RemoveComponent<Camera>(child));
  REQUIRE_THROWS(world.SetParent(parent, child));
  REQUIRE_THROWS(world.DestroyEntity(parent));
  REQUIRE_THROWS(world.CreateEntity(EntityId{1}));
  REQUIRE(log.Take().empty());
}

TEST_CASE("A subscriber may unsubscribe while the ECS dispatches to it", "[ecs][events]") {
  TestWorld world(1);
  int first_calls = 0;
  int second_calls = 0;
  SubscriptionId first = 0;
  first = world.Events().Subscribe<EntityCreated>([&](const EntityCreated&) {
    ++first_calls;
    world.Events().Unsubscribe(first);
  });
  world.Events().Subscribe<EntityCreated>([&](const EntityCreated&) { ++second_calls; });
  world.CreateEntity();
  world.CreateEntity();
  REQUIRE(first_calls == 1);
  REQUIRE(second_calls == 2);
}

TEST_CASE("A handler may create entities while handling an event", "[ecs][events]") {
  TestWorld world(1);
  RegisterBuiltinComponents(world);
  std::vector<Entity> spawned;
  world.Events().Subscribe<ComponentAdded>([&](const ComponentAdded& e) {
    if (e.type == world.GetComponentType<Player>()) spawned.push_back(world.CreateEntity());
  });
  const Entity hero = world.CreateEntity();
  world.AddComponent<Player>(hero);
  REQUIRE(spawned.size() == 1);
  REQUIRE(world.IsAlive(spawned[0]));
  REQUIRE(world.EntityCount() == 2);
}
