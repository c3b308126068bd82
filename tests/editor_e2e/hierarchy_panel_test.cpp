#include <catch2/catch.hpp>

#include <GLFW/glfw3.h>

#include <glm/mat4x4.hpp>

#include "cairn/ecs/components/light.h"
#include "cairn/ecs/world_dump.h"
#include "cairn/editor/panels/hierarchy_panel.h"
#include "cairn/editor/panels/bounded_text.h"
#include "cairn/serialization/document.h"
#include "cairn/serialization/prefab.h"
#include "cairn/serialization/scene_writer.h"
#include "cairn/test/files.h"
#include "headless_editor.h"
#include "long_text_scenes.h"
#include "panel_helpers.h"

using namespace cairn::editor::testing;
namespace ecs = cairn::ecs;
namespace actions = cairn::editor::actions;

namespace {

ImVec2 RowCentre(HeadlessEditor& editor, const std::string& name) { return editor.Centre("hierarchy/entity/" + name); }

// A point inside the row, `fraction` of the way down.
ImVec2 RowPoint(HeadlessEditor& editor, const std::string& name, float fraction) {
  const auto box = editor.Where("hierarchy/entity/" + name);
  return ImVec2(box.x + box.w * 0.6f, box.y + box.h * fraction);
}

std::vector<std::string> SelectedNames(HeadlessEditor& editor) {
  std::vector<std::string> names;
  for (const ecs::EntityId id : editor.Context().GetSelection().Ids()) names.push_back(NameOf(editor, id));
  return names;
}

struct ThreeCubes {
  HeadlessEditor editor;
  ecs::EntityId a, b, c;
  ThreeCubes() {
    a = CreateCube(editor, "A");
    b = CreateCube(editor, "B");
    c = CreateCube(editor, "C");
    editor.Context().GetSelection().Clear();
    editor.Frames(2);
  }
};

}  // namespace

TEST_CASE("Hierarchy: click selects, Ctrl+click toggles, Shift+click selects a range", "[editor_panels][hierarchy]") {
  ThreeCubes scene;
  HeadlessEditor& editor = scene.editor;
  editor.Click(RowCentre(editor, "A"));
  CHECK(SelectedNames(editor) == std::vector<std::string>{"A"});
  ImGui::GetIO().KeyCtrl = true;
  editor.Click(RowCentre(editor, "C"));
  ImGui::GetIO().KeyCtrl = false;
  CHECK(SelectedNames(editor) == std::vector<std::string>{"A", "C"});
  editor.Click(RowCentre(editor, "A"));
  ImGui::GetIO().KeyShift = true;
  editor.Click(RowCentre(editor, "C"));
  ImGui::GetIO().KeyShift = false;
  CHECK(SelectedNames(editor) == std::vector<std::string>{"A", "B", "C"});
}

TEST_CASE("Hierarchy: F2 renames in place, Enter commits and Escape cancels", "[editor_panels][hierarchy]") {
  ThreeCubes scene;
  HeadlessEditor& editor = scene.editor;
  editor.Click(RowCentre(editor, "B"));
  editor.Key(GLFW_KEY_F2);
  editor.Frame();
  editor.Type("Crate");
  editor.Key(GLFW_KEY_ENTER);
  editor.Frames(2);
  CHECK(NameOf(editor, scene.b) == "Crate");
  CHECK(editor.Context().GetHistory().UndoMenuLabel() == "Undo Rename 'Crate'");

  editor.Key(GLFW_KEY_F2);
  editor.Frame();
  editor.Type("Nope");
  editor.Key(GLFW_KEY_ESCAPE);
  editor.Frames(2);
  CHECK(NameOf(editor, scene.b) == "Crate");
}

TEST_CASE("Hierarchy: double-click renames", "[editor_panels][hierarchy]") {
  ThreeCubes scene;
  HeadlessEditor& editor = scene.editor;
  editor.DoubleClick(RowCentre(editor, "C"));
  editor.Frame();
  editor.Type("Barrel");
  editor.Key(GLFW_KEY_ENTER);
  editor.Frames(2);
  CHECK(NameOf(editor, scene.c) == "Barrel");
}

