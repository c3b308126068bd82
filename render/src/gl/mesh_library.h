#pragma once

#include <array>

#include "cairn/render/mesh_shape.h"
#include "gl/gpu_mesh.h"

namespace cairn::render::gl {

// GPU copies of every built-in shape, generated once.
class MeshLibrary {
 public:
  MeshLibrary() = default;

  // Generates and uploads all shapes (replacing any previous ones).
  void Create();
  void Release() { meshes_ = {}; }

  [[nodiscard]] const GpuMesh& Get(MeshShape shape) const { return meshes_.at(MeshShapeIndex(shape)); }

 private:
  std::array<GpuMesh, kMeshShapeCount> meshes_;
};

}  // namespace cairn::render::gl
