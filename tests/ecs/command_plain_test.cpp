#include "cairn/ecs/command_plain.h"

#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "cairn/ecs/world_dump.h"
#include "command_scene.h"
#include "ecs_test_support.h"

using namespace cairn::ecs;
using namespace cairn::ecs::test;

namespace {

// A copy of the object with one member replaced (or appended when absent).
PlainValue With(PlainValue plain, const std::string& key, PlainValue value) {
  for (auto& [name, member] : plain.AsObject()) {
    if (name == key) {
      member = std::move(value);
      return plain;
    }
  }
  plain.Add(key, std::move(value));
  return plain;
}

PlainValue Without(PlainValue plain, const std::string& key) {
  std::erase_if(plain.AsObject(), [&key](const PlainValue::Member& member) { return member.first == key; });
  return plain;
}

SetFieldCommand PositionPatch(const Coordinator& world, EntityId id, glm::vec3 value, ElementMask elements) {
  const ComponentType type = world.GetComponentType<Transform>();
  return SetFieldCommand{id, FieldValue::Checked(world.GetComponentInfoPtr(type), 0, &value), elements};
}

std::vector<Command> EveryKindOfCommand(const Coordinator& world) {
  return {
      CreateEntityCommand{EntityId{0x1234}, "Crate \"big\"", kA, 2},
      CreateEntityCommand{EntityId{0x1235}, "", kNoEntityId, kAppendPosition},
      DestroySubtreeCommand{kB},
      RestoreSubtreeCommand{SnapshotSubtree(world, world.GetEntity(kA))},
      AddComponentCommand{kC, ValueOf(world, Light{LightType::kSpot, {0.1f, 0.2f, 0.3f}, 2.0f, 3.0f, 4.0f})},
      AddComponentCommand{kC, ValueOf(world, Player{})},
      RemoveComponentCommand{kB, "Light"},
      SetComponentCommand{kD, ValueOf(world, Follow{kE, {1, 2, 3}, 0.25f})},
      SetComponentCommand{kD, ValueOf(world, Follow{kNoEntityId, {0, 0, 0}, 0.0f})},
      SetComponentCommand{kA, ValueOf(world, Transform{{1, 2, 3}, glm::quat(0.5f, 0.5f, 0.5f, 0.5f), {1, 2, 3}})},
      PositionPatch(world, kA, {0, 2.5f, 0}, ElementBit(1)),
      PositionPatch(world, kA, {1, 2, 3}, kAllElements),
      SetParentCommand{kC, kE, 0, false},
      SetParentCommand{kC, kNoEntityId, kAppendPosition, true},
      RenameCommand{kA, "Alpha"},
  };
}

}  // namespace

TEST_CASE("Commands are written as plain objects with an op", "[ecs][command_plain]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  REQUIRE(CommandToPlain(RenameCommand{kA, "Crate"}).ToJsonText() ==
          R"({"op":"rename","id":"00000000000000a1","name":"Crate"})");
  REQUIRE(CommandToPlain(CreateEntityCommand{kA, "Crate", kNoEntityId, kAppendPosition}).ToJsonText() ==
          R"({"op":"create_entity","id":"00000000000000a1","name":"Crate","parent":null,"position":null})");
  REQUIRE(CommandToPlain(DestroySubtreeCommand{kB}).ToJsonText() == R"({"op":"destroy_subtree","id":"00000000000000b2"})");
  REQUIRE(CommandToPlain(SetParentCommand{kC, kE, 3, true}).ToJsonText() ==
          R"({"op":"set_parent","id":"00000000000000c3","parent":"00000000000000e5","position":3,"keep_world_transform":true})");
  REQUIRE(CommandToPlain(AddComponentCommand{kC, ValueOf(world, Camera{90.0f, 1.0f, 50.0f, true})}).ToJsonText() ==
          R"({"op":"add_component","id":"00000000000000c3","component":"Camera","value":{"fov":90,"near":1,"far":50,"primary":true}})");
  REQUIRE(CommandToPlain(SetComponentCommand{kC, ValueOf(world, Static{})}).ToJsonText() ==
          R"({"op":"set_component","id":"00000000000000c3","component":"Static","value":{}})");
  // A field edit carries the one field, and the components it sets.
  REQUIRE(CommandToPlain(PositionPatch(world, kA, {0, 2.5f, 0}, ElementBit(1))).ToJsonText() ==
          R"({"op":"set_field","id":"00000000000000a1","component":"Transform","field":"position","elements":[1],"value":[0,2.5,0]})");
  REQUIRE(CommandToPlain(PositionPatch(world, kA, {1, 2, 3}, kAllElements)).ToJsonText() ==
          R"({"op":"set_field","id":"00000000000000a1","component":"Transform","field":"position","value":[1,2,3]})");
  REQUIRE(CommandToPlain(RemoveComponentCommand{kB, "Light"}).ToJsonText() ==
          R"({"op":"remove_component","id":"00000000000000b2","component":"Light"})");
  REQUIRE(CommandToPlain(RestoreSubtreeCommand{SnapshotSubtree(world, world.GetEntity(kC))}).ToJsonText() ==
          R"({"op":"restore_subtree","entities":[{"id":"00000000000000c3","parent":"00000000000000a1","position":1,)"
          R"("components":[{"component":"Name","value":{"value":"C"}},{"component":"Static","value":{}}]}]})");
}

