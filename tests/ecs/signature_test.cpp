#include "cairn/ecs/signature.h"

#include <cstddef>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "cairn/ecs/coordinator.h"
#include "cairn/ecs/runtime_component.h"

using cairn::ecs::ComponentRegistrationError;
using cairn::ecs::ComponentType;
using cairn::ecs::Coordinator;
using cairn::ecs::Entity;
using cairn::ecs::FieldType;
using cairn::ecs::kMaxComponentTypes;
using cairn::ecs::PlainValue;
using cairn::ecs::RuntimeComponentDefinition;
using cairn::ecs::Signature;

namespace {

template <int N>
struct Tag {
  int value = N;
  friend bool operator==(const Tag&, const Tag&) = default;
};

// Registers runtime-defined types (one int field each) until the world has
// `count` types: fillers that put the next C++ type at a chosen bit without
// instantiating the whole component machinery for 128 C++ types.
void RegisterFillersUpTo(Coordinator& world, std::size_t count) {
  while (world.ComponentTypeCount() < count) {
    RuntimeComponentDefinition filler;
    filler.name = "Filler" + std::to_string(world.ComponentTypeCount());
    filler.fields = {{"value", FieldType::kInt, {}, {}, PlainValue(0)}};
    world.RegisterRuntimeComponent(filler);
  }
}

std::vector<ComponentType> SetBits(const Signature& signature) {
  std::vector<ComponentType> bits;
  signature.ForEach([&bits](ComponentType type) { bits.push_back(type); });
  return bits;
}

}  // namespace

TEST_CASE("A signature holds at least 64 component types", "[ecs][signature]") {
  STATIC_REQUIRE(kMaxComponentTypes >= 64);
  STATIC_REQUIRE(kMaxComponentTypes == 128);
}

TEST_CASE("A new signature has no bits set", "[ecs][signature]") {
  const Signature signature;
  REQUIRE(signature.None());
  REQUIRE(signature.Count() == 0);
  REQUIRE(SetBits(signature).empty());
}

TEST_CASE("Set, Test and Reset work on every bit, both words", "[ecs][signature]") {
  for (int bit = 0; bit < static_cast<int>(kMaxComponentTypes); ++bit) {
    Signature signature;
    const auto type = static_cast<ComponentType>(bit);
    signature.Set(type);
    REQUIRE(signature.Test(type));
    REQUIRE(signature.Count() == 1);
    REQUIRE(SetBits(signature) == std::vector<ComponentType>{type});
    signature.Reset(type);
    REQUIRE(signature.None());
  }
}

TEST_CASE("ForEach visits set bits in increasing order", "[ecs][signature]") {
  Signature signature;
  for (ComponentType type : {127, 0, 64, 63, 5, 100}) signature.Set(type);
  REQUIRE(SetBits(signature) == std::vector<ComponentType>{0, 5, 63, 64, 100, 127});
  REQUIRE(signature.Count() == 6);
}

TEST_CASE("Contains is true when every required bit is set", "[ecs][signature]") {
  Signature entity;
  entity.Set(1);
  entity.Set(70);
  entity.Set(127);
  Signature required;
  REQUIRE(entity.Contains(required));  // nothing required
  required.Set(70);
  REQUIRE(entity.Contains(required));
  required.Set(1);
  required.Set(127);
  REQUIRE(entity.Contains(required));
  required.Set(2);
  REQUIRE_FALSE(entity.Contains(required));
  Signature high_only;
  high_only.Set(65);
  REQUIRE_FALSE(entity.Contains(high_only));
  REQUIRE(high_only.Contains(Signature{}));
}

TEST_CASE("Clear and equality", "[ecs][signature]") {
  Signature a;
  Signature b;
  a.Set(3);
  a.Set(99);
  b.Set(99);
  REQUIRE(a != b);
  b.Set(3);
  REQUIRE(a == b);
  a.Clear();
  REQUIRE(a.None());
  REQUIRE(a == Signature{});
}

TEST_CASE("128 component types register, the 129th is a clear error", "[ecs][signature]") {
  Coordinator world(1);
  REQUIRE(world.ComponentTypeCount() == 1);  // Hierarchy
  world.RegisterComponent<Tag<0>>("Tag0");
  RegisterFillersUpTo(world, 127);
  world.RegisterComponent<Tag<126>>("Tag126");
  REQUIRE(world.ComponentTypeCount() == 128);
  REQUIRE(world.GetComponentType<Tag<0>>() == 1);
  REQUIRE(world.GetComponentType<Tag<126>>() == 127);
  REQUIRE_THROWS_AS(world.RegisterComponent<Tag<127>>("Tag127"), ComponentRegistrationError);
  REQUIRE_THROWS_WITH(world.RegisterComponent<Tag<127>>("Tag127"),
                      "cannot register component Tag127: at most 128 component types fit in a signature");
  REQUIRE(world.ComponentTypeCount() == 128);
  REQUIRE_FALSE(world.IsRegistered<Tag<127>>());
}

TEST_CASE("Component types above 63 work in entity signatures and queries", "[ecs][signature]") {
  Coordinator world(1);
  RegisterFillersUpTo(world, 2);
  world.RegisterComponent<Tag<2>>("Tag2");
  RegisterFillersUpTo(world, 120);
  world.RegisterComponent<Tag<120>>("Tag120");
  RegisterFillersUpTo(world, 128);
  REQUIRE(world.GetComponentType<Tag<2>>() == 2);
  REQUIRE(world.GetComponentType<Tag<120>>() == 120);
  const Entity low_and_high = world.CreateEntity();
  const Entity high = world.CreateEntity();
  const Entity low = world.CreateEntity();
  world.AddComponent<Tag<2>>(low_and_high);
  world.AddComponent<Tag<120>>(low_and_high);
  world.AddComponent<Tag<120>>(high);
  world.AddComponent<Tag<2>>(low);

  REQUIRE(world.GetSignature(low_and_high).Test(world.GetComponentType<Tag<120>>()));
  REQUIRE(world.GetComponent<Tag<120>>(high).value == 120);
  REQUIRE(world.EntitiesWith<Tag<120>>().size() == 2);
  REQUIRE(world.EntitiesWith<Tag<2>, Tag<120>>() == std::vector<Entity>{low_and_high});

  std::vector<Entity> matched;
  world.ForEachEntityWith(world.MakeSignature<Tag<120>, Tag<2>>(), [&matched](Entity e) { matched.push_back(e); });
  REQUIRE(matched == std::vector<Entity>{low_and_high});

  world.RemoveComponent<Tag<120>>(low_and_high);
  REQUIRE_FALSE(world.HasComponent<Tag<120>>(low_and_high));
  REQUIRE(world.HasComponent<Tag<2>>(low_and_high));
}
