#include <catch2/catch.hpp>

#include <vector>

#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>

#include "cairn/render/packed_lights.h"
#include "render_test_support.h"

using namespace cairn::render;

namespace {

LightData PointLight(float x) {
  LightData light;
  light.type = LightType::Point;
  light.position = {x, 1.0f, 0.0f};
  light.range = 5.0f;
  return light;
}

}  // namespace

TEST_CASE("[PackLights] A scene without lights gets the default light", "[render][lights]") {
  const PackedLights packed = PackLights({});
  CHECK(packed.uses_default_light);
  CHECK(packed.directional_count == 1);
  CHECK(packed.point_count == 0);
  CHECK(packed.spot_count == 0);
  CHECK_NEAR_VEC(packed.directional[0].direction, glm::normalize(DefaultLight().direction), 1e-6f);
  CHECK_NEAR_VEC(packed.directional[0].radiance, glm::vec3(1.0f), 1e-6f);
}

TEST_CASE("[PackLights] Up to the limit per type are kept in order, the rest dropped", "[render][lights]") {
  std::vector<LightData> lights;
  for (int i = 0; i < kMaxLightsPerType + 4; ++i) lights.push_back(PointLight(static_cast<float>(i)));
  for (int i = 0; i < 8; ++i) {
    LightData spot = PointLight(100.0f + static_cast<float>(i));
    spot.type = LightType::Spot;
    lights.push_back(spot);
  }
  const PackedLights packed = PackLights(lights);
  CHECK_FALSE(packed.uses_default_light);
  CHECK(packed.point_count == kMaxLightsPerType);
  CHECK(packed.spot_count == 8);
  CHECK(packed.directional_count == 0);
  CHECK(packed.dropped_count == 4);
  for (int i = 0; i < kMaxLightsPerType; ++i) CHECK(packed.point[i].position.x == static_cast<float>(i));
  CHECK(packed.spot[7].position.x == 107.0f);
}

TEST_CASE("[PackLights] Colour becomes linear radiance scaled by intensity", "[render][lights]") {
  LightData light;
  light.color = {1.0f, 0.5f, 0.0f};
  light.intensity = 2.0f;
  light.direction = {0.0f, -2.0f, 0.0f};
  const PackedLights packed = PackLights(std::span<const LightData>(&light, 1));
  CHECK_NEAR_VEC(packed.directional[0].radiance, glm::vec3(2.0f, 2.0f * 0.2140411f, 0.0f), 1e-5f);
  CHECK_NEAR_VEC(packed.directional[0].direction, glm::vec3(0, -1, 0), 1e-6f);

  light.direction = glm::vec3{0.0f};
  light.intensity = -1.0f;
  const PackedLights degenerate = PackLights(std::span<const LightData>(&light, 1));
  CHECK_NEAR_VEC(degenerate.directional[0].direction, glm::vec3(0, -1, 0), 0.0f);
  CHECK_NEAR_VEC(degenerate.directional[0].radiance, glm::vec3(0.0f), 0.0f);
}

TEST_CASE("[PackLights] Spot cones become cosines of half-angles with a soft fifth", "[render][lights]") {
  LightData spot;
  spot.type = LightType::Spot;
  spot.cone_angle_degrees = 90.0f;
  spot.range = 0.0f;
  const PackedLights packed = PackLights(std::span<const LightData>(&spot, 1));
  CHECK(packed.spot[0].cos_outer == Approx(std::cos(glm::radians(45.0f))));
  CHECK(packed.spot[0].cos_inner == Approx(std::cos(glm::radians(36.0f))));
  CHECK(packed.spot[0].range == Approx(0.001f));

  spot.cone_angle_degrees = 500.0f;
  CHECK(PackLights(std::span<const LightData>(&spot, 1)).spot[0].cos_outer ==
        Approx(std::cos(glm::radians(89.5f))));
}

TEST_CASE("[SrgbToLinear] Follows the sRGB curve", "[render][lights]") {
  CHECK_NEAR_VEC(SrgbToLinear({0.0f, 0.5f, 1.0f}), glm::vec3(0.0f, 0.2140411f, 1.0f), 1e-6f);
  CHECK(SrgbToLinear(glm::vec3{0.04f}).x == Approx(0.04f / 12.92f));
}
