#include "cairn/ecs/command_plain.h"

#include "cairn/ecs/coordinator.h"

namespace cairn::ecs {

namespace {

PlainValue IdToPlain(EntityId id) { return id ? PlainValue(ToHex(id)) : PlainValue(nullptr); }

PlainValue PositionToPlain(std::uint32_t position) {
  return position == kAppendPosition ? PlainValue(nullptr) : PlainValue(position);
}

PlainValue ValueToPlain(const ComponentValue& value) {
  return PlainValue(PlainValue::Object{{"component", value.Name()}, {"value", value.ToPlain()}});
}

PlainValue RecordToPlain(const EntityRecord& record) {
  PlainValue::Array components;
  for (const ComponentValue& value : record.components) components.push_back(ValueToPlain(value));
  return PlainValue(PlainValue::Object{{"id", IdToPlain(record.id)},
                                       {"parent", IdToPlain(record.parent)},
                                       {"position", PositionToPlain(record.position)},
                                       {"components", PlainValue(std::move(components))}});
}

struct ToPlainVisitor {
  PlainValue operator()(const CreateEntityCommand& c) const {
    return PlainValue::Object{{"op", "create_entity"}, {"id", IdToPlain(c.id)}, {"name", c.name},
                              {"parent", IdToPlain(c.parent)}, {"position", PositionToPlain(c.position)}};
  }
  PlainValue operator()(const DestroySubtreeCommand& c) const {
    return PlainValue::Object{{"op", "destroy_subtree"}, {"id", IdToPlain(c.id)}};
  }
  PlainValue operator()(const RestoreSubtreeCommand& c) const {
    PlainValue::Array records;
    for (const EntityRecord& record : c.records) records.push_back(RecordToPlain(record));
    return PlainValue::Object{{"op", "restore_subtree"}, {"entities", PlainValue(std::move(records))}};
  }
  PlainValue operator()(const AddComponentCommand& c) const {
    return PlainValue::Object{{"op", "add_component"},
                              {"id", IdToPlain(c.id)},
                              {"component", c.value.Name()},
                              {"value", c.value.ToPlain()}};
  }
  PlainValue operator()(const RemoveComponentCommand& c) const {
    return PlainValue::Object{{"op", "remove_component"}, {"id", IdToPlain(c.id)}, {"component", c.component}};
  }
  PlainValue operator()(const SetComponentCommand& c) const {
    return PlainValue::Object{{"op", "set_component"},
                              {"id", IdToPlain(c.id)},
                              {"component", c.value.Name()},
                              {"value", c.value.ToPlain()}};
  }
  // Only the one field is written: {"op": "set_field", "id": ..., "component":
  // "Transform", "field": "position", "elements": [1], "value": [0, 2.5, 0]};
  // "elements" lists the components set (absent: the whole value).
  PlainValue operator()(const SetFieldCommand& c) const {
    PlainValue::Object object{{"op", "set_field"},
                              {"id", IdToPlain(c.id)},
                              {"component", c.value.ComponentName()},
                              {"field", c.value.Field().name}};
    if (c.elements != kAllElements) {
      PlainValue::Array elements;
      for (std::size_t i = 0; i < kMostFieldFloats; ++i) {
        if ((c.elements & ElementBit(i)) != 0) elements.emplace_back(static_cast<std::int64_t>(i));
      }
      object.emplace_back("elements", PlainValue(std::move(elements)));
    }
    object.emplace_back("value", c.value.ToPlain());
    return object;
  }
  PlainValue operator()(const SetParentCommand& c) const {
    return PlainValue::Object{{"op", "set_parent"},
                              {"id", IdToPlain(c.id)},
                              {"parent", IdToPlain(c.parent)},
                              {"position", PositionToPlain(c.position)},
                              {"keep_world_transform", c.keep_world_transform}};
  }
  PlainValue operator()(const RenameCommand& c) const {
    return PlainValue::Object{{"op", "rename"}, {"id", IdToPlain(c.id)}, {"name", c.name}};
  }
};

// Reads members of one plain object, naming the path in every error.
class Reader {
 public:
  Reader(const PlainValue& plain, std::string path) : plain_(plain), path_(std::move(path)) {
    if (!plain_.IsObject()) Fail("", "expected an object, found " + std::string(plain_.KindName()));
  }

