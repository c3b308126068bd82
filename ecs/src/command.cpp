#include "cairn/ecs/command.h"

#include "cairn/ecs/components/name.h"
#include "cairn/ecs/components/transform.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/ecs/field_codec.h"
#include "cairn/ecs/id_map.h"
#include "cairn/ecs/signature.h"

namespace cairn::ecs {

namespace {

std::string PositionText(std::uint32_t position) {
  return position == kAppendPosition ? "last" : std::to_string(position);
}

std::string ParentText(EntityId parent) { return parent ? ToHex(parent) : "the root"; }

// Each Apply function checks everything first, so that a throw leaves the
// world untouched, then mutates and returns the inverse.
struct CommandApplier {
  Coordinator& world;

  Entity Require(EntityId id, std::string_view role) const {
    const Entity entity = world.FindEntity(id);
    if (entity.IsNull()) throw CommandError(std::string(role) + " " + ToHex(id) + " does not exist");
    return entity;
  }

  Entity RequireParent(EntityId parent) const { return parent ? Require(parent, "parent entity") : kNullEntity; }

  // A value that could not be saved (a NaN, an infinity, an unnamed enum
  // value, a quaternion that is not a rotation) never enters the world.
  // `whose` names the value's owner for the error, and is only asked then:
  // a drag applies this to every value of every frame.
  template <typename Whose>
  static void RequireStorable(const ComponentValue& value, Whose&& whose) {
    if (value.Empty()) return;
    if (auto problem = CheckComponentValue(value.Info(), value.Data())) throw CommandError(whose() + ": " + *problem);
  }

  std::vector<Command> operator()(const CreateEntityCommand& command) const {
    const Entity parent = RequireParent(command.parent);
    if (!world.IsRegistered<Name>()) throw CommandError("component Name is not registered");
    const Entity entity = world.CreateEntity(command.id);
    world.AddComponent<Name>(entity, Name{command.name});
    if (!parent.IsNull() || command.position != kAppendPosition) world.SetParentAt(entity, parent, command.position);
    return {DestroySubtreeCommand{command.id}};
  }

  std::vector<Command> operator()(const DestroySubtreeCommand& command) const {
    const Entity entity = Require(command.id, "entity");
    RestoreSubtreeCommand restore{SnapshotSubtree(world, entity)};
    world.DestroyEntityAndChildren(entity);
    return {std::move(restore)};
  }

  std::vector<Command> operator()(const RestoreSubtreeCommand& command) const {
    const std::vector<EntityRecord>& records = command.records;
    if (records.empty()) throw CommandError("restore subtree: no entities given");
    IdMap ids;  // the ids restored so far, to their records
    ids.Reserve(records.size());
    for (std::size_t i = 0; i < records.size(); ++i) {
      const EntityRecord& record = records[i];
      if (!record.id) throw CommandError("restore subtree: an entity has id 0000000000000000");
      if (!world.FindEntity(record.id).IsNull()) {
        throw CommandError("restore subtree: " + world.DescribeEntity(world.FindEntity(record.id)) + " already exists");
      }
      if (i != 0 && !ids.Contains(record.parent)) {
        throw CommandError("restore subtree: entity " + ToHex(record.id) + " names parent " + ParentText(record.parent) +
                           ", which is not restored before it");
      }
      if (!ids.Insert(record.id, static_cast<std::uint32_t>(i))) {
        throw CommandError("restore subtree: id " + ToHex(record.id) + " appears twice");
      }
      Signature types;
      for (const ComponentValue& value : record.components) {
        RequireStorable(value, [&record] { return "restore subtree: entity " + ToHex(record.id); });
        const ComponentType type = world.ResolveComponentType(value);
        if (types.Test(type)) {
          throw CommandError("restore subtree: entity " + ToHex(record.id) + " lists component " + value.Name() +
                             " twice");
        }
        types.Set(type);
      }
    }
    const Entity root_parent = RequireParent(records.front().parent);
    // Everything checkable is checked; should a component still refuse to be
    // added, the entities created so far are destroyed again.
    world.ReserveEntities(world.EntityCount() + records.size());
    std::vector<Entity> created;  // by record; a parent is found here, not in the world's id index
    created.reserve(records.size());
    try {
      for (const EntityRecord& record : records) {
        const Entity entity = world.CreateEntity(record.id);
        const Entity parent = created.empty() ? root_parent : created[ids.Find(record.parent)];
        created.push_back(entity);
        world.SetParentAt(entity, parent, record.position);
        for (const ComponentValue& value : record.components) world.AddComponentValue(entity, value);
      }
    } catch (...) {
      // Leaves first, so that each is destroyed alone, placed or not.
      for (auto entity = created.rbegin(); entity != created.rend(); ++entity) {
        if (world.IsAlive(*entity)) world.DestroyEntity(*entity);
      }
      throw;
    }
    return {DestroySubtreeCommand{records.front().id}};
  }

