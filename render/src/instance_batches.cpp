#include "cairn/render/instance_batches.h"

#include <algorithm>

namespace cairn::render {

void InstanceBatches::Add(MeshShape shape, const MeshInstance& instance) {
  const std::size_t index = MeshShapeIndex(shape);
  instances_.at(index)[WindingIndex(WindingOf(instance.world))].push_back(instance);
  if (instance.selection != SelectionState::None) selected_[index].push_back(instance);
}

void InstanceBatches::Add(MeshAssetId mesh, const MeshInstance& instance) {
  const std::size_t index = mesh.value;
  if (index >= asset_instances_.size()) {
    asset_instances_.resize(index + 1);
    asset_selected_.resize(index + 1);
  }
  WindingBatches& batches = asset_instances_[index];
  if (std::ranges::all_of(batches, [](const auto& batch) { return batch.empty(); })) used_assets_.push_back(mesh);
  batches[WindingIndex(WindingOf(instance.world))].push_back(instance);
  if (instance.selection != SelectionState::None) asset_selected_[index].push_back(instance);
}

void InstanceBatches::Reserve(MeshShape shape, Winding winding, std::size_t count) {
  instances_.at(MeshShapeIndex(shape))[WindingIndex(winding)].reserve(count);
}

void InstanceBatches::Clear() {
  for (auto& batches : instances_) {
    for (auto& batch : batches) batch.clear();
  }
  for (auto& batch : selected_) batch.clear();
  for (const MeshAssetId mesh : used_assets_) {
    for (auto& batch : asset_instances_[mesh.value]) batch.clear();
    asset_selected_[mesh.value].clear();
  }
  used_assets_.clear();
}

std::span<const MeshInstance> InstanceBatches::Batch(MeshShape shape, Winding winding) const {
  return instances_.at(MeshShapeIndex(shape))[WindingIndex(winding)];
}

std::span<const MeshInstance> InstanceBatches::SelectedBatch(MeshShape shape) const {
  return selected_.at(MeshShapeIndex(shape));
}

std::span<const MeshInstance> InstanceBatches::Batch(MeshAssetId mesh, Winding winding) const {
  if (mesh.value >= asset_instances_.size()) return {};
  return asset_instances_[mesh.value][WindingIndex(winding)];
}

std::span<const MeshInstance> InstanceBatches::SelectedBatch(MeshAssetId mesh) const {
  if (mesh.value >= asset_selected_.size()) return {};
  return asset_selected_[mesh.value];
}

std::size_t InstanceBatches::InstanceCount() const {
  std::size_t count = 0;
  for (const auto& batches : instances_) {
    for (const auto& batch : batches) count += batch.size();
  }
  for (const MeshAssetId mesh : used_assets_) {
    for (const auto& batch : asset_instances_[mesh.value]) count += batch.size();
  }
  return count;
}

std::size_t InstanceBatches::SelectedCount() const {
  std::size_t count = 0;
  for (const auto& batch : selected_) count += batch.size();
  for (const MeshAssetId mesh : used_assets_) count += asset_selected_[mesh.value].size();
  return count;
}

InstanceBatches BatchByShape(std::span<const ShapedMeshInstance> instances) {
  std::array<std::array<std::size_t, kWindingCount>, kMeshShapeCount> counts{};
  for (const ShapedMeshInstance& item : instances) {
    ++counts.at(MeshShapeIndex(item.shape))[WindingIndex(WindingOf(item.instance.world))];
  }

  InstanceBatches batches;
  for (MeshShape shape : kAllMeshShapes) {
    for (Winding winding : kAllWindings) {
      batches.Reserve(shape, winding, counts[MeshShapeIndex(shape)][WindingIndex(winding)]);
    }
  }
  for (const ShapedMeshInstance& item : instances) batches.Add(item.shape, item.instance);
  return batches;
}

}  // namespace cairn::render
