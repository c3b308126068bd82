#pragma once

#include <optional>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "cairn/render/camera_matrices.h"
#include "cairn/render/ray.h"

namespace cairn::render {

// Conversions between viewport pixels and world space for any projection.
// Pixels are measured from the viewport's top-left corner, x right, y down,
// the way mouse positions arrive; (0.5, 0.5) is the centre of the first pixel.

// The ray through `pixel`: it starts on the near plane and points away from
// the camera (for orthographic cameras all rays are parallel). `viewport_size`
// must be positive.
[[nodiscard]] Ray ScreenRay(const CameraMatrices& camera, glm::vec2 pixel, glm::vec2 viewport_size);

// Where `point` appears in the viewport; nullopt when it is behind the camera
// (on or behind the eye plane). Points outside the viewport still project.
[[nodiscard]] std::optional<glm::vec2> WorldToScreen(const CameraMatrices& camera, glm::vec3 point,
                                                     glm::vec2 viewport_size);

// The world-space length that spans `pixels` on screen at the depth of `point`
// (for orthographic cameras it is the same at every depth). Used to keep
// handles and icons a constant size on screen.
[[nodiscard]] float WorldSizeForPixelsAt(const CameraMatrices& camera, glm::vec3 point, float pixels,
                                         float viewport_height);

}  // namespace cairn::render
