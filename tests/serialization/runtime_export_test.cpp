#include <catch2/catch.hpp>

#include <limits>

#include "cairn/serialization/runtime_export.h"
#include "cairn/serialization/scene_loader.h"
#include "cairn/serialization/scene_writer.h"
#include "test_support.h"

using namespace cairn::serialization;
using namespace cairn::ecs;
namespace t = cairn::serialization::test;

TEST_CASE("The sample scene exports to the golden runtime file byte for byte", "[serialization][runtime_export]") {
  const auto world = t::MakeSampleWorld();
  const std::string text = ExportRuntime(*world, {.include_world_matrices = true});
  if (t::UpdatingGoldenFiles()) t::WriteText(t::DataPath("sample.runtime.json"), text);
  REQUIRE(text == t::ReadText(t::DataPath("sample.runtime.json")));
}

TEST_CASE("An export has the runtime format and no editor data", "[serialization][runtime_export]") {
  const auto world = t::MakeWorld();
  REQUIRE(ExportRuntime(*world) ==
          "{\n"
          "  \"format\": \"cairn.runtime\",\n"
          "  \"version\": 2,\n"
          "  \"entities\": []\n"
          "}\n");
}

TEST_CASE("An export lists entities as the scene file does", "[serialization][runtime_export]") {
  const auto world = t::MakeSampleWorld();
  const std::string scene = SaveSceneToString(*world, t::SampleEditorData());
  const std::string runtime = ExportRuntime(*world);
  // The entity array (a scene's goes on with its prefab instances).
  const auto entities = [](const std::string& text) {
    const std::size_t start = text.find("  \"entities\": [");
    return text.substr(start, text.find("\n  ]", start) - start);
  };
  REQUIRE(entities(runtime) == entities(scene));
}

TEST_CASE("World matrices are column-major and include the parents' transforms", "[serialization][runtime_export]") {
  auto world = t::MakeWorld();
  const Entity parent = world->CreateEntity(EntityId{0x1});
  world->AddComponent(parent, Transform{{1.0f, 2.0f, 3.0f}, glm::quat(1.0f, 0.0f, 0.0f, 0.0f), {2.0f, 2.0f, 2.0f}});
  const Entity middle = world->CreateEntity(EntityId{0x2});  // no Transform: contributes identity
  world->SetParent(middle, parent);
  const Entity child = world->CreateEntity(EntityId{0x3});
  world->AddComponent(child, Transform{{1.0f, 0.0f, 0.0f}, glm::quat(1.0f, 0.0f, 0.0f, 0.0f), {1.0f, 1.0f, 1.0f}});
  world->SetParent(child, middle);
  const std::string text = ExportRuntime(*world, {.include_world_matrices = true});
  REQUIRE(text.find("\"world\": [2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 1, 2, 3, 1]") != std::string::npos);
  REQUIRE(text.find("\"world\": [2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 3, 2, 3, 1]") != std::string::npos);
  REQUIRE(ExportRuntime(*world).find("\"world\"") == std::string::npos);
}

TEST_CASE("A world matrix that overflows cannot be exported", "[serialization][runtime_export]") {
  auto world = t::MakeWorld();
  const Entity parent = world->CreateEntity(EntityId{0x1});
  world->AddComponent(parent, Transform{{0.0f, 0.0f, 0.0f}, glm::quat(1.0f, 0.0f, 0.0f, 0.0f), {1e30f, 1e30f, 1e30f}});
  const Entity child = world->CreateEntity(EntityId{0x2});
  world->AddComponent(child, Transform{{0.0f, 0.0f, 0.0f}, glm::quat(1.0f, 0.0f, 0.0f, 0.0f), {1e30f, 1e30f, 1e30f}});
  world->SetParent(child, parent);
  REQUIRE_NOTHROW(ExportRuntime(*world));
  REQUIRE_THROWS_WITH(ExportRuntime(*world, {.include_world_matrices = true}),
                      "entity 0000000000000002: its world matrix is not finite");
}

TEST_CASE("Unknown components are exported with their entity", "[serialization][runtime_export]") {
  const LoadResult scene = LoadScene(R"({"format": "cairn.scene", "version": 1, "entities": [
      {"id": "0000000000000001", "name": "A", "parent": null, "order": 0, "components": {"Wind": {"x": 1}}}]})");
  REQUIRE(scene.Ok());
  REQUIRE(ExportRuntime(*scene.scene->world).find("\"Wind\": {\n          \"x\": 1\n        }") != std::string::npos);
}

TEST_CASE("ExportRuntimeFile writes atomically and reports failures", "[serialization][runtime_export]") {
  const t::TempDir temp("serialization-export");
  const auto& directory = temp.Path();
  const auto world = t::MakeSampleWorld();
  REQUIRE(ExportRuntimeFile(directory / "level.json", *world).ok);
  REQUIRE(t::ReadText(directory / "level.json") == ExportRuntime(*world));
  const SaveResult failed = ExportRuntimeFile(directory / "missing" / "level.json", *world);
  REQUIRE_FALSE(failed.ok);
  REQUIRE(failed.error.rfind("cannot save " + (directory / "missing" / "level.json").string(), 0) == 0);
}
