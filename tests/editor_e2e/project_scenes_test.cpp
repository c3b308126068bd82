// Scenes of a game project in the editor (SceneFiles, the Inspector, Add
// Component): the project found from the scene, its components added by name
// and every field type edited, a project with errors reported, Open Project,
// New Project, --project, and recovery of a session that used the project.

#include <catch2/catch.hpp>

#include <GLFW/glfw3.h>

#include <glm/gtc/quaternion.hpp>

#include "cairn/ecs/world_dump.h"
#include "cairn/editor/actions.h"
#include "cairn/serialization/project.h"
#include "cairn/serialization/unknown_components.h"
#include "cairn/test/files.h"
#include "headless_editor.h"
#include "panel_helpers.h"

using namespace cairn::editor::testing;
using cairn::test::TempDir;
namespace ecs = cairn::ecs;
namespace actions = cairn::editor::actions;
namespace fs = std::filesystem;

namespace {

// A component of every field type, and one without a category.
constexpr const char* kProject = R"({"format": "cairn.project", "version": 1, "name": "Beacon", "components": [
  {"name": "Door", "description": "Opens toward its target when used.", "category": "Gameplay", "fields": [
    {"name": "target", "type": "entity"},
    {"name": "open", "type": "bool"},
    {"name": "speed", "type": "float", "default": 2.5, "min": 0, "max": 10, "unit": "m/s"},
    {"name": "uses", "type": "int", "default": 3},
    {"name": "label", "type": "string", "default": "Front door", "max_length": 12},
    {"name": "mode", "type": "enum", "values": ["hinged", "sliding"]},
    {"name": "tint", "type": "color", "default": [1, 0.5, 0.25, 1]},
    {"name": "hinge", "type": "vec3"},
    {"name": "uv", "type": "vec2"},
    {"name": "plane", "type": "vec4"},
    {"name": "turn", "type": "quat"},
    {"name": "mesh", "type": "asset", "extensions": [".glb"], "default": "meshes/door.glb"}]},
  {"name": "Health", "fields": [{"name": "points", "type": "int", "default": 100}]}]})";

// The first clashes with a built-in, the second names a type that does not exist.
constexpr const char* kBadProject = R"({"format": "cairn.project", "version": 1, "name": "Broken", "components": [
  {"name": "Transform", "fields": []},
  {"name": "Door", "fields": [{"name": "speed", "type": "double"}]}]})";

constexpr ecs::EntityId kCrate{0x1000000000000001};
constexpr ecs::EntityId kTarget{0x2000000000000002};

// Crate (a cube) and Target (an empty entity), one with a Door when `door`.
std::string LevelScene(bool door = false) {
  return std::string(R"({"format": "cairn.scene", "version": 1, "entities": [
    {"id": "1000000000000001", "name": "Crate", "parent": null, "order": 0, "components": {
      "Transform": {"position": [0, 0, 0], "rotation": [0, 0, 0, 1], "scale": [1, 1, 1]},
      "MeshRenderer": {"mesh": "cube", "color": [1, 1, 1, 1]})") +
         (door ? R"(, "Door": {"target": null, "open": true, "speed": 1, "uses": 1, "label": "Old", "mode": "hinged",
      "tint": [1, 1, 1, 1], "hinge": [0, 1, 0], "uv": [0, 0], "plane": [0, 0, 0, 0], "turn": [0, 0, 0, 1],
      "mesh": ""})"
               : "") +
         R"(}},
    {"id": "2000000000000002", "name": "Target", "parent": null, "order": 1, "components": {}}]})";
}

// game/cairn.project.json (kProject or kBadProject) and game/levels/level.json.
struct ProjectFolder {
  TempDir folder{"editor-project"};
  fs::path project;
  fs::path scene;

  explicit ProjectFolder(const char* project_text = kProject, bool door = false) {
    project = folder.Write("game/cairn.project.json", project_text);
    scene = folder.Write("game/levels/level.json", LevelScene(door));
  }
};

// Tall enough for a Door's twelve fields below the cube's components.
HeadlessEditor::Options Tall(HeadlessEditor::Options options = {}) {
  options.height = 1200.0f;
  return options;
}

ecs::PlainValue DoorField(HeadlessEditor& editor, const std::string& field) {
  const ecs::Coordinator& world = editor.Context().World();
  const ecs::ComponentInfo* door = world.FindComponentInfo("Door");
  REQUIRE(door != nullptr);
  return ecs::FieldToPlain(*door->FindField(field), world.GetComponentData(world.GetEntity(kCrate), door->type));
}

