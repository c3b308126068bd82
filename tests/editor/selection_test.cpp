#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "cairn/editor/selection.h"
#include "test_world.h"

using cairn::ecs::EntityId;
using cairn::editor::Selection;

namespace {

const EntityId kA{1}, kB{2}, kC{3}, kD{4}, kE{5};
const std::vector<EntityId> kVisible{kA, kB, kC, kD, kE};

std::vector<EntityId> Ids(std::initializer_list<EntityId> ids) { return ids; }

}  // namespace

TEST_CASE("A new selection is empty", "[editor][selection]") {
  const Selection selection;
  CHECK(selection.Empty());
  CHECK(selection.Count() == 0);
  CHECK(selection.Primary() == cairn::ecs::kNoEntityId);
  CHECK(selection.Anchor() == cairn::ecs::kNoEntityId);
}

TEST_CASE("Select replaces the selection and sets primary and anchor", "[editor][selection]") {
  Selection selection;
  selection.Select(kA);
  selection.Select(kC);
  CHECK(selection.Ids() == Ids({kC}));
  CHECK(selection.Primary() == kC);
  CHECK(selection.Anchor() == kC);
  CHECK(selection.Contains(kC));
  CHECK_FALSE(selection.Contains(kA));
}

TEST_CASE("Toggle adds and removes, keeping selection order", "[editor][selection]") {
  Selection selection;
  selection.Select(kA);
  selection.Toggle(kC);
  selection.Toggle(kB);
  CHECK(selection.Ids() == Ids({kA, kC, kB}));
  CHECK(selection.Primary() == kB);

  SECTION("removing the primary hands it to the most recently selected remaining entity") {
    selection.Toggle(kB);
    CHECK(selection.Ids() == Ids({kA, kC}));
    CHECK(selection.Primary() == kC);
    CHECK(selection.Anchor() == kB);
  }
  SECTION("removing another entity keeps the primary") {
    selection.Toggle(kA);
    CHECK(selection.Ids() == Ids({kC, kB}));
    CHECK(selection.Primary() == kB);
  }
  SECTION("toggling everything off leaves no primary") {
    selection.Toggle(kA);
    selection.Toggle(kB);
    selection.Toggle(kC);
    CHECK(selection.Empty());
    CHECK(selection.Primary() == cairn::ecs::kNoEntityId);
  }
}

TEST_CASE("Add keeps an already selected entity in place and makes it primary", "[editor][selection]") {
  Selection selection;
  selection.Select(kA);
  selection.Add(kB);
  selection.Add(kA);
  CHECK(selection.Ids() == Ids({kA, kB}));
  CHECK(selection.Primary() == kA);
  CHECK(selection.Anchor() == kA);
}

TEST_CASE("Shift+click selects the visible range from the anchor", "[editor][selection]") {
  Selection selection;
  selection.Select(kB);

  SECTION("downwards") {
    selection.SelectRange(kD, kVisible);
    CHECK(selection.Ids() == Ids({kB, kC, kD}));
    CHECK(selection.Primary() == kD);
    CHECK(selection.Anchor() == kB);
  }
  SECTION("upwards, listed in display order") {
    selection.Select(kD);
    selection.SelectRange(kA, kVisible);
    CHECK(selection.Ids() == Ids({kA, kB, kC, kD}));
    CHECK(selection.Primary() == kA);
  }
  SECTION("a second Shift+click replaces the range, keeping the anchor") {
    selection.SelectRange(kE, kVisible);
    selection.SelectRange(kC, kVisible);
    CHECK(selection.Ids() == Ids({kB, kC}));
    CHECK(selection.Anchor() == kB);
  }
  SECTION("Ctrl+Shift adds the range to the selection") {
    selection.Toggle(kE);  // anchor is now E
    selection.SelectRange(kD, kVisible, /*additive=*/true);
    CHECK(selection.Ids() == Ids({kB, kE, kD}));
  }
  SECTION("an anchor that is not visible makes it a plain click") {
    const std::vector<EntityId> visible{kC, kD, kE};
    selection.SelectRange(kD, visible);
    CHECK(selection.Ids() == Ids({kD}));
    CHECK(selection.Anchor() == kD);
  }
}

TEST_CASE("Shift+click without an anchor selects the clicked entity", "[editor][selection]") {
  Selection selection;
  selection.SelectRange(kC, kVisible);
  CHECK(selection.Ids() == Ids({kC}));
  CHECK(selection.Primary() == kC);
}

