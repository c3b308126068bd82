#include "cairn/ecs/command.h"

#include <limits>
#include <string>
#include <variant>
#include <vector>

#include <catch2/catch.hpp>

#include "cairn/ecs/world_dump.h"
#include "cairn/test/chains.h"
#include "command_scene.h"
#include "ecs_test_support.h"

using namespace cairn::ecs;
using namespace cairn::ecs::test;

namespace {

void ApplyAll(Coordinator& world, const std::vector<Command>& commands) {
  for (const Command& command : commands) ApplyCommand(world, command);
}

// Applies the command, checks it changed the world, applies its inverse and
// checks the world is exactly as before. Returns the inverse.
std::vector<Command> RequireInverseRestores(Coordinator& world, const Command& command) {
  const std::string before = DumpWorld(world);
  const std::vector<Command> inverse = ApplyCommand(world, command);
  REQUIRE(DumpWorld(world) != before);
  ApplyAll(world, inverse);
  REQUIRE(DumpWorld(world) == before);
  return inverse;
}

std::vector<EntityId> ChildIds(const Coordinator& world, EntityId parent) {
  return IdsOf(world, world.GetChildren(parent ? world.GetEntity(parent) : kNullEntity));
}

}  // namespace

// ---- Each command and its inverse ---------------------------------------------------

TEST_CASE("CreateEntityCommand creates a named entity in place, its inverse destroys it", "[ecs][command]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  const EntityId id{0x1234};
  const std::string before = DumpWorld(world);
  const std::vector<Command> inverse = ApplyCommand(world, CreateEntityCommand{id, "Crate", kA, 1});
  const Entity crate = world.GetEntity(id);
  REQUIRE(world.GetComponent<Name>(crate).value == "Crate");
  REQUIRE(ChildIds(world, kA) == std::vector<EntityId>{kB, id, kC});
  REQUIRE(world.GetSignature(crate).Count() == 2);  // Hierarchy and Name
  REQUIRE(inverse.size() == 1);
  REQUIRE(std::get<DestroySubtreeCommand>(inverse[0]).id == id);
  ApplyAll(world, inverse);
  REQUIRE(DumpWorld(world) == before);
}

TEST_CASE("CreateEntityCommand at the root appends or inserts", "[ecs][command]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  RequireInverseRestores(world, CreateEntityCommand{EntityId{0x1}, "Last", kNoEntityId, kAppendPosition});
  ApplyCommand(world, CreateEntityCommand{EntityId{0x1}, "Last", kNoEntityId, kAppendPosition});
  ApplyCommand(world, CreateEntityCommand{EntityId{0x2}, "First", kNoEntityId, 0});
  REQUIRE(ChildIds(world, kNoEntityId) == std::vector<EntityId>{EntityId{0x2}, kA, kE, kF, EntityId{0x1}});
}

TEST_CASE("CreateEntityCommand reports a missing parent or a used id", "[ecs][command]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  const std::string before = DumpWorld(world);
  REQUIRE_THROWS_AS(ApplyCommand(world, CreateEntityCommand{EntityId{0x1}, "X", kMissing, 0}), CommandError);
  REQUIRE_THROWS_WITH(ApplyCommand(world, CreateEntityCommand{EntityId{0x1}, "X", kMissing, 0}),
                      "parent entity 00000000000000ff does not exist");
  REQUIRE_THROWS_AS(ApplyCommand(world, CreateEntityCommand{kA, "X", kNoEntityId, 0}), EntityIdError);
  REQUIRE_THROWS_WITH(ApplyCommand(world, CreateEntityCommand{kA, "X", kNoEntityId, 0}),
                      "cannot create an entity with id 00000000000000a1: entity 00000000000000a1 (A) already has it");
  REQUIRE_THROWS_WITH(ApplyCommand(world, CreateEntityCommand{kNoEntityId, "X", kNoEntityId, 0}),
                      "cannot create an entity with id 0000000000000000: ids are non-zero");
  REQUIRE(DumpWorld(world) == before);
}

