#include <cstdlib>

#include <catch2/catch.hpp>

#include <limits>

#include <algorithm>
#include <array>
#include <map>
#include <random>
#include <string>
#include <vector>

#include <glm/gtc/epsilon.hpp>

#include "cairn/ecs/world_dump.h"
#include "cairn/ecs/command_plain.h"
#include "cairn/editor/actions.h"
#include "cairn/editor/editor_errors.h"
#include "cairn/test/chains.h"
#include "test_world.h"

using cairn::ecs::Action;
using cairn::ecs::Coordinator;
using cairn::ecs::DumpWorld;
using cairn::ecs::EntityId;
using cairn::ecs::PlainValue;
using cairn::ecs::ToHex;
using cairn::editor::ActionError;
namespace actions = cairn::editor::actions;
namespace ecs = cairn::ecs;
namespace t = cairn::editor::testing;
using cairn::test::ChainLink;
using cairn::test::kDeepChainLength;

namespace {

// Applies the action; checks that its inverse restores the world exactly and
// that applying the inverse's inverse (what redo does) restores the after-state.
// Leaves the world in the after-state.
void CheckUndoRedo(Coordinator& world, const Action& action) {
  const std::string before = DumpWorld(world);
  const Action inverse = t::Apply(world, action);
  const std::string after = DumpWorld(world);
  CHECK(after != before);
  const Action redo = t::Apply(world, inverse);
  REQUIRE(DumpWorld(world) == before);
  t::Apply(world, redo);
  REQUIRE(DumpWorld(world) == after);
}

EntityId Only(const std::vector<EntityId>& ids) {
  REQUIRE(ids.size() == 1);
  return ids.front();
}

std::vector<EntityId> Ids(std::initializer_list<EntityId> ids) { return ids; }

EntityId ChildAt(const Coordinator& world, EntityId parent, std::size_t index) {
  return world.GetEntityId(world.ChildAt(parent ? world.GetEntity(parent) : ecs::kNullEntity, index));
}

glm::mat4 World(const Coordinator& world, EntityId id) { return world.ComputeWorldMatrix(world.GetEntity(id)); }

bool Near(const glm::mat4& a, const glm::mat4& b) {
  for (int column = 0; column < 4; ++column) {
    if (!glm::all(glm::epsilonEqual(a[column], b[column], 1e-5f))) return false;
  }
  return true;
}

struct Fixture {
  std::unique_ptr<Coordinator> world = t::MakeWorld();
  t::SampleScene scene = t::BuildSampleScene(*world);
};

}  // namespace

// ---- Creation -----------------------------------------------------------------

TEST_CASE("Create Empty makes a named entity with a Transform", "[editor][actions][create]") {
  Fixture f;
  const Action action = actions::CreateEmpty(*f.world);
  CHECK(action.name == "Create Empty");
  CheckUndoRedo(*f.world, action);
  const EntityId id = Only(actions::CreatedEntities(action));
  CHECK(t::NameOf(*f.world, id) == "Empty");
  CHECK(t::Get<ecs::Transform>(*f.world, id) == ecs::Transform{});
  CHECK(f.world->GetParent(f.world->GetEntity(id)).IsNull());
  CHECK(f.world->SiblingIndex(f.world->GetEntity(id)) == 3);  // last root
}

TEST_CASE("Create primitive adds a MeshRenderer with that mesh", "[editor][actions][create]") {
  Fixture f;
  const auto [shape, name] = GENERATE(table<ecs::MeshShape, std::string>({{ecs::MeshShape::kCube, "Cube"},
                                                                          {ecs::MeshShape::kSphere, "Sphere"},
                                                                          {ecs::MeshShape::kPlane, "Plane"},
                                                                          {ecs::MeshShape::kCylinder, "Cylinder"},
                                                                          {ecs::MeshShape::kCone, "Cone"}}));
  const Action action = actions::CreatePrimitive(*f.world, shape);
  CHECK(action.name == "Create " + name);
  CheckUndoRedo(*f.world, action);
  const EntityId id = Only(actions::CreatedEntities(action));
  CHECK(t::NameOf(*f.world, id) == name);
  CHECK(t::Get<ecs::MeshRenderer>(*f.world, id).mesh == shape);
  CHECK(f.world->HasComponent<ecs::Transform>(f.world->GetEntity(id)));
}

TEST_CASE("Create light adds a Light of that type", "[editor][actions][create]") {
  Fixture f;
  const auto [type, name] =
      GENERATE(table<ecs::LightType, std::string>({{ecs::LightType::kDirectional, "Directional Light"},
                                                   {ecs::LightType::kPoint, "Point Light"},
                                                   {ecs::LightType::kSpot, "Spot Light"}}));
  const Action action = actions::CreateLight(*f.world, type);
  CHECK(action.name == "Create " + name);
  CheckUndoRedo(*f.world, action);
  const EntityId id = Only(actions::CreatedEntities(action));
  CHECK(t::NameOf(*f.world, id) == name);
  CHECK(t::Get<ecs::Light>(*f.world, id).type == type);
}

