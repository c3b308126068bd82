#include "cairn/ecs/runtime_component.h"

#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "cairn/ecs/builtin_components.h"
#include "cairn/ecs/command.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/ecs/field_codec.h"
#include "cairn/ecs/system.h"
#include "ecs_test_support.h"

using namespace cairn::ecs;
using cairn::ecs::test::TestWorld;

namespace {

// A game's door: one field of most types, each with a default.
RuntimeComponentDefinition DoorDefinition() {
  RuntimeComponentDefinition door;
  door.name = "Door";
  door.fields = {
      {"open", FieldType::kBool, {}, {}, PlainValue(true)},
      {"speed", FieldType::kFloat, FieldHints{.min = 0.0f, .max = 10.0f}, {}, PlainValue(2.5)},
      {"uses", FieldType::kInt, {}, {}, PlainValue(3)},
      {"label", FieldType::kString, {}, {}, PlainValue("Front door")},
      {"kind", FieldType::kEnum, {}, {"hinged", "sliding"}, PlainValue("sliding")},
      {"target", FieldType::kEntityRef, {}, {}, PlainValue()},
      {"tint", FieldType::kVec4, FieldHints{.color = true}, {}, PlainValue(PlainValue::Array{1.0, 0.5, 0.25, 1.0})},
      {"turn", FieldType::kQuat, {}, {}, PlainValue()},
  };
  return door;
}

struct DoorWorld : TestWorld {
  DoorWorld() : TestWorld(1) {
    RegisterBuiltinComponents(*this);
    door = RegisterRuntimeComponent(DoorDefinition()).type;
  }
  const ComponentInfo& Info() const { return GetComponentInfo(door); }
  PlainValue Field(Entity entity, const std::string& name) const {
    return FieldToPlain(*Info().FindField(name), GetComponentData(entity, door));
  }
  ComponentType door = 0;
};

class DoorSystem : public System {};

}  // namespace

TEST_CASE("[RuntimeComponent] A defined type is added by name with its defaults", "[ecs][runtime_component]") {
  DoorWorld world;
  const Entity entity = world.CreateEntity();
  REQUIRE(world.AddComponentFromName(entity, "Door") == world.door);
  REQUIRE(world.HasComponent(entity, world.door));
  REQUIRE(world.Field(entity, "open") == PlainValue(true));
  REQUIRE(world.Field(entity, "speed") == PlainValue(2.5f));
  REQUIRE(world.Field(entity, "uses") == PlainValue(3));
  REQUIRE(world.Field(entity, "label") == PlainValue("Front door"));
  REQUIRE(world.Field(entity, "kind") == PlainValue("sliding"));
  REQUIRE(world.Field(entity, "target") == PlainValue(nullptr));
  REQUIRE(world.Field(entity, "turn") == PlainValue(PlainValue::Array{0.0f, 0.0f, 0.0f, 1.0f}));
  const std::vector<std::string> names = world.UiAccessibleComponentNames();
  REQUIRE(std::find(names.begin(), names.end(), "Door") != names.end());
}

TEST_CASE("[RuntimeComponent] Fields are laid out in place at their alignment", "[ecs][runtime_component]") {
  DoorWorld world;
  const ComponentInfo& info = world.Info();
  REQUIRE(info.IsRuntimeDefined());
  for (const FieldInfo& field : info.fields) {
    INFO(field.name);
    REQUIRE(field.offset % FieldAlignment(field.type) == 0);
    REQUIRE(field.offset + FieldSize(field.type) <= info.size);
  }
  REQUIRE(info.FindField("speed")->offset == 4);  // after a one-byte bool, at a float's alignment
  REQUIRE(info.size % info.alignment == 0);
}

TEST_CASE("[RuntimeComponent] Values survive many adds and swap-and-pop removals", "[ecs][runtime_component]") {
  DoorWorld world;
  std::vector<Entity> entities;
  for (int i = 0; i < 200; ++i) {
    const Entity entity = world.CreateEntity();
    ComponentValue value(world.GetComponentInfoPtr(world.door));
    FieldFromPlain(*world.Info().FindField("label"), PlainValue("door number " + std::to_string(i) +
                                                                " with a name too long for a small string"),
                   value.Data(), "Door.label");
    world.AddComponentValue(entity, value);
    entities.push_back(entity);
  }
  for (int i = 0; i < 200; i += 3) world.RemoveComponent(entities[static_cast<std::size_t>(i)], world.door);
  for (int i = 0; i < 200; ++i) {
    const Entity entity = entities[static_cast<std::size_t>(i)];
    INFO(i);
    REQUIRE(world.HasComponent(entity, world.door) == (i % 3 != 0));
    if (i % 3 != 0) {
      REQUIRE(world.Field(entity, "label") ==
              PlainValue("door number " + std::to_string(i) + " with a name too long for a small string"));
    }
  }
}

