#include <catch2/catch.hpp>

#include <array>
#include <string>

#include <glad/gl.h>
#include <glm/gtc/matrix_transform.hpp>

#include "cairn/render/fwd.h"  // first, so it is checked against the definitions

#include "cairn/render/editor_camera.h"
#include "cairn/render/packed_lights.h"
#include "cairn/render/renderer.h"
#include "cairn/render/screen_projection.h"
#include "gl/gl_test_context.h"

using namespace cairn::render;
using namespace cairn::render::test;

namespace {

constexpr int kWidth = 640;
constexpr int kHeight = 360;
constexpr std::uint32_t kRedCubeId = 101;
constexpr std::uint32_t kSphereId = 102;
constexpr std::uint32_t kCylinderId = 103;
constexpr std::uint32_t kLightIconId = 201;

MeshInstance Mesh(glm::vec3 position, glm::vec4 color, std::uint32_t pick_id,
                  SelectionState selection = SelectionState::None, glm::vec3 scale = glm::vec3{1.0f}) {
  MeshInstance instance;
  instance.world = glm::scale(glm::translate(glm::mat4{1.0f}, position), scale);
  instance.color = color;
  instance.pick_id = pick_id;
  instance.selection = selection;
  return instance;
}

LightData Sun(glm::vec3 direction) {
  LightData light;
  light.type = LightType::Directional;
  light.direction = direction;
  light.color = glm::vec3{1.0f};
  light.intensity = 1.0f;
  return light;
}

EditorCamera SceneCamera() {
  EditorCamera camera;
  camera.SetViewportSize({kWidth, kHeight});
  camera.SetLookAt({0.0f, 3.0f, 8.0f}, {0.0f, 0.0f, 0.0f});
  return camera;
}

// A red cube at the origin under a white sun, a primary-selected sphere to its
// right, a selected cylinder to its left, a cone, a plane and two icons.
RenderScene ShowcaseScene() {
  RenderScene scene;
  scene.meshes.Add(MeshShape::Cube, Mesh({0, 0, 0}, {1, 0, 0, 1}, kRedCubeId));
  scene.meshes.Add(MeshShape::Sphere, Mesh({2.2f, 0, 0}, {0.3f, 0.6f, 1.0f, 1}, kSphereId, SelectionState::Primary));
  scene.meshes.Add(MeshShape::Cylinder,
                   Mesh({-2.2f, 0, 0}, {0.85f, 0.85f, 0.85f, 1}, kCylinderId, SelectionState::Selected));
  scene.meshes.Add(MeshShape::Cone, Mesh({0, 0, -2.5f}, {0.2f, 0.8f, 0.3f, 1}, 104));
  scene.meshes.Add(MeshShape::Plane, Mesh({3.5f, -0.5f, -3.0f}, {0.6f, 0.5f, 0.4f, 1}, 105, SelectionState::None,
                                          glm::vec3{3.0f}));
  scene.lights.push_back(Sun({-0.3f, -1.0f, -0.5f}));
  scene.icons.push_back({{-1.5f, 2.0f, 1.0f}, IconKind::Light, {1.0f, 0.9f, 0.3f, 1.0f}, kLightIconId,
                         SelectionState::None});
  scene.icons.push_back({{1.5f, 2.0f, 1.0f}, IconKind::Camera, {0.8f, 0.8f, 0.9f, 1.0f}, 202,
                         SelectionState::Selected});
  return scene;
}

glm::ivec2 PixelOf(const EditorCamera& camera, glm::vec3 point) {
  const auto pixel = WorldToScreen(camera.Matrices(), point, {kWidth, kHeight});
  REQUIRE(pixel.has_value());
  return glm::ivec2(*pixel);
}

Image Capture(const Renderer& renderer) {
  return {renderer.Size().x, renderer.Size().y, renderer.ReadColorPixels()};
}

bool IsColor(glm::ivec4 pixel, glm::vec4 color, int tolerance) {
  for (int channel = 0; channel < 3; ++channel) {
    if (std::abs(pixel[channel] - static_cast<int>(color[channel] * 255.0f + 0.5f)) > tolerance) return false;
  }
  return true;
}

std::string Describe(glm::ivec4 pixel) {
  return std::to_string(pixel.r) + "," + std::to_string(pixel.g) + "," + std::to_string(pixel.b);
}

struct InitializedRenderer {
  GlTestContext context;
  Renderer renderer;

