#include "cairn/render/surface_raycast.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <glm/geometric.hpp>
#include <glm/mat3x3.hpp>
#include <glm/matrix.hpp>

namespace cairn::render {

namespace {

constexpr float kHalf = 0.5f;

// The surface normal turned to face the ray's origin, unit length.
glm::vec3 Facing(const Ray& ray, glm::vec3 normal) {
  normal = glm::normalize(normal);
  return glm::dot(normal, ray.direction) > 0.0f ? -normal : normal;
}

// Keeps the nearer of two candidate hits.
void KeepNearer(std::optional<SurfaceHit>& best, const std::optional<SurfaceHit>& candidate) {
  if (candidate && (!best || candidate->t < best->t)) best = candidate;
}

// The hits of y = height inside a disc of `radius` about the Y axis.
std::optional<SurfaceHit> Disc(const Ray& ray, float height, float radius, float max_t) {
  if (ray.direction.y == 0.0f) return std::nullopt;
  const float t = (height - ray.origin.y) / ray.direction.y;
  if (!(t > 0.0f && t <= max_t)) return std::nullopt;
  const glm::vec3 point = ray.At(t);
  if (point.x * point.x + point.z * point.z > radius * radius) return std::nullopt;
  return SurfaceHit{t, Facing(ray, {0.0f, 1.0f, 0.0f})};
}

// The smaller root of a t^2 + b t + c = 0 inside (0, max_t] for which
// `accept` holds at the point, else the larger one.
template <typename Accept>
std::optional<float> QuadraticRoot(float a, float b, float c, float max_t, const Accept& accept) {
  if (a == 0.0f) return std::nullopt;
  const float discriminant = b * b - 4.0f * a * c;
  if (discriminant < 0.0f) return std::nullopt;
  const float root = std::sqrt(discriminant);
  // The numerically stable pair of roots.
  const float q = -0.5f * (b + std::copysign(root, b));
  float t0 = q / a;
  float t1 = q != 0.0f ? c / q : t0;
  if (t0 > t1) std::swap(t0, t1);
  for (const float t : {t0, t1}) {
    if (t > 0.0f && t <= max_t && accept(t)) return t;
  }
  return std::nullopt;
}

std::optional<SurfaceHit> Cube(const Ray& ray, float max_t) {
  std::optional<SurfaceHit> best;
  for (int axis = 0; axis < 3; ++axis) {
    if (ray.direction[axis] == 0.0f) continue;
    for (const float side : {-kHalf, kHalf}) {
      const float t = (side - ray.origin[axis]) / ray.direction[axis];
      if (!(t > 0.0f && t <= max_t)) continue;
      const glm::vec3 point = ray.At(t);
      const int u = (axis + 1) % 3;
      const int v = (axis + 2) % 3;
      if (std::fabs(point[u]) > kHalf || std::fabs(point[v]) > kHalf) continue;
      glm::vec3 normal(0.0f);
      normal[axis] = side > 0.0f ? 1.0f : -1.0f;
      KeepNearer(best, SurfaceHit{t, Facing(ray, normal)});
    }
  }
  return best;
}

std::optional<SurfaceHit> Sphere(const Ray& ray, float max_t) {
  const glm::vec3& o = ray.origin;
  const glm::vec3& d = ray.direction;
  const std::optional<float> t =
      QuadraticRoot(glm::dot(d, d), 2.0f * glm::dot(o, d), glm::dot(o, o) - kHalf * kHalf, max_t,
                    [](float) { return true; });
  if (!t) return std::nullopt;
  return SurfaceHit{*t, Facing(ray, ray.At(*t))};
}

std::optional<SurfaceHit> Plane(const Ray& ray, float max_t) {
  if (ray.direction.y == 0.0f) return std::nullopt;
  const float t = -ray.origin.y / ray.direction.y;
  if (!(t > 0.0f && t <= max_t)) return std::nullopt;
  const glm::vec3 point = ray.At(t);
  if (std::fabs(point.x) > kHalf || std::fabs(point.z) > kHalf) return std::nullopt;
  return SurfaceHit{t, Facing(ray, {0.0f, 1.0f, 0.0f})};
}

// Radius 0.5 about Y for |y| <= 0.5, capped at both ends.
std::optional<SurfaceHit> Cylinder(const Ray& ray, float max_t) {
  const glm::vec3& o = ray.origin;
  const glm::vec3& d = ray.direction;
  std::optional<SurfaceHit> best;
  const std::optional<float> side =
      QuadraticRoot(d.x * d.x + d.z * d.z, 2.0f * (o.x * d.x + o.z * d.z), o.x * o.x + o.z * o.z - kHalf * kHalf,
                    max_t, [&](float t) { return std::fabs(o.y + t * d.y) <= kHalf; });
  if (side) {
    const glm::vec3 point = ray.At(*side);
    best = SurfaceHit{*side, Facing(ray, {point.x, 0.0f, point.z})};
  }
  KeepNearer(best, Disc(ray, kHalf, kHalf, max_t));
  KeepNearer(best, Disc(ray, -kHalf, kHalf, max_t));
  return best;
}

// Apex at y = 0.5, base of radius 0.5 at y = -0.5: the side is
// x^2 + z^2 = r(y)^2 with r(y) = (0.5 - y) / 2.
std::optional<SurfaceHit> Cone(const Ray& ray, float max_t) {
  const glm::vec3& o = ray.origin;
  const glm::vec3& d = ray.direction;
  // r(y)^2 = (0.5 - y)^2 / 4; with y = o.y + t d.y.
  const float k = 0.25f;
  const float h = kHalf - o.y;  // 0.5 - y at t = 0
  const float a = d.x * d.x + d.z * d.z - k * d.y * d.y;
  const float b = 2.0f * (o.x * d.x + o.z * d.z) + 2.0f * k * h * d.y;
  const float c = o.x * o.x + o.z * o.z - k * h * h;
  std::optional<SurfaceHit> best;
  const std::optional<float> side = QuadraticRoot(a, b, c, max_t, [&](float t) {
    const float y = o.y + t * d.y;
    return y >= -kHalf && y <= kHalf;
  });
  if (side) {
    const glm::vec3 point = ray.At(*side);
    const float radial = std::sqrt(point.x * point.x + point.z * point.z);
    // The side's gradient: (x, r(y) / 2, z) scaled; at the apex any upward normal.
    const glm::vec3 normal = radial > 0.0f ? glm::vec3(point.x, 0.5f * radial, point.z) : glm::vec3(0.0f, 1.0f, 0.0f);
    best = SurfaceHit{*side, Facing(ray, normal)};
  }
  KeepNearer(best, Disc(ray, -kHalf, kHalf, max_t));
  return best;
}

}  // namespace

std::optional<float> EnterBox(const glm::vec3& origin, const glm::vec3& inverse_direction, const Aabb& box,
                              float max_t) {
  float near = 0.0f;
  float far = max_t;
  for (int axis = 0; axis < 3; ++axis) {
    const float inverse = inverse_direction[axis];
    float t0 = (box.min[axis] - origin[axis]) * inverse;
    float t1 = (box.max[axis] - origin[axis]) * inverse;
    if (std::isnan(t0) || std::isnan(t1)) {
      // A ray parallel to this axis' slabs, starting on one of them (0 * inf).
      if (origin[axis] < box.min[axis] || origin[axis] > box.max[axis]) return std::nullopt;
      continue;
    }
    if (t0 > t1) std::swap(t0, t1);
    near = std::max(near, t0);
    far = std::min(far, t1);
    if (near > far) return std::nullopt;
  }
  return near;
}

std::optional<SurfaceHit> RaycastShape(MeshShape shape, const Ray& ray, float max_t) {
  switch (shape) {
    case MeshShape::Cube: return Cube(ray, max_t);
    case MeshShape::Sphere: return Sphere(ray, max_t);
    case MeshShape::Plane: return Plane(ray, max_t);
    case MeshShape::Cylinder: return Cylinder(ray, max_t);
    case MeshShape::Cone: return Cone(ray, max_t);
  }
  return std::nullopt;
}

std::optional<SurfaceHit> RaycastTriangle(const Ray& ray, const glm::vec3& a, const glm::vec3& b, const glm::vec3& c,
                                          float max_t) {
  // Moller-Trumbore, without culling either side.
  const glm::vec3 edge1 = b - a;
  const glm::vec3 edge2 = c - a;
  const glm::vec3 p = glm::cross(ray.direction, edge2);
  const float determinant = glm::dot(edge1, p);
  if (determinant == 0.0f || !std::isfinite(determinant)) return std::nullopt;
  const float inverse = 1.0f / determinant;
  const glm::vec3 s = ray.origin - a;
  const float u = glm::dot(s, p) * inverse;
  if (u < 0.0f || u > 1.0f) return std::nullopt;
  const glm::vec3 q = glm::cross(s, edge1);
  const float v = glm::dot(ray.direction, q) * inverse;
  if (v < 0.0f || u + v > 1.0f) return std::nullopt;
  const float t = glm::dot(edge2, q) * inverse;
  if (!(t > 0.0f && t <= max_t)) return std::nullopt;
  return SurfaceHit{t, Facing(ray, glm::cross(edge1, edge2))};
}

Ray ToModelSpace(const Ray& ray, const glm::mat4& world) {
  const glm::mat4 inverse = glm::inverse(world);
  return Ray{glm::vec3(inverse * glm::vec4(ray.origin, 1.0f)), glm::vec3(inverse * glm::vec4(ray.direction, 0.0f))};
}

glm::vec3 NormalToWorld(const glm::vec3& normal, const glm::mat4& world) {
  const glm::mat3 normal_matrix = glm::transpose(glm::inverse(glm::mat3(world)));
  return glm::normalize(normal_matrix * normal);
}

}  // namespace cairn::render
