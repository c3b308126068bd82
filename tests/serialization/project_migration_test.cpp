// A project's definitions change while scenes using them stay on disk: each
// case saves a scene with one definition and reopens it with the next.

#include <catch2/catch.hpp>

#include "cairn/serialization/project.h"
#include "cairn/serialization/runtime_export.h"
#include "cairn/serialization/runtime_loader.h"
#include "cairn/serialization/scene_loader.h"
#include "cairn/serialization/scene_writer.h"
#include "test_support.h"

using namespace cairn::serialization;
using namespace cairn::ecs;
namespace t = cairn::serialization::test;

namespace {

std::vector<std::string> TextsWithSeverity(const std::vector<Diagnostic>& diagnostics) {
  std::vector<std::string> texts;
  for (const Diagnostic& diagnostic : diagnostics) {
    texts.push_back(std::string(diagnostic.IsError() ? "error " : "warning ") + diagnostic.ToString());
  }
  return texts;
}

LoadOptions WithProject(const std::string& components) {
  const ProjectLoadResult project = LoadProject(
      R"({"format": "cairn.project", "version": 1, "name": "Migrating", "components": [)" + components + "]}",
      *t::MakeWorld());
  INFO(TextsWithSeverity(project.diagnostics).size());
  REQUIRE(project.Ok());
  LoadOptions options;
  options.register_components = [definitions = *project.project](Coordinator& world) {
    RegisterBuiltinComponents(world);
    RegisterProjectComponents(world, definitions);
  };
  return options;
}

std::string SceneWithDoor(const std::string& door) {
  return R"({"format": "cairn.scene", "version": 1, "entities": [{"id": "0000000000000001", "name": "Gate", )"
         R"("parent": null, "order": 0, "components": {"Door": )" +
         door + "}}]}";
}

PlainValue DoorOf(const LoadResult& result) {
  const Coordinator& world = *result.scene->world;
  const ComponentInfo& info = *world.FindComponentInfo("Door");
  return ComponentToPlain(info, world.GetComponentData(world.GetEntity(EntityId{1}), info.type));
}

// Loads `scene` with the definition `door`, then saves and reloads it with
// the same definition: the second load must be clean or carry the same data.
LoadResult Reopen(const std::string& scene, const std::string& door) {
  const LoadOptions options = WithProject(door);
  LoadResult loaded = LoadScene(scene, options);
  REQUIRE(loaded.Ok());
  return loaded;
}

}  // namespace

TEST_CASE("[ProjectMigration] A new field takes its default", "[serialization][project]") {
  const LoadResult result = Reopen(SceneWithDoor(R"({"speed": 4})"),
                                   R"({"name": "Door", "fields": [{"name": "speed", "type": "float"},
                                      {"name": "locked", "type": "bool", "default": true}]})");
  REQUIRE(TextsWithSeverity(result.diagnostics) ==
          std::vector<std::string>{"warning /entities/0/components/Door: missing field \"locked\": it takes its "
                                   "default, as the Door definition says"});
  REQUIRE(DoorOf(result) == PlainValue(PlainValue::Object{{"speed", 4.0f}, {"locked", true}}));
}

TEST_CASE("[ProjectMigration] A renamed field keeps its values", "[serialization][project]") {
  const LoadResult result =
      Reopen(SceneWithDoor(R"({"hp": 40})"),
             R"({"name": "Door", "fields": [{"name": "points", "type": "int", "previous_names": ["hp"]}]})");
  REQUIRE(result.diagnostics.empty());  // the project declares the rename
  REQUIRE(DoorOf(result) == PlainValue(PlainValue::Object{{"points", 40}}));
  const std::string saved = SaveSceneToString(*result.scene->world, result.scene->editor);
  REQUIRE(saved.find("\"points\": 40") != std::string::npos);
  REQUIRE(saved.find("\"hp\"") == std::string::npos);
}

TEST_CASE("[ProjectMigration] A removed field is kept as unknown data and written back", "[serialization][project]") {
  const std::string old_definition =
      R"({"name": "Door", "fields": [{"name": "speed", "type": "float"}, {"name": "sound", "type": "string"}]})";
  const std::string new_definition = R"({"name": "Door", "fields": [{"name": "speed", "type": "float"}]})";
  const LoadResult result = Reopen(SceneWithDoor(R"({"speed": 4, "sound": "creak.ogg"})"), new_definition);
  REQUIRE(TextsWithSeverity(result.diagnostics) ==
          std::vector<std::string>{"warning /entities/0/components/Door/sound: field \"sound\" is not in the Door "
                                   "definition: kept in the file as it is"});
  const std::string saved = SaveSceneToString(*result.scene->world, result.scene->editor);
  REQUIRE(saved.find("\"sound\": \"creak.ogg\"") != std::string::npos);

  // The field comes back: its value is there again.
  const LoadResult restored = LoadScene(saved, WithProject(old_definition));
  REQUIRE(restored.Ok());
  REQUIRE(restored.diagnostics.empty());
  REQUIRE(DoorOf(restored) == PlainValue(PlainValue::Object{{"speed", 4.0f}, {"sound", "creak.ogg"}}));
}