TEST_CASE("Create camera is primary only when no camera is", "[editor][actions][create]") {
  Fixture f;
  const Action first = actions::CreateCamera(*f.world);
  CHECK(first.name == "Create Camera");
  CheckUndoRedo(*f.world, first);
  CHECK(t::Get<ecs::Camera>(*f.world, Only(actions::CreatedEntities(first))).primary);
  const Action second = actions::CreateCamera(*f.world);
  t::Apply(*f.world, second);
  CHECK_FALSE(t::Get<ecs::Camera>(*f.world, Only(actions::CreatedEntities(second))).primary);
}

TEST_CASE("Creating under a parent makes the last child", "[editor][actions][create]") {
  Fixture f;
  const Action action = actions::CreatePrimitive(*f.world, ecs::MeshShape::kSphere, f.scene.level);
  CheckUndoRedo(*f.world, action);
  CHECK(t::ChildNames(*f.world, f.scene.level) == "Player,Crate,Chaser,Sphere");
}

TEST_CASE("Creating under a missing parent is refused", "[editor][actions][create]") {
  Fixture f;
  REQUIRE_THROWS_WITH(actions::CreatePrimitive(*f.world, ecs::MeshShape::kCube, EntityId{255}),
                      "cannot create Cube under 00000000000000ff: no entity has that id");
}

TEST_CASE("Created ids are fresh for every action", "[editor][actions][create]") {
  Fixture f;
  const EntityId a = Only(actions::CreatedEntities(actions::CreateEmpty(*f.world)));
  const EntityId b = Only(actions::CreatedEntities(actions::CreateEmpty(*f.world)));
  CHECK(a != b);
  CHECK(f.world->FindEntity(a).IsNull());  // building changes nothing
}

// ---- Delete -------------------------------------------------------------------

TEST_CASE("Delete removes the subtree and undo restores ids, children and positions", "[editor][actions][delete]") {
  Fixture f;
  const Action action = actions::Delete(*f.world, Ids({f.scene.level}));
  CHECK(action.name == "Delete 'Level'");
  const std::string before = DumpWorld(*f.world);
  const Action undo = t::Apply(*f.world, action);
  CHECK(f.world->EntityCount() == 2);
  CHECK(f.world->FindEntity(f.scene.player).IsNull());
  const Action redo = t::Apply(*f.world, undo);
  CHECK(DumpWorld(*f.world) == before);
  CHECK(ChildAt(*f.world, ecs::kNoEntityId, 0) == f.scene.level);
  CHECK(t::ChildNames(*f.world, f.scene.level) == "Player,Crate,Chaser");
  CHECK(t::Get<ecs::Follow>(*f.world, f.scene.chaser).target == f.scene.player);
  t::Apply(*f.world, redo);
  CHECK(f.world->EntityCount() == 2);
}

TEST_CASE("Deleting a 100,000-deep chain and undoing it restores the same ids, parents and order",
          "[editor][actions][delete][deep]") {
  auto world = t::MakeWorld();
  const EntityId level = t::AddEntity(*world, "Level");
  t::AddEntity(*world, "Before", level);
  const EntityId top = cairn::test::CreateChain(*world, kDeepChainLength, level).front();
  t::AddEntity(*world, "After", level);
  const std::vector<ChainLink> chain = cairn::test::ReadChain(*world, top);
  const std::uint64_t steps = world->ParentStepCount();

  const Action undo = t::Apply(*world, actions::Delete(*world, Ids({top})));
  CHECK(world->EntityCount() == 3);
  CHECK(t::ChildNames(*world, level) == "Before,After");
  const Action redo = t::Apply(*world, undo);
  const std::vector<ChainLink> restored = cairn::test::ReadChain(*world, top);
  REQUIRE(restored.size() == chain.size());
  CHECK(cairn::test::FirstDifference(restored, chain) == chain.size());
  CHECK(t::ChildNames(*world, level) == "Before,Link 0,After");
  t::Apply(*world, redo);
  CHECK(world->EntityCount() == 3);
  // No walk up the ancestors per entity: fewer steps up than entities.
  CHECK(world->ParentStepCount() - steps < kDeepChainLength);
}

TEST_CASE("Deleting several entities is one action over the root-most ones", "[editor][actions][delete]") {
  Fixture f;
  // The Player is inside the Level: it goes with it, and is not counted.
  const Action action = actions::Delete(*f.world, Ids({f.scene.player, f.scene.lamp, f.scene.level, f.scene.sun}));
  CHECK(action.name == "Delete 3 entities");
  CHECK(action.commands.size() == 3);
  CheckUndoRedo(*f.world, action);
  CHECK(f.world->EntityCount() == 0);
}

TEST_CASE("Deleting non-adjacent siblings restores their positions", "[editor][actions][delete]") {
  Fixture f;
  const Action action = actions::Delete(*f.world, Ids({f.scene.chaser, f.scene.player}));
  CheckUndoRedo(*f.world, action);
  CHECK(t::ChildNames(*f.world, f.scene.level) == "Crate");
}

