#pragma once

#include <optional>

#include <glm/gtc/quaternion.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "cairn/render/gizmo_frame.h"
#include "cairn/render/gizmo_handle.h"

namespace cairn::render {

// The mouse as the gizmo sees it this frame.
struct GizmoPointer {
  glm::vec2 position{0.0f};  // pixels in the viewport, top-left origin
  bool button_down = false;  // the manipulation button is held
};

// Steps applied to the drag result while enabled (e.g. while Ctrl is held).
struct GizmoSnapping {
  bool enabled = false;
  float translate_step = 0.5f;         // world units along each gizmo axis
  float rotate_step_degrees = 15.0f;
  float scale_step = 0.1f;             // of the scale factor
};

// The change a drag asks for, relative to the transform at drag start.
//   translation  world-space offset:      new_position = start_position + translation
//   rotation     world-space rotation:    new_rotation = rotation * start_rotation
//   scale        factors along local axes: new_scale = start_scale * scale
// Untouched parts stay identity (zero offset, unit quaternion, unit factors).
struct GizmoDelta {
  glm::vec3 translation{0.0f};
  glm::quat rotation{1.0f, 0.0f, 0.0f, 0.0f};
  glm::vec3 scale{1.0f};
};

struct GizmoResult {
  GizmoHandle hovered = GizmoHandle::None;  // while dragging: the dragged handle
  bool drag_started = false;   // the button went down on a handle this frame
  bool dragging = false;       // a drag is in progress (includes the first frame)
  bool drag_finished = false;  // the button was released this frame; `delta` is final
  GizmoDelta delta;            // since drag start; identity when not dragging

  // True when the pointer belongs to the gizmo, so a click must not select.
  [[nodiscard]] bool WantsPointer() const { return hovered != GizmoHandle::None || dragging || drag_finished; }
};

// Interaction model of the transform gizmo, free of GL and input libraries.
//
// Call Update once per frame with the pivot's current transform. A drag starts
// when the button goes down over a handle (a button already held when the
// pointer reaches a handle does not start one) and lasts until it is released.
// During a drag the geometry captured at its start is used, so applying the
// delta to the object every frame does not feed back into the drag.
class Gizmo {
 public:
  void SetMode(GizmoMode mode);  // cancels a drag in progress
  [[nodiscard]] GizmoMode Mode() const { return mode_; }
  void SetSpace(GizmoSpace space);  // cancels a drag in progress
  [[nodiscard]] GizmoSpace Space() const { return space_; }
  void SetSnapping(const GizmoSnapping& snapping) { snapping_ = snapping; }
  [[nodiscard]] const GizmoSnapping& Snapping() const { return snapping_; }
  void SetMetrics(const GizmoMetrics& metrics) { metrics_ = metrics; }
  [[nodiscard]] const GizmoMetrics& Metrics() const { return metrics_; }

  GizmoResult Update(const GizmoView& view, const GizmoPivot& pivot, const GizmoPointer& pointer);

  // Ends a drag without finishing it (e.g. on Escape); the caller restores the
  // transform it captured at drag start.
  void Cancel();

  [[nodiscard]] bool IsDragging() const { return drag_.has_value(); }
  // The dragged handle, else the hovered one: what to draw highlighted.
  [[nodiscard]] GizmoHandle HighlightedHandle() const;
  // Placement for drawing at `pivot` with the current mode, space and metrics.
  [[nodiscard]] GizmoFrame Frame(const GizmoView& view, const GizmoPivot& pivot) const;

 private:
  struct Drag {
    GizmoHandle handle = GizmoHandle::None;
    GizmoView view;
    GizmoFrame frame;
    glm::vec2 start_pointer{0.0f};
    glm::vec2 last_pointer{0.0f};
    glm::vec3 start_hit{0.0f};      // plane and centre drags
    float start_line_t = 0.0f;      // axis drags
    glm::vec3 last_ring_point{0.0f};
    float swept_angle = 0.0f;       // ring drags, unsnapped, may exceed a turn
    glm::quat trackball{1.0f, 0.0f, 0.0f, 0.0f};
    GizmoDelta delta;
  };

  [[nodiscard]] std::optional<Drag> BeginDrag(const GizmoView& view, const GizmoFrame& frame, GizmoHandle handle,
                                              glm::vec2 pointer) const;
  void ContinueDrag(Drag& drag, glm::vec2 pointer) const;
  void DragTranslate(Drag& drag, glm::vec2 pointer) const;
  void DragRotate(Drag& drag, glm::vec2 pointer) const;
  void DragScale(Drag& drag, glm::vec2 pointer) const;

  GizmoMode mode_ = GizmoMode::Translate;
  GizmoSpace space_ = GizmoSpace::World;
  GizmoSnapping snapping_;
  GizmoMetrics metrics_;
  GizmoHandle hovered_ = GizmoHandle::None;
  bool button_was_down_ = false;
  std::optional<Drag> drag_;
};

}  // namespace cairn::render
