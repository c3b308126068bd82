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

TEST_CASE("A selection bound to a world whose entities come, go and come back matches a plain list",
          "[editor][selection]") {
  // The reference is a plain list of ids (and the primary), as above. The
  // selection keeps membership per entity slot of the bound world, so the
  // steps also destroy entities, create them again with the same ids (in
  // other slots, as undo does), fill freed slots with new entities, bind
  // another world or none, and select from handles: membership must stay
  // exactly "among the list" through all of it.
  using cairn::ecs::Coordinator;
  using cairn::ecs::Entity;
  std::unique_ptr<Coordinator> first = cairn::editor::testing::MakeWorld(1);
  std::unique_ptr<Coordinator> second = cairn::editor::testing::MakeWorld(2);
  std::vector<EntityId> universe;
  for (std::uint64_t i = 1; i <= 60; ++i) universe.push_back(EntityId{i * 0x9E3779B97F4A7C15ull});
  for (std::size_t i = 0; i < universe.size(); ++i) {
    if (i % 3 != 2) first->CreateEntity(universe[i]);  // a third never lives in the first world
    if (i % 2 == 0) second->CreateEntity(universe[i]);
  }
  std::vector<EntityId> strangers;  // ids no step selects on purpose: new entities take them
  Selection selection;
  selection.Bind(first.get());
  const Coordinator* bound = first.get();
  std::vector<EntityId> model;
  EntityId model_primary;
  std::mt19937 random(2611);
  const auto roll = [&](int below) { return std::uniform_int_distribution<int>(0, below - 1)(random); };
  const auto pick = [&] { return universe[static_cast<std::size_t>(roll(static_cast<int>(universe.size())))]; };
  const auto selected = [&](EntityId id) { return std::find(model.begin(), model.end(), id) != model.end(); };
  const auto last_or_none = [&] { return model.empty() ? cairn::ecs::kNoEntityId : model.back(); };
  const auto add = [&](EntityId id) {
    if (!selected(id)) model.push_back(id);
  };
  for (int step = 0; step < 6'000; ++step) {
    const EntityId id = pick();
    Coordinator& world = roll(4) == 0 ? *second : *first;
    switch (roll(14)) {
      case 0:
        selection.Select(id);
        model = {id};
        model_primary = id;
        break;
      case 1:
        selection.Add(id);
        add(id);
        model_primary = id;
        break;
      case 2:  // Ctrl+click
        if (selected(id)) {
          std::erase(model, id);
          if (model_primary == id) model_primary = last_or_none();
        } else {
          model.push_back(id);
          model_primary = id;
        }
        selection.Toggle(id);
        break;
      case 3:
        selection.Remove(id);
        if (selected(id)) {
          std::erase(model, id);
          if (model_primary == id) model_primary = last_or_none();
        }
        break;
      case 4: {  // select all from handles, with a dead handle and a repeat among them
        std::vector<Entity> entities;
        world.ForEachEntity([&](Entity entity) {
          if (roll(3) != 0) entities.push_back(entity);
        });
        std::shuffle(entities.begin(), entities.end(), random);
        if (!entities.empty()) entities.push_back(entities.front());
        entities.push_back(Entity{0, 12345});
        selection.SelectAll(world, entities);
        model.clear();
        for (const Entity entity : entities) {
          if (world.IsAlive(entity)) add(world.GetEntityId(entity));
        }
        model_primary = last_or_none();
        break;
      }
      case 5: {  // select all from ids, some of them twice
        std::vector<EntityId> some;
        for (int i = 0; i < 20; ++i) some.push_back(pick());
        selection.SelectAll(some);
        model.clear();
        for (const EntityId each : some) add(each);
        model_primary = last_or_none();
        break;
      }
      case 6:  // destroy, as a delete does
        if (const Entity entity = world.FindEntity(id); !entity.IsNull()) world.DestroyEntity(entity);
        break;
      case 7:  // create again with the same id, as its undo does (a freed slot, not its own)
        if (world.FindEntity(id).IsNull()) world.CreateEntity(id);
        break;
      case 8:  // a new entity takes a freed slot
        strangers.push_back(world.GetEntityId(world.CreateEntity()));
        break;
      case 9:
        selection.Prune(world);
        std::erase_if(model, [&](EntityId each) { return world.FindEntity(each).IsNull(); });
        if (model_primary && !selected(model_primary)) model_primary = last_or_none();
        break;
      case 10: {  // undo or redo puts back an earlier state
        cairn::editor::SelectionState state;
        const int count = roll(8);
        for (int i = 0; i < count; ++i) {
          const EntityId each = pick();
          if (std::find(state.ids.begin(), state.ids.end(), each) == state.ids.end()) state.ids.push_back(each);
        }
        state.primary = roll(4) == 0 ? pick() : (state.ids.empty() ? cairn::ecs::kNoEntityId : state.ids.front());
        selection.Restore(state);
        model = state.ids;
        model_primary = selected(state.primary) ? state.primary : last_or_none();
        break;
      }
      case 11:  // the editor opens another scene, or a migrated one, keeping the ids
        bound = roll(5) == 0 ? nullptr : (bound == first.get() ? second.get() : first.get());
        selection.Bind(bound);
        break;
      case 12:
        selection.Clear();
        model.clear();
        model_primary = cairn::ecs::kNoEntityId;
        break;
      default: {  // Shift+click over the universe as the visible rows
        const bool additive = roll(2) == 0;
        const EntityId anchor = selection.Anchor();
        const auto anchor_at = std::find(universe.begin(), universe.end(), anchor);
        const auto target_at = std::find(universe.begin(), universe.end(), id);
        if (!anchor || anchor_at == universe.end()) {
          if (!additive) model.clear();
          add(id);
        } else {
          if (!additive) model.clear();
          for (auto it = std::min(anchor_at, target_at); it <= std::max(anchor_at, target_at); ++it) add(*it);
        }
        model_primary = id;
        selection.SelectRange(id, universe, additive);
        break;
      }
    }
    INFO("step " << step);
    REQUIRE(selection.Ids() == model);
    REQUIRE(selection.Primary() == model_primary);
    for (const EntityId each : universe) REQUIRE(selection.Contains(each) == selected(each));
    for (const EntityId each : strangers) REQUIRE(selection.Contains(each) == selected(each));
    for (const Coordinator* each_world : {first.get(), second.get()}) {  // by handle, as the viewport asks
      each_world->ForEachEntity([&](Entity entity) {
        REQUIRE(selection.Contains(*each_world, entity) == selected(each_world->GetEntityId(entity)));
      });
    }
  }
}

