#include "cairn/render/packed_lights.h"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>

namespace cairn::render {

namespace {

constexpr float kMinRange = 0.001f;
constexpr float kSpotSoftEdge = 0.2f;  // fraction of the half-angle that fades

float SrgbChannelToLinear(float value) {
  value = std::clamp(value, 0.0f, 1.0f);
  return value <= 0.04045f ? value / 12.92f : std::pow((value + 0.055f) / 1.055f, 2.4f);
}

glm::vec3 UnitDirection(glm::vec3 direction) {
  const float length = glm::length(direction);
  return length > 1e-8f ? direction / length : glm::vec3{0.0f, -1.0f, 0.0f};
}

glm::vec3 Radiance(const LightData& light) { return SrgbToLinear(light.color) * std::max(light.intensity, 0.0f); }

PackedLights::Directional PackDirectional(const LightData& light) {
  return {UnitDirection(light.direction), Radiance(light)};
}

PackedLights::Point PackPoint(const LightData& light) {
  return {light.position, std::max(light.range, kMinRange), Radiance(light)};
}

PackedLights::Spot PackSpot(const LightData& light) {
  const float half_angle = glm::radians(std::clamp(light.cone_angle_degrees, 1.0f, 179.0f)) * 0.5f;
  PackedLights::Spot spot;
  spot.position = light.position;
  spot.range = std::max(light.range, kMinRange);
  spot.direction = UnitDirection(light.direction);
  spot.cos_outer = std::cos(half_angle);
  spot.cos_inner = std::cos(half_angle * (1.0f - kSpotSoftEdge));
  spot.radiance = Radiance(light);
  return spot;
}

// Appends to `slots` unless full; counts what does not fit as dropped.
template <typename Slot>
void Append(std::array<Slot, kMaxLightsPerType>& slots, int& count, int& dropped, const Slot& slot) {
  if (count >= kMaxLightsPerType) {
    ++dropped;
    return;
  }
  slots[static_cast<std::size_t>(count++)] = slot;
}

}  // namespace

LightData DefaultLight() {
  LightData light;
  light.type = LightType::Directional;
  light.direction = glm::normalize(glm::vec3{-0.4f, -1.0f, -0.6f});
  light.color = glm::vec3{1.0f};
  light.intensity = 1.0f;
  return light;
}

glm::vec3 SrgbToLinear(glm::vec3 srgb) {
  return {SrgbChannelToLinear(srgb.r), SrgbChannelToLinear(srgb.g), SrgbChannelToLinear(srgb.b)};
}

PackedLights PackLights(std::span<const LightData> lights) {
  PackedLights packed;
  const LightData fallback = DefaultLight();
  if (lights.empty()) {
    lights = std::span<const LightData>(&fallback, 1);
    packed.uses_default_light = true;
  }
  for (const LightData& light : lights) {
    switch (light.type) {
      case LightType::Directional:
        Append(packed.directional, packed.directional_count, packed.dropped_count, PackDirectional(light));
        break;
      case LightType::Point:
        Append(packed.point, packed.point_count, packed.dropped_count, PackPoint(light));
        break;
      case LightType::Spot:
        Append(packed.spot, packed.spot_count, packed.dropped_count, PackSpot(light));
        break;
    }
  }
  return packed;
}

}  // namespace cairn::render
