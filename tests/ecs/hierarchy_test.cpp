#include "cairn/ecs/hierarchy_links.h"

#include <algorithm>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>

#include "cairn/ecs/builtin_components.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/test/chains.h"
#include "ecs_test_support.h"

using namespace cairn::ecs;
using cairn::ecs::test::TestWorld;
using cairn::ecs::test::CreateNamed;
using cairn::ecs::test::Described;
using cairn::ecs::test::kWorldSeed;
using cairn::ecs::test::MatricesNear;
using cairn::test::kDeepChainLength;

namespace {

using Entities = std::vector<Entity>;

Entities ChildrenByIteration(const Coordinator& world, Entity parent) {
  Entities children;
  world.ForEachChild(parent, [&children](Entity child) { children.push_back(child); });
  return children;
}

// Checks that the links stored in Hierarchy components agree with each other.
void RequireConsistentLinks(Coordinator& world, Entity parent) {
  const Entities children = world.GetChildren(parent);
  REQUIRE(ChildrenByIteration(world, parent) == children);
  REQUIRE(world.ChildCount(parent) == children.size());
  for (std::size_t i = 0; i < children.size(); ++i) {
    const Hierarchy& links = world.GetComponent<Hierarchy>(children[i]);
    REQUIRE(links.parent == parent);
    REQUIRE(links.previous_sibling == (i == 0 ? kNullEntity : children[i - 1]));
    REQUIRE(links.next_sibling == (i + 1 == children.size() ? kNullEntity : children[i + 1]));
    REQUIRE(world.SiblingIndex(children[i]) == i);
    REQUIRE(world.ChildAt(parent, i) == children[i]);
  }
  if (!parent.IsNull()) {
    const Hierarchy& links = world.GetComponent<Hierarchy>(parent);
    REQUIRE(links.child_count == children.size());
    REQUIRE(links.first_child == (children.empty() ? kNullEntity : children.front()));
    REQUIRE(links.last_child == (children.empty() ? kNullEntity : children.back()));
  }
}

Transform MakeTransform(glm::vec3 position, float degrees, glm::vec3 axis, glm::vec3 scale) {
  return Transform{position, glm::angleAxis(glm::radians(degrees), glm::normalize(axis)), scale};
}

struct Tree {
  Entity root;
  Entity a;
  Entity a1;
  Entity a2;
  Entity b;
  Entity b1;
  Entity other;
};

//   root            other
//   ├─ a
//   │  ├─ a1
//   │  └─ a2
//   └─ b
//      └─ b1
Tree MakeTree(Coordinator& world) {
  Tree tree;
  tree.root = CreateNamed(world, "root");
  tree.a = CreateNamed(world, "a", tree.root);
  tree.a1 = CreateNamed(world, "a1", tree.a);
  tree.a2 = CreateNamed(world, "a2", tree.a);
  tree.b = CreateNamed(world, "b", tree.root);
  tree.b1 = CreateNamed(world, "b1", tree.b);
  tree.other = CreateNamed(world, "other");
  return tree;
}

}  // namespace

TEST_CASE("Children are kept in the order they were attached", "[ecs][hierarchy]") {
  TestWorld world(kWorldSeed);
  RegisterBuiltinComponents(world);
  const Entity parent = CreateNamed(world, "parent");
  const Entity first = CreateNamed(world, "first", parent);
  const Entity second = CreateNamed(world, "second", parent);
  const Entity third = CreateNamed(world, "third", parent);
  REQUIRE(world.GetChildren(parent) == Entities{first, second, third});
  REQUIRE(world.FirstChild(parent) == first);
  REQUIRE(world.NextSibling(first) == second);
  REQUIRE(world.NextSibling(third).IsNull());
  REQUIRE(world.GetParent(second) == parent);
  REQUIRE(world.ChildCount(parent) == 3);
  REQUIRE(world.ChildAt(parent, 3).IsNull());
  REQUIRE(world.ChildAt(parent, 100).IsNull());
  REQUIRE(world.SiblingIndex(third) == 2);
  RequireConsistentLinks(world, parent);
}

