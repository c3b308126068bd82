#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "cairn/assets/asset_index.h"
#include "cairn/ecs/components/mesh_renderer.h"
#include "cairn/ecs/components/name.h"
#include "cairn/editor/actions.h"
#include "cairn/editor/asset_files.h"
#include "cairn/editor/editor_errors.h"
#include "test_world.h"

namespace ecs = cairn::ecs;
using cairn::editor::AssetFile;
using cairn::editor::AssetKind;
using cairn::editor::AssetListing;
using cairn::editor::AssetQuery;
using cairn::editor::ListAssets;
using cairn::editor::MoveAsset;
using cairn::test::TempDir;
namespace actions = cairn::editor::actions;
namespace t = cairn::editor::testing;

namespace {

// A project folder: meshes/{crate.glb, Barrel.GLTF, barrel.bin}, levels/a.scene,
// art/wood.png, notes.txt, .git/config and the asset index.
struct Project {
  Project() {
    folder.Write("meshes/crate.glb", "glb");
    folder.Write("meshes/Barrel.GLTF", "{}");
    folder.Write("meshes/barrel.bin", "bin");
    folder.Write("levels/a.scene", "{}");
    folder.Write("art/wood.png", "png");
    folder.Write("notes.txt", "notes");
    folder.Write(".git/config", "git");
    folder.Write("assets.index.json", R"({"format": "cairn.asset-index", "version": 1, "assets": []})");
  }
  TempDir folder{"asset-files"};
};

std::vector<std::string> Paths(const AssetListing& listing) {
  REQUIRE(listing.error.empty());
  std::vector<std::string> paths;
  for (const AssetFile& file : listing.files) paths.push_back(file.path);
  return paths;
}

// Every (entity name, asset) of the world's MeshRenderers.
std::vector<std::string> MeshAssets(ecs::Coordinator& world) {
  std::vector<std::string> found;
  world.Each<ecs::MeshRenderer>([&](ecs::Entity entity, const ecs::MeshRenderer& mesh) {
    found.push_back(world.GetComponent<ecs::Name>(entity).value + "=" + mesh.asset);
  });
  std::sort(found.begin(), found.end());
  return found;
}

ecs::EntityId AddMeshEntity(ecs::Coordinator& world, const std::string& name, const std::string& asset) {
  const ecs::EntityId id = t::AddEntity(world, name);
  ecs::MeshRenderer mesh;
  mesh.asset = asset;
  t::Put(world, id, mesh);
  return id;
}

}  // namespace

TEST_CASE("The Assets listing shows one folder, folders first, without hidden files", "[editor][assets]") {
  const Project project;
  REQUIRE(Paths(ListAssets(project.folder.Path(), {})) == std::vector<std::string>{"art", "levels", "meshes", "notes.txt"});
  const AssetListing meshes = ListAssets(project.folder.Path(), {.folder = "meshes"});
  REQUIRE(Paths(meshes) == std::vector<std::string>{"meshes/barrel.bin", "meshes/Barrel.GLTF", "meshes/crate.glb"});
  REQUIRE(meshes.files[1].kind == AssetKind::kMesh);
  REQUIRE(meshes.files[0].kind == AssetKind::kOther);
  REQUIRE(Paths(ListAssets(project.folder.Path(), {.folder = "meshes", .kind = AssetKind::kMesh})) ==
          std::vector<std::string>{"meshes/Barrel.GLTF", "meshes/crate.glb"});
}

TEST_CASE("Searching the Assets lists matching files under the folder, any case", "[editor][assets]") {
  const Project project;
  REQUIRE(Paths(ListAssets(project.folder.Path(), {.search = "BARREL"})) ==
          std::vector<std::string>{"meshes/barrel.bin", "meshes/Barrel.GLTF"});
  REQUIRE(Paths(ListAssets(project.folder.Path(), {.search = "a", .kind = AssetKind::kScene})) ==
          std::vector<std::string>{"levels/a.scene"});
  REQUIRE(Paths(ListAssets(project.folder.Path(), {.search = "config"})).empty());  // .git is hidden
  const AssetListing missing = ListAssets(project.folder.Path(), {.folder = "gone"});
  REQUIRE_THAT(missing.error, Catch::StartsWith("cannot list " + (project.folder / "gone").string()));
}

