// Back-face culling in the renderer: the built-in shapes show only the faces
// turned towards the camera, a mirrored instance (negative determinant) is
// drawn in a batch of its own with the other side culled, the plane shows
// from above and below, and registered meshes show both sides.

#include <catch2/catch.hpp>

#include <cstdlib>
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

constexpr int kWidth = 320;
constexpr int kHeight = 240;
const glm::vec4 kGrey{0.8f, 0.8f, 0.8f, 1.0f};
const glm::vec4 kGreen{0.2f, 0.9f, 0.2f, 1.0f};

// A renderer drawing meshes only (no grid), culling back faces until told not to.
struct MeshOnlyRenderer {
  GlTestContext context;
  Renderer renderer;

  MeshOnlyRenderer() {
    const std::vector<RenderError> errors = renderer.Initialize();
    for (const RenderError& error : errors) UNSCOPED_INFO(error.ToString());
    REQUIRE(errors.empty());
    renderer.Resize(kWidth, kHeight);
    SetCulling(true);
  }

  void SetCulling(bool cull_back_faces) {
    RenderSettings settings;
    settings.show_grid = false;
    settings.cull_back_faces = cull_back_faces;
    renderer.SetSettings(settings);
  }

  Image Draw(const RenderScene& scene, const EditorCamera& camera) {
    renderer.Render(scene, camera.Matrices());
    return {kWidth, kHeight, renderer.ReadColorPixels()};
  }
};

// A point light at the origin, where the cameras inside meshes stand: what
// they see of a mesh is lit well clear of the clear colour.
LightData LampAtOrigin() {
  LightData lamp;
  lamp.type = LightType::Point;
  lamp.range = 20.0f;
  return lamp;
}

MeshInstance Placed(glm::vec3 position, glm::vec3 scale, glm::vec4 color, std::uint32_t pick_id) {
  MeshInstance instance;
  instance.world = glm::scale(glm::translate(glm::mat4(1.0f), position), scale);
  instance.color = color;
  instance.pick_id = pick_id;
  return instance;
}

EditorCamera CameraAt(glm::vec3 position, glm::vec3 target) {
  EditorCamera camera;
  camera.SetViewportSize({kWidth, kHeight});
  camera.SetLookAt(position, target);
  return camera;
}

glm::ivec2 PixelOf(const EditorCamera& camera, glm::vec3 point) {
  const auto pixel = WorldToScreen(camera.Matrices(), point, {kWidth, kHeight});
  REQUIRE(pixel.has_value());
  return glm::ivec2(*pixel);
}

// Pixels that differ from `clear_color` (sRGB) by more than one step in any channel.
int DrawnPixels(const Image& image, glm::vec4 clear_color) {
  int drawn = 0;
  for (int y = 0; y < image.height; ++y) {
    for (int x = 0; x < image.width; ++x) {
      const glm::ivec4 pixel = image.At(x, y);
      for (int channel = 0; channel < 3; ++channel) {
        if (std::abs(pixel[channel] - static_cast<int>(clear_color[channel] * 255.0f + 0.5f)) > 1) {
          ++drawn;
          break;
        }
      }
    }
  }
  return drawn;
}

std::string Describe(glm::ivec4 pixel) {
  return std::to_string(pixel.r) + "," + std::to_string(pixel.g) + "," + std::to_string(pixel.b);
}

std::string Describe(glm::vec3 scale) {
  return std::to_string(scale.x) + ", " + std::to_string(scale.y) + ", " + std::to_string(scale.z);
}

}  // namespace

TEST_CASE("[Renderer] A camera inside a closed shape sees none of it, mirrored or not", "[render][gl][culling]") {
  const glm::vec3 scale = GENERATE(glm::vec3(4.0f), glm::vec3(-4.0f, 4.0f, 4.0f));
  CAPTURE(Describe(scale));
  MeshOnlyRenderer fixture;
  const EditorCamera camera = CameraAt({0.0f, 0.0f, 0.0f}, {0.0f, 0.0f, -1.0f});
  const glm::vec4 clear_color = fixture.renderer.Settings().clear_color;
  for (const MeshShape shape : {MeshShape::Cube, MeshShape::Sphere, MeshShape::Cylinder, MeshShape::Cone}) {
    CAPTURE(MeshShapeName(shape));
    RenderScene scene;
    scene.meshes.Add(shape, Placed({0.0f, 0.0f, 0.0f}, scale, kGrey, 5));
    scene.lights.push_back(LampAtOrigin());

    fixture.SetCulling(true);
    const Image culled = fixture.Draw(scene, camera);
    CHECK(fixture.renderer.Stats().mesh_instances == 1);
    CHECK(DrawnPixels(culled, clear_color) == 0);
    CHECK(fixture.renderer.PickAt(kWidth / 2, kHeight / 2) == 0);

    // The inner faces are there: without culling they cover the view.
    fixture.SetCulling(false);
    const Image unculled = fixture.Draw(scene, camera);
    CHECK(DrawnPixels(unculled, clear_color) == kWidth * kHeight);
    CHECK(fixture.renderer.PickAt(kWidth / 2, kHeight / 2) == 5);
  }
}

