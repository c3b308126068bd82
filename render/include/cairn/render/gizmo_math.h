#pragma once

#include <optional>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "cairn/render/ray.h"

namespace cairn::render {

// Geometry behind gizmo interaction. Pure functions of their arguments; no
// state, no GL.

struct Plane {
  glm::vec3 point{0.0f};
  glm::vec3 normal{0.0f, 1.0f, 0.0f};  // unit length
};

// Distance t >= 0 along `ray` to `plane`; nullopt when the ray is parallel to
// the plane (|cos| below `parallel_epsilon`) or the plane is behind the origin.
[[nodiscard]] std::optional<float> IntersectRayPlane(const Ray& ray, const Plane& plane,
                                                     float parallel_epsilon = 1e-6f);

// The point where `ray` meets `plane`, or nullopt (see IntersectRayPlane).
[[nodiscard]] std::optional<glm::vec3> RayPlaneHit(const Ray& ray, const Plane& plane,
                                                   float parallel_epsilon = 1e-6f);

// Parameters of the closest pair of points between a ray and an infinite line
// (line point + line_t * line direction). ray_t may be negative: the line is
// compared with the ray's whole carrier line.
struct ClosestPoints {
  float ray_t = 0.0f;
  float line_t = 0.0f;
};

// Closest points between `ray` and the line through `line_point` along the unit
// vector `line_direction`; nullopt when they are (nearly) parallel, where the
// answer is not unique and a drag along the line would jump.
[[nodiscard]] std::optional<ClosestPoints> ClosestPointsRayLine(const Ray& ray, glm::vec3 line_point,
                                                                glm::vec3 line_direction,
                                                                float parallel_epsilon = 1e-6f);

// Signed angle in radians, in (-pi, pi], that turns (from - center) into
// (to - center) around the unit vector `axis`, counter-clockwise when looking
// down the axis from its tip (right-hand rule). Both points are first projected
// onto the plane through `center` normal to `axis`; 0 when either lies on the
// axis.
[[nodiscard]] float SweptAngle(glm::vec3 center, glm::vec3 axis, glm::vec3 from, glm::vec3 to);

// World-space length covered by `pixels` screen pixels at `distance` in front
// of a perspective camera with vertical field of view `fov_y_radians` and a
// viewport `viewport_height_px` pixels high.
[[nodiscard]] float WorldSizeForPixels(float pixels, float distance, float fov_y_radians,
                                       float viewport_height_px);

// `value` rounded to the nearest multiple of `step` (halves away from zero);
// unchanged when step <= 0.
[[nodiscard]] float Snap(float value, float step);
// Each component snapped (see Snap).
[[nodiscard]] glm::vec3 Snap(glm::vec3 value, float step);

// Distance from `point` to the segment a-b in the plane.
[[nodiscard]] float DistanceToSegment(glm::vec2 point, glm::vec2 a, glm::vec2 b);

}  // namespace cairn::render
