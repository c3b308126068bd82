#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <string>
#include <thread>

#include <GLFW/glfw3.h>
#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>

#include "cairn/ecs/components/light.h"
#include "cairn/ecs/components/mesh_renderer.h"
#include "cairn/ecs/world_dump.h"
#include "cairn/editor/viewport/editor_camera_data.h"
#include "cairn/render/screen_projection.h"
#include "cairn/test/files.h"
#include "gl/panel_harness.h"
#include "viewport_test_world.h"

namespace ecs = cairn::ecs;
namespace render = cairn::render;
using cairn::editor::EditorContext;
using cairn::editor::GizmoTool;
using cairn::editor::ViewportPanel;
namespace t = cairn::editor::testing;

namespace {

const glm::vec4 kRed{0.9f, 0.1f, 0.1f, 1.0f};

// The camera on +Z looking at the origin: world X is screen right, Y is up.
void LookFromFront(ViewportPanel& panel, float distance = 10.0f) {
  panel.LoadEditorData(cairn::editor::CameraToEditorData({{0.0f, 0.0f, distance}, {0.0f, 0.0f, 0.0f}}));
}

glm::vec2 ScreenOf(const ViewportPanel& panel, glm::vec3 point) {
  const auto pixel = render::WorldToScreen(panel.Camera().Matrices(), point, panel.Camera().ViewportSize());
  REQUIRE(pixel.has_value());
  return *pixel;
}

float PixelsPerUnitAt(const ViewportPanel& panel, glm::vec3 point) {
  return 1.0f / render::WorldSizeForPixelsAt(panel.Camera().Matrices(), point, 1.0f, panel.Camera().ViewportSize().y);
}

// A sun shining from above the camera, 40 degrees down along -Z (so its
// highlight misses the front faces).
ecs::EntityId AddSun(ecs::Coordinator& world) {
  const auto sun = t::AddEntity(world, "Sun", t::At({0, 10, 20}, glm::angleAxis(glm::radians(-40.0f), glm::vec3(1, 0, 0))));
  ecs::Light light;
  light.type = ecs::LightType::kDirectional;
  light.intensity = 1.0f;
  world.AddComponent<ecs::Light>(world.GetEntity(sun), light);
  return sun;
}

bool IsOrange(glm::ivec4 pixel) { return pixel.r > 200 && pixel.g > 90 && pixel.g < 190 && pixel.b < 90; }

}  // namespace

TEST_CASE("Clicking an entity selects it, clicking empty space clears the selection", "[viewport][panel][pick]") {
  EditorContext context(t::TestEditorOptions());
  const auto left = t::AddMesh(context.World(), "Left", ecs::MeshShape::kCube, t::At({-3, 0, 0}), kRed);
  const auto right = t::AddMesh(context.World(), "Right", ecs::MeshShape::kSphere, t::At({3, 0, 0}), kRed);
  t::PanelHarness harness(context);
  LookFromFront(harness.Panel());
  harness.Frame();

  harness.Click(ScreenOf(harness.Panel(), {-3, 0, 0}));
  CHECK(context.GetSelection().Ids() == std::vector<ecs::EntityId>{left});
  harness.Click(ScreenOf(harness.Panel(), {3, 0, 0}) + glm::vec2(30, 0));  // beside the gizmo, in empty space
  CHECK(context.GetSelection().Empty());
  harness.Click(ScreenOf(harness.Panel(), {3, 0, 0}));
  CHECK(context.GetSelection().Ids() == std::vector<ecs::EntityId>{right});
  CHECK(context.GetHistory().UndoCount() == 0);  // selecting is not an edit
}

