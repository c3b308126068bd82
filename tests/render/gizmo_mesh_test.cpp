#include <catch2/catch.hpp>

#include <glm/geometric.hpp>

#include "cairn/render/gizmo.h"
#include "cairn/render/gizmo_mesh.h"
#include "render_test_support.h"

using namespace cairn::render;
using namespace cairn::render::test;

namespace {

bool UsesColor(const std::vector<GizmoVertex>& mesh, glm::vec3 color) {
  for (const GizmoVertex& vertex : mesh) {
    if (Near(glm::vec3(vertex.color), color, 1e-6f)) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("[BuildGizmoMesh] Every mode gives a triangle list around the pivot", "[render][gizmo]") {
  const GizmoMetrics metrics;
  const GizmoStyle style;
  for (GizmoMode mode : {GizmoMode::Translate, GizmoMode::Rotate, GizmoMode::Scale}) {
    const GizmoFrame frame = ComputeGizmoFrame(FrontView(), GizmoPivot{}, mode, GizmoSpace::World, metrics);
    const std::vector<GizmoVertex> mesh = BuildGizmoMesh(frame, mode, GizmoHandle::None, metrics, style);
    CAPTURE(static_cast<int>(mode));
    REQUIRE_FALSE(mesh.empty());
    CHECK(mesh.size() % 3 == 0);
    for (const GizmoVertex& vertex : mesh) {
      REQUIRE(glm::length(vertex.position - frame.origin) < 1.3f * frame.scale);
    }
    CHECK_FALSE(UsesColor(mesh, glm::vec3(style.highlight_color)));
  }
}

TEST_CASE("[BuildGizmoMesh] The highlighted handle takes the highlight colour", "[render][gizmo]") {
  const GizmoMetrics metrics;
  const GizmoStyle style;
  const GizmoFrame frame =
      ComputeGizmoFrame(FrontView(), GizmoPivot{}, GizmoMode::Translate, GizmoSpace::World, metrics);
  const auto mesh = BuildGizmoMesh(frame, GizmoMode::Translate, GizmoHandle::AxisX, metrics, style);
  CHECK(UsesColor(mesh, glm::vec3(style.highlight_color)));
  CHECK_FALSE(UsesColor(mesh, glm::vec3(style.axis_colors[0])));
  CHECK(UsesColor(mesh, glm::vec3(style.axis_colors[1])));
}

TEST_CASE("[BuildGizmoMesh] Hidden axes are not drawn and a pivot behind the eye draws nothing",
          "[render][gizmo]") {
  const GizmoMetrics metrics;
  const GizmoStyle style;
  const GizmoFrame frame =
      ComputeGizmoFrame(FrontView(), GizmoPivot{}, GizmoMode::Translate, GizmoSpace::World, metrics);
  for (const GizmoVertex& vertex : BuildGizmoMesh(frame, GizmoMode::Translate, GizmoHandle::None, metrics, style)) {
    REQUIRE(std::abs(vertex.position.z) < 0.1f * frame.scale);  // the Z arrow points at the camera
  }
  GizmoPivot behind;
  behind.position = {0, 0, 20};
  const GizmoFrame hidden = ComputeGizmoFrame(FrontView(), behind, GizmoMode::Rotate, GizmoSpace::World, metrics);
  CHECK(BuildGizmoMesh(hidden, GizmoMode::Rotate, GizmoHandle::None, metrics, style).empty());
}