TEST_CASE("[Renderer] A mirrored cube is drawn in a batch of its own, its outside in front and lit like its twin",
          "[render][gl][culling]") {
  MeshOnlyRenderer fixture;
  // Two grey cubes, mirror images of each other across x = 0, each hiding a
  // green sphere; the camera and the sun are symmetric across x = 0 as well.
  const glm::vec3 mirrored_at{-1.2f, 0.0f, 0.0f};
  const glm::vec3 plain_at{1.2f, 0.0f, 0.0f};
  RenderScene scene;
  scene.meshes.Add(MeshShape::Cube, Placed(mirrored_at, {-1.0f, 1.0f, 1.0f}, kGrey, 1));
  scene.meshes.Add(MeshShape::Cube, Placed(plain_at, {1.0f, 1.0f, 1.0f}, kGrey, 2));
  scene.meshes.Add(MeshShape::Sphere, Placed(mirrored_at, glm::vec3(0.6f), kGreen, 11));
  scene.meshes.Add(MeshShape::Sphere, Placed(plain_at, glm::vec3(0.6f), kGreen, 12));
  LightData sun;
  sun.direction = {0.0f, -0.6f, -1.0f};
  scene.lights.push_back(sun);
  const EditorCamera camera = CameraAt({0.0f, 1.5f, 6.0f}, {0.0f, 0.0f, 0.0f});

  const Image image = fixture.Draw(scene, camera);
  INFO("image written to " << WritePng(image, "render_mirrored_cubes.png"));
  const RenderStats& stats = fixture.renderer.Stats();
  CHECK(stats.mesh_instances == 4);
  CHECK(stats.draw_calls == 3);  // cubes, mirrored cubes, spheres

  // Culling the outside of either cube would show the sphere within.
  const glm::ivec2 mirrored_pixel = PixelOf(camera, mirrored_at);
  const glm::ivec2 plain_pixel = PixelOf(camera, plain_at);
  CHECK(fixture.renderer.PickAt(mirrored_pixel.x, mirrored_pixel.y) == 1);
  CHECK(fixture.renderer.PickAt(plain_pixel.x, plain_pixel.y) == 2);

  // Lit from the front, not shaded as a face turned away from the sun.
  const glm::ivec4 mirrored_color = image.At(mirrored_pixel);
  const glm::ivec4 plain_color = image.At(plain_pixel);
  INFO("mirrored cube " << Describe(mirrored_color) << ", plain cube " << Describe(plain_color));
  CHECK(plain_color.r > 150);
  for (int channel = 0; channel < 3; ++channel) CHECK(std::abs(mirrored_color[channel] - plain_color[channel]) <= 3);
}

TEST_CASE("[Renderer] The plane shows from above and from below, mirrored or not", "[render][gl][culling]") {
  const glm::vec3 scale = GENERATE(glm::vec3(4.0f, 1.0f, 4.0f), glm::vec3(-4.0f, 1.0f, 4.0f));
  const float side = GENERATE(1.0f, -1.0f);
  CAPTURE(Describe(scale), side);
  MeshOnlyRenderer fixture;
  RenderScene scene;
  scene.meshes.Add(MeshShape::Plane, Placed({0.0f, 0.0f, 0.0f}, scale, kGrey, 9));
  const EditorCamera camera = CameraAt({0.0f, 3.0f * side, 3.0f}, {0.0f, 0.0f, 0.0f});

  const Image image = fixture.Draw(scene, camera);
  CHECK(fixture.renderer.PickAt(kWidth / 2, kHeight / 2) == 9);
  CHECK(DrawnPixels(image, fixture.renderer.Settings().clear_color) > kWidth * kHeight / 10);
}

TEST_CASE("[Renderer] A registered mesh shows both sides: a camera inside it sees its inner faces",
          "[render][gl][culling]") {
  const cairn::assets::ImportResult crate =
      cairn::assets::ImportGltf(cairn::test::SourcePath("tests/assets/data/crate.glb"));
  INFO(crate.error);
  REQUIRE(crate.model.has_value());
  MeshOnlyRenderer fixture;
  const MeshAssetId mesh = fixture.renderer.AddMesh(cairn::assets::ToRenderMesh(*crate.model));
  REQUIRE_FALSE(mesh.IsNone());
  RenderScene scene;
  scene.meshes.Add(mesh, Placed({0.0f, 0.0f, 0.0f}, glm::vec3(4.0f), kGrey, 3));
  scene.lights.push_back(LampAtOrigin());

  const Image image = fixture.Draw(scene, CameraAt({0.0f, 0.0f, 0.0f}, {0.0f, 0.0f, -1.0f}));
  CHECK(DrawnPixels(image, fixture.renderer.Settings().clear_color) == kWidth * kHeight);
  CHECK(fixture.renderer.PickAt(kWidth / 2, kHeight / 2) == 3);
}
