#include <catch2/catch.hpp>

#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "cairn/ecs/builtin_components.h"
#include "cairn/ecs/world_dump.h"
#include "cairn/editor/actions.h"
#include "cairn/editor/editor_context.h"
#include "cairn/editor/editor_errors.h"
#include "cairn/editor/journal.h"
#include "cairn/editor/project_editor.h"
#include "cairn/serialization/project.h"
#include "cairn/serialization/project_scenes.h"
#include "cairn/serialization/scene_loader.h"
#include "cairn/serialization/scene_writer.h"
#include "test_world.h"

namespace ecs = cairn::ecs;
namespace edits = cairn::editor::project_edits;
namespace serialization = cairn::serialization;
namespace t = cairn::editor::testing;
using cairn::editor::EditorContext;
using cairn::editor::EditorOptions;
using cairn::editor::ProjectEditor;

namespace {

constexpr const char* kProject = R"({
  "format": "cairn.project", "version": 1, "name": "Beacon",
  "components": [
    {"name": "Spawner", "category": "Gameplay", "fields": [
      {"name": "count", "type": "int", "default": 3, "min": 0, "max": 50},
      {"name": "mode", "type": "enum", "values": ["burst", "stream"], "default": "burst"},
      {"name": "label", "type": "string", "default": "spawn"}]},
    {"name": "Health", "fields": [{"name": "points", "type": "int", "default": 100}]}
  ]
})";

constexpr const char* kScene = R"({"format": "cairn.scene", "version": 1, "entities": [
  {"id": "0000000000000001", "name": "Gate", "parent": null, "order": 0,
   "components": {"Spawner": {"count": 7, "mode": "stream", "label": "north"}, "Health": {"points": 40}}},
  {"id": "0000000000000002", "name": "Wall", "parent": null, "order": 1, "components": {"Health": {"points": 5}}}
]})";

std::string ReadText(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

void WriteText(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
}

// A session with the project and the scene open, as the editor opens them.
struct ProjectSession {
  t::TempDir dir;
  std::filesystem::path project_file = dir / "cairn.project.json";
  std::filesystem::path scene_file = dir / "level.json";
  std::unique_ptr<EditorContext> context;
  std::unique_ptr<ProjectEditor> editor;

  explicit ProjectSession(const std::string& project_text = kProject, const std::string& scene_text = kScene) {
    WriteText(project_file, project_text);
    WriteText(scene_file, scene_text);
    EditorOptions options;
    options.untitled_journal_directory = dir / "state";
    context = std::make_unique<EditorContext>(options);
    serialization::ProjectLoadResult project = serialization::LoadProjectFile(project_file);
    REQUIRE(project.Ok());
    context->SetProject(std::make_shared<const serialization::Project>(std::move(*project.project)));
    serialization::LoadResult scene = serialization::LoadSceneFile(scene_file, context->SceneLoadOptions());
    REQUIRE(scene.Ok());
    context->ReplaceWorld(std::move(scene.scene->world), scene_file);
    editor = std::make_unique<ProjectEditor>(*context);
  }

  const serialization::Project& Project() const { return *editor->Current(); }

  void Apply(cairn::editor::ProjectChange change) {
    const std::vector<std::string> problems = editor->Apply(std::move(change));
    INFO((problems.empty() ? std::string() : problems.front()));
    REQUIRE(problems.empty());
  }

  ecs::PlainValue Field(ecs::EntityId id, const std::string& component, const std::string& field) const {
    const ecs::Coordinator& world = context->World();
    const ecs::ComponentInfo* info = world.FindComponentInfo(component);
    REQUIRE(info != nullptr);
    const ecs::Entity entity = world.FindEntity(id);
    const ecs::PlainValue value = ecs::ComponentToPlain(*info, world.GetComponentData(entity, info->type));
    const ecs::PlainValue* found = value.Find(field);
    REQUIRE(found != nullptr);
    return *found;
  }

  void Undo() {
    const std::vector<std::string> problems = editor->Undo();
    INFO((problems.empty() ? std::string() : problems.front()));
    REQUIRE(problems.empty());
  }
  void Redo() {
    const std::vector<std::string> problems = editor->Redo();
    INFO((problems.empty() ? std::string() : problems.front()));
    REQUIRE(problems.empty());
  }
  // A scene edit, as the Inspector makes it.
  void SetField(ecs::EntityId id, const std::string& component, const std::string& field, ecs::PlainValue value) {
    context->Enqueue(cairn::editor::actions::SetField(context->World(), std::vector<ecs::EntityId>{id}, component,
                                                      field, value));
    REQUIRE(context->Flush().Succeeded());
  }
  // The scene as Save writes it (without prefabs or editor data).
  std::string SceneText() const { return serialization::SaveSceneToString(context->World(), ecs::PlainValue()); }

  // Saves both files, then reads them back as the editor opens them: the
  // project from its file, the scene with that project's types.
  serialization::LoadResult SaveAndReopen() {
    REQUIRE_FALSE(editor->Save().has_value());
    REQUIRE(serialization::SaveSceneFile(scene_file, context->World(), ecs::PlainValue()).ok);
    serialization::ProjectLoadResult project = serialization::LoadProjectFile(project_file);
    REQUIRE(project.Ok());
    return serialization::LoadSceneFile(
        scene_file, serialization::ProjectSceneOptions(
                        std::make_shared<const serialization::Project>(std::move(*project.project))));
  }
};

constexpr ecs::EntityId kGate{1};
constexpr ecs::EntityId kWall{2};

ecs::PlainValue FieldOf(const serialization::LoadResult& loaded, ecs::EntityId id, const std::string& component,
                        const std::string& field) {
  REQUIRE(loaded.Ok());
  const ecs::Coordinator& world = *loaded.scene->world;
  const ecs::ComponentInfo* info = world.FindComponentInfo(component);
  REQUIRE(info != nullptr);
  const ecs::PlainValue value = ecs::ComponentToPlain(*info, world.GetComponentData(world.FindEntity(id), info->type));
  const ecs::PlainValue* found = value.Find(field);
  REQUIRE(found != nullptr);
  return *found;
}

}  // namespace