  const PlainValue& Member(std::string_view key) const {
    const PlainValue* member = plain_.Find(key);
    if (member == nullptr) Fail(key, "missing");
    return *member;
  }

  std::string String(std::string_view key) const {
    const PlainValue& member = Member(key);
    if (!member.IsString()) Fail(key, "expected a string, found " + std::string(member.KindName()));
    return member.AsString();
  }

  EntityId Id(std::string_view key, bool nullable) const {
    const PlainValue& member = Member(key);
    if (member.IsNull() && nullable) return kNoEntityId;
    if (member.IsString()) {
      if (auto id = ParseEntityId(member.AsString())) return *id;
    }
    Fail(key, std::string("expected an entity id (16 hex digits)") + (nullable ? " or null" : ""));
  }

  std::uint32_t Position(std::string_view key) const {
    const PlainValue& member = Member(key);
    if (member.IsNull()) return kAppendPosition;
    if (!member.IsInteger() || member.AsInteger() < 0 || member.AsInteger() >= kAppendPosition) {
      Fail(key, "expected a sibling position (a non-negative integer) or null");
    }
    return static_cast<std::uint32_t>(member.AsInteger());
  }

  bool Bool(std::string_view key) const {
    const PlainValue& member = Member(key);
    if (!member.IsBool()) Fail(key, "expected true or false, found " + std::string(member.KindName()));
    return member.AsBool();
  }

  ComponentValue Value(const Coordinator& coordinator) const {
    const std::string name = String("component");
    const ComponentInfo* info = coordinator.FindComponentInfo(name);
    if (info == nullptr) Fail("component", "unknown component '" + name + "'");
    const PlainValue& plain_value = Member("value");
    ComponentValue value(coordinator.GetComponentInfoPtr(info->type));
    try {
      ComponentFromPlain(*info, plain_value, value.Data());
    } catch (const CommandError& error) {
      Fail("value", error.what());
    }
    return value;
  }

  SetFieldCommand Field(const Coordinator& coordinator) const {
    const EntityId id = Id("id", false);
    const std::string name = String("component");
    const ComponentInfo* info = coordinator.FindComponentInfo(name);
    if (info == nullptr) Fail("component", "unknown component '" + name + "'");
    const std::string field_name = String("field");
    const FieldInfo* field = info->FindField(field_name);
    if (field == nullptr) Fail("field", "component " + name + " has no field '" + field_name + "'");
    ElementMask elements = kAllElements;
    if (const PlainValue* listed = plain_.Find("elements")) {
      if (!listed->IsArray() || listed->AsArray().empty()) Fail("elements", "expected an array of component indices");
      elements = 0;
      for (const PlainValue& index : listed->AsArray()) {
        if (!index.IsInteger() || index.AsInteger() < 0 ||
            index.AsInteger() >= static_cast<std::int64_t>(kMostFieldFloats)) {
          Fail("elements", "expected component indices from 0 to " + std::to_string(kMostFieldFloats - 1));
        }
        elements |= ElementBit(static_cast<std::size_t>(index.AsInteger()));
      }
      if (!ElementMaskFits(field->type, elements)) {
        Fail("elements", "a " + std::string(TraitsOf(field->type).name) + " field has no such components");
      }
    }
    const std::size_t index = static_cast<std::size_t>(field - info->fields.data());
    const PlainValue& value = Member("value");
    try {
      return SetFieldCommand{
          id, FieldValue::FromPlain(coordinator.GetComponentInfoPtr(info->type), index, value, name + "." + field_name),
          elements};
    } catch (const CommandError& error) {
      Fail("value", error.what());
    }
  }