TEST_CASE("Every command survives ToPlain, FromPlain, ToPlain", "[ecs][command_plain]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  for (const Command& command : EveryKindOfCommand(world)) {
    INFO(Describe(command));
    const PlainValue plain = CommandToPlain(command);
    const Command decoded = CommandFromPlain(plain, world);
    REQUIRE(decoded.index() == command.index());
    REQUIRE(Describe(decoded) == Describe(command));
    REQUIRE(CommandToPlain(decoded) == plain);
  }
}

TEST_CASE("Decoded component values equal the originals", "[ecs][command_plain]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  const ComponentValue follow = ValueOf(world, Follow{kE, {1, 2, 3}, 0.25f});
  const Command decoded = CommandFromPlain(CommandToPlain(SetComponentCommand{kD, follow}), world);
  REQUIRE(std::get<SetComponentCommand>(decoded).value == follow);
  REQUIRE(std::get<SetComponentCommand>(decoded).id == kD);

  const RestoreSubtreeCommand restore{SnapshotSubtree(world, world.GetEntity(kA))};
  const Command decoded_restore = CommandFromPlain(CommandToPlain(restore), world);
  REQUIRE(std::get<RestoreSubtreeCommand>(decoded_restore).records == restore.records);

  const auto parent = std::get<SetParentCommand>(
      CommandFromPlain(CommandToPlain(SetParentCommand{kC, kNoEntityId, kAppendPosition, true}), world));
  REQUIRE(parent.parent == kNoEntityId);
  REQUIRE(parent.position == kAppendPosition);
  REQUIRE(parent.keep_world_transform);
}

TEST_CASE("A field edit that cannot be read names what is wrong", "[ecs][command_plain]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  const PlainValue plain = CommandToPlain(PositionPatch(world, kA, {0, 2.5f, 0}, ElementBit(1)));
  REQUIRE_THROWS_WITH(CommandFromPlain(With(plain, "field", PlainValue("height")), world),
                      "command.field: component Transform has no field 'height'");
  REQUIRE_THROWS_WITH(CommandFromPlain(With(plain, "elements", PlainValue(PlainValue::Array{PlainValue(3)})), world),
                      "command.elements: a vec3 field has no such components");
  REQUIRE_THROWS_WITH(CommandFromPlain(With(plain, "value", PlainValue(PlainValue::Array{PlainValue(1)})), world),
                      "command.value: Transform.position: expected an array of 3 numbers, found an array of 1 element");
  REQUIRE_THROWS_WITH(CommandFromPlain(Without(plain, "value"), world), "command.value: missing");
}

