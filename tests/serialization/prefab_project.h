#pragma once
// The prefab tests' project: a folder with lamp.scene (Lamp > Bulb, Base), a
// component with a field of every type, and helpers to place instances and
// read and write fields by name.

#include <catch2/catch.hpp>

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

#include "cairn/ecs/builtin_components.h"
#include "cairn/ecs/command.h"
#include "cairn/ecs/components/follow.h"
#include "cairn/ecs/components/light.h"
#include "cairn/ecs/components/mesh_renderer.h"
#include "cairn/ecs/components/name.h"
#include "cairn/ecs/components/transform.h"
#include "cairn/ecs/runtime_component.h"
#include "cairn/serialization/prefab.h"
#include "cairn/serialization/scene_loader.h"
#include "cairn/serialization/scene_writer.h"
#include "cairn/serialization/unknown_components.h"
#include "test_support.h"

namespace cairn::serialization::test {

using ecs::Coordinator;
using ecs::EntityId;
using ecs::FieldType;
using ecs::PlainValue;

// A project component with a field of every type, to override each one.
inline ecs::RuntimeComponentDefinition ProbeDefinition() {
  ecs::RuntimeComponentDefinition probe;
  probe.name = "Probe";
  const auto field = [&probe](std::string name, FieldType type) {
    ecs::RuntimeFieldDefinition definition;
    definition.name = std::move(name);
    definition.type = type;
    if (type == FieldType::kEnum) definition.enum_names = {"idle", "alert", "asleep"};
    probe.fields.push_back(std::move(definition));
  };
  field("on", FieldType::kBool);
  field("count", FieldType::kInt);
  field("speed", FieldType::kFloat);
  field("size", FieldType::kVec2);
  field("offset", FieldType::kVec3);
  field("tint", FieldType::kVec4);
  field("turn", FieldType::kQuat);
  field("label", FieldType::kString);
  field("mood", FieldType::kEnum);
  field("watch", FieldType::kEntityRef);
  field("model", FieldType::kAsset);
  return probe;
}

inline void RegisterTestComponents(Coordinator& world) {
  ecs::RegisterBuiltinComponents(world);
  world.RegisterRuntimeComponent(ProbeDefinition());
}

constexpr EntityId kLamp{0x1000000000000001};
constexpr EntityId kBulb{0x1000000000000002};
constexpr EntityId kBase{0x1000000000000003};

struct Project {
  TempDir dir{"prefabs"};
  LoadOptions options;
  PrefabLibrary library;

  Project() : options(MakeOptions(dir.Path())), library(dir.Path(), options) {}

  static LoadOptions MakeOptions(const std::filesystem::path& folder) {
    LoadOptions options;
    options.register_components = RegisterTestComponents;
    options.asset_folder = folder;
    options.id_seed = 11;
    return options;
  }

  std::unique_ptr<Coordinator> NewWorld() const {
    auto world = std::make_unique<Coordinator>(5);
    RegisterTestComponents(*world);
    RegisterUnknownComponents(*world);
    RegisterPrefabInstance(*world);
    return world;
  }

  // lamp.scene: Lamp (MeshRenderer, Probe watching Bulb) > Bulb (Light), Base (Follow Bulb).
  void WriteLamp(glm::vec4 color = {1, 1, 1, 1}, bool with_base = true) const {
    auto world = NewWorld();
    const auto lamp = world->CreateEntity(kLamp);
    world->AddComponent(lamp, ecs::Name{"Lamp"});
    world->AddComponent(lamp, ecs::Transform{});
    world->AddComponent(lamp, ecs::MeshRenderer{.mesh = ecs::MeshShape::kCylinder, .color = color, .asset = ""});
    world->AddComponentFromName(lamp, "Probe");
    const ecs::ComponentInfo& probe = *world->FindComponentInfo("Probe");
    probe.FindField("watch")->Ref<EntityId>(world->GetComponentData(lamp, probe.type)) = kBulb;
    const auto bulb = world->CreateEntity(kBulb);
    world->AddComponent(bulb, ecs::Name{"Bulb"});
    world->AddComponent(bulb, ecs::Transform{});
    world->AddComponent(bulb, ecs::Light{});
    world->SetParent(bulb, lamp);
    if (with_base) {
      const auto base = world->CreateEntity(kBase);
      world->AddComponent(base, ecs::Name{"Base"});
      world->AddComponent(base, ecs::Transform{});
      world->AddComponent(base, ecs::Follow{.target = kBulb, .offset = {0, -1, 0}, .smoothing = 0});
      world->SetParent(base, lamp);
    }
    Write("lamp.scene", *world);
  }

  void Write(const std::string& name, const Coordinator& world) const {
    REQUIRE(SaveSceneFile(dir / name, world, PlainValue(), const_cast<PrefabLibrary*>(&library)).ok);
  }

  // Places an instance of `path` as a root (or under `parent`).
  void Place(Coordinator& world, const std::string& path, EntityId id, EntityId parent = ecs::kNoEntityId) {
    const PrefabLookup lookup = library.Get(path);
    REQUIRE(lookup.error == "");
    ecs::ApplyCommand(world, ecs::RestoreSubtreeCommand{InstanceRecords(*lookup.prefab, world, id, parent)});
  }

  std::string Save(const Coordinator& world) { return SaveSceneToString(world, PlainValue(), &library); }

  LoadResult Load(const std::string& text) {
    LoadOptions with_library = options;
    with_library.prefabs = &library;
    return LoadScene(text, with_library);
  }
};

inline EntityId In(EntityId instance, EntityId prefab_entity) { return InstanceEntityId(instance, kLamp, prefab_entity); }

inline const void* Data(const Coordinator& world, EntityId id, std::string_view component) {
  const ecs::ComponentInfo& info = *world.FindComponentInfo(component);
  return world.HasComponent(world.GetEntity(id), info.type) ? world.GetComponentData(world.GetEntity(id), info.type)
                                                            : nullptr;
}

inline PlainValue Field(const Coordinator& world, EntityId id, std::string_view component, std::string_view field) {
  const ecs::ComponentInfo& info = *world.FindComponentInfo(component);
  return ecs::FieldToPlain(*info.FindField(field), Data(world, id, component));
}

inline void SetField(Coordinator& world, EntityId id, std::string_view component, std::string_view field, PlainValue value) {
  const ecs::ComponentInfo& info = *world.FindComponentInfo(component);
  ecs::FieldFromPlain(*info.FindField(field), value, world.GetComponentData(world.GetEntity(id), info.type), "test");
}

constexpr EntityId kFirst{0xa000000000000001};
constexpr EntityId kSecond{0xb000000000000002};

}  // namespace cairn::serialization::test
