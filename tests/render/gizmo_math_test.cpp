#include <catch2/catch.hpp>

#include <glm/gtc/constants.hpp>

#include "cairn/render/gizmo_math.h"
#include "render_test_support.h"

using namespace cairn::render;

TEST_CASE("[IntersectRayPlane] Hits in front, misses parallel and behind", "[render][gizmo-math]") {
  const Plane ground{{0, 0, 0}, {0, 1, 0}};
  const Ray down{{1, 5, 2}, {0, -1, 0}};
  REQUIRE(IntersectRayPlane(down, ground).has_value());
  CHECK(*IntersectRayPlane(down, ground) == Approx(5.0f));
  CHECK_NEAR_VEC(*RayPlaneHit(down, ground), glm::vec3(1, 0, 2), 1e-6f);

  const Ray slanted{{0, 2, 0}, glm::normalize(glm::vec3{1, -1, 0})};
  CHECK_NEAR_VEC(*RayPlaneHit(slanted, ground), glm::vec3(2, 0, 0), 1e-5f);

  CHECK_FALSE(IntersectRayPlane(Ray{{0, 5, 0}, {1, 0, 0}}, ground).has_value());
  CHECK_FALSE(IntersectRayPlane(Ray{{0, 5, 0}, {0, 1, 0}}, ground).has_value());
  CHECK_FALSE(RayPlaneHit(Ray{{0, 5, 0}, {0, 1, 0}}, ground).has_value());
}

TEST_CASE("[ClosestPointsRayLine] Finds the closest pair and rejects parallels", "[render][gizmo-math]") {
  const Ray ray{{2, 0, 10}, {0, 0, -1}};
  const auto on_x = ClosestPointsRayLine(ray, {0, 0, 0}, {1, 0, 0});
  REQUIRE(on_x.has_value());
  CHECK(on_x->line_t == Approx(2.0f));
  CHECK(on_x->ray_t == Approx(10.0f));

  const auto skew = ClosestPointsRayLine(Ray{{0, 0, 10}, {0, 0, -1}}, {0, 1, 0}, {1, 0, 0});
  REQUIRE(skew.has_value());
  CHECK(skew->line_t == Approx(0.0f).margin(1e-6));
  CHECK(skew->ray_t == Approx(10.0f));

  const Ray diagonal{{0, 0, 0}, glm::normalize(glm::vec3{1, 1, 0})};
  const auto across = ClosestPointsRayLine(diagonal, {0, 4, 0}, {1, 0, 0});
  REQUIRE(across.has_value());
  CHECK(across->line_t == Approx(4.0f));
  CHECK(across->ray_t == Approx(4.0f * std::sqrt(2.0f)));

  CHECK_FALSE(ClosestPointsRayLine(ray, {0, 1, 0}, {0, 0, 1}).has_value());
  CHECK_FALSE(ClosestPointsRayLine(ray, {0, 1, 0}, {0, 0, -1}).has_value());
}

TEST_CASE("[SweptAngle] Is signed by the right-hand rule around the axis", "[render][gizmo-math]") {
  const glm::vec3 up{0, 1, 0};
  CHECK(SweptAngle({0, 0, 0}, up, {1, 0, 0}, {0, 0, -1}) == Approx(glm::half_pi<float>()));
  CHECK(SweptAngle({0, 0, 0}, up, {1, 0, 0}, {0, 0, 1}) == Approx(-glm::half_pi<float>()));
  CHECK(SweptAngle({0, 0, 0}, up, {1, 0, 0}, {-1, 0, 0}) == Approx(glm::pi<float>()));
  // Heights along the axis and the centre's offset do not matter.
  CHECK(SweptAngle({5, 2, 5}, up, {6, 9, 5}, {5, -3, 4}) == Approx(glm::half_pi<float>()));
  CHECK(SweptAngle({0, 0, 0}, up, {0, 3, 0}, {1, 0, 0}) == 0.0f);
  const float sixty = glm::radians(60.0f);
  CHECK(SweptAngle({0, 0, 0}, {0, 0, 1}, {2, 0, 0}, {std::cos(sixty), std::sin(sixty), 0}) == Approx(sixty));
}

TEST_CASE("[WorldSizeForPixels] Scales with distance and field of view", "[render][gizmo-math]") {
  CHECK(WorldSizeForPixels(100.0f, 10.0f, glm::radians(60.0f), 600.0f) ==
        Approx(100.0f * 2.0f * 10.0f * std::tan(glm::radians(30.0f)) / 600.0f));
  CHECK(WorldSizeForPixels(100.0f, 20.0f, glm::radians(90.0f), 400.0f) == Approx(10.0f));
  CHECK(WorldSizeForPixels(0.0f, 20.0f, glm::radians(90.0f), 400.0f) == 0.0f);
}

TEST_CASE("[Snap] Rounds to the nearest step, halves away from zero", "[render][gizmo-math]") {
  CHECK(Snap(0.74f, 0.5f) == Approx(0.5f));
  CHECK(Snap(0.76f, 0.5f) == Approx(1.0f));
  CHECK(Snap(0.25f, 0.5f) == Approx(0.5f));
  CHECK(Snap(-0.26f, 0.5f) == Approx(-0.5f));
  CHECK(Snap(-0.2f, 0.5f) == Approx(0.0f));
  CHECK(Snap(0.123f, 0.0f) == 0.123f);
  CHECK(Snap(0.123f, -1.0f) == 0.123f);
  CHECK(Snap(glm::radians(50.0f), glm::radians(15.0f)) == Approx(glm::radians(45.0f)));
  CHECK_NEAR_VEC(Snap(glm::vec3{1.2f, -3.7f, 0.05f}, 1.0f), glm::vec3(1, -4, 0), 1e-6f);
}

TEST_CASE("[DistanceToSegment] Measures to the nearest point including the ends", "[render][gizmo-math]") {
  CHECK(DistanceToSegment({5, 3}, {0, 0}, {10, 0}) == Approx(3.0f));
  CHECK(DistanceToSegment({-3, 4}, {0, 0}, {10, 0}) == Approx(5.0f));
  CHECK(DistanceToSegment({13, 4}, {0, 0}, {10, 0}) == Approx(5.0f));
  CHECK(DistanceToSegment({1, 1}, {0, 0}, {0, 0}) == Approx(std::sqrt(2.0f)));
}
