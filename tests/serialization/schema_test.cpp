#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <set>
#include <sys/wait.h>

#include "cairn/serialization/prefab.h"
#include "cairn/serialization/project.h"
#include "cairn/serialization/runtime_export.h"
#include "cairn/serialization/scene_loader.h"
#include "cairn/serialization/scene_writer.h"
#include "cairn/serialization/schema.h"
#include "test_support.h"

using namespace cairn::serialization;
using namespace cairn::ecs;
namespace fs = std::filesystem;
namespace t = cairn::serialization::test;

namespace {

fs::path CommittedSchema(const std::string& name) { return t::DataPath("../../../docs/schema/" + name); }

struct Validation {
  int exit_code = -1;
  std::string output;
};

// Runs validate_schema.py with Debian's Python (which has python3-jsonschema).
Validation Validate(const fs::path& schema, const std::vector<fs::path>& files) {
  std::string command = "/usr/bin/python3 '" + t::DataPath("../validate_schema.py").string() + "' '" +
                        schema.string() + "'";
  for (const fs::path& file : files) command += " '" + file.string() + "'";
  command += " 2>&1";
  Validation validation;
  FILE* pipe = ::popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  char buffer[4096];
  for (std::size_t count; (count = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) validation.output.append(buffer, count);
  const int status = ::pclose(pipe);
  validation.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return validation;
}

}  // namespace

TEST_CASE("The committed scene schema is the one the registry generates", "[serialization][schema]") {
  const std::string generated = GenerateSceneSchema(*t::MakeWorld());
  if (t::UpdatingGoldenFiles()) t::WriteText(CommittedSchema("scene.schema.json"), generated);
  INFO("docs/schema/scene.schema.json is stale: run the tests with CAIRN_UPDATE_GOLDEN=1 and commit the result");
  REQUIRE(generated == t::ReadText(CommittedSchema("scene.schema.json")));
}

TEST_CASE("The committed runtime schema is the one the registry generates", "[serialization][schema]") {
  const std::string generated = GenerateRuntimeSchema(*t::MakeWorld());
  if (t::UpdatingGoldenFiles()) t::WriteText(CommittedSchema("runtime.schema.json"), generated);
  INFO("docs/schema/runtime.schema.json is stale: run the tests with CAIRN_UPDATE_GOLDEN=1 and commit the result");
  REQUIRE(generated == t::ReadText(CommittedSchema("runtime.schema.json")));
}

TEST_CASE("A component the caller registers appears in the generated schema", "[serialization][schema]") {
  struct Health {
    std::int32_t points = 100;
    bool operator==(const Health&) const = default;
  };
  auto world = t::MakeWorld();
  world->RegisterComponent<Health>("Health").Field("points", &Health::points);
  const Document schema = Document::parse(GenerateSceneSchema(*world));
  REQUIRE(schema["$defs"]["component.Health"]["properties"]["points"] ==
          Document::parse(R"({"type": "integer", "minimum": -2147483648, "maximum": 2147483647})"));
  REQUIRE(schema["$defs"]["entity"]["properties"]["components"]["properties"]["Health"]["$ref"] ==
          "#/$defs/component.Health");
}

TEST_CASE("An asset field's extensions become a pattern that keeps UTF-8 whole and escapes syntax characters",
          "[serialization][schema][project]") {
  const ProjectLoadResult project = LoadProject(
      R"({"format": "cairn.project", "version": 1, "name": "P", "components": [{"name": "Prop", "fields": [)"
      R"({"name": "mesh", "type": "asset", "extensions": [".gl\u00e9", ".a+b", ".x2_y-z"]}]}]})",
      *t::MakeWorld());
  REQUIRE(project.Ok());
  auto world = t::MakeWorld();
  RegisterProjectComponents(*world, *project.project);
  // Dumping the document would throw on invalid UTF-8; it parses back whole.
  const Document schema = Document::parse(GenerateSceneSchema(*world));
  REQUIRE(schema["$defs"]["component.Prop"]["properties"]["mesh"]["pattern"] ==
          "^$|\\.[gG][lL]\u00e9$|\\.[aA]\\+[bB]$|\\.[xX]2_[yY]-[zZ]$");
  REQUIRE(Document::parse(GenerateRuntimeSchema(*world)).is_object());
}

TEST_CASE("Saved scenes validate against the scene schema with python3-jsonschema", "[serialization][schema]") {
  const t::TempDir temp("serialization-schema");
  const fs::path& directory = temp.Path();
  REQUIRE(SaveSceneFile(directory / "sample.scene", *t::MakeSampleWorld(), t::SampleEditorData()).ok);
  const LoadResult migrated = LoadSceneFile(t::DataPath("sample_v0.scene"));
  REQUIRE(SaveSceneFile(directory / "migrated.scene", *migrated.scene->world, migrated.scene->editor).ok);
  const LoadResult unknown = LoadScene(R"({"format": "cairn.scene", "version": 1, "entities": [
      {"id": "0000000000000001", "name": null, "parent": null, "order": 0, "components": {"Wind": {"x": 1}}}]})");
  REQUIRE(SaveSceneFile(directory / "unknown.scene", *unknown.scene->world, unknown.scene->editor).ok);
  // Prefab instances, with overrides of every kind.
  t::WriteText(directory / "lamp.scene", R"({"format": "cairn.scene", "version": 3, "entities": [
      {"id": "0000000000000001", "name": "Lamp", "parent": null, "order": 0, "components": {"Light": {"type": "point",
        "color": [1, 1, 1], "intensity": 1, "range": 5, "cone_angle": 30}}},
      {"id": "0000000000000002", "name": "Base", "parent": "0000000000000001", "order": 0, "components": {}},
      {"id": "0000000000000003", "name": "Cap", "parent": "0000000000000001", "order": 1, "components": {}}]})");
  LoadOptions options;
  options.asset_folder = directory;
  const LoadResult placed = LoadScene(R"({"format": "cairn.scene", "version": 3, "entities": [], "instances": [
      {"id": "00000000000000a1", "prefab": "lamp.scene", "parent": null, "order": 0, "removed_entities": ["0000000000000003"],
       "overrides": {"0000000000000001": {"name": "Red", "components": {"Light": {"intensity": 4},
                                          "Static": {}}, "removed_components": []},
                     "0000000000000002": {"components": {"Rotator": {"axis": [0, 1, 0], "degrees_per_second": 9}}}}}]})",
                                      options);
  REQUIRE(placed.Ok());
  PrefabLibrary library(directory, options);
  REQUIRE(SaveSceneFile(directory / "placed.scene", *placed.scene->world, placed.scene->editor, &library).ok);
  REQUIRE(t::ReadText(directory / "placed.scene").find("\"removed_entities\": [\"0000000000000003\"]") !=
          std::string::npos);
  const Validation validation = Validate(CommittedSchema("scene.schema.json"),
                                         {directory / "sample.scene", directory / "migrated.scene",
                                          directory / "unknown.scene", directory / "placed.scene",
                                          t::DataPath("valid_base.scene")});
  INFO(validation.output);
  REQUIRE(validation.exit_code == 0);
}