TEST_CASE("The roots are listed in creation order", "[ecs][hierarchy]") {
  TestWorld world(kWorldSeed);
  RegisterBuiltinComponents(world);
  const Entity a = CreateNamed(world, "a");
  const Entity b = CreateNamed(world, "b");
  const Entity c = CreateNamed(world, "c");
  REQUIRE(world.GetChildren(kNullEntity) == Entities{a, b, c});
  REQUIRE(world.ChildCount(kNullEntity) == 3);
  REQUIRE(world.FirstChild(kNullEntity) == a);
  REQUIRE(world.ChildAt(kNullEntity, 1) == b);
  world.SetParent(b, a);
  REQUIRE(world.GetChildren(kNullEntity) == Entities{a, c});
  world.SetParent(b, kNullEntity);
  REQUIRE(world.GetChildren(kNullEntity) == Entities{a, c, b});
  world.SetParentAt(b, kNullEntity, 0);
  REQUIRE(world.GetChildren(kNullEntity) == Entities{b, a, c});
  world.DestroyEntity(a);
  REQUIRE(world.GetChildren(kNullEntity) == Entities{b, c});
  RequireConsistentLinks(world, kNullEntity);
}

TEST_CASE("SetParent places the child before a given sibling", "[ecs][hierarchy]") {
  TestWorld world(kWorldSeed);
  RegisterBuiltinComponents(world);
  const Entity parent = CreateNamed(world, "parent");
  const Entity a = CreateNamed(world, "a", parent);
  const Entity b = CreateNamed(world, "b", parent);
  const Entity c = CreateNamed(world, "c");
  world.SetParent(c, parent, a);
  REQUIRE(world.GetChildren(parent) == Entities{c, a, b});
  world.SetParent(c, parent, b);  // a move within the same parent
  REQUIRE(world.GetChildren(parent) == Entities{a, c, b});
  world.SetParent(c, parent);  // null `before`: last
  REQUIRE(world.GetChildren(parent) == Entities{a, b, c});
  world.SetParent(a, parent, a);  // before itself: keeps its place
  REQUIRE(world.GetChildren(parent) == Entities{a, b, c});
  RequireConsistentLinks(world, parent);
}

TEST_CASE("SetParentAt places the child at a position among its new siblings", "[ecs][hierarchy]") {
  TestWorld world(kWorldSeed);
  RegisterBuiltinComponents(world);
  const Entity parent = CreateNamed(world, "parent");
  const Entity a = CreateNamed(world, "a", parent);
  const Entity b = CreateNamed(world, "b", parent);
  const Entity c = CreateNamed(world, "c", parent);
  const Entity x = CreateNamed(world, "x");
  world.SetParentAt(x, parent, 1);
  REQUIRE(world.GetChildren(parent) == Entities{a, x, b, c});
  world.SetParentAt(x, parent, 0);
  REQUIRE(world.GetChildren(parent) == Entities{x, a, b, c});
  world.SetParentAt(x, parent, 3);  // positions count the siblings without the child itself
  REQUIRE(world.GetChildren(parent) == Entities{a, b, c, x});
  world.SetParentAt(x, parent, 2);
  REQUIRE(world.GetChildren(parent) == Entities{a, b, x, c});
  world.SetParentAt(x, parent, 2);  // same place: no change
  REQUIRE(world.GetChildren(parent) == Entities{a, b, x, c});
  world.SetParentAt(a, parent, 1000);  // clamped to the end
  REQUIRE(world.GetChildren(parent) == Entities{b, x, c, a});
  world.SetParentAt(c, kNullEntity, 0);
  REQUIRE(world.GetChildren(kNullEntity) == Entities{c, parent});
  REQUIRE(world.GetChildren(parent) == Entities{b, x, a});
  RequireConsistentLinks(world, parent);
  RequireConsistentLinks(world, kNullEntity);
}

TEST_CASE("An entity cannot be its own parent", "[ecs][hierarchy]") {
  TestWorld world(kWorldSeed);
  RegisterBuiltinComponents(world);
  const Entity a = CreateNamed(world, "A");
  const std::string message = "cannot make " + Described(world, a, "A") + " its own parent";
  REQUIRE_THROWS_AS(world.SetParent(a, a), HierarchyError);
  REQUIRE_THROWS_WITH(world.SetParent(a, a), message);
  REQUIRE_THROWS_WITH(world.SetParentAt(a, a, 0), message);
  REQUIRE(world.GetParent(a).IsNull());
}

