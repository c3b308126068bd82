#include "cairn/ecs/world_dump.h"

#include <string>

#include <catch2/catch.hpp>

#include "cairn/ecs/builtin_components.h"
#include "cairn/ecs/coordinator.h"
#include "ecs_test_support.h"

using namespace cairn::ecs;
using cairn::ecs::test::TestWorld;
using cairn::ecs::test::kWorldSeed;

namespace {

Entity Make(Coordinator& world, std::uint64_t id, const std::string& name) {
  const Entity entity = world.CreateEntity(EntityId{id});
  world.AddComponent<Name>(entity, Name{name});
  return entity;
}

}  // namespace

TEST_CASE("An empty world dumps to nothing", "[ecs][world_dump]") {
  TestWorld world(kWorldSeed);
  REQUIRE(DumpWorld(world).empty());
}

TEST_CASE("The dump has one line per entity, sorted by id, with place and components", "[ecs][world_dump]") {
  TestWorld world(kWorldSeed);
  RegisterBuiltinComponents(world);
  const Entity child = Make(world, 0x2, "Child");
  const Entity root = Make(world, 0x1, "Root");
  const Entity bare = world.CreateEntity(EntityId{0x3});
  world.SetParent(child, root);
  world.SetParent(bare, root, child);
  world.AddComponent<Static>(root);
  world.AddComponent<Light>(child);
  REQUIRE(DumpWorld(world) ==
          "0000000000000001 parent=null order=0 Name={\"value\":\"Root\"} Static={}\n"
          "0000000000000002 parent=0000000000000001 order=1 Name={\"value\":\"Child\"} "
          "Light={\"type\":\"point\",\"color\":[1,1,1],\"intensity\":1,\"range\":10,\"cone_angle\":30}\n"
          "0000000000000003 parent=0000000000000001 order=0\n");
}

TEST_CASE("The dump does not depend on handles or creation order", "[ecs][world_dump]") {
  TestWorld first(1);
  TestWorld second(2);
  RegisterBuiltinComponents(first);
  RegisterBuiltinComponents(second);
  {
    const Entity a = Make(first, 0xa, "A");
    const Entity b = Make(first, 0xb, "B");
    const Entity c = Make(first, 0xc, "C");
    first.SetParent(b, a);
    first.SetParent(c, a);
    first.AddComponent<Camera>(c);
    first.AddComponent<Transform>(a);
  }
  {
    const Entity padding = second.CreateEntity();  // shifts every slot
    const Entity c = Make(second, 0xc, "C");
    second.AddComponent<Camera>(c);
    const Entity b = Make(second, 0xb, "B");
    const Entity a = Make(second, 0xa, "A");
    second.AddComponent<Transform>(a);
    second.SetParent(c, a);
    second.SetParent(b, a, c);
    second.DestroyEntity(padding);
  }
  REQUIRE(DumpWorld(first) == DumpWorld(second));
}

TEST_CASE("The dump changes with any value, place or component", "[ecs][world_dump]") {
  TestWorld world(kWorldSeed);
  RegisterBuiltinComponents(world);
  const Entity a = Make(world, 0xa, "A");
  const Entity b = Make(world, 0xb, "B");
  const Entity c = Make(world, 0xc, "C");
  world.SetParent(b, a);
  world.SetParent(c, a);
  world.AddComponent<Transform>(b);
  std::string previous = DumpWorld(world);
  const auto require_changed = [&]() {
    const std::string now = DumpWorld(world);
    REQUIRE(now != previous);
    previous = now;
  };
  world.GetComponent<Transform>(b).position.x = 0.5f;
  require_changed();
  world.SetParent(c, a, b);  // sibling order
  require_changed();
  world.SetParent(c, b);  // parent
  require_changed();
  world.AddComponent<Player>(c);  // a component without fields
  require_changed();
  world.GetComponent<Name>(a).value = "Renamed";
  require_changed();
  world.CreateEntity(EntityId{0xd});
  require_changed();
}