TEST_CASE("Ctrl+clicking adds an entity to the selection or removes it", "[viewport][panel][pick]") {
  EditorContext context(t::TestEditorOptions());
  const auto left = t::AddMesh(context.World(), "Left", ecs::MeshShape::kCube, t::At({-3, 0, 0}));
  const auto right = t::AddMesh(context.World(), "Right", ecs::MeshShape::kCube, t::At({3, 0, 0}));
  t::PanelHarness harness(context);
  LookFromFront(harness.Panel());
  harness.Frame();

  harness.Click(ScreenOf(harness.Panel(), {-3, 0, 0}));
  harness.SetCtrl(true);
  // The cubes sit 125 pixels apart: the gizmo of the first one does not cover the second.
  harness.Click(ScreenOf(harness.Panel(), {3, 0.3f, 0}));
  CHECK(context.GetSelection().Ids() == std::vector<ecs::EntityId>{left, right});
  CHECK(context.GetSelection().Primary() == right);
  harness.Click(ScreenOf(harness.Panel(), {-3, 0.3f, 0}));
  CHECK(context.GetSelection().Ids() == std::vector<ecs::EntityId>{right});
  harness.Click(ScreenOf(harness.Panel(), {0, 3, 0}));  // empty space keeps the selection
  CHECK(context.GetSelection().Ids() == std::vector<ecs::EntityId>{right});
  harness.SetCtrl(false);
}

TEST_CASE("Dragging the X translate handle moves the entity along X only as one undo step",
          "[viewport][panel][gizmo][undo]") {
  EditorContext context(t::TestEditorOptions());
  const auto cube = t::AddMesh(context.World(), "Cube", ecs::MeshShape::kCube, t::At({0, 0.25f, 0}));
  t::PanelHarness harness(context);
  LookFromFront(harness.Panel());
  harness.Frame();
  harness.Click(ScreenOf(harness.Panel(), {0, 0.25f, 0}));
  REQUIRE(context.GetSelection().Primary() == cube);
  const std::string before = ecs::DumpWorld(context.World());

  const glm::vec2 handle = ScreenOf(harness.Panel(), {0, 0.25f, 0}) + glm::vec2(70, 0);
  const float pixels_per_unit = PixelsPerUnitAt(harness.Panel(), {0, 0.25f, 0});
  harness.Drag(handle, handle + glm::vec2(2.0f * pixels_per_unit, 0));
  CHECK_FALSE(harness.Panel().IsDragging());

  const ecs::Transform& moved = t::TransformOf(context.World(), cube);
  CHECK(moved.position.x == Approx(2.0f).margin(0.05));
  CHECK(moved.position.y == 0.25f);
  CHECK(moved.position.z == 0.0f);
  CHECK(context.GetHistory().UndoCount() == 1);
  CHECK(context.GetHistory().UndoName() == "Move 'Cube'");
  CHECK(context.GetSelection().Primary() == cube);  // the drag did not pick

  context.Undo();
  context.Flush();
  CHECK(ecs::DumpWorld(context.World()) == before);
}

TEST_CASE("Dragging a child along world X converts the move through its parent's transform",
          "[viewport][panel][gizmo][local]") {
  EditorContext context(t::TestEditorOptions());
  const glm::quat quarter_turn_y = glm::angleAxis(glm::radians(90.0f), glm::vec3(0, 1, 0));
  const auto parent = t::AddEntity(context.World(), "Parent", t::At({0, 0, 0}, quarter_turn_y, glm::vec3(2.0f)));
  const auto child = t::AddMesh(context.World(), "Child", ecs::MeshShape::kCube, t::At({0, 0, 0}, {1, 0, 0, 0}, glm::vec3(0.5f)),
                                kRed, parent);
  t::PanelHarness harness(context);
  LookFromFront(harness.Panel());
  harness.Frame();
  harness.Click(ScreenOf(harness.Panel(), {0, 0, 0}));
  REQUIRE(context.GetSelection().Primary() == child);

  const glm::vec2 handle = ScreenOf(harness.Panel(), {0, 0, 0}) + glm::vec2(70, 0);
  harness.Drag(handle, handle + glm::vec2(2.0f * PixelsPerUnitAt(harness.Panel(), {0, 0, 0}), 0));

  const glm::vec3 world_position = t::WorldPositionOf(context.World(), child);
  CHECK(world_position.x == Approx(2.0f).margin(0.05));
  CHECK(world_position.y == Approx(0.0f).margin(1e-5));
  CHECK(world_position.z == Approx(0.0f).margin(1e-5));
  // World +X is the parent's local +Z, at half the length (the parent is scaled by 2).
  const glm::vec3 local = t::TransformOf(context.World(), child).position;
  CHECK(local.z == Approx(1.0f).margin(0.03));
  CHECK(local.x == Approx(0.0f).margin(1e-5));
  CHECK(context.GetHistory().UndoCount() == 1);
}