TEST_CASE("Runtime exports validate against the runtime schema with python3-jsonschema", "[serialization][schema]") {
  const t::TempDir temp("serialization-schema");
  const fs::path& directory = temp.Path();
  const auto world = t::MakeSampleWorld();
  REQUIRE(ExportRuntimeFile(directory / "plain.json", *world).ok);
  REQUIRE(ExportRuntimeFile(directory / "matrices.json", *world, {.include_world_matrices = true}).ok);
  const Validation validation =
      Validate(CommittedSchema("runtime.schema.json"), {directory / "plain.json", directory / "matrices.json"});
  INFO(validation.output);
  REQUIRE(validation.exit_code == 0);
}

TEST_CASE("The schemas reject what the loaders reject", "[serialization][schema]") {
  const Validation scene = Validate(CommittedSchema("scene.schema.json"),
                                    {t::DataPath("malformed/position_string.scene"),
                                     t::DataPath("malformed/unknown_enum.scene"), t::DataPath("malformed/id_zero.scene"),
                                     t::DataPath("malformed/name_as_component.scene"),
                                     t::DataPath("sample.runtime.json")});
  REQUIRE(scene.exit_code == 1);
  const std::string malformed = t::DataPath("malformed").string();
  REQUIRE(scene.output.find(malformed + "/position_string.scene /entities/3/components/Transform/position: ") !=
          std::string::npos);
  REQUIRE(scene.output.find(malformed + "/unknown_enum.scene /entities/1/components/MeshRenderer/mesh: ") !=
          std::string::npos);
  REQUIRE(scene.output.find(malformed + "/id_zero.scene /entities/0/id: ") != std::string::npos);
  REQUIRE(scene.output.find(malformed + "/name_as_component.scene /entities/0/components/Name: ") != std::string::npos);
  REQUIRE(scene.output.find("sample.runtime.json /format: ") != std::string::npos);

  const Validation runtime = Validate(CommittedSchema("runtime.schema.json"), {t::DataPath("sample.scene")});
  REQUIRE(runtime.exit_code == 1);
  REQUIRE(runtime.output.find("sample.scene : Additional properties are not allowed ('editor', 'instances' were unexpected)") !=
          std::string::npos);
}

