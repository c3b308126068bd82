#pragma once
// Typed errors raised by ECS misuse. Every message names the entity (id and,
// when it has one, its name) and the component involved, so that a test can
// assert it and a user can act on it.

#include <stdexcept>
#include <string>

namespace cairn::ecs {

class EcsError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A handle whose entity was destroyed (or never existed).
class StaleEntityError : public EcsError {
 public:
  using EcsError::EcsError;
};

// GetComponent / RemoveComponent on an entity without that component.
class MissingComponentError : public EcsError {
 public:
  using EcsError::EcsError;
};

// AddComponent of a component the entity already has.
class DuplicateComponentError : public EcsError {
 public:
  using EcsError::EcsError;
};

// A component type used before RegisterComponent, registered twice, or one
// type too many for a Signature.
class ComponentRegistrationError : public EcsError {
 public:
  using EcsError::EcsError;
};

// AddComponentFromName with a name that is unknown or not UI-accessible.
class UnknownComponentError : public EcsError {
 public:
  using EcsError::EcsError;
};

// CreateEntity with an id that is zero or already used.
class EntityIdError : public EcsError {
 public:
  using EcsError::EcsError;
};

// SetParent that would create a cycle, parent an entity to itself, or use a
// sibling that is not a child of the new parent; DestroyEntity with children.
class HierarchyError : public EcsError {
 public:
  using EcsError::EcsError;
};

// A system registered twice, unknown in an ordering, or a cycle in "runs after".
class SystemError : public EcsError {
 public:
  using EcsError::EcsError;
};

// A command or action that could not be applied (after rollback), or a plain
// description that does not decode into a command.
class CommandError : public EcsError {
 public:
  using EcsError::EcsError;
};

}  // namespace cairn::ecs
