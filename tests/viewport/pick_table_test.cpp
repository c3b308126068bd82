#include <catch2/catch.hpp>

#include "cairn/editor/viewport/pick_table.h"
#include "viewport_test_world.h"

namespace ecs = cairn::ecs;
using cairn::editor::PickTable;
namespace t = cairn::editor::testing;

TEST_CASE("Pick id 0 and ids past the table mean nothing", "[viewport][pick]") {
  auto world = t::MakeWorld();
  const auto id = t::AddEntity(*world, "A");
  PickTable picks;
  CHECK(picks.Find(0).IsNull());
  CHECK(picks.Find(1).IsNull());
  CHECK(picks.Add(world->GetEntity(id)) == 1);
  CHECK(picks.Find(0).IsNull());
  CHECK(picks.Find(2).IsNull());
  CHECK(picks.Find(0xffffffffu).IsNull());
  CHECK(picks.FindId(0, *world) == ecs::kNoEntityId);
  CHECK(picks.FindId(1, *world) == id);
}

TEST_CASE("Several pick ids may name one entity (its mesh and its icon)", "[viewport][pick]") {
  auto world = t::MakeWorld();
  const auto a = t::AddEntity(*world, "A");
  const auto b = t::AddEntity(*world, "B");
  PickTable picks;
  CHECK(picks.Add(world->GetEntity(a)) == 1);
  CHECK(picks.Add(world->GetEntity(b)) == 2);
  CHECK(picks.Add(world->GetEntity(a)) == 3);
  CHECK(picks.FindId(1, *world) == a);
  CHECK(picks.FindId(2, *world) == b);
  CHECK(picks.FindId(3, *world) == a);
}

TEST_CASE("A pick of an entity destroyed since the frame was drawn finds nothing even when its slot was reused",
          "[viewport][pick]") {
  auto world = t::MakeWorld();
  const auto a = t::AddEntity(*world, "A");
  PickTable picks;
  picks.Add(world->GetEntity(a));
  world->DestroyEntity(world->GetEntity(a));
  CHECK(picks.FindId(1, *world) == ecs::kNoEntityId);
  const auto b = t::AddEntity(*world, "B");  // recycles the slot with a new generation
  CHECK(world->GetEntity(b).index == picks.Find(1).index);
  CHECK(picks.FindId(1, *world) == ecs::kNoEntityId);
}

TEST_CASE("Clearing the table forgets every id", "[viewport][pick]") {
  auto world = t::MakeWorld();
  PickTable picks;
  picks.Add(world->GetEntity(t::AddEntity(*world, "A")));
  picks.Clear();
  CHECK(picks.Size() == 0);
  CHECK(picks.Find(1).IsNull());
  CHECK(picks.Add(world->GetEntity(t::AddEntity(*world, "B"))) == 1);
}
