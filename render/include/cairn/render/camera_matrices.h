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

// A perspective camera placed by `pose` (an entity's world matrix: its
// position and rotation; scale is ignored) looking down its local -Z with its
// local +Y up, as a scene's Camera entity sees. The field of view is clamped
// to [1, 179] degrees, the planes to 0 < near < far, and `aspect` (width /
// height) to a positive value.
[[nodiscard]] CameraMatrices PerspectiveFromPose(const glm::mat4& pose, float vertical_fov_degrees, float near_plane,
                                                 float far_plane, float aspect);

}  // namespace cairn::render
