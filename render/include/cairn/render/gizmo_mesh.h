#pragma once

#include <array>
#include <vector>

#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include "cairn/render/gizmo_frame.h"
#include "cairn/render/gizmo_handle.h"

namespace cairn::render {

struct GizmoVertex {
  glm::vec3 position{0.0f};  // world space
  glm::vec4 color{1.0f};     // sRGB with alpha, drawn blended
};

struct GizmoStyle {
  std::array<glm::vec4, 3> axis_colors{glm::vec4{0.92f, 0.22f, 0.22f, 1.0f},
                                       glm::vec4{0.35f, 0.82f, 0.22f, 1.0f},
                                       glm::vec4{0.22f, 0.45f, 0.98f, 1.0f}};
  glm::vec4 highlight_color{1.0f, 0.85f, 0.10f, 1.0f};
  glm::vec4 center_color{0.92f, 0.92f, 0.92f, 1.0f};
  glm::vec4 view_ring_color{0.85f, 0.85f, 0.85f, 1.0f};
  glm::vec4 silhouette_color{0.6f, 0.6f, 0.6f, 0.5f};
  float line_width_px = 3.0f;
  float plane_alpha = 0.35f;
  float back_ring_alpha = 0.2f;  // rings' far halves (which cannot be grabbed)
  float cone_radius = 0.06f;     // translate arrow head, handle units
  float cone_length = 0.2f;
  float box_size = 0.1f;         // scale handle tips, handle units
  int round_segments = 16;       // around cones
};

// Triangle list (three vertices per triangle) drawing a gizmo placed by
// `frame` in `mode`, with `highlighted` in the highlight colour. Empty when the
// frame is behind the camera. Handles match HitTestGizmo's geometry.
[[nodiscard]] std::vector<GizmoVertex> BuildGizmoMesh(const GizmoFrame& frame, GizmoMode mode,
                                                      GizmoHandle highlighted, const GizmoMetrics& metrics,
                                                      const GizmoStyle& style);

}  // namespace cairn::render
