#pragma once
// Commands: plain data describing one change to a world, naming entities by
// EntityId and carrying type-erased component values. Applying a command
// yields the commands that undo it; an Action groups commands under a name
// and is applied atomically.

#include <cstdint>
#include <limits>
#include <string>
#include <variant>
#include <vector>

#include "cairn/ecs/component_value.h"
#include "cairn/ecs/entity.h"
#include "cairn/ecs/field_value.h"

namespace cairn::ecs {

// Sibling position meaning "after the last sibling".
inline constexpr std::uint32_t kAppendPosition = std::numeric_limits<std::uint32_t>::max();

// One entity of a subtree snapshot: its place and every component it has
// (Name included, Hierarchy excluded: the place describes it).
struct EntityRecord {
  EntityId id;
  EntityId parent;  // kNoEntityId: a root
  std::uint32_t position = kAppendPosition;
  std::vector<ComponentValue> components;

  friend bool operator==(const EntityRecord&, const EntityRecord&) = default;
};

// Creates an entity with a Name, under `parent`, at `position`.
struct CreateEntityCommand {
  EntityId id;
  std::string name;
  EntityId parent;
  std::uint32_t position = kAppendPosition;
};

// Destroys the entity and all its descendants. Its inverse restores them all.
struct DestroySubtreeCommand {
  EntityId id;
};

// Recreates a subtree from records in pre-order (parents before children;
// records[0] is the subtree's root). The inverse of DestroySubtreeCommand, and
// what paste and duplicate use.
struct RestoreSubtreeCommand {
  std::vector<EntityRecord> records;
};

struct AddComponentCommand {
  EntityId id;
  ComponentValue value;
};

struct RemoveComponentCommand {
  EntityId id;
  std::string component;
};

// Replaces the value of a component the entity has.
struct SetComponentCommand {
  EntityId id;
  ComponentValue value;
};

// Sets the elements `elements` picks of one field of a component the entity
// has (the Y of a position: ElementBit(1)); the field's other elements and
// the component's other fields keep their values. A field edit is this patch,
// one per edited entity, never a copy of the component: typing Y into three
// selected entities changes Y on each and nothing else. Its inverse holds the
// field's old value with the same mask.
struct SetFieldCommand {
  EntityId id;
  FieldValue value;  // names the component and the field
  ElementMask elements = kAllElements;
};

struct SetParentCommand {
  EntityId id;
  EntityId parent;  // kNoEntityId: make it a root
  std::uint32_t position = kAppendPosition;
  bool keep_world_transform = false;
};

// Sets the Name (adding the component when missing).
struct RenameCommand {
  EntityId id;
  std::string name;
};

using Command = std::variant<CreateEntityCommand, DestroySubtreeCommand, RestoreSubtreeCommand, AddComponentCommand,
                             RemoveComponentCommand, SetComponentCommand, SetFieldCommand, SetParentCommand, RenameCommand>;

// A named, atomic group of commands: "Rename 'Crate'", "Delete 3 entities".
struct Action {
  std::string name;
  std::vector<Command> commands;
};

// "add component Light to 3f2a9c0d41be7e10" etc., for messages.
std::string Describe(const Command& command);

// Applies one command; returns the commands that undo it, to apply in order.
// Throws (CommandError or another EcsError) and changes nothing on failure.
std::vector<Command> ApplyCommand(Coordinator& coordinator, const Command& command);

// Applies every command of the action in order and returns its inverse (an
// action of the same name). When a command fails, the commands already
// applied are undone, and CommandError is thrown naming the action, the
// failing command and the cause.
Action ApplyAction(Coordinator& coordinator, const Action& action);

// Snapshot of an entity and its descendants, in pre-order, with positions.
std::vector<EntityRecord> SnapshotSubtree(const Coordinator& coordinator, Entity root);

}  // namespace cairn::ecs