TEST_CASE("A click on a gizmo handle does not pick and does not edit", "[viewport][panel][gizmo][pick]") {
  EditorContext context(t::TestEditorOptions());
  const auto cube = t::AddMesh(context.World(), "Cube", ecs::MeshShape::kCube);
  // Right behind the X handle, so a pick there would select it.
  t::AddMesh(context.World(), "Behind", ecs::MeshShape::kCube, t::At({1.7f, 0, -3}, {1, 0, 0, 0}, glm::vec3(2.0f)));
  t::PanelHarness harness(context);
  LookFromFront(harness.Panel());
  harness.Frame();
  harness.Click(ScreenOf(harness.Panel(), {0, 0, 0}));
  REQUIRE(context.GetSelection().Primary() == cube);

  harness.Click(ScreenOf(harness.Panel(), {0, 0, 0}) + glm::vec2(70, 0));
  CHECK(context.GetSelection().Ids() == std::vector<ecs::EntityId>{cube});
  CHECK(context.GetHistory().UndoCount() == 0);
}

TEST_CASE("Holding Ctrl snaps a move to the translate step", "[viewport][panel][gizmo]") {
  EditorContext context(t::TestEditorOptions());
  const auto cube = t::AddMesh(context.World(), "Cube", ecs::MeshShape::kCube);
  t::PanelHarness harness(context);
  LookFromFront(harness.Panel());
  harness.Frame();
  harness.Click(ScreenOf(harness.Panel(), {0, 0, 0}));
  harness.Panel().Tools().translate_snap = 0.5f;

  const glm::vec2 handle = ScreenOf(harness.Panel(), {0, 0, 0}) + glm::vec2(70, 0);
  harness.SetCtrl(true);
  harness.Drag(handle, handle + glm::vec2(1.3f * PixelsPerUnitAt(harness.Panel(), {0, 0, 0}), 0));
  harness.SetCtrl(false);
  harness.Frame();
  const float x = t::TransformOf(context.World(), cube).position.x;
  CHECK(x == Approx(1.5f).margin(1e-4));
  CHECK(context.GetHistory().UndoCount() == 1);
}

TEST_CASE("Rotating two entities with the Z ring turns them about their centre", "[viewport][panel][gizmo][multi]") {
  EditorContext context(t::TestEditorOptions());
  const auto a = t::AddMesh(context.World(), "A", ecs::MeshShape::kCube, t::At({-2, 0, 0}));
  const auto b = t::AddMesh(context.World(), "B", ecs::MeshShape::kCube, t::At({2, 0, 0}));
  t::PanelHarness harness(context);
  LookFromFront(harness.Panel());
  harness.Panel().Tools().tool = GizmoTool::kRotate;
  harness.Frame();
  harness.Click(ScreenOf(harness.Panel(), {-2, 0, 0}));
  harness.SetCtrl(true);
  harness.Click(ScreenOf(harness.Panel(), {2, 0, 0}));
  harness.SetCtrl(false);
  REQUIRE(context.GetSelection().Count() == 2);

  // The Z ring faces the camera: a circle of the handle length around the centre.
  const glm::vec2 centre = ScreenOf(harness.Panel(), {0, 0, 0});
  // Grabbed at 45 degrees (clear of the X and Y rings, which are seen edge-on)
  // and dragged a quarter turn counter-clockwise.
  const float r = 110.0f * std::sqrt(0.5f);
  harness.Drag(centre + glm::vec2(r, -r), centre + glm::vec2(-r, -r), 0, 20);

  const ecs::Transform& ta = t::TransformOf(context.World(), a);
  const ecs::Transform& tb = t::TransformOf(context.World(), b);
  INFO("A at " << t::Show(ta.position) << ", B at " << t::Show(tb.position));
  CHECK(glm::length(ta.position) == Approx(2.0f).margin(1e-3));
  CHECK(ta.position.z == Approx(0.0f).margin(1e-4));
  CHECK(t::Near(ta.position, -tb.position, 1e-3f));
  CHECK(std::abs(ta.position.y) > 0.5f);  // it did turn
  CHECK(t::SameRotation(ta.rotation, tb.rotation));
  CHECK(context.GetHistory().UndoCount() == 1);
  CHECK(context.GetHistory().UndoName() == "Rotate 2 entities");
}

