#include "cairn/assets/gltf_import.h"
#include "cairn/assets/import_settings.h"

#include <filesystem>
#include <string>

#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <glm/geometric.hpp>

#include "cairn/test/files.h"

using cairn::assets::ImportGltf;
using cairn::assets::ImportResult;
using cairn::assets::Model;
using cairn::assets::Primitive;
namespace fs = std::filesystem;

namespace {

fs::path DataPath(const std::string& name) { return cairn::test::SourcePath("tests/assets/data/" + name); }

const Model& Imported(const ImportResult& result) {
  INFO(result.error);
  REQUIRE(result.model.has_value());
  REQUIRE(result.error.empty());
  return *result.model;
}

bool Near(const glm::vec3& a, const glm::vec3& b) { return glm::length(a - b) < 1e-5f; }

// The unit normal of a primitive's triangle from its corners, in winding order.
glm::vec3 WindingNormal(const Primitive& primitive, std::size_t triangle) {
  const glm::vec3 a = primitive.vertices[primitive.indices[triangle * 3]].position;
  const glm::vec3 b = primitive.vertices[primitive.indices[triangle * 3 + 1]].position;
  const glm::vec3 c = primitive.vertices[primitive.indices[triangle * 3 + 2]].position;
  return glm::normalize(glm::cross(b - a, c - a));
}

}  // namespace

TEST_CASE("A glTF triangle is read with its normals, texture coordinates and material", "[assets][gltf]") {
  const ImportResult result = ImportGltf(DataPath("triangle.gltf"));
  const Model& model = Imported(result);
  REQUIRE(result.warnings.empty());
  REQUIRE(model.primitives.size() == 1);
  const Primitive& triangle = model.primitives[0];
  REQUIRE(triangle.vertices.size() == 3);
  REQUIRE(triangle.indices == std::vector<std::uint32_t>{0, 1, 2});
  REQUIRE(Near(triangle.vertices[1].position, {1, 0, 0}));
  REQUIRE(Near(triangle.vertices[2].position, {0, 1, 0}));
  REQUIRE(Near(triangle.vertices[0].normal, {0, 0, 1}));
  REQUIRE(triangle.vertices[1].uv == glm::vec2(1, 1));
  REQUIRE(triangle.material == 0);
  REQUIRE(model.materials.size() == 1);
  REQUIRE(model.materials[0].name == "Red");
  REQUIRE(model.materials[0].base_color == glm::vec4(1, 0, 0, 1));
  REQUIRE(model.materials[0].metallic == 0.25f);
  REQUIRE(model.materials[0].roughness == 0.75f);
  REQUIRE(model.materials[0].base_color_texture == -1);
  REQUIRE(Near(model.bounds.min, {0, 0, 0}));
  REQUIRE(Near(model.bounds.max, {1, 1, 0}));
  REQUIRE(model.TriangleCount() == 1);
}

TEST_CASE("Node transforms are applied and every primitive keeps its material", "[assets][gltf]") {
  const std::string name = GENERATE("cube_and_quad.gltf", "cube_and_quad.glb");
  CAPTURE(name);
  const ImportResult result = ImportGltf(DataPath(name));
  const Model& model = Imported(result);
  REQUIRE(model.primitives.size() == 2);
  REQUIRE(model.VertexCount() == 28);
  REQUIRE(model.TriangleCount() == 14);
  const Primitive& cube = model.primitives[0];
  const Primitive& quad = model.primitives[1];
  REQUIRE(model.materials[static_cast<std::size_t>(cube.material)].base_color == glm::vec4(0, 1, 0, 1));
  REQUIRE(model.materials[static_cast<std::size_t>(quad.material)].base_color == glm::vec4(0, 0, 1, 1));
  // Every triangle winds counter-clockwise seen from where its normals point.
  for (const Primitive* primitive : {&cube, &quad}) {
    for (std::size_t t = 0; t < primitive->indices.size() / 3; ++t) {
      REQUIRE(Near(WindingNormal(*primitive, t), primitive->vertices[primitive->indices[t * 3]].normal));
    }
  }
  // The quad's node moves it 3 along X and scales it by 2: it spans x 2..4.
  for (const auto& vertex : quad.vertices) {
    REQUIRE((std::abs(vertex.position.x - 2.0f) < 1e-5f || std::abs(vertex.position.x - 4.0f) < 1e-5f));
    REQUIRE(Near(vertex.normal, {0, 1, 0}));
  }
  REQUIRE(Near(model.bounds.min, {-0.5f, -0.5f, -1.0f}));
  REQUIRE(Near(model.bounds.max, {4.0f, 0.5f, 1.0f}));
}

