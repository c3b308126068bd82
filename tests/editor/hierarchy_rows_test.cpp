#include <catch2/catch.hpp>

#include <string>
#include <unordered_set>
#include <vector>

#include "cairn/editor/hierarchy_rows.h"
#include "test_world.h"

using cairn::ecs::EntityId;
using cairn::editor::FlattenHierarchy;
using cairn::editor::HierarchyFilter;
using cairn::editor::HierarchyRow;
namespace editor = cairn::editor;
namespace ecs = cairn::ecs;
namespace t = cairn::editor::testing;

namespace {

// "Name@depth" for each row; ancestors shown only for a match get a '~'.
std::string Describe(const ecs::Coordinator& world, const std::vector<HierarchyRow>& rows) {
  std::string text;
  for (const HierarchyRow& row : rows) {
    if (!text.empty()) text += ' ';
    text += (row.matches ? "" : "~") + t::NameOf(world, row.id) + "@" + std::to_string(row.depth);
  }
  return text;
}

struct Fixture {
  std::unique_ptr<ecs::Coordinator> world = t::MakeWorld();
  t::SampleScene scene = t::BuildSampleScene(*world);
  EntityId wheel = t::AddEntity(*world, "Wheel", scene.crate);
  std::unordered_set<EntityId> expanded;
};

}  // namespace

TEST_CASE("Without expansion only the roots are rows", "[editor][hierarchy_rows]") {
  Fixture f;
  const auto rows = FlattenHierarchy(*f.world, f.expanded);
  CHECK(Describe(*f.world, rows) == "Level@0 Lamp@0 Sun@0");
  REQUIRE(rows.size() == 3);
  CHECK(rows[0].has_children);
  CHECK_FALSE(rows[0].expanded);
  CHECK_FALSE(rows[1].has_children);
  CHECK(rows[0].entity == f.world->GetEntity(f.scene.level));
}

TEST_CASE("Expanded entities show their children in order, depth first", "[editor][hierarchy_rows]") {
  Fixture f;
  f.expanded = {f.scene.level, f.scene.crate};
  const auto rows = FlattenHierarchy(*f.world, f.expanded);
  CHECK(Describe(*f.world, rows) == "Level@0 Player@1 Crate@1 Wheel@2 Chaser@1 Lamp@0 Sun@0");
  CHECK(rows[0].expanded);
  CHECK(rows[2].expanded);

  SECTION("an expanded entity under a collapsed parent stays hidden") {
    f.expanded = {f.scene.crate};
    CHECK(Describe(*f.world, FlattenHierarchy(*f.world, f.expanded)) == "Level@0 Lamp@0 Sun@0");
  }
}

TEST_CASE("A name filter shows matches and their ancestors, case-insensitively", "[editor][hierarchy_rows]") {
  Fixture f;
  const auto rows = FlattenHierarchy(*f.world, f.expanded, HierarchyFilter::Parse("WHE"));
  CHECK(Describe(*f.world, rows) == "~Level@0 ~Crate@1 Wheel@2");
  CHECK(rows[0].expanded);
  CHECK_FALSE(rows[2].expanded);
  CHECK(Describe(*f.world, FlattenHierarchy(*f.world, f.expanded, HierarchyFilter::Parse("a"))) ==
        "~Level@0 Player@1 Crate@1 Chaser@1 Lamp@0");
}

TEST_CASE("t: filters by component and terms combine", "[editor][hierarchy_rows]") {
  Fixture f;
  CHECK(Describe(*f.world, FlattenHierarchy(*f.world, f.expanded, HierarchyFilter::Parse("t:Light"))) ==
        "Lamp@0 Sun@0");
  CHECK(Describe(*f.world, FlattenHierarchy(*f.world, f.expanded, HierarchyFilter::Parse("t:light  s"))) == "Sun@0");
  CHECK(Describe(*f.world, FlattenHierarchy(*f.world, f.expanded, HierarchyFilter::Parse("t:Follow"))) ==
        "~Level@0 Chaser@1");
  CHECK(FlattenHierarchy(*f.world, f.expanded, HierarchyFilter::Parse("t:Glow")).empty());
  CHECK(FlattenHierarchy(*f.world, f.expanded, HierarchyFilter::Parse("zzz")).empty());
}

TEST_CASE("Parsing the search text", "[editor][hierarchy_rows]") {
  CHECK(HierarchyFilter::Parse("   ").Empty());
  const HierarchyFilter filter = HierarchyFilter::Parse(" Big  t:MeshRenderer crate ");
  CHECK(filter.NameTerms() == std::vector<std::string>{"big", "crate"});
  CHECK(filter.ComponentTerms() == std::vector<std::string>{"MeshRenderer"});
  CHECK(HierarchyFilter::Parse("t:").NameTerms() == std::vector<std::string>{"t:"});
}

TEST_CASE("Row ids and revealing an entity", "[editor][hierarchy_rows]") {
  Fixture f;
  CHECK(editor::ExpandToReveal(*f.world, f.wheel, f.expanded));
  CHECK(f.expanded == std::unordered_set<EntityId>{f.scene.level, f.scene.crate});
  CHECK_FALSE(editor::ExpandToReveal(*f.world, f.wheel, f.expanded));
  const auto ids = editor::RowIds(FlattenHierarchy(*f.world, f.expanded));
  CHECK(ids == std::vector<EntityId>{f.scene.level, f.scene.player, f.scene.crate, f.wheel, f.scene.chaser,
                                     f.scene.lamp, f.scene.sun});
}

TEST_CASE("100,000 entities flatten into the expected rows", "[editor][hierarchy_rows][scale]") {
  // 1,000 groups of 99 children: roots, fully expanded, and filtered.
  auto world = t::MakeWorld();
  world->ReserveEntities(100000);
  std::unordered_set<EntityId> expanded;
  EntityId special;
  for (int group = 0; group < 1000; ++group) {
    const ecs::Entity root = world->CreateEntity();
    world->AddComponent<ecs::Name>(root, ecs::Name{"Group " + std::to_string(group)});
    const EntityId root_id = world->GetEntityId(root);
    if (group % 2 == 0) expanded.insert(root_id);
    for (int child = 0; child < 99; ++child) {
      const ecs::Entity entity = world->CreateEntity();
      world->AddComponent<ecs::Name>(entity, ecs::Name{"Item " + std::to_string(child)});
      world->SetParent(entity, root);
      if (group == 777 && child == 42) {
        world->AddComponent<ecs::Light>(entity);
        special = world->GetEntityId(entity);
      }
    }
  }
  REQUIRE(world->EntityCount() == 100000);
  CHECK(FlattenHierarchy(*world, {}).size() == 1000);
  const auto rows = FlattenHierarchy(*world, expanded);
  CHECK(rows.size() == 1000 + 500 * 99);
  CHECK(rows[1].depth == 1);
  CHECK(t::NameOf(*world, rows[100].id) == "Group 1");

  const auto lights = FlattenHierarchy(*world, expanded, HierarchyFilter::Parse("t:Light"));
  REQUIRE(lights.size() == 2);
  CHECK(t::NameOf(*world, lights[0].id) == "Group 777");
  CHECK(lights[1].id == special);
  CHECK(FlattenHierarchy(*world, {}, HierarchyFilter::Parse("item 98")).size() == 2000);
}