  explicit InitializedRenderer(int width = kWidth, int height = kHeight) {
    const std::vector<RenderError> errors = renderer.Initialize();
    for (const RenderError& error : errors) UNSCOPED_INFO(error.ToString());
    REQUIRE(errors.empty());
    renderer.Resize(width, height);
  }
};

}  // namespace

TEST_CASE("[Renderer] Draws a lit red cube, pickable, with outlines around the selection", "[render][gl]") {
  InitializedRenderer fixture;
  Renderer& renderer = fixture.renderer;
  const EditorCamera camera = SceneCamera();
  const RenderScene scene = ShowcaseScene();
  renderer.Render(scene, camera.Matrices());
  const Image image = Capture(renderer);
  INFO("image written to " << WritePng(image, "render_scene.png"));

  SECTION("the cube's centre pixel is red and lit") {
    const glm::ivec2 center = PixelOf(camera, {0, 0, 0});
    const glm::ivec4 lit = image.At(center);
    INFO("cube centre " << Describe(lit));
    CHECK(lit.r > 150);
    CHECK(lit.g < lit.r / 3);
    CHECK(lit.b < lit.r / 3);

    RenderScene backlit = scene;
    backlit.lights = {Sun({0.3f, 1.0f, 0.5f})};
    renderer.Render(backlit, camera.Matrices());
    const glm::ivec4 unlit = Capture(renderer).At(center);
    INFO("cube centre lit from behind " << Describe(unlit));
    CHECK(unlit.r < 90);
    CHECK(lit.r > unlit.r + 60);
  }

  SECTION("picking returns the cube at its centre and nothing on empty pixels") {
    const glm::ivec2 center = PixelOf(camera, {0, 0, 0});
    CHECK(renderer.PickAt(center.x, center.y) == kRedCubeId);
    CHECK(renderer.PickAt(5, 5) == 0);
    CHECK(renderer.PickAt(kWidth - 5, 5) == 0);
    const glm::ivec2 sphere = PixelOf(camera, {2.2f, 0, 0});
    CHECK(renderer.PickAt(sphere.x, sphere.y) == kSphereId);
    // y counts from the top: the cone behind the cube is above it on screen.
    const glm::ivec2 cone = PixelOf(camera, {0, 0.3f, -2.5f});
    CHECK(cone.y < center.y);
    CHECK(renderer.PickAt(cone.x, cone.y) == 104);
    CHECK(renderer.PickAt(-1, 0) == 0);
    CHECK(renderer.PickAt(kWidth, 0) == 0);
    CHECK(renderer.PickAt(0, kHeight) == 0);
  }

  SECTION("icons draw over the scene and are pickable") {
    const glm::ivec2 icon = PixelOf(camera, {-1.5f, 2.0f, 1.0f});
    CHECK(renderer.PickAt(icon.x, icon.y) == kLightIconId);
    CHECK(renderer.PickAt(icon.x + 12, icon.y) == kLightIconId);
    CHECK(renderer.PickAt(icon.x + 40, icon.y) == 0);
  }

  SECTION("the primary selection gets an orange outline, the others a light yellow one") {
    const RenderSettings& settings = renderer.Settings();
    const auto outline_right_of = [&](glm::vec3 center, std::uint32_t id) {
      const glm::ivec2 start = PixelOf(camera, center);
      int x = start.x;
      while (x < kWidth - 1 && renderer.PickAt(x, start.y) == id) ++x;
      REQUIRE(x > start.x);
      return std::array<glm::ivec4, 3>{image.At(x, start.y), image.At(x + 1, start.y), image.At(x + 4, start.y)};
    };
    const auto sphere = outline_right_of({2.2f, 0, 0}, kSphereId);
    INFO("sphere edge pixels " << Describe(sphere[0]) << " / " << Describe(sphere[1]) << " / " << Describe(sphere[2]));
    CHECK(IsColor(sphere[0], settings.outline_primary_color, 3));
    CHECK(IsColor(sphere[1], settings.outline_primary_color, 3));
    CHECK_FALSE(IsColor(sphere[2], settings.outline_primary_color, 40));

    const auto cylinder = outline_right_of({-2.2f, 0, 0}, kCylinderId);
    INFO("cylinder edge pixels " << Describe(cylinder[0]) << " / " << Describe(cylinder[1]));
    CHECK(IsColor(cylinder[0], settings.outline_selected_color, 3));
    CHECK(IsColor(cylinder[1], settings.outline_selected_color, 3));

    // The unselected cube has no outline.
    const glm::ivec2 cube = PixelOf(camera, {0, 0, 0});
    int x = cube.x;
    while (renderer.PickAt(x, cube.y) == kRedCubeId) ++x;
    CHECK_FALSE(IsColor(image.At(x + 1, cube.y), settings.outline_primary_color, 40));
    CHECK_FALSE(IsColor(image.At(x + 1, cube.y), settings.outline_selected_color, 40));
  }

  SECTION("stats count every draw call and instance") {
    const RenderStats& stats = renderer.Stats();
    // 5 shapes + grid + 2 shapes into the selection mask + outline + icons.
    CHECK(stats.draw_calls == 10);
    CHECK(stats.mesh_instances == 5);
    CHECK(stats.selected_instances == 2);
    CHECK(stats.icons == 2);
    CHECK(stats.directional_lights == 1);
    CHECK_FALSE(stats.used_default_light);
    CHECK(stats.triangles == 12 + 960 + 128 + 64 + 4);
  }
}