bool CrateHasDoor(HeadlessEditor& editor) {
  const ecs::Coordinator& world = editor.Context().World();
  const ecs::ComponentInfo* door = world.FindComponentInfo("Door");
  return door != nullptr && world.HasComponent(world.GetEntity(kCrate), door->type);
}

void AddDoorByName(HeadlessEditor& editor) {
  editor.Click("hierarchy/entity/Crate");
  editor.Click("inspector/add_component");
  editor.Frame();
  editor.Type("door");
  editor.Key(GLFW_KEY_ENTER);
  editor.Frames(2);
}

// The centre of part `index` of `count` equal parts of a field's row, less
// `trailing` pixels at its right end (a colour's swatch).
ImVec2 PartCentre(HeadlessEditor& editor, const std::string& field, int index, int count, float trailing = 0.0f) {
  const auto box = editor.Where("inspector/field/Door/" + field);
  const float spacing = ImGui::GetStyle().ItemInnerSpacing.x;
  const float width = (box.w - trailing - spacing * static_cast<float>(count - 1)) / static_cast<float>(count);
  return ImVec2(box.x + (width + spacing) * static_cast<float>(index) + width * 0.5f, box.y + box.h * 0.5f);
}

// Double-click a drag field for text input, type `text`, Enter.
void TypeInto(HeadlessEditor& editor, ImVec2 at, const std::string& text) {
  editor.DoubleClick(at);
  editor.Frame();
  editor.Key(GLFW_KEY_A, true);
  editor.Type(text);
  editor.Key(GLFW_KEY_ENTER);
  editor.Frames(2);
}

// Click a text field, replace its text with `text`, Enter.
void ReplaceText(HeadlessEditor& editor, const std::string& field, const std::string& text) {
  editor.Click("inspector/field/Door/" + field);
  editor.Key(GLFW_KEY_A, true);
  editor.Type(text);
  editor.Key(GLFW_KEY_ENTER);
  editor.Frames(2);
}

}  // namespace

// ---- Opening a scene of a project --------------------------------------------------------------

TEST_CASE("Project: a scene opens with the components of the project found walking up", "[editor_panels][project]") {
  const ProjectFolder game;
  HeadlessEditor editor(Tall());
  editor.App().Start(game.scene);
  editor.Frames(2);
  REQUIRE(editor.Context().Project() != nullptr);
  CHECK(editor.Context().Project()->name == "Beacon");
  CHECK(editor.Context().Project()->file == game.project);
  CHECK(editor.App().WindowTitle() == "level.json - Beacon - Cairn");
  CHECK(editor.WindowTitle() == "level.json - Beacon - Cairn");
  CHECK(HasLog(editor, "in the project Beacon"));
  CHECK(editor.App().DialogTitle().empty());

  AddDoorByName(editor);
  CHECK(CrateHasDoor(editor));
  CHECK(editor.Context().GetHistory().UndoName() == "Add Door");
  CHECK(DoorField(editor, "speed").AsNumber() == 2.5);  // the project's default
  CHECK(editor.WindowTitle() == "level.json * - Beacon - Cairn");
}

TEST_CASE("Project: an asset the project's folder does not have is a Console warning, the scene opens",
          "[editor_panels][project]") {
  ProjectFolder game(kProject, true);
  std::string text = LevelScene(true);
  text.replace(text.find(R"("mesh": "")"), 10, R"("mesh": "meshes/gone.glb")");
  game.folder.Write("game/levels/level.json", text);
  HeadlessEditor editor(Tall());
  editor.App().Start(game.scene);
  editor.Frames(2);
  CHECK(editor.App().DialogTitle().empty());
  CHECK(CrateHasDoor(editor));
  bool warned = false;
  for (const auto& entry : editor.Context().Log().Entries()) {
    UNSCOPED_INFO(entry.text);
    warned = warned || (entry.severity == cairn::editor::Severity::kWarning &&
                        entry.text == "level.json: /entities/0/components/Door/mesh: asset \"meshes/gone.glb\" "
                                      "is missing: there is no file " +
                                          (game.project.parent_path() / "meshes/gone.glb").string());
  }
  CHECK(warned);
}

