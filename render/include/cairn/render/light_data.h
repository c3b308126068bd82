#pragma once

#include <glm/vec3.hpp>

namespace cairn::render {

enum class LightType { Directional, Point, Spot };

// One light in world space.
//   Directional  uses direction, color, intensity
//   Point        uses position, color, intensity, range
//   Spot         uses all fields
// `direction` is where the light travels (need not be normalised; a zero
// vector means straight down). Point and spot light fades smoothly to zero at
// `range`. `cone_angle_degrees` is the full opening angle of a spot's cone.
struct LightData {
  LightType type = LightType::Directional;
  glm::vec3 position{0.0f};
  glm::vec3 direction{0.0f, -1.0f, 0.0f};
  glm::vec3 color{1.0f};  // sRGB
  float intensity = 1.0f;
  float range = 10.0f;
  float cone_angle_degrees = 45.0f;
};

}  // namespace cairn::render
