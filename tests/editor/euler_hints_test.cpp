#include "cairn/editor/euler_hints.h"

#include <catch2/catch.hpp>

#include <glm/gtc/epsilon.hpp>

using cairn::ecs::ElementBit;
using cairn::ecs::EntityId;
using cairn::editor::EulerDegreesOf;
using cairn::editor::EulerHints;
using cairn::editor::QuatFromEulerDegrees;

namespace {

constexpr EntityId kBall{0xba11};
constexpr EntityId kPillar{0x9111a7};
constexpr const char* kRotation = "Transform.rotation";

bool SameRotation(const glm::quat& a, const glm::quat& b) { return std::abs(glm::dot(a, b)) > 1.0f - 1e-5f; }

}  // namespace

TEST_CASE("A typed rotation shows as typed, not as another Euler form", "[editor][euler_hints]") {
  EulerHints hints;
  // Without a hint, the decomposition: Y = 135 reads back as (180, 45, 180).
  const glm::quat typed_y = QuatFromEulerDegrees({0, 135, 0});
  const glm::vec3 decomposed = EulerDegreesOf(typed_y);
  CHECK(std::abs(decomposed.y - 45.0f) < 1e-3f);
  CHECK(hints.Shown(kBall, kRotation, typed_y) == decomposed);

  // Typing Y = 135 on the identity keeps (0, 135, 0).
  const glm::vec3 after_y = hints.Edit(kBall, kRotation, glm::quat(1, 0, 0, 0), {0, 135, 0}, ElementBit(1));
  CHECK(after_y == glm::vec3(0, 135, 0));
  const glm::quat rotation = QuatFromEulerDegrees(after_y);
  CHECK(hints.Shown(kBall, kRotation, rotation) == glm::vec3(0, 135, 0));

  // Then X = 100 is (100, 135, 0), the orientation the user means.
  const glm::vec3 after_x = hints.Edit(kBall, kRotation, rotation, {100, 0, 0}, ElementBit(0));
  CHECK(after_x == glm::vec3(100, 135, 0));
  CHECK(SameRotation(QuatFromEulerDegrees(after_x), glm::quat(glm::radians(glm::vec3(100, 135, 0)))));
}

TEST_CASE("A hint is shown only while it gives the rotation", "[editor][euler_hints]") {
  EulerHints hints;
  const glm::vec3 angles = hints.Edit(kBall, kRotation, glm::quat(1, 0, 0, 0), {0, 135, 0}, ElementBit(1));
  // Rotated some other way (a gizmo): the decomposition again.
  const glm::quat other = glm::angleAxis(0.3f, glm::vec3(0, 0, 1));
  CHECK(hints.Shown(kBall, kRotation, other) == EulerDegreesOf(other));
  // Another entity or field has hints of its own.
  CHECK(hints.Shown(kPillar, kRotation, QuatFromEulerDegrees(angles)) == EulerDegreesOf(QuatFromEulerDegrees(angles)));
  CHECK(hints.Shown(kBall, "Camera.rotation", QuatFromEulerDegrees(angles)) ==
        EulerDegreesOf(QuatFromEulerDegrees(angles)));
}

TEST_CASE("Undoing a typed rotation shows the angles typed before it", "[editor][euler_hints]") {
  EulerHints hints;
  const glm::vec3 first = hints.Edit(kBall, kRotation, glm::quat(1, 0, 0, 0), {0, 135, 0}, ElementBit(1));
  const glm::vec3 second = hints.Edit(kBall, kRotation, QuatFromEulerDegrees(first), {0, 0, 170}, ElementBit(2));
  CHECK(second == glm::vec3(0, 135, 170));
  CHECK(hints.Shown(kBall, kRotation, QuatFromEulerDegrees(second)) == second);
  CHECK(hints.Shown(kBall, kRotation, QuatFromEulerDegrees(first)) == first);  // after an undo
}

TEST_CASE("Each selected entity keeps its own other angles", "[editor][euler_hints]") {
  EulerHints hints;
  const glm::vec3 ball = hints.Edit(kBall, kRotation, glm::quat(1, 0, 0, 0), {30, 0, 0}, ElementBit(0));
  const glm::vec3 pillar = hints.Edit(kPillar, kRotation, glm::quat(1, 0, 0, 0), {0, 0, 60}, ElementBit(2));
  // Y = 135 typed into both.
  CHECK(hints.Edit(kBall, kRotation, QuatFromEulerDegrees(ball), {0, 135, 0}, ElementBit(1)) == glm::vec3(30, 135, 0));
  CHECK(hints.Edit(kPillar, kRotation, QuatFromEulerDegrees(pillar), {0, 135, 0}, ElementBit(1)) ==
        glm::vec3(0, 135, 60));
}

TEST_CASE("EulerDegreesOf shows no negative zero", "[editor][euler_hints]") {
  const glm::vec3 degrees = EulerDegreesOf(glm::quat(1, -0.0f, 0, -0.0f));
  CHECK(!std::signbit(degrees.x));
  CHECK(!std::signbit(degrees.z));
}
