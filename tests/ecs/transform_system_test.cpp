#include "cairn/ecs/transform_system.h"

#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>

#include "cairn/ecs/builtin_components.h"
#include "cairn/ecs/components/transform.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/test/chains.h"
#include "ecs_test_support.h"

using namespace cairn::ecs;
using cairn::ecs::test::TestWorld;
using cairn::ecs::test::CreateNamed;
using cairn::ecs::test::kWorldSeed;
using cairn::ecs::test::MatricesNear;

namespace {

Transform MakeTransform(glm::vec3 position, float degrees, glm::vec3 axis, glm::vec3 scale) {
  return Transform{position, glm::angleAxis(glm::radians(degrees), glm::normalize(axis)), scale};
}

// A world with the built-ins and its TransformSystem.
struct Scene {
  TestWorld world{kWorldSeed};
  TransformSystem* transforms = nullptr;

  Scene() {
    RegisterBuiltinComponents(world);
    transforms = world.GetSystem<TransformSystem>().get();
  }

  Entity Add(const std::string& name, Entity parent, const Transform& transform) {
    const Entity entity = CreateNamed(world, name);
    if (!parent.IsNull()) world.SetParent(entity, parent);
    world.AddComponent<Transform>(entity, transform);
    return entity;
  }

  std::size_t Update() {
    world.UpdateSystems(0.016f);
    return transforms->LastRecomputedCount();
  }

  // Every live entity's cached world matrix equals the one computed from scratch.
  bool AllMatricesCurrent() {
    bool current = true;
    world.ForEachEntity([&](Entity entity) {
      current = current && MatricesNear(transforms->WorldMatrix(entity), world.ComputeWorldMatrix(entity));
    });
    return current;
  }
};

// root -> 10 branches -> 10 leaves each: 111 entities.
struct BigTree {
  Entity root;
  std::vector<Entity> branches;
  std::vector<std::vector<Entity>> leaves;
};

BigTree MakeBigTree(Scene& scene) {
  BigTree tree;
  tree.root = scene.Add("root", kNullEntity, MakeTransform({0, 1, 0}, 15.0f, {0, 1, 0}, glm::vec3(1.5f)));
  for (int b = 0; b < 10; ++b) {
    const Entity branch = scene.Add("branch" + std::to_string(b), tree.root,
                                    MakeTransform({static_cast<float>(b), 0, 0}, 10.0f * b, {0, 0, 1}, glm::vec3(1.0f)));
    tree.branches.push_back(branch);
    tree.leaves.emplace_back();
    for (int l = 0; l < 10; ++l) {
      tree.leaves.back().push_back(scene.Add("leaf", branch,
                                             MakeTransform({0, static_cast<float>(l), 1}, 5.0f * l, {1, 0, 0},
                                                           glm::vec3(0.5f + 0.1f * static_cast<float>(l)))));
    }
  }
  return tree;
}

void Move(Coordinator& world, Entity entity, glm::vec3 offset) {
  world.GetComponent<Transform>(entity).position += offset;
  world.NotifyComponentChanged<Transform>(entity);
}

}  // namespace

// ---- Transform ----------------------------------------------------------------------

TEST_CASE("A Transform's local matrix is translate * rotate * scale", "[ecs][transform]") {
  const Transform transform = MakeTransform({1, 2, 3}, 90.0f, {0, 0, 1}, {2, 3, 4});
  glm::mat4 expected = glm::translate(glm::mat4(1.0f), glm::vec3(1, 2, 3));
  expected = expected * glm::mat4_cast(transform.rotation);
  expected = glm::scale(expected, glm::vec3(2, 3, 4));
  REQUIRE(MatricesNear(transform.LocalMatrix(), expected));
  REQUIRE(Transform{}.LocalMatrix() == glm::mat4(1.0f));
}

TEST_CASE("FromMatrix decomposes a matrix into position, rotation and scale", "[ecs][transform]") {
  const Transform original = MakeTransform({-1, 0.5f, 7}, 123.0f, {1, -2, 0.5f}, {0.5f, 2.0f, 3.0f});
  const Transform decomposed = Transform::FromMatrix(original.LocalMatrix());
  REQUIRE(MatricesNear(decomposed.LocalMatrix(), original.LocalMatrix()));
  REQUIRE(decomposed.position == original.position);
  REQUIRE(std::abs(decomposed.scale.y - 2.0f) < 1e-5f);
  REQUIRE(std::abs(std::abs(glm::dot(decomposed.rotation, original.rotation)) - 1.0f) < 1e-5f);
}