TEST_CASE("SetParent rejects cycles and changes nothing", "[ecs][hierarchy]") {
  TestWorld world(kWorldSeed);
  RegisterBuiltinComponents(world);
  const Tree tree = MakeTree(world);
  const std::string message = "cannot parent " + Described(world, tree.root, "root") + " under " +
                              Described(world, tree.a1, "a1") +
                              ": that would make a cycle (it is a descendant of the child)";
  REQUIRE_THROWS_AS(world.SetParent(tree.root, tree.a1), HierarchyError);
  REQUIRE_THROWS_WITH(world.SetParent(tree.root, tree.a1), message);
  REQUIRE_THROWS_WITH(world.SetParentAt(tree.root, tree.a1, 0), message);
  REQUIRE_THROWS_AS(world.SetParent(tree.a, tree.a2), HierarchyError);
  REQUIRE(world.GetParent(tree.root).IsNull());
  REQUIRE(world.GetChildren(tree.a) == Entities{tree.a1, tree.a2});
  REQUIRE(world.GetChildren(kNullEntity) == Entities{tree.root, tree.other});
}

TEST_CASE("A `before` that is not a child of the new parent is an error", "[ecs][hierarchy]") {
  TestWorld world(kWorldSeed);
  RegisterBuiltinComponents(world);
  const Tree tree = MakeTree(world);
  REQUIRE_THROWS_AS(world.SetParent(tree.other, tree.a, tree.b1), HierarchyError);
  REQUIRE_THROWS_WITH(world.SetParent(tree.other, tree.a, tree.b1),
                      "cannot place " + Described(world, tree.other, "other") + " before " +
                          Described(world, tree.b1, "b1") + ": it is not a child of " + Described(world, tree.a, "a"));
  REQUIRE_THROWS_WITH(world.SetParent(tree.b1, kNullEntity, tree.a),
                      "cannot place " + Described(world, tree.b1, "b1") + " before " + Described(world, tree.a, "a") +
                          ": it is not a child of the root");
  REQUIRE(world.GetParent(tree.other).IsNull());
  REQUIRE(world.GetParent(tree.b1) == tree.b);
}

TEST_CASE("IsAncestorOf follows parents up to the root", "[ecs][hierarchy]") {
  TestWorld world(kWorldSeed);
  RegisterBuiltinComponents(world);
  const Tree tree = MakeTree(world);
  REQUIRE(world.IsAncestorOf(tree.root, tree.a1));
  REQUIRE(world.IsAncestorOf(tree.a, tree.a1));
  REQUIRE_FALSE(world.IsAncestorOf(tree.b, tree.a1));
  REQUIRE_FALSE(world.IsAncestorOf(tree.a1, tree.a1));
  REQUIRE_FALSE(world.IsAncestorOf(tree.a1, tree.root));
  REQUIRE_FALSE(world.IsAncestorOf(tree.other, tree.a1));
}

TEST_CASE("ForEachInSubtree visits parents before children with each entity's sibling position",
          "[ecs][hierarchy]") {
  TestWorld world(kWorldSeed);
  RegisterBuiltinComponents(world);
  const Entity first_root = CreateNamed(world, "first");
  const Tree tree = MakeTree(world);
  const auto visit = [&world](Entity root) {
    std::vector<std::pair<Entity, std::uint32_t>> visited;
    world.ForEachInSubtree(root, [&](Entity entity, std::uint32_t position) { visited.emplace_back(entity, position); });
    return visited;
  };
  using Visits = std::vector<std::pair<Entity, std::uint32_t>>;
  REQUIRE(visit(tree.root) ==
          Visits{{tree.root, 1}, {tree.a, 0}, {tree.a1, 0}, {tree.a2, 1}, {tree.b, 1}, {tree.b1, 0}});
  REQUIRE(visit(tree.b) == Visits{{tree.b, 1}, {tree.b1, 0}});
  REQUIRE(visit(tree.a2) == Visits{{tree.a2, 1}});
  REQUIRE(visit(first_root) == Visits{{first_root, 0}});
  world.DestroyEntity(first_root);
  REQUIRE_THROWS_AS(visit(first_root), StaleEntityError);
}