  [[noreturn]] void Fail(std::string_view key, const std::string& message) const {
    throw CommandError(path_ + (key.empty() ? "" : "." + std::string(key)) + ": " + message);
  }

  const std::string& Path() const { return path_; }

 private:
  const PlainValue& plain_;
  std::string path_;
};

EntityRecord RecordFromPlain(const PlainValue& plain, const Coordinator& coordinator, const std::string& path) {
  const Reader reader(plain, path);
  EntityRecord record{reader.Id("id", false), reader.Id("parent", true), reader.Position("position"), {}};
  const PlainValue& components = reader.Member("components");
  if (!components.IsArray()) reader.Fail("components", "expected an array");
  for (std::size_t i = 0; i < components.AsArray().size(); ++i) {
    const Reader component(components.AsArray()[i], path + ".components[" + std::to_string(i) + "]");
    record.components.push_back(component.Value(coordinator));
  }
  return record;
}

}  // namespace

PlainValue CommandToPlain(const Command& command) { return std::visit(ToPlainVisitor{}, command); }

PlainValue ActionToPlain(const Action& action) {
  PlainValue::Array commands;
  commands.reserve(action.commands.size());
  for (const Command& command : action.commands) commands.push_back(CommandToPlain(command));
  return PlainValue::Object{{"name", action.name}, {"commands", PlainValue(std::move(commands))}};
}

namespace {

Command CommandFromPlainAt(const PlainValue& plain, const Coordinator& coordinator, const std::string& path) {
  const Reader reader(plain, path);
  const std::string op = reader.String("op");
  if (op == "create_entity") {
    return CreateEntityCommand{reader.Id("id", false), reader.String("name"), reader.Id("parent", true),
                               reader.Position("position")};
  }
  if (op == "destroy_subtree") return DestroySubtreeCommand{reader.Id("id", false)};
  if (op == "restore_subtree") {
    const PlainValue& entities = reader.Member("entities");
    if (!entities.IsArray()) reader.Fail("entities", "expected an array");
    RestoreSubtreeCommand command;
    for (std::size_t i = 0; i < entities.AsArray().size(); ++i) {
      command.records.push_back(
          RecordFromPlain(entities.AsArray()[i], coordinator, path + ".entities[" + std::to_string(i) + "]"));
    }
    return command;
  }
  if (op == "add_component") return AddComponentCommand{reader.Id("id", false), reader.Value(coordinator)};
  if (op == "remove_component") return RemoveComponentCommand{reader.Id("id", false), reader.String("component")};
  if (op == "set_component") return SetComponentCommand{reader.Id("id", false), reader.Value(coordinator)};
  if (op == "set_field") return reader.Field(coordinator);
  if (op == "set_parent") {
    return SetParentCommand{reader.Id("id", false), reader.Id("parent", true), reader.Position("position"),
                            reader.Bool("keep_world_transform")};
  }
  if (op == "rename") return RenameCommand{reader.Id("id", false), reader.String("name")};
  reader.Fail("op", "unknown command '" + op + "'");
}

}  // namespace

Command CommandFromPlain(const PlainValue& plain, const Coordinator& coordinator) {
  return CommandFromPlainAt(plain, coordinator, "command");
}

Action ActionFromPlain(const PlainValue& plain, const Coordinator& coordinator) {
  const Reader reader(plain, "action");
  Action action{reader.String("name"), {}};
  const PlainValue& commands = reader.Member("commands");
  if (!commands.IsArray()) reader.Fail("commands", "expected an array");
  for (std::size_t i = 0; i < commands.AsArray().size(); ++i) {
    action.commands.push_back(
        CommandFromPlainAt(commands.AsArray()[i], coordinator, "action.commands[" + std::to_string(i) + "]"));
  }
  return action;
}

}  // namespace cairn::ecs
