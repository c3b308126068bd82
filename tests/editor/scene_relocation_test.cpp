#include <catch2/catch.hpp>

#include <filesystem>
#include <memory>

#include "cairn/editor/scene_relocation.h"
#include "cairn/serialization/project_scenes.h"
#include "cairn/serialization/scene_loader.h"
#include "cairn/test/files.h"

using namespace cairn::editor;
using cairn::test::TempDir;
namespace ecs = cairn::ecs;
namespace fs = std::filesystem;
namespace serialization = cairn::serialization;

namespace {

constexpr const char* kProject = R"({"format": "cairn.project", "version": 1, "name": "Game",
  "components": [{"name": "Door", "fields": [{"name": "open", "type": "bool", "default": false}]},
                 {"name": "Health", "fields": [{"name": "points", "type": "int", "default": 3}]}]})";

// A scene with a Door on one entity and a mesh file on two.
constexpr const char* kScene = R"({"format": "cairn.scene", "version": 3, "entities": [
  {"id": "0000000000000001", "name": "Gate", "parent": null, "order": 0, "components": {
    "Door": {"open": true},
    "MeshRenderer": {"mesh": "cube", "color": [1, 1, 1, 1], "asset": "meshes/gate.glb"}}},
  {"id": "0000000000000002", "name": "Post", "parent": null, "order": 1, "components": {
    "MeshRenderer": {"mesh": "cube", "color": [1, 1, 1, 1], "asset": "meshes/gate.glb"}}},
  {"id": "0000000000000003", "name": "Lost", "parent": null, "order": 2, "components": {
    "MeshRenderer": {"mesh": "cube", "color": [1, 1, 1, 1], "asset": "meshes/never_there.glb"}}}],
  "instances": []})";

// A game folder: the project, one mesh and a scene in levels/.
struct Game {
  TempDir folder;
  std::shared_ptr<const serialization::Project> project;
  std::unique_ptr<ecs::Coordinator> world;

  Game() {
    folder.Write("game/cairn.project.json", kProject);
    folder.Write("game/meshes/gate.glb", "mesh bytes");
    auto loaded = serialization::LoadProjectFile(folder / "game/cairn.project.json");
    REQUIRE(loaded.project.has_value());
    project = std::make_shared<const serialization::Project>(std::move(*loaded.project));
    serialization::LoadResult scene = serialization::LoadScene(kScene, serialization::ProjectSceneOptions(project));
    REQUIRE(scene.Ok());
    world = std::move(scene.scene->world);
  }

  SceneWhereabouts Whereabouts() const {
    return {world.get(), project, folder / "game", ecs::PlainValue::MakeObject(), folder / "game/levels/one.json"};
  }
};

}  // namespace

TEST_CASE("Relocation: a scene saved inside its project's folder loses nothing", "[editor][relocation]") {
  Game game;
  const SceneRelocation relocation = CheckRelocation(game.Whereabouts(), game.folder / "game/other/two.json");
  CHECK_FALSE(relocation.Breaks());
}

TEST_CASE("Relocation: away from its project a scene loses the components it uses and the assets that exist",
          "[editor][relocation]") {
  Game game;
  const SceneRelocation relocation = CheckRelocation(game.Whereabouts(), game.folder / "elsewhere/two.json");
  REQUIRE(relocation.Breaks());
  CHECK(relocation.lost_project == game.project);
  CHECK(relocation.lost_components == std::vector<std::string>{"Door"});  // Health is not used
  CHECK(relocation.entities_using_lost_components == 1);
  CHECK(relocation.lost_assets == std::vector<std::string>{"meshes/gate.glb"});  // never_there.glb was missing already
  CHECK(relocation.asset_source == game.folder / "game");
  CHECK(relocation.asset_destination == game.folder / "elsewhere");
  CHECK(relocation.link_target == game.folder / "game/cairn.project.json");
  CHECK(relocation.copy_writes_project);
  CHECK(relocation.CopyKeepsComponents());
}

TEST_CASE("Relocation: in another project's folder a copy keeps the assets but not the components",
          "[editor][relocation]") {
  Game game;
  game.folder.Write("other/cairn.project.json", R"({"format": "cairn.project", "version": 1, "name": "Other"})");
  const SceneRelocation relocation = CheckRelocation(game.Whereabouts(), game.folder / "other/levels/two.json");
  CHECK(relocation.destination_project == game.folder / "other/cairn.project.json");
  CHECK(relocation.asset_destination == game.folder / "other");
  CHECK_FALSE(relocation.copy_writes_project);
  CHECK_FALSE(relocation.CopyKeepsComponents());
  CHECK(relocation.CanLink());
}

