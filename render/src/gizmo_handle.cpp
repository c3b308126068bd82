#include "cairn/render/gizmo_handle.h"

#include <array>

namespace cairn::render {

std::string_view GizmoHandleName(GizmoHandle handle) {
  switch (handle) {
    case GizmoHandle::None: return "None";
    case GizmoHandle::AxisX: return "AxisX";
    case GizmoHandle::AxisY: return "AxisY";
    case GizmoHandle::AxisZ: return "AxisZ";
    case GizmoHandle::PlaneYZ: return "PlaneYZ";
    case GizmoHandle::PlaneXZ: return "PlaneXZ";
    case GizmoHandle::PlaneXY: return "PlaneXY";
    case GizmoHandle::Center: return "Center";
    case GizmoHandle::RingX: return "RingX";
    case GizmoHandle::RingY: return "RingY";
    case GizmoHandle::RingZ: return "RingZ";
    case GizmoHandle::ViewRing: return "ViewRing";
    case GizmoHandle::Trackball: return "Trackball";
  }
  return "Unknown";
}

std::optional<int> GizmoHandleAxis(GizmoHandle handle) {
  switch (handle) {
    case GizmoHandle::AxisX: case GizmoHandle::PlaneYZ: case GizmoHandle::RingX: return 0;
    case GizmoHandle::AxisY: case GizmoHandle::PlaneXZ: case GizmoHandle::RingY: return 1;
    case GizmoHandle::AxisZ: case GizmoHandle::PlaneXY: case GizmoHandle::RingZ: return 2;
    default: return std::nullopt;
  }
}

GizmoHandle AxisHandle(int axis) {
  constexpr std::array kHandles{GizmoHandle::AxisX, GizmoHandle::AxisY, GizmoHandle::AxisZ};
  return kHandles.at(static_cast<std::size_t>(axis));
}

GizmoHandle PlaneHandle(int axis) {
  constexpr std::array kHandles{GizmoHandle::PlaneYZ, GizmoHandle::PlaneXZ, GizmoHandle::PlaneXY};
  return kHandles.at(static_cast<std::size_t>(axis));
}

GizmoHandle RingHandle(int axis) {
  constexpr std::array kHandles{GizmoHandle::RingX, GizmoHandle::RingY, GizmoHandle::RingZ};
  return kHandles.at(static_cast<std::size_t>(axis));
}

}  // namespace cairn::render
