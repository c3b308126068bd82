#pragma once

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

namespace cairn::render {

// What the renderer needs from a camera for one frame. Matrices follow OpenGL
// conventions (right-handed view space looking down -Z, clip depth -1..1).
struct CameraMatrices {
  glm::mat4 view{1.0f};
  glm::mat4 projection{1.0f};
  glm::vec3 position{0.0f};  // world-space eye position
  float near_plane = 0.05f;
  float far_plane = 5000.0f;

  // True for an orthographic projection (its last row is 0 0 0 1).
  [[nodiscard]] bool IsOrthographic() const { return projection[3][3] == 1.0f; }
};

}  // namespace cairn::render