TEST_CASE("Actions survive ToPlain, FromPlain, ToPlain", "[ecs][command_plain]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  const Action action{"Rename 'Crate'", EveryKindOfCommand(world)};
  const PlainValue plain = ActionToPlain(action);
  REQUIRE(plain.Find("name")->AsString() == "Rename 'Crate'");
  REQUIRE(plain.Find("commands")->AsArray().size() == action.commands.size());
  const Action decoded = ActionFromPlain(plain, world);
  REQUIRE(decoded.name == action.name);
  REQUIRE(decoded.commands.size() == action.commands.size());
  REQUIRE(ActionToPlain(decoded) == plain);
  REQUIRE(ActionToPlain(Action{"Empty", {}}).ToJsonText() == R"({"name":"Empty","commands":[]})");
  REQUIRE(ActionFromPlain(ActionToPlain(Action{"Empty", {}}), world).commands.empty());
}

TEST_CASE("A decoded action applies like the original", "[ecs][command_plain]") {
  TestWorld original(kWorldSeed);
  TestWorld replica(kWorldSeed);
  BuildCommandScene(original);
  BuildCommandScene(replica);
  const Action action{"Edit",
                      {CreateEntityCommand{EntityId{0x1}, "New", kB, 0},
                       AddComponentCommand{EntityId{0x1}, ValueOf(original, Rotator{{1, 0, 0}, 90.0f})},
                       SetParentCommand{kC, EntityId{0x1}, kAppendPosition, true},
                       DestroySubtreeCommand{kE}}};
  ApplyAction(original, action);
  ApplyAction(replica, ActionFromPlain(ActionToPlain(action), replica));
  REQUIRE(DumpWorld(replica) == DumpWorld(original));
}

TEST_CASE("Decoding errors name the path to the offending part", "[ecs][command_plain]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  const auto decode = [&world](const PlainValue& plain) { return CommandFromPlain(plain, world); };
  const PlainValue rename = CommandToPlain(RenameCommand{kA, "x"});
  const PlainValue create = CommandToPlain(CreateEntityCommand{kA, "x", kB, 0});
  const PlainValue move = CommandToPlain(SetParentCommand{kC, kE, 0, false});
  const PlainValue add = CommandToPlain(AddComponentCommand{kC, ValueOf(world, Light{})});

  REQUIRE_THROWS_AS(decode(PlainValue::MakeArray()), CommandError);
  REQUIRE_THROWS_WITH(decode(PlainValue::MakeArray()), "command: expected an object, found array");
  REQUIRE_THROWS_WITH(decode(Without(rename, "op")), "command.op: missing");
  REQUIRE_THROWS_WITH(decode(With(rename, "op", 3)), "command.op: expected a string, found integer");
  REQUIRE_THROWS_WITH(decode(With(rename, "op", "explode")), "command.op: unknown command 'explode'");
  REQUIRE_THROWS_WITH(decode(With(rename, "id", "xyz")), "command.id: expected an entity id (16 hex digits)");
  REQUIRE_THROWS_WITH(decode(With(rename, "id", nullptr)), "command.id: expected an entity id (16 hex digits)");
  REQUIRE_THROWS_WITH(decode(With(rename, "id", "0000000000000000")), "command.id: expected an entity id (16 hex digits)");
  REQUIRE_THROWS_WITH(decode(Without(rename, "name")), "command.name: missing");
  REQUIRE_THROWS_WITH(decode(With(create, "parent", 5)), "command.parent: expected an entity id (16 hex digits) or null");
  REQUIRE_THROWS_WITH(decode(With(create, "position", -1)),
                      "command.position: expected a sibling position (a non-negative integer) or null");
  REQUIRE_THROWS_WITH(decode(With(create, "position", 1.5)),
                      "command.position: expected a sibling position (a non-negative integer) or null");
  REQUIRE_THROWS_WITH(decode(With(create, "position", std::int64_t{4294967295})),
                      "command.position: expected a sibling position (a non-negative integer) or null");
  REQUIRE_THROWS_WITH(decode(With(move, "keep_world_transform", "yes")),
                      "command.keep_world_transform: expected true or false, found string");
  REQUIRE_THROWS_WITH(decode(With(add, "component", "Laser")), "command.component: unknown component 'Laser'");
  REQUIRE_THROWS_WITH(decode(With(add, "value", PlainValue::MakeArray())),
                      "command.value: Light: expected an object of fields, found an array of 0 elements");
  REQUIRE_THROWS_WITH(decode(With(add, "value", PlainValue(PlainValue::Object{{"type", "laser"}}))),
                      "command.value: Light.type: expected one of \"directional\", \"point\", \"spot\", found \"laser\"");
  REQUIRE_THROWS_WITH(decode(With(add, "value", PlainValue(PlainValue::Object{{"glow", 1}}))),
                      "command.value: Light: unknown field 'glow'");
}