TEST_CASE("[Renderer] Writes the grid and axes on y = 0 without pick ids", "[render][gl]") {
  InitializedRenderer fixture;
  EditorCamera camera = SceneCamera();
  RenderScene empty;
  fixture.renderer.Render(empty, camera.Matrices());
  const Image image = Capture(fixture.renderer);
  WritePng(image, "render_grid.png");
  const RenderSettings& settings = fixture.renderer.Settings();
  // The X axis runs through the origin along screen x; the Z axis towards the camera.
  const glm::ivec2 on_x_axis = PixelOf(camera, {1.5f, 0, 0});
  const glm::ivec2 on_z_axis = PixelOf(camera, {0, 0, 2.0f});
  INFO("x axis " << Describe(image.At(on_x_axis)) << ", z axis " << Describe(image.At(on_z_axis)));
  CHECK(image.At(on_x_axis).r > image.At(on_x_axis).b + 60);
  CHECK(image.At(on_z_axis).b > image.At(on_z_axis).r + 60);
  CHECK(fixture.renderer.PickAt(on_x_axis.x, on_x_axis.y) == 0);
  // Above the horizon there is only the clear colour.
  CHECK(IsColor(image.At(kWidth / 2, 2), settings.clear_color, 1));

  RenderSettings no_grid = settings;
  no_grid.show_grid = false;
  fixture.renderer.SetSettings(no_grid);
  fixture.renderer.Render(empty, camera.Matrices());
  CHECK(IsColor(Capture(fixture.renderer).At(on_x_axis), settings.clear_color, 1));
  CHECK(fixture.renderer.Stats().draw_calls == 0);
}