TEST_CASE("[RuntimeComponent] EachComponentData visits every component once, with its owner, after removals",
          "[ecs][runtime_component]") {
  DoorWorld world;
  std::vector<Entity> entities;
  for (int i = 0; i < 100; ++i) {
    const Entity entity = world.CreateEntity();
    ComponentValue value(world.GetComponentInfoPtr(world.door));
    FieldFromPlain(*world.Info().FindField("uses"), PlainValue(i), value.Data(), "Door.uses");
    world.AddComponentValue(entity, value);
    entities.push_back(entity);
  }
  for (int i = 0; i < 100; i += 4) world.RemoveComponent(entities[static_cast<std::size_t>(i)], world.door);
  const FieldInfo& uses = *world.Info().FindField("uses");
  std::vector<int> seen;
  world.EachComponentData(world.door, [&](Entity entity, void* door) {
    // The component handed over is the entity's own.
    REQUIRE(door == world.GetComponentData(entity, world.door));
    seen.push_back(uses.Ref<std::int32_t>(door));
  });
  std::sort(seen.begin(), seen.end());
  std::vector<int> expected;
  for (int i = 0; i < 100; ++i) {
    if (i % 4 != 0) expected.push_back(i);
  }
  REQUIRE(seen == expected);
  // A C++ type is visited the same way.
  const Entity named = world.CreateEntity();
  world.AddComponent(named, Name{"x"});
  int names = 0;
  world.EachComponentData(world.GetComponentType<Name>(), [&](Entity entity, void* name) {
    REQUIRE(entity == named);
    REQUIRE(static_cast<Name*>(name)->value == "x");
    ++names;
  });
  REQUIRE(names == 1);
}

TEST_CASE("[RuntimeComponent] Commands set, add, remove and undo a defined type", "[ecs][runtime_component]") {
  DoorWorld world;
  const Entity entity = world.CreateEntity(EntityId{0x21});
  world.AddComponentFromName(entity, "Door");
  ComponentValue changed = world.ReadComponentValue(entity, world.door);
  ComponentFromPlain(world.Info(), PlainValue(PlainValue::Object{{"kind", "hinged"}, {"target", "0000000000000021"}}),
                     changed.Data());
  const Action inverse = ApplyAction(world, Action{"Change Door", {SetComponentCommand{EntityId{0x21}, changed}}});
  REQUIRE(world.Field(entity, "kind") == PlainValue("hinged"));
  REQUIRE(world.Field(entity, "target") == PlainValue("0000000000000021"));
  ApplyAction(world, inverse);
  REQUIRE(world.Field(entity, "kind") == PlainValue("sliding"));

  const Action removed = ApplyAction(world, Action{"Remove Door", {RemoveComponentCommand{EntityId{0x21}, "Door"}}});
  REQUIRE_FALSE(world.HasComponent(entity, world.door));
  ApplyAction(world, removed);
  REQUIRE(world.Field(entity, "label") == PlainValue("Front door"));
}

TEST_CASE("[RuntimeComponent] Adding and removing publishes events and updates systems", "[ecs][runtime_component]") {
  DoorWorld world;
  std::vector<ComponentType> added;
  world.Events().Subscribe<ComponentAdded>([&](const ComponentAdded& event) { added.push_back(event.type); });
  auto system = world.RegisterSystem<DoorSystem>();
  Signature signature;
  signature.Set(world.door);
  world.SetSystemSignature<DoorSystem>(signature);

  const Entity entity = world.CreateEntity();
  world.AddComponentFromName(entity, "Door");
  REQUIRE(added == std::vector<ComponentType>{world.door});
  REQUIRE(system->Entities().Contains(entity));
  world.RemoveComponent(entity, world.door);
  REQUIRE_FALSE(system->Entities().Contains(entity));
}

TEST_CASE("[RuntimeComponent] Worlds with the same definition exchange values, a changed one does not",
          "[ecs][runtime_component]") {
  DoorWorld first;
  DoorWorld second;
  const Entity source = first.CreateEntity();
  first.AddComponentFromName(source, "Door");
  const ComponentValue value = first.ReadComponentValue(source, first.door);
  const Entity target = second.CreateEntity();
  second.AddComponentValue(target, value);
  REQUIRE(second.Field(target, "label") == PlainValue("Front door"));

  TestWorld changed(1);
  RuntimeComponentDefinition renamed = DoorDefinition();
  renamed.fields[1].name = "velocity";
  changed.RegisterRuntimeComponent(renamed);
  const Entity other = changed.CreateEntity();
  REQUIRE_THROWS_WITH(changed.AddComponentValue(other, value), "component Door is not registered in this world");
}

TEST_CASE("[RuntimeComponent] Bad definitions are refused naming the component and field", "[ecs][runtime_component]") {
  TestWorld world(1);
  RegisterBuiltinComponents(world);
  RuntimeComponentDefinition twice = DoorDefinition();
  twice.fields[1].name = "open";
  REQUIRE_THROWS_WITH(world.RegisterRuntimeComponent(twice),
                      "cannot register component Door: open: two fields have this name");

  RuntimeComponentDefinition no_names = DoorDefinition();
  no_names.fields[4].enum_names.clear();
  no_names.fields[4].default_value = PlainValue();
  REQUIRE_THROWS_WITH(world.RegisterRuntimeComponent(no_names),
                      "cannot register component Door: kind: an enum needs at least one name");

  RuntimeComponentDefinition bad_default = DoorDefinition();
  bad_default.fields[4].default_value = PlainValue("revolving");
  REQUIRE_THROWS_WITH(world.RegisterRuntimeComponent(bad_default),
                      "cannot register component Door: Door.kind default: expected one of \"hinged\", \"sliding\", "
                      "found \"revolving\"");

  RuntimeComponentDefinition clash = DoorDefinition();
  clash.name = "Transform";
  REQUIRE_THROWS_WITH(world.RegisterRuntimeComponent(clash), "a component named Transform is already registered");
  REQUIRE(world.FindComponentInfo("Door") == nullptr);
}