TEST_CASE("Project: Add Component lists project components, those of a category under its heading",
          "[editor_panels][project][add_component]") {
  const ProjectFolder game;
  HeadlessEditor editor(Tall());
  editor.App().Start(game.scene);
  editor.Frames(2);
  editor.Click("hierarchy/entity/Crate");
  editor.Click("inspector/add_component");
  editor.Frame();
  const auto& boxes = cairn::editor::GlobalWidgetMap().Boxes();
  REQUIRE(boxes.contains("inspector/add_component/Light"));
  REQUIRE(boxes.contains("inspector/add_component/Health"));
  REQUIRE(boxes.contains("inspector/add_component/category/Gameplay"));
  REQUIRE(boxes.contains("inspector/add_component/Door"));
  // Without a category first (built-ins and Health by name), then Gameplay's.
  CHECK(editor.Where("inspector/add_component/Health").y < editor.Where("inspector/add_component/Light").y);
  CHECK(editor.Where("inspector/add_component/Static").y < editor.Where("inspector/add_component/category/Gameplay").y);
  CHECK(editor.Where("inspector/add_component/category/Gameplay").y < editor.Where("inspector/add_component/Door").y);
  CHECK(editor.Where("inspector/add_component/Door").x > editor.Where("inspector/add_component/Light").x);  // indented

  editor.Type("heal");
  editor.Frame();
  CHECK(boxes.contains("inspector/add_component/Health"));
  CHECK_FALSE(boxes.contains("inspector/add_component/Door"));
  CHECK_FALSE(boxes.contains("inspector/add_component/category/Gameplay"));
  editor.Key(GLFW_KEY_ENTER);
  editor.Frames(2);
  const ecs::Coordinator& world = editor.Context().World();
  CHECK(world.HasComponent(world.GetEntity(kCrate), world.FindComponentInfo("Health")->type));
  CHECK_FALSE(CrateHasDoor(editor));
}

TEST_CASE("Project: the header of a project component shows its description", "[editor_panels][project][inspector]") {
  const ProjectFolder game(kProject, true);
  HeadlessEditor editor(Tall());
  editor.App().Start(game.scene);
  editor.Frames(2);
  editor.Click("hierarchy/entity/Crate");
  CHECK_FALSE(cairn::editor::GlobalWidgetMap().Boxes().contains("text/tooltip"));
  const auto header = editor.Where("inspector/component/Door");
  editor.MoveTo(ImVec2(header.x + header.w * 0.4f, header.y + header.h * 0.5f));
  editor.Frames(2);
  REQUIRE(cairn::editor::GlobalWidgetMap().Boxes().contains("text/tooltip"));
  const auto tooltip = editor.Where("text/tooltip");
  // Below the pointer, as wide as "Opens toward its target when used." takes.
  CHECK(tooltip.y > header.y);
  CHECK(tooltip.w > ImGui::CalcTextSize("Opens toward its target when used.").x);
}

// ---- Every field type ------------------------------------------------------------------------------

