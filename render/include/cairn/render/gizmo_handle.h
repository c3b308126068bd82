#pragma once

#include <optional>
#include <string_view>

namespace cairn::render {

enum class GizmoMode { Translate, Rotate, Scale };

// Scale always works along the pivot's local axes, whatever the space.
enum class GizmoSpace { World, Local };

// The parts of a gizmo a pointer can grab. Which ones exist depends on the mode:
//   Translate  AxisX/Y/Z, PlaneYZ/XZ/XY (the plane normal to X/Y/Z), Center (free move in the view plane)
//   Rotate     RingX/Y/Z, ViewRing (around the view direction), Trackball (free rotation inside the rings)
//   Scale      AxisX/Y/Z, Center (uniform scale)
enum class GizmoHandle {
  None,
  AxisX, AxisY, AxisZ,
  PlaneYZ, PlaneXZ, PlaneXY,
  Center,
  RingX, RingY, RingZ,
  ViewRing,
  Trackball,
};

// Name for logs and tests ("AxisX", ...).
[[nodiscard]] std::string_view GizmoHandleName(GizmoHandle handle);

// The gizmo axis (0 = X, 1 = Y, 2 = Z) an axis, plane or ring handle is tied to:
// the axis itself, the plane's normal, or the ring's rotation axis. nullopt for
// None, Center, ViewRing and Trackball.
[[nodiscard]] std::optional<int> GizmoHandleAxis(GizmoHandle handle);

[[nodiscard]] GizmoHandle AxisHandle(int axis);   // 0..2 -> AxisX..AxisZ
[[nodiscard]] GizmoHandle PlaneHandle(int axis);  // normal axis 0..2 -> PlaneYZ..PlaneXY
[[nodiscard]] GizmoHandle RingHandle(int axis);   // 0..2 -> RingX..RingZ

}  // namespace cairn::render