TEST_CASE("FromMatrix expresses a mirrored basis as a negative X scale", "[ecs][transform]") {
  const glm::mat4 mirrored = glm::scale(glm::mat4(1.0f), glm::vec3(-2.0f, 1.0f, 1.0f));
  const Transform decomposed = Transform::FromMatrix(mirrored);
  REQUIRE(decomposed.scale.x < 0.0f);
  REQUIRE(MatricesNear(decomposed.LocalMatrix(), mirrored));
}

// ---- TransformSystem -----------------------------------------------------------------

TEST_CASE("The TransformSystem tracks the entities that have a Transform", "[ecs][transform]") {
  Scene scene;
  const Entity with = scene.Add("with", kNullEntity, Transform{});
  const Entity without = CreateNamed(scene.world, "without");
  REQUIRE(scene.transforms->Entities().Contains(with));
  REQUIRE_FALSE(scene.transforms->Entities().Contains(without));
  REQUIRE(scene.transforms->Name() == "TransformSystem");
}

TEST_CASE("World matrices are computed parent-first", "[ecs][transform]") {
  Scene scene;
  const Entity parent = scene.Add("parent", kNullEntity, MakeTransform({10, 0, 0}, 90.0f, {0, 1, 0}, glm::vec3(2.0f)));
  const Entity child = scene.Add("child", parent, MakeTransform({1, 0, 0}, 0.0f, {0, 1, 0}, glm::vec3(1.0f)));
  const Entity grandchild = scene.Add("grandchild", child, MakeTransform({0, 1, 0}, 45.0f, {1, 0, 0}, glm::vec3(3.0f)));
  // Parented before they had a Transform, created in child-first slot order.
  const Entity late_leaf = CreateNamed(scene.world, "late");
  scene.world.SetParent(late_leaf, grandchild);
  scene.world.AddComponent<Transform>(late_leaf, MakeTransform({0, 0, 2}, 0.0f, {0, 1, 0}, glm::vec3(1.0f)));
  scene.Update();
  const glm::mat4 parent_world = scene.world.GetComponent<Transform>(parent).LocalMatrix();
  const glm::mat4 child_world = parent_world * scene.world.GetComponent<Transform>(child).LocalMatrix();
  REQUIRE(MatricesNear(scene.transforms->WorldMatrix(parent), parent_world));
  REQUIRE(MatricesNear(scene.transforms->WorldMatrix(child), child_world));
  REQUIRE(MatricesNear(scene.transforms->WorldMatrix(grandchild),
                       child_world * scene.world.GetComponent<Transform>(grandchild).LocalMatrix()));
  // (1,0,0) under a parent at (10,0,0) turned 90 degrees about Y and scaled 2: (10,0,-2).
  REQUIRE(MatricesNear(glm::mat4(child_world[3], glm::vec4(0), glm::vec4(0), glm::vec4(0)),
                       glm::mat4(glm::vec4(10, 0, -2, 1), glm::vec4(0), glm::vec4(0), glm::vec4(0))));
  REQUIRE(scene.AllMatricesCurrent());
}

TEST_CASE("Entities without a Transform pass their parent's matrix on", "[ecs][transform]") {
  Scene scene;
  const Entity parent = scene.Add("parent", kNullEntity, MakeTransform({5, 0, 0}, 0.0f, {0, 1, 0}, glm::vec3(1.0f)));
  const Entity group = CreateNamed(scene.world, "group", parent);
  const Entity leaf = scene.Add("leaf", group, MakeTransform({0, 3, 0}, 0.0f, {0, 1, 0}, glm::vec3(1.0f)));
  scene.Update();
  REQUIRE(MatricesNear(scene.transforms->WorldMatrix(group), scene.transforms->WorldMatrix(parent)));
  REQUIRE(MatricesNear(scene.transforms->WorldMatrix(leaf),
                       glm::translate(glm::mat4(1.0f), glm::vec3(5, 3, 0))));
}