TEST_CASE("Holding the right button with W flies the camera while the panel reports navigating",
          "[viewport][panel][camera]") {
  EditorContext context(t::TestEditorOptions());
  t::PanelHarness harness(context);
  LookFromFront(harness.Panel());
  harness.MoveTo({320, 240});
  harness.Frame();
  CHECK_FALSE(harness.Panel().IsNavigating());
  harness.SetButton(1, true);
  harness.Frame();
  CHECK(harness.Panel().IsNavigating());
  harness.SetKey(GLFW_KEY_W, true);
  harness.Frames(30);  // half a second at the default 5 units per second
  harness.SetKey(GLFW_KEY_W, false);
  harness.SetButton(1, false);
  harness.Frame();
  CHECK_FALSE(harness.Panel().IsNavigating());
  CHECK_NEAR_VEC(harness.Panel().Camera().Position(), glm::vec3(0, 0, 7.5f));
  CHECK(harness.Panel().Tools().tool == GizmoTool::kTranslate);
}

TEST_CASE("Frame Selected targets the selection and does nothing without one", "[viewport][panel][camera]") {
  EditorContext context(t::TestEditorOptions());
  const auto far = t::AddMesh(context.World(), "Far", ecs::MeshShape::kCube, t::At({5, 1, -3}));
  t::PanelHarness harness(context);
  LookFromFront(harness.Panel());
  harness.Frame();
  harness.Panel().FrameSelected();
  CHECK_NEAR_VEC(harness.Panel().Camera().Target(), glm::vec3(0, 0, 0));
  context.GetSelection().Select(far);
  harness.Panel().FrameSelected();
  CHECK_NEAR_VEC(harness.Panel().Camera().Target(), glm::vec3(5, 1, -3));
  CHECK(harness.Panel().Camera().Distance() < 5.0f);
}

TEST_CASE("The wheel zooms towards the cursor and a right drag orbits the target", "[viewport][panel][camera]") {
  EditorContext context(t::TestEditorOptions());
  t::PanelHarness harness(context);
  LookFromFront(harness.Panel());
  harness.MoveTo({320, 240});
  harness.Frame();
  harness.Wheel(2.0f);
  harness.Frame();
  CHECK(harness.Panel().Camera().Distance() < 9.0f);

  const glm::vec3 before = harness.Panel().Camera().Position();
  harness.Drag({320, 240}, {420, 240}, 1);
  CHECK_NEAR_VEC(harness.Panel().Camera().Target(), glm::vec3(0, 0, 0));
  CHECK_FALSE(t::Near(harness.Panel().Camera().Position(), before, 0.1f));
  CHECK(context.GetSelection().Empty());
}

