#include <catch2/catch.hpp>

#include "cairn/ecs/world_dump.h"
#include "cairn/serialization/runtime_export.h"
#include "cairn/serialization/runtime_loader.h"
#include "cairn/serialization/unknown_components.h"
#include "test_support.h"

using namespace cairn::serialization;
using namespace cairn::ecs;
namespace t = cairn::serialization::test;

namespace {

std::string Runtime(const std::string& entities) {
  return R"({"format": "cairn.runtime", "version": 1, "entities": [)" + entities + "]}";
}

}  // namespace

TEST_CASE("A game loads an export into a world in a few lines", "[serialization][runtime_loader]") {
  const RuntimeLoadResult level = LoadRuntimeFile(t::DataPath("sample.runtime.json"));
  REQUIRE(level.Ok());
  REQUIRE(level.diagnostics.empty());
  Coordinator& world = *level.world;
  world.UpdateSystems(0.0f);
  REQUIRE(DumpWorld(world) == DumpWorld(*t::MakeSampleWorld()));
  REQUIRE(world.GetComponent<Name>(world.GetEntity(EntityId{0x3f2a9c0d41be7e10})).value == "Player");
}

TEST_CASE("The runtime loader validates like the scene loader", "[serialization][runtime_loader]") {
  const RuntimeLoadResult result = LoadRuntime(Runtime(
      R"({"id": "0000000000000001", "name": null, "parent": null, "order": 0, "components": {"Transform": {
           "position": [0, 0], "rotation": [0, 0, 0, 1], "scale": [1, 1, 1]}}})"));
  REQUIRE_FALSE(result.Ok());
  REQUIRE(result.diagnostics.size() == 1);
  REQUIRE(result.diagnostics[0].ToString() ==
          "/entities/0/components/Transform/position: expected an array of 3 numbers, found an array of 2 elements");
}

TEST_CASE("A number too large for a double does not hide the other problems of an export", "[serialization][runtime_loader]") {
  const RuntimeLoadResult result = LoadRuntime(Runtime(
      R"({"id": "0000000000000001", "name": null, "parent": null, "order": 0, "components": {"Transform": {
           "position": [0, 1e400, 0], "rotation": [0, 0, 0, 1], "scale": [1, 1]}}})"));
  REQUIRE_FALSE(result.Ok());
  REQUIRE(result.diagnostics.size() == 2);
  REQUIRE(result.diagnostics[0].ToString() == "/entities/0/components/Transform/position/1: expected a finite number, found 1e400");
  REQUIRE(result.diagnostics[1].ToString() ==
          "/entities/0/components/Transform/scale: expected an array of 3 numbers, found an array of 2 elements");
}

TEST_CASE("World matrices in an export are checked", "[serialization][runtime_loader]") {
  const RuntimeLoadResult result = LoadRuntime(Runtime(
      R"({"id": "0000000000000001", "name": null, "parent": null, "order": 0, "components": {}, "world": [1, 0]})"));
  REQUIRE(result.diagnostics.size() == 1);
  REQUIRE(result.diagnostics[0].ToString() == "/entities/0/world: expected an array of 16 numbers, found an array of 2 elements");
}

TEST_CASE("A runtime loader refuses scene files and editor data", "[serialization][runtime_loader]") {
  const RuntimeLoadResult scene = LoadRuntime(t::ReadText(t::DataPath("sample.scene")));
  REQUIRE(scene.diagnostics.size() == 1);
  REQUIRE(scene.diagnostics[0].ToString() == "/format: expected \"cairn.runtime\", found \"cairn.scene\"");
  const RuntimeLoadResult editor =
      LoadRuntime(R"({"format": "cairn.runtime", "version": 2, "editor": {}, "entities": []})");
  REQUIRE(editor.diagnostics.size() == 1);
  REQUIRE(editor.diagnostics[0].ToString() == "/editor: unknown key \"editor\" (expected format, version, entities)");
  const RuntimeLoadResult newer = LoadRuntime(R"({"format": "cairn.runtime", "version": 3, "entities": []})");
  REQUIRE(newer.diagnostics[0].ToString() ==
          "/version: version 3 is newer than this build supports (2); open it with a newer Cairn");
  const RuntimeLoadResult older = LoadRuntime(R"({"format": "cairn.runtime", "version": 0, "entities": []})");
  REQUIRE(older.diagnostics[0].ToString() == "/version: expected an integer from 1 to 2, found 0");
  const RuntimeLoadResult first = LoadRuntime(R"({"format": "cairn.runtime", "version": 1, "entities": []})");
  REQUIRE(first.Ok());
  REQUIRE(first.diagnostics.empty());
}

TEST_CASE("Components a game does not register are skipped with a warning", "[serialization][runtime_loader]") {
  const RuntimeLoadResult result = LoadRuntime(Runtime(
      R"({"id": "0000000000000001", "name": "A", "parent": null, "order": 0, "components": {"Wind": {"x": 1}}})"));
  REQUIRE(result.Ok());
  REQUIRE(result.diagnostics.size() == 1);
  REQUIRE(result.diagnostics[0].ToString() == "/entities/0/components/Wind: unknown component \"Wind\": ignored");
  REQUIRE_FALSE(result.world->IsRegistered<UnknownComponents>());
}

TEST_CASE("A game registers its own components through the options", "[serialization][runtime_loader]") {
  struct Coin {
    std::int32_t value = 1;
    bool operator==(const Coin&) const = default;
  };
  LoadOptions options;
  options.register_components = [](Coordinator& world) {
    RegisterBuiltinComponents(world);
    world.RegisterComponent<Coin>("Coin").Field("value", &Coin::value);
  };
  const RuntimeLoadResult result = LoadRuntime(Runtime(
      R"({"id": "0000000000000001", "name": "A", "parent": null, "order": 0, "components": {"Coin": {"value": 5}}})"),
      options);
  REQUIRE(result.Ok());
  REQUIRE(result.world->GetComponent<Coin>(result.world->GetEntity(EntityId{1})).value == 5);
}