TEST_CASE("Decoding errors inside a restore name the entity and component", "[ecs][command_plain]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  const auto decode = [&world](const PlainValue& plain) { return CommandFromPlain(plain, world); };
  const PlainValue restore = CommandToPlain(RestoreSubtreeCommand{SnapshotSubtree(world, world.GetEntity(kB))});
  const PlainValue& records = *restore.Find("entities");
  const PlainValue& second = records.AsArray()[1];
  const auto with_second = [&](PlainValue replacement) {
    PlainValue::Array entities = records.AsArray();
    entities[1] = std::move(replacement);
    return With(restore, "entities", PlainValue(std::move(entities)));
  };
  const PlainValue& first_component = second.Find("components")->AsArray()[0];

  REQUIRE_THROWS_WITH(decode(With(restore, "entities", 1)), "command.entities: expected an array");
  REQUIRE_THROWS_WITH(decode(with_second(5)), "command.entities[1]: expected an object, found integer");
  REQUIRE_THROWS_WITH(decode(with_second(With(second, "id", "nope"))),
                      "command.entities[1].id: expected an entity id (16 hex digits)");
  REQUIRE_THROWS_WITH(decode(with_second(With(second, "parent", true))),
                      "command.entities[1].parent: expected an entity id (16 hex digits) or null");
  REQUIRE_THROWS_WITH(decode(with_second(With(second, "position", "first"))),
                      "command.entities[1].position: expected a sibling position (a non-negative integer) or null");
  REQUIRE_THROWS_WITH(decode(with_second(With(second, "components", PlainValue::MakeObject()))),
                      "command.entities[1].components: expected an array");
  REQUIRE_THROWS_WITH(decode(with_second(With(second, "components",
                                              PlainValue(PlainValue::Array{first_component,
                                                                           With(first_component, "component", "Laser")})))),
                      "command.entities[1].components[1].component: unknown component 'Laser'");
  REQUIRE_THROWS_WITH(
      decode(with_second(With(second, "components",
                              PlainValue(PlainValue::Array{With(first_component, "value",
                                                                PlainValue(PlainValue::Object{{"value", 7}}))})))),
      "command.entities[1].components[0].value: Name.value: expected a string, found 7");
}

TEST_CASE("Action decoding errors name the command's index", "[ecs][command_plain]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  const PlainValue action = ActionToPlain(Action{"Edit", {RenameCommand{kA, "x"}, RenameCommand{kB, "y"}}});
  PlainValue::Array commands = action.Find("commands")->AsArray();
  commands[1] = With(commands[1], "op", "x");
  REQUIRE_THROWS_AS(ActionFromPlain(With(action, "commands", PlainValue(commands)), world), CommandError);
  REQUIRE_THROWS_WITH(ActionFromPlain(With(action, "commands", PlainValue(commands)), world),
                      "action.commands[1].op: unknown command 'x'");
  REQUIRE_THROWS_WITH(ActionFromPlain(PlainValue("Edit"), world), "action: expected an object, found string");
  REQUIRE_THROWS_WITH(ActionFromPlain(Without(action, "name"), world), "action.name: missing");
  REQUIRE_THROWS_WITH(ActionFromPlain(With(action, "commands", PlainValue::MakeObject()), world),
                      "action.commands: expected an array");
  REQUIRE_THROWS_WITH(ActionFromPlain(Without(action, "commands"), world), "action.commands: missing");
}

// A missing "value" should be reported once, like every other missing member.
TEST_CASE("A component command without a value names the path once", "[ecs][command_plain]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  const PlainValue add = CommandToPlain(AddComponentCommand{kC, ValueOf(world, Light{})});
  REQUIRE_THROWS_WITH(CommandFromPlain(Without(add, "value"), world), "command.value: missing");
}