TEST_CASE("Delete refuses an empty selection and missing entities", "[editor][actions][delete]") {
  Fixture f;
  REQUIRE_THROWS_AS(actions::Delete(*f.world, {}), ActionError);
  REQUIRE_THROWS_WITH(actions::Delete(*f.world, {}), "cannot delete: no entity is selected");
  REQUIRE_THROWS_WITH(actions::Delete(*f.world, Ids({f.scene.lamp, EntityId{0xabc}})),
                      "cannot delete: no entity has id 0000000000000abc");
}

// ---- Duplicate ----------------------------------------------------------------

TEST_CASE("Duplicate places a numbered copy right after the original", "[editor][actions][duplicate]") {
  Fixture f;
  const Action action = actions::Duplicate(*f.world, Ids({f.scene.crate}));
  CHECK(action.name == "Duplicate 'Crate'");
  CheckUndoRedo(*f.world, action);
  CHECK(t::ChildNames(*f.world, f.scene.level) == "Player,Crate,Crate (1),Chaser");
  const EntityId copy = Only(actions::CreatedEntities(action));
  CHECK(copy != f.scene.crate);
  CHECK(t::Get<ecs::MeshRenderer>(*f.world, copy) == t::Get<ecs::MeshRenderer>(*f.world, f.scene.crate));

  SECTION("duplicating again takes the next free number") {
    t::Apply(*f.world, actions::Duplicate(*f.world, Ids({f.scene.crate})));
    CHECK(t::ChildNames(*f.world, f.scene.level) == "Player,Crate,Crate (2),Crate (1),Chaser");
  }
  SECTION("duplicating a copy counts on from its number") {
    t::Apply(*f.world, actions::Duplicate(*f.world, Ids({copy})));
    CHECK(t::ChildNames(*f.world, f.scene.level) == "Player,Crate,Crate (1),Crate (2),Chaser");
  }
}

TEST_CASE("Duplicate copies the whole subtree with new ids, keeping child names", "[editor][actions][duplicate]") {
  Fixture f;
  const Action action = actions::Duplicate(*f.world, Ids({f.scene.level}));
  CheckUndoRedo(*f.world, action);
  const EntityId copy = Only(actions::CreatedEntities(action));
  CHECK(t::ChildNames(*f.world, ecs::kNoEntityId) == "Level,Level (1),Lamp,Sun");
  CHECK(t::ChildNames(*f.world, copy) == "Player,Crate,Chaser");
  CHECK(f.world->EntityCount() == 10);
}

TEST_CASE("Duplicate remaps references inside the copy and keeps those outside", "[editor][actions][duplicate]") {
  Fixture f;
  SECTION("the followed entity is copied too: the copy follows the copy") {
    const Action action = actions::Duplicate(*f.world, Ids({f.scene.level}));
    t::Apply(*f.world, action);
    const EntityId level_copy = Only(actions::CreatedEntities(action));
    const EntityId player_copy = ChildAt(*f.world, level_copy, 0);
    const EntityId chaser_copy = ChildAt(*f.world, level_copy, 2);
    CHECK(player_copy != f.scene.player);
    CHECK(t::Get<ecs::Follow>(*f.world, chaser_copy).target == player_copy);
    CHECK(t::Get<ecs::Follow>(*f.world, f.scene.chaser).target == f.scene.player);
  }
  SECTION("the followed entity is outside the copy: the copy follows the original") {
    const Action action = actions::Duplicate(*f.world, Ids({f.scene.chaser}));
    t::Apply(*f.world, action);
    CHECK(t::Get<ecs::Follow>(*f.world, Only(actions::CreatedEntities(action))).target == f.scene.player);
  }
  SECTION("two copied subtrees: references between them follow the copies") {
    const Action action = actions::Duplicate(*f.world, Ids({f.scene.chaser, f.scene.player}));
    CHECK(action.name == "Duplicate 2 entities");
    CheckUndoRedo(*f.world, action);
    CHECK(t::ChildNames(*f.world, f.scene.level) == "Player,Player (1),Crate,Chaser,Chaser (1)");
    const EntityId player_copy = ChildAt(*f.world, f.scene.level, 1);
    const EntityId chaser_copy = ChildAt(*f.world, f.scene.level, 4);
    CHECK(t::Get<ecs::Follow>(*f.world, chaser_copy).target == player_copy);
  }
}

TEST_CASE("Duplicating a root places the copy among the roots", "[editor][actions][duplicate]") {
  Fixture f;
  CheckUndoRedo(*f.world, actions::Duplicate(*f.world, Ids({f.scene.lamp})));
  CHECK(t::ChildNames(*f.world, ecs::kNoEntityId) == "Level,Lamp,Lamp (1),Sun");
}