TEST_CASE("Hierarchy: dropping onto a row reparents, keeping the world position", "[editor_panels][hierarchy]") {
  ThreeCubes scene;
  HeadlessEditor& editor = scene.editor;
  TransformOf(editor, scene.a).position = {1.0f, 2.0f, 3.0f};
  TransformOf(editor, scene.c).position = {5.0f, 0.0f, 0.0f};
  editor.Drag(RowCentre(editor, "A"), RowCentre(editor, "C"));
  editor.Frames(2);
  CHECK(ChildNames(editor, scene.c) == std::vector<std::string>{"A"});
  CHECK(TransformOf(editor, scene.a).position.x == Approx(-4.0f));
  CHECK(editor.Context().GetHistory().UndoName() == "Move 'A'");
}

TEST_CASE("Hierarchy: dropping on a row's top edge moves before it among its siblings", "[editor_panels][hierarchy]") {
  ThreeCubes scene;
  HeadlessEditor& editor = scene.editor;
  editor.Drag(RowCentre(editor, "C"), RowPoint(editor, "A", 0.1f));
  editor.Frames(2);
  CHECK(ChildNames(editor, ecs::kNoEntityId) == std::vector<std::string>{"C", "A", "B"});
  editor.Drag(RowCentre(editor, "C"), RowPoint(editor, "B", 0.9f));
  editor.Frames(2);
  CHECK(ChildNames(editor, ecs::kNoEntityId) == std::vector<std::string>{"A", "B", "C"});
}

TEST_CASE("Hierarchy: dropping on the empty space makes a root, keeping the world position", "[editor_panels][hierarchy]") {
  ThreeCubes scene;
  HeadlessEditor& editor = scene.editor;
  editor.Drag(RowCentre(editor, "B"), RowCentre(editor, "A"));  // B into A, which expands
  editor.Frames(2);
  TransformOf(editor, scene.a).position = {10.0f, 0.0f, 0.0f};
  editor.Context().World().NotifyComponentChanged<ecs::Transform>(editor.Context().World().GetEntity(scene.a));
  editor.Frames(2);
  REQUIRE(ChildNames(editor, scene.a) == std::vector<std::string>{"B"});
  editor.Drag(RowCentre(editor, "B"), editor.Centre("hierarchy/space"));
  editor.Frames(2);
  CHECK(ChildNames(editor, ecs::kNoEntityId) == std::vector<std::string>{"A", "C", "B"});
  CHECK(TransformOf(editor, scene.b).position.x == Approx(10.0f));
}

TEST_CASE("Hierarchy: dragging a multi-selection moves all of it in display order", "[editor_panels][hierarchy]") {
  ThreeCubes scene;
  HeadlessEditor& editor = scene.editor;
  const ecs::EntityId d = CreateCube(editor, "D");
  editor.Context().GetSelection().Clear();
  editor.Frame();
  editor.Click(RowCentre(editor, "C"));
  ImGui::GetIO().KeyCtrl = true;
  editor.Click(RowCentre(editor, "A"));
  ImGui::GetIO().KeyCtrl = false;
  editor.Drag(RowCentre(editor, "A"), RowCentre(editor, "D"));
  editor.Frames(2);
  CHECK(ChildNames(editor, d) == std::vector<std::string>{"A", "C"});
}

TEST_CASE("Hierarchy: the context menu creates a child of the row", "[editor_panels][hierarchy]") {
  ThreeCubes scene;
  HeadlessEditor& editor = scene.editor;
  editor.Click(RowCentre(editor, "B"), 1);
  editor.Frame();
  editor.Click("hierarchy/menu/Point_Light");  // the map writes spaces as _
  editor.Frames(2);
  CHECK(ChildNames(editor, scene.b) == std::vector<std::string>{"Point Light"});
  // The new entity is selected and its row revealed.
  CHECK(SelectedNames(editor) == std::vector<std::string>{"Point Light"});
  CHECK(cairn::editor::GlobalWidgetMap().Boxes().contains("hierarchy/entity/Point_Light"));
}

