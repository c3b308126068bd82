#include "cairn/serialization/project.h"

#include <catch2/catch.hpp>

#include "cairn/serialization/project_scenes.h"
#include "cairn/serialization/scene_loader.h"
#include "cairn/serialization/scene_merge.h"
#include "cairn/serialization/scene_writer.h"
#include "cairn/serialization/schema.h"
#include "test_support.h"

using namespace cairn::serialization;
using namespace cairn::ecs;
namespace t = cairn::serialization::test;
using t::Texts;
namespace fs = std::filesystem;

namespace {

std::string ProjectWith(const std::string& components) {
  return R"({"format": "cairn.project", "version": 1, "name": "Test", "components": [)" + components + "]}";
}

Project LoadSample() {
  const ProjectLoadResult result = LoadProjectFile(t::DataPath("project/cairn.project.json"), *t::MakeWorld());
  INFO(Texts(result.diagnostics).size());
  REQUIRE(result.Ok());
  return *result.project;
}

}  // namespace

TEST_CASE("[Project] A project defines components with every field type", "[serialization][project]") {
  const Project project = LoadSample();
  REQUIRE(project.name == "Beacon");
  REQUIRE(project.components.size() == 2);
  const RuntimeComponentDefinition& door = project.components[0];
  REQUIRE(door.name == "Door");
  REQUIRE(door.description == "Opens toward its target when used.");
  REQUIRE(door.category == "Gameplay");
  REQUIRE(door.fields.size() == 12);
  REQUIRE(door.fields[2].hints.min == 0.0f);
  REQUIRE(door.fields[2].hints.max == 10.0f);
  REQUIRE(door.fields[2].hints.speed == 0.25f);
  REQUIRE(door.fields[2].hints.unit == "m/s");
  REQUIRE(door.fields[4].hints.max_length == 32);
  REQUIRE(door.fields[5].enum_names == std::vector<std::string>{"hinged", "sliding"});
  REQUIRE(door.fields[6].type == FieldType::kVec4);
  REQUIRE(door.fields[6].hints.color);
  REQUIRE(door.fields[11].type == FieldType::kAsset);
  REQUIRE(door.fields[11].hints.extensions == std::vector<std::string>{".glb", ".gltf"});
  REQUIRE(project.components[1].fields[0].previous_names == std::vector<std::string>{"hp"});
}

TEST_CASE("[Project] Scenes of the project load, save and reload its components", "[serialization][project]") {
  const Project project = LoadSample();
  LoadOptions options;
  options.register_components = [&project](Coordinator& world) {
    RegisterBuiltinComponents(world);
    RegisterProjectComponents(world, project);
  };
  const std::string text = R"({"format": "cairn.scene", "version": 1, "entities": [
    {"id": "0000000000000001", "name": "Gate", "parent": null, "order": 0, "components": {
      "Door": {"target": "0000000000000001", "open": true, "speed": 4, "uses": 2, "label": "Gate", "mode": "hinged",
               "tint": [1, 1, 1, 1], "hinge": [0, 0, 1], "uv": [0, 0], "plane": [0, 0, 0, 0],
               "turn": [0, 0, 0, 1], "mesh": "meshes/gate.GLB"},
      "Health": {"points": 5}}}]})";
  const LoadResult loaded = LoadScene(text, options);
  INFO(Texts(loaded.diagnostics).size());
  REQUIRE(loaded.Ok());
  const std::string saved = SaveSceneToString(*loaded.scene->world, loaded.scene->editor);
  REQUIRE(saved.find("\"mesh\": \"meshes/gate.GLB\"") != std::string::npos);
  const LoadResult reloaded = LoadScene(saved, options);
  REQUIRE(reloaded.Ok());
  REQUIRE(SaveSceneToString(*reloaded.scene->world, reloaded.scene->editor) == saved);

  std::string wrong = text;
  wrong.replace(wrong.find("meshes/gate.GLB"), 15, "meshes/gate.png");
  REQUIRE(Texts(LoadScene(wrong, options).diagnostics) ==
          std::vector<std::string>{"/entities/0/components/Door/mesh: expected a path ending in .glb, .gltf, found "
                                   "\"meshes/gate.png\""});

  const std::string schema = GenerateSceneSchema(*reloaded.scene->world);
  REQUIRE(schema.find("\"component.Door\"") != std::string::npos);
  REQUIRE(schema.find("\"maxLength\": 32") != std::string::npos);
}