TEST_CASE("SubtreePostOrder lists every entity after all of its descendants", "[ecs][hierarchy]") {
  // The links alone, over a storage of Hierarchy components:
  //   root          other
  //   ├─ a
  //   │  ├─ a1
  //   │  └─ a2
  //   └─ b
  //      └─ b1
  ComponentStorage<Hierarchy> storage(StorageKind::kPerEntity);
  HierarchyLinks links;
  ComponentStorage<Hierarchy> packed(StorageKind::kPacked);
  REQUIRE_THROWS_AS(links.Bind(packed), std::invalid_argument);  // links are read by entity index
  links.Bind(storage);
  const auto make = [&](std::uint32_t index, Entity parent) {
    const Entity entity{index, 0};
    storage.Emplace(entity);
    links.Link(entity, parent, kNullEntity);
    return entity;
  };
  const Entity root = make(0, kNullEntity);
  const Entity a = make(1, root);
  const Entity a1 = make(2, a);
  const Entity a2 = make(3, a);
  const Entity b = make(4, root);
  const Entity b1 = make(5, b);
  make(6, kNullEntity);
  REQUIRE(links.SubtreePostOrder(root) == Entities{a1, a2, a, b1, b, root});
  REQUIRE(links.SubtreePostOrder(a) == Entities{a1, a2, a});
  REQUIRE(links.SubtreePostOrder(b1) == Entities{b1});
}

TEST_CASE("ParentStepCount counts the steps up the upward walks take", "[ecs][hierarchy]") {
  TestWorld world(kWorldSeed);
  RegisterBuiltinComponents(world);
  const Tree tree = MakeTree(world);
  std::uint64_t before = world.ParentStepCount();
  REQUIRE(world.IsAncestorOf(tree.root, tree.a1));  // a1 -> a -> root
  REQUIRE(world.ParentStepCount() - before == 2);
  before = world.ParentStepCount();
  REQUIRE_FALSE(world.IsAncestorOf(tree.b, tree.a1));  // up to the root in vain
  REQUIRE(world.ParentStepCount() - before == 2);
  before = world.ParentStepCount();
  world.ComputeWorldMatrix(tree.b1);  // b1 -> b -> root
  REQUIRE(world.ParentStepCount() - before == 2);
  before = world.ParentStepCount();
  world.GetChildren(tree.root);
  world.ForEachInSubtree(tree.root, [](Entity, std::uint32_t) {});
  REQUIRE(world.ParentStepCount() == before);  // downward walks do not count
}

TEST_CASE("A childless entity is nobody's ancestor: checking so takes no step up", "[ecs][hierarchy]") {
  TestWorld world(kWorldSeed);
  RegisterBuiltinComponents(world);
  const Tree tree = MakeTree(world);
  const std::uint64_t before = world.ParentStepCount();
  REQUIRE_FALSE(world.IsAncestorOf(tree.a2, tree.b1));
  REQUIRE_FALSE(world.IsAncestorOf(tree.other, tree.b1));
  world.SetParent(tree.other, tree.b1);  // its cycle check: `other` has no children
  REQUIRE(world.ParentStepCount() == before);
  REQUIRE(world.IsAncestorOf(tree.b, tree.other));
  REQUIRE(world.ParentStepCount() - before == 2);  // other -> b1 -> b
}

TEST_CASE("A 100,000-deep chain is built top down, walked and destroyed without a walk up per level",
          "[ecs][hierarchy][deep]") {
  TestWorld world(kWorldSeed);
  RegisterBuiltinComponents(world);
  const std::uint64_t before = world.ParentStepCount();
  const std::vector<EntityId> ids = cairn::test::CreateChain(world, kDeepChainLength);
  REQUIRE(world.ParentStepCount() - before < kDeepChainLength);
  const Entity top = world.GetEntity(ids.front());
  const Entity bottom = world.GetEntity(ids.back());

  std::vector<EntityId> visited;
  bool all_first_children = true;
  world.ForEachInSubtree(top, [&](Entity entity, std::uint32_t position) {
    visited.push_back(world.GetEntityId(entity));
    all_first_children = all_first_children && position == 0;
  });
  REQUIRE(visited == ids);
  REQUIRE(all_first_children);
  REQUIRE(world.IsAncestorOf(top, bottom));
  REQUIRE(world.ComputeWorldMatrix(bottom) == glm::mat4(1.0f));

  world.DestroyEntityAndChildren(top);
  REQUIRE(world.EntityCount() == 0);
  REQUIRE(world.GetStorage<Name>().Size() == 0);
  REQUIRE(world.ChildCount(kNullEntity) == 0);
}

