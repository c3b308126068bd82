#include "cairn/render/mesh_asset.h"

#include <algorithm>

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

float ShininessFromRoughness(float roughness) {
  const float r = std::clamp(roughness, 0.0f, 1.0f);
  const float alpha = r * r;
  if (alpha * alpha <= 2.0f / 1026.0f) return 1024.0f;
  return std::clamp(2.0f / (alpha * alpha) - 2.0f, 2.0f, 1024.0f);
}

}  // namespace cairn::render
