// The renderer drawing a glTF model imported by cairn::assets: registered
// once, drawn instanced per part with the part's base colour, pickable,
// outlined when selected, and gone once removed.

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include <glm/gtc/matrix_transform.hpp>

#include "cairn/assets/gltf_import.h"
#include "cairn/assets/render_mesh.h"
#include "cairn/render/editor_camera.h"
#include "cairn/render/renderer.h"
#include "cairn/render/screen_projection.h"
#include "cairn/test/files.h"
#include "gl/gl_test_context.h"

using namespace cairn::render;
using namespace cairn::render::test;

namespace {

constexpr int kWidth = 640;
constexpr int kHeight = 360;
constexpr std::uint32_t kModelId = 7;
constexpr std::uint32_t kCubeId = 8;

// A renderer with one of tests/assets/data's glTF files registered.
struct RendererWithModel {
  cairn::assets::ImportResult imported;
  GlTestContext context;  // before the renderer: current while it initialises
  Renderer renderer;
  MeshAssetId mesh;

  explicit RendererWithModel(const std::string& file)
      : imported(cairn::assets::ImportGltf(cairn::test::SourcePath("tests/assets/data/" + file))) {
    INFO(imported.error);
    REQUIRE(imported.model.has_value());
    REQUIRE(renderer.Initialize().empty());
    renderer.Resize(kWidth, kHeight);
    mesh = renderer.AddMesh(cairn::assets::ToRenderMesh(*imported.model));
    REQUIRE_FALSE(mesh.IsNone());
  }
};

LightData Sun(glm::vec3 direction) {
  LightData sun;
  sun.type = LightType::Directional;
  sun.direction = glm::normalize(direction);
  return sun;
}

MeshInstance At(glm::vec3 position, std::uint32_t pick_id, SelectionState selection = SelectionState::None) {
  MeshInstance instance;
  instance.world = glm::translate(glm::mat4(1.0f), position);
  instance.color = glm::vec4(1.0f);
  instance.pick_id = pick_id;
  instance.selection = selection;
  return instance;
}

std::string Describe(glm::ivec4 pixel) {
  return std::to_string(pixel.r) + "," + std::to_string(pixel.g) + "," + std::to_string(pixel.b);
}

}  // namespace