TEST_CASE("A field added to a definition takes its default on every entity, in memory and after reopening",
          "[editor][project]") {
  ProjectSession s;
  cairn::editor::ProjectChange change = edits::AddField(s.Project(), "Health", "float");
  CHECK(change.name == "Add field 'new_field' to Health");
  change = edits::SetFieldDefault(change.project, "Health", 1, ecs::PlainValue(2.5));
  s.Apply(std::move(change));
  CHECK(s.Field(kGate, "Health", "new_field").AsNumber() == 2.5);
  CHECK(s.Field(kWall, "Health", "new_field").AsNumber() == 2.5);
  CHECK(s.Field(kGate, "Health", "points").AsInteger() == 40);  // the rest kept
  CHECK(s.editor->IsDirty());
  CHECK(s.context->GetSelection().Empty());

  const serialization::LoadResult reopened = s.SaveAndReopen();
  CHECK_FALSE(s.editor->IsDirty());
  CHECK(FieldOf(reopened, kWall, "Health", "new_field").AsNumber() == 2.5);
  CHECK(FieldOf(reopened, kWall, "Health", "points").AsInteger() == 5);
  CHECK(ReadText(s.project_file).find("\"new_field\"") != std::string::npos);
}

TEST_CASE("A renamed field keeps every value, and the project records the old name", "[editor][project]") {
  ProjectSession s;
  s.Apply(edits::RenameField(s.Project(), "Spawner", 0, "amount"));
  CHECK(s.Field(kGate, "Spawner", "amount").AsInteger() == 7);
  REQUIRE(s.Project().components[0].fields[0].previous_names == std::vector<std::string>{"count"});

  const serialization::LoadResult reopened = s.SaveAndReopen();
  CHECK(FieldOf(reopened, kGate, "Spawner", "amount").AsInteger() == 7);
  // A scene saved before the rename (it still says "count") reads the same.
  const serialization::LoadResult old_scene = serialization::LoadScene(
      kScene, serialization::ProjectSceneOptions(std::make_shared<const serialization::Project>(s.Project())));
  CHECK(FieldOf(old_scene, kGate, "Spawner", "amount").AsInteger() == 7);

  // Renaming back forgets the old name instead of listing a field's own name.
  s.Apply(edits::RenameField(s.Project(), "Spawner", 0, "count"));
  CHECK(s.Project().components[0].fields[0].previous_names == std::vector<std::string>{"amount"});
  CHECK(s.Field(kGate, "Spawner", "count").AsInteger() == 7);
}