TEST_CASE("The crate is the built-in cube's 12 triangles in one wood-coloured part", "[assets][gltf]") {
  const ImportResult result = ImportGltf(DataPath("crate.glb"));
  const Model& model = Imported(result);
  REQUIRE(model.primitives.size() == 1);
  REQUIRE(model.TriangleCount() == 12);
  REQUIRE(model.VertexCount() == 24);
  REQUIRE(model.materials[0].name == "Wood");
  REQUIRE(Near(model.bounds.min, {-0.5f, -0.5f, -0.5f}));
  REQUIRE(Near(model.bounds.max, {0.5f, 0.5f, 0.5f}));
}

TEST_CASE("The demo's tree stands on the ground in three coloured parts", "[assets][gltf]") {
  const ImportResult result = ImportGltf(cairn::test::SourcePath("examples/demo/meshes/tree.glb"));
  const Model& model = Imported(result);
  REQUIRE(model.primitives.size() == 3);
  REQUIRE(model.TriangleCount() == 36);
  REQUIRE(model.materials.size() == 3);
  REQUIRE(model.materials[1].name == "Leaves");
  REQUIRE(model.bounds.min.y == Approx(0.0f).margin(1e-6));
  REQUIRE(model.bounds.max.y == Approx(2.7f));
}

TEST_CASE("A binary glTF and its text twin give the same model", "[assets][gltf]") {
  const ImportResult text_result = ImportGltf(DataPath("cube_and_quad.gltf"));
  const Model& text = Imported(text_result);
  const ImportResult binary_result = ImportGltf(DataPath("cube_and_quad.glb"));
  const Model& binary = Imported(binary_result);
  REQUIRE(text.primitives.size() == binary.primitives.size());
  for (std::size_t p = 0; p < text.primitives.size(); ++p) {
    REQUIRE(text.primitives[p].indices == binary.primitives[p].indices);
    for (std::size_t v = 0; v < text.primitives[p].vertices.size(); ++v) {
      REQUIRE(text.primitives[p].vertices[v].position == binary.primitives[p].vertices[v].position);
    }
  }
}

TEST_CASE("A base colour texture in a separate image file is decoded to RGBA pixels", "[assets][gltf]") {
  const ImportResult result = ImportGltf(DataPath("textured_quad.gltf"));
  const Model& model = Imported(result);
  REQUIRE(model.materials.size() == 1);
  REQUIRE(model.materials[0].base_color_texture == 0);
  REQUIRE(model.materials[0].base_color == glm::vec4(1.0f));  // no factor: white
  REQUIRE(model.textures.size() == 1);
  const auto& texture = model.textures[0];
  REQUIRE(texture.width == 2);
  REQUIRE(texture.height == 2);
  REQUIRE(texture.Pixel(0, 0) == glm::vec4(1, 0, 0, 1));
  REQUIRE(texture.Pixel(1, 0) == glm::vec4(0, 1, 0, 1));
  REQUIRE(texture.Pixel(0, 1) == glm::vec4(0, 0, 1, 1));
  REQUIRE(texture.Pixel(1, 1) == glm::vec4(1, 1, 1, 1));
  REQUIRE(model.primitives[0].vertices[2].uv == glm::vec2(1, 1));
}

TEST_CASE("A missing texture image is a warning: the mesh is drawn without it", "[assets][gltf]") {
  const cairn::test::TempDir folder("assets");
  fs::copy_file(DataPath("textured_quad.gltf"), folder / "textured_quad.gltf");
  fs::copy_file(DataPath("textured_quad.bin"), folder / "textured_quad.bin");
  const ImportResult result = ImportGltf(folder / "textured_quad.gltf");
  const Model& model = Imported(result);
  REQUIRE(model.TriangleCount() == 2);
  REQUIRE(model.textures.empty());
  REQUIRE(model.materials[0].base_color_texture == -1);
  REQUIRE_FALSE(result.warnings.empty());
  REQUIRE(result.warnings.back() == "textured_quad.gltf: image 0 (checker.png) could not be read: drawn without it");
}

TEST_CASE("Without normals every triangle gets flat ones of its own", "[assets][gltf]") {
  const ImportResult result = ImportGltf(DataPath("no_normals.gltf"));
  const Model& model = Imported(result);
  const Primitive& primitive = model.primitives[0];
  REQUIRE(primitive.vertices.size() == 6);  // two triangles, unshared corners
  for (int corner = 0; corner < 3; ++corner) {
    REQUIRE(Near(primitive.vertices[static_cast<std::size_t>(corner)].normal, {0, 0, 1}));
    REQUIRE(Near(primitive.vertices[static_cast<std::size_t>(3 + corner)].normal, {0, 1, 0}));
  }
  REQUIRE(Near(WindingNormal(primitive, 0), {0, 0, 1}));
  REQUIRE(Near(WindingNormal(primitive, 1), {0, 1, 0}));
}

