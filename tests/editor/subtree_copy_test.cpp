#include <catch2/catch.hpp>

#include <unordered_set>
#include <vector>

#include "cairn/editor/subtree_copy.h"
#include "cairn/test/chains.h"
#include "test_world.h"

using cairn::ecs::EntityId;
using cairn::editor::GiveFreshIds;
using cairn::editor::OutsideReferences;
using cairn::editor::RootMostEntities;
using cairn::editor::SubtreeRecords;
namespace ecs = cairn::ecs;
namespace t = cairn::editor::testing;

namespace {

EntityId FollowTarget(const ecs::EntityRecord& record) {
  for (const ecs::ComponentValue& value : record.components) {
    if (value.Name() == "Follow") return value.As<ecs::Follow>().target;
  }
  FAIL("no Follow component in the record");
  return {};
}

}  // namespace

TEST_CASE("Fresh ids replace every id and parent link of the copied records", "[editor][subtree_copy]") {
  auto world = t::MakeWorld();
  const t::SampleScene scene = t::BuildSampleScene(*world);
  SubtreeRecords subtrees{ecs::SnapshotSubtree(*world, world->GetEntity(scene.level))};
  const auto remap = GiveFreshIds(subtrees, *world, OutsideReferences::kKeep);

  REQUIRE(remap.size() == 4);
  const auto& records = subtrees.front();
  std::unordered_set<EntityId> ids;
  for (const ecs::EntityRecord& record : records) {
    ids.insert(record.id);
    CHECK(world->FindEntity(record.id).IsNull());
  }
  CHECK(ids.size() == 4);
  CHECK(records[0].id == remap.at(scene.level));
  CHECK(records[0].parent == ecs::kNoEntityId);  // the root's place is the caller's
  for (std::size_t i = 1; i < records.size(); ++i) CHECK(records[i].parent == records[0].id);
  CHECK(FollowTarget(records[3]) == remap.at(scene.player));
}

TEST_CASE("Outside references are kept, or cleared when missing", "[editor][subtree_copy]") {
  auto world = t::MakeWorld();
  const t::SampleScene scene = t::BuildSampleScene(*world);
  SubtreeRecords keep{ecs::SnapshotSubtree(*world, world->GetEntity(scene.chaser))};
  SubtreeRecords clear = keep;
  GiveFreshIds(keep, *world, OutsideReferences::kClearMissing);
  CHECK(FollowTarget(keep.front().front()) == scene.player);  // exists: kept in both modes

  world->DestroyEntity(world->GetEntity(scene.player));
  SubtreeRecords kept_dangling = clear;
  GiveFreshIds(kept_dangling, *world, OutsideReferences::kKeep);
  CHECK(FollowTarget(kept_dangling.front().front()) == scene.player);
  GiveFreshIds(clear, *world, OutsideReferences::kClearMissing);
  CHECK(FollowTarget(clear.front().front()) == ecs::kNoEntityId);
}

TEST_CASE("Root-most entities skip descendants of listed entities and missing ids", "[editor][subtree_copy]") {
  auto world = t::MakeWorld();
  const t::SampleScene scene = t::BuildSampleScene(*world);
  const std::vector<EntityId> ids{scene.crate, scene.lamp, EntityId{99}, scene.level, scene.lamp};
  const std::vector<ecs::Entity> roots = RootMostEntities(*world, ids);
  REQUIRE(roots.size() == 2);
  CHECK(world->GetEntityId(roots[0]) == scene.lamp);
  CHECK(world->GetEntityId(roots[1]) == scene.level);
}

TEST_CASE("Root-most entities among the leaves of a 100,000-deep comb take one step up per entity at most",
          "[editor][subtree_copy][deep]") {
  // A chain with one leaf hanging from each of its links: every leaf is a
  // root-most entity, and each one's walk up meets the ones walked before.
  auto world = t::MakeWorld();
  const std::vector<EntityId> spine = cairn::test::CreateChain(*world, cairn::test::kDeepChainLength);
  std::vector<EntityId> leaves;
  leaves.reserve(spine.size());
  for (EntityId link : spine) leaves.push_back(t::AddEntity(*world, "Leaf", link));
  const std::uint64_t steps = world->ParentStepCount();
  const std::vector<ecs::Entity> roots = RootMostEntities(*world, leaves);
  CHECK(world->ParentStepCount() - steps <= world->EntityCount());
  std::vector<EntityId> root_ids;
  for (ecs::Entity root : roots) root_ids.push_back(world->GetEntityId(root));
  CHECK(root_ids == leaves);

  // With the top of the spine listed too, it is the only root-most entity.
  leaves.push_back(spine.front());
  const std::uint64_t steps_with_top = world->ParentStepCount();
  const std::vector<ecs::Entity> with_top = RootMostEntities(*world, leaves);
  CHECK(world->ParentStepCount() - steps_with_top <= world->EntityCount());
  REQUIRE(with_top.size() == 1);
  CHECK(world->GetEntityId(with_top.front()) == spine.front());
}
