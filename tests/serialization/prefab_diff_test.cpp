// The instance diff (prefab_diff.h): what an instance changes in its prefab,
// field by field with one equality, components added and removed, entities
// moved, reordered and deleted, nested instances belonging to the outermost.

#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "cairn/ecs/components/light.h"
#include "cairn/ecs/components/name.h"
#include "cairn/ecs/components/rotator.h"
#include "cairn/ecs/components/transform.h"
#include "cairn/serialization/prefab.h"
#include "cairn/serialization/prefab_diff.h"
#include "prefab_project.h"
#include "test_support.h"

namespace cairn::serialization {
namespace {

using ecs::Coordinator;
using ecs::EntityId;
using ecs::PlainValue;
using test::In;
using test::kBase;
using test::kBulb;
using test::kFirst;
using test::kLamp;
using test::kSecond;
using test::Project;
using test::SetField;

// "Probe.label", "Light added", "Light removed" for one member's components.
std::vector<std::string> Describe(const Coordinator& world, const MemberOverrides& overrides) {
  std::vector<std::string> parts;
  for (const ComponentOverride& component : overrides.components) {
    const std::string& name = world.GetComponentInfo(component.type).name;
    if (component.change == ComponentChange::kAdded) parts.push_back(name + " added");
    if (component.change == ComponentChange::kRemoved) parts.push_back(name + " removed");
    if (component.change != ComponentChange::kFields) continue;
    for (const ecs::FieldInfo* field : component.fields) parts.push_back(name + "." + field->name);
  }
  return parts;
}

MemberOverrides MemberDiff(const Coordinator& world, PrefabLibrary& library, EntityId id) {
  const std::optional<InstanceMember> member = FindInstanceMember(world, library, world.GetEntity(id));
  REQUIRE(member);
  return DiffMember(world, *member, world.GetEntity(id));
}

// The entry DiffInstances has for `id`, or an empty one.
MemberOverrides Listed(const Coordinator& world, PrefabLibrary& library, EntityId id) {
  for (const InstanceDiff& instance : DiffInstances(world, library)) {
    for (const MemberOverrides& overrides : instance.overrides) {
      if (overrides.entity == world.GetEntity(id)) return overrides;
    }
  }
  return MemberOverrides{world.GetEntity(id), {}, false, std::nullopt, std::nullopt, {}};
}

TEST_CASE("an untouched instance changes nothing, and lists every prefab entity as its own", "[prefab][diff]") {
  Project project;
  project.WriteLamp();
  auto world = project.NewWorld();
  project.Place(*world, "lamp.scene", kFirst);
  const std::vector<InstanceDiff> diffs = DiffInstances(*world, project.library);
  REQUIRE(diffs.size() == 1);
  CHECK(diffs[0].id == kFirst);
  CHECK(diffs[0].root == world->GetEntity(kFirst));
  CHECK(diffs[0].members.size() == 3);
  CHECK(diffs[0].members.front().second == world->GetEntity(kFirst));
  CHECK(diffs[0].Empty());
  for (EntityId id : {kFirst, In(kFirst, kBulb), In(kFirst, kBase)}) {
    CHECK(MemberDiff(*world, project.library, id).Empty());
  }
  const std::optional<InstanceDiff> one = DiffInstance(*world, project.library, world->GetEntity(kFirst));
  REQUIRE(one);
  CHECK(one->members == diffs[0].members);
  CHECK_FALSE(DiffInstance(*world, project.library, world->GetEntity(In(kFirst, kBulb))));
}

TEST_CASE("fields differ as their written text: floats by their bits, references mapped into the instance",
          "[prefab][diff]") {
  Project project;
  project.WriteLamp();
  auto world = project.NewWorld();
  project.Place(*world, "lamp.scene", kFirst);
  project.Place(*world, "lamp.scene", kSecond);
  SetField(*world, kFirst, "Probe", "speed", PlainValue(-0.0));                 // "-0.0" is not "0"
  SetField(*world, kFirst, "Probe", "label", PlainValue("north"));
  SetField(*world, kFirst, "Probe", "count", PlainValue(0));                    // the prefab's value again
  SetField(*world, kFirst, "Probe", "watch", PlainValue(ecs::ToHex(In(kFirst, kBulb))));  // the prefab's, mapped
  SetField(*world, kSecond, "Probe", "watch", PlainValue(ecs::ToHex(In(kFirst, kBulb))));  // the other instance's
  world->GetComponent<ecs::Light>(world->GetEntity(In(kFirst, kBulb))).intensity = 4.0f;

  CHECK(Describe(*world, MemberDiff(*world, project.library, kFirst)) ==
        std::vector<std::string>{"Probe.speed", "Probe.label"});
  CHECK(Describe(*world, MemberDiff(*world, project.library, kSecond)) == std::vector<std::string>{"Probe.watch"});
  CHECK(Describe(*world, MemberDiff(*world, project.library, In(kFirst, kBulb))) ==
        std::vector<std::string>{"Light.intensity"});
  for (EntityId id : {kFirst, kSecond, In(kFirst, kBulb)}) {
    CHECK(Listed(*world, project.library, id).components == MemberDiff(*world, project.library, id).components);
  }
  // The Inspector's question is the same one.
  const std::optional<InstanceMember> member = FindInstanceMember(*world, project.library, world->GetEntity(kFirst));
  REQUIRE(member);
  const ecs::ComponentType probe = world->FindComponentInfo("Probe")->type;
  const MemberOverrides root = MemberDiff(*world, project.library, kFirst);
  REQUIRE(root.FindComponent(probe) != nullptr);
  CHECK(OverriddenFields(*world, *member, world->GetEntity(kFirst), probe) == root.FindComponent(probe)->fields);

  SetField(*world, kFirst, "Probe", "speed", PlainValue(0.0));
  CHECK(Describe(*world, MemberDiff(*world, project.library, kFirst)) == std::vector<std::string>{"Probe.label"});
}

TEST_CASE("the one field equality: written text, whatever the bytes", "[prefab][diff]") {
  Project project;
  project.WriteLamp();
  auto world = project.NewWorld();
  const ecs::ComponentInfo& transform = *world->FindComponentInfo("Transform");
  const ecs::FieldInfo& position = *transform.FindField("position");
  const ecs::FieldInfo& scale = *transform.FindField("scale");
  const PrefabLookup lookup = project.library.Get("lamp.scene");
  REQUIRE(lookup.prefab != nullptr);
  const InstanceIdMap ids{lookup.prefab.get(), kFirst};
  ecs::Transform a{};
  ecs::Transform b{};
  CHECK(SameFieldValue(position, &a, position, &b, ids));
  b.position.y = -0.0f;
  CHECK_FALSE(SameFieldValue(position, &a, position, &b, ids));
  a.position.y = -0.0f;
  CHECK(SameFieldValue(position, &a, position, &b, ids));
  // A NaN (never in a file) is equal to its own bits only.
  a.position.x = b.position.x = std::numeric_limits<float>::quiet_NaN();
  CHECK(SameFieldValue(position, &a, position, &b, ids));
  // Two fields of the same type compare by value, whatever their names.
  a.scale = a.position;
  CHECK(SameFieldValue(scale, &a, position, &b, ids));
  // Fields of different types never are equal.
  const ecs::FieldInfo& rotation = *transform.FindField("rotation");
  CHECK_FALSE(SameFieldValue(rotation, &a, position, &b, ids));
  // References of the prefab read as the instance's.
  CHECK(ids(kBulb) == In(kFirst, kBulb));
  CHECK(ids(kLamp) == kFirst);
  CHECK(ids(EntityId{0x77}) == EntityId{0x77});
  CHECK(ids(ecs::kNoEntityId) == ecs::kNoEntityId);
}

TEST_CASE("enums compare by name, across registrations that number them differently", "[prefab][diff]") {
  Project project;
  project.WriteLamp();
  // The scene's Probe numbers its moods in another order than the prefab's.
  const auto register_reordered = [](Coordinator& world) {
    ecs::RegisterBuiltinComponents(world);
    ecs::RuntimeComponentDefinition probe = test::ProbeDefinition();
    for (ecs::RuntimeFieldDefinition& field : probe.fields) {
      if (field.name == "mood") field.enum_names = {"alert", "idle", "asleep"};
    }
    world.RegisterRuntimeComponent(probe);
  };
  auto world = std::make_unique<Coordinator>(5);
  register_reordered(*world);
  RegisterUnknownComponents(*world);
  RegisterPrefabInstance(*world);
  project.Place(*world, "lamp.scene", kFirst);
  // The prefab's "idle" is 0 there; 0 here is "alert".
  SetField(*world, kFirst, "Probe", "mood", PlainValue("idle"));
  CHECK(Describe(*world, MemberDiff(*world, project.library, kFirst)).empty());
  CHECK(project.Save(*world).find("\"mood\"") == std::string::npos);
  SetField(*world, kFirst, "Probe", "mood", PlainValue("alert"));
  CHECK(Describe(*world, MemberDiff(*world, project.library, kFirst)) == std::vector<std::string>{"Probe.mood"});
  CHECK(project.Save(*world).find("\"mood\": \"alert\"") != std::string::npos);
  // Revert takes the prefab's value by name too.
  const std::optional<InstanceMember> member = FindInstanceMember(*world, project.library, world->GetEntity(kFirst));
  REQUIRE(member);
  const ecs::ComponentInfo& probe = *world->FindComponentInfo("Probe");
  const std::optional<ecs::ComponentValue> original = PrefabValue(*world, *member, probe.type);
  REQUIRE(original);
  CHECK(ecs::FieldToPlain(*probe.FindField("mood"), original->Data()) == PlainValue("idle"));
}

TEST_CASE("components added and removed, while Name and the root's marker are not components here", "[prefab][diff]") {
  Project project;
  project.WriteLamp();
  auto world = project.NewWorld();
  project.Place(*world, "lamp.scene", kFirst);
  const ecs::Entity bulb = world->GetEntity(In(kFirst, kBulb));
  world->AddComponent(bulb, ecs::Rotator{});
  world->RemoveComponent<ecs::Light>(bulb);
  const MemberOverrides overrides = MemberDiff(*world, project.library, In(kFirst, kBulb));
  CHECK(Describe(*world, overrides) == std::vector<std::string>{"Light removed", "Rotator added"});
  const ComponentOverride& added = overrides.components[1];
  CHECK(added.fields.size() == world->GetComponentInfo(added.type).fields.size());
  CHECK(overrides.components[0].fields.empty());
  CHECK_FALSE(overrides.renamed);

  world->GetComponent<ecs::Name>(bulb).value = "Red bulb";
  CHECK(MemberDiff(*world, project.library, In(kFirst, kBulb)).renamed);
  world->RemoveComponent<ecs::Name>(world->GetEntity(In(kFirst, kBase)));
  const MemberOverrides unnamed = MemberDiff(*world, project.library, In(kFirst, kBase));
  CHECK(unnamed.renamed);
  CHECK(unnamed.components.empty());
  CHECK(MemberDiff(*world, project.library, kFirst).Empty());  // its PrefabInstance is what makes it one
}

TEST_CASE("a move within the instance is a parent and an order, a new position among siblings an order",
          "[prefab][diff]") {
  Project project;
  project.WriteLamp();
  auto world = project.NewWorld();
  project.Place(*world, "lamp.scene", kFirst);
  project.Place(*world, "lamp.scene", kSecond);
  const ecs::Entity bulb = world->GetEntity(In(kFirst, kBulb));
  world->SetParentAt(world->GetEntity(In(kFirst, kBase)), bulb, 0);
  const MemberOverrides moved = MemberDiff(*world, project.library, In(kFirst, kBase));
  CHECK(moved.parent == In(kFirst, kBulb));
  CHECK(moved.order == 0u);
  CHECK(moved.components.empty());
  CHECK(MemberDiff(*world, project.library, In(kFirst, kBulb)).Empty());

  // Swapped siblings: both stand elsewhere, neither changed parent.
  world->SetParentAt(world->GetEntity(In(kSecond, kBase)), world->GetEntity(kSecond), 0);
  const MemberOverrides base = MemberDiff(*world, project.library, In(kSecond, kBase));
  const MemberOverrides second_bulb = MemberDiff(*world, project.library, In(kSecond, kBulb));
  CHECK_FALSE(base.parent);
  CHECK(base.order == 0u);
  CHECK_FALSE(second_bulb.parent);
  CHECK(second_bulb.order == 1u);

  // The root's own place is the instance's, never an override.
  world->SetParentAt(world->GetEntity(kSecond), world->GetEntity(kFirst), 0);
  CHECK(MemberDiff(*world, project.library, kFirst).Empty());
  for (EntityId id : {In(kFirst, kBase), In(kSecond, kBase), In(kSecond, kBulb)}) {
    const MemberOverrides listed = Listed(*world, project.library, id);
    const MemberOverrides alone = MemberDiff(*world, project.library, id);
    CHECK(listed.parent == alone.parent);
    CHECK(listed.order == alone.order);
  }
}

TEST_CASE("deleted prefab entities are listed by the topmost of each deleted subtree", "[prefab][diff]") {
  Project project;
  // tower.scene: Top > Mid > Low, Side.
  auto tower = project.NewWorld();
  const EntityId top{0x3000000000000001}, mid{0x3000000000000002}, low{0x3000000000000003}, side{0x3000000000000004};
  for (EntityId id : {top, mid, low, side}) {
    const ecs::Entity entity = tower->CreateEntity(id);
    tower->AddComponent(entity, ecs::Transform{});
  }
  tower->SetParent(tower->GetEntity(mid), tower->GetEntity(top));
  tower->SetParent(tower->GetEntity(low), tower->GetEntity(mid));
  tower->SetParent(tower->GetEntity(side), tower->GetEntity(top));
  project.Write("tower.scene", *tower);
  auto world = project.NewWorld();
  project.Place(*world, "tower.scene", kFirst);
  const auto in = [](EntityId source) { return InstanceEntityId(kFirst, EntityId{0x3000000000000001}, source); };
  world->DestroyEntityAndChildren(world->GetEntity(in(mid)));
  // Side moves out of the instance: no longer one of its entities.
  world->SetParent(world->GetEntity(in(side)), ecs::kNullEntity);
  const std::optional<InstanceDiff> diff = DiffInstance(*world, project.library, world->GetEntity(kFirst));
  REQUIRE(diff);
  CHECK(diff->removed == std::vector<EntityId>{mid, side});
  CHECK(diff->members.size() == 1);
  CHECK_FALSE(FindInstanceMember(*world, project.library, world->GetEntity(in(side))));
}

TEST_CASE("an instance nested in a prefab belongs to the outermost instance, which holds its changes",
          "[prefab][diff]") {
  Project project;
  project.WriteLamp();
  auto street = project.NewWorld();
  const EntityId street_root{0x2000000000000001}, inner{0x2000000000000002};
  const auto root = street->CreateEntity(street_root);
  street->AddComponent(root, ecs::Transform{});
  project.Place(*street, "lamp.scene", inner, street_root);
  project.Write("street.scene", *street);

  auto world = project.NewWorld();
  const EntityId town{0xc000000000000001};
  project.Place(*world, "street.scene", town);
  const EntityId lamp = InstanceEntityId(town, street_root, inner);
  const EntityId bulb = InstanceEntityId(town, street_root, InstanceEntityId(inner, kLamp, kBulb));
  world->GetComponent<ecs::Light>(world->GetEntity(bulb)).intensity = 2.0f;

  const std::vector<InstanceDiff> diffs = DiffInstances(*world, project.library);
  REQUIRE(diffs.size() == 1);
  CHECK(diffs[0].id == town);
  CHECK(diffs[0].members.size() == 4);
  REQUIRE(diffs[0].overrides.size() == 1);
  CHECK(diffs[0].overrides[0].entity == world->GetEntity(bulb));
  CHECK(Describe(*world, diffs[0].overrides[0]) == std::vector<std::string>{"Light.intensity"});
  CHECK(MemberDiff(*world, project.library, bulb).components == diffs[0].overrides[0].components);
  // The inner lamp's marker is the street's, as it has it: not a change.
  CHECK(MemberDiff(*world, project.library, lamp).Empty());
  CHECK_FALSE(DiffInstance(*world, project.library, world->GetEntity(lamp)));
}

}  // namespace
}  // namespace cairn::serialization
