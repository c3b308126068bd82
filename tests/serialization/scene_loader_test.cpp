#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "cairn/ecs/world_dump.h"
#include "cairn/serialization/scene_format.h"
#include "cairn/serialization/scene_loader.h"
#include "cairn/serialization/scene_writer.h"
#include "cairn/test/files.h"
#include "test_support.h"

using namespace cairn::serialization;
using namespace cairn::ecs;
namespace t = cairn::serialization::test;
using t::Texts;

namespace {

// A scene document around the given entity objects (JSON text).
std::string SceneWith(const std::string& entities) {
  return R"({"format": "cairn.scene", "version": 1, "editor": {}, "entities": [)" + entities + "]}";
}

std::string Entity_(const std::string& id, const std::string& parent, int order, const std::string& components = "{}") {
  return R"({"id": ")" + id + R"(", "name": null, "parent": )" + (parent.empty() ? "null" : "\"" + parent + "\"") +
         R"(, "order": )" + std::to_string(order) + R"(, "components": )" + components + "}";
}

std::vector<EntityId> ChildIds(const Coordinator& world, Entity parent) {
  std::vector<EntityId> ids;
  world.ForEachChild(parent, [&](Entity child) { ids.push_back(world.GetEntityId(child)); });
  return ids;
}

}  // namespace

TEST_CASE("The golden file loads into the sample world", "[serialization][scene_loader]") {
  const LoadResult result = LoadSceneFile(t::DataPath("sample.scene"));
  REQUIRE(result.Ok());
  REQUIRE(result.diagnostics.empty());
  REQUIRE(result.file_version == kSceneVersion);
  REQUIRE(DumpWorld(*result.scene->world) == DumpWorld(*t::MakeSampleWorld()));
  REQUIRE(SaveSceneToString(*result.scene->world, result.scene->editor) ==
          SaveSceneToString(*t::MakeSampleWorld(), t::SampleEditorData()));
}

TEST_CASE("A loaded world has the built-in components and systems ready", "[serialization][scene_loader]") {
  const LoadResult result = LoadSceneFile(t::DataPath("sample.scene"));
  REQUIRE(result.Ok());
  Coordinator& world = *result.scene->world;
  world.UpdateSystems(0.0f);
  const Entity camera = world.GetEntity(EntityId{0xc7e1085a93d2f460});
  REQUIRE(world.ComputeWorldMatrix(camera)[3] == glm::vec4(0.0f, 3.0f, -5.0f, 1.0f));
}

TEST_CASE("LoadSceneInto replaces the scene only when the load succeeds", "[serialization][scene_loader]") {
  Scene open;
  open.world = t::MakeWorld();
  open.world->CreateEntity(EntityId{0x42});
  REQUIRE(HasErrors(LoadSceneInto(open, "{}")));
  REQUIRE(open.world->EntityCount() == 1);
  REQUIRE(LoadSceneInto(open, t::ReadText(t::DataPath("sample.scene"))).empty());
  REQUIRE(open.world->EntityCount() == 6);
  REQUIRE(open.editor == t::SampleEditorData());
}

TEST_CASE("Every error is reported, not just the first", "[serialization][scene_loader]") {
  const std::string text = SceneWith(
      Entity_("0000000000000001", "", 0, R"({"Transform": {"position": "up", "rotation": [0, 0, 0, 1], "scale": [1, 1]}})") +
      "," + Entity_("0000000000000002", "00000000000000ff", 0) + "," +
      R"({"id": "0000000000000003", "name": 4, "parent": null, "order": 0, "components": {"Light": {"type": "laser",
          "color": [1, 1, 1], "intensity": 1, "range": 1, "cone_angle": 1}}})");
  const LoadResult result = LoadScene(text);
  REQUIRE_FALSE(result.Ok());
  REQUIRE(Texts(result.diagnostics) ==
          std::vector<std::string>{
              "/entities/2/name: expected a string or null, found 4",
              "/entities/0/components/Transform/position: expected an array of 3 numbers, found a string",
              "/entities/0/components/Transform/scale: expected an array of 3 numbers, found an array of 2 elements",
              "/entities/2/components/Light/type: expected one of \"directional\", \"point\", \"spot\", found \"laser\"",
              "/entities/1/parent: no entity in this file has id 00000000000000ff",
          });
}