TEST_CASE("Creating an entity for a dragged mesh names it after the file and draws the file", "[editor][assets]") {
  auto world = t::MakeWorld();
  const ecs::Action action = actions::CreateMeshEntity(*world, "meshes/crate.glb", glm::vec3(1, 0, 2));
  REQUIRE(action.name == "Create 'crate'");
  const ecs::Action inverse = ecs::ApplyAction(*world, action);
  REQUIRE(MeshAssets(*world) == std::vector<std::string>{"crate=meshes/crate.glb"});
  const ecs::Entity entity = world->EntitiesWith<ecs::MeshRenderer>().front();
  REQUIRE(world->GetComponent<ecs::Transform>(entity).position == glm::vec3(1, 0, 2));
  REQUIRE(world->GetComponent<ecs::MeshRenderer>(entity).color == glm::vec4(1.0f));
  ecs::ApplyAction(*world, inverse);
  REQUIRE(world->EntityCount() == 0);
  REQUIRE_THROWS_AS(actions::CreateMeshEntity(*world, "", glm::vec3(0)), cairn::editor::ActionError);
}

TEST_CASE("References follow a renamed file or folder and nothing else", "[editor][assets]") {
  auto world = t::MakeWorld();
  AddMeshEntity(*world, "A", "meshes/crate.glb");
  AddMeshEntity(*world, "B", "meshes/crate.glb");
  AddMeshEntity(*world, "C", "meshes/crate.gltf");
  AddMeshEntity(*world, "D", "meshes2/crate.glb");
  AddMeshEntity(*world, "E", "");

  const ecs::Action file = actions::RetargetAssets(*world, "meshes/crate.glb", "props/box.glb");
  REQUIRE(file.commands.size() == 2);
  ecs::ApplyAction(*world, file);
  REQUIRE(MeshAssets(*world) == std::vector<std::string>{"A=props/box.glb", "B=props/box.glb", "C=meshes/crate.gltf",
                                                          "D=meshes2/crate.glb", "E="});
  const ecs::Action folder = actions::RetargetAssets(*world, "meshes", "art/meshes", true);
  ecs::ApplyAction(*world, folder);
  REQUIRE(MeshAssets(*world) == std::vector<std::string>{"A=props/box.glb", "B=props/box.glb",
                                                          "C=art/meshes/crate.gltf", "D=meshes2/crate.glb", "E="});
  REQUIRE(actions::RetargetAssets(*world, "nothing.glb", "x.glb").commands.empty());
}

TEST_CASE("Moving an asset renames the file, records it in the index and updates the scene", "[editor][assets]") {
  const Project project;
  auto world = t::MakeWorld();
  AddMeshEntity(*world, "Crate", "meshes/crate.glb");

  const auto moved = MoveAsset(project.folder.Path(), "meshes/crate.glb", "props/crate.glb", *world, 7);
  REQUIRE(moved.Ok());
  REQUIRE(std::filesystem::is_regular_file(project.folder / "props/crate.glb"));
  REQUIRE_FALSE(std::filesystem::exists(project.folder / "meshes/crate.glb"));
  ecs::ApplyAction(*world, moved.references);
  REQUIRE(MeshAssets(*world) == std::vector<std::string>{"Crate=props/crate.glb"});
  // Other scenes still naming the old path reach the file through the index.
  const auto index = cairn::assets::AssetIndex::Load(project.folder.Path(), 1);
  REQUIRE(index.index);
  REQUIRE(index.index->Resolve("meshes/crate.glb") == "props/crate.glb");

  SECTION("a folder moves with every file in it") {
    const auto folder = MoveAsset(project.folder.Path(), "meshes", "art/models", *world, 7);
    REQUIRE(folder.Ok());
    REQUIRE(std::filesystem::is_regular_file(project.folder / "art/models/Barrel.GLTF"));
    const auto after = cairn::assets::AssetIndex::Load(project.folder.Path(), 1);
    REQUIRE(after.index->Resolve("meshes/Barrel.GLTF") == "art/models/Barrel.GLTF");
  }
}

