#pragma once
// Where a ray first meets a surface: an axis-aligned box, a built-in shape
// (exactly, not its tessellation), or a triangle.
//
// These functions take a ray whose direction need not be unit length, so a
// world ray carried into an instance's model space by the inverse of its
// world matrix (an affine map keeps the ray's parameter) gives hits whose `t`
// is the world distance along the world ray. Hits are two-sided: the normal
// is the surface's, turned to face the ray's origin, in the ray's space.

#include <cstdint>
#include <optional>

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "cairn/render/bounds.h"
#include "cairn/render/mesh_shape.h"
#include "cairn/render/ray.h"

namespace cairn::render {

struct SurfaceHit {
  float t = 0.0f;              // along the ray, in units of its direction's length
  glm::vec3 normal{0.0f, 1.0f, 0.0f};  // unit length, facing the ray's origin
};

// The ray's parameters where it enters a box (0 when it starts inside), or
// nullopt when it misses the box within [0, max_t]. `inverse_direction` is
// 1 / direction per axis (infinite for a zero component).
[[nodiscard]] std::optional<float> EnterBox(const glm::vec3& origin, const glm::vec3& inverse_direction,
                                            const Aabb& box, float max_t);

// The first hit on a built-in shape in its model space (mesh_data.h gives
// their sizes) within (0, max_t].
[[nodiscard]] std::optional<SurfaceHit> RaycastShape(MeshShape shape, const Ray& ray, float max_t);

// The first hit on triangle (a, b, c) within (0, max_t]; none for a
// degenerate triangle or a ray in its plane.
[[nodiscard]] std::optional<SurfaceHit> RaycastTriangle(const Ray& ray, const glm::vec3& a, const glm::vec3& b,
                                                        const glm::vec3& c, float max_t);

// `ray` (world space) in the model space of an instance with world matrix
// `world`; `t` keeps its meaning. Precondition: `world` is invertible.
[[nodiscard]] Ray ToModelSpace(const Ray& ray, const glm::mat4& world);

// A model-space normal in world space for world matrix `world`, unit length.
[[nodiscard]] glm::vec3 NormalToWorld(const glm::vec3& normal, const glm::mat4& world);

}  // namespace cairn::render