TEST_CASE("The scene schema refuses every malformed file but those a JSON Schema cannot describe",
          "[serialization][schema]") {
  // What the loader refuses and a JSON Schema cannot state; the schema's
  // description names each and points at `cairn validate`.
  const std::set<std::string> beyond_a_schema = {
      "dangling_parent.scene",         // a parent id that names no entity in the file
      "duplicate_id.scene",            // ids unique across entities
      "self_parent.scene",             // an entity that is its own parent
      "parent_cycle.scene",            // parent cycles
      "duplicate_key.scene",           // JSON readers keep one of two equal keys silently
      "too_deep.scene",                // nesting depth limit
      "too_large.scene",               // file size limit (this case lowers it to 100 bytes)
      "too_many_entities.scene",       // entity limit (this case lowers it to 3)
      "version_one_point_zero.scene",  // 1.0 and 1 are the same number to a JSON Schema
  };
  std::vector<fs::path> refused;
  for (const auto& entry : fs::directory_iterator(t::DataPath("malformed"))) {
    const std::string name = entry.path().filename().string();
    if (entry.path().extension() == ".scene" && !beyond_a_schema.contains(name)) refused.push_back(entry.path());
  }
  std::sort(refused.begin(), refused.end());
  REQUIRE(refused.size() >= 59);
  for (const fs::path& file : refused) {
    const Validation validation = Validate(CommittedSchema("scene.schema.json"), {file});
    INFO(file.filename().string() << " is accepted by docs/schema/scene.schema.json\n" << validation.output);
    CHECK(validation.exit_code != 0);
  }
  const Document schema = Document::parse(t::ReadText(CommittedSchema("scene.schema.json")));
  const std::string description = schema["description"];
  for (const char* limit : {"cairn validate", "duplicate ids", "cycles", "1.0"}) {
    INFO(limit);
    REQUIRE(description.find(limit) != std::string::npos);
  }
}

// ---- The project file's schema (docs/schema/project.schema.json, written by hand) --------------