TEST_CASE("Project: every field type of a project component is edited in the Inspector", "[editor_panels][project][inspector]") {
  const ProjectFolder game;
  HeadlessEditor editor(Tall());
  editor.App().Start(game.scene);
  editor.Frames(2);
  AddDoorByName(editor);
  REQUIRE(CrateHasDoor(editor));

  SECTION("bool") {
    const auto box = editor.Where("inspector/field/Door/open");
    editor.Click(ImVec2(box.x + box.h * 0.5f, box.y + box.h * 0.5f));
    editor.Frames(2);
    CHECK(DoorField(editor, "open").AsBool());
  }
  SECTION("int") {
    TypeInto(editor, editor.Centre("inspector/field/Door/uses"), "7");
    CHECK(DoorField(editor, "uses").AsInteger() == 7);
  }
  SECTION("float, within its range") {
    TypeInto(editor, PartCentre(editor, "speed", 0, 2), "4.25");
    CHECK(DoorField(editor, "speed").AsNumber() == 4.25);
    TypeInto(editor, PartCentre(editor, "speed", 0, 2), "12");
    CHECK(DoorField(editor, "speed").AsNumber() == 10.0);  // the range's end
  }
  SECTION("string, at most its maximum length") {
    ReplaceText(editor, "label", "Back");
    CHECK(DoorField(editor, "label").AsString() == "Back");
    ReplaceText(editor, "label", "A very long label");
    CHECK(DoorField(editor, "label").AsString() == "Back");
    CHECK(HasLog(editor, "Door.label: kept \"Back\", not \"A very long label\" (expected at most 12 characters, not 17)"));
  }
  SECTION("enum") {
    editor.Click("inspector/field/Door/mode");
    editor.Frame();
    const auto field = editor.Where("inspector/field/Door/mode");
    const float line = ImGui::GetTextLineHeightWithSpacing();
    editor.Click(ImVec2(field.x + 30.0f, field.y + field.h + ImGui::GetStyle().WindowPadding.y + line * 1.5f));
    editor.Frames(2);
    CHECK(DoorField(editor, "mode").AsString() == "sliding");
  }
  SECTION("color") {
    const float swatch = ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x;
    TypeInto(editor, PartCentre(editor, "tint", 1, 4, swatch), "0");
    // Shown and edited as 0-255: the edited colour is one of 8 bits a channel.
    const ecs::PlainValue tint = DoorField(editor, "tint");
    REQUIRE(tint.AsArray().size() == 4);
    CHECK(tint.AsArray()[0].AsNumber() == 1.0);
    CHECK(tint.AsArray()[1].AsNumber() == 0.0);
    CHECK(tint.AsArray()[2].AsNumber() == Approx(64.0 / 255.0));
    CHECK(tint.AsArray()[3].AsNumber() == 1.0);
  }
  SECTION("vec2, vec3 and vec4") {
    TypeInto(editor, PartCentre(editor, "uv", 1, 2), "0.5");
    TypeInto(editor, PartCentre(editor, "hinge", 2, 3), "5");
    TypeInto(editor, PartCentre(editor, "plane", 3, 4), "-2");
    CHECK(DoorField(editor, "uv").ToJsonText() == "[0,0.5]");
    CHECK(DoorField(editor, "hinge").ToJsonText() == "[0,0,5]");
    CHECK(DoorField(editor, "plane").ToJsonText() == "[0,0,0,-2]");
  }
  SECTION("quat, as Euler degrees") {
    TypeInto(editor, PartCentre(editor, "turn", 1, 3), "90");
    const ecs::PlainValue turn = DoorField(editor, "turn");
    const auto& xyzw = turn.AsArray();
    const glm::quat actual(static_cast<float>(xyzw[3].AsNumber()), static_cast<float>(xyzw[0].AsNumber()),
                           static_cast<float>(xyzw[1].AsNumber()), static_cast<float>(xyzw[2].AsNumber()));
    const glm::quat expected = glm::angleAxis(glm::radians(90.0f), glm::vec3(0.0f, 1.0f, 0.0f));
    CHECK(std::abs(glm::dot(actual, expected)) == Approx(1.0f).margin(1e-5));
  }
  SECTION("entity, dragged from the Hierarchy") {
    editor.Drag(editor.Centre("hierarchy/entity/Target"), editor.Centre("inspector/field/Door/target"));
    editor.Frames(2);
    CHECK(DoorField(editor, "target").AsString() == ecs::ToHex(kTarget));
  }
  SECTION("asset, only with an allowed ending") {
    ReplaceText(editor, "mesh", "meshes/gate.GLB");
    CHECK(DoorField(editor, "mesh").AsString() == "meshes/gate.GLB");
    ReplaceText(editor, "mesh", "meshes/gate.png");
    CHECK(DoorField(editor, "mesh").AsString() == "meshes/gate.GLB");
    CHECK(HasLog(editor, "Door.mesh: kept \"meshes/gate.GLB\", not \"meshes/gate.png\" (expected a path ending in .glb)"));
    CHECK(editor.Context().Log().Count(cairn::editor::Severity::kError) == 0);  // nothing was tried on the world
  }
}

// ---- Projects with errors ----------------------------------------------------------------------------

TEST_CASE("Project: a project with errors is reported with every pointer and the scene opens with the built-ins only",
          "[editor_panels][project]") {
  const ProjectFolder game(kBadProject, true);
  HeadlessEditor editor(Tall());
  editor.App().Start(game.scene);
  editor.Frames(2);
  CHECK(editor.App().DialogTitle() == "Cannot use the project in 'game'");
  CHECK(HasLog(editor, game.project.string() + ":/components/0/name: \"Transform\" is the name of a built-in component"));
  CHECK(HasLog(editor, game.project.string() + ":/components/1/fields/0/type: unknown field type \"double\""));
  CHECK(editor.Context().Project() == nullptr);
  CHECK(editor.Context().Title() == "level.json");
  CHECK(editor.WindowTitle() == "level.json - Cairn");
  // The Door is kept as the file had it, for a later session with a fixed project.
  const ecs::Coordinator& world = editor.Context().World();
  CHECK(world.EntityCount() == 2);
  CHECK(world.FindComponentInfo("Door") == nullptr);
  CHECK(world.HasComponent<cairn::serialization::UnknownComponents>(world.GetEntity(kCrate)));
  editor.Click("modal/report/OK");
  editor.Frames(2);
  CHECK(editor.App().DialogTitle().empty());
}