TEST_CASE("[Renderer] Draws an imported glTF model in its materials' colours, pickable and outlined", "[render][gl]") {
  RendererWithModel fixture("cube_and_quad.glb");
  Renderer& renderer = fixture.renderer;
  const MeshAssetId model = fixture.mesh;

  EditorCamera camera;
  camera.SetViewportSize({kWidth, kHeight});
  camera.SetLookAt({1.0f, 6.0f, 8.0f}, {1.0f, 0.0f, 0.0f});
  RenderScene scene;
  // The model at the origin: a green unit cube, and a blue 2 x 2 quad on y = 0
  // spanning x 2..4; a red built-in cube beside them.
  scene.meshes.Add(model, At({5, 0, 0}, kModelId));
  scene.meshes.Add(model, At({5, 0, 5}, kModelId));
  scene.lights.push_back(Sun({-0.2f, -1.0f, -0.3f}));
  scene.meshes.Clear();  // Clear forgets registered meshes' instances too
  REQUIRE(scene.meshes.IsEmpty());
  scene.meshes.Add(model, At({0, 0, 0}, kModelId, SelectionState::Primary));
  scene.meshes.Add(MeshShape::Cube, At({-2, 0, 0}, kCubeId));
  renderer.Render(scene, camera.Matrices());
  const Image image{kWidth, kHeight, renderer.ReadColorPixels()};
  INFO("image written to " << WritePng(image, "imported_mesh.png"));

  const auto pixel_of = [&](glm::vec3 point) {
    const auto pixel = WorldToScreen(camera.Matrices(), point, {kWidth, kHeight});
    REQUIRE(pixel.has_value());
    return glm::ivec2(*pixel);
  };
  const glm::ivec2 cube_top = pixel_of({0, 0.5f, 0});
  const glm::ivec2 quad = pixel_of({2.5f, 0, 0.5f});  // a grid cell's centre: no grid line or axis over it
  const glm::ivec2 builtin = pixel_of({-2, 0.5f, 0});
  const glm::ivec4 green = image.At(cube_top);
  const glm::ivec4 blue = image.At(quad);
  const glm::ivec4 white = image.At(builtin);
  INFO("cube top " << Describe(green) << ", quad " << Describe(blue) << ", built-in cube " << Describe(white));
  CHECK(green.g > 120);
  CHECK(green.r < green.g / 3);
  CHECK(green.b < green.g / 3);
  CHECK(blue.b > 120);
  CHECK(blue.r < blue.b / 3);
  CHECK(blue.g < blue.b / 3);
  // A shape drawn after the model is not tinted by the model's last part.
  CHECK(white.r > 150);
  CHECK(std::abs(white.r - white.b) < 10);

  CHECK(renderer.PickAt(cube_top.x, cube_top.y) == kModelId);
  CHECK(renderer.PickAt(quad.x, quad.y) == kModelId);
  CHECK(renderer.PickAt(builtin.x, builtin.y) == kCubeId);

  const RenderStats& stats = renderer.Stats();
  CHECK(stats.mesh_instances == 2);
  CHECK(stats.selected_instances == 1);
  CHECK(stats.triangles == 14 + 12);
  // 2 parts + 1 shape + grid + 2 parts into the selection mask + outline.
  CHECK(stats.draw_calls == 7);

  SECTION("the selected model is outlined in the primary colour") {
    int x = quad.x;
    while (x < kWidth - 1 && renderer.PickAt(x, quad.y) == kModelId) ++x;
    REQUIRE(x > quad.x);
    const glm::ivec4 edge = image.At(x, quad.y);
    const glm::vec4 primary = renderer.Settings().outline_primary_color;
    INFO("edge " << Describe(edge));
    CHECK(std::abs(edge.r - static_cast<int>(primary.r * 255.0f + 0.5f)) <= 3);
    CHECK(std::abs(edge.g - static_cast<int>(primary.g * 255.0f + 0.5f)) <= 3);
  }

  SECTION("a removed mesh is no longer drawn; ids are not reused") {
    renderer.RemoveMesh(model);
    renderer.Render(scene, camera.Matrices());
    CHECK(renderer.PickAt(cube_top.x, cube_top.y) == 0);
    CHECK(renderer.PickAt(builtin.x, builtin.y) == kCubeId);
    CHECK(renderer.Stats().mesh_instances == 1);
    const MeshAssetId again = renderer.AddMesh(cairn::assets::ToRenderMesh(*fixture.imported.model));
    CHECK(again != model);
  }
}

TEST_CASE("[Renderer] AddMesh before Initialize gives no id", "[render][gl]") {
  Renderer renderer;
  CHECK(renderer.AddMesh(MeshAsset{}).IsNone());
}

TEST_CASE("[Renderer] Draws an imported model's base colour texture at its texture coordinates", "[render][gl]") {
  RendererWithModel fixture("textured_quad.gltf");
  Renderer& renderer = fixture.renderer;
  const MeshAssetId board = fixture.mesh;

  // Looking down at the 2 x 2 board on y = 0, lit from above. Its 2 x 2
  // texture is red, green (top row) over blue, white; the image's top row is
  // at z = -1.
  EditorCamera camera;
  camera.SetViewportSize({kWidth, kHeight});
  camera.SetLookAt({0.0f, 4.0f, 0.01f}, {0.0f, 0.0f, 0.0f});
  RenderScene scene;
  scene.meshes.Add(board, At({0, 0, 0}, kModelId));
  scene.lights.push_back(Sun({-0.3f, -1.0f, -0.3f}));
  renderer.Render(scene, camera.Matrices());
  const Image image{kWidth, kHeight, renderer.ReadColorPixels()};
  INFO("image written to " << WritePng(image, "imported_texture.png"));

  const auto at = [&](glm::vec3 point) {
    const auto pixel = WorldToScreen(camera.Matrices(), point, {kWidth, kHeight});
    REQUIRE(pixel.has_value());
    return image.At(glm::ivec2(*pixel));
  };
  const glm::ivec4 red = at({-0.5f, 0, -0.5f});
  const glm::ivec4 green = at({0.5f, 0, -0.5f});
  const glm::ivec4 blue = at({-0.5f, 0, 0.5f});
  const glm::ivec4 white = at({0.5f, 0, 0.5f});
  INFO("red " << Describe(red) << ", green " << Describe(green) << ", blue " << Describe(blue) << ", white "
              << Describe(white));
  // The sun's highlight adds the same to every channel: each quadrant's own
  // channel stays well above the other two.
  const auto leads = [](glm::ivec4 pixel, int channel) {
    const int others = std::max(pixel[(channel + 1) % 3], pixel[(channel + 2) % 3]);
    return pixel[channel] > 150 && pixel[channel] - others > 60;
  };
  CHECK(leads(red, 0));
  CHECK(leads(green, 1));
  CHECK(leads(blue, 2));
  CHECK(std::min({white.r, white.g, white.b}) > 150);
  CHECK(std::max({white.r, white.g, white.b}) - std::min({white.r, white.g, white.b}) < 30);
}

