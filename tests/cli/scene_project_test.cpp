// The game project of the scenes each `cairn` command reads (app/cli/scene_project.cpp):
// found walking up from the scene, named by --project, or reported when it
// has errors.

#include <catch2/catch.hpp>

#include <filesystem>
#include <memory>

#include "cairn/ecs/builtin_components.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/serialization/project_scenes.h"
#include "cairn/serialization/schema.h"
#include "cli_test_support.h"

namespace {

using namespace cairn::cli::test;
namespace fs = std::filesystem;

// A door of the sample project (tests/serialization/data/project) on the
// entity Gate, with a Health under a name the field had before.
std::string GateScene(const std::string& speed = "4", const std::string& label = "Gate") {
  return R"({"format": "cairn.scene", "version": 2, "entities": [
    {"id": "0000000000000001", "name": "Gate", "parent": null, "order": 0, "components": {
      "Door": {"target": "0000000000000001", "open": true, "speed": )" +
         speed + R"(, "uses": 2, "label": ")" + label + R"(", "mode": "hinged",
               "tint": [1, 1, 1, 1], "hinge": [0, 0, 1], "uv": [0, 0], "plane": [0, 0, 0, 0],
               "turn": [0, 0, 0, 1], "mesh": "meshes/gate.glb"},
      "Health": {"hp": 5}}}]})";
}

// A project whose first component clashes with a built-in and whose second
// has a field of a type that does not exist.
constexpr const char* kBadProject = R"({"format": "cairn.project", "version": 1, "name": "Broken", "components": [
  {"name": "Transform", "fields": []},
  {"name": "Door", "fields": [{"name": "speed", "type": "double"}]}]})";

// game/cairn.project.json (the sample), game/levels/gate.scene and the mesh
// its door names (game/meshes/gate.glb), outside/gate.scene (the same scene,
// in no project), bad/cairn.project.json (kBadProject) and bad/levels/a.scene
// and b.scene.
struct Workspace {
  TempDir dir{"scene-project"};

  Workspace() {
    dir.Write("game/cairn.project.json", ReadText(SerializationData("project/cairn.project.json")));
    dir.Write("game/levels/gate.scene", GateScene());
    dir.Write("game/meshes/gate.glb", "a mesh");
    dir.Write("outside/gate.scene", GateScene());
    dir.Write("bad/cairn.project.json", kBadProject);
    dir.Write("bad/levels/a.scene", GateScene());
    dir.Write("bad/levels/b.scene", GateScene());
  }
  fs::path operator/(std::string_view name) const { return dir / name; }
  // How the commands name the bad project when they find it walking up.
  std::string BadProjectProblems() const {
    const std::string file = (dir / "bad/cairn.project.json").string();
    return file + ":/components/0/name: \"Transform\" is the name of a built-in component\n" + file +
           ":/components/1/fields/0/type: unknown field type \"double\" (expected one of bool, int, float, vec2, vec3, "
           "vec4, color, quat, string, enum, entity, asset)\n";
  }
};

std::unique_ptr<cairn::ecs::Coordinator> SampleProjectRegistry() {
  cairn::ecs::Coordinator builtins(1);
  cairn::ecs::RegisterBuiltinComponents(builtins);
  const auto project = cairn::serialization::LoadProjectFile(SerializationData("project/cairn.project.json"), builtins);
  REQUIRE(project.Ok());
  auto registry = std::make_unique<cairn::ecs::Coordinator>(1);
  cairn::serialization::RegisterSceneComponents(*registry, &*project.project);
  return registry;
}

}  // namespace

// ---- validate ---------------------------------------------------------------------------