TEST_CASE("A removed field is kept as unknown data with a warning, saved, and returns on undo", "[editor][project]") {
  ProjectSession s;
  s.Apply(edits::RemoveField(s.Project(), "Spawner", 2));
  const auto& messages = s.context->Log().Entries();
  const bool warned = std::any_of(messages.begin(), messages.end(), [](const auto& m) {
    return m.text.find("\"label\" is not in the Spawner definition") != std::string::npos &&
           m.text.find("entity 0000000000000001 (Gate)") != std::string::npos;
  });
  CHECK(warned);
  const ecs::ComponentInfo* spawner = s.context->World().FindComponentInfo("Spawner");
  REQUIRE(spawner != nullptr);
  CHECK(spawner->FindField("label") == nullptr);

  // The value is in the saved file, inside its component.
  REQUIRE(serialization::SaveSceneFile(s.scene_file, s.context->World(), ecs::PlainValue()).ok);
  CHECK(ReadText(s.scene_file).find("\"north\"") != std::string::npos);

  REQUIRE(s.editor->Undo().empty());
  CHECK(s.Field(kGate, "Spawner", "label").AsString() == "north");
  REQUIRE(s.editor->Redo().empty());
  CHECK(s.context->World().FindComponentInfo("Spawner")->FindField("label") == nullptr);
}

TEST_CASE("A removed component type is kept as unknown data and comes back on undo", "[editor][project]") {
  ProjectSession s;
  s.Apply(edits::RemoveComponent(s.Project(), "Health"));
  CHECK(s.context->World().FindComponentInfo("Health") == nullptr);
  const std::string saved = serialization::SaveSceneToString(s.context->World(), ecs::PlainValue());
  CHECK(saved.find("\"Health\"") != std::string::npos);
  CHECK(saved.find("\"points\": 40") != std::string::npos);

  const std::vector<std::string> second = s.editor->Undo();
  INFO((second.empty() ? std::string() : second.front()));
  REQUIRE(second.empty());
  CHECK(s.Field(kWall, "Health", "points").AsInteger() == 5);
  CHECK(s.Field(kGate, "Health", "points").AsInteger() == 40);
}

TEST_CASE("A changed field type converts values where it can, and refuses the change where it cannot",
          "[editor][project]") {
  ProjectSession s;
  SECTION("int to float converts") {
    s.Apply(edits::SetFieldType(s.Project(), "Health", 0, "float"));
    CHECK(s.Field(kWall, "Health", "points").AsNumber() == 5.0);
    const serialization::LoadResult reopened = s.SaveAndReopen();
    CHECK(FieldOf(reopened, kGate, "Health", "points").AsNumber() == 40.0);
  }
  SECTION("a string that is not a number cannot become an int: nothing changes, and the entity is named") {
    const std::string before_project = serialization::ProjectToText(s.Project());
    const std::string before_world = ecs::DumpWorld(s.context->World());
    const std::vector<std::string> problems = s.editor->Apply(edits::SetFieldType(s.Project(), "Spawner", 2, "int"));
    REQUIRE_FALSE(problems.empty());
    CHECK(problems.front().find("entity 0000000000000001 (Gate): Spawner.label") != std::string::npos);
    CHECK(serialization::ProjectToText(s.Project()) == before_project);
    CHECK(ecs::DumpWorld(s.context->World()) == before_world);
    CHECK_FALSE(s.editor->CanUndo());
  }
}

TEST_CASE("An edit that would make an invalid project is refused with the loader's message", "[editor][project]") {
  ProjectSession s;
  const std::string before = serialization::ProjectToText(s.Project());
  SECTION("a default outside the field's range") {
    const auto problems = s.editor->Apply(edits::SetFieldDefault(s.Project(), "Spawner", 0, ecs::PlainValue(99)));
    REQUIRE(problems.size() == 1);
    CHECK(problems.front().find("/components/0/fields/0/default") != std::string::npos);
  }
  SECTION("a field name C++ and scenes cannot take") {
    const auto problems = s.editor->Apply(edits::RenameField(s.Project(), "Spawner", 0, "two words"));
    REQUIRE_FALSE(problems.empty());
  }
  SECTION("a component named like a built-in") {
    const auto problems = s.editor->Apply(edits::AddComponent(s.Project(), "Transform"));
    REQUIRE_FALSE(problems.empty());
    CHECK(problems.front().find("Transform") != std::string::npos);
  }
  CHECK(serialization::ProjectToText(s.Project()) == before);
  CHECK_FALSE(s.editor->CanUndo());
  CHECK_FALSE(s.editor->IsDirty());
}

