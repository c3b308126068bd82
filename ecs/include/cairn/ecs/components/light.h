#pragma once

#include <cstdint>

#include <glm/vec3.hpp>

namespace cairn::ecs {

enum class LightType : std::int32_t { kDirectional, kPoint, kSpot };

// A light; directional and spot lights shine along the entity's local -Z.
struct Light {
  LightType type = LightType::kPoint;
  glm::vec3 color{1.0f};
  float intensity = 1.0f;
  float range = 10.0f;              // point and spot: distance where light reaches zero
  float cone_angle_degrees = 30.0f;  // spot: half-angle of the cone

  friend bool operator==(const Light&, const Light&) = default;
};

}  // namespace cairn::ecs
