#pragma once
// Where something dropped into the viewport lands: on the ground plane
// (y = 0) under the cursor, or, when the cursor's ray misses the ground
// (looking at the sky) or meets it too far away, kFallbackDistance along it.

#include <optional>

#include <glm/vec3.hpp>

#include "cairn/render/ray.h"

namespace cairn::editor {

inline constexpr float kFallbackDistance = 10.0f;
inline constexpr float kMaxGroundDistance = 100.0f;

glm::vec3 DropPoint(const render::Ray& ray);

// Where the ray meets the ground within kMaxGroundDistance (y exactly 0);
// none towards the sky or the far horizon.
std::optional<glm::vec3> GroundPoint(const render::Ray& ray);

}  // namespace cairn::editor
