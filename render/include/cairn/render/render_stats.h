#pragma once

#include <cstdint>

namespace cairn::render {

// What the last Render() call submitted. Counts are exact, not estimates, so
// tests and benchmarks can assert them.
struct RenderStats {
  std::uint32_t draw_calls = 0;          // glDraw* calls of every pass
  std::uint32_t mesh_instances = 0;      // instances drawn in the main pass
  std::uint32_t selected_instances = 0;  // instances drawn into the selection mask
  std::uint32_t icons = 0;
  std::uint64_t triangles = 0;           // main pass only
  std::uint32_t directional_lights = 0;  // lights sent to the shaders
  std::uint32_t point_lights = 0;
  std::uint32_t spot_lights = 0;
  std::uint32_t dropped_lights = 0;      // beyond the per-type limit
  bool used_default_light = false;
};

}  // namespace cairn::render
