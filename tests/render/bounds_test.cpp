#include <catch2/catch.hpp>

#include <glm/gtc/matrix_transform.hpp>

#include "cairn/render/bounds.h"
#include "render_test_support.h"

using namespace cairn::render;

TEST_CASE("[Aabb] A default box is empty and takes the first point as its extent", "[render][bounds]") {
  Aabb box;
  CHECK(box.IsEmpty());
  CHECK(box.BoundingRadius() == 0.0f);
  box.Expand(glm::vec3{1.0f, 2.0f, 3.0f});
  CHECK_FALSE(box.IsEmpty());
  CHECK_NEAR_VEC(box.min, glm::vec3(1, 2, 3), 0.0f);
  CHECK_NEAR_VEC(box.max, glm::vec3(1, 2, 3), 0.0f);
  box.Expand(glm::vec3{-1.0f, 4.0f, 3.0f});
  CHECK_NEAR_VEC(box.min, glm::vec3(-1, 2, 3), 0.0f);
  CHECK_NEAR_VEC(box.max, glm::vec3(1, 4, 3), 0.0f);
  CHECK_NEAR_VEC(box.Center(), glm::vec3(0, 3, 3), 0.0f);
  CHECK(box.BoundingRadius() == Approx(std::sqrt(2.0f)));
}

TEST_CASE("[Aabb] Expanding by an empty box changes nothing", "[render][bounds]") {
  Aabb box{{0, 0, 0}, {1, 1, 1}};
  box.Expand(Aabb{});
  CHECK_NEAR_VEC(box.min, glm::vec3(0), 0.0f);
  CHECK_NEAR_VEC(box.max, glm::vec3(1), 0.0f);
}

TEST_CASE("[Aabb] Transformed bounds enclose the rotated corners", "[render][bounds]") {
  const Aabb unit{{-0.5f, -0.5f, -0.5f}, {0.5f, 0.5f, 0.5f}};
  const glm::mat4 matrix = glm::translate(glm::mat4{1.0f}, glm::vec3{10, 0, 0}) *
                           glm::rotate(glm::mat4{1.0f}, glm::radians(45.0f), glm::vec3{0, 1, 0});
  const Aabb moved = TransformBounds(unit, matrix);
  const float half_diagonal = std::sqrt(2.0f) * 0.5f;
  CHECK_NEAR_VEC(moved.min, glm::vec3(10 - half_diagonal, -0.5f, -half_diagonal), 1e-5f);
  CHECK_NEAR_VEC(moved.max, glm::vec3(10 + half_diagonal, 0.5f, half_diagonal), 1e-5f);
  CHECK(TransformBounds(Aabb{}, matrix).IsEmpty());
}
