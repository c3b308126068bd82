#pragma once

namespace cairn::ecs {

// A game camera looking along the entity's local -Z.
struct Camera {
  float vertical_fov_degrees = 60.0f;
  float near_plane = 0.1f;
  float far_plane = 1000.0f;
  bool primary = false;  // the camera the runtime renders from

  friend bool operator==(const Camera&, const Camera&) = default;
};

}  // namespace cairn::ecs