TEST_CASE("Project edits name what they refuse to build", "[editor][project]") {
  ProjectSession s;
  CHECK_THROWS_WITH(edits::RenameField(s.Project(), "Spawner", 0, "mode"), "Spawner already has a field 'mode'");
  CHECK_THROWS_WITH(edits::AddComponent(s.Project(), "Health"), "the project already has a component 'Health'");
  CHECK_THROWS_WITH(edits::RemoveField(s.Project(), "Door", 0), "the project has no component 'Door'");
  CHECK_THROWS_WITH(edits::RemoveField(s.Project(), "Health", 4), "Health has no field number 5 (it has 1)");
  CHECK_THROWS_WITH(edits::AddField(s.Project(), "Health", "double"), "unknown field type 'double'");
}

TEST_CASE("Moving fields reorders the definition and keeps every value", "[editor][project]") {
  ProjectSession s;
  s.Apply(edits::MoveField(s.Project(), "Spawner", 2, 0));
  const auto& fields = s.Project().components[0].fields;
  CHECK(fields[0].name == "label");
  CHECK(fields[1].name == "count");
  CHECK(s.Field(kGate, "Spawner", "label").AsString() == "north");
  CHECK(s.Field(kGate, "Spawner", "count").AsInteger() == 7);
  const std::string saved = serialization::SaveSceneToString(s.context->World(), ecs::PlainValue());
  CHECK(saved.find("\"label\"") < saved.find("\"count\""));
}

TEST_CASE("Project changes are steps of the scene's history: scene edits before them undo across them",
          "[editor][project][history]") {
  ProjectSession s;
  s.context->Enqueue(cairn::editor::actions::Rename(s.context->World(), kWall, "Barrier"));
  REQUIRE(s.context->Flush().Succeeded());
  s.SetField(kGate, "Health", "points", ecs::PlainValue(41));
  s.context->GetSelection().Select(kGate);

  s.Apply(edits::AddField(s.Project(), "Health", "bool"));  // a new layout
  s.Apply(edits::SetDescription(s.Project(), "Spawner", "Makes enemies"));
  CHECK(s.context->GetHistory().UndoCount() == 4);
  CHECK(s.context->GetHistory().UndoName() == "Describe 'Spawner'");
  CHECK(s.context->GetSelection().Contains(kGate));
  CHECK(s.Field(kGate, "Health", "points").AsInteger() == 41);

  s.Undo();
  s.Undo();
  CHECK(s.context->World().FindComponentInfo("Health")->FindField("new_field") == nullptr);
  s.Undo();  // the value edit, recorded against the old layout, applies to it again
  CHECK(s.Field(kGate, "Health", "points").AsInteger() == 40);
  s.Undo();
  CHECK(t::NameOf(s.context->World(), kWall) == "Wall");
  CHECK_FALSE(s.context->IsDirty());
  CHECK(s.SceneText() == serialization::SaveSceneToString(
                             *serialization::LoadScene(kScene, s.context->SceneLoadOptions()).scene->world,
                             ecs::PlainValue()));

  for (int i = 0; i < 4; ++i) s.Redo();
  CHECK(t::NameOf(s.context->World(), kWall) == "Barrier");
  CHECK(s.Field(kGate, "Health", "points").AsInteger() == 41);
  CHECK(s.Field(kGate, "Health", "new_field").AsBool() == false);
  CHECK(s.Project().components[0].description == "Makes enemies");
}