TEST_CASE("A number too large for a double is reported with every other error", "[serialization][scene_loader]") {
  const std::string text = SceneWith(
      Entity_("0000000000000001", "", 0,
              R"({"Transform": {"position": [1e400, 0, 0], "rotation": [0, 0, 0, 1], "scale": [1, 1, 1]}})") +
      "," + Entity_("0000000000000002", "00000000000000ff", 0) + "," +
      Entity_("0000000000000003", "", 1, R"({"Light": {"type": "laser", "color": [1, 1, 1], "intensity": 1,
          "range": -1e999, "cone_angle": 1}})"));
  const LoadResult result = LoadScene(text);
  REQUIRE_FALSE(result.Ok());
  REQUIRE(Texts(result.diagnostics) ==
          std::vector<std::string>{
              "/entities/0/components/Transform/position/0: expected a finite number, found 1e400",
              "/entities/2/components/Light/range: expected a finite number, found -1e999",
              "/entities/2/components/Light/type: expected one of \"directional\", \"point\", \"spot\", found \"laser\"",
              "/entities/1/parent: no entity in this file has id 00000000000000ff",
          });
}

TEST_CASE("A document with only a number too large for a double is still refused", "[serialization][scene_loader]") {
  const LoadResult result = LoadScene(R"({"format": "cairn.scene", "version": 1e999, "entities": []})");
  REQUIRE_FALSE(result.Ok());
  REQUIRE(Texts(result.diagnostics) == std::vector<std::string>{"/version: expected a finite number, found 1e999"});
  std::vector<Diagnostic> diagnostics;
  REQUIRE_FALSE(ParseSceneDocument(SceneWith(Entity_("0000000000000001", "", 0,
                                                     R"({"Transform": {"position": [1e400, 0, 0],
                                                        "rotation": [0, 0, 0, 1], "scale": [1, 1, 1]}})")),
                                   {}, diagnostics));
  REQUIRE(Texts(diagnostics) ==
          std::vector<std::string>{"/entities/0/components/Transform/position/0: expected a finite number, found 1e400"});
}

TEST_CASE("max_errors bounds the report", "[serialization][scene_loader]") {
  std::string entities;
  for (int i = 1; i <= 10; ++i) {
    if (i > 1) entities += ",";
    entities += R"({"id": "bad", "name": null, "parent": null, "order": 0, "components": {}})";
  }
  LoadOptions options;
  options.max_errors = 3;
  const LoadResult result = LoadScene(SceneWith(entities), options);
  REQUIRE(result.diagnostics.size() == 4);
  REQUIRE(result.diagnostics[3].ToString() == "too many errors: stopped after 3");
}

TEST_CASE("Sibling order ties, as after a merge, are broken by id", "[serialization][scene_loader]") {
  const std::string text = SceneWith(
      Entity_("0000000000000001", "", 0) + "," + Entity_("000000000000000a", "0000000000000001", 1) + "," +
      Entity_("000000000000000b", "0000000000000001", 0) + "," + Entity_("000000000000000c", "0000000000000001", 1) +
      "," + Entity_("000000000000000d", "", 0));
  const LoadResult result = LoadScene(text);
  REQUIRE(result.Ok());
  const Coordinator& world = *result.scene->world;
  REQUIRE(ChildIds(world, world.GetEntity(EntityId{1})) ==
          std::vector<EntityId>{EntityId{0xb}, EntityId{0xa}, EntityId{0xc}});
  REQUIRE(ChildIds(world, kNullEntity) == std::vector<EntityId>{EntityId{0x1}, EntityId{0xd}});
  // Saving writes the resolved positions.
  const std::string saved = SaveSceneToString(world, result.scene->editor);
  REQUIRE(saved.find("\"id\": \"000000000000000c\",\n      \"name\": null,\n      \"parent\": \"0000000000000001\",\n"
                     "      \"order\": 2,") != std::string::npos);
}

