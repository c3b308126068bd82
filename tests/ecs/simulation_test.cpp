#include <catch2/catch.hpp>

#include <cmath>

#include <glm/gtc/quaternion.hpp>

#include "cairn/ecs/builtin_components.h"
#include "cairn/ecs/simulation.h"
#include "cairn/ecs/transform_system.h"
#include "cairn/ecs/world_dump.h"
#include "ecs_test_support.h"

using namespace cairn::ecs;
using cairn::ecs::test::TestWorld;

namespace {

Entity Placed(Coordinator& world, glm::vec3 position, Entity parent = kNullEntity) {
  const Entity entity = world.CreateEntity();
  Transform transform;
  transform.position = position;
  world.AddComponent<Transform>(entity, transform);
  if (!parent.IsNull()) world.SetParent(entity, parent);
  return entity;
}

glm::vec3 WorldPosition(Coordinator& world, Entity entity) {
  return glm::vec3(world.GetSystem<TransformSystem>()->WorldMatrix(entity)[3]);
}

// A spinner, a target moving with its parent, and two followers.
struct Scene {
  TestWorld world{7};
  Entity spinner, carrier, target, rigid, lagging;

  Scene() {
    RegisterBuiltinComponents(world);
    spinner = Placed(world, {0, 0, 0});
    world.AddComponent<Rotator>(spinner, Rotator{{0, 2, 0}, 90.0f});
    carrier = Placed(world, {10, 0, 0});
    world.AddComponent<Rotator>(carrier, Rotator{{0, 0, 1}, 30.0f});
    target = Placed(world, {0, 1, 0}, carrier);
    rigid = Placed(world, {0, 0, 0}, spinner);  // under a parent that turns
    world.AddComponent<Follow>(rigid, Follow{world.GetEntityId(target), {0, 2, 0}, 0.0f});
    lagging = Placed(world, {0, 0, 0});
    world.AddComponent<Follow>(lagging, Follow{world.GetEntityId(target), {0, 0, 0}, 0.5f});
  }
};

}  // namespace

TEST_CASE("A Rotator turns its entity about its local axis at its rate", "[ecs][simulation]") {
  Scene s;
  Simulation simulation(s.world);
  for (int i = 0; i < 60; ++i) simulation.Step();
  REQUIRE(simulation.StepCount() == 60);
  REQUIRE(simulation.Seconds() == Approx(1.0));
  const glm::quat turned = s.world.GetComponent<Transform>(s.spinner).rotation;
  const glm::quat expected = glm::angleAxis(glm::radians(90.0f), glm::vec3(0, 1, 0));
  CHECK(std::abs(glm::dot(turned, expected)) == Approx(1.0f).margin(1e-5));
  // The world matrix follows within the same step: local +X now points to -Z.
  const glm::mat4 world = s.world.GetSystem<TransformSystem>()->WorldMatrix(s.spinner);
  CHECK(world[0].z == Approx(-1.0f).margin(1e-4));

  SECTION("a zero axis does not turn") {
    s.world.GetComponent<Rotator>(s.spinner).axis = glm::vec3(0.0f);
    simulation.Step();
    CHECK(s.world.GetComponent<Transform>(s.spinner).rotation == turned);
  }
}

TEST_CASE("A rigid Follow sits at its target's world position plus the offset, whatever its parent",
          "[ecs][simulation]") {
  Scene s;
  Simulation simulation(s.world);
  for (int i = 0; i < 37; ++i) {
    simulation.Step();
    const glm::vec3 goal = WorldPosition(s.world, s.target) + glm::vec3(0, 2, 0);
    const glm::vec3 at = WorldPosition(s.world, s.rigid);
    INFO("step " << i);
    CHECK(glm::length(at - goal) < 1e-4f);
  }
}

TEST_CASE("A smoothed Follow closes the gap with its time constant, at any step size", "[ecs][simulation]") {
  for (const double step : {1.0 / 30.0, 1.0 / 60.0, 1.0 / 240.0}) {
    Scene s;
    s.world.GetComponent<Rotator>(s.carrier).degrees_per_second = 0.0f;  // a still target at (10, 1, 0)
    Simulation simulation(s.world, step);
    const int steps = static_cast<int>(std::lround(0.5 / step));  // one time constant
    for (int i = 0; i < steps; ++i) simulation.Step();
    const glm::vec3 at = WorldPosition(s.world, s.lagging);
    const float gap = glm::length(glm::vec3(10, 1, 0) - at);
    INFO("step " << step);
    CHECK(gap == Approx(std::sqrt(101.0) * std::exp(-1.0)).epsilon(1e-3));
  }
}

TEST_CASE("A Follow without its target stays where it is", "[ecs][simulation]") {
  Scene s;
  s.world.DestroyEntityAndChildren(s.carrier);  // and the target with it
  Simulation simulation(s.world);
  simulation.Step();
  CHECK(s.world.GetComponent<Transform>(s.lagging).position == glm::vec3(0.0f));
}

TEST_CASE("The same steps from the same world give the same world", "[ecs][simulation]") {
  Scene a;
  Scene b;
  REQUIRE(DumpWorld(a.world) == DumpWorld(b.world));
  Simulation first(a.world);
  Simulation second(b.world);
  for (int i = 0; i < 500; ++i) first.Step();
  for (int i = 0; i < 250; ++i) second.Advance(2.0 / 60.0);  // two steps a frame
  REQUIRE(second.StepCount() == 500);
  REQUIRE(DumpWorld(a.world) == DumpWorld(b.world));
}

TEST_CASE("Advance runs the whole steps that fit and keeps the rest", "[ecs][simulation]") {
  Scene s;
  Simulation simulation(s.world, 0.1);
  CHECK(simulation.Advance(0.25) == 2);
  CHECK(simulation.Advance(0.06) == 1);  // 0.05 kept + 0.06
  CHECK(simulation.Advance(0.0) == 0);
  CHECK(simulation.Advance(-1.0) == 0);
  CHECK(simulation.Advance(std::nan("")) == 0);
  CHECK(simulation.Advance(100.0) == Simulation::kMaxStepsPerAdvance);  // a stall is not caught up
  CHECK(simulation.Advance(0.05) == 0);
  CHECK(simulation.StepCount() == 3 + Simulation::kMaxStepsPerAdvance);
}