// An orthographic axis view of the origin from 8 units away (about 48 pixels
// per world unit), as the viewport's View presets give.
EditorCamera PresetCamera(ViewPreset preset) {
  EditorCamera camera;
  camera.SetViewportSize({kWidth, kHeight});
  camera.SetLookAt({0.0f, 0.0f, 8.0f}, {0.0f, 0.0f, 0.0f});
  camera.SetViewPreset(preset);
  return camera;
}

// Pixels whose colour differs from the clear colour: what the grid drew over
// an empty scene.
int CountGridPixels(const Image& image, const RenderSettings& settings) {
  int count = 0;
  for (int y = 0; y < image.height; ++y) {
    for (int x = 0; x < image.width; ++x) count += IsColor(image.At(x, y), settings.clear_color, 6) ? 0 : 1;
  }
  return count;
}

TEST_CASE("[Renderer] The Front and Side views show the grid on the world plane facing them", "[render][gl]") {
  InitializedRenderer fixture;
  const RenderSettings& settings = fixture.renderer.Settings();
  const RenderScene empty;
  const auto render = [&](const EditorCamera& camera, const char* file_name) {
    fixture.renderer.Render(empty, camera.Matrices());
    const Image image = Capture(fixture.renderer);
    INFO("image written to " << WritePng(image, file_name));
    return image;
  };
  // Lines 48 pixels apart, about a pixel wide, cover some 2% of the pixels in
  // each direction.
  const int kMinGridPixels = kWidth * kHeight / 40;
  // An axis line blends its colour over the background: its channel leads.
  const auto is_axis = [](glm::ivec4 pixel, int channel) {
    return pixel[channel] > pixel[(channel + 1) % 3] + 50 && pixel[channel] > pixel[(channel + 2) % 3] + 50;
  };
  constexpr int kRed = 0;
  constexpr int kGreen = 1;
  constexpr int kBlue = 2;

  SECTION("Front: the grid on z = 0, the X axis red and the Y axis green") {
    const EditorCamera camera = PresetCamera(ViewPreset::Front);
    const Image image = render(camera, "render_grid_front.png");
    const glm::ivec4 x_axis = image.At(PixelOf(camera, {1.5f, 0, 0}));
    const glm::ivec4 y_axis = image.At(PixelOf(camera, {0, 1.5f, 0}));
    INFO("x axis " << Describe(x_axis) << ", y axis " << Describe(y_axis));
    CHECK(is_axis(x_axis, kRed));
    CHECK(is_axis(y_axis, kGreen));
    CHECK(CountGridPixels(image, settings) > kMinGridPixels);
    // A cell's centre shows the background.
    CHECK(IsColor(image.At(PixelOf(camera, {2.5f, 1.5f, 0})), settings.clear_color, 1));
    CHECK(fixture.renderer.PickAt(kWidth / 2, kHeight / 2) == 0);
  }

  SECTION("Side: the grid on x = 0, the Z axis blue and the Y axis green") {
    const EditorCamera camera = PresetCamera(ViewPreset::Right);
    const Image image = render(camera, "render_grid_side.png");
    const glm::ivec4 z_axis = image.At(PixelOf(camera, {0, 0, 1.5f}));
    const glm::ivec4 y_axis = image.At(PixelOf(camera, {0, 1.5f, 0}));
    INFO("z axis " << Describe(z_axis) << ", y axis " << Describe(y_axis));
    CHECK(is_axis(z_axis, kBlue));
    CHECK(is_axis(y_axis, kGreen));
    CHECK(CountGridPixels(image, settings) > kMinGridPixels);
  }

  SECTION("Top: the ground grid, the X axis red and the Z axis blue") {
    const EditorCamera camera = PresetCamera(ViewPreset::Top);
    const Image image = render(camera, "render_grid_top.png");
    const glm::ivec4 x_axis = image.At(PixelOf(camera, {1.5f, 0, 0}));
    const glm::ivec4 z_axis = image.At(PixelOf(camera, {0, 0, 1.5f}));
    INFO("x axis " << Describe(x_axis) << ", z axis " << Describe(z_axis));
    CHECK(is_axis(x_axis, kRed));
    CHECK(is_axis(z_axis, kBlue));
    CHECK(CountGridPixels(image, settings) > kMinGridPixels);
  }

  SECTION("an orthographic view orbited off its axis shows the ground grid") {
    EditorCamera camera = PresetCamera(ViewPreset::Front);
    camera.Orbit({0.0f, 100.0f});  // 30 degrees down: still facing z = 0 more than the ground
    REQUIRE(camera.Matrices().IsOrthographic());
    const Image image = render(camera, "render_grid_front_orbited.png");
    const glm::ivec4 z_axis = image.At(PixelOf(camera, {0, 0, 1.5f}));
    INFO("z axis " << Describe(z_axis));
    CHECK(is_axis(z_axis, kBlue));
    CHECK(CountGridPixels(image, settings) > kMinGridPixels);
  }

  SECTION("a perspective camera looking along Z sees the ground, not z = 0") {
    EditorCamera camera = PresetCamera(ViewPreset::Front);
    camera.SetProjection(ProjectionKind::Perspective);
    const Image image = render(camera, "render_grid_front_perspective.png");
    // Level with the ground, the camera sees it edge-on: at most the horizon.
    CHECK(IsColor(image.At(PixelOf(camera, {0, 1.5f, 0})), settings.clear_color, 1));
    CHECK(CountGridPixels(image, settings) < kMinGridPixels / 4);
  }
}

