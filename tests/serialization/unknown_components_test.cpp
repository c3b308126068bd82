#include <catch2/catch.hpp>

#include "cairn/ecs/command.h"
#include "cairn/ecs/world_dump.h"
#include "cairn/serialization/scene_loader.h"
#include "cairn/serialization/scene_writer.h"
#include "cairn/serialization/unknown_components.h"
#include "test_support.h"

using namespace cairn::serialization;
using namespace cairn::ecs;
namespace t = cairn::serialization::test;

namespace {

// A file from a "newer build": components Wind and Zone that this build does
// not know, around a known Transform.
const char* const kNewerFile = R"({
  "format": "cairn.scene",
  "version": 1,
  "editor": {},
  "entities": [
    {
      "id": "00000000000000a1",
      "name": "Windy",
      "parent": null,
      "order": 0,
      "components": {
        "Transform": {"position": [1, 2, 3], "rotation": [0, 0, 0, 1], "scale": [1, 1, 1]},
        "Zone": {"shape": {"kind": "box", "size": [4, 4, 4]}, "tags": ["a", "b"], "big": 18446744073709551615},
        "Wind": {"strength": 2.5, "gusty": true, "note": "caf\u00e9"}
      }
    }
  ]
})";

}  // namespace

TEST_CASE("Unknown components are warnings, kept and written back on save", "[serialization][unknown_components]") {
  const LoadResult result = LoadScene(kNewerFile);
  REQUIRE(result.Ok());
  REQUIRE(result.diagnostics.size() == 2);
  REQUIRE(result.diagnostics[0].severity == Diagnostic::Severity::kWarning);
  REQUIRE(result.diagnostics[0].ToString() ==
          "/entities/0/components/Wind: unknown component \"Wind\": kept as is and written back on save");
  REQUIRE(result.diagnostics[1].ToString() ==
          "/entities/0/components/Zone: unknown component \"Zone\": kept as is and written back on save");

  const std::string saved = SaveSceneToString(*result.scene->world, result.scene->editor);
  REQUIRE(saved.find("      \"components\": {\n"
                     "        \"Transform\": {\n"
                     "          \"position\": [1, 2, 3],\n"
                     "          \"rotation\": [0, 0, 0, 1],\n"
                     "          \"scale\": [1, 1, 1]\n"
                     "        },\n"
                     "        \"Wind\": {\n"
                     "          \"gusty\": true,\n"
                     "          \"note\": \"caf\xC3\xA9\",\n"
                     "          \"strength\": 2.5\n"
                     "        },\n"
                     "        \"Zone\": {\n"
                     "          \"big\": 18446744073709551615,\n"
                     "          \"shape\": {\n"
                     "            \"kind\": \"box\",\n"
                     "            \"size\": [4, 4, 4]\n"
                     "          },\n"
                     "          \"tags\": [\"a\", \"b\"]\n"
                     "        }\n"
                     "      }\n") != std::string::npos);
  const LoadResult again = LoadScene(saved);
  REQUIRE(again.Ok());
  REQUIRE(SaveSceneToString(*again.scene->world, again.scene->editor) == saved);
}

TEST_CASE("Unknown components sort among the known ones by name", "[serialization][unknown_components]") {
  const LoadResult result = LoadScene(R"({"format": "cairn.scene", "version": 1, "entities": [
      {"id": "0000000000000001", "name": null, "parent": null, "order": 0, "components": {
        "Aaa": {}, "Static": {}, "Mmm": {"x": 1}, "Zzz": {}}}]})");
  REQUIRE(result.Ok());
  const std::string saved = SaveSceneToString(*result.scene->world, result.scene->editor);
  REQUIRE(saved.find("\"Aaa\": {},\n        \"Mmm\": {\n          \"x\": 1\n        },\n        \"Static\": {},\n"
                     "        \"Zzz\": {}\n") != std::string::npos);
}

TEST_CASE("Unknown components are stored in a hidden component on their entity", "[serialization][unknown_components]") {
  const LoadResult result = LoadScene(kNewerFile);
  const Coordinator& world = *result.scene->world;
  const Entity entity = world.GetEntity(EntityId{0xa1});
  const ComponentInfo* info = world.FindComponentInfo(kUnknownComponentsName);
  REQUIRE(info != nullptr);
  REQUIRE_FALSE(info->ui_accessible);
  const std::string& json = world.GetComponent<UnknownComponents>(entity).json;
  REQUIRE(json == R"({"Wind":{"gusty":true,"note":"café","strength":2.5},)"
                  R"("Zone":{"big":18446744073709551615,"shape":{"kind":"box","size":[4,4,4]},"tags":["a","b"]}})");
}

TEST_CASE("Unknown components survive delete and undo", "[serialization][unknown_components]") {
  LoadResult result = LoadScene(kNewerFile);
  Coordinator& world = *result.scene->world;
  const std::string before = SaveSceneToString(world, result.scene->editor);
  const Action undo = ApplyAction(world, Action{"Delete", {DestroySubtreeCommand{EntityId{0xa1}}}});
  REQUIRE(world.EntityCount() == 0);
  ApplyAction(world, undo);
  REQUIRE(SaveSceneToString(world, result.scene->editor) == before);
}

TEST_CASE("Unknown components are copied by duplicate", "[serialization][unknown_components]") {
  LoadResult result = LoadScene(kNewerFile);
  Coordinator& world = *result.scene->world;
  std::vector<EntityRecord> records = SnapshotSubtree(world, world.GetEntity(EntityId{0xa1}));
  records[0].id = EntityId{0xa2};
  ApplyAction(world, Action{"Duplicate", {RestoreSubtreeCommand{records}}});
  const std::string saved = SaveSceneToString(world, result.scene->editor);
  REQUIRE(saved.find("\"id\": \"00000000000000a2\"") != std::string::npos);
  const std::size_t copy = saved.find("\"id\": \"00000000000000a2\"");
  REQUIRE(saved.find("\"Wind\": {", copy) != std::string::npos);
  REQUIRE(saved.find("\"Zone\": {", copy) != std::string::npos);
}

TEST_CASE("Registering the unknown-component store twice is harmless", "[serialization][unknown_components]") {
  auto world = t::MakeWorld();
  RegisterUnknownComponents(*world);
  const std::size_t types = world->ComponentTypeCount();
  RegisterUnknownComponents(*world);
  REQUIRE(world->ComponentTypeCount() == types);
}

TEST_CASE("Add Component never offers the unknown-component store", "[serialization][unknown_components]") {
  auto world = t::MakeWorld();
  RegisterUnknownComponents(*world);
  const std::vector<std::string> names = world->UiAccessibleComponentNames();
  REQUIRE(std::find(names.begin(), names.end(), std::string(kUnknownComponentsName)) == names.end());
}
