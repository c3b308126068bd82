#include <catch2/catch.hpp>

#include <set>

#include "cairn/ecs/builtin_components.h"
#include "cairn/ecs/world_dump.h"
#include "cairn/editor/panels/demo_scene.h"
#include "cairn/serialization/project_scenes.h"
#include "cairn/serialization/scene_writer.h"

using cairn::editor::LoadDemoScene;
namespace ecs = cairn::ecs;

TEST_CASE("The demo scene loads with a ground, shapes in a hierarchy, three kinds of light and a camera",
          "[editor_panels][demo]") {
  cairn::serialization::Scene demo = LoadDemoScene();
  ecs::Coordinator& world = *demo.world;
  std::set<ecs::MeshShape> shapes;
  world.Each<ecs::MeshRenderer>([&](ecs::Entity, ecs::MeshRenderer& mesh) { shapes.insert(mesh.mesh); });
  CHECK(shapes == std::set<ecs::MeshShape>{ecs::MeshShape::kCube, ecs::MeshShape::kSphere, ecs::MeshShape::kPlane,
                                           ecs::MeshShape::kCylinder, ecs::MeshShape::kCone});
  std::set<ecs::LightType> lights;
  world.Each<ecs::Light>([&](ecs::Entity, ecs::Light& light) { lights.insert(light.type); });
  CHECK(lights == std::set<ecs::LightType>{ecs::LightType::kDirectional, ecs::LightType::kPoint, ecs::LightType::kSpot});
  int primary_cameras = 0;
  world.Each<ecs::Camera>([&](ecs::Entity, ecs::Camera& camera) { primary_cameras += camera.primary ? 1 : 0; });
  CHECK(primary_cameras == 1);
  int depth_two = 0;
  world.ForEachEntity([&](ecs::Entity entity) {
    const ecs::Entity parent = world.GetParent(entity);
    if (!parent.IsNull() && !world.GetParent(parent).IsNull()) ++depth_two;
  });
  CHECK(depth_two >= 1);
  REQUIRE(demo.editor.Find("camera") != nullptr);
}

TEST_CASE("The demo scene saves and loads back unchanged", "[editor_panels][demo]") {
  cairn::serialization::Scene demo = LoadDemoScene();
  const std::string text = cairn::serialization::SaveSceneToString(*demo.world, demo.editor);
  cairn::serialization::LoadResult again =
      cairn::serialization::LoadScene(text, cairn::serialization::ProjectSceneOptions(cairn::editor::DemoProject()));
  REQUIRE(again.Ok());
  CHECK(ecs::DumpWorld(*again.scene->world) == ecs::DumpWorld(*demo.world));
}

TEST_CASE("The demo belongs to a game project with three component types, each used by a demo entity",
          "[editor_panels][demo]") {
  const auto project = cairn::editor::DemoProject();
  REQUIRE(project != nullptr);
  CHECK(project->name == "Cairn Demo");
  CHECK(project->file.empty());
  REQUIRE(project->components.size() >= 3);
  cairn::serialization::Scene demo = LoadDemoScene();
  ecs::Coordinator& world = *demo.world;
  for (const ecs::RuntimeComponentDefinition& definition : project->components) {
    INFO(definition.name);
    const ecs::ComponentInfo* info = world.FindComponentInfo(definition.name);
    REQUIRE(info != nullptr);
    CHECK(info->IsRuntimeDefined());
    std::size_t users = 0;
    world.ForEachEntity([&](ecs::Entity entity) { users += world.HasComponent(entity, info->type) ? 1 : 0; });
    CHECK(users >= 1);
  }
  // The pillar's door points at the beacon.
  const ecs::ComponentInfo* door = world.FindComponentInfo("Door");
  const ecs::Entity pillar = world.FindEntity(ecs::EntityId{0x70c5e2b86d19a34fULL});
  REQUIRE(world.HasComponent(pillar, door->type));
  const ecs::EntityId target = door->FindField("target")->Ref<ecs::EntityId>(world.GetComponentData(pillar, door->type));
  CHECK(target == ecs::EntityId{0x81d4b7f0a2c95e36ULL});
}
