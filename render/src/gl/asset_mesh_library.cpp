#include "gl/asset_mesh_library.h"

namespace cairn::render::gl {

MeshAssetId AssetMeshLibrary::Add(const MeshAsset& asset) {
  std::vector<std::unique_ptr<Part>> parts;
  parts.reserve(asset.parts.size());
  for (const MeshPart& source : asset.parts) {
    auto part = std::make_unique<Part>();
    part->mesh = GpuMesh(source.data);
    part->instanced = InstancedMesh(part->mesh);
    part->base_color = source.base_color;
    parts.push_back(std::move(part));
  }
  meshes_.push_back(std::move(parts));
  return MeshAssetId{static_cast<std::uint32_t>(meshes_.size())};
}

void AssetMeshLibrary::Remove(MeshAssetId id) {
  if (id.IsNone() || id.value > meshes_.size()) return;
  meshes_[id.value - 1].clear();
}

std::span<const std::unique_ptr<AssetMeshLibrary::Part>> AssetMeshLibrary::Parts(MeshAssetId id) const {
  if (id.IsNone() || id.value > meshes_.size()) return {};
  return meshes_[id.value - 1];
}

}  // namespace cairn::render::gl
