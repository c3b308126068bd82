#include "cairn/render/mesh_shape.h"

namespace cairn::render {

namespace {
constexpr std::array<std::string_view, kMeshShapeCount> kNames{"cube", "sphere", "plane", "cylinder", "cone"};
}  // namespace

std::string_view MeshShapeName(MeshShape shape) { return kNames.at(MeshShapeIndex(shape)); }

std::optional<MeshShape> MeshShapeFromName(std::string_view name) {
  for (MeshShape shape : kAllMeshShapes) {
    if (MeshShapeName(shape) == name) return shape;
  }
  return std::nullopt;
}

}  // namespace cairn::render
