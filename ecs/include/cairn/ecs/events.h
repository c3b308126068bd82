#pragma once
// Events the Coordinator publishes on its EventBus.

#include "cairn/ecs/entity.h"
#include "cairn/ecs/fwd.h"

namespace cairn::ecs {

// After the entity exists (with its Hierarchy component, as a root).
struct EntityCreated {
  Entity entity;
  EntityId id;
};

// Before the entity's components are removed: handlers may still read them.
struct EntityDestroyed {
  Entity entity;
  EntityId id;
};

// After the component was added.
struct ComponentAdded {
  Entity entity;
  ComponentType type;
};

// Before the component is removed: handlers may still read it.
struct ComponentRemoved {
  Entity entity;
  ComponentType type;
};

// After a component's value was replaced through SetComponentValue, or after a
// caller that changed it in place said so with NotifyComponentChanged.
struct ComponentChanged {
  Entity entity;
  ComponentType type;
};

// After the entity moved to a new parent or a new sibling position. Null
// parents mean "root".
struct ParentChanged {
  Entity entity;
  Entity old_parent;
  Entity new_parent;
};

}  // namespace cairn::ecs
