#include "cairn/ecs/components/transform.h"

#include <glm/gtc/matrix_transform.hpp>

namespace cairn::ecs {

glm::mat4 Transform::LocalMatrix() const {
  glm::mat4 matrix = glm::mat4_cast(rotation);
  matrix[0] *= scale.x;
  matrix[1] *= scale.y;
  matrix[2] *= scale.z;
  matrix[3] = glm::vec4(position, 1.0f);
  return matrix;
}

Transform Transform::FromMatrix(const glm::mat4& matrix) {
  Transform result;
  result.position = glm::vec3(matrix[3]);
  glm::vec3 axes[3] = {glm::vec3(matrix[0]), glm::vec3(matrix[1]), glm::vec3(matrix[2])};
  result.scale = {glm::length(axes[0]), glm::length(axes[1]), glm::length(axes[2])};
  // A mirrored basis is expressed as a negative X scale.
  if (glm::dot(glm::cross(axes[0], axes[1]), axes[2]) < 0.0f) result.scale.x = -result.scale.x;
  for (int i = 0; i < 3; ++i) {
    if (result.scale[i] != 0.0f) axes[i] /= result.scale[i];
  }
  result.rotation = glm::normalize(glm::quat_cast(glm::mat3(axes[0], axes[1], axes[2])));
  return result;
}

}  // namespace cairn::ecs