TEST_CASE("validate reads a scene with the components of the project found walking up", "[cli][project]") {
  const Workspace work;

  const ProcessResult inside = RunCairn({"validate", "levels/gate.scene"}, work / "game");
  const ProcessResult outside = RunCairn({"validate", "gate.scene"}, work / "outside");

  REQUIRE(inside.exit_code == 0);
  REQUIRE(inside.out.empty());  // not even a warning
  REQUIRE(inside.err.empty());
  // No project: the built-ins only, as ever.
  REQUIRE(outside.exit_code == 0);
  REQUIRE(outside.out ==
          "gate.scene:/entities/0/components/Door: warning: unknown component \"Door\": kept as is and written back on "
          "save\n"
          "gate.scene:/entities/0/components/Health: warning: unknown component \"Health\": kept as is and written back "
          "on save\n");
}

TEST_CASE("validate warns about an asset the project's folder does not have, and still passes", "[cli][project]") {
  const Workspace work;
  fs::remove(work / "game/meshes/gate.glb");

  const ProcessResult result = RunCairn({"validate", "levels/gate.scene"}, work / "game");

  REQUIRE(result.exit_code == 0);
  REQUIRE(result.out == "levels/gate.scene:/entities/0/components/Door/mesh: warning: asset \"meshes/gate.glb\" is "
                        "missing: there is no file " + (work / "game").string() + "/meshes/gate.glb\n");
  REQUIRE(result.err.empty());
}

TEST_CASE("validate reads standard input with the project of the current folder", "[cli][project]") {
  const Workspace work;

  const ProcessResult result = RunCairn({"validate", "-"}, {.directory = work / "game/levels", .input = GateScene()});

  REQUIRE(result.exit_code == 0);
  REQUIRE(result.out.empty());
}

TEST_CASE("validate --project names the project, as a folder or as the file", "[cli][project]") {
  const Workspace work;

  const ProcessResult folder = RunCairn({"validate", "outside/gate.scene", "--project", "game"}, work.dir.Path());
  const ProcessResult file =
      RunCairn({"validate", "--project", "game/cairn.project.json", "outside/gate.scene"}, work.dir.Path());
  // It wins over the project found walking up.
  const ProcessResult over = RunCairn({"validate", "bad/levels/a.scene", "--project", "game"}, work.dir.Path());

  REQUIRE(folder.exit_code == 0);
  REQUIRE(folder.out.empty());
  REQUIRE(file.exit_code == 0);
  REQUIRE(file.out.empty());
  REQUIRE(over.exit_code == 0);
  REQUIRE(over.out.empty());
}

TEST_CASE("validate fails the scenes of a project with errors, printing each problem once", "[cli][project]") {
  const Workspace work;

  const ProcessResult result = RunCairn({"validate", "levels/a.scene", "levels/b.scene"}, work / "bad");
  const ProcessResult missing = RunCairn({"validate", "outside/gate.scene", "--project", "nowhere"}, work.dir.Path());

  REQUIRE(result.exit_code == 1);
  REQUIRE(result.out == work.BadProjectProblems());
  REQUIRE(missing.exit_code == 1);
  REQUIRE(missing.out ==
          "nowhere: cannot read nowhere: No such file or directory\n");
}

TEST_CASE("validate checks a project file itself", "[cli][project]") {
  const Workspace work;

  const ProcessResult good = RunCairn({"validate", "game/cairn.project.json"}, work.dir.Path());
  const ProcessResult bad = RunCairn({"validate", "bad/cairn.project.json"}, work.dir.Path());
  const ProcessResult piped = RunCairn({"validate", "-"}, {.directory = work.dir.Path(), .input = kBadProject});

  REQUIRE(good.exit_code == 0);
  REQUIRE(good.out.empty());
  REQUIRE(bad.exit_code == 1);
  REQUIRE(bad.out ==
          "bad/cairn.project.json:/components/0/name: \"Transform\" is the name of a built-in component\n"
          "bad/cairn.project.json:/components/1/fields/0/type: unknown field type \"double\" (expected one of bool, int, "
          "float, vec2, vec3, vec4, color, quat, string, enum, entity, asset)\n");
  REQUIRE(piped.exit_code == 1);
  REQUIRE(piped.out.find("<stdin>:/components/0/name: \"Transform\" is the name of a built-in component\n") == 0);
}

