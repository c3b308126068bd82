#pragma once

#include <array>
#include <cstdint>
#include <span>

#include <glm/vec3.hpp>

#include "cairn/render/light_data.h"

namespace cairn::render {

// How many lights of each type the shaders take at once (uniform arrays).
inline constexpr int kMaxLightsPerType = 16;

// Lights converted to what the lighting shader consumes: unit directions,
// colour already multiplied by intensity (linear), spot cones as cosines.
// Beyond kMaxLightsPerType of a type, further lights are counted as dropped
// (the first ones in the input win, so the choice is deterministic).
struct PackedLights {
  struct Directional {
    glm::vec3 direction{0.0f, -1.0f, 0.0f};  // where the light travels
    glm::vec3 radiance{0.0f};
  };
  struct Point {
    glm::vec3 position{0.0f};
    float range = 1.0f;
    glm::vec3 radiance{0.0f};
  };
  struct Spot {
    glm::vec3 position{0.0f};
    float range = 1.0f;
    glm::vec3 direction{0.0f, -1.0f, 0.0f};
    float cos_outer = 0.0f;  // cosine of the half-angle where light ends
    float cos_inner = 0.0f;  // cosine of the half-angle where fading starts
    glm::vec3 radiance{0.0f};
  };

  std::array<Directional, kMaxLightsPerType> directional{};
  std::array<Point, kMaxLightsPerType> point{};
  std::array<Spot, kMaxLightsPerType> spot{};
  int directional_count = 0;
  int point_count = 0;
  int spot_count = 0;
  int dropped_count = 0;
  bool uses_default_light = false;
};

// The light used when a scene has none: a white sun from above, front-right.
[[nodiscard]] LightData DefaultLight();

// Converts sRGB to linear (per channel, the exact piecewise sRGB curve).
[[nodiscard]] glm::vec3 SrgbToLinear(glm::vec3 srgb);

// Packs `lights`; an empty span packs DefaultLight() and sets
// uses_default_light. Ranges are kept at least 0.001 and spot cones within
// 1..179 degrees; the soft edge of a spot spans its outer fifth.
[[nodiscard]] PackedLights PackLights(std::span<const LightData> lights);

}  // namespace cairn::render