TEST_CASE("Select all from handles of the bound world, then the world changes under it", "[editor][selection]") {
  auto world = cairn::editor::testing::MakeWorld();
  std::vector<cairn::ecs::Entity> entities;
  for (int i = 0; i < 1000; ++i) entities.push_back(world->CreateEntity());
  Selection selection;
  selection.Bind(world.get());
  selection.SelectAll(*world, entities);
  REQUIRE(selection.Count() == 1000);
  CHECK(selection.Primary() == world->GetEntityId(entities.back()));
  CHECK(selection.Anchor() == world->GetEntityId(entities.front()));
  for (const cairn::ecs::Entity entity : entities) CHECK(selection.Contains(world->GetEntityId(entity)));

  SECTION("a destroyed entity stays selected until pruned, a new one in its slot is not, and its id's return is") {
    const EntityId id = world->GetEntityId(entities[10]);
    world->DestroyEntity(entities[10]);
    CHECK(selection.Contains(id));
    const cairn::ecs::Entity stranger = world->CreateEntity();
    REQUIRE(stranger.index == entities[10].index);
    CHECK_FALSE(selection.Contains(world->GetEntityId(stranger)));
    CHECK_FALSE(selection.Contains(*world, stranger));
    CHECK_FALSE(selection.Contains(*world, entities[10]));  // the dead handle of the slot
    const cairn::ecs::Entity again = world->CreateEntity(id);
    CHECK(again.index != entities[10].index);
    CHECK(selection.Contains(id));
    CHECK(selection.Contains(*world, again));
    CHECK(selection.Count() == 1000);
  }
  SECTION("a world bound in its place answers by its own entities, ids still deciding") {
    auto other = cairn::editor::testing::MakeWorld(7);
    const EntityId kept = world->GetEntityId(entities[3]);
    other->CreateEntity(kept);
    selection.Bind(other.get());
    CHECK(selection.Contains(kept));
    CHECK(selection.Contains(world->GetEntityId(entities[4])));
    CHECK_FALSE(selection.Contains(other->GetEntityId(other->CreateEntity())));
    selection.Bind(nullptr);
  }
}
