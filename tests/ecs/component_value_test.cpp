#include "cairn/ecs/component_value.h"

#include <memory>
#include <utility>

#include <catch2/catch.hpp>

#include "cairn/ecs/builtin_components.h"
#include "cairn/ecs/coordinator.h"
#include "ecs_test_support.h"

using namespace cairn::ecs;
using cairn::ecs::test::TestWorld;

namespace {

std::shared_ptr<const ComponentInfo> InfoPtr(const Coordinator& world, const std::string& name) {
  return world.GetComponentInfoPtr(world.FindComponentInfo(name)->type);
}

}  // namespace

TEST_CASE("A default ComponentValue is empty", "[ecs][component_value]") {
  const ComponentValue value;
  REQUIRE(value.Empty());
  REQUIRE(value.Data() == nullptr);
  REQUIRE(value == ComponentValue());
}

TEST_CASE("A ComponentValue made from an info holds a default component", "[ecs][component_value]") {
  TestWorld world(1);
  RegisterBuiltinComponents(world);
  const ComponentValue value(InfoPtr(world, "Light"));
  REQUIRE_FALSE(value.Empty());
  REQUIRE(value.Name() == "Light");
  REQUIRE(&value.Info() == world.FindComponentInfo("Light"));
  REQUIRE(value.InfoPtr() == InfoPtr(world, "Light"));
  REQUIRE(value.As<Light>() == Light{});
}

TEST_CASE("From copies a typed component", "[ecs][component_value]") {
  TestWorld world(1);
  RegisterBuiltinComponents(world);
  const Name name{"a name long enough to be allocated on the heap by std::string"};
  const ComponentValue value = ComponentValue::From(InfoPtr(world, "Name"), name);
  REQUIRE(value.As<Name>() == name);
  REQUIRE(value.Data() != &name);
}

TEST_CASE("Copies are deep and independent", "[ecs][component_value]") {
  TestWorld world(1);
  RegisterBuiltinComponents(world);
  ComponentValue original = ComponentValue::From(InfoPtr(world, "Name"), Name{"first value, long enough for heap storage"});
  ComponentValue copy(original);
  REQUIRE(copy == original);
  REQUIRE(copy.Data() != original.Data());
  copy.As<Name>().value = "changed";
  REQUIRE(original.As<Name>().value == "first value, long enough for heap storage");
  REQUIRE_FALSE(copy == original);

  ComponentValue assigned(InfoPtr(world, "Light"));
  assigned = original;
  REQUIRE(assigned == original);
  REQUIRE(assigned.Name() == "Name");
  const ComponentValue& same = assigned;
  assigned = same;
  REQUIRE(assigned == original);

  ComponentValue from_empty(InfoPtr(world, "Camera"));
  from_empty = ComponentValue();
  REQUIRE(from_empty.Empty());
}

TEST_CASE("Moves transfer the component and leave the source empty", "[ecs][component_value]") {
  TestWorld world(1);
  RegisterBuiltinComponents(world);
  ComponentValue source = ComponentValue::From(InfoPtr(world, "Camera"), Camera{90.0f, 1.0f, 2.0f, true});
  const void* data = source.Data();
  ComponentValue moved(std::move(source));
  REQUIRE(moved.Data() == data);
  REQUIRE(source.Empty());  // the moved-from state is part of the contract
  REQUIRE(moved.As<Camera>().primary);

  ComponentValue target(InfoPtr(world, "Light"));
  target = std::move(moved);
  REQUIRE(target.Name() == "Camera");
  REQUIRE(target.Data() == data);
  REQUIRE(moved.Empty());
}

TEST_CASE("Equality compares the type and the value", "[ecs][component_value]") {
  TestWorld world(1);
  RegisterBuiltinComponents(world);
  const ComponentValue static_tag(InfoPtr(world, "Static"));
  const ComponentValue player_tag(InfoPtr(world, "Player"));
  REQUIRE_FALSE(static_tag == player_tag);  // both have no fields, but they are different components
  REQUIRE(static_tag == ComponentValue(InfoPtr(world, "Static")));
  REQUIRE_FALSE(static_tag == ComponentValue());
  REQUIRE_FALSE(ComponentValue() == static_tag);

  const ComponentValue near = ComponentValue::From(InfoPtr(world, "Camera"), Camera{60.0f, 0.1f, 1000.0f, false});
  const ComponentValue far = ComponentValue::From(InfoPtr(world, "Camera"), Camera{60.0f, 0.1f, 2000.0f, false});
  REQUIRE_FALSE(near == far);
}

TEST_CASE("Values from two worlds with the same registration compare equal", "[ecs][component_value]") {
  TestWorld first(1);
  TestWorld second(2);
  RegisterBuiltinComponents(first);
  RegisterBuiltinComponents(second);
  const ComponentValue a = ComponentValue::From(InfoPtr(first, "Rotator"), Rotator{{0, 0, 1}, 10.0f});
  const ComponentValue b = ComponentValue::From(InfoPtr(second, "Rotator"), Rotator{{0, 0, 1}, 10.0f});
  REQUIRE(a == b);
}

TEST_CASE("A ComponentValue outlives the world that made it", "[ecs][component_value]") {
  ComponentValue value;
  {
    auto world = std::make_unique<TestWorld>(1);
    RegisterBuiltinComponents(*world);
    const Entity entity = world->CreateEntity();
    world->AddComponent<Name>(entity, Name{"Survivor with a long name that lives on the heap"});
    value = world->ReadComponentValue(entity, world->GetComponentType<Name>());
  }
  REQUIRE(value.Name() == "Name");
  REQUIRE(value.As<Name>().value == "Survivor with a long name that lives on the heap");
  REQUIRE(value.ToPlain() == PlainValue(PlainValue::Object{{"value", "Survivor with a long name that lives on the heap"}}));
  const ComponentValue copy = value;
  REQUIRE(copy == value);
}

TEST_CASE("ToPlain describes the value by its reflected fields", "[ecs][component_value]") {
  TestWorld world(1);
  RegisterBuiltinComponents(world);
  const ComponentValue value =
      ComponentValue::From(InfoPtr(world, "MeshRenderer"), MeshRenderer{MeshShape::kSphere, {1.0f, 0.5f, 0.25f, 1.0f}, {}});
  REQUIRE(value.ToPlain().ToJsonText() == R"({"mesh":"sphere","color":[1,0.5,0.25,1],"asset":""})");
}
