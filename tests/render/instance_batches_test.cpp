#include <catch2/catch.hpp>

#include <random>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>

// fwd.h first: its declarations must agree with the definitions that follow.
#include "cairn/render/fwd.h"

#include "cairn/render/instance_batches.h"
#include "cairn/render/render_scene.h"

using namespace cairn::render;

namespace {

MeshInstance Instance(std::uint32_t pick_id, SelectionState selection = SelectionState::None) {
  MeshInstance instance;
  instance.pick_id = pick_id;
  instance.selection = selection;
  return instance;
}

// An instance whose world matrix mirrors X (scale -1, 1, 1).
MeshInstance Mirrored(std::uint32_t pick_id, SelectionState selection = SelectionState::None) {
  MeshInstance instance = Instance(pick_id, selection);
  instance.world = glm::scale(glm::mat4(1.0f), glm::vec3(-1.0f, 1.0f, 1.0f));
  return instance;
}

std::vector<std::uint32_t> Ids(std::span<const MeshInstance> batch) {
  std::vector<std::uint32_t> ids;
  for (const MeshInstance& instance : batch) ids.push_back(instance.pick_id);
  return ids;
}

}  // namespace

TEST_CASE("[InstanceBatches] Instances are grouped per shape in insertion order", "[render][batches]") {
  InstanceBatches batches;
  batches.Add(MeshShape::Cube, Instance(1));
  batches.Add(MeshShape::Sphere, Instance(2));
  batches.Add(MeshShape::Cube, Instance(3));
  batches.Add(MeshShape::Cone, Instance(4));

  CHECK(Ids(batches.Batch(MeshShape::Cube)) == std::vector<std::uint32_t>{1, 3});
  CHECK(Ids(batches.Batch(MeshShape::Sphere)) == std::vector<std::uint32_t>{2});
  CHECK(Ids(batches.Batch(MeshShape::Cone)) == std::vector<std::uint32_t>{4});
  CHECK(batches.Batch(MeshShape::Plane).empty());
  CHECK(batches.InstanceCount() == 4);
  CHECK(batches.SelectedCount() == 0);
}

TEST_CASE("[InstanceBatches] Selected and primary instances are also listed for the outline", "[render][batches]") {
  InstanceBatches batches;
  batches.Add(MeshShape::Cube, Instance(1));
  batches.Add(MeshShape::Cube, Instance(2, SelectionState::Selected));
  batches.Add(MeshShape::Cube, Instance(3, SelectionState::Primary));
  batches.Add(MeshShape::Plane, Instance(4, SelectionState::Selected));

  CHECK(Ids(batches.SelectedBatch(MeshShape::Cube)) == std::vector<std::uint32_t>{2, 3});
  CHECK(Ids(batches.SelectedBatch(MeshShape::Plane)) == std::vector<std::uint32_t>{4});
  CHECK(batches.SelectedBatch(MeshShape::Cube)[1].selection == SelectionState::Primary);
  CHECK(batches.SelectedCount() == 3);
  CHECK(batches.InstanceCount() == 4);
}

TEST_CASE("[InstanceBatches] A mirrored instance is batched apart from unmirrored ones of the same shape",
          "[render][batches]") {
  InstanceBatches batches;
  batches.Add(MeshShape::Cube, Instance(1));
  batches.Add(MeshShape::Cube, Mirrored(2, SelectionState::Selected));
  batches.Add(MeshShape::Cube, Instance(3, SelectionState::Primary));
  batches.Add(MeshShape::Cube, Mirrored(4));

  CHECK(Ids(batches.Batch(MeshShape::Cube, Winding::CounterClockwise)) == std::vector<std::uint32_t>{1, 3});
  CHECK(Ids(batches.Batch(MeshShape::Cube, Winding::Clockwise)) == std::vector<std::uint32_t>{2, 4});
  CHECK(Ids(batches.Batch(MeshShape::Cube)) == std::vector<std::uint32_t>{1, 3});
  CHECK(batches.Batch(MeshShape::Sphere, Winding::Clockwise).empty());
  // The outline is drawn without culling: one selection list per shape.
  CHECK(Ids(batches.SelectedBatch(MeshShape::Cube)) == std::vector<std::uint32_t>{2, 3});
  CHECK(batches.InstanceCount() == 4);
  CHECK(batches.SelectedCount() == 2);
}

TEST_CASE("[InstanceBatches] A mirrored instance of a registered mesh is batched apart too", "[render][batches]") {
  InstanceBatches batches;
  const MeshAssetId crate{2};
  batches.Add(crate, Mirrored(1));
  batches.Add(crate, Instance(2, SelectionState::Selected));

  CHECK(std::vector<MeshAssetId>(batches.AssetMeshes().begin(), batches.AssetMeshes().end()) ==
        std::vector<MeshAssetId>{crate});
  CHECK(Ids(batches.Batch(crate, Winding::Clockwise)) == std::vector<std::uint32_t>{1});
  CHECK(Ids(batches.Batch(crate, Winding::CounterClockwise)) == std::vector<std::uint32_t>{2});
  CHECK(Ids(batches.SelectedBatch(crate)) == std::vector<std::uint32_t>{2});
  CHECK(batches.InstanceCount() == 2);

  batches.Clear();
  CHECK(batches.Batch(crate, Winding::Clockwise).empty());
  batches.Add(crate, Mirrored(3));
  CHECK(std::vector<MeshAssetId>(batches.AssetMeshes().begin(), batches.AssetMeshes().end()) ==
        std::vector<MeshAssetId>{crate});
}