TEST_CASE("[ProjectMigration] A removed field in a runtime export is ignored with a warning",
          "[serialization][project]") {
  const std::string old_definition =
      R"({"name": "Door", "fields": [{"name": "speed", "type": "float"}, {"name": "sound", "type": "string"}]})";
  const std::string new_definition = R"({"name": "Door", "fields": [{"name": "speed", "type": "float"}]})";
  // The scene keeps the removed field as unknown data, and its export carries it.
  const LoadResult scene = Reopen(SceneWithDoor(R"({"speed": 4, "sound": "creak.ogg"})"), new_definition);
  const std::string exported = ExportRuntime(*scene.scene->world);
  REQUIRE(exported.find("\"sound\": \"creak.ogg\"") != std::string::npos);

  const RuntimeLoadResult runtime = LoadRuntime(exported, WithProject(new_definition));
  REQUIRE(runtime.Ok());
  REQUIRE(TextsWithSeverity(runtime.diagnostics) ==
          std::vector<std::string>{"warning /entities/0/components/Door/sound: field \"sound\" is not in the Door "
                                   "definition: ignored"});
  const Coordinator& world = *runtime.world;
  const ComponentInfo& info = *world.FindComponentInfo("Door");
  REQUIRE(ComponentToPlain(info, world.GetComponentData(world.GetEntity(EntityId{1}), info.type)) ==
          PlainValue(PlainValue::Object{{"speed", 4.0f}}));
  REQUIRE(LoadRuntime(exported, WithProject(old_definition)).diagnostics.empty());
}

TEST_CASE("[ProjectMigration] A removed type is kept as an unknown component", "[serialization][project]") {
  const LoadResult result = Reopen(SceneWithDoor(R"({"speed": 4})"), R"({"name": "Window", "fields": []})");
  REQUIRE(TextsWithSeverity(result.diagnostics) ==
          std::vector<std::string>{"warning /entities/0/components/Door: unknown component \"Door\": kept as is and "
                                   "written back on save"});
  REQUIRE(SaveSceneToString(*result.scene->world, result.scene->editor).find("\"Door\": {") != std::string::npos);
}

TEST_CASE("[ProjectMigration] A changed field type converts where it can and refuses where it cannot",
          "[serialization][project]") {
  const LoadResult to_int = Reopen(SceneWithDoor(R"({"uses": 3.0, "open": 1, "tint": [1, 0.5, 0], "label": 12})"),
                                   R"({"name": "Door", "fields": [{"name": "uses", "type": "int"},
                                      {"name": "open", "type": "bool"}, {"name": "tint", "type": "color"},
                                      {"name": "label", "type": "string"}]})");
  REQUIRE(TextsWithSeverity(to_int.diagnostics) ==
          std::vector<std::string>{
              "warning /entities/0/components/Door/uses: the int field now holds 3, converted from 3.0",
              "warning /entities/0/components/Door/open: the bool field now holds true, converted from 1",
              "warning /entities/0/components/Door/tint: the vec4 field now holds an array of 4 elements, converted "
              "from an array of 3 elements",
              "warning /entities/0/components/Door/label: the string field now holds \"12\", converted from 12"});
  REQUIRE(DoorOf(to_int) ==
          PlainValue(PlainValue::Object{{"uses", 3}, {"open", true},
                                        {"tint", PlainValue(PlainValue::Array{1.0f, 0.5f, 0.0f, 1.0f})},
                                        {"label", "12"}}));

  // The text of a number, as a string field held it, back to the number.
  const LoadResult from_text = Reopen(SceneWithDoor(R"({"uses": "40", "speed": "2.5"})"),
                                      R"({"name": "Door", "fields": [{"name": "uses", "type": "int"},
                                         {"name": "speed", "type": "float"}]})");
  REQUIRE(TextsWithSeverity(from_text.diagnostics) ==
          std::vector<std::string>{
              "warning /entities/0/components/Door/uses: the int field now holds 40, converted from \"40\"",
              "warning /entities/0/components/Door/speed: the float field now holds 2.5, converted from \"2.5\""});
  REQUIRE(DoorOf(from_text) == PlainValue(PlainValue::Object{{"uses", 40}, {"speed", 2.5f}}));
  const LoadOptions int_uses = WithProject(R"({"name": "Door", "fields": [{"name": "uses", "type": "int"}]})");
  for (const char* text : {R"("40 doors")", R"("")", R"("4e99999")", R"(" 7")"}) {
    INFO(text);
    REQUIRE_FALSE(LoadScene(SceneWithDoor(std::string(R"({"uses": )") + text + "}"), int_uses).Ok());
  }

  const LoadOptions options = WithProject(R"({"name": "Door", "fields": [{"name": "speed", "type": "float"}]})");
  const LoadResult refused = LoadScene(SceneWithDoor(R"({"speed": "fast"})"), options);
  REQUIRE_FALSE(refused.Ok());
  REQUIRE(TextsWithSeverity(refused.diagnostics) ==
          std::vector<std::string>{"error /entities/0/components/Door/speed: expected a number, found a string"});
}
