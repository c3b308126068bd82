#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "cairn/ecs/components/mesh_renderer.h"
#include "cairn/editor/message_log.h"
#include "cairn/editor/selection.h"
#include "cairn/editor/viewport/asset_meshes.h"
#include "cairn/editor/asset_files.h"
#include "cairn/editor/viewport/pick_table.h"
#include "cairn/editor/viewport/render_scene_builder.h"
#include "cairn/editor/viewport/selection_bounds.h"
#include "cairn/editor/viewport/world_matrices.h"
#include "cairn/test/files.h"
#include "viewport_test_world.h"

namespace ecs = cairn::ecs;
namespace render = cairn::render;
using cairn::editor::AssetMesh;
using cairn::editor::AssetMeshes;
using cairn::editor::AssetMeshState;
using cairn::editor::MeshUploader;
using cairn::editor::MessageLog;
using cairn::editor::PickTable;
using cairn::editor::RenderSceneBuilder;
using cairn::editor::Selection;
using cairn::editor::Severity;
using cairn::editor::WorldMatrices;
using cairn::test::SourcePath;
using cairn::test::TempDir;
namespace t = cairn::editor::testing;

namespace {

// Records what the viewport would have uploaded to and removed from the GPU.
class RecordingUploader final : public MeshUploader {
 public:
  render::MeshAssetId Upload(const render::MeshAsset& mesh) override {
    if (refuse) return {};
    uploaded.push_back(mesh.TriangleCount());
    return render::MeshAssetId{next++};
  }
  void Remove(render::MeshAssetId mesh) override { removed.push_back(mesh.value); }