TEST_CASE("Opening a scene after a move updates its references through the index", "[editor][assets]") {
  const Project project;
  auto moved_world = t::MakeWorld();
  REQUIRE(MoveAsset(project.folder.Path(), "meshes/crate.glb", "props/box.glb", *moved_world, 7).Ok());
  REQUIRE(MoveAsset(project.folder.Path(), "meshes/Barrel.GLTF", "props/barrel.gltf", *moved_world, 7).Ok());

  // A scene saved before the moves: one component names both moved files.
  auto world = t::MakeWorld(43);
  AddMeshEntity(*world, "A", "meshes/crate.glb");
  AddMeshEntity(*world, "B", "meshes/Barrel.GLTF");
  AddMeshEntity(*world, "C", "meshes/gone.glb");  // missing, and unknown to the index: left as it is
  std::vector<std::string> notes;
  const ecs::Action update = cairn::editor::RetargetMovedAssets(*world, project.folder.Path(), notes);
  REQUIRE(update.name == "Update moved asset references");
  REQUIRE(update.commands.size() == 2);
  REQUIRE(notes == std::vector<std::string>{"meshes/Barrel.GLTF is now props/barrel.gltf",
                                            "meshes/crate.glb is now props/box.glb"});
  ecs::ApplyAction(*world, update);
  REQUIRE(MeshAssets(*world) ==
          std::vector<std::string>{"A=props/box.glb", "B=props/barrel.gltf", "C=meshes/gone.glb"});

  SECTION("nothing to do the second time") {
    notes.clear();
    REQUIRE(cairn::editor::RetargetMovedAssets(*world, project.folder.Path(), notes).commands.empty());
    REQUIRE(notes.empty());
  }
  SECTION("an index that cannot be read is noted, nothing changes") {
    project.folder.Write("assets.index.json", "[");
    notes.clear();
    REQUIRE(cairn::editor::RetargetMovedAssets(*world, project.folder.Path(), notes).commands.empty());
    REQUIRE(notes.size() == 1);
    REQUIRE_THAT(notes[0], Catch::Contains("assets.index.json"));
  }
}

TEST_CASE("A refused asset move changes nothing on disk or in the scene", "[editor][assets]") {
  const Project project;
  auto world = t::MakeWorld();
  AddMeshEntity(*world, "Crate", "meshes/crate.glb");
  const std::string index_before = cairn::test::ReadText(project.folder / "assets.index.json");

  const auto onto = MoveAsset(project.folder.Path(), "meshes/crate.glb", "art/wood.png", *world, 7);
  REQUIRE(onto.error == "cannot move \"meshes/crate.glb\" to \"art/wood.png\": " +
                            (project.folder / "art/wood.png").string() + " already exists");
  const auto absent = MoveAsset(project.folder.Path(), "meshes/gone.glb", "x.glb", *world, 7);
  REQUIRE_THAT(absent.error, Catch::EndsWith("there is no file " + (project.folder / "meshes/gone.glb").string()));
  const auto outside = MoveAsset(project.folder.Path(), "meshes/crate.glb", "../crate.glb", *world, 7);
  REQUIRE_FALSE(outside.Ok());
  const auto into_itself = MoveAsset(project.folder.Path(), "meshes", "meshes/old", *world, 7);
  REQUIRE_THAT(into_itself.error, Catch::EndsWith("a folder cannot move into itself"));
  REQUIRE(cairn::test::ReadText(project.folder / "assets.index.json") == index_before);
  project.folder.Write("assets.index.json", "{broken");
  const auto broken = MoveAsset(project.folder.Path(), "meshes/crate.glb", "props/crate.glb", *world, 7);
  REQUIRE_THAT(broken.error, Catch::Contains("assets.index.json"));

  REQUIRE(std::filesystem::is_regular_file(project.folder / "meshes/crate.glb"));
  REQUIRE_FALSE(std::filesystem::exists(project.folder / "props"));
  REQUIRE(MeshAssets(*world) == std::vector<std::string>{"Crate=meshes/crate.glb"});
}
