#include "cairn/render/instance_batches.h"

namespace cairn::render {

void InstanceBatches::Add(MeshShape shape, const MeshInstance& instance) {
  const std::size_t index = MeshShapeIndex(shape);
  instances_.at(index).push_back(instance);
  if (instance.selection != SelectionState::None) selected_[index].push_back(instance);
}

void InstanceBatches::Add(MeshAssetId mesh, const MeshInstance& instance) {
  const std::size_t index = mesh.value;
  if (index >= asset_instances_.size()) {
    asset_instances_.resize(index + 1);
    asset_selected_.resize(index + 1);
  }
  if (asset_instances_[index].empty()) used_assets_.push_back(mesh);
  asset_instances_[index].push_back(instance);
  if (instance.selection != SelectionState::None) asset_selected_[index].push_back(instance);
}

void InstanceBatches::Reserve(MeshShape shape, std::size_t count) { instances_.at(MeshShapeIndex(shape)).reserve(count); }

void InstanceBatches::Clear() {
  for (auto& batch : instances_) batch.clear();
  for (auto& batch : selected_) batch.clear();
  for (const MeshAssetId mesh : used_assets_) {
    asset_instances_[mesh.value].clear();
    asset_selected_[mesh.value].clear();
  }
  used_assets_.clear();
}

std::span<const MeshInstance> InstanceBatches::Batch(MeshShape shape) const {
  return instances_.at(MeshShapeIndex(shape));
}

std::span<const MeshInstance> InstanceBatches::SelectedBatch(MeshShape shape) const {
  return selected_.at(MeshShapeIndex(shape));
}

std::span<const MeshInstance> InstanceBatches::Batch(MeshAssetId mesh) const {
  if (mesh.value >= asset_instances_.size()) return {};
  return asset_instances_[mesh.value];
}

std::span<const MeshInstance> InstanceBatches::SelectedBatch(MeshAssetId mesh) const {
  if (mesh.value >= asset_selected_.size()) return {};
  return asset_selected_[mesh.value];
}

std::size_t InstanceBatches::InstanceCount() const {
  std::size_t count = 0;
  for (const auto& batch : instances_) count += batch.size();
  for (const MeshAssetId mesh : used_assets_) count += asset_instances_[mesh.value].size();
  return count;
}

std::size_t InstanceBatches::SelectedCount() const {
  std::size_t count = 0;
  for (const auto& batch : selected_) count += batch.size();
  for (const MeshAssetId mesh : used_assets_) count += asset_selected_[mesh.value].size();
  return count;
}

InstanceBatches BatchByShape(std::span<const ShapedMeshInstance> instances) {
  std::array<std::size_t, kMeshShapeCount> counts{};
  for (const ShapedMeshInstance& item : instances) ++counts.at(MeshShapeIndex(item.shape));

  InstanceBatches batches;
  for (MeshShape shape : kAllMeshShapes) batches.Reserve(shape, counts[MeshShapeIndex(shape)]);
  for (const ShapedMeshInstance& item : instances) batches.Add(item.shape, item.instance);
  return batches;
}

}  // namespace cairn::render
