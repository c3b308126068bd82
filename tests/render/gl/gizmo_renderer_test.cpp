#include <catch2/catch.hpp>

#include <glm/gtc/matrix_transform.hpp>

#include "cairn/render/editor_camera.h"
#include "cairn/render/gizmo_renderer.h"
#include "cairn/render/renderer.h"
#include "gl/gl_test_context.h"

using namespace cairn::render;
using namespace cairn::render::test;

namespace {

constexpr int kWidth = 640;
constexpr int kHeight = 360;

bool Near(glm::ivec4 pixel, glm::vec4 color, int tolerance) {
  for (int channel = 0; channel < 3; ++channel) {
    if (std::abs(pixel[channel] - static_cast<int>(color[channel] * 255.0f + 0.5f)) > tolerance) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("[GizmoRenderer] Draws the handles over the image, the hovered one highlighted", "[render][gl][gizmo]") {
  GlTestContext context;
  Renderer renderer;
  REQUIRE(renderer.Initialize().empty());
  renderer.Resize(kWidth, kHeight);
  GizmoRenderer gizmo_renderer;
  REQUIRE(gizmo_renderer.Initialize().empty());
  CHECK(gizmo_renderer.IsInitialized());

  EditorCamera camera;
  camera.SetViewportSize({kWidth, kHeight});
  camera.SetLookAt({0, 0, 10}, {0, 0, 0});
  const GizmoView view{camera.Matrices(), {kWidth, kHeight}};
  RenderScene scene;
  MeshInstance cube;
  cube.world = glm::scale(glm::mat4{1.0f}, glm::vec3{0.5f});
  cube.color = {0.5f, 0.5f, 0.5f, 1.0f};
  cube.pick_id = 1;
  scene.meshes.Add(MeshShape::Cube, cube);

  Gizmo gizmo;
  const GizmoPivot pivot{};
  const GizmoStyle& style = gizmo_renderer.Style();
  const glm::ivec2 on_x_axis{kWidth / 2 + 70, kHeight / 2};
  const glm::ivec2 on_y_axis{kWidth / 2, kHeight / 2 - 70};

  renderer.Render(scene, camera.Matrices());
  gizmo_renderer.Render(gizmo, view, pivot, renderer.Target());
  CHECK(gizmo_renderer.LastDrawCalls() == 1);
  CHECK(gizmo_renderer.LastTriangleCount() > 50);
  Image image{kWidth, kHeight, renderer.ReadColorPixels()};
  CHECK(Near(image.At(on_x_axis), style.axis_colors[0], 3));
  CHECK(Near(image.At(on_y_axis), style.axis_colors[1], 3));
  // The gizmo is not pickable: the scene's ids are left alone.
  CHECK(renderer.PickAt(on_x_axis.x, on_x_axis.y) == 0);
  CHECK(renderer.PickAt(kWidth / 2, kHeight / 2) == 1);

  const GizmoResult hover = gizmo.Update(view, pivot, {glm::vec2(on_x_axis) + 0.5f, false});
  REQUIRE(hover.hovered == GizmoHandle::AxisX);
  renderer.Render(scene, camera.Matrices());
  gizmo_renderer.Render(gizmo, view, pivot, renderer.Target());
  image = Image{kWidth, kHeight, renderer.ReadColorPixels()};
  CHECK(Near(image.At(on_x_axis), style.highlight_color, 3));
  CHECK(Near(image.At(on_y_axis), style.axis_colors[1], 3));
  INFO("image written to " << WritePng(image, "render_gizmo_translate.png"));

  gizmo.SetMode(GizmoMode::Rotate);
  renderer.Render(scene, camera.Matrices());
  gizmo_renderer.Render(gizmo, view, pivot, renderer.Target());
  WritePng(Image{kWidth, kHeight, renderer.ReadColorPixels()}, "render_gizmo_rotate.png");
  gizmo.SetMode(GizmoMode::Scale);
  renderer.Render(scene, camera.Matrices());
  gizmo_renderer.Render(gizmo, view, pivot, renderer.Target());
  WritePng(Image{kWidth, kHeight, renderer.ReadColorPixels()}, "render_gizmo_scale.png");
  CHECK(gizmo_renderer.LastDrawCalls() == 1);
  CHECK(gizmo.HighlightedHandle() == GizmoHandle::None);

  // A three-quarter view shows every handle; the images are for looking at.
  camera.SetLookAt({4, 3, 6}, {0, 0, 0});
  const GizmoView angled{camera.Matrices(), {kWidth, kHeight}};
  for (GizmoMode mode : {GizmoMode::Translate, GizmoMode::Rotate, GizmoMode::Scale}) {
    gizmo.SetMode(mode);
    renderer.Render(scene, camera.Matrices());
    gizmo_renderer.Render(gizmo, angled, pivot, renderer.Target());
    CHECK(gizmo_renderer.LastDrawCalls() == 1);
    const char* names[] = {"render_gizmo_angled_translate.png", "render_gizmo_angled_rotate.png",
                           "render_gizmo_angled_scale.png"};
    WritePng(Image{kWidth, kHeight, renderer.ReadColorPixels()}, names[static_cast<int>(mode)]);
  }
}

TEST_CASE("[GizmoRenderer] Reports a broken gizmo shader and then draws nothing", "[render][gl][gizmo]") {
  GlTestContext context;
  GizmoRenderer gizmo_renderer;
  RendererOptions options;
  options.shader_overrides.push_back({"gizmo.vert", "#version 330 core\nvoid main() { gl_Position = oops; }\n"});
  const std::vector<RenderError> errors = gizmo_renderer.Initialize(options);
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].source == "gizmo.vert");
  CHECK(errors[0].message.find("vertex shader failed to compile") != std::string::npos);
  CHECK_FALSE(gizmo_renderer.IsInitialized());
  Gizmo gizmo;
  EditorCamera camera;
  gizmo_renderer.Render(gizmo, {camera.Matrices(), {64, 64}}, {}, FramebufferView{1, 1, 64, 64});
  CHECK(gizmo_renderer.LastDrawCalls() == 0);
}