TEST_CASE("Only dirty subtrees are recomputed", "[ecs][transform]") {
  Scene scene;
  const BigTree tree = MakeBigTree(scene);
  REQUIRE(scene.Update() == 111);
  REQUIRE(scene.AllMatricesCurrent());

  SECTION("nothing changed: nothing is recomputed") {
    REQUIRE(scene.Update() == 0);
  }
  SECTION("one leaf changed: one entity") {
    Move(scene.world, tree.leaves[3][7], {0, 0, 1});
    REQUIRE(scene.transforms->IsDirty(tree.leaves[3][7]));
    REQUIRE(scene.Update() == 1);
    REQUIRE_FALSE(scene.transforms->IsDirty(tree.leaves[3][7]));
    REQUIRE(scene.AllMatricesCurrent());
  }
  SECTION("a branch changed: its subtree") {
    Move(scene.world, tree.branches[4], {1, 0, 0});
    REQUIRE(scene.Update() == 11);
    REQUIRE(scene.AllMatricesCurrent());
  }
  SECTION("a branch and one of its leaves changed: the subtree once") {
    Move(scene.world, tree.leaves[4][2], {1, 0, 0});
    Move(scene.world, tree.branches[4], {1, 0, 0});
    Move(scene.world, tree.leaves[4][9], {1, 0, 0});
    REQUIRE(scene.Update() == 11);
    REQUIRE(scene.AllMatricesCurrent());
  }
  SECTION("leaves of two branches changed: two entities") {
    Move(scene.world, tree.leaves[0][0], {1, 0, 0});
    Move(scene.world, tree.leaves[9][9], {1, 0, 0});
    REQUIRE(scene.Update() == 2);
    REQUIRE(scene.AllMatricesCurrent());
  }
  SECTION("the root changed: everything") {
    Move(scene.world, tree.root, {0, -1, 0});
    REQUIRE(scene.Update() == 111);
    REQUIRE(scene.AllMatricesCurrent());
  }
  SECTION("SetComponentValue marks the entity dirty") {
    const ComponentType type = scene.world.GetComponentType<Transform>();
    scene.world.SetComponentValue(tree.branches[1], ComponentValue::From(scene.world.GetComponentInfoPtr(type),
                                                                         MakeTransform({0, 0, 9}, 0.0f, {0, 1, 0}, glm::vec3(1.0f))));
    REQUIRE(scene.Update() == 11);
    REQUIRE(scene.AllMatricesCurrent());
  }
  SECTION("MarkDirty forces a recompute") {
    scene.transforms->MarkDirty(tree.leaves[5][5]);
    scene.transforms->MarkDirty(tree.leaves[5][5]);
    REQUIRE(scene.Update() == 1);
  }
  SECTION("destroying a leaf recomputes nothing") {
    scene.world.DestroyEntity(tree.leaves[2][2]);
    REQUIRE(scene.Update() == 0);
    REQUIRE(scene.AllMatricesCurrent());
  }
}

TEST_CASE("An in-place edit is seen once NotifyComponentChanged is called", "[ecs][transform]") {
  Scene scene;
  const Entity entity = scene.Add("e", kNullEntity, Transform{});
  scene.Update();
  scene.world.GetComponent<Transform>(entity).position = {4, 0, 0};
  REQUIRE(scene.Update() == 0);
  REQUIRE(scene.transforms->WorldMatrix(entity) == glm::mat4(1.0f));
  scene.world.NotifyComponentChanged<Transform>(entity);
  REQUIRE(scene.Update() == 1);
  REQUIRE(MatricesNear(scene.transforms->WorldMatrix(entity), glm::translate(glm::mat4(1.0f), glm::vec3(4, 0, 0))));
}

TEST_CASE("Changes to other components do not dirty the transform", "[ecs][transform]") {
  Scene scene;
  const Entity entity = scene.Add("e", kNullEntity, Transform{});
  scene.Update();
  scene.world.AddComponent<Light>(entity);
  scene.world.NotifyComponentChanged<Light>(entity);
  scene.world.RemoveComponent<Light>(entity);
  REQUIRE(scene.Update() == 0);
}

TEST_CASE("Reparenting marks the moved subtree dirty", "[ecs][transform]") {
  Scene scene;
  const BigTree tree = MakeBigTree(scene);
  scene.Update();
  scene.world.SetParent(tree.branches[2], tree.branches[7]);
  REQUIRE(scene.Update() == 11);
  REQUIRE(scene.AllMatricesCurrent());
  scene.world.SetParentAt(tree.leaves[0][0], kNullEntity, 0);
  REQUIRE(scene.Update() == 1);
  REQUIRE(scene.AllMatricesCurrent());
  scene.world.SetParent(tree.branches[2], tree.root, kNullEntity, true);  // keeping the world transform
  REQUIRE(scene.Update() == 11);
  REQUIRE(scene.AllMatricesCurrent());
}

