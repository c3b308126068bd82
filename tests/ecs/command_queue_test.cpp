#include "cairn/ecs/command_queue.h"

#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "cairn/ecs/world_dump.h"
#include "command_scene.h"
#include "ecs_test_support.h"

using namespace cairn::ecs;
using namespace cairn::ecs::test;

TEST_CASE("A new queue is empty and flushes to nothing", "[ecs][command_queue]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  CommandQueue queue;
  REQUIRE(queue.Empty());
  REQUIRE(queue.Size() == 0);
  REQUIRE(queue.Flush(world).empty());
}

TEST_CASE("Enqueued actions wait until Flush", "[ecs][command_queue]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  CommandQueue queue;
  const std::string before = DumpWorld(world);
  queue.Enqueue(Action{"Rename", {RenameCommand{kA, "Alpha"}}});
  REQUIRE(queue.Size() == 1);
  REQUIRE_FALSE(queue.Empty());
  REQUIRE(DumpWorld(world) == before);
  const std::vector<ActionResult> results = queue.Flush(world);
  REQUIRE(queue.Empty());
  REQUIRE(results.size() == 1);
  REQUIRE(results[0].Succeeded());
  REQUIRE(results[0].action.name == "Rename");
  REQUIRE(results[0].inverse.name == "Rename");
  REQUIRE(world.GetComponent<Name>(world.GetEntity(kA)).value == "Alpha");
}

TEST_CASE("Flush applies actions in order", "[ecs][command_queue]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  CommandQueue queue;
  queue.Enqueue(Action{"Create", {CreateEntityCommand{EntityId{0x1}, "One", kNoEntityId, kAppendPosition}}});
  queue.Enqueue(Action{"Nest", {CreateEntityCommand{EntityId{0x2}, "Two", EntityId{0x1}, kAppendPosition}}});
  queue.Enqueue(Action{"Rename", {RenameCommand{EntityId{0x2}, "Second"}}});
  const std::vector<ActionResult> results = queue.Flush(world);
  REQUIRE(results.size() == 3);
  for (const ActionResult& result : results) REQUIRE(result.Succeeded());
  REQUIRE(results[1].action.name == "Nest");
  REQUIRE(world.GetParent(world.GetEntity(EntityId{0x2})) == world.GetEntity(EntityId{0x1}));
  REQUIRE(world.GetComponent<Name>(world.GetEntity(EntityId{0x2})).value == "Second");
}

TEST_CASE("A failed action is rolled back and does not stop later ones", "[ecs][command_queue]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  CommandQueue queue;
  queue.Enqueue(Action{"First", {RenameCommand{kA, "One"}}});
  queue.Enqueue(Action{"Broken", {RenameCommand{kB, "Two"}, DestroySubtreeCommand{kMissing}}});
  queue.Enqueue(Action{"Third", {RenameCommand{kC, "Three"}}});
  const std::vector<ActionResult> results = queue.Flush(world);
  REQUIRE(results.size() == 3);
  REQUIRE(results[0].Succeeded());
  REQUIRE_FALSE(results[1].Succeeded());
  REQUIRE(results[1].action.name == "Broken");
  REQUIRE(*results[1].error ==
          "action 'Broken' failed at command 2 of 2 (destroy subtree of 00000000000000ff): entity 00000000000000ff does "
          "not exist");
  REQUIRE(results[2].Succeeded());
  REQUIRE(world.GetComponent<Name>(world.GetEntity(kA)).value == "One");
  REQUIRE(world.GetComponent<Name>(world.GetEntity(kB)).value == "B");
  REQUIRE(world.GetComponent<Name>(world.GetEntity(kC)).value == "Three");
}

TEST_CASE("Flushing the inverses undoes the actions", "[ecs][command_queue]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  const std::string before = DumpWorld(world);
  CommandQueue queue;
  queue.Enqueue(Action{"Delete B", {DestroySubtreeCommand{kB}}});
  queue.Enqueue(Action{"Move C", {SetParentCommand{kC, kE, 0, false}}});
  std::vector<ActionResult> results = queue.Flush(world);
  const std::string after = DumpWorld(world);
  // Undo in reverse order, as a history would.
  queue.Enqueue(results[1].inverse);
  queue.Enqueue(results[0].inverse);
  const std::vector<ActionResult> undone = queue.Flush(world);
  REQUIRE(undone[0].Succeeded());
  REQUIRE(undone[1].Succeeded());
  REQUIRE(DumpWorld(world) == before);
  queue.Enqueue(undone[1].inverse);
  queue.Enqueue(undone[0].inverse);
  queue.Flush(world);
  REQUIRE(DumpWorld(world) == after);
}

TEST_CASE("Actions enqueued during a flush wait for the next one", "[ecs][command_queue]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  CommandQueue queue;
  bool enqueued = false;
  world.Events().Subscribe<EntityCreated>([&](const EntityCreated&) {
    if (enqueued) return;
    enqueued = true;
    queue.Enqueue(Action{"Follow-up", {RenameCommand{kA, "Later"}}});
  });
  queue.Enqueue(Action{"Create", {CreateEntityCommand{EntityId{0x1}, "New", kNoEntityId, kAppendPosition}}});
  REQUIRE(queue.Flush(world).size() == 1);
  REQUIRE(world.GetComponent<Name>(world.GetEntity(kA)).value == "A");
  REQUIRE(queue.Size() == 1);
  REQUIRE(queue.Flush(world)[0].Succeeded());
  REQUIRE(world.GetComponent<Name>(world.GetEntity(kA)).value == "Later");
}

TEST_CASE("Clear drops pending actions", "[ecs][command_queue]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  CommandQueue queue;
  queue.Enqueue(Action{"Rename", {RenameCommand{kA, "Alpha"}}});
  queue.Clear();
  REQUIRE(queue.Empty());
  REQUIRE(queue.Flush(world).empty());
  REQUIRE(world.GetComponent<Name>(world.GetEntity(kA)).value == "A");
}