  std::vector<Command> operator()(const AddComponentCommand& command) const {
    const Entity entity = Require(command.id, "entity");
    const ComponentType type = world.ResolveComponentType(command.value);
    RequireStorable(command.value, [&] { return world.DescribeEntity(entity); });
    if (world.HasComponent(entity, type)) {
      throw DuplicateComponentError(world.DescribeEntity(entity) + " already has component " + command.value.Name());
    }
    world.AddComponentValue(entity, command.value);
    return {RemoveComponentCommand{command.id, command.value.Name()}};
  }

  std::vector<Command> operator()(const RemoveComponentCommand& command) const {
    const Entity entity = Require(command.id, "entity");
    const ComponentInfo* info = world.FindComponentInfo(command.component);
    if (info == nullptr) throw UnknownComponentError("no component is named '" + command.component + "'");
    if (!world.HasComponent(entity, info->type)) {
      throw MissingComponentError(world.DescribeEntity(entity) + " has no component " + command.component);
    }
    ComponentValue old = world.ReadComponentValue(entity, info->type);
    world.RemoveComponent(entity, info->type);
    return {AddComponentCommand{command.id, std::move(old)}};
  }

  std::vector<Command> operator()(const SetComponentCommand& command) const {
    const Entity entity = Require(command.id, "entity");
    const ComponentType type = world.ResolveComponentType(command.value);
    RequireStorable(command.value, [&] { return world.DescribeEntity(entity); });
    ComponentValue old = world.ReadComponentValue(entity, type);
    world.SetComponentValue(entity, command.value);
    return {SetComponentCommand{command.id, std::move(old)}};
  }

  // The value was checked when it was made (FieldValue); only where it goes
  // is checked here. The old value is read before the write, so the inverse
  // puts back exactly the elements this command changes.
  std::vector<Command> operator()(const SetFieldCommand& command) const {
    const Entity entity = Require(command.id, "entity");
    const FieldValue& value = command.value;
    const ComponentType type = world.ResolveComponentType(value.Component());
    if (!ElementMaskFits(value.Field().type, command.elements)) {
      throw CommandError("cannot set elements " + std::to_string(command.elements) + " of " + value.Path() +
                         ", a " + std::string(TraitsOf(value.Field().type).name));
    }
    if (type == world.GetComponentType<Hierarchy>()) {
      throw HierarchyError("cannot set Hierarchy of " + world.DescribeEntity(entity) + " directly; use SetParent");
    }
    void* component = world.GetComponentData(entity, type);  // throws naming the entity when it has none
    SetFieldCommand inverse{command.id, FieldValue::Read(value.ComponentPtr(), value.FieldIndex(), component),
                            command.elements};
    value.WriteInto(component, command.elements);
    world.NotifyComponentChanged(entity, type);
    return {std::move(inverse)};
  }

  std::vector<Command> operator()(const SetParentCommand& command) const {
    const Entity entity = Require(command.id, "entity");
    const Entity parent = RequireParent(command.parent);
    const Entity old_parent = world.GetParent(entity);
    const EntityId old_parent_id = old_parent.IsNull() ? kNoEntityId : world.GetEntityId(old_parent);
    const std::uint32_t old_position = world.SiblingIndex(entity);
    std::vector<Command> inverse{SetParentCommand{command.id, old_parent_id, old_position, false}};
    if (command.keep_world_transform && world.IsRegistered<Transform>() && world.HasComponent<Transform>(entity)) {
      inverse.push_back(SetComponentCommand{command.id, world.ReadComponentValue(entity, world.GetComponentType<Transform>())});
    }
    world.SetParentAt(entity, parent, command.position, command.keep_world_transform);
    return inverse;
  }

