#pragma once

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>

#include "cairn/render/camera_matrices.h"
#include "cairn/render/render_settings.h"
#include "cairn/render/render_stats.h"
#include "gl/offscreen_target.h"

namespace cairn::render::passes {

// What every pass of one frame shares.
struct FrameContext {
  const CameraMatrices& camera;
  glm::mat4 view_projection{1.0f};
  const RenderSettings& settings;
  const gl::OffscreenTarget& target;
  RenderStats& stats;

  [[nodiscard]] glm::vec2 ViewportSize() const {
    return {static_cast<float>(target.Width()), static_cast<float>(target.Height())};
  }
};

}  // namespace cairn::render::passes