// ---- info, export, schema ------------------------------------------------------------------

TEST_CASE("info names the project and counts its components as known", "[cli][project]") {
  const Workspace work;

  const ProcessResult result = RunCairn({"info", "levels/gate.scene"}, work / "game");
  const ProcessResult bad = RunCairn({"info", "levels/a.scene"}, work / "bad");

  REQUIRE(result.exit_code == 0);
  REQUIRE(result.err.empty());
  REQUIRE(result.out == "file: levels/gate.scene\n"
                        "project: Beacon (" + (work / "game/cairn.project.json").string() + ")\n"
                        "format: cairn.scene\n"
                        "version: 2 (migrated to 3 when loaded)\n"
                        "entities: 1\n"
                        "roots: 1\n"
                        "hierarchy depth: 1\n"
                        "components:\n"
                        "  Door: 1\n"
                        "  Health: 1\n");
  REQUIRE(bad.exit_code == 1);
  REQUIRE(bad.out.empty());
  REQUIRE(bad.err == work.BadProjectProblems());
}

TEST_CASE("export writes the project's components with their values", "[cli][project]") {
  const Workspace work;

  const ProcessResult result = RunCairn({"export", "levels/gate.scene", "-o", "-"}, work / "game");
  const ProcessResult bad = RunCairn({"export", "levels/a.scene", "-o", "a.runtime.json"}, work / "bad");

  REQUIRE(result.exit_code == 0);
  REQUIRE(result.err.empty());
  const Document exported = Document::parse(result.out);
  const Document& components = exported["entities"][0]["components"];
  REQUIRE(components["Door"]["mesh"] == "meshes/gate.glb");
  REQUIRE(components["Door"]["mode"] == "hinged");
  REQUIRE(components["Health"]["points"] == 5);
  REQUIRE(bad.exit_code == 1);
  REQUIRE(bad.err == work.BadProjectProblems());
  REQUIRE_FALSE(fs::exists(work / "bad/levels/a.runtime.json"));
}

TEST_CASE("schema --project describes the project's components too", "[cli][project]") {
  const Workspace work;

  const ProcessResult scene = RunCairn({"schema", "--project", "game"}, work.dir.Path());
  const ProcessResult runtime = RunCairn({"schema", "--runtime", "--project", "game"}, work.dir.Path());
  const ProcessResult bad = RunCairn({"schema", "--project", "bad"}, work.dir.Path());

  REQUIRE(scene.exit_code == 0);
  REQUIRE(scene.out == cairn::serialization::GenerateSceneSchema(*SampleProjectRegistry()));
  REQUIRE(scene.out.find("\"component.Door\"") != std::string::npos);
  REQUIRE(runtime.exit_code == 0);
  REQUIRE(runtime.out == cairn::serialization::GenerateRuntimeSchema(*SampleProjectRegistry()));
  REQUIRE(bad.exit_code == 1);
  REQUIRE(bad.out.empty());
  REQUIRE(bad.err.find("bad/cairn.project.json:/components/0/name: ") == 0);
}

// ---- merge ----------------------------------------------------------------------------------

