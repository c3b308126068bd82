#include "cairn/ecs/transform_system.h"

#include <algorithm>

#include "cairn/ecs/components/transform.h"
#include "cairn/ecs/coordinator.h"

namespace cairn::ecs {

TransformSystem::TransformSystem(Coordinator& coordinator) : coordinator_(&coordinator) {
  EventBus& events = coordinator.Events();
  const ComponentType transform = coordinator.GetComponentType<Transform>();
  subscriptions_.push_back(events.Subscribe<EntityCreated>([this](const EntityCreated& e) { MarkDirty(e.entity); }));
  subscriptions_.push_back(events.Subscribe<ParentChanged>([this](const ParentChanged& e) { MarkDirty(e.entity); }));
  subscriptions_.push_back(events.Subscribe<ComponentAdded>([this, transform](const ComponentAdded& e) {
    if (e.type == transform) MarkDirty(e.entity);
  }));
  subscriptions_.push_back(events.Subscribe<ComponentChanged>([this, transform](const ComponentChanged& e) {
    if (e.type == transform) MarkDirty(e.entity);
  }));
  // Removal is announced before the component goes; the recompute happens
  // at the next Update, when it is gone.
  subscriptions_.push_back(events.Subscribe<ComponentRemoved>([this, transform](const ComponentRemoved& e) {
    if (e.type == transform) MarkDirty(e.entity);
  }));
  coordinator.ForEachEntity([this](Entity entity) { MarkDirty(entity); });
}

TransformSystem::~TransformSystem() {
  for (SubscriptionId id : subscriptions_) coordinator_->Events().Unsubscribe(id);
}

void TransformSystem::EnsureSlot(std::uint32_t index) {
  if (index < world_.size()) return;
  // The vectors' own growth keeps this amortised; ReserveSlots makes it exact.
  world_.resize(std::size_t{index} + 1, glm::mat4(1.0f));
  dirty_.resize(std::size_t{index} + 1, kNullEntity);
}

void TransformSystem::ReserveSlots(std::size_t slots) {
  // Callers reserve for what they add next, often many times in a row (a
  // duplicate reserves per group): the room grows at least by doubling, so
  // that repeated reservations stay amortised instead of copying every time.
  if (slots <= world_.capacity()) return;
  const std::size_t room = std::max(slots, world_.capacity() * 2);
  world_.reserve(room);
  dirty_.reserve(room);
}

void TransformSystem::MarkDirty(Entity entity) {
  EnsureSlot(entity.index);
  if (dirty_[entity.index] == entity) return;
  // A slot still flagged for a destroyed entity is taken over by its reuser.
  dirty_[entity.index] = entity;
  dirty_list_.push_back(entity);
}

bool TransformSystem::IsDirty(Entity entity) const {
  return entity.index < dirty_.size() && dirty_[entity.index] == entity;
}

const glm::mat4& TransformSystem::WorldMatrix(Entity entity) const {
  if (!coordinator_->IsAlive(entity)) {
    throw StaleEntityError("stale entity handle " + ToString(entity) + " in TransformSystem::WorldMatrix");
  }
  static const glm::mat4 kIdentity(1.0f);
  return entity.index < world_.size() ? world_[entity.index] : kIdentity;
}

void TransformSystem::Update(Coordinator& coordinator, float) {
  last_recomputed_ = 0;
  std::vector<Entity> pending;
  pending.swap(dirty_list_);
  for (Entity entity : pending) {
    if (!coordinator.IsAlive(entity) || dirty_[entity.index] != entity) continue;
    // A dirty ancestor recomputes this subtree anyway; start only at the top.
    bool covered = false;
    Entity parent = coordinator.GetParent(entity);
    for (Entity ancestor = parent; !ancestor.IsNull(); ancestor = coordinator.GetParent(ancestor)) {
      if (dirty_[ancestor.index] == ancestor) {
        covered = true;
        break;
      }
    }
    if (covered) continue;
    RecomputeSubtree(entity, parent.IsNull() ? glm::mat4(1.0f) : world_[parent.index]);
  }
  // The list keeps its memory: the next big edit (the undo of a delete of
  // a million entities) marks as many again, and would otherwise grow the
  // list by doubling into fresh memory, each page zeroed by the OS first.
  if (dirty_list_.empty()) {
    pending.clear();
    dirty_list_.swap(pending);
  }
}

void TransformSystem::RecomputeSubtree(Entity root, const glm::mat4& parent_world) {
  auto& transforms = coordinator_->GetStorage<Transform>();
  struct Item {
    Entity entity;
    glm::mat4 parent_world;
  };
  std::vector<Item> stack{{root, parent_world}};
  while (!stack.empty()) {
    const Item item = stack.back();
    stack.pop_back();
    const Transform* local = transforms.Find(item.entity);
    const glm::mat4 world = local != nullptr ? item.parent_world * local->LocalMatrix() : item.parent_world;
    EnsureSlot(item.entity.index);
    world_[item.entity.index] = world;
    dirty_[item.entity.index] = kNullEntity;
    ++last_recomputed_;
    coordinator_->ForEachChild(item.entity, [&](Entity child) { stack.push_back({child, world}); });
  }
}

}  // namespace cairn::ecs
