#pragma once

#include <memory>
#include <span>
#include <vector>

#include <glm/vec4.hpp>

#include "cairn/render/mesh_asset.h"
#include "gl/gl_object.h"
#include "gl/gpu_mesh.h"

namespace cairn::render::gl {

// GPU copies of the meshes registered with Renderer::AddMesh: per part, its
// buffers, one vertex array with an instance stream (shared by the mesh and
// outline passes, whose programs use the same attribute locations) and its
// base colour.
class AssetMeshLibrary {
 public:
  struct Part {
    GpuMesh mesh;
    InstancedMesh instanced;  // refers to `mesh`: parts never move
    glm::vec4 base_color{1.0f};
    float metallic = 0.0f;
    float shininess = 32.0f;
    Texture base_color_texture;  // sRGB with mipmaps; none when the part has no texture
  };

  MeshAssetId Add(const MeshAsset& asset);
  // Unknown or removed ids are ignored. Ids are not reused.
  void Remove(MeshAssetId id);
  void Release() { meshes_.clear(); }

  // The parts of a registered mesh; empty for an unknown or removed id.
  [[nodiscard]] std::span<const std::unique_ptr<Part>> Parts(MeshAssetId id) const;

 private:
  std::vector<std::vector<std::unique_ptr<Part>>> meshes_;  // by id value - 1
};

}  // namespace cairn::render::gl