TEST_CASE("Adding or removing a Transform marks the entity dirty", "[ecs][transform]") {
  Scene scene;
  const Entity parent = scene.Add("parent", kNullEntity, MakeTransform({1, 0, 0}, 0.0f, {0, 1, 0}, glm::vec3(1.0f)));
  const Entity middle = scene.Add("middle", parent, MakeTransform({0, 2, 0}, 0.0f, {0, 1, 0}, glm::vec3(1.0f)));
  const Entity leaf = scene.Add("leaf", middle, MakeTransform({0, 0, 3}, 0.0f, {0, 1, 0}, glm::vec3(1.0f)));
  scene.Update();
  scene.world.RemoveComponent<Transform>(middle);
  REQUIRE(scene.Update() == 2);
  REQUIRE(MatricesNear(scene.transforms->WorldMatrix(middle), scene.transforms->WorldMatrix(parent)));
  REQUIRE(MatricesNear(scene.transforms->WorldMatrix(leaf), glm::translate(glm::mat4(1.0f), glm::vec3(1, 0, 3))));
  scene.world.AddComponent<Transform>(middle, MakeTransform({0, 5, 0}, 0.0f, {0, 1, 0}, glm::vec3(1.0f)));
  REQUIRE(scene.Update() == 2);
  REQUIRE(MatricesNear(scene.transforms->WorldMatrix(leaf), glm::translate(glm::mat4(1.0f), glm::vec3(1, 5, 3))));
}

TEST_CASE("A new entity is computed on the next update", "[ecs][transform]") {
  Scene scene;
  scene.Update();
  const Entity entity = CreateNamed(scene.world, "new");
  REQUIRE(scene.transforms->IsDirty(entity));
  REQUIRE(scene.Update() == 1);
  REQUIRE(scene.transforms->WorldMatrix(entity) == glm::mat4(1.0f));
}

TEST_CASE("A recycled slot gets its new entity's matrix", "[ecs][transform]") {
  Scene scene;
  const Entity parent = scene.Add("parent", kNullEntity, MakeTransform({0, 10, 0}, 0.0f, {0, 1, 0}, glm::vec3(1.0f)));
  const Entity old_entity = scene.Add("old", parent, MakeTransform({7, 0, 0}, 0.0f, {0, 1, 0}, glm::vec3(1.0f)));
  scene.Update();
  scene.world.DestroyEntity(old_entity);
  const Entity recycled = scene.Add("recycled", kNullEntity, MakeTransform({0, 0, 3}, 0.0f, {0, 1, 0}, glm::vec3(1.0f)));
  REQUIRE(recycled.index == old_entity.index);
  scene.Update();
  REQUIRE(MatricesNear(scene.transforms->WorldMatrix(recycled), glm::translate(glm::mat4(1.0f), glm::vec3(0, 0, 3))));
  REQUIRE(scene.AllMatricesCurrent());
}

// Destroying a dirty entity and reusing its slot before the next Update must
// still compute the new entity.
TEST_CASE("A slot recycled while its old entity was dirty gets the new entity's matrix", "[ecs][transform]") {
  Scene scene;
  const Entity old_entity = scene.Add("old", kNullEntity, MakeTransform({7, 0, 0}, 0.0f, {0, 1, 0}, glm::vec3(1.0f)));
  scene.world.DestroyEntity(old_entity);  // destroyed while still dirty
  const Entity recycled = scene.Add("recycled", kNullEntity, MakeTransform({0, 0, 3}, 0.0f, {0, 1, 0}, glm::vec3(1.0f)));
  REQUIRE(recycled.index == old_entity.index);
  scene.Update();
  CHECK(MatricesNear(scene.transforms->WorldMatrix(recycled), glm::translate(glm::mat4(1.0f), glm::vec3(0, 0, 3))));
  // Later edits must be picked up as well.
  Move(scene.world, recycled, {1, 0, 0});
  scene.Update();
  CHECK(MatricesNear(scene.transforms->WorldMatrix(recycled), glm::translate(glm::mat4(1.0f), glm::vec3(1, 0, 3))));
}