TEST_CASE("DestroySubtreeCommand's inverse restores ids, components, children and positions", "[ecs][command]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  const std::string before = DumpWorld(world);
  const std::vector<Command> inverse = ApplyCommand(world, DestroySubtreeCommand{kB});
  REQUIRE(world.FindEntity(kB).IsNull());
  REQUIRE(world.FindEntity(kD).IsNull());
  REQUIRE(world.EntityCount() == 4);
  REQUIRE(ChildIds(world, kA) == std::vector<EntityId>{kC});

  REQUIRE(inverse.size() == 1);
  const auto& restore = std::get<RestoreSubtreeCommand>(inverse[0]);
  REQUIRE(restore.records.size() == 2);
  REQUIRE(restore.records[0].id == kB);
  REQUIRE(restore.records[0].parent == kA);
  REQUIRE(restore.records[0].position == 0);
  REQUIRE(restore.records[1].id == kD);
  REQUIRE(restore.records[1].parent == kB);

  ApplyAll(world, inverse);
  REQUIRE(DumpWorld(world) == before);
  REQUIRE(ChildIds(world, kA) == std::vector<EntityId>{kB, kC});
  REQUIRE(world.GetComponent<Light>(world.GetEntity(kB)).intensity == 4.0f);
  REQUIRE(world.GetComponent<Follow>(world.GetEntity(kD)).target == kA);
}

TEST_CASE("Destroying and restoring a root keeps its place among the roots", "[ecs][command]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  RequireInverseRestores(world, DestroySubtreeCommand{kA});
  RequireInverseRestores(world, DestroySubtreeCommand{kE});
  RequireInverseRestores(world, DestroySubtreeCommand{kF});
  REQUIRE(ChildIds(world, kNoEntityId) == std::vector<EntityId>{kA, kE, kF});
}

TEST_CASE("A 100,000-deep chain is destroyed and restored with the same ids, parents and positions",
          "[ecs][command][deep]") {
  using cairn::test::kDeepChainLength;
  TestWorld world(kWorldSeed);
  RegisterBuiltinComponents(world);
  const EntityId first = world.GetEntityId(CreateNamed(world, "first"));
  const EntityId top = cairn::test::CreateChain(world, kDeepChainLength).front();
  const EntityId last = world.GetEntityId(CreateNamed(world, "last"));
  const std::vector<cairn::test::ChainLink> chain = cairn::test::ReadChain(world, top);
  REQUIRE(chain.size() == kDeepChainLength);
  const std::uint64_t steps = world.ParentStepCount();

  const std::vector<Command> inverse = ApplyCommand(world, DestroySubtreeCommand{top});
  REQUIRE(world.EntityCount() == 2);
  const auto& records = std::get<RestoreSubtreeCommand>(inverse.at(0)).records;
  REQUIRE(records.size() == kDeepChainLength);
  // The snapshot lists the chain top down, each record with its parent and position.
  std::size_t first_wrong_record = 0;
  while (first_wrong_record < records.size()) {
    const EntityRecord& record = records[first_wrong_record];
    const cairn::test::ChainLink& link = chain[first_wrong_record];
    if (record.id != link.id || record.parent != link.parent || record.position != link.position) break;
    ++first_wrong_record;
  }
  REQUIRE(first_wrong_record == records.size());

  ApplyAll(world, inverse);
  const std::vector<cairn::test::ChainLink> restored = cairn::test::ReadChain(world, top);
  REQUIRE(restored.size() == chain.size());
  REQUIRE(cairn::test::FirstDifference(restored, chain) == chain.size());
  REQUIRE(ChildIds(world, kNoEntityId) == std::vector<EntityId>{first, top, last});
  REQUIRE(world.GetStorage<Transform>().Size() == kDeepChainLength);
  // Restoring walks no ancestors per entity: fewer steps up than entities.
  REQUIRE(world.ParentStepCount() - steps < kDeepChainLength);
}

TEST_CASE("DestroySubtreeCommand reports a missing entity", "[ecs][command]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  REQUIRE_THROWS_AS(ApplyCommand(world, DestroySubtreeCommand{kMissing}), CommandError);
  REQUIRE_THROWS_WITH(ApplyCommand(world, DestroySubtreeCommand{kMissing}), "entity 00000000000000ff does not exist");
}

