#pragma once

#include <array>
#include <cstddef>
#include <span>
#include <vector>

#include "cairn/render/mesh_asset.h"
#include "cairn/render/mesh_instance.h"
#include "cairn/render/mesh_shape.h"
#include "cairn/render/winding.h"

namespace cairn::render {

// Mesh instances grouped by shape, or by registered mesh (MeshAssetId), and by
// winding, ready for one instanced draw per batch (per part of a registered
// mesh).
//
// A batch is keyed by mesh and Winding: instances whose world matrix mirrors
// their mesh (WindingOf gives Clockwise) are kept apart from the others, so a
// renderer can cull the faces turned away from the camera in each batch.
// Instances keep the order they were added in within their batch. Selected
// and primary instances are also copied to one selection list per mesh,
// whatever their winding (the outline pass draws without culling). Clear()
// keeps the allocations, so a scene rebuilt every frame does not allocate once
// it has reached its size.
class InstanceBatches {
 public:
  void Add(MeshShape shape, const MeshInstance& instance);
  // Precondition: !mesh.IsNone().
  void Add(MeshAssetId mesh, const MeshInstance& instance);
  void Reserve(MeshShape shape, Winding winding, std::size_t count);
  void Clear();

  // The instances of `shape` whose world matrices give `winding`, in insertion
  // order. The default, CounterClockwise, is every instance that does not
  // mirror the shape; InstanceCount() counts both windings.
  [[nodiscard]] std::span<const MeshInstance> Batch(MeshShape shape,
                                                    Winding winding = Winding::CounterClockwise) const;
  // The instances of `shape` whose selection is not None, either winding, in
  // insertion order.
  [[nodiscard]] std::span<const MeshInstance> SelectedBatch(MeshShape shape) const;
  // The same for a registered mesh (empty for one never added).
  [[nodiscard]] std::span<const MeshInstance> Batch(MeshAssetId mesh,
                                                    Winding winding = Winding::CounterClockwise) const;
  [[nodiscard]] std::span<const MeshInstance> SelectedBatch(MeshAssetId mesh) const;
  // Every registered mesh with at least one instance since Clear, in the
  // order each was first added.
  [[nodiscard]] std::span<const MeshAssetId> AssetMeshes() const { return used_assets_; }

  [[nodiscard]] std::size_t InstanceCount() const;
  [[nodiscard]] std::size_t SelectedCount() const;
  [[nodiscard]] bool IsEmpty() const { return InstanceCount() == 0; }

 private:
  // One mesh's batches, indexed by WindingIndex.
  using WindingBatches = std::array<std::vector<MeshInstance>, kWindingCount>;

  std::array<WindingBatches, kMeshShapeCount> instances_;
  std::array<std::vector<MeshInstance>, kMeshShapeCount> selected_;
  std::vector<WindingBatches> asset_instances_;  // by MeshAssetId value
  std::vector<std::vector<MeshInstance>> asset_selected_;
  std::vector<MeshAssetId> used_assets_;
};

// A mesh instance together with its shape, as an editor may collect them
// before batching.
struct ShapedMeshInstance {
  MeshShape shape = MeshShape::Cube;
  MeshInstance instance;
};

// Groups `instances` by shape and winding, keeping their relative order.
// Equivalent to calling Add for each element.
[[nodiscard]] InstanceBatches BatchByShape(std::span<const ShapedMeshInstance> instances);

}  // namespace cairn::render