TEST_CASE("[Renderer] Uses the default light when the scene has none", "[render][gl]") {
  InitializedRenderer fixture;
  const EditorCamera camera = SceneCamera();
  RenderScene scene = ShowcaseScene();
  scene.lights.clear();
  fixture.renderer.Render(scene, camera.Matrices());
  CHECK(fixture.renderer.Stats().used_default_light);
  CHECK(fixture.renderer.Stats().directional_lights == 1);
  const glm::ivec4 cube = Capture(fixture.renderer).At(PixelOf(camera, {0, 0, 0}));
  INFO("cube centre " << Describe(cube));
  CHECK(cube.r > 120);
}

TEST_CASE("[Renderer] Point and spot lights reach only their range and cone", "[render][gl]") {
  InitializedRenderer fixture;
  RenderSettings settings;
  settings.show_grid = false;
  fixture.renderer.SetSettings(settings);
  EditorCamera camera;
  camera.SetViewportSize({kWidth, kHeight});
  camera.SetLookAt({0, 10, 0}, {0, 0, 0});
  camera.SetViewPreset(ViewPreset::Top);

  RenderScene scene;
  scene.meshes.Add(MeshShape::Plane, Mesh({0, 0, 0}, {1, 1, 1, 1}, 1, SelectionState::None, glm::vec3{20.0f}));
  LightData point;
  point.type = LightType::Point;
  point.position = {-4, 1, 0};
  point.range = 3.0f;
  scene.lights.push_back(point);
  LightData spot;
  spot.type = LightType::Spot;
  spot.position = {4, 2, 0};
  spot.direction = {0, -1, 0};
  spot.range = 10.0f;
  spot.cone_angle_degrees = 40.0f;
  scene.lights.push_back(spot);

  fixture.renderer.Render(scene, camera.Matrices());
  const Image image = Capture(fixture.renderer);
  WritePng(image, "render_lights.png");
  const auto brightness = [&](glm::vec3 point_on_ground) { return image.At(PixelOf(camera, point_on_ground)).r; };
  INFO("under point " << brightness({-4, 0, 0}) << ", out of range " << brightness({-4, 0, 3.5f})
                      << ", under spot " << brightness({4, 0, 0}) << ", outside cone " << brightness({4, 0, 1.5f}));
  CHECK(brightness({-4, 0, 0}) > 200);
  CHECK(brightness({-4, 0, 2.0f}) > brightness({-4, 0, 2.5f}));
  CHECK(brightness({-4, 0, 3.5f}) < 70);
  CHECK(brightness({4, 0, 0}) > 200);
  CHECK(brightness({4, 0, 1.5f}) < 70);  // 37 degrees off the axis of a 20-degree half-cone
  CHECK(brightness({0, 0, 0}) < 70);
}