TEST_CASE("SnapshotSubtree lists the subtree in pre-order with places and components", "[ecs][command]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  const std::vector<EntityRecord> records = SnapshotSubtree(world, world.GetEntity(kA));
  REQUIRE(records.size() == 4);
  REQUIRE(records[0].id == kA);
  REQUIRE(records[0].parent == kNoEntityId);
  REQUIRE(records[0].position == 0);
  REQUIRE(records[1].id == kB);
  REQUIRE(records[1].position == 0);
  REQUIRE(records[2].id == kD);
  REQUIRE(records[2].parent == kB);
  REQUIRE(records[2].position == 0);
  REQUIRE(records[3].id == kC);
  REQUIRE(records[3].parent == kA);
  REQUIRE(records[3].position == 1);
  std::vector<std::string> a_components;
  for (const ComponentValue& value : records[0].components) a_components.push_back(value.Name());
  REQUIRE(a_components == std::vector<std::string>{"Name", "Transform", "MeshRenderer"});  // no Hierarchy
  REQUIRE(records[1].components[2] == ValueOf(world, Light{LightType::kSpot, {1.0f, 0.9f, 0.8f}, 4.0f, 25.0f, 20.0f}));
}

TEST_CASE("RestoreSubtreeCommand recreates a subtree, its inverse destroys it", "[ecs][command]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  RestoreSubtreeCommand paste;
  paste.records.push_back(EntityRecord{EntityId{0x100}, kE, 0, {ValueOf(world, Name{"Copy"}), ValueOf(world, Static{})}});
  paste.records.push_back(EntityRecord{EntityId{0x101}, EntityId{0x100}, kAppendPosition, {ValueOf(world, Name{"Inner"})}});
  paste.records.push_back(EntityRecord{EntityId{0x102}, EntityId{0x100}, 0, {}});
  const std::vector<Command> inverse = RequireInverseRestores(world, paste);
  REQUIRE(std::get<DestroySubtreeCommand>(inverse.at(0)).id == EntityId{0x100});
  ApplyCommand(world, paste);
  REQUIRE(ChildIds(world, kE) == std::vector<EntityId>{EntityId{0x100}});
  REQUIRE(ChildIds(world, EntityId{0x100}) == std::vector<EntityId>{EntityId{0x102}, EntityId{0x101}});
  REQUIRE(world.HasComponent<Static>(world.GetEntity(EntityId{0x100})));
}

TEST_CASE("RestoreSubtreeCommand checks its records before changing anything", "[ecs][command]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  const std::string before = DumpWorld(world);
  const auto restore = [&world](std::vector<EntityRecord> records) {
    ApplyCommand(world, RestoreSubtreeCommand{std::move(records)});
  };
  REQUIRE_THROWS_AS(restore({}), CommandError);
  REQUIRE_THROWS_WITH(restore({}), "restore subtree: no entities given");
  REQUIRE_THROWS_WITH(restore({{EntityId{0x1}, kNoEntityId, 0, {}}, {kNoEntityId, EntityId{0x1}, 0, {}}}),
                      "restore subtree: an entity has id 0000000000000000");
  REQUIRE_THROWS_WITH(restore({{EntityId{0x1}, kNoEntityId, 0, {}}, {kC, EntityId{0x1}, 0, {}}}),
                      "restore subtree: entity 00000000000000c3 (C) already exists");
  REQUIRE_THROWS_WITH(restore({{EntityId{0x1}, kNoEntityId, 0, {}}, {EntityId{0x2}, EntityId{0x3}, 0, {}}}),
                      "restore subtree: entity 0000000000000002 names parent 0000000000000003, which is not restored "
                      "before it");
  REQUIRE_THROWS_WITH(restore({{EntityId{0x1}, kNoEntityId, 0, {}}, {EntityId{0x2}, kNoEntityId, 0, {}}}),
                      "restore subtree: entity 0000000000000002 names parent the root, which is not restored before it");
  REQUIRE_THROWS_WITH(restore({{EntityId{0x1}, kNoEntityId, 0, {}}, {EntityId{0x1}, EntityId{0x1}, 0, {}}}),
                      "restore subtree: id 0000000000000001 appears twice");
  REQUIRE_THROWS_WITH(restore({{EntityId{0x1}, kMissing, 0, {}}}), "parent entity 00000000000000ff does not exist");
  TestWorld other(2);
  other.RegisterComponent<Name>("Label").Field("value", &Name::value);
  const ComponentValue foreign = ComponentValue::From(other.GetComponentInfoPtr(other.GetComponentType<Name>()), Name{"x"});
  REQUIRE_THROWS_AS(restore({{EntityId{0x1}, kNoEntityId, 0, {foreign}}}), UnknownComponentError);
  REQUIRE_THROWS_WITH(restore({{EntityId{0x1}, kNoEntityId, 0, {foreign}}}),
                      "component Label is not registered in this world");
  REQUIRE(DumpWorld(world) == before);
}

