#include <catch2/catch.hpp>

#include <GLFW/glfw3.h>

#include <glm/gtc/quaternion.hpp>

#include "cairn/ecs/components/follow.h"
#include "cairn/ecs/components/light.h"
#include "cairn/ecs/components/mesh_renderer.h"
#include "cairn/editor/panels/bounded_text.h"
#include "cairn/editor/panels/field_editor.h"
#include "cairn/test/files.h"
#include "headless_editor.h"
#include "long_text_scenes.h"
#include "panel_helpers.h"

using namespace cairn::editor::testing;
namespace ecs = cairn::ecs;
namespace actions = cairn::editor::actions;

namespace {

// The centre of component `index` (0 = x) of a vector field's row.
ImVec2 ComponentCentre(HeadlessEditor& editor, const std::string& field, int index, int count) {
  const auto box = editor.Where("inspector/field/" + field);
  const float spacing = ImGui::GetStyle().ItemInnerSpacing.x;
  const float width = (box.w - spacing * static_cast<float>(count - 1)) / static_cast<float>(count);
  return ImVec2(box.x + (width + spacing) * static_cast<float>(index) + width * 0.5f, box.y + box.h * 0.5f);
}

// A component with a string field, as a game might register.
struct Note {
  std::string text;
  friend bool operator==(const Note&, const Note&) = default;
};

std::unique_ptr<ecs::Coordinator> WorldWithNotes() {
  std::unique_ptr<ecs::Coordinator> world = cairn::editor::CreateBuiltinWorld();
  world->RegisterComponent<Note>("Note").Field("text", &Note::text);
  return world;
}

// A selected cube with a Note holding `text`.
ecs::EntityId CubeWithNote(HeadlessEditor& editor, const std::string& text) {
  const ecs::EntityId cube = CreateCube(editor, "Crate");
  ecs::Coordinator& world = editor.Context().World();
  editor.Context().Enqueue(actions::AddComponent(world, std::vector{cube}, "Note"));
  editor.Frames(2);
  world.GetComponent<Note>(world.GetEntity(cube)).text = text;
  editor.Frames(2);
  return cube;
}

const std::string& NoteOf(HeadlessEditor& editor, ecs::EntityId id) {
  const ecs::Coordinator& world = editor.Context().World();
  return world.GetComponent<Note>(world.GetEntity(id)).text;
}

bool StartsInside(const cairn::editor::WidgetMap::Box& inner, const cairn::editor::WidgetMap::Box& outer) {
  return inner.x >= outer.x && inner.y >= outer.y && inner.x <= outer.x + outer.w && inner.y <= outer.y + outer.h;
}

}  // namespace

TEST_CASE("Field labels read as words", "[editor_panels][inspector]") {
  CHECK(cairn::editor::FieldLabel("cone_angle") == "Cone Angle");
  CHECK(cairn::editor::FieldLabel("fov") == "Fov");
}

TEST_CASE("A MeshRenderer's built-in mesh is unused while it names an asset file", "[editor_panels][inspector]") {
  auto world = cairn::editor::CreateBuiltinWorld();
  const ecs::ComponentInfo& info = *world->FindComponentInfo("MeshRenderer");
  const ecs::FieldInfo& mesh = info.fields[0];
  REQUIRE(mesh.name == "mesh");
  ecs::MeshRenderer renderer;
  CHECK(cairn::editor::SupersedingField(info, mesh, &renderer) == nullptr);
  renderer.asset = "meshes/crate.glb";
  const ecs::FieldInfo* superseding = cairn::editor::SupersedingField(info, mesh, &renderer);
  REQUIRE(superseding != nullptr);
  CHECK(superseding->name == "asset");
  CHECK(cairn::editor::SupersedingField(info, info.fields[1], &renderer) == nullptr);  // colour: always used
}

