// The headers `cairn codegen` writes (app/cli/component_header.h), generated
// at build time from the sample project (namespace beacon) and from a project
// of awkward names (namespace edge, tests/cli/data/codegen/edge): the C++
// types must be interchangeable with the projects' runtime definitions.
// Built with warnings as errors.

#include "beacon_components.h"
#include "edge_components.h"

#include <catch2/catch.hpp>

#include <functional>
#include <memory>
#include <string>

#include "cairn/ecs/builtin_components.h"
#include "cairn/ecs/component_value.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/serialization/project.h"
#include "cairn/serialization/runtime_export.h"
#include "cairn/serialization/runtime_loader.h"
#include "cairn/serialization/scene_loader.h"
#include "cairn/serialization/scene_writer.h"
#include "cairn/serialization/schema.h"
#include "cli_test_support.h"

namespace {

using namespace cairn::cli::test;
using cairn::ecs::ComponentInfo;
using cairn::ecs::Coordinator;
using cairn::ecs::EntityId;
using cairn::serialization::Project;
using Registration = std::function<void(Coordinator&)>;

Project LoadTestProject(const std::filesystem::path& file) {
  Coordinator builtins(1);
  cairn::ecs::RegisterBuiltinComponents(builtins);
  cairn::serialization::ProjectLoadResult loaded = cairn::serialization::LoadProjectFile(file, builtins);
  INFO(file.string() << ": " << (loaded.diagnostics.empty() ? "" : loaded.diagnostics.front().ToString()));
  REQUIRE(loaded.Ok());
  return *loaded.project;
}

Project Beacon() { return LoadTestProject(SerializationData("project/cairn.project.json")); }
Project Edge() { return LoadTestProject(CliData("codegen/edge/cairn.project.json")); }

// The built-in components, then the project's: as a game (the generated
// function) or as the editor (the runtime definitions) registers them.
Registration Typed(void (*register_project)(Coordinator&)) {
  return [register_project](Coordinator& world) {
    cairn::ecs::RegisterBuiltinComponents(world);
    register_project(world);
  };
}
Registration Runtime(const Project& project) {
  return [project](Coordinator& world) {
    cairn::ecs::RegisterBuiltinComponents(world);
    cairn::serialization::RegisterProjectComponents(world, project);
  };
}

std::unique_ptr<Coordinator> World(const Registration& registration) {
  auto world = std::make_unique<Coordinator>(7);
  registration(*world);
  return world;
}

// Both registrations of one project, for the cases that hold for every project.
struct Registrations {
  std::string name;
  Project project;
  Registration typed;
  Registration runtime;
};

std::vector<Registrations> BothProjects() {
  const Project beacon = Beacon();
  const Project edge = Edge();
  return {{"beacon", beacon, Typed(beacon::RegisterProjectComponents), Runtime(beacon)},
          {"edge", edge, Typed(edge::RegisterProjectComponents), Runtime(edge)}};
}

const ComponentInfo& InfoOf(const Coordinator& world, const std::string& name) {
  const ComponentInfo* info = world.FindComponentInfo(name);
  REQUIRE(info != nullptr);
  return *info;
}

// The scene text of `world` loaded through `registration` and saved again.
std::string Resaved(const std::string& scene, const Registration& registration) {
  cairn::serialization::LoadOptions options;
  options.register_components = registration;
  options.id_seed = 3;
  const cairn::serialization::LoadResult loaded = cairn::serialization::LoadScene(scene, options);
  INFO((loaded.diagnostics.empty() ? "" : loaded.diagnostics.front().ToString()));
  REQUIRE(loaded.Ok());
  REQUIRE(loaded.diagnostics.empty());
  return cairn::serialization::SaveSceneToString(*loaded.scene->world, loaded.scene->editor);
}

beacon::Door SomeDoor() {
  beacon::Door door;
  door.target = EntityId{0x1000000000000002};
  door.open = true;
  door.speed = 7.25f;
  door.uses = 12;
  door.label = "Cellar";
  door.mode = beacon::Door::Mode::kHinged;
  door.tint = {0.1f, 0.2f, 0.3f, 0.4f};
  door.hinge = {0.0f, 0.0f, 1.0f};
  door.uv = {0.5f, -0.5f};
  door.plane = {1.0f, 2.0f, 3.0f, 4.0f};
  door.turn = glm::quat(0.0f, 0.0f, 0.0f, 1.0f);
  door.mesh = "meshes/cellar.glb";
  return door;
}

edge::Marker SomeMarker() {
  edge::Marker marker;
  marker.state = edge::Marker::State::kSlidingDoor;
  marker.pickup_kind = edge::Marker::PickupKind::kOnly;
  marker.lowest = -5;
  marker.text = "\"quoted\" ?\?= \\";
  marker.who = EntityId{0x1000000000000001};
  marker.turn = glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
  marker.tint = {1.0f, 0.0f, 0.0f, 1.0f};
  marker.any_file = "sounds/step.ogg";
  marker.std = 2.0f;
  marker.glm = {3.0f, 4.0f};
  marker.coordinator = {5.0f, 6.0f, 7.0f};
  return marker;
}

}  // namespace

