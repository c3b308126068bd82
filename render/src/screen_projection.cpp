#include "cairn/render/screen_projection.h"

#include <cmath>

#include <glm/geometric.hpp>
#include <glm/mat4x4.hpp>
#include <glm/matrix.hpp>

namespace cairn::render {

namespace {

glm::vec3 Unproject(const glm::mat4& inverse_view_projection, glm::vec2 ndc, float depth) {
  const glm::vec4 point = inverse_view_projection * glm::vec4(ndc, depth, 1.0f);
  return glm::vec3(point) / point.w;
}

}  // namespace

Ray ScreenRay(const CameraMatrices& camera, glm::vec2 pixel, glm::vec2 viewport_size) {
  const glm::vec2 ndc{2.0f * pixel.x / viewport_size.x - 1.0f, 1.0f - 2.0f * pixel.y / viewport_size.y};
  const glm::mat4 inverse = glm::inverse(camera.projection * camera.view);
  const glm::vec3 near_point = Unproject(inverse, ndc, -1.0f);
  const glm::vec3 far_point = Unproject(inverse, ndc, 1.0f);
  return {near_point, glm::normalize(far_point - near_point)};
}

std::optional<glm::vec2> WorldToScreen(const CameraMatrices& camera, glm::vec3 point, glm::vec2 viewport_size) {
  const glm::vec4 clip = camera.projection * camera.view * glm::vec4(point, 1.0f);
  if (clip.w <= 1e-6f) return std::nullopt;
  const glm::vec2 ndc = glm::vec2(clip) / clip.w;
  return glm::vec2{(ndc.x + 1.0f) * 0.5f * viewport_size.x, (1.0f - ndc.y) * 0.5f * viewport_size.y};
}

float WorldSizeForPixelsAt(const CameraMatrices& camera, glm::vec3 point, float pixels, float viewport_height) {
  // Clip w grows with depth for a perspective camera and is 1 for an
  // orthographic one; one pixel spans 2 w / (P[1][1] * height) world units.
  const glm::vec4 view_point = camera.view * glm::vec4(point, 1.0f);
  const glm::vec4 clip = camera.projection * view_point;
  const float w = std::max(std::abs(clip.w), 1e-6f);
  return pixels * 2.0f * w / (camera.projection[1][1] * viewport_height);
}

}  // namespace cairn::render
