#pragma once

#include <array>
#include <cstddef>
#include <span>
#include <vector>

#include "cairn/render/mesh_asset.h"
#include "cairn/render/mesh_instance.h"
#include "cairn/render/mesh_shape.h"

namespace cairn::render {

// Mesh instances grouped by shape, or by registered mesh (MeshAssetId), ready
// for one instanced draw per shape (per part of a registered mesh).
//
// Instances keep the order they were added in within their mesh. Selected and
// primary instances are also copied to a per-mesh selection list so the
// outline pass draws only those. Clear() keeps the allocations, so a scene
// rebuilt every frame does not allocate once it has reached its size.
class InstanceBatches {
 public:
  void Add(MeshShape shape, const MeshInstance& instance);
  // Precondition: !mesh.IsNone().
  void Add(MeshAssetId mesh, const MeshInstance& instance);
  void Reserve(MeshShape shape, std::size_t count);
  void Clear();

  // All instances of `shape`, in insertion order.
  [[nodiscard]] std::span<const MeshInstance> Batch(MeshShape shape) const;
  // The instances of `shape` whose selection is not None, in insertion order.
  [[nodiscard]] std::span<const MeshInstance> SelectedBatch(MeshShape shape) const;
  // The same for a registered mesh (empty for one never added).
  [[nodiscard]] std::span<const MeshInstance> Batch(MeshAssetId mesh) const;
  [[nodiscard]] std::span<const MeshInstance> SelectedBatch(MeshAssetId mesh) const;
  // Every registered mesh with at least one instance since Clear, in the
  // order each was first added.
  [[nodiscard]] std::span<const MeshAssetId> AssetMeshes() const { return used_assets_; }

  [[nodiscard]] std::size_t InstanceCount() const;
  [[nodiscard]] std::size_t SelectedCount() const;
  [[nodiscard]] bool IsEmpty() const { return InstanceCount() == 0; }

 private:
  std::array<std::vector<MeshInstance>, kMeshShapeCount> instances_;
  std::array<std::vector<MeshInstance>, kMeshShapeCount> selected_;
  std::vector<std::vector<MeshInstance>> asset_instances_;  // by MeshAssetId value
  std::vector<std::vector<MeshInstance>> asset_selected_;
  std::vector<MeshAssetId> used_assets_;
};

// A mesh instance together with its shape, as an editor may collect them
// before batching.
struct ShapedMeshInstance {
  MeshShape shape = MeshShape::Cube;
  MeshInstance instance;
};

// Groups `instances` by shape, keeping their relative order. Equivalent to
// calling Add for each element.
[[nodiscard]] InstanceBatches BatchByShape(std::span<const ShapedMeshInstance> instances);

}  // namespace cairn::render
