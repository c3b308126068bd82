#include "cairn/assets/render_mesh.h"

namespace cairn::assets {

render::MeshAsset ToRenderMesh(const Model& model) {
  render::MeshAsset mesh;
  mesh.parts.reserve(model.primitives.size());
  for (const Primitive& primitive : model.primitives) {
    render::MeshPart part;
    part.data.vertices.reserve(primitive.vertices.size());
    for (const Vertex& vertex : primitive.vertices) part.data.vertices.push_back({vertex.position, vertex.normal});
    part.data.indices = primitive.indices;
    if (primitive.material >= 0) part.base_color = model.materials[static_cast<std::size_t>(primitive.material)].base_color;
    mesh.parts.push_back(std::move(part));
  }
  return mesh;
}

}  // namespace cairn::assets
