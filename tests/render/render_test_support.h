#pragma once

// Shared fixtures for the render tests: a known camera and vector comparisons
// that print both sides on failure.

#include <cmath>
#include <ostream>
#include <sstream>
#include <string>

#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "cairn/render/camera_matrices.h"
#include "cairn/render/gizmo_frame.h"

namespace cairn::render::test {

inline constexpr float kViewportWidth = 800.0f;
inline constexpr float kViewportHeight = 600.0f;
inline constexpr float kFovYDegrees = 60.0f;

// Perspective camera at `eye` looking at `target` (60 degrees, 800 x 600).
inline CameraMatrices LookAtCamera(glm::vec3 eye, glm::vec3 target = glm::vec3{0.0f},
                                   glm::vec3 up = glm::vec3{0.0f, 1.0f, 0.0f}) {
  CameraMatrices camera;
  camera.view = glm::lookAt(eye, target, up);
  camera.projection = glm::perspective(glm::radians(kFovYDegrees), kViewportWidth / kViewportHeight, 0.1f, 100.0f);
  camera.position = eye;
  camera.near_plane = 0.1f;
  camera.far_plane = 100.0f;
  return camera;
}

// The camera most tests use: on +Z, 10 units from the origin, looking at it,
// so world X is screen right and world Y is screen up.
inline CameraMatrices FrontCamera() { return LookAtCamera({0.0f, 0.0f, 10.0f}); }

inline GizmoView FrontView() { return {FrontCamera(), {kViewportWidth, kViewportHeight}}; }

// World units per pixel on the z = 0 plane as seen by FrontCamera().
inline float FrontUnitsPerPixel() {
  return 2.0f * 10.0f * std::tan(glm::radians(kFovYDegrees) * 0.5f) / kViewportHeight;
}

inline glm::vec2 ViewportCenter() { return {kViewportWidth * 0.5f, kViewportHeight * 0.5f}; }

template <typename Vector>
std::string Describe(const Vector& v) {
  std::ostringstream out;
  out << '(';
  for (int i = 0; i < Vector::length(); ++i) out << (i ? ", " : "") << v[i];
  out << ')';
  return out.str();
}

template <typename Vector>
bool Near(const Vector& a, const Vector& b, float tolerance = 1e-4f) {
  for (int i = 0; i < Vector::length(); ++i) {
    if (std::abs(a[i] - b[i]) > tolerance) return false;
  }
  return true;
}

// Quaternions q and -q are the same rotation.
inline bool SameRotation(const glm::quat& a, const glm::quat& b, float tolerance = 1e-4f) {
  return std::abs(std::abs(glm::dot(a, b)) - 1.0f) < tolerance;
}

}  // namespace cairn::render::test

#define CHECK_NEAR_VEC(actual, expected, tolerance)                                              \
  do {                                                                                           \
    const auto cairn_actual = (actual);                                                          \
    const auto cairn_expected = (expected);                                                      \
    INFO("actual   " << ::cairn::render::test::Describe(cairn_actual));                          \
    INFO("expected " << ::cairn::render::test::Describe(cairn_expected));                        \
    CHECK(::cairn::render::test::Near(cairn_actual, cairn_expected, (tolerance)));               \
  } while (false)