TEST_CASE("Gaps in sibling order are closed", "[serialization][scene_loader]") {
  const std::string text = SceneWith(Entity_("0000000000000001", "", 40) + "," + Entity_("0000000000000002", "", 7));
  const LoadResult result = LoadScene(text);
  REQUIRE(result.Ok());
  REQUIRE(ChildIds(*result.scene->world, kNullEntity) == std::vector<EntityId>{EntityId{2}, EntityId{1}});
}

TEST_CASE("A child may come before its parent in the file", "[serialization][scene_loader]") {
  const std::string text = SceneWith(Entity_("0000000000000001", "0000000000000009", 0) + "," +
                                     Entity_("0000000000000009", "", 0));
  const LoadResult result = LoadScene(text);
  REQUIRE(result.Ok());
  const Coordinator& world = *result.scene->world;
  REQUIRE(world.GetParent(world.GetEntity(EntityId{1})) == world.GetEntity(EntityId{9}));
}

TEST_CASE("A dangling entity reference is a warning and is kept", "[serialization][scene_loader]") {
  const std::string text = SceneWith(Entity_(
      "0000000000000001", "", 0, R"({"Follow": {"target": "00000000deadbeef", "offset": [0, 0, 0], "smoothing": 0}})"));
  const LoadResult result = LoadScene(text);
  REQUIRE(result.Ok());
  REQUIRE(Texts(result.diagnostics) ==
          std::vector<std::string>{"/entities/0/components/Follow/target: no entity in this file has id "
                                   "00000000deadbeef (a dangling reference)"});
  REQUIRE(result.diagnostics[0].severity == Diagnostic::Severity::kWarning);
  const Coordinator& world = *result.scene->world;
  REQUIRE(world.GetComponent<Follow>(world.GetEntity(EntityId{1})).target == EntityId{0xdeadbeef});
}

TEST_CASE("A rotation off unit length is normalised with a warning, within 0.001 it is kept as written",
          "[serialization][scene_loader]") {
  const auto with_rotation = [](const std::string& rotation) {
    return SceneWith(Entity_("0000000000000001", "", 0,
                             R"({"Transform": {"position": [0, 0, 0], "rotation": )" + rotation + R"(, "scale": [1, 1, 1]}})"));
  };
  const LoadResult stretched = LoadScene(with_rotation("[0, 0.5, 0, 1.5]"));
  REQUIRE(stretched.Ok());
  REQUIRE(Texts(stretched.diagnostics) ==
          std::vector<std::string>{"/entities/0/components/Transform/rotation: a rotation quaternion has length 1, "
                                   "this one 1.5811388: normalised"});
  REQUIRE(stretched.diagnostics[0].severity == Diagnostic::Severity::kWarning);
  const Coordinator& world = *stretched.scene->world;
  const glm::quat rotation = world.GetComponent<Transform>(world.GetEntity(EntityId{1})).rotation;
  REQUIRE(glm::length(rotation) == Approx(1.0f));
  REQUIRE(rotation.y == Approx(0.5 / 1.5811388));

  const LoadResult nearly = LoadScene(with_rotation("[0, 0, 0, 1.0005]"));
  REQUIRE(nearly.Ok());
  REQUIRE(nearly.diagnostics.empty());
  REQUIRE(nearly.scene->world->GetComponent<Transform>(nearly.scene->world->GetEntity(EntityId{1})).rotation.w ==
          1.0005f);
}

TEST_CASE("Ids in upper case are accepted and saved in lower case", "[serialization][scene_loader]") {
  const LoadResult result = LoadScene(SceneWith(Entity_("00000000000000AB", "", 0)));
  REQUIRE(result.Ok());
  REQUIRE(SaveSceneToString(*result.scene->world, result.scene->editor).find("\"00000000000000ab\"") !=
          std::string::npos);
}

TEST_CASE("Missing editor data loads as an empty object", "[serialization][scene_loader]") {
  const LoadResult result = LoadScene(R"({"format": "cairn.scene", "version": 1, "entities": []})");
  REQUIRE(result.Ok());
  REQUIRE(result.scene->editor == PlainValue::MakeObject());
}

TEST_CASE("A file that cannot be read names its path", "[serialization][scene_loader]") {
  const t::TempDir temp("serialization-loader");
  const auto missing = temp / "missing.scene";
  const LoadResult result = LoadSceneFile(missing);
  REQUIRE_FALSE(result.Ok());
  REQUIRE(Texts(result.diagnostics) ==
          std::vector<std::string>{"cannot read " + missing.string() + ": No such file or directory"});
}

