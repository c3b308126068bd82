#include <catch2/catch.hpp>

#include <array>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

#include "cairn/editor/viewport/selection_bounds.h"
#include "cairn/editor/viewport/world_matrices.h"
#include "cairn/render/editor_camera.h"
#include "viewport_test_world.h"

namespace ecs = cairn::ecs;
namespace render = cairn::render;
using cairn::editor::EntityWorldBounds;
using cairn::editor::SelectionBounds;
using cairn::editor::WorldMatrices;
namespace t = cairn::editor::testing;

TEST_CASE("An entity occupies a unit cube scaled and turned and moved by its world matrix", "[viewport][frame]") {
  SECTION("moved and scaled") {
    glm::mat4 world = glm::translate(glm::mat4(1.0f), {4, 0, 0});
    world = glm::scale(world, {2, 4, 6});
    const render::Aabb box = EntityWorldBounds(world);
    CHECK_NEAR_VEC(box.min, glm::vec3(3, -2, -3));
    CHECK_NEAR_VEC(box.max, glm::vec3(5, 2, 3));
  }
  SECTION("turned 45 degrees about Y: the box grows to the diagonal") {
    const glm::mat4 world = glm::rotate(glm::mat4(1.0f), glm::radians(45.0f), glm::vec3(0, 1, 0));
    const render::Aabb box = EntityWorldBounds(world);
    const float half_diagonal = std::sqrt(0.5f);
    CHECK_NEAR_VEC(box.max, glm::vec3(half_diagonal, 0.5f, half_diagonal));
  }
}

TEST_CASE("The selection's bounds enclose every selected entity and nothing else", "[viewport][frame]") {
  auto world = t::MakeWorld();
  const auto a = t::AddMesh(*world, "A", ecs::MeshShape::kCube, t::At({-4, 0, 0}));
  const auto b = t::AddMesh(*world, "B", ecs::MeshShape::kSphere, t::At({4, 2, 0}, {1, 0, 0, 0}, glm::vec3(2)));
  t::AddMesh(*world, "Far", ecs::MeshShape::kCube, t::At({100, 0, 0}));
  const auto parent = t::AddEntity(*world, "Parent", t::At({0, 0, 10}));
  const auto child = t::AddEntity(*world, "Child", t::At({0, 0, 1}), parent);
  WorldMatrices matrices;
  matrices.Refresh(*world);

  SECTION("two entities") {
    const std::array ids{a, b};
    const render::Aabb box = SelectionBounds(*world, matrices, ids);
    CHECK_NEAR_VEC(box.min, glm::vec3(-4.5f, -0.5f, -1.0f));
    CHECK_NEAR_VEC(box.max, glm::vec3(5.0f, 3.0f, 1.0f));
    CHECK_NEAR_VEC(box.Center(), glm::vec3(0.25f, 1.25f, 0.0f));
  }
  SECTION("a child is framed where it is in the world") {
    const std::array ids{child};
    CHECK_NEAR_VEC(SelectionBounds(*world, matrices, ids).Center(), glm::vec3(0, 0, 11));
  }
  SECTION("ids of destroyed entities are skipped; none at all gives an empty box") {
    world->DestroyEntity(world->GetEntity(a));
    const std::array ids{a};
    CHECK(SelectionBounds(*world, matrices, ids).IsEmpty());
    const std::array both{a, b};
    CHECK_NEAR_VEC(SelectionBounds(*world, matrices, both).Center(), glm::vec3(4, 2, 0));
  }
}

TEST_CASE("Framing the selection's bounds targets their centre and fits their sphere in view", "[viewport][frame]") {
  auto world = t::MakeWorld();
  const auto a = t::AddMesh(*world, "A", ecs::MeshShape::kCube, t::At({-4, 0, 0}));
  const auto b = t::AddMesh(*world, "B", ecs::MeshShape::kCube, t::At({4, 0, 0}));
  WorldMatrices matrices;
  matrices.Refresh(*world);
  const std::array ids{a, b};
  const render::Aabb box = SelectionBounds(*world, matrices, ids);

  render::EditorCamera camera;
  camera.SetViewportSize({800, 600});
  camera.FrameBox(box);
  CHECK_NEAR_VEC(camera.Target(), glm::vec3(0, 0, 0));
  // The sphere of radius |box| / 2 fits: the camera is far enough that the
  // sphere's angular radius is within half the vertical field of view.
  const float radius = box.BoundingRadius();
  const float half_fov = glm::radians(camera.FieldOfViewDegrees()) * 0.5f;
  CHECK(std::asin(radius / camera.Distance()) <= half_fov + 1e-4f);
}