TEST_CASE("[Renderer] Takes eight lights of each type at once and drops beyond the limit", "[render][gl]") {
  InitializedRenderer fixture;
  const EditorCamera camera = SceneCamera();
  RenderScene scene = ShowcaseScene();
  scene.lights.clear();
  for (int i = 0; i < 8; ++i) {
    const float angle = static_cast<float>(i) * 0.785f;
    LightData directional = Sun({std::cos(angle), -1.0f, std::sin(angle)});
    directional.intensity = 0.1f;
    LightData point;
    point.type = LightType::Point;
    point.position = {std::cos(angle) * 2.0f, 1.0f, std::sin(angle) * 2.0f};
    point.intensity = 0.2f;
    LightData spot = point;
    spot.type = LightType::Spot;
    spot.direction = -point.position;
    scene.lights.insert(scene.lights.end(), {directional, point, spot});
  }
  fixture.renderer.Render(scene, camera.Matrices());
  const RenderStats& stats = fixture.renderer.Stats();
  CHECK(stats.directional_lights == 8);
  CHECK(stats.point_lights == 8);
  CHECK(stats.spot_lights == 8);
  CHECK(stats.dropped_lights == 0);
  CHECK(Capture(fixture.renderer).At(PixelOf(camera, {0, 0, 0})).r > 100);

  for (int i = 0; i < kMaxLightsPerType; ++i) scene.lights.push_back(scene.lights[1]);
  fixture.renderer.Render(scene, camera.Matrices());
  CHECK(fixture.renderer.Stats().point_lights == static_cast<std::uint32_t>(kMaxLightsPerType));
  CHECK(fixture.renderer.Stats().dropped_lights == 8);
}

TEST_CASE("[Renderer] Draws 100,000 instances in one draw call per shape", "[render][gl]") {
  InitializedRenderer fixture;
  EditorCamera camera = SceneCamera();
  RenderScene scene;
  int count = 0;
  for (int x = 0; x < 100; ++x) {
    for (int z = 0; z < 100; ++z) {
      for (int y = 0; y < 10; ++y) {
        const auto shape = static_cast<MeshShape>(count % static_cast<int>(kMeshShapeCount));
        scene.meshes.Add(shape, Mesh({x * 1.5f - 75.0f, y * 1.5f, z * -1.5f}, {0.7f, 0.7f, 0.7f, 1},
                                     static_cast<std::uint32_t>(count + 1), SelectionState::None,
                                     glm::vec3{0.5f}));
        ++count;
      }
    }
  }
  camera.SetLookAt({0, 20, 20}, {0, 0, -30});
  fixture.renderer.Render(scene, camera.Matrices());
  const RenderStats& stats = fixture.renderer.Stats();
  CHECK(stats.mesh_instances == 100000);
  CHECK(stats.draw_calls == kMeshShapeCount + 1);  // one per shape, plus the grid
  CHECK(stats.triangles == 20000ull * (12 + 960 + 4 + 128 + 64));
  // The cube in column x = 52, row z = 0, layer y = 0 is the 52000th instance.
  const glm::ivec2 front_cube = PixelOf(camera, {3.0f, 0.0f, 0.0f});
  CHECK(fixture.renderer.PickAt(front_cube.x, front_cube.y) == 52001);
  WritePng(Capture(fixture.renderer), "render_100k.png");
}

