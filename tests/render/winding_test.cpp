#include <catch2/catch.hpp>

#include <glm/gtc/matrix_transform.hpp>

// fwd.h first: its declarations must agree with the definitions that follow.
#include "cairn/render/fwd.h"

#include "cairn/render/winding.h"

using namespace cairn::render;

namespace {

glm::mat4 Scaled(glm::vec3 scale) { return glm::scale(glm::mat4(1.0f), scale); }

}  // namespace

TEST_CASE("[Winding] An odd number of negative scales turns the winding clockwise", "[render][winding]") {
  CHECK(WindingOf(glm::mat4(1.0f)) == Winding::CounterClockwise);
  CHECK(WindingOf(Scaled({-1.0f, 1.0f, 1.0f})) == Winding::Clockwise);
  CHECK(WindingOf(Scaled({1.0f, 1.0f, -2.0f})) == Winding::Clockwise);
  CHECK(WindingOf(Scaled({-1.0f, -1.0f, -1.0f})) == Winding::Clockwise);
  // Two mirrors make a half turn.
  CHECK(WindingOf(Scaled({-1.0f, -1.0f, 1.0f})) == Winding::CounterClockwise);
}

TEST_CASE("[Winding] Rotation and translation change no winding, mirrored or not",
          "[render][winding]") {
  for (float degrees = 0.0f; degrees < 360.0f; degrees += 45.0f) {
    CAPTURE(degrees);
    const glm::mat4 turned = glm::rotate(glm::translate(glm::mat4(1.0f), {3.0f, -2.0f, 7.0f}),
                                         glm::radians(degrees), glm::normalize(glm::vec3(1.0f, 2.0f, -0.5f)));
    CHECK(WindingOf(turned * Scaled({2.0f, 0.5f, 3.0f})) == Winding::CounterClockwise);
    CHECK(WindingOf(turned * Scaled({2.0f, -0.5f, 3.0f})) == Winding::Clockwise);
  }
}

TEST_CASE("[Winding] A flat matrix counts as counter-clockwise", "[render][winding]") {
  CHECK(WindingOf(Scaled({1.0f, 0.0f, 1.0f})) == Winding::CounterClockwise);
  CHECK(WindingOf(Scaled({-1.0f, 0.0f, 1.0f})) == Winding::CounterClockwise);
  CHECK(WindingOf(glm::mat4(0.0f)) == Winding::CounterClockwise);
}
