#include "cairn/render/mesh_asset.h"

namespace cairn::render {

Aabb MeshAsset::Bounds() const {
  Aabb bounds;
  for (const MeshPart& part : parts) bounds.Expand(part.data.Bounds());
  return bounds;
}

std::size_t MeshAsset::TriangleCount() const {
  std::size_t count = 0;
  for (const MeshPart& part : parts) count += part.data.TriangleCount();
  return count;
}

}  // namespace cairn::render
