#include "gl/mesh_library.h"

#include "cairn/render/mesh_data.h"

namespace cairn::render::gl {

void MeshLibrary::Create() {
  for (MeshShape shape : kAllMeshShapes) meshes_[MeshShapeIndex(shape)] = GpuMesh(GenerateMesh(shape));
}

}  // namespace cairn::render::gl