TEST_CASE("Inspector: dragging a field is one undo step", "[editor_panels][inspector]") {
  HeadlessEditor editor;
  const ecs::EntityId cube = CreateCube(editor, "Crate");
  const std::size_t steps_before = editor.Context().GetHistory().UndoCount();
  const ImVec2 x = ComponentCentre(editor, "Transform/position", 0, 3);
  editor.Drag(x, ImVec2(x.x + 40.0f, x.y), 8);
  editor.Frames(2);
  CHECK(TransformOf(editor, cube).position.x == Approx(4.0f).margin(0.11f));  // 40 px at 0.1 per px
  CHECK(editor.Context().GetHistory().UndoCount() == steps_before + 1);
  CHECK(editor.Context().GetHistory().UndoName() == "Change Transform.position");
  editor.Key(GLFW_KEY_Z, true);
  editor.Frames(2);
  CHECK(TransformOf(editor, cube).position.x == 0.0f);
}

TEST_CASE("Inspector: a value typed into a field is set exactly", "[editor_panels][inspector]") {
  HeadlessEditor editor;
  const ecs::EntityId cube = CreateCube(editor, "Crate");
  editor.DoubleClick(ComponentCentre(editor, "Transform/position", 1, 3));  // text input mode
  editor.Frame();
  editor.Key(GLFW_KEY_A, true);
  editor.Type("2.5");
  editor.Key(GLFW_KEY_ENTER);
  editor.Frames(2);
  CHECK(TransformOf(editor, cube).position.y == 2.5f);
}

TEST_CASE("Inspector: rotation is edited as Euler degrees", "[editor_panels][inspector]") {
  HeadlessEditor editor;
  const ecs::EntityId cube = CreateCube(editor, "Crate");
  editor.DoubleClick(ComponentCentre(editor, "Transform/rotation", 1, 3));
  editor.Frame();
  editor.Key(GLFW_KEY_A, true);
  editor.Type("90");
  editor.Key(GLFW_KEY_ENTER);
  editor.Frames(2);
  const glm::quat expected = glm::angleAxis(glm::radians(90.0f), glm::vec3(0.0f, 1.0f, 0.0f));
  const glm::quat actual = TransformOf(editor, cube).rotation;
  CHECK(std::abs(glm::dot(actual, expected)) == Approx(1.0f).margin(1e-5));
}

TEST_CASE("Inspector: an edit with several entities selected sets all of them in one step",
          "[editor_panels][inspector]") {
  HeadlessEditor editor;
  const ecs::EntityId a = CreateCube(editor, "A");
  const ecs::EntityId b = CreateCube(editor, "B");
  editor.Context().GetSelection().SelectAll(std::vector{a, b});
  editor.Frames(2);
  const std::size_t steps_before = editor.Context().GetHistory().UndoCount();
  const ImVec2 z = ComponentCentre(editor, "Transform/scale", 2, 3);
  editor.Drag(z, ImVec2(z.x + 100.0f, z.y), 10);  // 100 px at 0.01 per px
  editor.Frames(2);
  CHECK(TransformOf(editor, a).scale.z == Approx(2.0f).margin(0.02f));
  CHECK(TransformOf(editor, b).scale.z == TransformOf(editor, a).scale.z);
  CHECK(editor.Context().GetHistory().UndoCount() == steps_before + 1);
  CHECK(editor.Context().GetHistory().UndoName() == "Change Transform.scale on 2 entities");
}

TEST_CASE("Inspector: the remove button removes a component", "[editor_panels][inspector]") {
  HeadlessEditor editor;
  const ecs::EntityId cube = CreateCube(editor, "Crate");
  editor.Click("inspector/remove/MeshRenderer");
  editor.Frames(2);
  CHECK_FALSE(editor.Context().World().HasComponent<ecs::MeshRenderer>(editor.Context().World().GetEntity(cube)));
}