TEST_CASE("[Renderer] Reports a broken shader by file name and shows the error pattern", "[render][gl]") {
  GlTestContext context;
  Renderer renderer;
  std::vector<RenderError> reported;
  RendererOptions options;
  options.shader_overrides.push_back(
      {"mesh.frag", "#version 330 core\nout vec4 o_color;\nvoid main() { o_color = vec4(undefined_value); }\n"});
  options.on_error = [&](const RenderError& error) { reported.push_back(error); };

  const std::vector<RenderError> errors = renderer.Initialize(options);
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].source == "mesh.frag");
  INFO(errors[0].message);
  CHECK(errors[0].message.find("fragment shader failed to compile") != std::string::npos);
  CHECK(errors[0].message.find("undefined_value") != std::string::npos);
  // Line numbers match the file even though the renderer inserts defines.
  CHECK(errors[0].message.find("0:3(") != std::string::npos);
  REQUIRE(reported.size() == 1);
  CHECK(reported[0].ToString() == errors[0].ToString());
  CHECK(renderer.HasErrors());
  CHECK(renderer.IsInitialized());

  renderer.Resize(kWidth, kHeight);
  const EditorCamera camera = SceneCamera();
  renderer.Render(ShowcaseScene(), camera.Matrices());
  const Image image = Capture(renderer);
  WritePng(image, "render_error.png");
  int error_pixels = 0;
  for (int y = 0; y < kHeight; ++y) {
    for (int x = 0; x < kWidth; ++x) error_pixels += IsColor(image.At(x, y), renderer.Settings().error_color, 2) ? 1 : 0;
  }
  CHECK(error_pixels > kWidth * kHeight / 4);
  CHECK(IsColor(image.At(1, kHeight / 2), renderer.Settings().error_color, 2));  // the border
  const glm::ivec2 cube = PixelOf(camera, {0, 0, 0});
  CHECK(renderer.PickAt(cube.x, cube.y) == 0);
  // The passes that compiled still work: icons stay pickable.
  const glm::ivec2 icon = PixelOf(camera, {-1.5f, 2.0f, 1.0f});
  CHECK(renderer.PickAt(icon.x, icon.y) == kLightIconId);
}

TEST_CASE("[Renderer] Reports link errors by program and file names", "[render][gl]") {
  GlTestContext context;
  Renderer renderer;
  RendererOptions options;
  // Compiles on its own, but a program cannot link without main().
  options.shader_overrides.push_back({"grid.vert", "#version 330 core\nvoid Helper() {}\n"});
  const std::vector<RenderError> errors = renderer.Initialize(options);
  REQUIRE(errors.size() == 1);
  INFO(errors[0].ToString());
  CHECK(errors[0].source == "grid program (grid.vert + grid.frag)");
  CHECK(errors[0].message.find("failed to link") != std::string::npos);
}

TEST_CASE("[Renderer] Restores the OpenGL state it touches", "[render][gl]") {
  InitializedRenderer fixture;
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(1, 2, 30, 40);
  glEnable(GL_SCISSOR_TEST);
  glScissor(3, 4, 5, 6);
  glEnable(GL_BLEND);
  glBlendFunc(GL_ONE, GL_ZERO);
  glDisable(GL_DEPTH_TEST);
  glEnable(GL_CULL_FACE);
  glCullFace(GL_FRONT_AND_BACK);
  glFrontFace(GL_CW);
  glUseProgram(0);
  glBindVertexArray(0);

  const EditorCamera camera = SceneCamera();
  fixture.renderer.Render(ShowcaseScene(), camera.Matrices());
  // Drawn with the renderer's own culling, whatever the caller's was.
  const glm::ivec2 cube = PixelOf(camera, {0, 0, 0});
  CHECK(fixture.renderer.PickAt(cube.x, cube.y) == kRedCubeId);
  (void)fixture.renderer.ReadColorPixels();
  fixture.renderer.Resize(320, 200);

  std::array<GLint, 4> viewport{};
  glGetIntegerv(GL_VIEWPORT, viewport.data());
  CHECK(viewport == std::array<GLint, 4>{1, 2, 30, 40});
  std::array<GLint, 4> scissor{};
  glGetIntegerv(GL_SCISSOR_BOX, scissor.data());
  CHECK(scissor == std::array<GLint, 4>{3, 4, 5, 6});
  GLint value = -1;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &value);
  CHECK(value == 0);
  glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &value);
  CHECK(value == 0);
  glGetIntegerv(GL_CURRENT_PROGRAM, &value);
  CHECK(value == 0);
  glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &value);
  CHECK(value == 0);
  glGetIntegerv(GL_BLEND_SRC_RGB, &value);
  CHECK(value == GL_ONE);
  glGetIntegerv(GL_BLEND_EQUATION_RGB, &value);
  CHECK(value == GL_FUNC_ADD);
  CHECK(glIsEnabled(GL_BLEND) == GL_TRUE);
  CHECK(glIsEnabled(GL_SCISSOR_TEST) == GL_TRUE);
  CHECK(glIsEnabled(GL_CULL_FACE) == GL_TRUE);
  glGetIntegerv(GL_CULL_FACE_MODE, &value);
  CHECK(value == GL_FRONT_AND_BACK);
  glGetIntegerv(GL_FRONT_FACE, &value);
  CHECK(value == GL_CW);
  CHECK(glIsEnabled(GL_DEPTH_TEST) == GL_FALSE);
  CHECK(glGetError() == GL_NO_ERROR);
}