// ApplyCommand promises to change nothing when it throws, including for a
// record that names the same component twice.
TEST_CASE("A restore that fails on a record's components changes nothing", "[ecs][command]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  const std::string before = DumpWorld(world);
  const RestoreSubtreeCommand restore{
      {EntityRecord{EntityId{0x1}, kNoEntityId, 0, {ValueOf(world, Name{"one"}), ValueOf(world, Name{"two"})}}}};
  CHECK_THROWS(ApplyCommand(world, restore));
  CHECK(DumpWorld(world) == before);
  CHECK(world.FindEntity(EntityId{0x1}).IsNull());
}

// A value the checks before any change do not refuse (a Hierarchy, which
// every entity already has) is refused while the entities are made: every
// entity made so far is destroyed again.
TEST_CASE("A restore refused half-way destroys every entity it made", "[ecs][command]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  const std::string before = DumpWorld(world);
  const RestoreSubtreeCommand restore{{
      EntityRecord{EntityId{0x1}, kC, 0, {ValueOf(world, Name{"one"})}},
      EntityRecord{EntityId{0x2}, EntityId{0x1}, 0, {ValueOf(world, Name{"two"})}},
      EntityRecord{EntityId{0x3}, EntityId{0x2}, 0, {ValueOf(world, Name{"three"}), ValueOf(world, Hierarchy{})}},
  }};
  CHECK_THROWS_WITH(ApplyCommand(world, restore), "entity 0000000000000003 (three) already has component Hierarchy");
  CHECK(DumpWorld(world) == before);
  for (const std::uint64_t id : {0x1u, 0x2u, 0x3u}) CHECK(world.FindEntity(EntityId{id}).IsNull());
}

TEST_CASE("AddComponentCommand adds a copy of the value, its inverse removes it", "[ecs][command]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  const ComponentValue light = ValueOf(world, Light{LightType::kDirectional, {0.1f, 0.2f, 0.3f}, 9.0f, 1.0f, 45.0f});
  const std::vector<Command> inverse = RequireInverseRestores(world, AddComponentCommand{kC, light});
  REQUIRE(std::get<RemoveComponentCommand>(inverse.at(0)).component == "Light");
  ApplyCommand(world, AddComponentCommand{kC, light});
  REQUIRE(world.ReadComponentValue(world.GetEntity(kC), world.GetComponentType<Light>()) == light);
}

TEST_CASE("AddComponentCommand reports duplicates and missing entities", "[ecs][command]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  const ComponentValue light = ValueOf(world, Light{});
  REQUIRE_THROWS_AS(ApplyCommand(world, AddComponentCommand{kB, light}), DuplicateComponentError);
  REQUIRE_THROWS_WITH(ApplyCommand(world, AddComponentCommand{kB, light}),
                      "entity 00000000000000b2 (B) already has component Light");
  REQUIRE_THROWS_WITH(ApplyCommand(world, AddComponentCommand{kMissing, light}), "entity 00000000000000ff does not exist");
}

TEST_CASE("RemoveComponentCommand removes a component, its inverse adds the old value back", "[ecs][command]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  const std::vector<Command> inverse = RequireInverseRestores(world, RemoveComponentCommand{kB, "Light"});
  const auto& add = std::get<AddComponentCommand>(inverse.at(0));
  REQUIRE(add.id == kB);
  REQUIRE(add.value == ValueOf(world, Light{LightType::kSpot, {1.0f, 0.9f, 0.8f}, 4.0f, 25.0f, 20.0f}));
  RequireInverseRestores(world, RemoveComponentCommand{kA, "Name"});
}

