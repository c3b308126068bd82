#include <catch2/catch.hpp>

#include "cairn/ecs/components/mesh_renderer.h"
#include "cairn/ecs/world_dump.h"
#include "cairn/serialization/migration.h"
#include "cairn/serialization/scene_format.h"
#include "cairn/serialization/scene_loader.h"
#include "cairn/serialization/scene_writer.h"
#include "test_support.h"

using namespace cairn::serialization;
using namespace cairn::ecs;
namespace t = cairn::serialization::test;

TEST_CASE("There is one migration step per older version", "[serialization][migration]") {
  REQUIRE(SceneMigrations().size() == static_cast<std::size_t>(kSceneVersion));
  for (std::size_t i = 0; i < SceneMigrations().size(); ++i) {
    REQUIRE(SceneMigrations()[i].from_version == static_cast<int>(i));
    REQUIRE_FALSE(SceneMigrations()[i].description.empty());
  }
}

TEST_CASE("There is one runtime migration step per older readable version", "[serialization][migration]") {
  REQUIRE(RuntimeMigrations().size() == static_cast<std::size_t>(kRuntimeVersion - kOldestRuntimeVersion));
  for (std::size_t i = 0; i < RuntimeMigrations().size(); ++i) {
    REQUIRE(RuntimeMigrations()[i].from_version == kOldestRuntimeVersion + static_cast<int>(i));
    REQUIRE_FALSE(RuntimeMigrations()[i].description.empty());
  }
}

TEST_CASE("A version 1 MeshRenderer gains an empty asset and keeps its primitive", "[serialization][migration]") {
  Document document = Document::parse(R"({"format": "cairn.scene", "version": 1, "entities": [
      {"id": "0000000000000001", "name": "Box", "parent": null, "order": 0, "components": {
        "MeshRenderer": {"mesh": "cone", "color": [1, 0, 0, 1]}, "Transform": {
        "position": [0, 0, 0], "rotation": [0, 0, 0, 1], "scale": [1, 1, 1]}}},
      {"id": "0000000000000002", "name": null, "parent": null, "order": 1, "components": {}}]})");
  DiagnosticSink sink(10);
  REQUIRE(MigrateScene(document, 1, sink));
  REQUIRE(document["version"] == kSceneVersion);
  REQUIRE(document["instances"] == Document::array());
  const Document& mesh = document["entities"][0]["components"]["MeshRenderer"];
  REQUIRE(mesh == Document::parse(R"({"mesh": "cone", "color": [1, 0, 0, 1], "asset": ""})"));
  REQUIRE(document["entities"][0]["components"]["Transform"]["rotation"] == Document::parse("[0, 0, 0, 1]"));
  REQUIRE(document["entities"][1]["components"].empty());

  const LoadResult loaded = LoadScene(document.dump());
  REQUIRE(loaded.Ok());
  const Entity box = loaded.scene->world->FindEntity(EntityId{1});
  REQUIRE(loaded.scene->world->GetComponent<MeshRenderer>(box).mesh == MeshShape::kCone);
  REQUIRE(loaded.scene->world->GetComponent<MeshRenderer>(box).asset.empty());
}

TEST_CASE("A version 1 runtime export loads with its meshes migrated", "[serialization][migration]") {
  Document document = Document::parse(R"({"format": "cairn.runtime", "version": 1, "entities": [
      {"id": "0000000000000001", "name": "Box", "parent": null, "order": 0, "components": {
        "MeshRenderer": {"mesh": "sphere", "color": [0, 1, 0, 1]}},
        "world": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]}]})");
  DiagnosticSink sink(10);
  REQUIRE(MigrateRuntime(document, 1, sink));
  REQUIRE(document["version"] == kRuntimeVersion);
  REQUIRE(document["entities"][0]["components"]["MeshRenderer"]["asset"] == "");
}