TEST_CASE("The project schema accepts the sample project and the canonical text of projects",
          "[serialization][schema][project]") {
  const t::TempDir temp("project-schema");
  const ProjectLoadResult sample = LoadProjectFile(t::DataPath("project/cairn.project.json"), *t::MakeWorld());
  REQUIRE(sample.Ok());
  t::WriteText(temp.Path() / "canonical.json", ProjectToText(*sample.project));
  t::WriteText(temp.Path() / "empty.json",
               ProjectToText(Project{.name = "Empty", .file = {}, .components = {}, .module = {}}));
  Project with_module = *sample.project;
  with_module.module = "build/libbeacon.so";
  t::WriteText(temp.Path() / "module.json", ProjectToText(with_module));
  const Validation validation = Validate(CommittedSchema("project.schema.json"),
                                         {t::DataPath("project/cairn.project.json"), temp.Path() / "canonical.json",
                                          temp.Path() / "empty.json", temp.Path() / "module.json"});
  INFO(validation.output);
  REQUIRE(validation.exit_code == 0);
}

TEST_CASE("The project schema rejects what the project loader rejects", "[serialization][schema][project]") {
  struct Case {
    std::string components;  // the project's "components" array, inside [ ]
    std::string pointer;     // where the schema reports it
  };
  const std::vector<Case> cases = {
      {R"({"name": "Door", "fields": [{"name": "speed", "type": "double"}]})", "/components/0/fields/0/type"},
      {R"({"name": "Door", "fields": [{"name": "mode", "type": "enum"}]})", "/components/0/fields/0"},
      {R"({"name": "Door", "fields": [{"name": "mode", "type": "enum", "values": []}]})",
       "/components/0/fields/0/values"},
      {R"({"name": "Door", "fields": [{"name": "on", "type": "bool", "unit": "m"}]})", "/components/0/fields/0"},
      {R"({"name": "Door", "fields": [{"name": "on", "type": "bool", "default": 1}]})", "/components/0/fields/0/default"},
      {R"({"name": "Door", "fields": [{"name": "at", "type": "vec3", "default": [0, 1]}]})",
       "/components/0/fields/0/default"},
      {R"({"name": "Door", "fields": [{"name": "q", "type": "quat", "default": [0, 0, 0, 0]}]})",
       "/components/0/fields/0/default"},
      {R"({"name": "Door", "fields": [{"name": "m", "type": "asset", "extensions": ["glb"]}]})",
       "/components/0/fields/0/extensions/0"},
      {R"({"name": "Door", "fields": [{"name": "s", "type": "float", "step": 0}]})", "/components/0/fields/0/step"},
      {R"({"name": "Door Way", "fields": []})", "/components/0/name"},
      {R"({"name": "Door", "fields": [{"name": "2nd", "type": "int"}]})", "/components/0/fields/0/name"},
      {R"({"name": "Door", "fields": [{"type": "int"}]})", "/components/0/fields/0"},
      {R"({"name": "Door", "colour": 1})", "/components/0"},
  };
  const t::TempDir temp("project-schema");
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const std::string text =
        R"({"format": "cairn.project", "version": 1, "name": "Test", "components": [)" + cases[i].components + "]}";
    INFO(text);
    REQUIRE_FALSE(LoadProject(text, *t::MakeWorld()).Ok());
    const fs::path file = temp.Path() / ("case" + std::to_string(i) + ".json");
    t::WriteText(file, text);
    const Validation validation = Validate(CommittedSchema("project.schema.json"), {file});
    INFO(validation.output);
    CHECK(validation.exit_code == 1);
    CHECK(validation.output.find(file.string() + " " + cases[i].pointer + ": ") != std::string::npos);
  }
  // The document itself: the format, the version, unknown keys.
  for (const std::string& text : {std::string(R"({"format": "cairn.scene", "version": 1, "name": "x"})"),
                                  std::string(R"({"format": "cairn.project", "version": 2, "name": "x"})"),
                                  std::string(R"({"format": "cairn.project", "version": 1})"),
                                  std::string(R"({"format": "cairn.project", "version": 1, "name": "x", "extra": 0})")}) {
    INFO(text);
    REQUIRE_FALSE(LoadProject(text, *t::MakeWorld()).Ok());
    t::WriteText(temp.Path() / "document.json", text);
    CHECK(Validate(CommittedSchema("project.schema.json"), {temp.Path() / "document.json"}).exit_code == 1);
  }
}