TEST_CASE("Duplicating a 100,000-deep chain copies every level with fresh ids, undo and redo keep them",
          "[editor][actions][duplicate][deep]") {
  auto world = t::MakeWorld();
  const EntityId top = cairn::test::CreateChain(*world, kDeepChainLength).front();
  t::AddEntity(*world, "Last");
  const std::vector<ChainLink> chain = cairn::test::ReadChain(*world, top);
  const std::uint64_t steps = world->ParentStepCount();

  const Action action = actions::Duplicate(*world, Ids({top}));
  CHECK(action.name == "Duplicate 'Link 0'");
  const Action undo = t::Apply(*world, action);
  const EntityId copy_top = Only(actions::CreatedEntities(action));
  const std::vector<ChainLink> copy = cairn::test::ReadChain(*world, copy_top);
  REQUIRE(copy.size() == chain.size());
  CHECK(cairn::test::FirstLevelNotCopied(chain, copy) == chain.size());
  CHECK(cairn::test::SharedIds(copy, chain) == 0);
  CHECK(t::ChildNames(*world, ecs::kNoEntityId) == "Link 0,Link 0 (1),Last");
  CHECK(cairn::test::FirstDifference(cairn::test::ReadChain(*world, top), chain) == chain.size());

  const Action redo = t::Apply(*world, undo);
  CHECK(world->FindEntity(copy_top).IsNull());
  CHECK(world->EntityCount() == kDeepChainLength + 1);
  t::Apply(*world, redo);
  const std::vector<ChainLink> copy_again = cairn::test::ReadChain(*world, copy_top);
  REQUIRE(copy_again.size() == copy.size());
  CHECK(cairn::test::FirstDifference(copy_again, copy) == copy.size());
  // No walk up the ancestors per entity: fewer steps up than entities.
  CHECK(world->ParentStepCount() - steps < kDeepChainLength);
}

// ---- Rename ---------------------------------------------------------------------

TEST_CASE("Rename is named after the new name", "[editor][actions][rename]") {
  Fixture f;
  const Action action = actions::Rename(*f.world, f.scene.crate, "Barrel");
  CHECK(action.name == "Rename 'Barrel'");
  CheckUndoRedo(*f.world, action);
  CHECK(t::NameOf(*f.world, f.scene.crate) == "Barrel");
  REQUIRE_THROWS_WITH(actions::Rename(*f.world, EntityId{7}, "X"), "cannot rename: no entity has id 0000000000000007");
}

// ---- Move and unparent --------------------------------------------------------------

TEST_CASE("Moving within the parent reorders without touching transforms", "[editor][actions][move]") {
  Fixture f;
  const ecs::Transform before = t::Get<ecs::Transform>(*f.world, f.scene.chaser);
  const Action action = actions::Move(*f.world, Ids({f.scene.chaser}), f.scene.level, 0);
  CHECK(action.name == "Move 'Chaser'");
  CheckUndoRedo(*f.world, action);
  CHECK(t::ChildNames(*f.world, f.scene.level) == "Chaser,Player,Crate");
  CHECK(t::Get<ecs::Transform>(*f.world, f.scene.chaser) == before);
}

TEST_CASE("Dropping several entities places them as one block before the drop row", "[editor][actions][move]") {
  Fixture f;
  const EntityId extra = t::AddEntity(*f.world, "Extra", f.scene.level);  // Player,Crate,Chaser,Extra

  SECTION("within the parent, in the given order, before the row at the drop position") {
    // Drop Extra and Player between Crate (1) and Chaser (2).
    const Action action = actions::Move(*f.world, Ids({extra, f.scene.player}), f.scene.level, 2);
    CHECK(action.name == "Move 2 entities");
    CheckUndoRedo(*f.world, action);
    CHECK(t::ChildNames(*f.world, f.scene.level) == "Crate,Extra,Player,Chaser");
  }
  SECTION("at the end") {
    CheckUndoRedo(*f.world, actions::Move(*f.world, Ids({f.scene.player, f.scene.crate}), f.scene.level));
    CHECK(t::ChildNames(*f.world, f.scene.level) == "Chaser,Extra,Player,Crate");
  }
  SECTION("a drop row that is itself moved: before the next row that stays") {
    CheckUndoRedo(*f.world, actions::Move(*f.world, Ids({extra, f.scene.crate}), f.scene.level, 1));
    CHECK(t::ChildNames(*f.world, f.scene.level) == "Player,Extra,Crate,Chaser");
  }
  SECTION("from several parents into another one") {
    const Action action = actions::Move(*f.world, Ids({f.scene.sun, f.scene.crate}), f.scene.lamp, 0);
    CheckUndoRedo(*f.world, action);
    CHECK(t::ChildNames(*f.world, f.scene.lamp) == "Sun,Crate");
    CHECK(t::ChildNames(*f.world, f.scene.level) == "Player,Chaser,Extra");
    CHECK(t::ChildNames(*f.world, ecs::kNoEntityId) == "Level,Lamp");
  }
}

