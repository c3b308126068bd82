#include "cairn/assets/render_mesh.h"

namespace cairn::assets {

render::MeshAsset ToRenderMesh(const Model& model) {
  render::MeshAsset mesh;
  mesh.parts.reserve(model.primitives.size());
  for (const Primitive& primitive : model.primitives) {
    render::MeshPart part;
    part.data.vertices.reserve(primitive.vertices.size());
    for (const Vertex& vertex : primitive.vertices) {
      part.data.vertices.push_back({vertex.position, vertex.normal, vertex.uv});
    }
    part.data.indices = primitive.indices;
    if (primitive.material >= 0) {
      const Material& material = model.materials[static_cast<std::size_t>(primitive.material)];
      part.base_color = material.base_color;
      part.metallic = material.metallic;
      part.roughness = material.roughness;
      if (material.base_color_texture >= 0) {
        const Texture& texture = model.textures[static_cast<std::size_t>(material.base_color_texture)];
        part.base_color_texture = render::TextureImage{texture.width, texture.height, texture.rgba};
      }
    }
    mesh.parts.push_back(std::move(part));
  }
  return mesh;
}

}  // namespace cairn::assets