TEST_CASE("A file over max_bytes is refused without being read, naming its path", "[serialization][scene_loader]") {
  LoadOptions options;
  options.max_bytes = 64;
  const auto path = t::DataPath("sample.scene");
  const LoadResult result = LoadSceneFile(path, options);
  REQUIRE(Texts(result.diagnostics) ==
          std::vector<std::string>{path.string() + " is " + std::to_string(std::filesystem::file_size(path)) +
                                   " bytes, over the limit of 64 bytes"});
}

TEST_CASE("A long chain of parents loads and saves", "[serialization][scene_loader]") {
  auto world = t::MakeWorld();
  Entity parent = kNullEntity;
  for (int i = 0; i < 5000; ++i) {
    const Entity entity = world->CreateEntity();
    if (!parent.IsNull()) world->SetParent(entity, parent);
    parent = entity;
  }
  const std::string text = SaveSceneToString(*world, PlainValue::MakeObject());
  const LoadResult result = LoadScene(text);
  REQUIRE(result.Ok());
  REQUIRE(SaveSceneToString(*result.scene->world, result.scene->editor) == text);
}

TEST_CASE("The id seed makes fresh ids reproducible", "[serialization][scene_loader]") {
  LoadOptions options;
  options.id_seed = 99;
  const LoadResult a = LoadScene(SceneWith(""), options);
  const LoadResult b = LoadScene(SceneWith(""), options);
  REQUIRE(a.scene->world->GenerateEntityId() == b.scene->world->GenerateEntityId());
}

TEST_CASE("Components the caller registers are loaded by name", "[serialization][scene_loader]") {
  struct Health {
    std::int32_t points = 100;
    bool operator==(const Health&) const = default;
  };
  LoadOptions options;
  options.register_components = [](Coordinator& world) {
    RegisterBuiltinComponents(world);
    world.RegisterComponent<Health>("Health").Field("points", &Health::points);
  };
  const LoadResult result =
      LoadScene(SceneWith(Entity_("0000000000000001", "", 0, R"({"Health": {"points": -2147483648}})")), options);
  REQUIRE(result.Ok());
  REQUIRE(result.scene->world->GetComponent<Health>(result.scene->world->GetEntity(EntityId{1})).points ==
          -2147483648);
  const LoadResult overflow =
      LoadScene(SceneWith(Entity_("0000000000000001", "", 0, R"({"Health": {"points": 2147483648}})")), options);
  REQUIRE(Texts(overflow.diagnostics) ==
          std::vector<std::string>{"/entities/0/components/Health/points: expected an integer from -2147483648 to "
                                   "2147483647, found 2147483648"});
  const LoadResult fraction =
      LoadScene(SceneWith(Entity_("0000000000000001", "", 0, R"({"Health": {"points": 1.5}})")), options);
  REQUIRE(Texts(fraction.diagnostics) ==
          std::vector<std::string>{"/entities/0/components/Health/points: expected an integer, found 1.5"});
}

TEST_CASE("A failing registration is reported, not thrown", "[serialization][scene_loader]") {
  LoadOptions options;
  options.register_components = [](Coordinator& world) {
    RegisterBuiltinComponents(world);
    RegisterBuiltinComponents(world);
  };
  const LoadResult result = LoadScene(SceneWith(""), options);
  REQUIRE_FALSE(result.Ok());
  REQUIRE(result.diagnostics[0].message ==
          "cannot set up the world's components: component type Name is already registered as Name");
}

TEST_CASE("ParseSceneDocument and LoadSceneDocument split a load in two", "[serialization][scene_loader]") {
  std::vector<Diagnostic> diagnostics;
  int version = -1;
  const auto document = ParseSceneDocument(t::ReadText(t::DataPath("sample_v0.scene")), {}, diagnostics, &version);
  REQUIRE(document);
  REQUIRE(diagnostics.empty());
  REQUIRE(version == 0);
  REQUIRE((*document)["version"] == kSceneVersion);
  const LoadResult result = LoadSceneDocument(*document);
  REQUIRE(result.Ok());
}