TEST_CASE("[InstanceBatches] Clear empties every batch but keeps the storage", "[render][batches]") {
  InstanceBatches batches;
  for (std::uint32_t id = 1; id <= 100; ++id) {
    batches.Add(MeshShape::Sphere, Instance(id));
    batches.Add(MeshShape::Sphere, Mirrored(id + 100));
  }
  const MeshInstance* storage = batches.Batch(MeshShape::Sphere, Winding::CounterClockwise).data();
  const MeshInstance* mirrored_storage = batches.Batch(MeshShape::Sphere, Winding::Clockwise).data();
  batches.Clear();
  CHECK(batches.IsEmpty());
  CHECK(batches.SelectedCount() == 0);
  CHECK(batches.Batch(MeshShape::Sphere, Winding::Clockwise).empty());
  batches.Add(MeshShape::Sphere, Instance(7));
  batches.Add(MeshShape::Sphere, Mirrored(8));
  CHECK(batches.Batch(MeshShape::Sphere, Winding::CounterClockwise).data() == storage);
  CHECK(batches.Batch(MeshShape::Sphere, Winding::Clockwise).data() == mirrored_storage);
}

TEST_CASE("[InstanceBatches] BatchByShape matches a per-shape, per-winding model on random input",
          "[render][batches]") {
  std::mt19937 random(1234);
  std::uniform_int_distribution<int> shape_of(0, static_cast<int>(kMeshShapeCount) - 1);
  std::uniform_int_distribution<int> selection_of(0, 2);
  std::uniform_real_distribution<float> scale_of(-3.0f, 3.0f);

  for (int round = 0; round < 20; ++round) {
    std::vector<ShapedMeshInstance> input;
    // model_all[shape][mirrored]: the ids in insertion order.
    std::array<std::array<std::vector<std::uint32_t>, 2>, kMeshShapeCount> model_all;
    std::array<std::vector<std::uint32_t>, kMeshShapeCount> model_selected;
    const int count = 50 + round * 37;
    for (int i = 0; i < count; ++i) {
      const auto shape = static_cast<MeshShape>(shape_of(random));
      const auto selection = static_cast<SelectionState>(selection_of(random));
      const auto id = static_cast<std::uint32_t>(i + 1);
      const glm::vec3 scale{scale_of(random), scale_of(random), scale_of(random)};
      const int negative_axes = (scale.x < 0.0f ? 1 : 0) + (scale.y < 0.0f ? 1 : 0) + (scale.z < 0.0f ? 1 : 0);
      MeshInstance instance = Instance(id, selection);
      instance.world = glm::scale(glm::mat4(1.0f), scale);
      input.push_back({shape, instance});
      model_all[MeshShapeIndex(shape)][negative_axes % 2].push_back(id);
      if (selection != SelectionState::None) model_selected[MeshShapeIndex(shape)].push_back(id);
    }
    const InstanceBatches batches = BatchByShape(input);
    CHECK(batches.InstanceCount() == input.size());
    for (MeshShape shape : kAllMeshShapes) {
      CAPTURE(round, MeshShapeName(shape));
      CHECK(Ids(batches.Batch(shape, Winding::CounterClockwise)) == model_all[MeshShapeIndex(shape)][0]);
      CHECK(Ids(batches.Batch(shape, Winding::Clockwise)) == model_all[MeshShapeIndex(shape)][1]);
      CHECK(Ids(batches.SelectedBatch(shape)) == model_selected[MeshShapeIndex(shape)]);
    }
  }
}

TEST_CASE("[RenderScene] Clear empties meshes, lights and icons", "[render][batches]") {
  RenderScene scene;
  scene.meshes.Add(MeshShape::Cube, Instance(1));
  scene.lights.push_back(LightData{});
  scene.icons.push_back(IconInstance{});
  scene.Clear();
  CHECK(scene.meshes.IsEmpty());
  CHECK(scene.lights.empty());
  CHECK(scene.icons.empty());
}

TEST_CASE("[InstanceBatches] Registered meshes get their own batches, listed in first-use order", "[render][batches]") {
  InstanceBatches batches;
  const MeshAssetId crate{3};
  const MeshAssetId lamp{1};
  batches.Add(crate, Instance(1));
  batches.Add(MeshShape::Cube, Instance(2));
  batches.Add(lamp, Instance(3, SelectionState::Primary));
  batches.Add(crate, Instance(4, SelectionState::Selected));
  CHECK(std::vector<MeshAssetId>(batches.AssetMeshes().begin(), batches.AssetMeshes().end()) ==
        std::vector<MeshAssetId>{crate, lamp});
  CHECK(Ids(batches.Batch(crate)) == std::vector<std::uint32_t>{1, 4});
  CHECK(Ids(batches.SelectedBatch(crate)) == std::vector<std::uint32_t>{4});
  CHECK(Ids(batches.Batch(lamp)) == std::vector<std::uint32_t>{3});
  CHECK(batches.Batch(MeshAssetId{2}).empty());
  CHECK(batches.Batch(MeshAssetId{99}).empty());
  CHECK(batches.InstanceCount() == 4);
  CHECK(batches.SelectedCount() == 2);

  batches.Clear();
  CHECK(batches.IsEmpty());
  CHECK(batches.AssetMeshes().empty());
  CHECK(batches.Batch(crate).empty());
  batches.Add(lamp, Instance(5));
  CHECK(std::vector<MeshAssetId>(batches.AssetMeshes().begin(), batches.AssetMeshes().end()) ==
        std::vector<MeshAssetId>{lamp});
}