TEST_CASE("Random drops agree with a model of sibling lists", "[editor][actions][move][property]") {
  // Leaves L0..L5 are dropped, in random groups and orders, at random
  // positions under the root, P or Q; the model removes the dropped entities
  // and inserts them as a block before the first staying row at or after the
  // drop position.
  auto world = t::MakeWorld();
  const EntityId p = t::AddEntity(*world, "P");
  const EntityId q = t::AddEntity(*world, "Q");
  std::vector<EntityId> leaves;
  for (int i = 0; i < 6; ++i) leaves.push_back(t::AddEntity(*world, "L" + std::to_string(i), i < 3 ? p : q));
  std::map<EntityId, std::vector<EntityId>> model{
      {ecs::kNoEntityId, {p, q}}, {p, {leaves[0], leaves[1], leaves[2]}}, {q, {leaves[3], leaves[4], leaves[5]}}};
  const auto names = [&](const std::vector<EntityId>& ids) {
    std::string text;
    for (EntityId id : ids) text += (text.empty() ? "" : ",") + t::NameOf(*world, id);
    return text;
  };
  std::mt19937 random(77);
  for (int step = 0; step < 300; ++step) {
    std::vector<EntityId> dropped = leaves;
    std::shuffle(dropped.begin(), dropped.end(), random);
    dropped.resize(std::uniform_int_distribution<std::size_t>(1, 3)(random));
    const EntityId parent = std::array{ecs::kNoEntityId, p, q}[std::uniform_int_distribution<int>(0, 2)(random)];
    std::vector<EntityId>& target = model[parent];
    const auto position =
        std::uniform_int_distribution<std::uint32_t>(0, static_cast<std::uint32_t>(target.size()) + 1)(random);

    EntityId anchor = ecs::kNoEntityId;
    for (std::size_t i = position; i < target.size(); ++i) {
      if (std::find(dropped.begin(), dropped.end(), target[i]) == dropped.end()) {
        anchor = target[i];
        break;
      }
    }
    for (auto& [owner, children] : model) {
      std::erase_if(children,
                    [&](EntityId id) { return std::find(dropped.begin(), dropped.end(), id) != dropped.end(); });
    }
    const auto at = anchor ? std::find(target.begin(), target.end(), anchor) : target.end();
    target.insert(at, dropped.begin(), dropped.end());

    const std::string before = DumpWorld(*world);
    const Action action = actions::Move(*world, dropped, parent, position);
    const Action undo = t::Apply(*world, action);
    for (const auto& [owner, children] : model) REQUIRE(t::ChildNames(*world, owner) == names(children));
    const std::string after = DumpWorld(*world);
    const Action redo = t::Apply(*world, undo);
    REQUIRE(DumpWorld(*world) == before);
    t::Apply(*world, redo);
    REQUIRE(DumpWorld(*world) == after);
  }
}

TEST_CASE("Moving to another parent keeps the world transform", "[editor][actions][move]") {
  Fixture f;
  ecs::Transform lamp;
  lamp.position = glm::vec3(0.0f, 4.0f, 2.0f);
  lamp.rotation = glm::angleAxis(glm::radians(30.0f), glm::vec3(0.0f, 1.0f, 0.0f));
  t::Put(*f.world, f.scene.lamp, lamp);
  const glm::mat4 before = World(*f.world, f.scene.player);
  const Action action = actions::Move(*f.world, Ids({f.scene.player}), f.scene.lamp);
  CheckUndoRedo(*f.world, action);
  CHECK(t::ChildNames(*f.world, f.scene.lamp) == "Player");
  CHECK(Near(World(*f.world, f.scene.player), before));
}

TEST_CASE("A drop that changes nothing has no commands", "[editor][actions][move]") {
  Fixture f;
  CHECK(actions::Move(*f.world, Ids({f.scene.crate}), f.scene.level, 1).commands.empty());
  CHECK(actions::Move(*f.world, Ids({f.scene.crate}), f.scene.level, 2).commands.empty());
  CHECK(actions::Move(*f.world, Ids({f.scene.player, f.scene.crate}), f.scene.level, 0).commands.empty());
}

TEST_CASE("A drop onto the entity itself or its descendant is refused", "[editor][actions][move]") {
  Fixture f;
  const std::string level = "entity " + ToHex(f.scene.level) + " (Level)";
  const std::string player = "entity " + ToHex(f.scene.player) + " (Player)";
  REQUIRE_THROWS_WITH(actions::Move(*f.world, Ids({f.scene.level}), f.scene.level),
                      "cannot move " + level + " under itself");
  REQUIRE_THROWS_WITH(actions::Move(*f.world, Ids({f.scene.lamp, f.scene.level}), f.scene.player),
                      "cannot move " + level + " under " + player + ": it is a descendant of the moved entity");
  REQUIRE_THROWS_WITH(actions::Move(*f.world, Ids({f.scene.lamp}), EntityId{9}),
                      "cannot move under 0000000000000009: no entity has that id");
}

TEST_CASE("Unparent moves entities to the end of the roots, keeping world transforms", "[editor][actions][move]") {
  Fixture f;
  const Action action = actions::Unparent(*f.world, Ids({f.scene.player, f.scene.lamp}));
  CHECK(action.name == "Unparent 'Player'");
  CheckUndoRedo(*f.world, action);
  CHECK(t::ChildNames(*f.world, ecs::kNoEntityId) == "Level,Lamp,Sun,Player");
  CHECK(t::Get<ecs::Transform>(*f.world, f.scene.player).position.x == Approx(11.0f));
  REQUIRE_THROWS_WITH(actions::Unparent(*f.world, Ids({f.scene.lamp})),
                      "cannot unparent: the selected entities are already at the root");
}

