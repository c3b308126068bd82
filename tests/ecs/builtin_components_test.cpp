#include "cairn/ecs/builtin_components.h"

#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "cairn/ecs/coordinator.h"
#include "cairn/ecs/transform_system.h"
#include "ecs_test_support.h"

using namespace cairn::ecs;
using cairn::ecs::test::TestWorld;
using cairn::ecs::test::kWorldSeed;

namespace {

std::vector<std::string> FieldNames(const ComponentInfo& info) {
  std::vector<std::string> names;
  for (const FieldInfo& field : info.fields) names.push_back(field.name);
  return names;
}

std::string DefaultJson(const Coordinator& world, const std::string& name) {
  return ComponentValue(world.GetComponentInfoPtr(world.FindComponentInfo(name)->type)).ToPlain().ToJsonText();
}

}  // namespace

TEST_CASE("RegisterBuiltinComponents registers the built-in components in a fixed order", "[ecs][builtin]") {
  TestWorld world(kWorldSeed);
  RegisterBuiltinComponents(world);
  const std::vector<std::string> expected{"Hierarchy", "Name",   "Transform", "MeshRenderer", "Light",
                                          "Camera",    "Rotator", "Follow",    "Static",       "Player"};
  REQUIRE(world.ComponentTypeCount() == expected.size());
  for (std::size_t type = 0; type < expected.size(); ++type) {
    REQUIRE(world.GetComponentInfo(static_cast<ComponentType>(type)).name == expected[type]);
    REQUIRE(world.GetComponentInfo(static_cast<ComponentType>(type)).type == type);
  }
  REQUIRE(world.GetComponentType<Hierarchy>() == 0);
  REQUIRE(world.GetComponentType<Name>() == 1);
  REQUIRE(world.GetComponentType<Transform>() == 2);
  REQUIRE(world.GetComponentType<MeshRenderer>() == 3);
  REQUIRE(world.GetComponentType<Light>() == 4);
  REQUIRE(world.GetComponentType<Camera>() == 5);
  REQUIRE(world.GetComponentType<Rotator>() == 6);
  REQUIRE(world.GetComponentType<Follow>() == 7);
  REQUIRE(world.GetComponentType<Static>() == 8);
  REQUIRE(world.GetComponentType<Player>() == 9);
}

TEST_CASE("Every Coordinator registers Hierarchy itself", "[ecs][builtin]") {
  TestWorld world(kWorldSeed);
  REQUIRE(world.ComponentTypeCount() == 1);
  REQUIRE(world.IsRegistered<Hierarchy>());
  const ComponentInfo& info = world.GetComponentInfo(world.GetComponentType<Hierarchy>());
  REQUIRE(info.name == "Hierarchy");
  REQUIRE_FALSE(info.ui_accessible);
  REQUIRE_FALSE(info.serialized);
  REQUIRE(info.fields.empty());
}

TEST_CASE("Built-in components are UI-accessible and serialized, except Name and Hierarchy", "[ecs][builtin]") {
  TestWorld world(kWorldSeed);
  RegisterBuiltinComponents(world);
  const ComponentInfo& name = *world.FindComponentInfo("Name");
  REQUIRE_FALSE(name.ui_accessible);
  REQUIRE(name.serialized);
  for (const char* component : {"Transform", "MeshRenderer", "Light", "Camera", "Rotator", "Follow", "Static", "Player"}) {
    INFO(component);
    REQUIRE(world.FindComponentInfo(component)->ui_accessible);
    REQUIRE(world.FindComponentInfo(component)->serialized);
  }
}

TEST_CASE("Built-in components have their reflected fields", "[ecs][builtin]") {
  TestWorld world(kWorldSeed);
  RegisterBuiltinComponents(world);
  using Names = std::vector<std::string>;
  REQUIRE(FieldNames(*world.FindComponentInfo("Name")) == Names{"value"});
  REQUIRE(FieldNames(*world.FindComponentInfo("Transform")) == Names{"position", "rotation", "scale"});
  REQUIRE(FieldNames(*world.FindComponentInfo("MeshRenderer")) == Names{"mesh", "color", "asset"});
  REQUIRE(FieldNames(*world.FindComponentInfo("Light")) == Names{"type", "color", "intensity", "range", "cone_angle"});
  REQUIRE(FieldNames(*world.FindComponentInfo("Camera")) == Names{"fov", "near", "far", "primary"});
  REQUIRE(FieldNames(*world.FindComponentInfo("Rotator")) == Names{"axis", "degrees_per_second"});
  REQUIRE(FieldNames(*world.FindComponentInfo("Follow")) == Names{"target", "offset", "smoothing"});
  REQUIRE(FieldNames(*world.FindComponentInfo("Static")).empty());
  REQUIRE(FieldNames(*world.FindComponentInfo("Player")).empty());
}

TEST_CASE("Built-in component sizes match their C++ types", "[ecs][builtin]") {
  TestWorld world(kWorldSeed);
  RegisterBuiltinComponents(world);
  REQUIRE(world.FindComponentInfo("Name")->size == sizeof(Name));
  REQUIRE(world.FindComponentInfo("Transform")->size == sizeof(Transform));
  REQUIRE(world.FindComponentInfo("Transform")->alignment == alignof(Transform));
  REQUIRE(world.FindComponentInfo("Light")->size == sizeof(Light));
  REQUIRE(world.FindComponentInfo("Follow")->size == sizeof(Follow));
}

TEST_CASE("Built-in components default to sensible values", "[ecs][builtin]") {
  TestWorld world(kWorldSeed);
  RegisterBuiltinComponents(world);
  REQUIRE(DefaultJson(world, "Name") == R"({"value":""})");
  REQUIRE(DefaultJson(world, "Transform") == R"({"position":[0,0,0],"rotation":[0,0,0,1],"scale":[1,1,1]})");
  REQUIRE(DefaultJson(world, "MeshRenderer") ==
          R"({"mesh":"cube","color":[0.800000011920929,0.800000011920929,0.800000011920929,1],"asset":""})");
  REQUIRE(DefaultJson(world, "Light") == R"({"type":"point","color":[1,1,1],"intensity":1,"range":10,"cone_angle":30})");
  REQUIRE(DefaultJson(world, "Camera") == R"({"fov":60,"near":0.10000000149011612,"far":1000,"primary":false})");
  REQUIRE(DefaultJson(world, "Rotator") == R"({"axis":[0,1,0],"degrees_per_second":45})");
  REQUIRE(DefaultJson(world, "Follow") == R"({"target":null,"offset":[0,2,-5],"smoothing":0})");
  REQUIRE(DefaultJson(world, "Static") == "{}");
  REQUIRE(DefaultJson(world, "Player") == "{}");
}

TEST_CASE("RegisterBuiltinComponents registers the TransformSystem over Transform", "[ecs][builtin]") {
  TestWorld world(kWorldSeed);
  RegisterBuiltinComponents(world);
  const auto system = world.GetSystem<TransformSystem>();
  REQUIRE(system != nullptr);
  REQUIRE(system->GetSignature() == world.MakeSignature<Transform>());
  REQUIRE(world.Systems().Count() == 1);
}

TEST_CASE("Registering the built-ins twice in one world is an error", "[ecs][builtin]") {
  TestWorld world(kWorldSeed);
  RegisterBuiltinComponents(world);
  REQUIRE_THROWS_AS(RegisterBuiltinComponents(world), ComponentRegistrationError);
  REQUIRE_THROWS_WITH(RegisterBuiltinComponents(world), "component type Name is already registered as Name");
  REQUIRE(world.ComponentTypeCount() == 10);
}