TEST_CASE("RemoveComponentCommand reports unknown and missing components", "[ecs][command]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  REQUIRE_THROWS_AS(ApplyCommand(world, RemoveComponentCommand{kB, "Laser"}), UnknownComponentError);
  REQUIRE_THROWS_WITH(ApplyCommand(world, RemoveComponentCommand{kB, "Laser"}), "no component is named 'Laser'");
  REQUIRE_THROWS_AS(ApplyCommand(world, RemoveComponentCommand{kC, "Light"}), MissingComponentError);
  REQUIRE_THROWS_WITH(ApplyCommand(world, RemoveComponentCommand{kC, "Light"}),
                      "entity 00000000000000c3 (C) has no component Light");
  REQUIRE_THROWS_AS(ApplyCommand(world, RemoveComponentCommand{kC, "Hierarchy"}), HierarchyError);
}

TEST_CASE("SetComponentCommand replaces a value, its inverse sets the old one", "[ecs][command]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  const ComponentValue moved = ValueOf(world, Transform{{9, 9, 9}, glm::quat(1, 0, 0, 0), glm::vec3(1.0f)});
  const std::vector<Command> inverse = RequireInverseRestores(world, SetComponentCommand{kA, moved});
  REQUIRE(std::get<SetComponentCommand>(inverse.at(0)).value.As<Transform>().position == glm::vec3(1, 2, 3));
  RequireInverseRestores(world, SetComponentCommand{kD, ValueOf(world, Follow{kE, {1, 1, 1}, 0.0f})});
}

TEST_CASE("SetComponentCommand reports a missing component", "[ecs][command]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  REQUIRE_THROWS_AS(ApplyCommand(world, SetComponentCommand{kC, ValueOf(world, Camera{})}), MissingComponentError);
  REQUIRE_THROWS_WITH(ApplyCommand(world, SetComponentCommand{kC, ValueOf(world, Camera{})}),
                      "entity 00000000000000c3 (C) has no component Camera");
  REQUIRE_THROWS_WITH(ApplyCommand(world, SetComponentCommand{kMissing, ValueOf(world, Camera{})}),
                      "entity 00000000000000ff does not exist");
}

// A patch of Transform.position: `value` in the picked elements.
SetFieldCommand PositionPatch(const Coordinator& world, EntityId id, glm::vec3 value, ElementMask elements) {
  const ComponentType type = world.GetComponentType<Transform>();
  const std::size_t field = static_cast<std::size_t>(world.GetComponentInfo(type).FindField("position") -
                                                     world.GetComponentInfo(type).fields.data());
  return SetFieldCommand{id, FieldValue::Checked(world.GetComponentInfoPtr(type), field, &value), elements};
}

TEST_CASE("SetFieldCommand sets the picked elements of one field and nothing else", "[ecs][command]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  const Transform before = world.GetComponent<Transform>(world.GetEntity(kA));  // position (1, 2, 3)
  const std::vector<Command> inverse =
      RequireInverseRestores(world, PositionPatch(world, kA, {7, 2.5f, 9}, ElementBit(1)));
  ApplyAll(world, {PositionPatch(world, kA, {7, 2.5f, 9}, ElementBit(1))});
  const Transform& after = world.GetComponent<Transform>(world.GetEntity(kA));
  REQUIRE(after.position == glm::vec3(1, 2.5f, 3));  // only Y
  REQUIRE(after.rotation == before.rotation);
  REQUIRE(after.scale == before.scale);
  // The inverse holds the field's old value under the same mask.
  const auto& undo = std::get<SetFieldCommand>(inverse.at(0));
  REQUIRE(undo.elements == ElementBit(1));
  REQUIRE(undo.value.As<glm::vec3>() == glm::vec3(1, 2, 3));

  ApplyAll(world, {PositionPatch(world, kA, {4, 5, 6}, ElementBit(0) | ElementBit(2))});
  REQUIRE(world.GetComponent<Transform>(world.GetEntity(kA)).position == glm::vec3(4, 2.5f, 6));
  ApplyAll(world, {PositionPatch(world, kA, {-1, -2, -3}, kAllElements)});
  REQUIRE(world.GetComponent<Transform>(world.GetEntity(kA)).position == glm::vec3(-1, -2, -3));
}