TEST_CASE("Hierarchy: the search field filters by name and by component", "[editor_panels][hierarchy]") {
  ThreeCubes scene;
  HeadlessEditor& editor = scene.editor;
  editor.Context().Enqueue(actions::CreateLight(editor.Context().World(), ecs::LightType::kSpot, scene.b));
  editor.Frames(2);
  editor.Click("hierarchy/search");
  editor.Type("t:Light");
  editor.Frames(2);
  const auto& rows = editor.App().Hierarchy().Rows();
  REQUIRE(rows.size() == 2);  // B (an ancestor) and its Spot Light
  CHECK_FALSE(rows[0].matches);
  CHECK(rows[1].matches);
  editor.Key(GLFW_KEY_A, true);  // select all text
  editor.Type("c");
  editor.Frames(2);
  REQUIRE(editor.App().Hierarchy().Rows().size() == 1);
  CHECK(editor.App().Hierarchy().Rows()[0].id == scene.c);
}

TEST_CASE("Hierarchy: Delete removes the selection with its children, Ctrl+Z brings it back",
          "[editor_panels][hierarchy]") {
  ThreeCubes scene;
  HeadlessEditor& editor = scene.editor;
  CreateCube(editor, "Child", scene.a);
  const std::string before = ecs::DumpWorld(editor.Context().World());
  editor.Click(RowCentre(editor, "A"));
  editor.Key(GLFW_KEY_DELETE);
  editor.Frames(2);
  CHECK(editor.Context().World().EntityCount() == 2);
  editor.Key(GLFW_KEY_Z, true);
  editor.Frames(2);
  CHECK(ecs::DumpWorld(editor.Context().World()) == before);
}

TEST_CASE("Hierarchy: a selection made elsewhere is revealed and scrolled to", "[editor_panels][hierarchy][large]") {
  HeadlessEditor editor;
  ecs::Coordinator& world = editor.Context().World();
  // 2,000 roots with one child each, all collapsed.
  std::vector<ecs::EntityId> children;
  for (int i = 0; i < 2000; ++i) {
    const ecs::Entity root = world.CreateEntity();
    world.AddComponent<ecs::Name>(root, {"Root " + std::to_string(i)});
    const ecs::Entity child = world.CreateEntity();
    world.AddComponent<ecs::Name>(child, {"Leaf " + std::to_string(i)});
    world.SetParent(child, root);
    children.push_back(world.GetEntityId(child));
  }
  editor.App().Hierarchy().Reset();
  editor.Frames(2);
  CHECK(editor.App().Hierarchy().Rows().size() == 2000);
  editor.Context().GetSelection().Select(children[1500]);
  editor.Frames(3);
  CHECK(editor.App().Hierarchy().Rows().size() == 2001);
  const auto panel = editor.Where("panel/Hierarchy");
  const auto row = editor.Where("hierarchy/entity/Leaf_1500");
  CHECK(row.y >= panel.y);
  CHECK(row.y + row.h <= panel.y + panel.h);
}