TEST_CASE("Inspector: an enum is chosen from a combo", "[editor_panels][inspector]") {
  HeadlessEditor editor;
  const ecs::EntityId cube = CreateCube(editor, "Crate");
  editor.Click("inspector/field/MeshRenderer/mesh");
  editor.Frame();
  // The combo lists Cube, Sphere, Plane, ... one line each below the field.
  const auto field = editor.Where("inspector/field/MeshRenderer/mesh");
  const float line = ImGui::GetTextLineHeightWithSpacing();
  editor.Click(ImVec2(field.x + 30.0f, field.y + field.h + ImGui::GetStyle().WindowPadding.y + line * 1.5f));
  editor.Frames(2);
  const ecs::Coordinator& world = editor.Context().World();
  CHECK(world.GetComponent<ecs::MeshRenderer>(world.GetEntity(cube)).mesh == ecs::MeshShape::kSphere);
}

TEST_CASE("Inspector: an entity dragged from the Hierarchy sets a reference field", "[editor_panels][inspector]") {
  HeadlessEditor editor;
  const ecs::EntityId target = CreateCube(editor, "Target");
  const ecs::EntityId follower = CreateCube(editor, "Follower");
  editor.Context().Enqueue(actions::AddComponent(editor.Context().World(), std::vector{follower}, "Follow"));
  editor.Frames(2);
  editor.Drag(editor.Centre("hierarchy/entity/Target"), editor.Centre("inspector/field/Follow/target"));
  editor.Frames(2);
  const ecs::Coordinator& world = editor.Context().World();
  CHECK(world.GetComponent<ecs::Follow>(world.GetEntity(follower)).target == target);
  CHECK(editor.Context().GetSelection().Ids() == std::vector{follower});
}

TEST_CASE("Inspector: component values copy onto another entity", "[editor_panels][inspector]") {
  HeadlessEditor editor;
  const ecs::EntityId a = CreateCube(editor, "A");
  TransformOf(editor, a).position = {7.0f, 8.0f, 9.0f};
  editor.Click("inspector/component/Transform", 1);
  editor.Frame();
  editor.Click("inspector/component_menu/Copy_Values");
  const ecs::EntityId b = CreateCube(editor, "B");
  editor.Click("inspector/component/Transform", 1);
  editor.Frame();
  editor.Click("inspector/component_menu/Paste_Values");
  editor.Frames(2);
  CHECK(TransformOf(editor, b).position == glm::vec3(7.0f, 8.0f, 9.0f));
}

TEST_CASE("Inspector: renaming through the name field", "[editor_panels][inspector]") {
  HeadlessEditor editor;
  const ecs::EntityId cube = CreateCube(editor, "Crate");
  editor.Click("inspector/name");
  editor.Key(GLFW_KEY_A, true);
  editor.Type("Box");
  editor.Key(GLFW_KEY_ENTER);
  editor.Frames(2);
  CHECK(NameOf(editor, cube) == "Box");
}

// ---- Text too long to draw whole ----------------------------------------------------------

TEST_CASE("Inspector: a 20,000-character name is shown elided and read-only, copied whole and replaced",
          "[editor_panels][inspector][long_text]") {
  HeadlessEditor editor;
  const std::string name(kLongTextCharacters, 'I');
  const ecs::EntityId cube = CreateCube(editor, name);
  editor.Frames(2);
  CHECK(editor.LargestDrawListVertices() < 65536);
  CHECK(StartsInside(editor.Where("text/long_value/copy"), editor.Where("panel/Inspector")));
  editor.Click("text/long_value/copy");
  CHECK(std::string(ImGui::GetClipboardText()) == name);

  editor.Click("text/long_value/replace");
  editor.Frames(2);
  editor.Type("Crate");
  editor.Key(GLFW_KEY_ENTER);
  editor.Frames(2);
  CHECK(NameOf(editor, cube) == "Crate");
  editor.Key(GLFW_KEY_Z, true);
  editor.Frames(2);
  CHECK(NameOf(editor, cube) == name);
}

