// libFuzzer target for glTF import (assets/gltf_import.h: TinyGLTF and
// stb_image, then Cairn's Importer) and the render mesh made from a model
// (assets/render_mesh.h) (scripts/fuzz.sh).
//
// The input is the .gltf or .glb file, then any files it names (buffers,
// images), each after a line "==> NAME" (fuzz_support.h), NAME its path
// relative to the glTF file:
//
//   {"asset": {"version": "2.0"}, ..., "buffers": [{"uri": "quad.bin", ...}]}
//   ==> quad.bin
//   <bytes>
//
// The files are written to a scratch folder and imported from there.
// ImportGltf may not crash, leak, hang, trip a sanitizer or throw, and:
//   - it gives a model or an error, never both, and never an empty error;
//   - a model keeps model.h's promises: at least one primitive; each a
//     triangle list whose indices name its own vertices; unit normals;
//     material and texture indices in range or -1; RGBA textures of
//     width * height * 4 bytes; no more vertices than the limit; bounds
//     that hold every (finite) vertex;
//   - ToRenderMesh makes one part per primitive with the same triangles.
// A broken promise aborts with a message, which libFuzzer reports as a crash.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <glm/geometric.hpp>

#include "cairn/assets/gltf_import.h"
#include "cairn/assets/model.h"
#include "cairn/assets/render_mesh.h"
#include "cairn/render/mesh_asset.h"
#include "fuzz_support.h"
#include "json_mutator.h"

namespace {

using namespace cairn;
using cairn::fuzz::Broken;

constexpr assets::ImportLimits kLimits{.max_file_bytes = std::size_t{1} << 20, .max_vertices = std::size_t{1} << 20};

bool Finite(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

void CheckModel(const assets::Model& model) {
  if (model.primitives.empty()) Broken("an imported model has a primitive", "");
  if (model.VertexCount() > kLimits.max_vertices) Broken("an imported model keeps to max_vertices", std::to_string(model.VertexCount()));
  for (std::size_t p = 0; p < model.primitives.size(); ++p) {
    const assets::Primitive& primitive = model.primitives[p];
    const std::string where = "primitive " + std::to_string(p);
    if (primitive.indices.empty() || primitive.indices.size() % 3 != 0) {
      Broken("a primitive is a non-empty triangle list", where + ": " + std::to_string(primitive.indices.size()) + " indices");
    }
    for (const std::uint32_t index : primitive.indices) {
      if (index >= primitive.vertices.size()) {
        Broken("a primitive's indices name its vertices", where + ": index " + std::to_string(index) + " of " +
                                                              std::to_string(primitive.vertices.size()) + " vertices");
      }
    }
    if (primitive.material < -1 || primitive.material >= static_cast<int>(model.materials.size())) {
      Broken("a primitive's material is -1 or one of the model's", where + ": " + std::to_string(primitive.material));
    }
    for (const assets::Vertex& vertex : primitive.vertices) {
      const float length = glm::length(vertex.normal);
      if (!(std::fabs(length - 1.0f) < 1e-3f)) Broken("normals are unit length", where + ": " + std::to_string(length));
      if (Finite(vertex.position) &&
          (glm::any(glm::lessThan(vertex.position, model.bounds.min)) ||
           glm::any(glm::greaterThan(vertex.position, model.bounds.max)))) {
        Broken("the model's bounds hold every vertex", where);
      }
    }
  }
  for (std::size_t m = 0; m < model.materials.size(); ++m) {
    const int texture = model.materials[m].base_color_texture;
    if (texture < -1 || texture >= static_cast<int>(model.textures.size())) {
      Broken("a material's texture is -1 or one of the model's", "material " + std::to_string(m) + ": " + std::to_string(texture));
    }
  }
  for (const assets::Texture& texture : model.textures) {
    if (texture.width <= 0 || texture.height <= 0 ||
        texture.rgba.size() != static_cast<std::size_t>(texture.width) * static_cast<std::size_t>(texture.height) * 4) {
      Broken("a texture holds width * height RGBA pixels", std::to_string(texture.width) + " x " +
                                                              std::to_string(texture.height) + ", " +
                                                              std::to_string(texture.rgba.size()) + " bytes");
    }
  }

  const render::MeshAsset mesh = assets::ToRenderMesh(model);
  if (mesh.parts.size() != model.primitives.size()) Broken("a render mesh has a part per primitive", "");
  if (mesh.TriangleCount() != model.TriangleCount()) Broken("a render mesh has the model's triangles", "");
  static_cast<void>(mesh.Bounds());
  for (const render::MeshPart& part : mesh.parts) static_cast<void>(render::ShininessFromRoughness(part.roughness));
}

}  // namespace

// Mutates a .gltf as a JSON document too (a .glb, not JSON, gets libFuzzer's
// mutations): json_mutator.h.
CAIRN_FUZZ_JSON_MUTATOR(0, 0)

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::vector<fuzz::Segment> segments = fuzz::SplitSegments(input, 8);
  fuzz::ScratchFolder& folder = fuzz::ScratchFolder::Get();
  folder.Clear();
  const std::string_view model_name = "model.gltf";
  if (!folder.Write(model_name, segments[0].text)) Broken("the fuzzer writes its input", model_name.data());
  for (std::size_t i = 1; i < segments.size(); ++i) {
    if (segments[i].name != model_name) folder.Write(segments[i].name, segments[i].text);
  }

  const assets::ImportResult result = assets::ImportGltf(folder.Path() / model_name, kLimits);
  if (result.model.has_value() == !result.error.empty()) {
    Broken("an import gives a model or an error, never both", result.error.empty() ? "neither" : result.error);
  }
  if (result.model) CheckModel(*result.model);
  return 0;
}