TEST_CASE("A version 0 file loads and saves as the golden current-version file", "[serialization][migration]") {
  const LoadResult result = LoadSceneFile(t::DataPath("sample_v0.scene"));
  REQUIRE(result.diagnostics.empty());
  REQUIRE(result.Ok());
  REQUIRE(result.file_version == 0);
  const std::string saved = SaveSceneToString(*result.scene->world, result.scene->editor);
  if (t::UpdatingGoldenFiles()) t::WriteText(t::DataPath("sample_v0_migrated.scene"), saved);
  REQUIRE(saved == t::ReadText(t::DataPath("sample_v0_migrated.scene")));
}

TEST_CASE("Version 0 names become entity names", "[serialization][migration]") {
  Document document = Document::parse(R"({"format": "cairn.scene", "version": 0, "entities": [
      {"id": "0000000000000001", "parent": null, "order": 0, "components": {"Name": {"value": "Crate"}}},
      {"id": "0000000000000002", "parent": null, "order": 1, "components": {}}]})");
  DiagnosticSink sink(10);
  REQUIRE(MigrateScene(document, 0, sink));
  REQUIRE(document["version"] == kSceneVersion);
  REQUIRE(document["entities"][0]["name"] == "Crate");
  REQUIRE_FALSE(document["entities"][0]["components"].contains("Name"));
  REQUIRE(document["entities"][1]["name"].is_null());
}

TEST_CASE("Version 0 Euler degrees become quaternions, X first, then Y, then Z", "[serialization][migration]") {
  Document document = Document::parse(R"({"format": "cairn.scene", "version": 0, "entities": [
      {"id": "0000000000000001", "parent": null, "order": 0, "components": {"Transform": {
        "position": [0, 0, 0], "rotation": [90, 0, 0], "scale": [1, 1, 1]}}},
      {"id": "0000000000000002", "parent": null, "order": 1, "components": {"Transform": {
        "position": [0, 0, 0], "rotation": [90, 90, 0], "scale": [1, 1, 1]}}}]})");
  DiagnosticSink sink(10);
  REQUIRE(MigrateScene(document, 0, sink));
  const Document& x90 = document["entities"][0]["components"]["Transform"]["rotation"];
  REQUIRE(x90[0].get<double>() == Approx(std::sqrt(0.5)));
  REQUIRE(x90[1].get<double>() == Approx(0.0).margin(1e-12));
  REQUIRE(x90[2].get<double>() == Approx(0.0).margin(1e-12));
  REQUIRE(x90[3].get<double>() == Approx(std::sqrt(0.5)));
  // X by 90 then Y by 90 (fixed axes): q = qy * qx = (0.5, 0.5, -0.5, 0.5) as [x, y, z, w].
  const Document& xy = document["entities"][1]["components"]["Transform"]["rotation"];
  REQUIRE(xy[0].get<double>() == Approx(0.5));
  REQUIRE(xy[1].get<double>() == Approx(0.5));
  REQUIRE(xy[2].get<double>() == Approx(-0.5));
  REQUIRE(xy[3].get<double>() == Approx(0.5));
}

TEST_CASE("A version 0 file with a name key is refused by the migration", "[serialization][migration]") {
  Document document = Document::parse(R"({"format": "cairn.scene", "version": 0, "entities": [
      {"id": "0000000000000001", "name": "Crate", "parent": null, "order": 0, "components": {}}]})");
  DiagnosticSink sink(10);
  REQUIRE_FALSE(MigrateScene(document, 0, sink));
  const std::vector<Diagnostic> diagnostics = sink.Take();
  REQUIRE(diagnostics.size() == 1);
  REQUIRE(diagnostics[0].ToString() ==
          "/entities/0/name: unexpected in a version 0 file (names are components/Name there)");
  REQUIRE(document["version"] == 0);
}

TEST_CASE("A current document needs no migration", "[serialization][migration]") {
  Document document = Document::parse(R"({"format": "cairn.scene", "version": 2, "entities": []})");
  const Document before = document;
  DiagnosticSink sink(10);
  REQUIRE(MigrateScene(document, kSceneVersion, sink));
  REQUIRE(document == before);
}