TEST_CASE("merge merges the project's components field by field", "[cli][project]") {
  const Workspace work;
  work.dir.Write("game/levels/base.scene", CanonicalText(GateScene("1", "Old")));
  work.dir.Write("game/levels/ours.scene", CanonicalText(GateScene("2", "Old")));
  work.dir.Write("game/levels/theirs.scene", CanonicalText(GateScene("1", "New")));
  for (const char* name : {"base", "ours", "theirs"}) {
    fs::copy_file(work / ("game/levels/" + std::string(name) + ".scene"), work / ("outside/" + std::string(name) + ".scene"));
  }

  const ProcessResult inside = RunCairn({"merge", "base.scene", "ours.scene", "theirs.scene", "-o", "-"}, work / "game/levels");
  const ProcessResult outside = RunCairn({"merge", "base.scene", "ours.scene", "theirs.scene", "-o", "-"}, work / "outside");
  const ProcessResult named = RunCairn(
      {"merge", "base.scene", "ours.scene", "theirs.scene", "-o", "-", "--project", "../game"}, work / "outside");
  const ProcessResult bad = RunCairn({"merge", "a.scene", "b.scene", "a.scene", "-o", "-"}, work / "bad/levels");

  REQUIRE(inside.exit_code == 0);
  REQUIRE(inside.err.empty());
  const Document merged = Document::parse(inside.out);
  REQUIRE(merged["entities"][0]["components"]["Door"]["speed"] == 2);
  REQUIRE(merged["entities"][0]["components"]["Door"]["label"] == "New");
  REQUIRE(named.exit_code == 0);
  REQUIRE(named.out == inside.out);
  // Without the project a Door is an opaque value both sides changed.
  REQUIRE(outside.exit_code == 1);
  REQUIRE(outside.err.find("conflict: entity 0000000000000001 (Gate): Door") == 0);
  REQUIRE(bad.exit_code == 1);
  REQUIRE(bad.out.empty());
  REQUIRE(bad.err == work.BadProjectProblems());
}

// ---- project link -----------------------------------------------------------------------

namespace {

// GateScene, saved away from its project with a project link naming `link`.
std::string LinkedGateScene(const std::string& link) {
  std::string scene = GateScene();
  scene.insert(scene.rfind('}'), R"(, "editor": {"project": ")" + link + R"("})");
  return scene;
}

}  // namespace

TEST_CASE("validate and export read a linked scene with the components of the project its link names",
          "[cli][project]") {
  const Workspace work;
  work.dir.Write("work/gate.scene", LinkedGateScene("../game/cairn.project.json"));

  const ProcessResult validated = RunCairn({"validate", "work/gate.scene"}, work.dir.Path());
  const ProcessResult exported = RunCairn({"export", "work/gate.scene", "-o", "-"}, work.dir.Path());

  // Door and Health are the project's; the door's mesh is found in the project's folder.
  REQUIRE(validated.exit_code == 0);
  REQUIRE(validated.out.empty());
  REQUIRE(validated.err.empty());
  REQUIRE(exported.exit_code == 0);
  REQUIRE(exported.err.empty());
  REQUIRE(exported.out.find("\"Door\"") != std::string::npos);
  REQUIRE(exported.out.find("UnknownComponents") == std::string::npos);
}

TEST_CASE("a project link naming no file is a warning naming both files, then the project is looked for walking up",
          "[cli][project]") {
  const Workspace work;
  work.dir.Write("work/gate.scene", LinkedGateScene("../gone/cairn.project.json"));
  work.dir.Write("game/levels/linked.scene", LinkedGateScene("../../gone/cairn.project.json"));
  const std::string gone = (work / "gone/cairn.project.json").string();

  const ProcessResult alone = RunCairn({"validate", "work/gate.scene"}, work.dir.Path());
  const ProcessResult inside = RunCairn({"validate", "game/levels/linked.scene"}, work.dir.Path());

  REQUIRE(alone.exit_code == 0);
  REQUIRE(alone.out == "work/gate.scene:/editor/project: warning: its project link names " + gone +
                           ", which is not a file; it is read without a project\n"
                           "work/gate.scene:/entities/0/components/Door: warning: unknown component \"Door\": kept as "
                           "is and written back on save\n"
                           "work/gate.scene:/entities/0/components/Health: warning: unknown component \"Health\": kept "
                           "as is and written back on save\n");
  REQUIRE(inside.exit_code == 0);
  REQUIRE(inside.out == "game/levels/linked.scene:/editor/project: warning: its project link names " + gone +
                            ", which is not a file; it is read with " + (work / "game/cairn.project.json").string() +
                            "\n");
}
