#include <catch2/catch.hpp>

#include <vector>

#include "cairn/ecs/world_dump.h"
#include "cairn/editor/actions.h"
#include "cairn/editor/clipboard.h"
#include "cairn/editor/editor_errors.h"
#include "cairn/test/chains.h"
#include "test_world.h"

using cairn::ecs::Action;
using cairn::ecs::DumpWorld;
using cairn::ecs::EntityId;
using cairn::editor::Clipboard;
namespace actions = cairn::editor::actions;
namespace ecs = cairn::ecs;
namespace t = cairn::editor::testing;

namespace {

std::vector<EntityId> Ids(std::initializer_list<EntityId> ids) { return ids; }

EntityId ChildAt(const ecs::Coordinator& world, EntityId parent, std::size_t index) {
  return world.GetEntityId(world.ChildAt(parent ? world.GetEntity(parent) : ecs::kNullEntity, index));
}

}  // namespace

TEST_CASE("A new clipboard is empty and refuses to paste", "[editor][clipboard]") {
  auto world = t::MakeWorld();
  const t::SampleScene scene = t::BuildSampleScene(*world);
  const Clipboard clipboard;
  CHECK_FALSE(clipboard.HasComponent());
  CHECK_FALSE(clipboard.HasEntities());
  CHECK(clipboard.ComponentName().empty());
  REQUIRE_THROWS_WITH(clipboard.PasteComponent(*world, Ids({scene.crate})),
                      "cannot paste component values: the clipboard holds no component");
  REQUIRE_THROWS_WITH(clipboard.PasteEntities(*world), "cannot paste: the clipboard holds no entities");
}

TEST_CASE("Copy a component and paste it onto entities with and without it", "[editor][clipboard]") {
  auto world = t::MakeWorld();
  const t::SampleScene scene = t::BuildSampleScene(*world);
  ecs::Light light = t::Get<ecs::Light>(*world, scene.lamp);
  light.intensity = 4.0f;
  t::Put(*world, scene.lamp, light);

  Clipboard clipboard;
  clipboard.CopyComponent(*world, scene.lamp, "Light");
  CHECK(clipboard.ComponentName() == "Light");
  light.intensity = 9.0f;
  t::Put(*world, scene.lamp, light);  // the copy is a snapshot

  const Action paste = clipboard.PasteComponent(*world, Ids({scene.sun, scene.crate}));
  CHECK(paste.name == "Paste Light onto 2 entities");
  const std::string before = DumpWorld(*world);
  const Action inverse = t::Apply(*world, paste);
  CHECK(t::Get<ecs::Light>(*world, scene.sun).intensity == 4.0f);
  CHECK(t::Get<ecs::Light>(*world, scene.sun).type == ecs::LightType::kPoint);
  CHECK(t::Get<ecs::Light>(*world, scene.crate).intensity == 4.0f);
  t::Apply(*world, inverse);
  CHECK(DumpWorld(*world) == before);
}

TEST_CASE("Copying a component the entity lacks is refused", "[editor][clipboard]") {
  auto world = t::MakeWorld();
  const t::SampleScene scene = t::BuildSampleScene(*world);
  Clipboard clipboard;
  REQUIRE_THROWS_WITH(
      clipboard.CopyComponent(*world, scene.crate, "Light"),
      "cannot copy component Light: entity " + ecs::ToHex(scene.crate) + " (Crate) has no component Light");
  REQUIRE_THROWS_WITH(clipboard.CopyComponent(*world, EntityId{3}, "Light"),
                      "cannot copy component Light: no entity has id 0000000000000003");
  CHECK_FALSE(clipboard.HasComponent());
}

TEST_CASE("Copied entities paste as new subtrees with fresh ids", "[editor][clipboard]") {
  auto world = t::MakeWorld();
  const t::SampleScene scene = t::BuildSampleScene(*world);
  Clipboard clipboard;
  clipboard.CopyEntities(*world, Ids({scene.player, scene.level}));  // Player goes with the Level
  CHECK(clipboard.SubtreeCount() == 1);
  CHECK(clipboard.EntityCount() == 4);

  const Action paste = clipboard.PasteEntities(*world);
  CHECK(paste.name == "Paste 'Level'");
  const std::string before = DumpWorld(*world);
  const Action inverse = t::Apply(*world, paste);
  CHECK(t::ChildNames(*world, ecs::kNoEntityId) == "Level,Lamp,Sun,Level");
  const EntityId copy = actions::CreatedEntities(paste).at(0);
  CHECK(copy != scene.level);
  CHECK(t::ChildNames(*world, copy) == "Player,Crate,Chaser");
  const EntityId player_copy = ChildAt(*world, copy, 0);
  CHECK(t::Get<ecs::Follow>(*world, ChildAt(*world, copy, 2)).target == player_copy);
  t::Apply(*world, inverse);
  CHECK(DumpWorld(*world) == before);

  SECTION("pasting twice gives two different copies") {
    const Action again = clipboard.PasteEntities(*world);
    CHECK(actions::CreatedEntities(again) != actions::CreatedEntities(paste));
  }
}