TEST_CASE("A runtime-defined component loads, saves byte for byte and is checked like any other",
          "[serialization][scene_loader]") {
  RuntimeComponentDefinition spawner;
  spawner.name = "Spawner";
  spawner.fields = {{"mode", FieldType::kEnum, {}, {"once", "loop"}, PlainValue("loop")},
                    {"count", FieldType::kInt, {}, {}, PlainValue(4)},
                    {"prefab", FieldType::kString, {}, {}, PlainValue("")}};
  LoadOptions options;
  options.register_components = [&spawner](Coordinator& world) {
    RegisterBuiltinComponents(world);
    world.RegisterRuntimeComponent(spawner);
  };
  const std::string text = SceneWith(
      Entity_("0000000000000001", "", 0, R"({"Spawner": {"mode": "once", "count": 12, "prefab": "crates/wood"}})"));
  const LoadResult result = LoadScene(text, options);
  REQUIRE(result.Ok());
  const Coordinator& world = *result.scene->world;
  const ComponentInfo& info = *world.FindComponentInfo("Spawner");
  REQUIRE(ComponentToPlain(info, world.GetComponentData(world.GetEntity(EntityId{1}), info.type)) ==
          PlainValue(PlainValue::Object{{"mode", "once"}, {"count", 12}, {"prefab", "crates/wood"}}));
  const std::string saved = SaveSceneToString(world, result.scene->editor);
  const LoadResult reloaded = LoadScene(saved, options);
  REQUIRE(reloaded.Ok());
  REQUIRE(SaveSceneToString(*reloaded.scene->world, reloaded.scene->editor) == saved);

  const LoadResult wrong = LoadScene(
      SceneWith(Entity_("0000000000000001", "", 0, R"({"Spawner": {"mode": "twice", "count": 1.5, "prefab": ""}})")),
      options);
  REQUIRE(Texts(wrong.diagnostics) ==
          std::vector<std::string>{
              "/entities/0/components/Spawner/mode: expected one of \"once\", \"loop\", found \"twice\"",
              "/entities/0/components/Spawner/count: expected an integer, found 1.5"});
}

namespace {

struct Sound {
  std::string clip;
  friend bool operator==(const Sound&, const Sound&) = default;
};

}  // namespace

TEST_CASE("An asset naming no file in the asset folder is a warning, the scene still opens", "[serialization][scene_loader]") {
  const cairn::test::TempDir project("asset-folder");
  project.Write("sounds/there.ogg", "x");
  const std::filesystem::path& folder = project.Path();
  LoadOptions options;
  options.register_components = [](Coordinator& world) {
    RegisterBuiltinComponents(world);
    world.RegisterComponent<Sound>("Sound").AssetField("clip", &Sound::clip, FieldHints{.extensions = {".ogg"}});
  };
  const auto scene = [](const std::string& clip) {
    return R"({"format": "cairn.scene", "version": 1, "entities": [
      {"id": "00000000000000a1", "name": "Horn", "parent": null, "order": 0,
       "components": {"Sound": {"clip": ")" + clip + R"("}}}]})";
  };

  options.asset_folder = folder;
  const LoadResult missing = LoadScene(scene("sounds/gone.ogg"), options);
  REQUIRE(missing.Ok());
  REQUIRE(missing.diagnostics.size() == 1);
  REQUIRE(missing.diagnostics[0].severity == Diagnostic::Severity::kWarning);
  REQUIRE(missing.diagnostics[0].pointer == "/entities/0/components/Sound/clip");
  REQUIRE(missing.diagnostics[0].message ==
          "asset \"sounds/gone.ogg\" is missing: there is no file " + (folder / "sounds/gone.ogg").string());
  REQUIRE(LoadScene(scene("sounds/there.ogg"), options).diagnostics.empty());
  REQUIRE(LoadScene(scene(""), options).diagnostics.empty());  // no asset chosen
  REQUIRE(LoadScene(scene("sounds"), options).diagnostics.size() == 1);  // a folder is not an asset

  options.asset_folder.reset();  // no project: paths are not looked at
  REQUIRE(LoadScene(scene("sounds/gone.ogg"), options).diagnostics.empty());
}
