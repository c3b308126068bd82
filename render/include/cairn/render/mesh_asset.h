#pragma once
// A mesh that is not a built-in shape (an imported glTF model): parts that
// each have their own triangles and base colour, registered once with a
// Renderer (Renderer::AddMesh) and then drawn instanced like a shape.

#include <cstdint>
#include <vector>

#include <glm/vec4.hpp>

#include "cairn/render/bounds.h"
#include "cairn/render/mesh_data.h"

namespace cairn::render {

// 8-bit RGBA pixels in sRGB, rows top to bottom (the first row is sampled at
// v = 0).
struct TextureImage {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> rgba;  // width * height * 4 bytes

  [[nodiscard]] bool IsEmpty() const { return width <= 0 || height <= 0; }
};

struct MeshPart {
  MeshData data;
  glm::vec4 base_color{1.0f};      // linear; multiplies the instance's colour
  TextureImage base_color_texture;  // empty: none; sampled at the vertices' uv, multiplies too
  // glTF's metallic-roughness, approximated in the Blinn-Phong pass: a metal
  // tints its highlight with its colour and dims its diffuse light; roughness
  // widens the highlight (ShininessFromRoughness).
  float metallic = 0.0f;
  float roughness = 0.5f;
};

// The Blinn-Phong exponent that matches a GGX highlight of `roughness`
// (alpha = roughness^2, exponent = 2 / alpha^2 - 2), clamped to [2, 1024].
[[nodiscard]] float ShininessFromRoughness(float roughness);

struct MeshAsset {
  std::vector<MeshPart> parts;

  [[nodiscard]] Aabb Bounds() const;
  [[nodiscard]] std::size_t TriangleCount() const;
};

// A mesh registered with one Renderer; 0 is none. Ids are small and dense, so
// they index arrays.
struct MeshAssetId {
  std::uint32_t value = 0;

  [[nodiscard]] constexpr bool IsNone() const { return value == 0; }
  friend constexpr bool operator==(MeshAssetId, MeshAssetId) = default;
};

}  // namespace cairn::render
