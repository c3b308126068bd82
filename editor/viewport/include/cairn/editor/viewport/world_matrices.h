#pragma once
// World matrices as the viewport reads them. With a TransformSystem in the
// world (every world from CreateBuiltinWorld has one) they are the system's
// cached matrices, brought up to date by Refresh, which recomputes only dirty
// subtrees. A world without the system still works: each matrix is then
// computed from the hierarchy on request, in O(depth).

#include <glm/mat4x4.hpp>

#include "cairn/ecs/entity.h"
#include "cairn/ecs/fwd.h"

namespace cairn::ecs {
class TransformSystem;
}

namespace cairn::editor {

class WorldMatrices {
 public:
  // Updates the world's TransformSystem and remembers it. Call after the
  // frame's Flush, before reading matrices, and again whenever the world
  // changed (edits, a replaced world).
  void Refresh(ecs::Coordinator& world);

  // The entity's world matrix as of the last Refresh. Precondition: the
  // entity is alive and `world` is the world last refreshed.
  glm::mat4 Of(const ecs::Coordinator& world, ecs::Entity entity) const;

  // The world matrix of the entity's parent; identity for roots.
  glm::mat4 ParentOf(const ecs::Coordinator& world, ecs::Entity entity) const;

  // True when the matrices come from a TransformSystem.
  bool UsesTransformSystem() const { return system_ != nullptr; }

 private:
  const ecs::TransformSystem* system_ = nullptr;
};

}  // namespace cairn::editor
