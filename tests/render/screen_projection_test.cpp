#include <catch2/catch.hpp>

#include <random>

#include <glm/gtc/matrix_transform.hpp>

#include "cairn/render/screen_projection.h"
#include "render_test_support.h"

using namespace cairn::render;
using namespace cairn::render::test;

TEST_CASE("[ScreenRay] The centre pixel looks straight ahead from the near plane", "[render][picking]") {
  const Ray ray = ScreenRay(FrontCamera(), ViewportCenter(), {kViewportWidth, kViewportHeight});
  CHECK_NEAR_VEC(ray.direction, glm::vec3(0, 0, -1), 1e-5f);
  CHECK_NEAR_VEC(ray.origin, glm::vec3(0, 0, 9.9f), 1e-4f);
}

TEST_CASE("[ScreenRay] The top-left corner looks along the frustum edge", "[render][picking]") {
  const Ray ray = ScreenRay(FrontCamera(), {0.0f, 0.0f}, {kViewportWidth, kViewportHeight});
  const float tan_half = std::tan(glm::radians(kFovYDegrees) * 0.5f);
  const glm::vec3 expected =
      glm::normalize(glm::vec3{-tan_half * kViewportWidth / kViewportHeight, tan_half, -1.0f});
  CHECK_NEAR_VEC(ray.direction, expected, 1e-5f);
}

TEST_CASE("[WorldToScreen] Projects with y down and rejects points behind the eye", "[render][picking]") {
  const CameraMatrices camera = FrontCamera();
  const glm::vec2 viewport{kViewportWidth, kViewportHeight};
  CHECK_NEAR_VEC(*WorldToScreen(camera, glm::vec3{0.0f}, viewport), ViewportCenter(), 1e-3f);
  // One unit right at depth 10: x ndc = 1 / (10 tan 30 * 4/3).
  const float ndc = 1.0f / (10.0f * std::tan(glm::radians(30.0f)) * kViewportWidth / kViewportHeight);
  CHECK_NEAR_VEC(*WorldToScreen(camera, glm::vec3{1, 0, 0}, viewport), glm::vec2((ndc + 1.0f) * 400.0f, 300.0f),
                 1e-3f);
  CHECK(WorldToScreen(camera, glm::vec3{0, 1, 0}, viewport)->y < 300.0f);
  CHECK_FALSE(WorldToScreen(camera, glm::vec3{0, 0, 11}, viewport).has_value());
  CHECK_FALSE(WorldToScreen(camera, glm::vec3{0, 0, 10}, viewport).has_value());
}

TEST_CASE("[ScreenRay] Rays pass through the points that project to their pixel", "[render][picking]") {
  const glm::vec2 viewport{kViewportWidth, kViewportHeight};
  CameraMatrices orthographic = LookAtCamera({3.0f, 4.0f, 5.0f});
  orthographic.projection = glm::ortho(-4.0f, 4.0f, -3.0f, 3.0f, 0.1f, 100.0f);
  std::mt19937 random(42);
  std::uniform_real_distribution<float> x_of(0.0f, kViewportWidth);
  std::uniform_real_distribution<float> y_of(0.0f, kViewportHeight);
  std::uniform_real_distribution<float> t_of(0.5f, 50.0f);
  for (const CameraMatrices& camera : {LookAtCamera({3.0f, 4.0f, 5.0f}, {1, 0, 0}), orthographic}) {
    for (int i = 0; i < 200; ++i) {
      const glm::vec2 pixel{x_of(random), y_of(random)};
      const Ray ray = ScreenRay(camera, pixel, viewport);
      REQUIRE(glm::length(ray.direction) == Approx(1.0f));
      const auto projected = WorldToScreen(camera, ray.At(t_of(random)), viewport);
      REQUIRE(projected.has_value());
      CHECK_NEAR_VEC(*projected, pixel, 2e-2f);
    }
  }
}

TEST_CASE("[ScreenRay] Orthographic rays are parallel", "[render][picking]") {
  CameraMatrices camera = FrontCamera();
  camera.projection = glm::ortho(-4.0f, 4.0f, -3.0f, 3.0f, 0.1f, 100.0f);
  const glm::vec2 viewport{kViewportWidth, kViewportHeight};
  const Ray a = ScreenRay(camera, {0.0f, 0.0f}, viewport);
  const Ray b = ScreenRay(camera, {800.0f, 600.0f}, viewport);
  CHECK_NEAR_VEC(a.direction, glm::vec3(0, 0, -1), 1e-5f);
  CHECK_NEAR_VEC(b.direction, glm::vec3(0, 0, -1), 1e-5f);
  CHECK_NEAR_VEC(glm::vec2(a.origin), glm::vec2(-4, 3), 1e-4f);
  CHECK_NEAR_VEC(glm::vec2(b.origin), glm::vec2(4, -3), 1e-4f);
}

TEST_CASE("[WorldSizeForPixelsAt] Spans the visible height in viewport pixels", "[render][picking]") {
  const float visible_height = 2.0f * 10.0f * std::tan(glm::radians(30.0f));
  CHECK(WorldSizeForPixelsAt(FrontCamera(), glm::vec3{0.0f}, kViewportHeight, kViewportHeight) ==
        Approx(visible_height));
  CHECK(WorldSizeForPixelsAt(FrontCamera(), glm::vec3{0, 0, -10}, 60.0f, kViewportHeight) ==
        Approx(visible_height * 0.2f));
  CameraMatrices orthographic = FrontCamera();
  orthographic.projection = glm::ortho(-4.0f, 4.0f, -3.0f, 3.0f, 0.1f, 100.0f);
  CHECK(WorldSizeForPixelsAt(orthographic, glm::vec3{0, 0, -50}, 300.0f, kViewportHeight) == Approx(3.0f));
}
