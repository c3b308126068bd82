#include "cairn/editor/viewport/world_matrices.h"

#include "cairn/ecs/coordinator.h"
#include "cairn/ecs/errors.h"
#include "cairn/ecs/transform_system.h"

namespace cairn::editor {

void WorldMatrices::Refresh(ecs::Coordinator& world) {
  system_ = nullptr;
  std::shared_ptr<ecs::TransformSystem> system;
  try {
    system = world.GetSystem<ecs::TransformSystem>();
  } catch (const ecs::SystemError&) {
    return;  // no TransformSystem: matrices are computed on request
  }
  system->Update(world, 0.0f);
  // The world owns the system; the pointer lives as long as the world.
  system_ = system.get();
}

glm::mat4 WorldMatrices::Of(const ecs::Coordinator& world, ecs::Entity entity) const {
  return system_ != nullptr ? system_->WorldMatrix(entity) : world.ComputeWorldMatrix(entity);
}

glm::mat4 WorldMatrices::ParentOf(const ecs::Coordinator& world, ecs::Entity entity) const {
  const ecs::Entity parent = world.GetParent(entity);
  return parent.IsNull() ? glm::mat4(1.0f) : Of(world, parent);
}

}  // namespace cairn::editor