TEST_CASE("Select all takes the given order and the last entity is primary", "[editor][selection]") {
  Selection selection;
  selection.SelectAll(kVisible);
  CHECK(selection.Ids() == kVisible);
  CHECK(selection.Primary() == kE);
  CHECK(selection.Count() == 5);
  selection.Clear();
  CHECK(selection.Empty());
  CHECK(selection.Anchor() == cairn::ecs::kNoEntityId);
}

TEST_CASE("Prune drops ids of entities that no longer exist", "[editor][selection]") {
  auto world = cairn::editor::testing::MakeWorld();
  const EntityId a = cairn::editor::testing::AddEntity(*world, "A");
  const EntityId b = cairn::editor::testing::AddEntity(*world, "B");
  const EntityId c = cairn::editor::testing::AddEntity(*world, "C");
  Selection selection;
  selection.Select(a);
  selection.Add(b);
  selection.Add(c);
  world->DestroyEntity(world->GetEntity(c));
  world->DestroyEntity(world->GetEntity(a));

  CHECK(selection.Prune(*world) == 2);
  CHECK(selection.Ids() == Ids({b}));
  CHECK(selection.Primary() == b);
  CHECK(selection.Anchor() == cairn::ecs::kNoEntityId);
  CHECK(selection.Prune(*world) == 0);
}

TEST_CASE("Every change bumps the version but a no-op does not", "[editor][selection]") {
  Selection selection;
  const auto v0 = selection.Version();
  selection.Select(kA);
  CHECK(selection.Version() > v0);
  const auto v1 = selection.Version();
  selection.Remove(kB);
  auto world = cairn::editor::testing::MakeWorld();
  selection.Clear();
  const auto v2 = selection.Version();
  CHECK(v2 > v1);
  selection.Clear();
  CHECK(selection.Prune(*world) == 0);
  CHECK(selection.Version() == v2);
}

TEST_CASE("A selection's state restores exactly, and only a change bumps the version", "[editor][selection]") {
  Selection selection;
  selection.SelectAll(Ids({kC, kA, kB}));
  selection.Toggle(kD);
  const cairn::editor::SelectionState state = selection.State();
  CHECK(state.ids == Ids({kC, kA, kB, kD}));
  CHECK(state.primary == kD);
  CHECK(state.anchor == kD);

  selection.Select(kE);
  const std::uint64_t version = selection.Version();
  selection.Restore(state);
  CHECK(selection.Version() > version);
  CHECK(selection.Ids() == Ids({kC, kA, kB, kD}));
  CHECK(selection.Contains(kA));
  CHECK_FALSE(selection.Contains(kE));
  CHECK(selection.Primary() == kD);
  CHECK(selection.Anchor() == kD);
  CHECK(selection.State() == state);

  const std::uint64_t restored = selection.Version();
  selection.Restore(state);
  CHECK(selection.Version() == restored);

  selection.Restore({});
  CHECK(selection.Empty());
  CHECK(selection.Primary() == cairn::ecs::kNoEntityId);
}

TEST_CASE("Random clicks keep the selection's order and membership those of a plain list", "[editor][selection]") {
  // A plain list is the reference: ids in selection order, no duplicates.
  // Ids collide in the membership table's buckets (many share their low and
  // high bits), so removals shift runs of them.
  std::vector<EntityId> universe;
  for (std::uint64_t i = 1; i <= 400; ++i) universe.push_back(EntityId{i % 7 == 0 ? i << 40 : i * 1024});
  Selection selection;
  std::vector<EntityId> model;
  std::mt19937 random(1128);
  const auto pick = [&] { return universe[std::uniform_int_distribution<std::size_t>(0, universe.size() - 1)(random)]; };
  const auto selected = [&](EntityId id) { return std::find(model.begin(), model.end(), id) != model.end(); };
  for (int step = 0; step < 20'000; ++step) {
    const EntityId id = pick();
    switch (std::uniform_int_distribution<int>(0, 9)(random)) {
      case 0:
        selection.Select(id);
        model = {id};
        break;
      case 1:
      case 2:
        selection.Add(id);
        if (!selected(id)) model.push_back(id);
        break;
      case 3: {
        std::vector<EntityId> some;
        for (int i = 0; i < 50; ++i) some.push_back(pick());
        selection.SelectAll(some);
        model.clear();
        for (const EntityId each : some) {
          if (!selected(each)) model.push_back(each);
        }
        break;
      }
      case 4:
        selection.Remove(id);
        std::erase(model, id);
        break;
      default:  // Ctrl+click
        selection.Toggle(id);
        if (selected(id)) {
          std::erase(model, id);
        } else {
          model.push_back(id);
        }
        break;
    }
    REQUIRE(selection.Ids() == model);
    if (step % 100 == 0) {
      for (const EntityId each : universe) REQUIRE(selection.Contains(each) == selected(each));
    }
  }
}