TEST_CASE("The generated types give the scene and export schemas of the project's runtime definitions",
          "[cli][codegen]") {
  for (const Registrations& project : BothProjects()) {
    CAPTURE(project.name);
    const auto typed = World(project.typed);
    const auto runtime = World(project.runtime);

    REQUIRE(cairn::serialization::GenerateSceneSchema(*typed) == cairn::serialization::GenerateSceneSchema(*runtime));
    REQUIRE(cairn::serialization::GenerateRuntimeSchema(*typed) ==
            cairn::serialization::GenerateRuntimeSchema(*runtime));
  }
}

TEST_CASE("The generated registration records the project's names, fields, enum names, hints and tooltips",
          "[cli][codegen]") {
  for (const Registrations& project : BothProjects()) {
    CAPTURE(project.name);
    const auto typed = World(project.typed);
    const auto runtime = World(project.runtime);
    REQUIRE(typed->ComponentTypeCount() == runtime->ComponentTypeCount());
    for (const cairn::ecs::RuntimeComponentDefinition& component : project.project.components) {
      const ComponentInfo& cpp = InfoOf(*typed, component.name);
      const ComponentInfo& data = InfoOf(*runtime, component.name);
      CAPTURE(component.name);
      REQUIRE_FALSE(cpp.IsRuntimeDefined());
      REQUIRE(data.IsRuntimeDefined());
      REQUIRE(cpp.type == data.type);
      REQUIRE(cpp.ui_accessible == data.ui_accessible);
      REQUIRE(cpp.serialized == data.serialized);
      REQUIRE(cpp.description == data.description);
      REQUIRE(cpp.category == data.category);
      REQUIRE(cpp.fields.size() == data.fields.size());
      for (std::size_t i = 0; i < cpp.fields.size(); ++i) {
        const cairn::ecs::FieldInfo& a = cpp.fields[i];
        const cairn::ecs::FieldInfo& b = data.fields[i];
        CAPTURE(b.name);
        REQUIRE(a.name == b.name);
        REQUIRE(a.type == b.type);
        REQUIRE(a.enum_names == b.enum_names);
        REQUIRE(a.hints.min == b.hints.min);
        REQUIRE(a.hints.max == b.hints.max);
        REQUIRE(a.hints.speed == b.hints.speed);
        REQUIRE(a.hints.color == b.hints.color);
        REQUIRE(a.hints.unit == b.hints.unit);
        REQUIRE(a.hints.max_length == b.hints.max_length);
        REQUIRE(a.hints.extensions == b.hints.extensions);
      }
    }
    REQUIRE(typed->UiAccessibleComponentNames() == runtime->UiAccessibleComponentNames());
  }
}

TEST_CASE("A default-constructed generated struct holds the project's defaults", "[cli][codegen]") {
  for (const Registrations& project : BothProjects()) {
    CAPTURE(project.name);
    const auto typed = World(project.typed);
    const auto runtime = World(project.runtime);
    for (const cairn::ecs::RuntimeComponentDefinition& component : project.project.components) {
      CAPTURE(component.name);
      const cairn::ecs::ComponentValue cpp(typed->GetComponentInfoPtr(InfoOf(*typed, component.name).type));
      const cairn::ecs::ComponentValue data(runtime->GetComponentInfoPtr(InfoOf(*runtime, component.name).type));
      REQUIRE(cpp.ToPlain() == data.ToPlain());
    }
  }

  // The same, spelled out for the sample project's Door.
  const beacon::Door door;
  REQUIRE(door.target == cairn::ecs::kNoEntityId);
  REQUIRE_FALSE(door.open);
  REQUIRE(door.speed == 2.5f);
  REQUIRE(door.uses == 3);
  REQUIRE(door.label == "Front door");
  REQUIRE(door.mode == beacon::Door::Mode::kSliding);
  REQUIRE(door.tint == glm::vec4(1.0f, 0.5f, 0.25f, 1.0f));
  REQUIRE(door.hinge == glm::vec3(0.0f, 1.0f, 0.0f));
  REQUIRE(door.turn == glm::quat(1.0f, 0.0f, 0.0f, 0.0f));
  REQUIRE(door.mesh == "meshes/door.glb");
  REQUIRE(beacon::Health{}.points == 100);
  const edge::Marker marker;
  REQUIRE(marker.lowest == -2147483647 - 1);
  REQUIRE(marker.text == "quote \" backslash \\ tab \t newline \n \xC3\xA9 ?\?= end");
  REQUIRE(marker.who == EntityId{0xab});
  REQUIRE(marker.turn == glm::quat(0.0f, 0.0f, 1.0f, 0.0f));
  REQUIRE(marker.state == edge::Marker::State::k3d);
  REQUIRE(marker._lower);
}

