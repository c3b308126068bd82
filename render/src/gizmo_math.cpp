#include "cairn/render/gizmo_math.h"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>
#include <glm/gtc/constants.hpp>

namespace cairn::render {

std::optional<float> IntersectRayPlane(const Ray& ray, const Plane& plane, float parallel_epsilon) {
  const float denominator = glm::dot(ray.direction, plane.normal);
  if (std::abs(denominator) < parallel_epsilon) return std::nullopt;
  const float t = glm::dot(plane.point - ray.origin, plane.normal) / denominator;
  if (t < 0.0f) return std::nullopt;
  return t;
}

std::optional<glm::vec3> RayPlaneHit(const Ray& ray, const Plane& plane, float parallel_epsilon) {
  const std::optional<float> t = IntersectRayPlane(ray, plane, parallel_epsilon);
  if (!t) return std::nullopt;
  return ray.At(*t);
}

std::optional<ClosestPoints> ClosestPointsRayLine(const Ray& ray, glm::vec3 line_point, glm::vec3 line_direction,
                                                  float parallel_epsilon) {
  // Minimise |ray.At(s) - (line_point + t * d)|^2 with unit directions.
  const glm::vec3 offset = ray.origin - line_point;
  const float b = glm::dot(ray.direction, line_direction);
  const float denominator = 1.0f - b * b;
  if (denominator < parallel_epsilon) return std::nullopt;
  const float d = glm::dot(ray.direction, offset);
  const float e = glm::dot(line_direction, offset);
  ClosestPoints result;
  result.ray_t = (b * e - d) / denominator;
  result.line_t = (e - b * d) / denominator;
  return result;
}

float SweptAngle(glm::vec3 center, glm::vec3 axis, glm::vec3 from, glm::vec3 to) {
  glm::vec3 a = from - center;
  glm::vec3 b = to - center;
  a -= axis * glm::dot(a, axis);
  b -= axis * glm::dot(b, axis);
  if (glm::dot(a, a) < 1e-12f || glm::dot(b, b) < 1e-12f) return 0.0f;
  const float angle = std::atan2(glm::dot(glm::cross(a, b), axis), glm::dot(a, b));
  return angle <= -glm::pi<float>() ? glm::pi<float>() : angle;
}

float WorldSizeForPixels(float pixels, float distance, float fov_y_radians, float viewport_height_px) {
  return pixels * 2.0f * distance * std::tan(fov_y_radians * 0.5f) / viewport_height_px;
}

float Snap(float value, float step) {
  if (step <= 0.0f) return value;
  return std::round(value / step) * step;
}

glm::vec3 Snap(glm::vec3 value, float step) { return {Snap(value.x, step), Snap(value.y, step), Snap(value.z, step)}; }

float DistanceToSegment(glm::vec2 point, glm::vec2 a, glm::vec2 b) {
  const glm::vec2 ab = b - a;
  const float length_squared = glm::dot(ab, ab);
  const float t = length_squared > 0.0f ? std::clamp(glm::dot(point - a, ab) / length_squared, 0.0f, 1.0f) : 0.0f;
  return glm::length(point - (a + ab * t));
}

}  // namespace cairn::render