TEST_CASE("Inspector: Escape in the Replace popup keeps a long name", "[editor_panels][inspector][long_text]") {
  HeadlessEditor editor;
  const std::string name(kLongTextCharacters, 'I');
  const ecs::EntityId cube = CreateCube(editor, name);
  const std::size_t steps = editor.Context().GetHistory().UndoCount();
  editor.Click("text/long_value/replace");
  editor.Frames(2);
  editor.Type("Crate");
  editor.Key(GLFW_KEY_ESCAPE);
  editor.Frames(2);
  CHECK(NameOf(editor, cube) == name);
  CHECK(editor.Context().GetHistory().UndoCount() == steps);
}

TEST_CASE("Inspector: a 20,000-character string field is shown elided and read-only, copied whole and replaced",
          "[editor_panels][inspector][long_text]") {
  HeadlessEditor editor({.world_factory = WorldWithNotes});
  const std::string text(kLongTextCharacters, 'S');
  const ecs::EntityId cube = CubeWithNote(editor, text);
  CHECK(editor.LargestDrawListVertices() < 65536);
  editor.Click("text/long_value/copy");
  CHECK(std::string(ImGui::GetClipboardText()) == text);
  editor.Click("text/long_value/replace");
  editor.Frames(2);
  editor.Type("short");
  editor.Click("text/long_value/ok");
  editor.Frames(2);
  CHECK(NoteOf(editor, cube) == "short");
  editor.Key(GLFW_KEY_Z, true);
  editor.Frames(2);
  CHECK(NoteOf(editor, cube) == text);
}

TEST_CASE("Inspector: a string field stops growing at its maximum length", "[editor_panels][inspector][long_text]") {
  HeadlessEditor editor({.world_factory = WorldWithNotes});
  const ecs::EntityId cube = CubeWithNote(editor, "short");
  ImGui::SetClipboardText(std::string(kLongTextCharacters, 'P').c_str());
  editor.Click("inspector/field/Note/text");
  editor.Key(GLFW_KEY_A, true);
  editor.Key(GLFW_KEY_V, true);
  editor.Key(GLFW_KEY_ENTER);
  editor.Frames(2);
  CHECK(editor.LargestDrawListVertices() < 65536);
  CHECK(NoteOf(editor, cube) == std::string(cairn::editor::kMaxEditableBytes, 'P'));
}

TEST_CASE("Inspector: unknown components with a 17 KB name show their JSON elided", "[editor_panels][inspector][long_text]") {
  cairn::test::TempDir folder;
  const std::string name(17000, 'U');
  const auto file = folder.Write("unknown.json", SceneWithUnknownComponent(name));
  HeadlessEditor editor;
  editor.App().Start(file);
  editor.Frames(2);
  editor.Click("hierarchy/entity/Crate");
  editor.Click("inspector/unknown_components");
  editor.Frames(2);
  CHECK(editor.LargestDrawListVertices() < 65536);
  CHECK(StartsInside(editor.Where("text/elided"), editor.Where("panel/Inspector")));
  editor.Click("text/elided", 1);
  editor.Click("text/elided/copy");
  CHECK(std::string(ImGui::GetClipboardText()) == R"({")" + name + R"(":{"strength":1}})");
}

TEST_CASE("Inspector: references to and selections of entities with 20,000-character names render",
          "[editor_panels][inspector][long_text]") {
  HeadlessEditor editor;
  const ecs::EntityId a = CreateCube(editor, std::string(kLongTextCharacters, 'A'));
  const ecs::EntityId b = CreateCube(editor, std::string(kLongTextCharacters, 'B'));
  editor.Context().Enqueue(actions::AddComponent(editor.Context().World(), std::vector{a}, "Follow"));
  editor.Frames(2);
  ecs::Coordinator& world = editor.Context().World();
  world.GetComponent<ecs::Follow>(world.GetEntity(a)).target = b;  // a reference shows the target's name
  editor.Context().GetSelection().Select(a);
  editor.Frames(2);
  CHECK(editor.LargestDrawListVertices() < 65536);
  editor.Context().GetSelection().SelectAll(std::vector{a, b});
  editor.Frames(2);
  CHECK(editor.Context().GetSelection().Count() == 2);
  CHECK(editor.LargestDrawListVertices() < 65536);
}
