#include <catch2/catch.hpp>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>

#include "cairn/ecs/components/camera.h"
#include "cairn/scene_view/scene_view.h"
#include "cairn/editor/viewport/world_matrices.h"
#include "cairn/render/screen_projection.h"
#include "viewport_test_world.h"

namespace ecs = cairn::ecs;
namespace render = cairn::render;
using cairn::editor::WorldMatrices;

namespace {

std::optional<render::CameraMatrices> PrimaryCameraView(ecs::Coordinator& world, const WorldMatrices& matrices,
                                                        float aspect) {
  return cairn::scene_view::PrimaryCameraView(
      world, [&](ecs::Entity entity) { return matrices.Of(world, entity); }, aspect);
}

}  // namespace
namespace t = cairn::editor::testing;

TEST_CASE("A pose's camera looks down its local -Z, whatever its scale", "[viewport][game_camera]") {
  // At (10, 0, 0), turned 90 degrees about Y: looking down world -X, at the origin.
  const glm::mat4 pose = glm::scale(glm::translate(glm::mat4(1.0f), glm::vec3(10, 0, 0)) *
                                        glm::mat4_cast(glm::angleAxis(glm::radians(90.0f), glm::vec3(0, 1, 0))),
                                    glm::vec3(3.0f));
  const render::CameraMatrices camera = render::PerspectiveFromPose(pose, 60.0f, 0.1f, 100.0f, 2.0f);
  CHECK(camera.position == glm::vec3(10, 0, 0));
  const auto centre = render::WorldToScreen(camera, glm::vec3(0, 0, 0), glm::vec2(200, 100));
  REQUIRE(centre.has_value());
  CHECK(centre->x == Approx(100.0f));
  CHECK(centre->y == Approx(50.0f));
  CHECK_FALSE(render::WorldToScreen(camera, glm::vec3(20, 0, 0), glm::vec2(200, 100)).has_value());  // behind
  // Nonsense settings are clamped, not passed on.
  const render::CameraMatrices odd = render::PerspectiveFromPose(glm::mat4(1.0f), 0.0f, -1.0f, -5.0f, 0.0f);
  CHECK(odd.near_plane > 0.0f);
  CHECK(odd.far_plane > odd.near_plane);
}

TEST_CASE("Game view uses the primary camera, and there is none without one", "[viewport][game_camera]") {
  auto world = t::MakeWorld();
  const auto side = t::AddEntity(*world, "Side", t::At({10, 0, 0}));
  world->AddComponent<ecs::Camera>(world->GetEntity(side), ecs::Camera{});
  WorldMatrices matrices;
  matrices.Refresh(*world);
  CHECK_FALSE(PrimaryCameraView(*world, matrices, 1.5f).has_value());

  const auto main = t::AddEntity(*world, "Main", t::At({0, 2, 8}));
  ecs::Camera primary;
  primary.primary = true;
  world->AddComponent<ecs::Camera>(world->GetEntity(main), primary);
  matrices.Refresh(*world);
  const auto view = PrimaryCameraView(*world, matrices, 1.5f);
  REQUIRE(view.has_value());
  CHECK(view->position == glm::vec3(0, 2, 8));
}
