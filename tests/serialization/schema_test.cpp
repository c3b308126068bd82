#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <set>
#include <sys/wait.h>

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

TEST_CASE("Saved scenes validate against the scene schema with python3-jsonschema", "[serialization][schema]") {
  const t::TempDir temp("serialization-schema");
  const fs::path& directory = temp.Path();
  REQUIRE(SaveSceneFile(directory / "sample.scene", *t::MakeSampleWorld(), t::SampleEditorData()).ok);
  const LoadResult migrated = LoadSceneFile(t::DataPath("sample_v0.scene"));
  REQUIRE(SaveSceneFile(directory / "migrated.scene", *migrated.scene->world, migrated.scene->editor).ok);
  const LoadResult unknown = LoadScene(R"({"format": "cairn.scene", "version": 1, "entities": [
      {"id": "0000000000000001", "name": null, "parent": null, "order": 0, "components": {"Wind": {"x": 1}}}]})");
  REQUIRE(SaveSceneFile(directory / "unknown.scene", *unknown.scene->world, unknown.scene->editor).ok);
  const Validation validation = Validate(CommittedSchema("scene.schema.json"),
                                         {directory / "sample.scene", directory / "migrated.scene",
                                          directory / "unknown.scene", t::DataPath("valid_base.scene")});
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
  REQUIRE(runtime.output.find("sample.scene : Additional properties are not allowed ('editor' was unexpected)") !=
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