// Deleting a level and undoing it marks every entity dirty again: the list
// of marks keeps its room from one Update to the next instead of growing
// from nothing each time.
TEST_CASE("The dirty list keeps its room from one Update to the next", "[ecs][transform]") {
  Scene scene;
  constexpr int kCount = 1'000;
  std::vector<Entity> entities;
  const auto build = [&](float offset) {
    entities.clear();
    for (int i = 0; i < kCount; ++i) {
      const Entity parent = i % 10 == 0 ? kNullEntity : entities[static_cast<std::size_t>(i - i % 10)];
      entities.push_back(scene.Add("e" + std::to_string(i), parent,
                                   MakeTransform({offset + float(i), 0, 0}, float(i % 90), {0, 1, 0}, glm::vec3(1.0f))));
    }
  };
  build(0.0f);
  scene.Update();
  const std::size_t room = scene.transforms->DirtyListCapacity();
  CHECK(room >= std::size_t{kCount});
  for (int round = 1; round <= 3; ++round) {
    for (int i = 0; i < kCount; i += 10) scene.world.DestroyEntityAndChildren(entities[static_cast<std::size_t>(i)]);
    REQUIRE(scene.world.EntityCount() == 0);
    build(float(round) * 5.0f);
    CHECK(scene.transforms->DirtyListCapacity() == room);
    scene.Update();
    CHECK(scene.transforms->LastRecomputedCount() == std::size_t{kCount});
    CHECK(scene.AllMatricesCurrent());
  }
}

TEST_CASE("WorldMatrix rejects a stale handle", "[ecs][transform]") {
  Scene scene;
  const Entity entity = scene.Add("e", kNullEntity, Transform{});
  scene.Update();
  scene.world.DestroyEntity(entity);
  REQUIRE_THROWS_AS(scene.transforms->WorldMatrix(entity), StaleEntityError);
  REQUIRE_THROWS_WITH(scene.transforms->WorldMatrix(entity),
                      "stale entity handle " + ToString(entity) + " in TransformSystem::WorldMatrix");
}

TEST_CASE("A TransformSystem registered after entities exist computes them all", "[ecs][transform]") {
  TestWorld world(kWorldSeed);
  world.RegisterComponent<Name>("Name").Field("value", &Name::value);
  world.RegisterComponent<Transform>("Transform")
      .Field("position", &Transform::position)
      .Field("rotation", &Transform::rotation)
      .Field("scale", &Transform::scale);
  const Entity parent = world.CreateEntity();
  const Entity child = world.CreateEntity();
  world.SetParent(child, parent);
  world.AddComponent<Transform>(parent, MakeTransform({2, 0, 0}, 0.0f, {0, 1, 0}, glm::vec3(1.0f)));
  world.AddComponent<Transform>(child, MakeTransform({0, 2, 0}, 0.0f, {0, 1, 0}, glm::vec3(1.0f)));
  const auto system = world.RegisterSystem<TransformSystem>(world);
  world.UpdateSystems(0.0f);
  REQUIRE(system->LastRecomputedCount() == 2);
  REQUIRE(MatricesNear(system->WorldMatrix(child), glm::translate(glm::mat4(1.0f), glm::vec3(2, 2, 0))));
}

TEST_CASE("A 100,000-deep chain is computed parent-first in one update", "[ecs][transform][deep]") {
  Scene scene;
  const std::vector<EntityId> ids = cairn::test::CreateChain(scene.world, cairn::test::kDeepChainLength);
  for (EntityId id : ids) scene.world.GetComponent<Transform>(scene.world.GetEntity(id)).position = {1, 0, 0};
  REQUIRE(scene.Update() == cairn::test::kDeepChainLength);
  const glm::mat4& bottom = scene.transforms->WorldMatrix(scene.world.GetEntity(ids.back()));
  REQUIRE(bottom[3] == glm::vec4(static_cast<float>(cairn::test::kDeepChainLength), 0, 0, 1));
  REQUIRE(scene.Update() == 0);
}

TEST_CASE("Reserving room for entities many times over grows the TransformSystem's arrays by doubling",
          "[ecs][transform]") {
  // A Duplicate reserves once per group it copies: each reservation asking
  // for a little more must not move the whole array again.
  Scene fixture;
  Coordinator& world = fixture.world;
  std::vector<std::size_t> capacities;
  for (std::size_t i = 1; i <= 1'000; ++i) {
    world.ReserveEntities(i * 100);
    const std::size_t capacity = fixture.transforms->SlotCapacity();
    REQUIRE(capacity >= i * 100);
    if (capacities.empty() || capacities.back() != capacity) capacities.push_back(capacity);
  }
  // From room for 100 to room for 100,000 by doubling: at most 11 sizes.
  CHECK(capacities.size() <= 11);
  // One reservation of everything up front is exact.
  Scene exact;
  exact.world.ReserveEntities(100'000);
  CHECK(exact.transforms->SlotCapacity() == 100'000);
}