TEST_CASE("Destroying an entity that has children is an error", "[ecs][hierarchy]") {
  TestWorld world(kWorldSeed);
  RegisterBuiltinComponents(world);
  const Tree tree = MakeTree(world);
  REQUIRE_THROWS_AS(world.DestroyEntity(tree.a), HierarchyError);
  REQUIRE_THROWS_WITH(world.DestroyEntity(tree.a),
                      "cannot destroy " + Described(world, tree.a, "a") +
                          ": it has 2 children (use DestroyEntityAndChildren or move them first)");
  REQUIRE(world.IsAlive(tree.a));
  REQUIRE(world.GetChildren(tree.a) == Entities{tree.a1, tree.a2});
  REQUIRE(world.EntityCount() == 7);
}

TEST_CASE("Destroying a child unlinks it and keeps its siblings' order", "[ecs][hierarchy]") {
  TestWorld world(kWorldSeed);
  RegisterBuiltinComponents(world);
  const Entity parent = CreateNamed(world, "parent");
  const Entity a = CreateNamed(world, "a", parent);
  const Entity b = CreateNamed(world, "b", parent);
  const Entity c = CreateNamed(world, "c", parent);
  world.DestroyEntity(b);
  REQUIRE(world.GetChildren(parent) == Entities{a, c});
  world.DestroyEntity(a);
  REQUIRE(world.GetChildren(parent) == Entities{c});
  world.DestroyEntity(c);
  REQUIRE(world.GetChildren(parent).empty());
  RequireConsistentLinks(world, parent);
  world.DestroyEntity(parent);  // no children left
  REQUIRE(world.EntityCount() == 0);
}

TEST_CASE("DestroyEntityAndChildren removes the whole subtree and nothing else", "[ecs][hierarchy]") {
  TestWorld world(kWorldSeed);
  RegisterBuiltinComponents(world);
  const Tree tree = MakeTree(world);
  const Entity extra = CreateNamed(world, "a3", tree.a);
  const Entity deep = CreateNamed(world, "deep", extra);
  world.DestroyEntityAndChildren(tree.a);
  for (Entity gone : {tree.a, tree.a1, tree.a2, extra, deep}) REQUIRE_FALSE(world.IsAlive(gone));
  for (Entity kept : {tree.root, tree.b, tree.b1, tree.other}) REQUIRE(world.IsAlive(kept));
  REQUIRE(world.EntityCount() == 4);
  REQUIRE(world.GetChildren(tree.root) == Entities{tree.b});
  REQUIRE(world.GetChildren(tree.b) == Entities{tree.b1});
  REQUIRE(world.GetStorage<Name>().Size() == 4);
  RequireConsistentLinks(world, tree.root);
  RequireConsistentLinks(world, kNullEntity);
}

TEST_CASE("DestroyEntityAndChildren of a root leaves the other roots", "[ecs][hierarchy]") {
  TestWorld world(kWorldSeed);
  RegisterBuiltinComponents(world);
  const Entity first = CreateNamed(world, "first");
  const Tree tree = MakeTree(world);
  world.DestroyEntityAndChildren(tree.root);
  REQUIRE(world.EntityCount() == 2);
  REQUIRE(world.GetChildren(kNullEntity) == Entities{first, tree.other});
  world.DestroyEntityAndChildren(first);  // a leaf
  REQUIRE(world.GetChildren(kNullEntity) == Entities{tree.other});
}