// ---- Components --------------------------------------------------------------------

TEST_CASE("Add component by name", "[editor][actions][component]") {
  Fixture f;
  const Action action = actions::AddComponent(*f.world, Ids({f.scene.crate}), "Rotator");
  CHECK(action.name == "Add Rotator");
  CheckUndoRedo(*f.world, action);
  CHECK(t::Get<ecs::Rotator>(*f.world, f.scene.crate) == ecs::Rotator{});
}

TEST_CASE("Add component to several entities skips those that have it", "[editor][actions][component]") {
  Fixture f;
  const Action action = actions::AddComponent(*f.world, Ids({f.scene.lamp, f.scene.crate, f.scene.player}), "Light");
  CHECK(action.name == "Add Light to 2 entities");
  CheckUndoRedo(*f.world, action);
}

TEST_CASE("Add component refuses with the exact reason", "[editor][actions][component]") {
  Fixture f;
  const std::string lamp = "entity " + ToHex(f.scene.lamp) + " (Lamp)";
  REQUIRE_THROWS_WITH(actions::AddComponent(*f.world, Ids({f.scene.lamp}), "Light"),
                      "cannot add component Light to " + lamp + ": it already has one");
  REQUIRE_THROWS_WITH(actions::AddComponent(*f.world, Ids({f.scene.lamp, f.scene.sun}), "Light"),
                      "cannot add component Light: all 2 selected entities already have one");
  REQUIRE_THROWS_WITH(actions::AddComponent(*f.world, Ids({f.scene.lamp}), "Lite"),
                      "cannot add component 'Lite': no component has that name (known: Camera, Follow, Light, "
                      "MeshRenderer, Player, Rotator, Static, Transform)");
  REQUIRE_THROWS_WITH(actions::AddComponent(*f.world, Ids({f.scene.lamp}), "Hierarchy"),
                      "cannot add component 'Hierarchy': it is not editable in the Inspector");
}

TEST_CASE("Remove component", "[editor][actions][component]") {
  Fixture f;
  const Action action = actions::RemoveComponent(*f.world, Ids({f.scene.lamp, f.scene.sun, f.scene.crate}), "Light");
  CHECK(action.name == "Remove Light from 2 entities");
  CheckUndoRedo(*f.world, action);
  CHECK_FALSE(f.world->HasComponent<ecs::Light>(f.world->GetEntity(f.scene.lamp)));
  const std::string crate = "entity " + ToHex(f.scene.crate) + " (Crate)";
  REQUIRE_THROWS_WITH(actions::RemoveComponent(*f.world, Ids({f.scene.crate}), "Light"),
                      "cannot remove component Light from " + crate + ": it has none");
  REQUIRE_THROWS_WITH(actions::RemoveComponent(*f.world, Ids({f.scene.crate}), "Name"),
                      "cannot remove component 'Name': it is not editable in the Inspector");
  CHECK(actions::RemoveComponent(*f.world, Ids({f.scene.crate}), "MeshRenderer").name == "Remove MeshRenderer");
}

TEST_CASE("Set component value on one entity", "[editor][actions][component]") {
  Fixture f;
  ecs::Light light = t::Get<ecs::Light>(*f.world, f.scene.lamp);
  light.intensity = 3.5f;
  const auto info = f.world->GetComponentInfoPtr(f.world->GetComponentType<ecs::Light>());
  const Action action = actions::SetComponent(*f.world, f.scene.lamp, ecs::ComponentValue::From(info, light));
  CHECK(action.name == "Change Light");
  CheckUndoRedo(*f.world, action);
  CHECK(t::Get<ecs::Light>(*f.world, f.scene.lamp).intensity == 3.5f);
  const std::string crate = "entity " + ToHex(f.scene.crate) + " (Crate)";
  REQUIRE_THROWS_WITH(actions::SetComponent(*f.world, f.scene.crate, ecs::ComponentValue::From(info, light)),
                      "cannot change component Light of " + crate + ": it has no component Light");
}

TEST_CASE("A field edit on several entities is one action keeping their other fields", "[editor][actions][component]") {
  Fixture f;
  ecs::Light sun = t::Get<ecs::Light>(*f.world, f.scene.sun);
  sun.color = glm::vec3(1.0f, 0.9f, 0.7f);
  t::Put(*f.world, f.scene.sun, sun);
  const Action action = actions::SetField(*f.world, Ids({f.scene.lamp, f.scene.sun, f.scene.crate}), "Light",
                                          "intensity", PlainValue(2.5));
  CHECK(action.name == "Change Light.intensity on 2 entities");
  CHECK(action.commands.size() == 2);
  CheckUndoRedo(*f.world, action);
  CHECK(t::Get<ecs::Light>(*f.world, f.scene.lamp).intensity == 2.5f);
  CHECK(t::Get<ecs::Light>(*f.world, f.scene.sun).intensity == 2.5f);
  CHECK(t::Get<ecs::Light>(*f.world, f.scene.sun).color == glm::vec3(1.0f, 0.9f, 0.7f));
  CHECK(t::Get<ecs::Light>(*f.world, f.scene.sun).type == ecs::LightType::kDirectional);
  CHECK(t::Get<ecs::Light>(*f.world, f.scene.lamp).type == ecs::LightType::kPoint);
}

