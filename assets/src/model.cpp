#include "cairn/assets/model.h"

namespace cairn::assets {

glm::vec4 Texture::Pixel(int x, int y) const {
  const std::size_t at = (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)) * 4;
  return glm::vec4(rgba[at], rgba[at + 1], rgba[at + 2], rgba[at + 3]) / 255.0f;
}

std::size_t Model::TriangleCount() const {
  std::size_t count = 0;
  for (const Primitive& primitive : primitives) count += primitive.indices.size() / 3;
  return count;
}

std::size_t Model::VertexCount() const {
  std::size_t count = 0;
  for (const Primitive& primitive : primitives) count += primitive.vertices.size();
  return count;
}

}  // namespace cairn::assets