TEST_CASE("Reparenting keeps the world transform when asked", "[ecs][hierarchy]") {
  TestWorld world(kWorldSeed);
  RegisterBuiltinComponents(world);
  const Entity grandparent = CreateNamed(world, "grandparent");
  const Entity old_parent = CreateNamed(world, "old", grandparent);
  const Entity new_parent = CreateNamed(world, "new");
  const Entity sibling = CreateNamed(world, "sibling", new_parent);
  const Entity child = CreateNamed(world, "child", old_parent);
  world.AddComponent<Transform>(grandparent, MakeTransform({0.5f, -1.0f, 2.0f}, 30.0f, {0, 0, 1}, glm::vec3(1.5f)));
  world.AddComponent<Transform>(old_parent, MakeTransform({1.0f, 2.0f, 3.0f}, 37.0f, {1, 2, 3}, glm::vec3(2.0f)));
  world.AddComponent<Transform>(new_parent, MakeTransform({-2.0f, 0.0f, 1.0f}, -80.0f, {0, 1, 0}, glm::vec3(0.5f)));
  world.AddComponent<Transform>(child, MakeTransform({0.5f, -1.0f, 2.0f}, 20.0f, {1, 0, 0}, {1.0f, 3.0f, 0.5f}));

  const glm::mat4 before = world.ComputeWorldMatrix(child);
  world.SetParent(child, new_parent, sibling, true);
  REQUIRE(world.GetChildren(new_parent) == Entities{child, sibling});
  REQUIRE(MatricesNear(world.ComputeWorldMatrix(child), before));

  world.SetParentAt(child, kNullEntity, 0, true);  // to the root
  REQUIRE(world.GetChildren(kNullEntity).front() == child);
  REQUIRE(MatricesNear(world.ComputeWorldMatrix(child), before));

  world.SetParent(child, old_parent, kNullEntity, true);  // back under the rotated, scaled chain
  REQUIRE(MatricesNear(world.ComputeWorldMatrix(child), before));
}

TEST_CASE("Leaving a non-uniformly scaled parent keeps the world transform", "[ecs][hierarchy]") {
  TestWorld world(kWorldSeed);
  RegisterBuiltinComponents(world);
  const Entity parent = CreateNamed(world, "parent");
  const Entity child = CreateNamed(world, "child", parent);
  world.AddComponent<Transform>(parent, MakeTransform({1.0f, 0.0f, -1.0f}, 45.0f, {0, 1, 1}, {2.0f, 1.0f, 0.5f}));
  world.AddComponent<Transform>(child, Transform{{0.0f, 1.0f, 0.0f}, glm::quat(1, 0, 0, 0), glm::vec3(1.0f)});
  const glm::mat4 before = world.ComputeWorldMatrix(child);
  world.SetParent(child, kNullEntity, kNullEntity, true);
  REQUIRE(MatricesNear(world.ComputeWorldMatrix(child), before));
  REQUIRE(MatricesNear(world.GetComponent<Transform>(child).LocalMatrix(), before));
}

TEST_CASE("Reparenting without keeping the world transform keeps the local one", "[ecs][hierarchy]") {
  TestWorld world(kWorldSeed);
  RegisterBuiltinComponents(world);
  const Entity parent = CreateNamed(world, "parent");
  const Entity child = CreateNamed(world, "child");
  world.AddComponent<Transform>(parent, MakeTransform({3.0f, 0.0f, 0.0f}, 90.0f, {0, 1, 0}, glm::vec3(2.0f)));
  const Transform local = MakeTransform({1.0f, 1.0f, 1.0f}, 10.0f, {1, 0, 0}, glm::vec3(1.0f));
  world.AddComponent<Transform>(child, local);
  world.SetParent(child, parent);
  REQUIRE(world.GetComponent<Transform>(child) == local);
  REQUIRE(MatricesNear(world.ComputeWorldMatrix(child),
                       world.GetComponent<Transform>(parent).LocalMatrix() * local.LocalMatrix()));
}

TEST_CASE("Keeping the world transform of an entity without a Transform only moves it", "[ecs][hierarchy]") {
  TestWorld world(kWorldSeed);
  RegisterBuiltinComponents(world);
  const Entity parent = CreateNamed(world, "parent");
  const Entity child = CreateNamed(world, "child");
  world.AddComponent<Transform>(parent, MakeTransform({3.0f, 0.0f, 0.0f}, 0.0f, {0, 1, 0}, glm::vec3(1.0f)));
  world.SetParent(child, parent, kNullEntity, true);
  REQUIRE(world.GetParent(child) == parent);
  REQUIRE_FALSE(world.HasComponent<Transform>(child));
}