TEST_CASE("A typed field edit copies the one field from the edited component onto each entity",
          "[editor][actions][component]") {
  Fixture f;
  ecs::Light sun = t::Get<ecs::Light>(*f.world, f.scene.sun);
  sun.color = glm::vec3(1.0f, 0.9f, 0.7f);
  t::Put(*f.world, f.scene.sun, sun);
  const ecs::ComponentType light = f.world->GetComponentType<ecs::Light>();
  const ecs::ComponentInfo& info = f.world->GetComponentInfo(light);
  const ecs::FieldInfo& intensity = *info.FindField("intensity");
  // The Inspector's edit: the lamp's Light with the new intensity.
  ecs::Light edited = t::Get<ecs::Light>(*f.world, f.scene.lamp);
  edited.intensity = 2.5f;
  edited.range = 99.0f;  // not the edited field: never copied
  const Action action = actions::SetField(*f.world, Ids({f.scene.lamp, f.scene.sun, f.scene.crate}), light, intensity,
                                          &edited);
  CHECK(action.name == "Change Light.intensity on 2 entities");
  CheckUndoRedo(*f.world, action);
  CHECK(t::Get<ecs::Light>(*f.world, f.scene.lamp).intensity == 2.5f);
  CHECK(t::Get<ecs::Light>(*f.world, f.scene.sun).intensity == 2.5f);
  CHECK(t::Get<ecs::Light>(*f.world, f.scene.sun).color == glm::vec3(1.0f, 0.9f, 0.7f));
  CHECK(t::Get<ecs::Light>(*f.world, f.scene.lamp).range != 99.0f);

  // The same action as the plain path builds.
  const Action plain = actions::SetField(*f.world, Ids({f.scene.lamp, f.scene.sun}), "Light", "intensity",
                                         PlainValue(4.0));
  edited.intensity = 4.0f;
  const Action typed = actions::SetField(*f.world, Ids({f.scene.lamp, f.scene.sun}), light, intensity, &edited);
  CHECK(ecs::ActionToPlain(typed) == ecs::ActionToPlain(plain));

  edited.intensity = std::numeric_limits<float>::infinity();
  CHECK_THROWS_WITH(actions::SetField(*f.world, Ids({f.scene.lamp}), light, intensity, &edited),
                    Catch::Contains("cannot change Light.intensity") && Catch::Contains("finite"));
  const ecs::ComponentType mesh = f.world->GetComponentType<ecs::MeshRenderer>();
  const ecs::FieldInfo& color = *f.world->GetComponentInfo(mesh).FindField("color");
  CHECK_THROWS_WITH(actions::SetField(*f.world, Ids({f.scene.lamp}), light, color, &edited),
                    "cannot change Light.color: the field is not one of Light's in this scene");
}

TEST_CASE("An edit of one axis on several entities changes that axis on each and nothing else",
          "[editor][actions][component]") {
  Fixture f;
  t::Put(*f.world, f.scene.player, ecs::Transform{{1, 2, 3}, glm::angleAxis(0.5f, glm::vec3(0, 1, 0)), {1, 1, 1}});
  t::Put(*f.world, f.scene.crate, ecs::Transform{{-4, 5, 6}, glm::quat(1, 0, 0, 0), {2, 2, 2}});
  const ecs::ComponentType transform = f.world->GetComponentType<ecs::Transform>();
  // The Inspector's edit of Y, made from the primary entity's (the crate's) position.
  const glm::vec3 typed(-4, 2.5f, 6);
  const ecs::FieldValue value = ecs::FieldValue::Checked(f.world->GetComponentInfoPtr(transform), 0, &typed);
  const Action action = actions::SetField(*f.world, Ids({f.scene.player, f.scene.crate}), value, ecs::ElementBit(1));
  CHECK(action.name == "Change Transform.position on 2 entities");
  CheckUndoRedo(*f.world, action);
  CHECK(t::Get<ecs::Transform>(*f.world, f.scene.player).position == glm::vec3(1, 2.5f, 3));
  CHECK(t::Get<ecs::Transform>(*f.world, f.scene.crate).position == glm::vec3(-4, 2.5f, 6));
  CHECK(t::Get<ecs::Transform>(*f.world, f.scene.player).scale == glm::vec3(1, 1, 1));
  CHECK(t::Get<ecs::Transform>(*f.world, f.scene.player).rotation == glm::angleAxis(0.5f, glm::vec3(0, 1, 0)));
  // Undo records only the old value of the one field, under the same mask.
  const Action inverse = t::Apply(*f.world, action);
  for (const ecs::Command& command : inverse.commands) {
    const auto& patch = std::get<ecs::SetFieldCommand>(command);
    CHECK(patch.elements == ecs::ElementBit(1));
    CHECK(patch.value.Path() == "Transform.position");
  }
  CHECK_THROWS_WITH(actions::SetField(*f.world, Ids({f.scene.player}), value, ecs::ElementBit(3)),
                    "cannot change Transform.position: a vec3 has no such components");
}

