#pragma once

#include <array>
#include <cstddef>
#include <span>
#include <vector>

#include "cairn/render/mesh_instance.h"
#include "cairn/render/mesh_shape.h"

namespace cairn::render {

// Mesh instances grouped by shape, ready for one instanced draw per shape.
//
// Instances keep the order they were added in within their shape. Selected and
// primary instances are also copied to a per-shape selection list so the
// outline pass draws only those. Clear() keeps the allocations, so a scene
// rebuilt every frame does not allocate once it has reached its size.
class InstanceBatches {
 public:
  void Add(MeshShape shape, const MeshInstance& instance);
  void Reserve(MeshShape shape, std::size_t count);
  void Clear();

  // All instances of `shape`, in insertion order.
  [[nodiscard]] std::span<const MeshInstance> Batch(MeshShape shape) const;
  // The instances of `shape` whose selection is not None, in insertion order.
  [[nodiscard]] std::span<const MeshInstance> SelectedBatch(MeshShape shape) const;

  [[nodiscard]] std::size_t InstanceCount() const;
  [[nodiscard]] std::size_t SelectedCount() const;
  [[nodiscard]] bool IsEmpty() const { return InstanceCount() == 0; }

 private:
  std::array<std::vector<MeshInstance>, kMeshShapeCount> instances_;
  std::array<std::vector<MeshInstance>, kMeshShapeCount> selected_;
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
