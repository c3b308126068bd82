#pragma once
// Computes world matrices parent-first, recomputing only dirty subtrees.
//
// An entity becomes dirty when it is created, reparented, or its Transform is
// added, removed or changed (ComponentChanged: SetComponentValue publishes it;
// callers that edit a Transform in place call NotifyComponentChanged). Update
// then recomputes each dirty entity's subtree once, from its topmost dirty
// ancestor down. Entities without a Transform pass their parent's world
// matrix to their children.

#include <cstddef>
#include <cstdint>
#include <vector>

#include <glm/mat4x4.hpp>

#include "cairn/ecs/event_bus.h"
#include "cairn/ecs/system.h"

namespace cairn::ecs {

class TransformSystem : public System {
 public:
  explicit TransformSystem(Coordinator& coordinator);
  ~TransformSystem() override;
  TransformSystem(const TransformSystem&) = delete;
  TransformSystem& operator=(const TransformSystem&) = delete;

  void Update(Coordinator& coordinator, float delta_seconds) override;

  // The world matrix as of the last Update. Precondition: the entity is alive.
  const glm::mat4& WorldMatrix(Entity entity) const;
  void MarkDirty(Entity entity);
  bool IsDirty(Entity entity) const;
  // How many entities the last Update recomputed (for tests and profiling).
  std::size_t LastRecomputedCount() const { return last_recomputed_; }
  // How many entity slots the per-slot arrays have room for (for tests).
  std::size_t SlotCapacity() const { return world_.capacity(); }
  // How many marks the list of dirty entities has room for (for tests).
  std::size_t DirtyListCapacity() const { return dirty_list_.capacity(); }

 private:
  void ReserveSlots(std::size_t slots) override;
  void RecomputeSubtree(Entity root, const glm::mat4& parent_world);
  void EnsureSlot(std::uint32_t index);

  Coordinator* coordinator_;
  std::vector<glm::mat4> world_;  // by entity slot
  std::vector<Entity> dirty_;  // by slot: the handle marked dirty, else null
  std::vector<Entity> dirty_list_;
  std::vector<SubscriptionId> subscriptions_;
  std::size_t last_recomputed_ = 0;
};

}  // namespace cairn::ecs