TEST_CASE("A rotation edit gives each entity its own value", "[editor][actions][component]") {
  Fixture f;
  const ecs::ComponentType transform = f.world->GetComponentType<ecs::Transform>();
  const auto info = f.world->GetComponentInfoPtr(transform);
  const glm::quat a = glm::angleAxis(0.5f, glm::vec3(0, 1, 0));
  const glm::quat b = glm::angleAxis(1.5f, glm::vec3(1, 0, 0));
  const std::vector<ecs::FieldValue> values{ecs::FieldValue::Checked(info, 1, &a), ecs::FieldValue::Checked(info, 1, &b)};
  const Action action = actions::SetFieldEach(*f.world, Ids({f.scene.player, f.scene.crate}), values);
  CheckUndoRedo(*f.world, action);
  CHECK(t::Get<ecs::Transform>(*f.world, f.scene.player).rotation == a);
  CHECK(t::Get<ecs::Transform>(*f.world, f.scene.crate).rotation == b);
  CHECK_THROWS_WITH(actions::SetFieldEach(*f.world, Ids({f.scene.player}), values),
                    "cannot change a field: 2 values for 1 entities");
}

TEST_CASE("A field edit names wrong fields and values", "[editor][actions][component]") {
  Fixture f;
  REQUIRE_THROWS_WITH(actions::SetField(*f.world, Ids({f.scene.lamp}), "Light", "brightness", PlainValue(1.0)),
                      "cannot change Light.brightness: component Light has no field 'brightness'");
  REQUIRE_THROWS_WITH(actions::SetField(*f.world, Ids({f.scene.lamp}), "Light", "intensity", PlainValue("bright")),
                      "cannot change Light.intensity: expected a number, found a string");
  REQUIRE_THROWS_WITH(
      actions::SetField(*f.world, Ids({f.scene.crate, f.scene.player}), "Light", "intensity", PlainValue(1.0)),
      "cannot change Light.intensity: none of the 2 selected entities has component Light");
  REQUIRE_THROWS_WITH(actions::SetField(*f.world, Ids({f.scene.lamp}), "Glow", "intensity", PlainValue(1.0)),
                      "cannot change Glow.intensity: no component is named 'Glow'");
}

TEST_CASE("A field edit refuses values a scene file could not hold", "[editor][actions][component]") {
  Fixture f;
  // What the Inspector hands over when "1e39" is typed into a float field.
  REQUIRE_THROWS_WITH(actions::SetField(*f.world, Ids({f.scene.lamp}), "Light", "intensity", PlainValue(std::strtof("1e39", nullptr))),
                      "cannot change Light.intensity: expected a number in the range of a 32-bit float, found inf");
  REQUIRE_THROWS_WITH(actions::SetField(*f.world, Ids({f.scene.lamp}), "Light", "intensity", PlainValue(1e39)),
                      "cannot change Light.intensity: expected a number in the range of a 32-bit float, found 1e+39");
  PlainValue::Array zero{0.0, 0.0, 0.0, 0.0};
  REQUIRE_THROWS_WITH(
      actions::SetField(*f.world, Ids({f.scene.lamp}), "Transform", "rotation", PlainValue(std::move(zero))),
      "cannot change Transform.rotation: a rotation quaternion cannot have length 0 (it names no rotation)");
}

TEST_CASE("Paste component values sets where present and adds where missing", "[editor][actions][component]") {
  Fixture f;
  ecs::Light light;
  light.type = ecs::LightType::kSpot;
  light.intensity = 7.0f;
  const auto info = f.world->GetComponentInfoPtr(f.world->GetComponentType<ecs::Light>());
  const Action action = actions::PasteComponentValue(*f.world, Ids({f.scene.lamp, f.scene.crate}),
                                                     ecs::ComponentValue::From(info, light));
  CHECK(action.name == "Paste Light onto 2 entities");
  CHECK(std::holds_alternative<ecs::SetComponentCommand>(action.commands[0]));
  CHECK(std::holds_alternative<ecs::AddComponentCommand>(action.commands[1]));
  CheckUndoRedo(*f.world, action);
  CHECK(t::Get<ecs::Light>(*f.world, f.scene.lamp) == light);
  CHECK(t::Get<ecs::Light>(*f.world, f.scene.crate) == light);
}

// ---- Helpers -------------------------------------------------------------------------

TEST_CASE("Merge keys name the field and the entities", "[editor][actions]") {
  CHECK(actions::FieldMergeKey(Ids({EntityId{1}, EntityId{0x2a}}), "Transform", "position") ==
        "Transform.position@0000000000000001,000000000000002a");
}

TEST_CASE("Display names fall back to the id", "[editor][actions]") {
  Fixture f;
  CHECK(actions::DisplayName(*f.world, f.scene.crate) == "Crate");
  const EntityId unnamed = f.world->GetEntityId(f.world->CreateEntity());
  CHECK(actions::DisplayName(*f.world, unnamed) == ToHex(unnamed));
}
