#pragma once

#include <glm/vec2.hpp>

#include "cairn/render/gizmo_frame.h"
#include "cairn/render/gizmo_handle.h"

namespace cairn::render {

// The handle under `pointer` (pixels, top-left origin), or None.
//
// Priorities when several are within reach: in Translate and Scale mode the
// centre beats the axes, which beat the planes; in Rotate mode the nearest ring
// wins and Trackball is what remains inside the rings. Hidden axes and planes
// (see GizmoFrame) are never hit.
[[nodiscard]] GizmoHandle HitTestGizmo(const GizmoView& view, const GizmoFrame& frame, GizmoMode mode,
                                       glm::vec2 pointer, const GizmoMetrics& metrics);

}  // namespace cairn::render
