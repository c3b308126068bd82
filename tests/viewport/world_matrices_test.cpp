#include <catch2/catch.hpp>

#include "cairn/editor/viewport/world_matrices.h"
#include "viewport_test_world.h"

namespace ecs = cairn::ecs;
using cairn::editor::WorldMatrices;
namespace t = cairn::editor::testing;

TEST_CASE("World matrices come from the TransformSystem and follow edits after a refresh", "[viewport][matrices]") {
  auto world = t::MakeWorld();
  const auto parent = t::AddEntity(*world, "Parent", t::At({1, 0, 0}));
  const auto child = t::AddEntity(*world, "Child", t::At({0, 2, 0}), parent);
  WorldMatrices matrices;
  matrices.Refresh(*world);
  CHECK(matrices.UsesTransformSystem());
  const ecs::Entity child_entity = world->GetEntity(child);
  CHECK(glm::vec3(matrices.Of(*world, child_entity)[3]) == glm::vec3(1, 2, 0));
  CHECK(glm::vec3(matrices.ParentOf(*world, child_entity)[3]) == glm::vec3(1, 0, 0));
  CHECK(matrices.ParentOf(*world, world->GetEntity(parent)) == glm::mat4(1.0f));

  world->GetComponent<ecs::Transform>(world->GetEntity(parent)).position = {5, 0, 0};
  world->NotifyComponentChanged<ecs::Transform>(world->GetEntity(parent));
  matrices.Refresh(*world);
  CHECK(glm::vec3(matrices.Of(*world, child_entity)[3]) == glm::vec3(5, 2, 0));
}

TEST_CASE("Without a TransformSystem world matrices are computed from the hierarchy", "[viewport][matrices]") {
  ecs::Coordinator world(3);
  world.RegisterComponent<ecs::Transform>("Transform");
  const ecs::Entity parent = world.CreateEntity();
  world.AddComponent<ecs::Transform>(parent, t::At({0, 0, 3}));
  const ecs::Entity child = world.CreateEntity();
  world.AddComponent<ecs::Transform>(child, t::At({1, 0, 0}));
  world.SetParent(child, parent);
  WorldMatrices matrices;
  matrices.Refresh(world);
  CHECK_FALSE(matrices.UsesTransformSystem());
  CHECK(glm::vec3(matrices.Of(world, child)[3]) == glm::vec3(1, 0, 3));
}