TEST_CASE("A file that cannot be imported is refused with its name and the reason", "[assets][gltf]") {
  const auto [name, reason] = GENERATE(table<std::string, std::string>({
      {"malformed/not_json.gltf", ""},
      {"malformed/truncated.glb", ""},
      {"malformed/index_out_of_range.gltf", "index 7 at position 2 of mesh 0 primitive 0 is past its 3 vertices"},
      {"malformed/no_position.gltf", "mesh 0 primitive 0 has no POSITION attribute"},
      {"malformed/lines_only.gltf", "it has no triangles to draw"},
      {"malformed/missing_buffer.gltf", "absent.bin"},
      {"malformed/draco_required.gltf",
       "it requires the glTF extension KHR_draco_mesh_compression, which Cairn does not read"},
      {"does_not_exist.glb", "does_not_exist.glb"},
  }));
  CAPTURE(name);
  const ImportResult result = ImportGltf(DataPath(name));
  REQUIRE_FALSE(result.model.has_value());
  REQUIRE_THAT(result.error, Catch::Contains("cannot import mesh"));
  REQUIRE_THAT(result.error, Catch::Contains(fs::path(name).filename().string()));
  REQUIRE_THAT(result.error, Catch::Contains(reason));
  REQUIRE(result.error.find('\n') == std::string::npos);
}

TEST_CASE("Skipped line primitives are named in a warning", "[assets][gltf]") {
  const ImportResult result = ImportGltf(DataPath("malformed/lines_only.gltf"));
  REQUIRE(result.warnings.size() == 1);
  REQUIRE(result.warnings[0] == "lines_only.gltf: mesh 0 primitive 0 draws points or lines (mode 1): skipped");
}

TEST_CASE("A file over the size limit is refused without being read", "[assets][gltf]") {
  const ImportResult result = ImportGltf(DataPath("cube_and_quad.glb"), {.max_file_bytes = 100});
  REQUIRE_FALSE(result.model.has_value());
  REQUIRE_THAT(result.error, Catch::Contains("over the limit of 100 bytes"));
}

TEST_CASE("A directory is refused at once", "[assets][gltf]") {
  const ImportResult result = ImportGltf(DataPath("malformed"));
  REQUIRE_FALSE(result.model.has_value());
  REQUIRE_THAT(result.error, Catch::Contains("malformed"));
}

TEST_CASE("A buffer whose URI is a directory, a FIFO or a file over the limit is refused by name", "[assets][gltf]") {
  const cairn::test::TempDir folder("assets");
  fs::create_directory(folder / "data.bin");
  REQUIRE(::mkfifo((folder / "pipe.bin").c_str(), 0600) == 0);
  folder.Write("big.bin", std::string(4096, '\0'));
  std::string model_text = cairn::test::ReadText(DataPath("malformed/missing_buffer.gltf"));
  const auto [uri, reason] = GENERATE(table<std::string, std::string>({
      {"data.bin", "is a directory, not a regular file"},
      {".", "is a directory, not a regular file"},
      {"pipe.bin", "is a FIFO, not a regular file"},
      {"big.bin", "over the limit of 2000 bytes"},
  }));
  CAPTURE(uri);
  const std::size_t at = model_text.find("absent.bin");
  REQUIRE(at != std::string::npos);
  const fs::path model = folder.Write("model.gltf", model_text.replace(at, 10, uri));
  const ImportResult result = ImportGltf(model, {.max_file_bytes = 2000});
  REQUIRE_FALSE(result.model.has_value());
  REQUIRE_THAT(result.error, Catch::Contains("cannot import mesh"));
  REQUIRE_THAT(result.error, Catch::Contains(reason));
}

TEST_CASE("Import settings scale the model and turn a Z-up file upright, exactly", "[assets][gltf]") {
  cairn::assets::Model model;
  cairn::assets::Primitive primitive;
  cairn::assets::Vertex vertex;
  vertex.position = {100.0f, 200.0f, 300.0f};
  vertex.normal = {0.0f, 0.0f, 1.0f};
  primitive.vertices = {vertex, cairn::assets::Vertex{}};
  model.primitives.push_back(primitive);
  cairn::assets::ImportSettings settings;
  settings.scale = 0.5f;
  settings.up = cairn::assets::UpAxis::kZ;
  cairn::assets::ApplyImportSettings(model, settings);
  const cairn::assets::Vertex& moved = model.primitives[0].vertices[0];
  CHECK(moved.position == glm::vec3(50.0f, 150.0f, -100.0f));  // +Z up became +Y up
  CHECK(moved.normal == glm::vec3(0.0f, 1.0f, 0.0f));
  CHECK(model.bounds.min == glm::vec3(0.0f, 0.0f, -100.0f));
  CHECK(model.bounds.max == glm::vec3(50.0f, 150.0f, 0.0f));
  CHECK(cairn::assets::ImportSettingsProblem({0.0f, cairn::assets::UpAxis::kY}).has_value());
  CHECK_FALSE(cairn::assets::ImportSettingsProblem({0.01f, cairn::assets::UpAxis::kY}).has_value());
}