TEST_CASE("[Renderer] A metallic part takes its highlight's colour and a smooth one's highlight is brighter",
          "[render][gl]") {
  RendererWithModel fixture("crate.glb");
  Renderer& renderer = fixture.renderer;
  // The wood crate in four materials, each drawn alone at the origin and
  // looked at where the sun's reflection on its top face meets the eye.
  const auto variant = [&](float metallic, float roughness) {
    MeshAsset mesh = cairn::assets::ToRenderMesh(*fixture.imported.model);
    mesh.parts[0].metallic = metallic;
    mesh.parts[0].roughness = roughness;
    return renderer.AddMesh(mesh);
  };
  const MeshAssetId wood = variant(0.0f, 0.5f);
  const MeshAssetId metal = variant(1.0f, 0.5f);
  const MeshAssetId rough = variant(0.0f, 0.9f);
  const MeshAssetId smooth = variant(0.0f, 0.3f);

  EditorCamera camera;
  camera.SetViewportSize({kWidth, kHeight});
  camera.SetLookAt({0.0f, 3.0f, 6.0f}, {0.0f, 0.5f, 0.0f});
  // The top face's centre sees the eye along (0, 2.5, 6): a sun shining
  // along (0, -2.5, 6) is mirrored into it there.
  const LightData sun = Sun({0.0f, -2.5f, 6.0f});
  const auto top_centre = [&](MeshAssetId mesh, const char* name) {
    RenderScene scene;
    scene.meshes.Add(mesh, At({0, 0, 0}, 1));
    scene.lights.push_back(sun);
    renderer.Render(scene, camera.Matrices());
    const Image image{kWidth, kHeight, renderer.ReadColorPixels()};
    WritePng(image, std::string("imported_material_") + name + ".png");
    const auto pixel = WorldToScreen(camera.Matrices(), {0.0f, 0.5f, 0.0f}, {kWidth, kHeight});
    REQUIRE(pixel.has_value());
    return image.At(glm::ivec2(*pixel));
  };
  const glm::ivec4 wood_top = top_centre(wood, "wood");
  const glm::ivec4 metal_top = top_centre(metal, "metal");
  const glm::ivec4 rough_top = top_centre(rough, "rough");
  const glm::ivec4 smooth_top = top_centre(smooth, "smooth");
  INFO("wood " << Describe(wood_top) << ", metal " << Describe(metal_top) << ", rough " << Describe(rough_top)
               << ", smooth " << Describe(smooth_top));
  // Wood's highlight is white, washing its colour out; the metal's is
  // wood-coloured, keeping it: a far wider red-to-blue spread.
  CHECK(metal_top.r - metal_top.b > wood_top.r - wood_top.b + 30);
  CHECK(metal_top.r > metal_top.g);
  CHECK(metal_top.g > metal_top.b);
  // A smooth surface concentrates its highlight: brighter at the mirror point.
  CHECK(smooth_top.g > rough_top.g + 30);
  CHECK(smooth_top.b > rough_top.b + 30);
}