TEST_CASE("Saving the project replaces its file atomically, a failed save keeps the old file", "[editor][project]") {
  ProjectSession s;
  s.Apply(edits::AddComponent(s.Project(), "Pickup"));
  CHECK(s.editor->IsDirty());
  SECTION("saved") {
    REQUIRE_FALSE(s.editor->Save().has_value());
    CHECK_FALSE(s.editor->IsDirty());
    const serialization::ProjectLoadResult read = serialization::LoadProjectFile(s.project_file);
    REQUIRE(read.Ok());
    CHECK(read.project->components.size() == 3);
    CHECK(read.project->components[2].name == "Pickup");
  }
  SECTION("the file cannot be replaced") {
    std::filesystem::remove(s.project_file);
    std::filesystem::create_directory(s.project_file);  // a folder in its place
    const std::optional<std::string> problem = s.editor->Save();
    REQUIRE(problem.has_value());
    CHECK(problem->find("cairn.project.json") != std::string::npos);
    CHECK(s.editor->IsDirty());
    CHECK(std::filesystem::is_directory(s.project_file));
  }
}

TEST_CASE("A field of every project type can be added, and every entity gets the type's zero", "[editor][project]") {
  ProjectSession s;
  for (const serialization::ProjectFieldType& type : serialization::ProjectFieldTypes()) {
    INFO(type.name);
    s.Apply(edits::AddField(s.Project(), "Health", type.name));
    const auto& fields = s.Project().components[1].fields;
    CHECK(serialization::ProjectFieldTypeName(fields.back()) == type.name);
    const std::string name = fields.back().name;
    s.Apply(edits::RenameField(s.Project(), "Health", fields.size() - 1, "f_" + std::string(type.name)));
    CHECK(s.context->World().FindComponentInfo("Health")->FindField("f_" + std::string(type.name)) != nullptr);
  }
  const serialization::LoadResult reopened = s.SaveAndReopen();
  CHECK(FieldOf(reopened, kWall, "Health", "f_entity").IsString() == false);
  CHECK(FieldOf(reopened, kWall, "Health", "f_enum").AsString() == "first");
  CHECK(FieldOf(reopened, kWall, "Health", "f_quat").AsArray().size() == 4);
  CHECK(FieldOf(reopened, kWall, "Health", "points").AsInteger() == 5);
}

TEST_CASE("A field added since the project was last saved is renamed without recording its first name",
          "[editor][project]") {
  ProjectSession s;
  s.Apply(edits::AddField(s.Project(), "Health", "bool"));
  s.Apply(edits::RenameField(s.Project(), "Health", 1, "armoured", s.editor->Saved()));
  CHECK(s.Project().components[1].fields[1].previous_names.empty());
  // A field the saved file has keeps its old name on record.
  s.Apply(edits::RenameField(s.Project(), "Health", 0, "hp", s.editor->Saved()));
  CHECK(s.Project().components[1].fields[0].previous_names == std::vector<std::string>{"points"});
  // Once saved, the added field's name is one scenes may hold.
  REQUIRE_FALSE(s.editor->Save().has_value());
  s.Apply(edits::RenameField(s.Project(), "Health", 1, "armored", s.editor->Saved()));
  CHECK(s.Project().components[1].fields[1].previous_names == std::vector<std::string>{"armoured"});
}

TEST_CASE("Undo takes a scene edit made after a project change first, then the change, back to the exact values",
          "[editor][project][history]") {
  ProjectSession s;
  s.Apply(edits::SetFieldType(s.Project(), "Health", 0, "string"));
  CHECK(s.Field(kWall, "Health", "points").AsString() == "5");
  s.SetField(kWall, "Health", "points", ecs::PlainValue("lots"));  // no int would take it

  s.Undo();
  CHECK(serialization::ProjectFieldTypeName(s.Project().components[1].fields[0]) == "string");
  CHECK(s.Field(kWall, "Health", "points").AsString() == "5");
  s.Undo();
  CHECK(serialization::ProjectFieldTypeName(s.Project().components[1].fields[0]) == "int");
  CHECK(s.Field(kWall, "Health", "points").AsInteger() == 5);
  CHECK_FALSE(s.editor->CanUndo());
  CHECK(s.editor->CanRedo());
  s.Redo();
  s.Redo();
  CHECK(s.Field(kWall, "Health", "points").AsString() == "lots");
}

// ---- Undo restores exactly (Gate.locks: the rename case) ---------------------------------

namespace {

constexpr const char* kGateProject = R"({
  "format": "cairn.project", "version": 1, "name": "Keep",
  "components": [
    {"name": "Gate", "fields": [
      {"name": "locks", "type": "int", "default": 2},
      {"name": "speed", "type": "float", "default": 1.5},
      {"name": "label", "type": "string", "default": "gate"}]}
  ]
})";