TEST_CASE("A scene written through the generated types reads and writes the same through the runtime definitions",
          "[cli][codegen]") {
  const Project beacon_project = Beacon();
  const Project edge_project = Edge();
  const Registration beacon_typed = Typed(beacon::RegisterProjectComponents);
  const Registration edge_typed = Typed(edge::RegisterProjectComponents);
  const auto beacon_world = World(beacon_typed);
  const auto edge_world = World(edge_typed);
  const cairn::ecs::Entity door = beacon_world->CreateEntity(EntityId{0x1000000000000001});
  beacon_world->AddComponent(door, SomeDoor());
  beacon_world->AddComponent(beacon_world->CreateEntity(EntityId{0x1000000000000002}), beacon::Health{42});
  const cairn::ecs::Entity marker = edge_world->CreateEntity(EntityId{0x1000000000000001});
  edge_world->AddComponent(marker, SomeMarker());
  edge_world->AddComponent(marker, edge::coordinator{-8});
  edge_world->AddComponent(marker, edge::Empty{});

  const cairn::ecs::PlainValue editor = cairn::ecs::PlainValue::MakeObject();
  const std::string beacon_scene = cairn::serialization::SaveSceneToString(*beacon_world, editor);
  const std::string edge_scene = cairn::serialization::SaveSceneToString(*edge_world, editor);

  REQUIRE(Resaved(beacon_scene, Runtime(beacon_project)) == beacon_scene);
  REQUIRE(Resaved(edge_scene, Runtime(edge_project)) == edge_scene);
  cairn::serialization::LoadOptions runtime_options;
  runtime_options.register_components = Runtime(beacon_project);
  const cairn::serialization::LoadResult runtime_loaded =
      cairn::serialization::LoadScene(beacon_scene, runtime_options);
  REQUIRE(runtime_loaded.Ok());
  REQUIRE(cairn::serialization::ExportRuntime(*runtime_loaded.scene->world, {.include_world_matrices = true}) ==
          cairn::serialization::ExportRuntime(*beacon_world, {.include_world_matrices = true}));

  // And back: the runtime world's text read into the generated structs.
  cairn::serialization::LoadOptions options;
  options.register_components = beacon_typed;
  const cairn::serialization::LoadResult reread =
      cairn::serialization::LoadScene(Resaved(beacon_scene, Runtime(beacon_project)), options);
  REQUIRE(reread.Ok());
  const Coordinator& world = *reread.scene->world;
  REQUIRE(world.GetComponent<beacon::Door>(world.FindEntity(EntityId{0x1000000000000001})) == SomeDoor());
  REQUIRE(world.GetComponent<beacon::Health>(world.FindEntity(EntityId{0x1000000000000002})).points == 42);
  options.register_components = edge_typed;
  const cairn::serialization::LoadResult edge_reread =
      cairn::serialization::LoadScene(Resaved(edge_scene, Runtime(edge_project)), options);
  REQUIRE(edge_reread.Ok());
  const cairn::ecs::Entity edge_marker = edge_reread.scene->world->FindEntity(EntityId{0x1000000000000001});
  REQUIRE(edge_reread.scene->world->GetComponent<edge::Marker>(edge_marker) == SomeMarker());
  REQUIRE(edge_reread.scene->world->GetComponent<edge::coordinator>(edge_marker).Marker == -8);
}

TEST_CASE("A game loads an export holding project components into the generated structs", "[cli][codegen]") {
  cairn::serialization::LoadOptions options;
  options.register_components = Typed(beacon::RegisterProjectComponents);
  const cairn::serialization::RuntimeLoadResult level =
      cairn::serialization::LoadRuntimeFile(CliData("codegen/beacon.runtime.json"), options);
  INFO((level.diagnostics.empty() ? "" : level.diagnostics.front().ToString()));
  REQUIRE(level.Ok());
  REQUIRE(level.diagnostics.empty());
  const Coordinator& world = *level.world;

  const cairn::ecs::Entity door_entity = world.FindEntity(EntityId{0x1000000000000001});
  const cairn::ecs::Entity guard = world.FindEntity(EntityId{0x1000000000000002});
  REQUIRE(world.GetParent(guard) == door_entity);
  const beacon::Door& door = world.GetComponent<beacon::Door>(door_entity);
  REQUIRE(door.target == EntityId{0x1000000000000002});
  REQUIRE(door.open);
  REQUIRE(door.speed == 4.5f);
  REQUIRE(door.uses == 7);
  REQUIRE(door.label == "Back door");
  REQUIRE(door.mode == beacon::Door::Mode::kHinged);
  REQUIRE(door.tint == glm::vec4(0.25f, 0.5f, 0.75f, 1.0f));
  REQUIRE(door.hinge == glm::vec3(1.0f, 0.0f, 0.0f));
  REQUIRE(door.uv == glm::vec2(0.5f, 0.25f));
  REQUIRE(door.plane == glm::vec4(0.0f, 1.0f, 0.0f, -2.0f));
  REQUIRE(door.turn == glm::quat(0.0f, 0.0f, 1.0f, 0.0f));
  REQUIRE(door.mesh == "meshes/back_door.gltf");
  REQUIRE(world.GetComponent<beacon::Health>(guard) == beacon::Health{42});
  REQUIRE_FALSE(world.HasComponent<beacon::Health>(door_entity));
}