// ---- --project, Open Project, New Project --------------------------------------------------------------

TEST_CASE("Project: --project without a scene starts a new untitled scene in the project", "[editor_panels][project]") {
  const ProjectFolder game;
  HeadlessEditor editor(Tall());
  editor.App().Start(std::nullopt, game.folder / "game");
  editor.Frames(2);
  CHECK(editor.Context().Title() == "Untitled");
  CHECK(editor.WindowTitle() == "Untitled - Beacon - Cairn");
  CHECK(editor.Context().World().EntityCount() == 0);
  CHECK(editor.Context().World().FindComponentInfo("Door") != nullptr);

  const ProjectFolder broken(kBadProject);
  HeadlessEditor bad(Tall());
  bad.App().Start(std::nullopt, broken.project);
  bad.Frames(2);
  CHECK(bad.App().DialogTitle() == "Cannot use the project in 'game'");
  CHECK(bad.Context().Project() == nullptr);
  CHECK(bad.Context().World().EntityCount() == 0);
  CHECK(bad.WindowTitle() == "Untitled - Cairn");
}

TEST_CASE("Project: --project with a scene reads it with that project", "[editor_panels][project]") {
  const ProjectFolder game;
  const TempDir elsewhere("editor-project-elsewhere");
  const fs::path scene = elsewhere.Write("level.json", LevelScene(true));
  HeadlessEditor editor(Tall());
  editor.App().Start(scene, game.project);
  editor.Frames(2);
  CHECK(editor.App().DialogTitle().empty());
  CHECK(CrateHasDoor(editor));
  CHECK(DoorField(editor, "label").AsString() == "Old");
}

TEST_CASE("Project: Open Project starts a new scene in it, and a bad one changes nothing", "[editor_panels][project]") {
  const ProjectFolder game;
  const ProjectFolder broken(kBadProject);
  HeadlessEditor editor(Tall());
  editor.App().Start(std::nullopt);
  editor.Frames(2);
  editor.App().Files().RequestOpenProject(game.folder / "game");
  editor.Frames(2);
  CHECK(editor.Context().Project()->name == "Beacon");
  CHECK(editor.Context().Title() == "Untitled");
  CHECK(editor.Context().World().EntityCount() == 0);

  CreateCube(editor, "Kept");
  editor.Context().MarkSaved(game.folder / "game" / "kept.json");  // nothing unsaved to ask about
  const std::string before = ecs::DumpWorld(editor.Context().World());
  editor.App().Files().RequestOpenProject(broken.project);
  editor.Frames(2);
  CHECK(editor.App().DialogTitle() == "Cannot use the project in 'game'");
  CHECK(editor.Context().Project()->name == "Beacon");
  CHECK(ecs::DumpWorld(editor.Context().World()) == before);
}

TEST_CASE("Project: File > Open Project... and New Project... choose the file in the file dialog",
          "[editor_panels][project][menu]") {
  const ProjectFolder game;
  fs::create_directories(game.folder / "fresh");
  HeadlessEditor editor(Tall());
  editor.App().Start(std::nullopt);
  editor.Frames(2);
  editor.Click("menu/File");
  editor.Frames(2);
  editor.Click("menu/File/Open_Project...");
  editor.Frames(2);
  REQUIRE(editor.App().DialogTitle() == "Open Project");
  editor.Key(GLFW_KEY_A, true);
  editor.Type(game.project.string());
  editor.Key(GLFW_KEY_ENTER);
  editor.Frames(3);
  CHECK(editor.App().DialogTitle().empty());
  REQUIRE(editor.Context().Project() != nullptr);
  CHECK(editor.Context().Project()->name == "Beacon");

  editor.Click("menu/File");
  editor.Frames(2);
  editor.Click("menu/File/New_Project...");
  editor.Frames(2);
  REQUIRE(editor.App().DialogTitle() == "New Project");
  editor.Key(GLFW_KEY_A, true);
  editor.Type((game.folder / "fresh" / "cairn.project.json").string());
  editor.Key(GLFW_KEY_ENTER);
  editor.Frames(3);
  CHECK(editor.App().DialogTitle().empty());
  CHECK(fs::exists(game.folder / "fresh" / "cairn.project.json"));
  CHECK(editor.Context().Project()->name == "fresh");
}