constexpr const char* kGateScene = R"({"format": "cairn.scene", "version": 1, "entities": [
  {"id": "0000000000000001", "name": "Gate", "parent": null, "order": 0,
   "components": {"Gate": {"locks": 3, "speed": 2.25, "label": "north"}}},
  {"id": "0000000000000002", "name": "Door", "parent": null, "order": 1,
   "components": {"Gate": {"locks": 2, "speed": 0.5, "label": "south"}}}
]})";

bool HasUnknownData(const ecs::Coordinator& world) {
  const ecs::ComponentInfo* unknown = world.FindComponentInfo("cairn.UnknownComponents");
  bool found = false;
  if (unknown != nullptr) {
    world.ForEachEntity([&](ecs::Entity entity) { found = found || world.HasComponent(entity, unknown->type); });
  }
  return found;
}

}  // namespace

TEST_CASE("Undoing a field rename brings the value back under the old name, and the scene saves as before",
          "[editor][project][history]") {
  ProjectSession s(kGateProject, kGateScene);
  const std::string opened = s.SceneText();
  s.Apply(edits::RenameField(s.Project(), "Gate", 0, "lock_count", s.editor->Saved()));
  CHECK(s.Field(kGate, "Gate", "lock_count").AsInteger() == 3);
  const std::string renamed = s.SceneText();
  CHECK(renamed.find("\"lock_count\": 3") != std::string::npos);

  s.Undo();
  CHECK(s.Project().components[0].fields[0].name == "locks");
  CHECK(s.Field(kGate, "Gate", "locks").AsInteger() == 3);  // not the default 2
  CHECK_FALSE(HasUnknownData(s.context->World()));
  CHECK(s.SceneText() == opened);  // byte for byte: no lock_count kept as unknown data
  CHECK_FALSE(s.context->IsDirty());
  CHECK_FALSE(s.editor->IsDirty());

  s.Redo();
  CHECK(s.Field(kGate, "Gate", "lock_count").AsInteger() == 3);
  CHECK(s.SceneText() == renamed);
}

TEST_CASE("A field renamed twice, or added and renamed before a save, carries its values and leaves nothing behind",
          "[editor][project][history]") {
  ProjectSession s(kGateProject, kGateScene);
  SECTION("added, given a value, renamed") {
    s.Apply(edits::AddField(s.Project(), "Gate", "int"));
    s.SetField(kGate, "Gate", "new_field", ecs::PlainValue(9));
    s.Apply(edits::RenameField(s.Project(), "Gate", 3, "keys", s.editor->Saved()));
    CHECK(s.Project().components[0].fields[3].previous_names.empty());  // the file never had new_field
    CHECK(s.Field(kGate, "Gate", "keys").AsInteger() == 9);
    CHECK_FALSE(HasUnknownData(s.context->World()));
    CHECK(s.SceneText().find("new_field") == std::string::npos);
    const serialization::LoadResult reopened = s.SaveAndReopen();
    CHECK(FieldOf(reopened, kGate, "Gate", "keys").AsInteger() == 9);
    CHECK(reopened.diagnostics.empty());
  }
  SECTION("renamed twice: the middle name was never saved") {
    s.Apply(edits::RenameField(s.Project(), "Gate", 0, "lock_count", s.editor->Saved()));
    s.Apply(edits::RenameField(s.Project(), "Gate", 0, "bolts", s.editor->Saved()));
    CHECK(s.Project().components[0].fields[0].previous_names == std::vector<std::string>{"locks"});
    CHECK(s.Field(kGate, "Gate", "bolts").AsInteger() == 3);
    CHECK(s.SceneText().find("lock_count") == std::string::npos);
    CHECK_FALSE(HasUnknownData(s.context->World()));
  }
}