TEST_CASE("The image shows the cube in its colour under the scene's light and outlines it when selected",
          "[viewport][panel][pixels]") {
  EditorContext context(t::TestEditorOptions());
  const auto cube = t::AddMesh(context.World(), "Cube", ecs::MeshShape::kCube, t::At({0, 0, 0}, {1, 0, 0, 0}, glm::vec3(2.0f)),
                               kRed);
  AddSun(context.World());
  t::PanelHarness harness(context);
  LookFromFront(harness.Panel());
  harness.MoveTo({5, 5});
  harness.Frame();
  t::Image image = t::Capture(harness.Panel());
  REQUIRE(image.width == t::PanelHarness::kWidth);
  REQUIRE(image.height == t::PanelHarness::kHeight);
  t::WritePng(image, "viewport_cube.png");

  // The face towards the camera and the light is lit red.
  const glm::vec2 centre = ScreenOf(harness.Panel(), {0, 0, 0});
  const glm::ivec4 lit = image.At(static_cast<int>(centre.x), static_cast<int>(centre.y));
  INFO("centre pixel " << t::Show(lit));
  CHECK(lit.r > 150);
  CHECK(lit.r > lit.g + 100);
  CHECK(lit.r > lit.b + 100);
  // Far from the cube: the background, not red.
  const glm::ivec4 background = image.At(20, 460);
  CHECK(background.r < 100);

  // Below the gizmo's plane handle, along the cube's right edge.
  const int row = static_cast<int>(centre.y) + 25;
  const int edge = static_cast<int>(ScreenOf(harness.Panel(), {1, 0, 0}).x);
  const auto orange_near_edge = [&](const t::Image& picture) {
    for (int x = edge - 4; x <= edge + 6; ++x) {
      if (IsOrange(picture.At(x, row))) return true;
    }
    return false;
  };
  CHECK_FALSE(orange_near_edge(image));

  context.GetSelection().Select(cube);
  harness.Frame();
  image = t::Capture(harness.Panel());
  t::WritePng(image, "viewport_cube_selected.png");
  CHECK(orange_near_edge(image));
}

TEST_CASE("A broken shader is reported with its file name and the driver's log, the panel still draws",
          "[viewport][panel][errors]") {
  EditorContext context(t::TestEditorOptions());
  t::AddMesh(context.World(), "Cube", ecs::MeshShape::kCube);
  t::PanelHarness harness(context);
  const std::vector<std::string> problems =
      harness.Panel().Initialize({{"mesh.frag", "#version 330 core\nthis is not glsl;\n"}});
  REQUIRE(problems.size() == 1);
  INFO(problems.front());
  CHECK(problems.front().rfind("mesh.frag: ", 0) == 0);
  CHECK(problems.front().size() > std::string("mesh.frag: ").size() + 10);  // carries the driver's log
  // Returned for the caller to show, not logged twice.
  CHECK(context.Log().Empty());

  LookFromFront(harness.Panel());
  harness.Frames(2);
  const t::Image image = t::Capture(harness.Panel());
  t::WritePng(image, "viewport_shader_error.png");
  // The error colour (magenta) shows instead of a silently black image.
  const glm::ivec4 corner = image.At(1, 1);
  CHECK(corner.r > 200);
  CHECK(corner.g < 60);
  CHECK(corner.b > 200);
}

TEST_CASE("The camera is saved to and restored from the scene's editor data", "[viewport][panel][camera]") {
  EditorContext context(t::TestEditorOptions());
  t::PanelHarness harness(context);
  cairn::ecs::PlainValue editor = cairn::ecs::PlainValue::MakeObject();
  editor.Add("other", "kept");
  editor.Add("camera", cairn::editor::CameraToEditorData({{1, 2, 3}, {0, 1, 0}}).AsObject().front().second);
  harness.Panel().LoadEditorData(editor);
  CHECK_NEAR_VEC(harness.Panel().Camera().Position(), glm::vec3(1, 2, 3));
  CHECK_NEAR_VEC(harness.Panel().Camera().Target(), glm::vec3(0, 1, 0));
  const cairn::ecs::PlainValue saved = harness.Panel().SaveEditorData();
  REQUIRE(saved.Find("other") != nullptr);
  const auto restored = cairn::editor::CameraFromEditorData(saved, {});
  REQUIRE(restored.has_value());
  CHECK_NEAR_VEC(restored->position, glm::vec3(1, 2, 3));

  harness.Panel().SetViewPreset(cairn::editor::ViewPreset::kTop);
  CHECK(harness.Panel().Camera().Projection() == render::ProjectionKind::Orthographic);
  CHECK(glm::dot(harness.Panel().Camera().Forward(), glm::vec3(0, -1, 0)) > 0.999f);
  harness.Panel().SetViewPreset(cairn::editor::ViewPreset::kPerspective);
  CHECK(harness.Panel().Camera().Projection() == render::ProjectionKind::Perspective);
}