TEST_CASE("SetFieldCommand refuses a missing entity or component and a mask its field has no room for",
          "[ecs][command]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  const std::string before = DumpWorld(world);
  REQUIRE_THROWS_WITH(ApplyCommand(world, PositionPatch(world, kC, {1, 1, 1}, ElementBit(0))),
                      Catch::Contains("(C)") && Catch::Contains("Transform"));
  REQUIRE_THROWS_WITH(ApplyCommand(world, PositionPatch(world, kMissing, {1, 1, 1}, ElementBit(0))),
                      "entity 00000000000000ff does not exist");
  REQUIRE_THROWS_WITH(ApplyCommand(world, PositionPatch(world, kA, {1, 1, 1}, ElementBit(3))),
                      "cannot set elements 8 of Transform.position, a vec3");
  const ComponentType transform = world.GetComponentType<Transform>();
  const glm::quat rotation(1, 0, 0, 0);
  const SetFieldCommand one_quat_component{
      kA, FieldValue::Checked(world.GetComponentInfoPtr(transform), 1, &rotation), ElementBit(0)};
  REQUIRE_THROWS_WITH(ApplyCommand(world, one_quat_component), "cannot set elements 1 of Transform.rotation, a quat");
  REQUIRE(DumpWorld(world) == before);
}

TEST_CASE("A FieldValue made from code is checked once, when it is made", "[ecs][command]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  const ComponentType transform = world.GetComponentType<Transform>();
  const glm::vec3 infinite(1.0f, std::numeric_limits<float>::infinity(), 0.0f);
  REQUIRE_THROWS_WITH(FieldValue::Checked(world.GetComponentInfoPtr(transform), 0, &infinite),
                      "Transform.position: the value is not finite (inf)");
  const glm::quat zero(0, 0, 0, 0);
  REQUIRE_THROWS_WITH(FieldValue::Checked(world.GetComponentInfoPtr(transform), 1, &zero),
                      Catch::Contains("Transform.rotation: the value is a quaternion of length 0"));
}

TEST_CASE("SetParentCommand moves an entity, its inverse puts it back in place", "[ecs][command]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  const std::vector<Command> inverse = RequireInverseRestores(world, SetParentCommand{kB, kE, 0, false});
  const auto& back = std::get<SetParentCommand>(inverse.at(0));
  REQUIRE(back.parent == kA);
  REQUIRE(back.position == 0);
  RequireInverseRestores(world, SetParentCommand{kB, kNoEntityId, 0, false});
  RequireInverseRestores(world, SetParentCommand{kB, kA, kAppendPosition, false});  // a reorder
  RequireInverseRestores(world, SetParentCommand{kE, kD, kAppendPosition, false});
  ApplyCommand(world, SetParentCommand{kC, kNoEntityId, 1, false});
  REQUIRE(ChildIds(world, kNoEntityId) == std::vector<EntityId>{kA, kC, kE, kF});
}

TEST_CASE("SetParentCommand keeping the world transform restores the local transform on undo", "[ecs][command]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  const glm::mat4 world_before = world.ComputeWorldMatrix(world.GetEntity(kB));
  const std::vector<Command> inverse = RequireInverseRestores(world, SetParentCommand{kB, kNoEntityId, 0, true});
  REQUIRE(inverse.size() == 2);
  REQUIRE(std::holds_alternative<SetComponentCommand>(inverse[1]));
  ApplyCommand(world, SetParentCommand{kB, kNoEntityId, 0, true});
  REQUIRE(MatricesNear(world.ComputeWorldMatrix(world.GetEntity(kB)), world_before));
}