TEST_CASE("Undoing any project change restores the scene byte for byte, and redo the migrated one",
          "[editor][project][history]") {
  ProjectSession s(kGateProject, kGateScene);
  const std::string opened = s.SceneText();
  s.SetField(kGate, "Gate", "speed", ecs::PlainValue(3.0));
  s.SetField(kWall, "Gate", "speed", ecs::PlainValue(-1.0));
  cairn::editor::ProjectChange change = edits::AddField(s.Project(), "Gate", "bool");
  SECTION("add a field") {}
  SECTION("rename a field") { change = edits::RenameField(s.Project(), "Gate", 1, "pace", s.editor->Saved()); }
  SECTION("remove a field") { change = edits::RemoveField(s.Project(), "Gate", 1); }
  SECTION("remove the component") { change = edits::RemoveComponent(s.Project(), "Gate"); }
  SECTION("float to int") { change = edits::SetFieldType(s.Project(), "Gate", 1, "int"); }
  SECTION("int to string") { change = edits::SetFieldType(s.Project(), "Gate", 0, "string"); }
  SECTION("string to float is refused (\"north\"), and nothing is recorded") {
    const std::size_t steps = s.context->GetHistory().UndoCount();
    CHECK_FALSE(s.editor->Apply(edits::SetFieldType(s.Project(), "Gate", 2, "float")).empty());
    CHECK(s.context->GetHistory().UndoCount() == steps);
  }
  SECTION("move a field") { change = edits::MoveField(s.Project(), "Gate", 2, 0); }
  const std::string start = s.SceneText();
  s.Apply(std::move(change));
  const std::string after = s.SceneText();
  s.Undo();
  CHECK(s.SceneText() == start);
  s.Redo();
  CHECK(s.SceneText() == after);
  while (s.editor->CanUndo()) s.Undo();  // the speed edits, across the change
  CHECK(s.Field(kGate, "Gate", "speed").AsNumber() == 2.25);
  CHECK(s.SceneText() == opened);
  CHECK_FALSE(s.context->IsDirty());
}

TEST_CASE("The scene is dirty after a project change that altered its values, and not after one that did not",
          "[editor][project][history][dirty]") {
  ProjectSession s(kGateProject, kGateScene);
  CHECK(s.context->Title() == "level.json");
  s.Apply(edits::SetDescription(s.Project(), "Gate", "Keeps the yard"));
  CHECK(s.editor->IsDirty());
  CHECK_FALSE(s.context->IsDirty());
  CHECK(s.context->Title() == "level.json");

  s.Apply(edits::RenameField(s.Project(), "Gate", 0, "lock_count", s.editor->Saved()));
  CHECK(s.context->IsDirty());
  CHECK(s.context->Title() == "level.json *");
  s.Undo();
  CHECK_FALSE(s.context->IsDirty());
  CHECK(s.context->Title() == "level.json");

  // Saved after the change: undoing it makes the scene differ from its file again.
  s.Redo();
  REQUIRE(serialization::SaveSceneFile(s.scene_file, s.context->World(), ecs::PlainValue()).ok);
  s.context->MarkSaved(s.scene_file);
  CHECK_FALSE(s.context->IsDirty());
  s.Undo();
  CHECK(s.context->IsDirty());
}

TEST_CASE("Project steps keep the selection, and undo across them restores what each step had",
          "[editor][project][history][selection]") {
  ProjectSession s(kGateProject, kGateScene);
  s.context->GetSelection().SelectAll(std::vector<ecs::EntityId>{kGate, kWall});
  s.context->Enqueue(cairn::editor::actions::Delete(s.context->World(), std::vector<ecs::EntityId>{kWall}));
  REQUIRE(s.context->Flush().Succeeded());
  CHECK(s.context->GetSelection().Ids() == std::vector<ecs::EntityId>{kGate});
  s.Apply(edits::RenameField(s.Project(), "Gate", 0, "lock_count"));
  CHECK(s.context->GetSelection().Ids() == std::vector<ecs::EntityId>{kGate});
  s.context->GetSelection().Clear();
  s.Undo();
  CHECK(s.context->GetSelection().Ids() == std::vector<ecs::EntityId>{kGate});
  s.Undo();
  CHECK(s.context->GetSelection().Ids() == std::vector<ecs::EntityId>{kGate, kWall});
}

