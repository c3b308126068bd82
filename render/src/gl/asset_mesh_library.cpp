#include "gl/asset_mesh_library.h"

#include <algorithm>

namespace cairn::render::gl {

namespace {

// An sRGB texture (sampling returns linear colour) with mipmaps, repeating,
// as glTF's default sampler asks. The caller's state guard restores the
// binding.
Texture UploadTexture(const TextureImage& image) {
  Texture texture = Texture::Generate();
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, texture.Get());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_SRGB8_ALPHA8, image.width, image.height, 0, GL_RGBA, GL_UNSIGNED_BYTE,
               image.rgba.data());
  glGenerateMipmap(GL_TEXTURE_2D);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
  return texture;
}

bool IsComplete(const TextureImage& image) {
  return !image.IsEmpty() &&
         image.rgba.size() == static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height) * 4;
}

}  // namespace

MeshAssetId AssetMeshLibrary::Add(const MeshAsset& asset) {
  std::vector<std::unique_ptr<Part>> parts;
  parts.reserve(asset.parts.size());
  for (const MeshPart& source : asset.parts) {
    auto part = std::make_unique<Part>();
    part->mesh = GpuMesh(source.data);
    part->instanced = InstancedMesh(part->mesh);
    part->base_color = source.base_color;
    part->metallic = std::clamp(source.metallic, 0.0f, 1.0f);
    part->shininess = ShininessFromRoughness(source.roughness);
    if (IsComplete(source.base_color_texture)) part->base_color_texture = UploadTexture(source.base_color_texture);
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