TEST_CASE("A copied 100,000-deep chain pastes as the same chain with fresh ids", "[editor][clipboard][deep]") {
  using cairn::test::kDeepChainLength;
  auto world = t::MakeWorld();
  const EntityId level = t::AddEntity(*world, "Level");
  const EntityId top = cairn::test::CreateChain(*world, kDeepChainLength).front();
  const std::vector<cairn::test::ChainLink> chain = cairn::test::ReadChain(*world, top);
  const std::uint64_t steps = world->ParentStepCount();

  Clipboard clipboard;
  clipboard.CopyEntities(*world, Ids({top}));
  CHECK(clipboard.EntityCount() == kDeepChainLength);
  const Action paste = clipboard.PasteEntities(*world, level);
  const Action undo = t::Apply(*world, paste);
  const EntityId copy_top = actions::CreatedEntities(paste).at(0);
  const std::vector<cairn::test::ChainLink> copy = cairn::test::ReadChain(*world, copy_top);
  REQUIRE(copy.size() == chain.size());
  CHECK(cairn::test::FirstLevelNotCopied(chain, copy) == chain.size());
  CHECK(cairn::test::SharedIds(copy, chain) == 0);
  CHECK(copy.front().name == "Link 0");
  CHECK(copy.front().parent == level);
  t::Apply(*world, undo);
  CHECK(world->FindEntity(copy_top).IsNull());
  CHECK(world->EntityCount() == kDeepChainLength + 1);
  CHECK(cairn::test::FirstDifference(cairn::test::ReadChain(*world, top), chain) == chain.size());
  // No walk up the ancestors per entity: fewer steps up than entities.
  CHECK(world->ParentStepCount() - steps < kDeepChainLength);
}

TEST_CASE("Pasting several subtrees under a parent at a position keeps copy order", "[editor][clipboard]") {
  auto world = t::MakeWorld();
  const t::SampleScene scene = t::BuildSampleScene(*world);
  Clipboard clipboard;
  clipboard.CopyEntities(*world, Ids({scene.sun, scene.lamp}));
  const Action paste = clipboard.PasteEntities(*world, scene.level, 1);
  CHECK(paste.name == "Paste 2 entities");
  t::Apply(*world, paste);
  CHECK(t::ChildNames(*world, scene.level) == "Player,Sun,Lamp,Crate,Chaser");
}

TEST_CASE("Pasted references outside the copy stay when their target exists", "[editor][clipboard]") {
  auto world = t::MakeWorld();
  const t::SampleScene scene = t::BuildSampleScene(*world);
  Clipboard clipboard;
  clipboard.CopyEntities(*world, Ids({scene.chaser}));

  SECTION("target alive: kept") {
    const Action paste = clipboard.PasteEntities(*world);
    t::Apply(*world, paste);
    CHECK(t::Get<ecs::Follow>(*world, actions::CreatedEntities(paste).at(0)).target == scene.player);
  }
  SECTION("target deleted since the copy: cleared") {
    t::Apply(*world, actions::Delete(*world, Ids({scene.player})));
    const Action paste = clipboard.PasteEntities(*world);
    t::Apply(*world, paste);
    CHECK(t::Get<ecs::Follow>(*world, actions::CreatedEntities(paste).at(0)).target == ecs::kNoEntityId);
  }
}

TEST_CASE("The clipboard survives a world replacement", "[editor][clipboard]") {
  auto first = t::MakeWorld(1);
  const t::SampleScene scene = t::BuildSampleScene(*first);
  Clipboard clipboard;
  clipboard.CopyComponent(*first, scene.chaser, "Follow");
  clipboard.CopyEntities(*first, Ids({scene.level, scene.lamp}));
  first.reset();  // the world the contents came from is gone

  auto second = t::MakeWorld(2);
  const EntityId box = t::AddEntity(*second, "Box");
  CHECK(clipboard.DropDanglingReferences(*second) == 1);  // the copied Follow's target; the subtree's stays remapped

  const Action paste_value = clipboard.PasteComponent(*second, Ids({box}));
  t::Apply(*second, paste_value);
  CHECK(t::Get<ecs::Follow>(*second, box).target == ecs::kNoEntityId);
  CHECK(t::Get<ecs::Follow>(*second, box).offset == glm::vec3(0.0f, 1.0f, -2.0f));

  const Action paste = clipboard.PasteEntities(*second);
  const std::string before = DumpWorld(*second);
  const Action inverse = t::Apply(*second, paste);
  CHECK(t::ChildNames(*second, ecs::kNoEntityId) == "Box,Level,Lamp");
  const EntityId level = actions::CreatedEntities(paste).at(0);
  CHECK(t::Get<ecs::Follow>(*second, ChildAt(*second, level, 2)).target == ChildAt(*second, level, 0));
  CHECK(t::Get<ecs::MeshRenderer>(*second, ChildAt(*second, level, 1)).color == glm::vec4(0.5f, 0.3f, 0.1f, 1.0f));
  t::Apply(*second, inverse);
  CHECK(DumpWorld(*second) == before);
}

TEST_CASE("Pasting into a world without the component is refused by name", "[editor][clipboard]") {
  auto world = t::MakeWorld();
  const t::SampleScene scene = t::BuildSampleScene(*world);
  Clipboard clipboard;
  clipboard.CopyComponent(*world, scene.lamp, "Light");
  ecs::Coordinator bare;
  bare.RegisterComponent<ecs::Name>("Name").Field("value", &ecs::Name::value);
  const EntityId id = bare.GetEntityId(bare.CreateEntity());
  REQUIRE_THROWS_WITH(clipboard.PasteComponent(bare, Ids({id})),
                      "cannot paste component Light: it is not registered in this scene");
}

TEST_CASE("Clear empties both parts", "[editor][clipboard]") {
  auto world = t::MakeWorld();
  const t::SampleScene scene = t::BuildSampleScene(*world);
  Clipboard clipboard;
  clipboard.CopyComponent(*world, scene.lamp, "Light");
  clipboard.CopyEntities(*world, Ids({scene.lamp}));
  clipboard.Clear();
  CHECK_FALSE(clipboard.HasComponent());
  CHECK_FALSE(clipboard.HasEntities());
}