TEST_CASE("Project: New Project writes a cairn.project.json named after its folder and works in it",
          "[editor_panels][project]") {
  const TempDir folder("editor-new-project");
  fs::create_directories(folder / "fresh");
  HeadlessEditor editor(Tall());
  editor.App().Start(std::nullopt);
  editor.Frames(2);
  editor.App().Files().RequestNewProject(folder / "fresh" / "cairn.project.json");
  editor.Frames(2);
  REQUIRE(fs::exists(folder / "fresh" / "cairn.project.json"));
  CHECK(cairn::test::ReadText(folder / "fresh" / "cairn.project.json") ==
        "{\n  \"format\": \"cairn.project\",\n  \"version\": 1,\n  \"name\": \"fresh\",\n  \"components\": []\n}\n");
  REQUIRE(editor.Context().Project() != nullptr);
  CHECK(editor.Context().Project()->name == "fresh");
  CHECK(editor.Context().Title() == "Untitled");

  // Never over an existing project, and only under the name scenes look for.
  editor.App().Files().RequestNewProject(folder / "fresh" / "cairn.project.json");
  editor.Frames(2);
  CHECK(editor.App().DialogTitle() == "Cannot create a project in 'fresh'");
  CHECK(HasLog(editor, "already exists: File > Open Project... opens it"));
  editor.Click("modal/report/OK");
  editor.Frames(2);
  editor.App().Files().RequestNewProject(folder / "fresh" / "game.json");
  editor.Frames(2);
  CHECK(HasLog(editor, "a project file is named cairn.project.json"));
  CHECK_FALSE(fs::exists(folder / "fresh" / "game.json"));
}

// ---- Recovery ---------------------------------------------------------------------------------------------

TEST_CASE("Project: a crashed session recovers its project components", "[editor_panels][project][recovery]") {
  const ProjectFolder game;
  std::string expected;
  {
    HeadlessEditor session(Tall({.journal_directory = game.folder / "state"}));
    session.App().Start(game.scene);
    session.Frames(2);
    AddDoorByName(session);
    ecs::Coordinator& world = session.Context().World();
    session.Context().Enqueue(actions::SetField(world, std::vector{kCrate}, "Door", "label", ecs::PlainValue("Side")));
    session.Frames(2);
    expected = ecs::DumpWorld(session.Context().World());
    // The session ends without saving or quitting: as after a crash, the journal stays.
  }
  HeadlessEditor editor(Tall({.journal_directory = game.folder / "state"}));
  editor.App().Start(game.scene);
  editor.Frames(2);
  REQUIRE(editor.App().Files().DialogTitle() == "Recover Unsaved Changes");
  editor.Click("modal/recovery/Recover");
  editor.Frames(3);
  CHECK(editor.App().Files().DialogTitle().empty());
  CHECK(ecs::DumpWorld(editor.Context().World()) == expected);
  CHECK(DoorField(editor, "label").AsString() == "Side");
}

TEST_CASE("Project: an untitled session of a project recovers in that project, named by its journal",
          "[editor_panels][project][recovery]") {
  const ProjectFolder game;
  {
    HeadlessEditor session(Tall({.journal_directory = game.folder / "state"}));
    session.App().Start(std::nullopt, game.folder / "game");
    session.Frames(2);
    const ecs::EntityId cube = CreateCube(session, "Crate");
    session.Context().Enqueue(actions::AddComponent(session.Context().World(), std::vector{cube}, "Door"));
    session.Frames(2);
  }
  // Started without --project: the journal says which project its actions need.
  HeadlessEditor editor(Tall({.journal_directory = game.folder / "state"}));
  editor.App().Start(std::nullopt);
  editor.Frames(2);
  REQUIRE(editor.App().Files().DialogTitle() == "Recover Unsaved Changes");
  editor.Click("modal/recovery/Recover");
  editor.Frames(3);
  CHECK(editor.App().Files().DialogTitle().empty());
  REQUIRE(editor.Context().Project() != nullptr);
  CHECK(editor.Context().Project()->name == "Beacon");
  const ecs::Coordinator& world = editor.Context().World();
  REQUIRE(world.EntityCount() == 1);
  bool has_door = false;
  world.ForEachEntity([&](ecs::Entity entity) { has_door = world.HasComponent(entity, world.FindComponentInfo("Door")->type); });
  CHECK(has_door);
  CHECK(editor.WindowTitle() == "Untitled * - Beacon - Cairn");
}
