#pragma once
// A mesh asset as the editor uses it: triangles with normals and texture
// coordinates, grouped in primitives that each use one material, in the
// asset's own space (a glTF file's node transforms already applied).

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

namespace cairn::assets {

struct Vertex {
  glm::vec3 position{0.0f};
  glm::vec3 normal{0.0f, 1.0f, 0.0f};  // unit length
  glm::vec2 uv{0.0f};                  // (0, 0) is the image's top-left corner, as in glTF
};

// An 8-bit RGBA image, rows top to bottom.
struct Texture {
  std::string name;
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> rgba;  // width * height * 4 bytes

  // Precondition: 0 <= x < width, 0 <= y < height.
  glm::vec4 Pixel(int x, int y) const;
};

// glTF's metallic-roughness material, without the maps Cairn does not draw.
struct Material {
  std::string name;
  glm::vec4 base_color{1.0f};  // linear RGBA factor
  int base_color_texture = -1;  // index into Model::textures, or -1
  float metallic = 1.0f;
  float roughness = 1.0f;
};

struct Primitive {
  std::vector<Vertex> vertices;
  std::vector<std::uint32_t> indices;  // a triangle list, counter-clockwise seen from outside
  int material = -1;                   // index into Model::materials, or -1 for the default material
};

struct Bounds {
  glm::vec3 min{0.0f};
  glm::vec3 max{0.0f};
};

struct Model {
  std::vector<Primitive> primitives;
  std::vector<Material> materials;
  std::vector<Texture> textures;
  Bounds bounds;  // of every vertex; all zero when there are none

  std::size_t TriangleCount() const;
  std::size_t VertexCount() const;
};

}  // namespace cairn::assets