  std::vector<Command> operator()(const RenameCommand& command) const {
    const Entity entity = Require(command.id, "entity");
    if (!world.IsRegistered<Name>()) throw CommandError("component Name is not registered");
    if (Name* name = world.TryGetComponent<Name>(entity)) {
      std::string old = name->value;
      name->value = command.name;
      world.NotifyComponentChanged<Name>(entity);
      return {RenameCommand{command.id, std::move(old)}};
    }
    world.AddComponent<Name>(entity, Name{command.name});
    return {RemoveComponentCommand{command.id, "Name"}};
  }
};

struct CommandDescriber {
  std::string operator()(const CreateEntityCommand& c) const {
    return "create entity " + ToHex(c.id) + " '" + c.name + "' under " + ParentText(c.parent) + " at " +
           PositionText(c.position);
  }
  std::string operator()(const DestroySubtreeCommand& c) const { return "destroy subtree of " + ToHex(c.id); }
  std::string operator()(const RestoreSubtreeCommand& c) const {
    return "restore " + std::to_string(c.records.size()) + " entities" +
           (c.records.empty() ? std::string() : " under " + ParentText(c.records.front().parent));
  }
  std::string operator()(const AddComponentCommand& c) const {
    return "add component " + c.value.Name() + " to " + ToHex(c.id);
  }
  std::string operator()(const RemoveComponentCommand& c) const {
    return "remove component " + c.component + " from " + ToHex(c.id);
  }
  std::string operator()(const SetComponentCommand& c) const {
    return "set component " + c.value.Name() + " of " + ToHex(c.id);
  }
  std::string operator()(const SetFieldCommand& c) const {
    std::string elements;
    if (c.elements != kAllElements) {
      static constexpr char kNames[] = "xyzw";
      for (std::size_t i = 0; i < kMostFieldFloats; ++i) {
        if ((c.elements & ElementBit(i)) != 0) elements += kNames[i];
      }
      elements = " (" + elements + ")";
    }
    return "set " + c.value.Path() + elements + " of " + ToHex(c.id);
  }
  std::string operator()(const SetParentCommand& c) const {
    return "move " + ToHex(c.id) + " under " + ParentText(c.parent) + " at " + PositionText(c.position);
  }
  std::string operator()(const RenameCommand& c) const { return "rename " + ToHex(c.id) + " to '" + c.name + "'"; }
};

}  // namespace

std::string Describe(const Command& command) { return std::visit(CommandDescriber{}, command); }

std::vector<Command> ApplyCommand(Coordinator& coordinator, const Command& command) {
  return std::visit(CommandApplier{coordinator}, command);
}

Action ApplyAction(Coordinator& coordinator, const Action& action) {
  std::vector<std::vector<Command>> undo;
  undo.reserve(action.commands.size());
  for (std::size_t i = 0; i < action.commands.size(); ++i) {
    try {
      undo.push_back(ApplyCommand(coordinator, action.commands[i]));
    } catch (const std::exception& error) {
      std::string message = "action '" + action.name + "' failed at command " + std::to_string(i + 1) + " of " +
                            std::to_string(action.commands.size()) + " (" + Describe(action.commands[i]) +
                            "): " + error.what();
      try {
        for (auto list = undo.rbegin(); list != undo.rend(); ++list) {
          for (const Command& inverse : *list) ApplyCommand(coordinator, inverse);
        }
      } catch (const std::exception& rollback_error) {
        message += "; rolling back also failed: ";
        message += rollback_error.what();
      }
      throw CommandError(message);
    }
  }
  Action inverse{action.name, {}};
  for (auto list = undo.rbegin(); list != undo.rend(); ++list) {
    for (Command& command : *list) inverse.commands.push_back(std::move(command));
  }
  return inverse;
}

std::vector<EntityRecord> SnapshotSubtree(const Coordinator& coordinator, Entity root) {
  const ComponentType hierarchy = coordinator.GetComponentType<Hierarchy>();
  std::vector<EntityRecord> records;
  coordinator.ForEachInSubtree(root, [&](Entity entity, std::uint32_t position) {
    const Entity parent = coordinator.GetParent(entity);
    EntityRecord record{coordinator.GetEntityId(entity),
                        parent.IsNull() ? kNoEntityId : coordinator.GetEntityId(parent), position, {}};
    // Sized once: one allocation per record, not three as it grows.
    const Signature& signature = coordinator.GetSignature(entity);
    record.components.reserve(signature.Count());
    signature.ForEach([&](ComponentType type) {
      if (type != hierarchy) record.components.push_back(coordinator.ReadComponentValue(entity, type));
    });
    records.push_back(std::move(record));
  });
  return records;
}

}  // namespace cairn::ecs