TEST_CASE("ComputeWorldMatrix multiplies the ancestors' transforms, skipping entities without one", "[ecs][hierarchy]") {
  TestWorld world(kWorldSeed);
  RegisterBuiltinComponents(world);
  const Entity top = CreateNamed(world, "top");
  const Entity middle = CreateNamed(world, "middle", top);  // no Transform
  const Entity leaf = CreateNamed(world, "leaf", middle);
  const Transform top_local = MakeTransform({0.0f, 10.0f, 0.0f}, 90.0f, {0, 0, 1}, glm::vec3(2.0f));
  const Transform leaf_local = MakeTransform({1.0f, 0.0f, 0.0f}, 0.0f, {0, 0, 1}, glm::vec3(1.0f));
  world.AddComponent<Transform>(top, top_local);
  world.AddComponent<Transform>(leaf, leaf_local);
  REQUIRE(MatricesNear(world.ComputeWorldMatrix(middle), top_local.LocalMatrix()));
  const glm::mat4 world_leaf = world.ComputeWorldMatrix(leaf);
  REQUIRE(MatricesNear(world_leaf, top_local.LocalMatrix() * leaf_local.LocalMatrix()));
  // (1,0,0) scaled by 2 and turned 90 degrees about Z is (0,2,0); plus the parent's offset.
  REQUIRE(MatricesNear(glm::mat4(world_leaf[3], world_leaf[3], world_leaf[3], world_leaf[3]),
                       glm::mat4(glm::vec4(0, 12, 0, 1), glm::vec4(0, 12, 0, 1), glm::vec4(0, 12, 0, 1),
                                 glm::vec4(0, 12, 0, 1))));
}

TEST_CASE("ComputeWorldMatrix is the identity without a Transform registered", "[ecs][hierarchy]") {
  TestWorld world(kWorldSeed);
  const Entity entity = world.CreateEntity();
  REQUIRE(world.ComputeWorldMatrix(entity) == glm::mat4(1.0f));
}

TEST_CASE("Random reparenting keeps every sibling list consistent", "[ecs][hierarchy]") {
  TestWorld world(kWorldSeed);
  RegisterBuiltinComponents(world);
  std::mt19937 random(77);
  Entities entities;
  for (int i = 0; i < 40; ++i) entities.push_back(CreateNamed(world, "e" + std::to_string(i)));
  // A reference: each parent's ordered children (index 40 stands for the roots).
  std::vector<Entities> children(41);
  children[40] = entities;
  auto slot_of = [&](Entity parent) {
    if (parent.IsNull()) return std::size_t{40};
    return static_cast<std::size_t>(std::find(entities.begin(), entities.end(), parent) - entities.begin());
  };
  for (int step = 0; step < 2000; ++step) {
    const Entity child = entities[random() % entities.size()];
    Entity parent = random() % 4 == 0 ? kNullEntity : entities[random() % entities.size()];
    if (parent == child || (!parent.IsNull() && world.IsAncestorOf(child, parent))) {
      REQUIRE_THROWS_AS(world.SetParent(child, parent), HierarchyError);
      continue;
    }
    Entities& old_list = children[slot_of(world.GetParent(child))];
    old_list.erase(std::find(old_list.begin(), old_list.end(), child));
    Entities& new_list = children[slot_of(parent)];
    if (random() % 2 == 0) {
      const std::size_t position = random() % (new_list.size() + 2);
      world.SetParentAt(child, parent, position);
      new_list.insert(new_list.begin() + static_cast<std::ptrdiff_t>(std::min(position, new_list.size())), child);
    } else {
      const Entity before = new_list.empty() || random() % 3 == 0 ? kNullEntity : new_list[random() % new_list.size()];
      world.SetParent(child, parent, before);
      new_list.insert(before.IsNull() ? new_list.end() : std::find(new_list.begin(), new_list.end(), before), child);
    }
    if (step % 50 == 0) {
      for (std::size_t i = 0; i < entities.size(); ++i) REQUIRE(world.GetChildren(entities[i]) == children[i]);
      REQUIRE(world.GetChildren(kNullEntity) == children[40]);
    }
  }
  for (std::size_t i = 0; i < entities.size(); ++i) {
    REQUIRE(world.GetChildren(entities[i]) == children[i]);
    RequireConsistentLinks(world, entities[i]);
  }
  RequireConsistentLinks(world, kNullEntity);
}