  bool refuse = false;
  std::uint32_t next = 1;
  std::vector<std::size_t> uploaded;  // triangle counts
  std::vector<std::uint32_t> removed;
};

// A project folder holding copies of the test meshes.
struct Project {
  Project() {
    std::filesystem::create_directories(folder / "meshes");
    std::filesystem::copy_file(SourcePath("tests/assets/data/crate.glb"), folder / "meshes/crate.glb");
    std::filesystem::copy_file(SourcePath("tests/assets/data/cube_and_quad.glb"), folder / "meshes/cube_and_quad.glb");
    std::filesystem::copy_file(SourcePath("tests/assets/data/malformed/truncated.glb"), folder / "meshes/broken.glb");
  }
  TempDir folder{"asset-meshes"};
};

// Update until nothing is loading any more (the worker imports in the background).
void Settle(AssetMeshes& meshes, MeshUploader& uploader, MessageLog& log, const std::vector<std::string>& assets) {
  double now = 0.0;
  for (int attempt = 0; attempt < 2000; ++attempt) {
    meshes.Update(uploader, log, now);
    bool loading = false;
    for (const std::string& asset : assets) loading |= meshes.Find(asset).state == AssetMeshState::kLoading;
    if (!loading) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  FAIL("the imports did not finish");
}

std::vector<std::string> Texts(const MessageLog& log, Severity severity) {
  std::vector<std::string> texts;
  for (const auto& entry : log.Entries()) {
    if (entry.severity == severity) texts.push_back(entry.text);
  }
  return texts;
}

}  // namespace

TEST_CASE("An asset mesh is imported once, uploaded once and then ready with its bounds", "[viewport][assets]") {
  const Project project;
  RecordingUploader uploader;
  MessageLog log;
  AssetMeshes meshes;
  meshes.SetFolder(project.folder.Path(), uploader);

  REQUIRE(meshes.Find("meshes/crate.glb").state == AssetMeshState::kLoading);
  REQUIRE(meshes.Find("meshes/crate.glb").state == AssetMeshState::kLoading);  // asked again: still one import
  Settle(meshes, uploader, log, {"meshes/crate.glb"});

  const AssetMesh& crate = meshes.Find("meshes/crate.glb");
  REQUIRE(crate.state == AssetMeshState::kReady);
  REQUIRE(crate.mesh == render::MeshAssetId{1});
  REQUIRE(uploader.uploaded == std::vector<std::size_t>{12});
  REQUIRE(meshes.Progress().requested == 1);
  REQUIRE(meshes.Progress().finished == 1);
  // The crate is a unit cube centred on the origin.
  CHECK(crate.bounds.min.x == Approx(-0.5f));
  CHECK(crate.bounds.max.y == Approx(0.5f));
  REQUIRE(log.Entries().empty());
}

TEST_CASE("Missing and unreadable asset meshes say why, an import failure reaches the Console once", "[viewport][assets]") {
  const Project project;
  RecordingUploader uploader;
  MessageLog log;
  AssetMeshes meshes;
  meshes.SetFolder(project.folder.Path(), uploader);

  REQUIRE(meshes.Find("meshes/gate.glb").state == AssetMeshState::kMissing);
  REQUIRE(meshes.Find("meshes/gate.glb").problem ==
          "asset \"meshes/gate.glb\" is missing: there is no file " +
              (project.folder.Path() / "meshes/gate.glb").string());
  meshes.Find("meshes/broken.glb");
  Settle(meshes, uploader, log, {"meshes/gate.glb", "meshes/broken.glb"});
  meshes.Update(uploader, log, 0.5);

  const AssetMesh& broken = meshes.Find("meshes/broken.glb");
  REQUIRE(broken.state == AssetMeshState::kFailed);
  REQUIRE_THAT(broken.problem, Catch::Contains("broken.glb"));
  REQUIRE(uploader.uploaded.empty());
  REQUIRE(Texts(log, Severity::kWarning).empty());  // missing files are the loader's and the Inspector's to report
  REQUIRE(Texts(log, Severity::kError) == std::vector<std::string>{"Assets: " + broken.problem});
}

TEST_CASE("A missing asset file copied in later is imported without reopening", "[viewport][assets]") {
  const Project project;
  RecordingUploader uploader;
  MessageLog log;
  AssetMeshes meshes;
  meshes.SetFolder(project.folder.Path(), uploader);
  REQUIRE(meshes.Find("props/late.glb").state == AssetMeshState::kMissing);
  meshes.Update(uploader, log, 0.0);

  std::filesystem::create_directories(project.folder / "props");
  std::filesystem::copy_file(SourcePath("tests/assets/data/crate.glb"), project.folder / "props/late.glb");
  meshes.Update(uploader, log, 0.5);  // within the retry interval: not looked at yet
  REQUIRE(meshes.Find("props/late.glb").state == AssetMeshState::kMissing);
  meshes.Update(uploader, log, 0.5 + AssetMeshes::kMissingRetrySeconds);
  REQUIRE(meshes.Find("props/late.glb").state == AssetMeshState::kLoading);
  Settle(meshes, uploader, log, {"props/late.glb"});
  REQUIRE(meshes.Find("props/late.glb").state == AssetMeshState::kReady);
}

TEST_CASE("Changing the asset folder and reloading release the uploaded meshes", "[viewport][assets]") {
  const Project project;
  RecordingUploader uploader;
  MessageLog log;
  AssetMeshes meshes;
  meshes.SetFolder(project.folder.Path(), uploader);
  meshes.Find("meshes/crate.glb");
  meshes.Find("meshes/cube_and_quad.glb");
  Settle(meshes, uploader, log, {"meshes/crate.glb", "meshes/cube_and_quad.glb"});
  REQUIRE(uploader.uploaded.size() == 2);

  SECTION("reload imports the file again under a new id") {
    const render::MeshAssetId old = meshes.Find("meshes/crate.glb").mesh;
    meshes.Reload("meshes/crate.glb", uploader);
    REQUIRE(uploader.removed == std::vector<std::uint32_t>{old.value});
    REQUIRE(meshes.Find("meshes/crate.glb").state == AssetMeshState::kLoading);
    Settle(meshes, uploader, log, {"meshes/crate.glb"});
    REQUIRE(meshes.Find("meshes/crate.glb").state == AssetMeshState::kReady);
    REQUIRE(meshes.Find("meshes/crate.glb").mesh.value == 3);
  }
  SECTION("another folder forgets both") {
    const TempDir other("asset-meshes-other");
    meshes.SetFolder(other.Path(), uploader);
    REQUIRE(uploader.removed.size() == 2);
    REQUIRE(meshes.Find("meshes/crate.glb").state == AssetMeshState::kMissing);
  }
  SECTION("the same folder again keeps them") {
    meshes.SetFolder(project.folder.Path(), uploader);
    REQUIRE(uploader.removed.empty());
    REQUIRE(meshes.Find("meshes/crate.glb").state == AssetMeshState::kReady);
  }
}

TEST_CASE("A mesh the uploader refuses is a failure, not a crash", "[viewport][assets]") {
  const Project project;
  RecordingUploader uploader;
  uploader.refuse = true;
  MessageLog log;
  AssetMeshes meshes;
  meshes.SetFolder(project.folder.Path(), uploader);
  meshes.Find("meshes/crate.glb");
  Settle(meshes, uploader, log, {"meshes/crate.glb"});
  meshes.Update(uploader, log, 0.0);
  REQUIRE(meshes.Find("meshes/crate.glb").state == AssetMeshState::kFailed);
  REQUIRE(Texts(log, Severity::kError).size() == 1);
}

TEST_CASE("Without a folder every asset is missing, with the reason", "[viewport][assets]") {
  RecordingUploader uploader;
  AssetMeshes meshes;
  meshes.SetFolder(std::nullopt, uploader);
  REQUIRE(meshes.Find("meshes/crate.glb").state == AssetMeshState::kMissing);
  REQUIRE(meshes.Find("meshes/crate.glb").problem ==
          "asset \"meshes/crate.glb\" cannot be found: the scene has no project or file folder yet");
}

TEST_CASE("The render scene draws ready assets instanced and the others as placeholders", "[viewport][assets]") {
  const Project project;
  RecordingUploader uploader;
  MessageLog log;
  AssetMeshes meshes;
  meshes.SetFolder(project.folder.Path(), uploader);
  meshes.Find("meshes/crate.glb");
  Settle(meshes, uploader, log, {"meshes/crate.glb"});

  auto world = t::MakeWorld();
  const ecs::EntityId built_in = t::AddMesh(*world, "Box", ecs::MeshShape::kSphere, t::At({0, 0, 0}));
  std::vector<ecs::EntityId> crates;
  for (int i = 0; i < 3; ++i) {
    const float scale = i == 0 ? 4.0f : 1.0f;
    crates.push_back(t::AddMesh(*world, "Crate", ecs::MeshShape::kCube,
                                t::At({2.0f * i, 0, 0}, glm::quat(1, 0, 0, 0), glm::vec3(scale))));
    world->GetComponent<ecs::MeshRenderer>(world->GetEntity(crates.back())).asset = "meshes/crate.glb";
  }
  const ecs::EntityId gate = t::AddMesh(*world, "Gate", ecs::MeshShape::kCone, t::At({0, 0, 5}));
  world->GetComponent<ecs::MeshRenderer>(world->GetEntity(gate)).asset = "meshes/gate.glb";

  WorldMatrices matrices;
  matrices.Refresh(*world);
  render::RenderScene scene;
  PickTable picks;
  RenderSceneBuilder builder;
  const auto counts = builder.Build(*world, matrices, Selection{}, scene, picks, &meshes);

  REQUIRE(counts.meshes == 5);
  REQUIRE(counts.placeholders == 1);
  const auto crate_batch = scene.meshes.Batch(meshes.Find("meshes/crate.glb").mesh);
  REQUIRE(crate_batch.size() == 3);
  std::vector<ecs::EntityId> picked;
  for (const render::MeshInstance& instance : crate_batch) picked.push_back(picks.FindId(instance.pick_id, *world));
  std::sort(picked.begin(), picked.end());
  std::vector<ecs::EntityId> expected = crates;
  std::sort(expected.begin(), expected.end());
  REQUIRE(picked == expected);
  REQUIRE(scene.meshes.Batch(render::MeshShape::Sphere).size() == 1);
  REQUIRE(scene.meshes.Batch(render::MeshShape::Cone).empty());  // the gate is not drawn as its shape
  const auto cubes = scene.meshes.Batch(render::MeshShape::Cube);
  REQUIRE(cubes.size() == 1);
  REQUIRE(cubes[0].color == RenderSceneBuilder::kMissingColor);
  REQUIRE(picks.FindId(cubes[0].pick_id, *world) == gate);
  (void)built_in;

  SECTION("without the meshes every asset is a missing placeholder") {
    const auto bare = builder.Build(*world, matrices, Selection{}, scene, picks);
    REQUIRE(bare.placeholders == 4);
  }
  SECTION("framing uses the imported mesh's bounds") {
    const std::array ids{crates[0]};
    const render::Aabb box = cairn::editor::SelectionBounds(*world, matrices, ids, &meshes);
    CHECK(box.min.x == Approx(-2.0f));
    CHECK(box.max.x == Approx(2.0f));
    // A missing asset frames as the unit box.
    const std::array gates{gate};
    CHECK(cairn::editor::SelectionBounds(*world, matrices, gates, &meshes).Size().x == Approx(1.0f));
  }
}

TEST_CASE("An asset's import settings in the project's index scale its mesh, and a reload applies new ones",
          "[viewport][assets]") {
  const Project project;
  cairn::assets::ImportSettings centimetres;
  centimetres.scale = 0.01f;
  REQUIRE(cairn::editor::SetAssetImportSettings(project.folder.Path(), "meshes/crate.glb", centimetres, 5).empty());
  RecordingUploader uploader;
  MessageLog log;
  AssetMeshes meshes;
  meshes.SetFolder(project.folder.Path(), uploader);
  meshes.Find("meshes/crate.glb");
  Settle(meshes, uploader, log, {"meshes/crate.glb"});
  CHECK(meshes.Find("meshes/crate.glb").bounds.max.y == Approx(0.005f));
  CHECK(meshes.Find("meshes/crate.glb").surface->Bounds().max.y == Approx(0.005f));
  CHECK(meshes.BoundsNow("meshes/crate.glb").max.x == Approx(0.005f));

  cairn::assets::ImportSettings metres;
  metres.scale = 2.0f;
  REQUIRE(cairn::editor::SetAssetImportSettings(project.folder.Path(), "meshes/crate.glb", metres, 5).empty());
  meshes.Reload("meshes/crate.glb", uploader);
  CHECK(meshes.BoundsNow("meshes/crate.glb").max.y == Approx(1.0f));  // read at once while it imports again
  Settle(meshes, uploader, log, {"meshes/crate.glb"});
  CHECK(meshes.Find("meshes/crate.glb").bounds.max.y == Approx(1.0f));
}