TEST_CASE("Discarding the project's changes undoes them, and the scene comes back exactly",
          "[editor][project][history]") {
  ProjectSession s(kGateProject, kGateScene);
  s.SetField(kGate, "Gate", "locks", ecs::PlainValue(4));
  const std::string edited = s.SceneText();
  s.Apply(edits::RenameField(s.Project(), "Gate", 0, "lock_count", s.editor->Saved()));
  s.Apply(edits::RemoveField(s.Project(), "Gate", 2));
  REQUIRE(s.editor->IsDirty());
  REQUIRE(s.editor->Revert().empty());
  CHECK_FALSE(s.editor->IsDirty());
  CHECK(s.SceneText() == edited);
  CHECK(s.context->GetHistory().UndoCount() == 1);  // the scene's own edit
  CHECK(s.context->GetHistory().RedoCount() == 2);
}

TEST_CASE("Discarding changes that a scene edit follows migrates back, renamed values following their fields",
          "[editor][project][history]") {
  ProjectSession s(kGateProject, kGateScene);
  s.Apply(edits::RenameField(s.Project(), "Gate", 0, "lock_count", s.editor->Saved()));
  s.SetField(kGate, "Gate", "lock_count", ecs::PlainValue(5));
  REQUIRE(s.editor->Revert().empty());
  CHECK_FALSE(s.editor->IsDirty());
  CHECK(s.Project().components[0].fields[0].name == "locks");
  CHECK(s.Field(kGate, "Gate", "locks").AsInteger() == 5);
  CHECK_FALSE(HasUnknownData(s.context->World()));
  s.Undo();  // the discard is a step too
  CHECK(s.Field(kGate, "Gate", "lock_count").AsInteger() == 5);
}

TEST_CASE("A project change starts the journal again from a snapshot that recovers the session",
          "[editor][project][journal]") {
  ProjectSession s(kGateProject, kGateScene);
  const std::filesystem::path journal = s.dir / "level.json.journal";
  s.SetField(kGate, "Gate", "locks", ecs::PlainValue(4));
  s.Apply(edits::RenameField(s.Project(), "Gate", 0, "lock_count", s.editor->Saved()));
  s.SetField(kWall, "Gate", "lock_count", ecs::PlainValue(7));
  const std::string session = s.SceneText();
  REQUIRE_FALSE(s.editor->Save().has_value());  // recovery reads the project from its file

  // A new editor, as after a crash: the scene file with the project file as they are on disk.
  serialization::ProjectLoadResult project = serialization::LoadProjectFile(s.project_file);
  REQUIRE(project.Ok());
  EditorOptions options;
  options.untitled_journal_directory = s.dir / "state2";
  EditorContext restarted(options);
  restarted.SetProject(std::make_shared<const serialization::Project>(std::move(*project.project)));
  serialization::LoadResult base = serialization::LoadSceneFile(s.scene_file, restarted.SceneLoadOptions());
  REQUIRE(base.Ok());
  const cairn::editor::JournalContents contents = cairn::editor::Journal::Read(journal, *base.scene->world);
  REQUIRE(contents.problems.empty());
  REQUIRE(contents.entries.size() == 2);  // the snapshot, then the edit after the change
  CHECK(contents.entries[0].action.name == "Rename field 'locks' of Gate to 'lock_count'");
  const cairn::editor::RecoveryResult recovered =
      restarted.Recover(std::move(base.scene->world), s.scene_file, contents);
  CHECK(recovered.Succeeded());
  CHECK(serialization::SaveSceneToString(restarted.World(), ecs::PlainValue()) == session);
}

TEST_CASE("Undoing a project change starts the journal again with the types it brings back",
          "[editor][project][journal]") {
  ProjectSession s(kGateProject, kGateScene);
  const std::filesystem::path journal = s.dir / "level.json.journal";
  s.Apply(edits::RenameField(s.Project(), "Gate", 0, "lock_count", s.editor->Saved()));
  s.SetField(kWall, "Gate", "lock_count", ecs::PlainValue(7));
  s.Undo();
  s.Undo();
  // Back at the file: nothing to recover.
  CHECK_FALSE(std::filesystem::exists(journal));
  s.SetField(kWall, "Gate", "locks", ecs::PlainValue(8));
  serialization::LoadResult base = serialization::LoadSceneFile(s.scene_file, s.context->SceneLoadOptions());
  REQUIRE(base.Ok());
  const cairn::editor::JournalContents contents = cairn::editor::Journal::Read(journal, *base.scene->world);
  CHECK(contents.problems.empty());
  REQUIRE(contents.entries.size() == 1);
  CHECK(contents.entries[0].action.name == "Change Gate.locks");
}