TEST_CASE("SetParentCommand reports cycles and missing parents", "[ecs][command]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  REQUIRE_THROWS_AS(ApplyCommand(world, SetParentCommand{kA, kD, 0, false}), HierarchyError);
  REQUIRE_THROWS_WITH(ApplyCommand(world, SetParentCommand{kA, kD, 0, false}),
                      "cannot parent entity 00000000000000a1 (A) under entity 00000000000000d4 (D): that would make a "
                      "cycle (it is a descendant of the child)");
  REQUIRE_THROWS_WITH(ApplyCommand(world, SetParentCommand{kA, kA, 0, false}),
                      "cannot make entity 00000000000000a1 (A) its own parent");
  REQUIRE_THROWS_WITH(ApplyCommand(world, SetParentCommand{kA, kMissing, 0, false}),
                      "parent entity 00000000000000ff does not exist");
}

TEST_CASE("RenameCommand renames, its inverse restores the old name", "[ecs][command]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  const std::vector<Command> inverse = RequireInverseRestores(world, RenameCommand{kA, "Alpha"});
  REQUIRE(std::get<RenameCommand>(inverse.at(0)).name == "A");
  ApplyCommand(world, RenameCommand{kA, "Alpha"});
  REQUIRE(world.GetComponent<Name>(world.GetEntity(kA)).value == "Alpha");
}

TEST_CASE("RenameCommand adds a Name when missing, its inverse removes it", "[ecs][command]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  const std::vector<Command> inverse = RequireInverseRestores(world, RenameCommand{kF, "Foxtrot"});
  REQUIRE(std::get<RemoveComponentCommand>(inverse.at(0)).component == "Name");
  REQUIRE_THROWS_WITH(ApplyCommand(world, RenameCommand{kMissing, "x"}), "entity 00000000000000ff does not exist");
}

// ---- Descriptions --------------------------------------------------------------------

TEST_CASE("Describe names every command in words", "[ecs][command]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  REQUIRE(Describe(CreateEntityCommand{EntityId{0xaa}, "Crate", kNoEntityId, kAppendPosition}) ==
          "create entity 00000000000000aa 'Crate' under the root at last");
  REQUIRE(Describe(CreateEntityCommand{EntityId{0xaa}, "Crate", kA, 2}) ==
          "create entity 00000000000000aa 'Crate' under 00000000000000a1 at 2");
  REQUIRE(Describe(DestroySubtreeCommand{kB}) == "destroy subtree of 00000000000000b2");
  REQUIRE(Describe(RestoreSubtreeCommand{SnapshotSubtree(world, world.GetEntity(kB))}) ==
          "restore 2 entities under 00000000000000a1");
  REQUIRE(Describe(RestoreSubtreeCommand{}) == "restore 0 entities");
  REQUIRE(Describe(AddComponentCommand{kC, ValueOf(world, Light{})}) == "add component Light to 00000000000000c3");
  REQUIRE(Describe(RemoveComponentCommand{kB, "Light"}) == "remove component Light from 00000000000000b2");
  REQUIRE(Describe(SetComponentCommand{kA, ValueOf(world, Transform{})}) == "set component Transform of 00000000000000a1");
  REQUIRE(Describe(SetParentCommand{kC, kE, 0, false}) == "move 00000000000000c3 under 00000000000000e5 at 0");
  REQUIRE(Describe(SetParentCommand{kC, kNoEntityId, kAppendPosition, true}) ==
          "move 00000000000000c3 under the root at last");
  REQUIRE(Describe(RenameCommand{kA, "Alpha"}) == "rename 00000000000000a1 to 'Alpha'");
}

// ---- Actions ---------------------------------------------------------------------------