TEST_CASE("An imported mesh is drawn once loaded, a missing one as a placeholder, and a thumbnail is made once",
          "[viewport][panel][assets]") {
  cairn::editor::EditorOptions options = t::TestEditorOptions();
  options.untitled_asset_folder = cairn::test::SourcePath("tests/assets/data");
  EditorContext context(options);
  const auto crate = t::AddMesh(context.World(), "Crate", ecs::MeshShape::kSphere, t::At({-2, 0, 0}), glm::vec4(1.0f));
  context.World().GetComponent<ecs::MeshRenderer>(context.World().GetEntity(crate)).asset = "crate.glb";
  const auto gate = t::AddMesh(context.World(), "Gate", ecs::MeshShape::kSphere, t::At({2, 0, 0}), glm::vec4(1.0f));
  context.World().GetComponent<ecs::MeshRenderer>(context.World().GetEntity(gate)).asset = "gone/gate.glb";
  AddSun(context.World());
  t::PanelHarness harness(context);
  LookFromFront(harness.Panel());
  REQUIRE(harness.Panel().Thumbnail("crate.glb") == 0);  // asked for: made once the import is in

  std::uint32_t thumbnail = 0;
  for (int frame = 0; frame < 400 && thumbnail == 0; ++frame) {
    harness.Frame();
    thumbnail = harness.Panel().Thumbnail("crate.glb");
    if (thumbnail == 0) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  REQUIRE(thumbnail != 0);
  harness.Frame();
  REQUIRE(harness.Panel().Thumbnail("crate.glb") == thumbnail);  // kept, not made again

  const t::Image image = t::Capture(harness.Panel());
  const glm::ivec4 wood = image.At(glm::ivec2(ScreenOf(harness.Panel(), {-2, 0, 0})));
  const glm::ivec4 placeholder = image.At(glm::ivec2(ScreenOf(harness.Panel(), {2, 0, 0})));
  INFO("crate " << wood.r << "," << wood.g << "," << wood.b << "; gate " << placeholder.r << "," << placeholder.g
                << "," << placeholder.b);
  CHECK((wood.r > wood.g && wood.g > wood.b && wood.r > 60));  // the crate's wood colour, not a sphere's white
  CHECK((placeholder.r > 120 && placeholder.b > 120 && placeholder.g < 60));  // magenta: the file is missing
  CHECK(context.Log().Count(cairn::editor::Severity::kError) == 0);

  // Reimporting draws the placeholder until the file is read again, then the crate.
  harness.Panel().Reimport("crate.glb");
  REQUIRE(harness.Panel().Thumbnail("crate.glb") == 0);
  harness.Frame();
  std::uint32_t again = 0;
  for (int frame = 0; frame < 400 && again == 0; ++frame) {
    harness.Frame();
    again = harness.Panel().Thumbnail("crate.glb");
    if (again == 0) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  REQUIRE(again != 0);
  harness.Frame();
  const glm::ivec4 reimported = t::Capture(harness.Panel()).At(glm::ivec2(ScreenOf(harness.Panel(), {-2, 0, 0})));
  CHECK(reimported == wood);

  // Framing the imported crate uses its bounds.
  context.GetSelection().Select(crate);
  harness.Panel().FrameSelected();
  CHECK(glm::length(harness.Panel().Camera().State().target - glm::vec3(-2, 0, 0)) < 1e-3f);
}