TEST_CASE("[Renderer] Resizes its target and reads it back top row first", "[render][gl]") {
  InitializedRenderer fixture(kWidth, kHeight);
  Renderer& renderer = fixture.renderer;
  CHECK(renderer.Target().width == kWidth);
  CHECK(renderer.Target().height == kHeight);
  CHECK(renderer.ColorTexture() == renderer.Target().color_texture);
  CHECK(renderer.ColorTexture() != 0);

  renderer.Resize(320, 200);
  CHECK(renderer.Size() == glm::ivec2(320, 200));
  CHECK(renderer.Target().width == 320);
  CHECK(renderer.ReadColorPixels().size() == 320u * 200u * 4u);
  renderer.Resize(0, -3);
  CHECK(renderer.Size() == glm::ivec2(1, 1));

  // A cube filling the bottom half only: the first rows read are the clear colour.
  renderer.Resize(kWidth, kHeight);
  EditorCamera camera = SceneCamera();
  camera.SetLookAt({0, 0, 5}, {0, 0, 0});
  RenderScene scene;
  scene.meshes.Add(MeshShape::Cube, Mesh({0, -2, 0}, {1, 0, 0, 1}, 7, SelectionState::None, glm::vec3{6, 3, 1}));
  RenderSettings settings;
  settings.show_grid = false;
  renderer.SetSettings(settings);
  renderer.Render(scene, camera.Matrices());
  const Image image = Capture(renderer);
  CHECK(IsColor(image.At(kWidth / 2, 5), settings.clear_color, 1));
  CHECK(image.At(kWidth / 2, kHeight - 5).r > 100);
  CHECK(renderer.PickAt(kWidth / 2, kHeight - 5) == 7);
  CHECK(renderer.PickAt(kWidth / 2, 5) == 0);
}

TEST_CASE("[Renderer] Does nothing before Initialize and survives Shutdown", "[render][gl]") {
  GlTestContext context;
  Renderer renderer;
  CHECK_FALSE(renderer.IsInitialized());
  renderer.Render(ShowcaseScene(), SceneCamera().Matrices());
  CHECK(renderer.Stats().draw_calls == 0);
  CHECK(renderer.PickAt(0, 0) == 0);
  CHECK(renderer.ReadColorPixels().empty());
  REQUIRE(renderer.Initialize().empty());
  renderer.Shutdown();
  renderer.Shutdown();
  CHECK_FALSE(renderer.IsInitialized());
  REQUIRE(renderer.Initialize().empty());
  Renderer moved = std::move(renderer);
  CHECK(moved.IsInitialized());
}