TEST_CASE("Hierarchy: a 100,000-entity scene draws only the rows on screen", "[editor_panels][hierarchy][large]") {
  HeadlessEditor editor;
  ecs::Coordinator& world = editor.Context().World();
  world.ReserveEntities(100'000);
  for (int i = 0; i < 100'000; ++i) world.AddComponent<ecs::Name>(world.CreateEntity(), {"E" + std::to_string(i)});
  editor.App().Hierarchy().Reset();
  cairn::editor::GlobalWidgetMap().Clear();
  editor.Frames(2);
  std::size_t drawn = 0;
  for (const auto& [name, box] : cairn::editor::GlobalWidgetMap().Boxes()) drawn += name.rfind("hierarchy/row/", 0) == 0;
  CHECK(editor.App().Hierarchy().Rows().size() == 100'000);
  CHECK(drawn < 60);
  editor.Click("hierarchy/search");
  editor.Type("E99999");
  editor.Frames(2);
  REQUIRE(editor.App().Hierarchy().Rows().size() == 1);
}

// ---- Text too long to draw whole ----------------------------------------------------------

TEST_CASE("Hierarchy: a 20,000-character name is drawn, dragged and renamed without a crash",
          "[editor_panels][hierarchy][long_text]") {
  HeadlessEditor editor;
  const std::string name(kLongTextCharacters, 'H');
  const ecs::EntityId id = CreateCube(editor, name);
  CreateCube(editor, "Other");
  editor.Frames(2);
  CHECK(editor.LargestDrawListVertices() < 65536);
  // Hovering the row shows the name (bounded) in a tooltip, the row being too narrow.
  editor.MoveTo(RowCentre(editor, name));
  editor.Frames(2);
  CHECK(editor.Where("text/tooltip").w < 1280.0f);
  CHECK(editor.LargestDrawListVertices() < 65536);
  // Every frame of the drag (its tooltip names the entity) renders.
  editor.Drag(RowCentre(editor, name), RowCentre(editor, "Other"));
  editor.Frames(2);
  CHECK(editor.LargestDrawListVertices() < 65536);

  // Renaming in place starts from an empty field, the name being longer than
  // a field holds; Enter on it keeps the name.
  editor.Context().GetSelection().Select(id);
  editor.Frames(2);
  editor.Key(GLFW_KEY_F2);
  editor.Frames(2);
  CHECK(editor.LargestDrawListVertices() < 65536);
  editor.Key(GLFW_KEY_ENTER);
  editor.Frames(2);
  CHECK(NameOf(editor, id) == name);
  editor.Key(GLFW_KEY_F2);
  editor.Frames(2);
  editor.Type("Short");
  editor.Key(GLFW_KEY_ENTER);
  editor.Frames(2);
  CHECK(NameOf(editor, id) == "Short");
}

TEST_CASE("Hierarchy: a 20,000-character paste into the search field is cut to its maximum",
          "[editor_panels][hierarchy][long_text]") {
  ThreeCubes scene;
  HeadlessEditor& editor = scene.editor;
  const std::string longest(cairn::editor::kMaxEditableBytes, 'A');
  CreateCube(editor, longest);
  ImGui::SetClipboardText(std::string(kLongTextCharacters, 'A').c_str());
  editor.Click("hierarchy/search");
  editor.Key(GLFW_KEY_V, true);
  editor.Frames(2);
  CHECK(editor.LargestDrawListVertices() < 65536);
  // The search holds the first 1,024 A's, which only the longest name contains.
  CHECK_NOTHROW(editor.Where("hierarchy/entity/" + longest));
  CHECK_THROWS(editor.Where("hierarchy/entity/B"));
}

// ---- Prefab instances ---------------------------------------------------------------------

namespace {

// lamp.scene (Lamp > Bulb, Base) and level.scene, one instance of it.
constexpr const char* kLampInstance = "a000000000000001";

void WriteLampLevel(const cairn::test::TempDir& folder) {
  const std::string transform =
      R"("Transform": {"position": [0, 0, 0], "rotation": [0, 0, 0, 1], "scale": [1, 1, 1]})";
  folder.Write("lamp.scene", R"({"format": "cairn.scene", "version": 3, "editor": {}, "entities": [
    {"id": "1000000000000001", "name": "Lamp", "parent": null, "order": 0, "components": {)" + transform + R"(}},
    {"id": "1000000000000002", "name": "Bulb", "parent": "1000000000000001", "order": 0, "components": {)" +
                                 transform + R"(}},
    {"id": "1000000000000003", "name": "Base", "parent": "1000000000000001", "order": 1, "components": {)" +
                                 transform + R"(}}],
    "instances": []})");
  folder.Write("level.scene", R"({"format": "cairn.scene", "version": 3, "editor": {}, "entities": [],
    "instances": [{"id": ")" + std::string(kLampInstance) + R"(", "prefab": "lamp.scene", "parent": null, "order": 0,
                   "overrides": {}, "removed_entities": []}]})");
}

bool HasDot(const std::string& name) {
  return cairn::editor::GlobalWidgetMap().Boxes().contains("hierarchy/overridden/" + name);
}

// The keys the saved scene's instance overrides hold for each prefab entity: "1000000000000002 order".
std::vector<std::string> SavedOverrideKeys(HeadlessEditor& editor) {
  const std::string text = cairn::serialization::SaveSceneToString(editor.Context().World(), ecs::PlainValue(),
                                                                   editor.Context().Prefabs());
  const auto file = cairn::serialization::Document::parse(text);
  std::vector<std::string> keys;
  const auto& overrides = file.at("instances").at(0).at("overrides");
  for (auto entity = overrides.begin(); entity != overrides.end(); ++entity) {
    for (auto key = entity->begin(); key != entity->end(); ++key) keys.push_back(entity.key() + " " + key.key());
  }
  return keys;
}

}  // namespace

TEST_CASE("Hierarchy: the override dot marks an instance's entity moved or reordered within it, as saving keeps it",
          "[editor_panels][hierarchy][prefab]") {
  cairn::test::TempDir folder;
  WriteLampLevel(folder);
  HeadlessEditor editor;
  editor.App().Start(folder / "level.scene");
  editor.Frames(2);
  REQUIRE(editor.Context().Prefabs() != nullptr);
  editor.App().Hierarchy().ExpandAll();
  editor.Frames(2);
  const ecs::EntityId lamp = *ecs::ParseEntityId(kLampInstance);
  REQUIRE(ChildNames(editor, lamp) == std::vector<std::string>{"Bulb", "Base"});
  CHECK_FALSE(HasDot("Lamp"));
  CHECK_FALSE(HasDot("Bulb"));
  CHECK_FALSE(HasDot("Base"));
  CHECK(SavedOverrideKeys(editor).empty());

  // Base dragged before Bulb: each stands elsewhere among its siblings.
  editor.Drag(RowCentre(editor, "Base"), RowPoint(editor, "Bulb", 0.1f));
  editor.Frames(2);
  REQUIRE(ChildNames(editor, lamp) == std::vector<std::string>{"Base", "Bulb"});
  CHECK(SavedOverrideKeys(editor) == std::vector<std::string>{"1000000000000002 order", "1000000000000003 order"});
  CHECK(HasDot("Base"));
  CHECK(HasDot("Bulb"));
  CHECK_FALSE(HasDot("Lamp"));

  editor.Key(GLFW_KEY_Z, true);
  editor.Frames(2);
  REQUIRE(ChildNames(editor, lamp) == std::vector<std::string>{"Bulb", "Base"});
  CHECK_FALSE(HasDot("Base"));
  CHECK_FALSE(HasDot("Bulb"));

  // Base dragged into Bulb: another parent within the instance.
  editor.Drag(RowCentre(editor, "Base"), RowCentre(editor, "Bulb"));
  editor.Frames(2);
  const ecs::EntityId bulb = cairn::serialization::InstanceEntityId(lamp, ecs::EntityId{0x1000000000000001},
                                                                   ecs::EntityId{0x1000000000000002});
  REQUIRE(ChildNames(editor, bulb) == std::vector<std::string>{"Base"});
  const std::vector<std::string> moved = SavedOverrideKeys(editor);
  CHECK(std::find(moved.begin(), moved.end(), "1000000000000003 parent") != moved.end());
  CHECK(HasDot("Base"));
  CHECK_FALSE(HasDot("Bulb"));
}

TEST_CASE("Hierarchy: the override dot marks a float written as -0.0 where the prefab has 0, as saving keeps it",
          "[editor_panels][hierarchy][prefab]") {
  cairn::test::TempDir folder;
  WriteLampLevel(folder);
  HeadlessEditor editor;
  editor.App().Start(folder / "level.scene");
  editor.Frames(2);
  const ecs::EntityId lamp = *ecs::ParseEntityId(kLampInstance);
  CHECK_FALSE(HasDot("Lamp"));
  TransformOf(editor, lamp).position.y = -0.0f;
  editor.Frames(2);
  CHECK(SavedOverrideKeys(editor) == std::vector<std::string>{"1000000000000001 components"});
  CHECK(HasDot("Lamp"));
  TransformOf(editor, lamp).position.y = 0.0f;
  editor.Frames(2);
  CHECK(SavedOverrideKeys(editor).empty());
  CHECK_FALSE(HasDot("Lamp"));
}
