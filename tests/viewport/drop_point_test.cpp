#include <catch2/catch.hpp>

#include <glm/geometric.hpp>

#include "cairn/editor/viewport/drop_point.h"

using cairn::editor::DropPoint;
using cairn::render::Ray;

TEST_CASE("A drop lands on the ground under the cursor", "[viewport][drop]") {
  const glm::vec3 point = DropPoint(Ray{{2.0f, 10.0f, 3.0f}, glm::normalize(glm::vec3(0.0f, -1.0f, -1.0f))});
  CHECK(point.x == Approx(2.0f));
  CHECK(point.y == 0.0f);
  CHECK(point.z == Approx(-7.0f));
}

TEST_CASE("A drop towards the sky or the far horizon lands in front of the camera", "[viewport][drop]") {
  const Ray up{{0.0f, 1.0f, 0.0f}, glm::vec3(0.0f, 1.0f, 0.0f)};
  CHECK(DropPoint(up) == glm::vec3(0.0f, 1.0f + cairn::editor::kFallbackDistance, 0.0f));
  const Ray grazing{{0.0f, 1.0f, 0.0f}, glm::normalize(glm::vec3(1.0f, -0.0001f, 0.0f))};
  const glm::vec3 point = DropPoint(grazing);
  CHECK(glm::length(point - grazing.origin) == Approx(cairn::editor::kFallbackDistance));
}