TEST_CASE("[Project] A field is read from a scene under any of its previous names", "[serialization][project]") {
  const Project project = LoadSample();
  const LoadOptions options = ProjectSceneOptions(std::make_shared<const Project>(project));
  const auto scene = [](const std::string& health) {
    return R"({"format": "cairn.scene", "version": 1, "entities": [
      {"id": "0000000000000001", "name": "Guard", "parent": null, "order": 0, "components": {"Health": )" +
           health + "}}]}";
  };
  const LoadResult renamed = LoadScene(scene(R"({"hp": 7})"), options);
  INFO(Texts(renamed.diagnostics).size());
  REQUIRE(renamed.Ok());
  REQUIRE(renamed.diagnostics.empty());
  const std::string saved = SaveSceneToString(*renamed.scene->world, renamed.scene->editor);
  REQUIRE(saved.find("\"points\": 7") != std::string::npos);
  REQUIRE(saved.find("\"hp\"") == std::string::npos);

  REQUIRE(Texts(LoadScene(scene(R"({"hp": 7, "points": 8})"), options).diagnostics) ==
          std::vector<std::string>{"/entities/0/components/Health/hp: \"hp\" is an older name of the field \"points\", "
                                   "which this component also has as \"points\": keep one of them"});
  // A name the definition never had: the field takes its default and the
  // value is kept aside, both reported.
  REQUIRE(Texts(LoadScene(scene(R"({"hit_points": 7})"), options).diagnostics) ==
          std::vector<std::string>{"/entities/0/components/Health: missing field \"points\": it takes its default, "
                                   "as the Health definition says",
                                   "/entities/0/components/Health/hit_points: field \"hit_points\" is not in the "
                                   "Health definition: kept in the file as it is"});
}

TEST_CASE("[Project] A merge takes a renamed field under its current name from every input", "[serialization][project]") {
  const LoadOptions options = ProjectSceneOptions(std::make_shared<const Project>(LoadSample()));
  const auto scene = [](const std::string& health) {
    return R"({"format": "cairn.scene", "version": 1, "entities": [
      {"id": "0000000000000001", "name": "Guard", "parent": null, "order": 0, "components": {"Health": )" +
           health + "}}]}";
  };
  // Ours only saved the scene again after the rename; theirs changed the value under the old name.
  const SceneMergeResult merged = MergeScenes(scene(R"({"hp": 5})"), scene(R"({"points": 5})"), scene(R"({"hp": 6})"),
                                              options);
  REQUIRE(merged.Clean());
  REQUIRE(merged.text->find("\"points\": 6") != std::string::npos);
  const SceneMergeResult both = MergeScenes(scene(R"({"hp": 5})"), scene(R"({"points": 7})"), scene(R"({"hp": 6})"),
                                            options);
  REQUIRE(both.conflicts.size() == 1);
  REQUIRE(both.conflicts[0].subject == "Health.points");
}

TEST_CASE("[Project] Bad definitions are reported at their pointers", "[serialization][project]") {
  const auto errors = [](const std::string& components) {
    return Texts(LoadProject(ProjectWith(components), *t::MakeWorld()).diagnostics);
  };
  REQUIRE(errors(R"({"name": "Door", "fields": [{"name": "speed", "type": "double"}]})") ==
          std::vector<std::string>{"/components/0/fields/0/type: unknown field type \"double\" (expected one of bool, "
                                   "int, float, vec2, vec3, vec4, color, quat, string, enum, entity, asset)"});
  REQUIRE(errors(R"({"name": "Door", "fields": []}, {"name": "Door", "fields": []})") ==
          std::vector<std::string>{"/components/1/name: another component is also named \"Door\""});
  REQUIRE(errors(R"({"name": "Door", "fields": [{"name": "a", "type": "int"}, {"name": "a", "type": "bool"}]})") ==
          std::vector<std::string>{"/components/0/fields/1/name: another field of Door is also named \"a\""});
  REQUIRE(errors(R"({"name": "Transform", "fields": []})") ==
          std::vector<std::string>{"/components/0/name: \"Transform\" is the name of a built-in component"});
  // Without a registry of its own, a project is checked against the built-ins.
  REQUIRE(Texts(LoadProject(ProjectWith(R"({"name": "Transform", "fields": []})")).diagnostics) ==
          std::vector<std::string>{"/components/0/name: \"Transform\" is the name of a built-in component"});
  REQUIRE(errors(R"({"name": "Door", "fields": [{"name": "speed", "type": "float", "min": 0, "max": 10, "default": 12}]})") ==
          std::vector<std::string>{"/components/0/fields/0/default: the default 12 is outside the field's range, 0 to 10"});
  REQUIRE(errors(R"({"name": "Door", "fields": [{"name": "mode", "type": "enum"}]})") ==
          std::vector<std::string>{"/components/0/fields/0: an enum field needs \"values\", the names it can take"});
  REQUIRE(errors(R"({"name": "Door", "fields": [{"name": "mode", "type": "enum", "values": ["a"], "default": "b"}]})") ==
          std::vector<std::string>{"/components/0/fields/0/default: expected one of \"a\", found \"b\""});
  REQUIRE(errors(R"({"name": "Door", "fields": [{"name": "on", "type": "bool", "unit": "m"}]})") ==
          std::vector<std::string>{"/components/0/fields/0/unit: a bool field has no \"unit\""});
  REQUIRE(errors(R"({"name": "Door Way", "fields": []})") ==
          std::vector<std::string>{"/components/0/name: \"Door Way\" is not a valid component name (a letter or _, "
                                   "then letters, digits or _; at most 64 characters)"});
  REQUIRE(errors(R"({"name": "Door", "fields": [{"name": "q", "type": "quat", "default": [0, 0, 0, 0]}]})") ==
          std::vector<std::string>{"/components/0/fields/0/default: a rotation quaternion cannot have length 0 (it "
                                   "names no rotation)"});
  // Every problem at once, not just the first.
  REQUIRE(errors(R"({"name": "Transform", "fields": [{"name": "x", "type": "double"}], "colour": 1})").size() == 3);
}

TEST_CASE("[Project] The wrong format or a newer version is refused", "[serialization][project]") {
  const auto world = t::MakeWorld();
  REQUIRE(Texts(LoadProject(R"({"format": "cairn.scene", "version": 1, "name": "x", "components": []})", *world)
                    .diagnostics) == std::vector<std::string>{"/format: expected \"cairn.project\", found \"cairn.scene\""});
  REQUIRE(Texts(LoadProject(R"({"format": "cairn.project", "version": 2, "name": "x", "components": []})", *world)
                    .diagnostics) ==
          std::vector<std::string>{"/version: version 2 is newer than this build supports (1); open it with a newer Cairn"});
  REQUIRE(Texts(LoadProject("{", *world).diagnostics).size() == 1);
}

TEST_CASE("[Project] The project of a scene is found walking up its folders", "[serialization][project]") {
  const fs::path project = t::DataPath("project/cairn.project.json");
  REQUIRE(FindProjectFile(t::DataPath("project/levels/forest/README")) == fs::absolute(project));
  REQUIRE(FindProjectFile(t::DataPath("project/levels")) == fs::absolute(project));
  const t::TempDir temp("project-none");
  REQUIRE_FALSE(FindProjectFile(temp.Path() / "level.scene").has_value());
}

TEST_CASE("[Project] A path through \"..\" is searched from the folder it names", "[serialization][project]") {
  const t::TempDir temp("project-dots");
  temp.Write("game/cairn.project.json", ProjectWith(""));
  temp.Write("other/level.scene", "{}");
  // game/../other is other, which no project governs: game's project is not
  // on the way up from it.
  REQUIRE_FALSE(FindProjectFile(temp.Path() / "game" / ".." / "other" / "level.scene").has_value());
  REQUIRE(FindProjectFile(temp.Path() / "other" / ".." / "game" / "level.scene") == temp.Path() / "game" / kProjectFileName);
}

TEST_CASE("[Project] The canonical text reads back to the same project, byte for byte", "[serialization][project]") {
  const Project project = LoadSample();
  const std::string text = ProjectToText(project);
  const ProjectLoadResult again = LoadProject(text, *t::MakeWorld());
  REQUIRE(again.Ok());
  REQUIRE(ProjectToText(*again.project) == text);
  REQUIRE(again.project->components.size() == project.components.size());
  for (std::size_t i = 0; i < project.components.size(); ++i) {
    const auto& a = project.components[i];
    const auto& b = again.project->components[i];
    REQUIRE(a.name == b.name);
    REQUIRE(a.fields.size() == b.fields.size());
    for (std::size_t j = 0; j < a.fields.size(); ++j) {
      INFO(a.name << "." << a.fields[j].name);
      REQUIRE(a.fields[j].default_value == b.fields[j].default_value);
      REQUIRE(a.fields[j].type == b.fields[j].type);
      REQUIRE(a.fields[j].hints.unit == b.fields[j].hints.unit);
    }
  }
}