TEST_CASE("ApplyAction applies every command and returns the inverse action", "[ecs][command]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  const std::string before = DumpWorld(world);
  const Action action{"Build a lamp",
                      {CreateEntityCommand{EntityId{0x1}, "Lamp", kE, 0},
                       AddComponentCommand{EntityId{0x1}, ValueOf(world, Light{})},
                       SetParentCommand{kC, EntityId{0x1}, kAppendPosition, false},
                       RenameCommand{kC, "Bulb"}}};
  const Action inverse = ApplyAction(world, action);
  REQUIRE(inverse.name == "Build a lamp");
  REQUIRE(inverse.commands.size() == 4);
  REQUIRE(std::holds_alternative<RenameCommand>(inverse.commands.front()));
  REQUIRE(std::holds_alternative<DestroySubtreeCommand>(inverse.commands.back()));
  REQUIRE(ChildIds(world, EntityId{0x1}) == std::vector<EntityId>{kC});
  const std::string after = DumpWorld(world);
  const Action redo = ApplyAction(world, inverse);
  REQUIRE(DumpWorld(world) == before);
  ApplyAction(world, redo);
  REQUIRE(DumpWorld(world) == after);
}

TEST_CASE("An empty action changes nothing and inverts to an empty action", "[ecs][command]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  const std::string before = DumpWorld(world);
  const Action inverse = ApplyAction(world, Action{"Nothing", {}});
  REQUIRE(inverse.name == "Nothing");
  REQUIRE(inverse.commands.empty());
  REQUIRE(DumpWorld(world) == before);
}

TEST_CASE("A failing command rolls back the commands before it", "[ecs][command]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  const std::string before = DumpWorld(world);
  const Action action{"Build",
                      {CreateEntityCommand{EntityId{0x1}, "Crate", kA, 0},
                       RenameCommand{kB, "Renamed"},
                       AddComponentCommand{kMissing, ValueOf(world, Light{})}}};
  REQUIRE_THROWS_AS(ApplyAction(world, action), CommandError);
  REQUIRE_THROWS_WITH(ApplyAction(world, action),
                      "action 'Build' failed at command 3 of 3 (add component Light to 00000000000000ff): "
                      "entity 00000000000000ff does not exist");
  REQUIRE(DumpWorld(world) == before);
  REQUIRE(world.FindEntity(EntityId{0x1}).IsNull());
}

TEST_CASE("Rolling back restores destroyed subtrees and moved entities", "[ecs][command]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  const std::string before = DumpWorld(world);
  const Action action{"Tidy up",
                      {DestroySubtreeCommand{kB},
                       SetParentCommand{kC, kE, 0, true},
                       SetComponentCommand{kA, ValueOf(world, Transform{})},
                       SetParentCommand{kE, kC, 0, false}}};  // E is now C's parent: a cycle
  REQUIRE_THROWS_WITH(ApplyAction(world, action),
                      "action 'Tidy up' failed at command 4 of 4 (move 00000000000000e5 under 00000000000000c3 at 0): "
                      "cannot parent entity 00000000000000e5 (E) under entity 00000000000000c3 (C): that would make a "
                      "cycle (it is a descendant of the child)");
  REQUIRE(DumpWorld(world) == before);
}

TEST_CASE("A failing first command needs no rollback", "[ecs][command]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  const std::string before = DumpWorld(world);
  REQUIRE_THROWS_WITH(ApplyAction(world, Action{"Remove", {RemoveComponentCommand{kC, "Light"}, RenameCommand{kC, "x"}}}),
                      "action 'Remove' failed at command 1 of 2 (remove component Light from 00000000000000c3): "
                      "entity 00000000000000c3 (C) has no component Light");
  REQUIRE(DumpWorld(world) == before);
}

TEST_CASE("Commands of one action see the effects of the earlier ones", "[ecs][command]") {
  TestWorld world(kWorldSeed);
  BuildCommandScene(world);
  const Action action{"Chain",
                      {CreateEntityCommand{EntityId{0x1}, "One", kNoEntityId, kAppendPosition},
                       CreateEntityCommand{EntityId{0x2}, "Two", EntityId{0x1}, kAppendPosition},
                       DestroySubtreeCommand{EntityId{0x1}},
                       CreateEntityCommand{EntityId{0x2}, "Two again", kNoEntityId, 0}}};
  const std::string before = DumpWorld(world);
  const Action inverse = ApplyAction(world, action);
  REQUIRE(world.FindEntity(EntityId{0x1}).IsNull());
  REQUIRE(world.GetComponent<Name>(world.GetEntity(EntityId{0x2})).value == "Two again");
  ApplyAction(world, inverse);
  REQUIRE(DumpWorld(world) == before);
}
