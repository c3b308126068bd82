#include "cairn/render/camera_matrices.h"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>

namespace cairn::render {

CameraMatrices PerspectiveFromPose(const glm::mat4& pose, float vertical_fov_degrees, float near_plane,
                                   float far_plane, float aspect) {
  const glm::vec3 position(pose[3]);
  const auto axis = [&pose](int column, glm::vec3 fallback) {
    const glm::vec3 v(pose[column]);
    const float length = glm::length(v);
    return length > 1e-12f && std::isfinite(length) ? v / length : fallback;
  };
  const glm::vec3 forward = -axis(2, glm::vec3(0.0f, 0.0f, 1.0f));
  const glm::vec3 up = axis(1, glm::vec3(0.0f, 1.0f, 0.0f));
  const float fov = glm::radians(std::clamp(std::isfinite(vertical_fov_degrees) ? vertical_fov_degrees : 60.0f, 1.0f, 179.0f));
  const float near = std::isfinite(near_plane) && near_plane > 1e-5f ? near_plane : 1e-5f;
  const float far = std::isfinite(far_plane) && far_plane > near * 1.001f ? far_plane : near * 1000.0f;
  const float ratio = std::isfinite(aspect) && aspect > 1e-6f ? aspect : 1.0f;

  CameraMatrices matrices;
  matrices.view = glm::lookAt(position, position + forward, up);
  matrices.projection = glm::perspective(fov, ratio, near, far);
  matrices.position = position;
  matrices.near_plane = near;
  matrices.far_plane = far;
  return matrices;
}

}  // namespace cairn::render