TEST_CASE("Relocation: a project held in memory links to its asset folder's project file only when it defines the same",
          "[editor][relocation]") {
  Game game;
  auto in_memory = std::make_shared<serialization::Project>(*game.project);
  in_memory->file.clear();
  SceneWhereabouts scene = game.Whereabouts();
  scene.project = in_memory;
  scene.path.reset();  // untitled, as the demo
  CHECK(CheckRelocation(scene, game.folder / "away/one.json").link_target == game.folder / "game/cairn.project.json");
  in_memory->components.pop_back();  // no longer the same definitions
  CHECK_FALSE(CheckRelocation(scene, game.folder / "away/one.json").CanLink());
  // A project held in memory that the scene does not use is not missed.
  SceneWhereabouts unused{nullptr, in_memory, std::nullopt, ecs::PlainValue::MakeObject(), std::nullopt};
  CHECK_FALSE(CheckRelocation(unused, game.folder / "away/one.json").Breaks());
}

TEST_CASE("Relocation: project links are relative to the scene's folder and written only where needed",
          "[editor][relocation]") {
  Game game;
  ecs::PlainValue editor = ecs::PlainValue::MakeObject();
  const fs::path project_file = game.folder / "game/cairn.project.json";
  SetProjectLink(editor, game.folder / "work/a/level.json", project_file);
  REQUIRE(editor.Find(kProjectLinkKey) != nullptr);
  CHECK(editor.Find(kProjectLinkKey)->AsString() == "../../game/cairn.project.json");
  CHECK(ProjectLinkOf(editor, game.folder / "work/a/level.json") == project_file);
  CHECK(GoverningProjectFile(editor, game.folder / "work/a/level.json") == project_file);
  // Found walking up anyway: no link.
  SetProjectLink(editor, game.folder / "game/levels/level.json", project_file);
  CHECK(editor.Find(kProjectLinkKey) == nullptr);
  // A link to a file that is gone governs nothing.
  editor.Add(std::string(kProjectLinkKey), "../gone/cairn.project.json");
  CHECK_FALSE(GoverningProjectFile(editor, game.folder / "work/level.json").has_value());
}

TEST_CASE("Relocation: a linked scene saved elsewhere keeps its link, rewritten, and loses nothing", "[editor][relocation]") {
  Game game;
  SceneWhereabouts scene = game.Whereabouts();
  scene.path = game.folder / "work/one.json";
  SetProjectLink(scene.editor, *scene.path, game.folder / "game/cairn.project.json");
  const fs::path destination = game.folder / "work/deeper/two.json";
  CHECK(EditorDataFor(scene, destination).Find(kProjectLinkKey)->AsString() == "../../game/cairn.project.json");
  CHECK_FALSE(CheckRelocation(scene, destination).Breaks());
}

TEST_CASE("Relocation: the link is read from a scene file without loading it", "[editor][relocation]") {
  TempDir folder;
  const fs::path scene = folder.Write("level.json", R"({"format": "cairn.scene", "version": 3,
    "editor": {"project": "../game/cairn.project.json"}, "entities": [], "instances": []})");
  CHECK(ReadProjectLink(scene) == (folder.Path().parent_path() / "game/cairn.project.json").lexically_normal());
  CHECK_FALSE(ReadProjectLink(folder.Write("plain.json", R"({"format": "cairn.scene", "version": 3, "entities": []})")));
  CHECK_FALSE(ReadProjectLink(folder.Write("broken.json", R"({"editor": {"project": )")));
  CHECK_FALSE(ReadProjectLink(folder / "missing.json"));
}

TEST_CASE("Relocation: a copy writes the assets and the project beside the scene, and never overwrites",
          "[editor][relocation]") {
  Game game;
  SECTION("into an empty folder") {
    const SceneRelocation relocation = CheckRelocation(game.Whereabouts(), game.folder / "copy/level.json");
    const CopyResult copied = CopyBeside(relocation);
    REQUIRE(copied.Ok());
    CHECK(copied.written == std::vector<fs::path>{game.folder / "copy/meshes/gate.glb", game.folder / "copy/cairn.project.json"});
    CHECK(cairn::test::ReadText(game.folder / "copy/meshes/gate.glb") == "mesh bytes");
    const auto project = serialization::LoadProjectFile(game.folder / "copy/cairn.project.json");
    REQUIRE(project.project.has_value());
    CHECK(serialization::ProjectToText(*project.project) == serialization::ProjectToText(*game.project));
  }
  SECTION("the same file already there is left as it is") {
    game.folder.Write("copy/meshes/gate.glb", "mesh bytes");
    const CopyResult copied = CopyBeside(CheckRelocation(game.Whereabouts(), game.folder / "copy/level.json"));
    REQUIRE(copied.Ok());
    CHECK(copied.written == std::vector<fs::path>{game.folder / "copy/cairn.project.json"});
  }
  SECTION("another file of the same name stops the whole copy") {
    game.folder.Write("copy/meshes/gate.glb", "another mesh");
    const CopyResult copied = CopyBeside(CheckRelocation(game.Whereabouts(), game.folder / "copy/level.json"));
    CHECK_FALSE(copied.Ok());
    CHECK_THAT(copied.error, Catch::Contains("meshes/gate.glb") && Catch::Contains("already exists"));
    CHECK(copied.written.empty());
    CHECK_FALSE(fs::exists(game.folder / "copy/cairn.project.json"));
    CHECK(cairn::test::ReadText(game.folder / "copy/meshes/gate.glb") == "another mesh");
  }
}
