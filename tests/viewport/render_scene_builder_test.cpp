#include <catch2/catch.hpp>

#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

#include "cairn/ecs/components/camera.h"
#include "cairn/ecs/components/light.h"
#include "cairn/editor/selection.h"
#include "cairn/editor/viewport/pick_table.h"
#include "cairn/editor/viewport/render_scene_builder.h"
#include "cairn/editor/viewport/world_matrices.h"
#include "viewport_test_world.h"

namespace ecs = cairn::ecs;
namespace render = cairn::render;
using cairn::editor::PickTable;
using cairn::editor::RenderSceneBuilder;
using cairn::editor::RenderSceneCounts;
using cairn::editor::Selection;
using cairn::editor::ToLightData;
using cairn::editor::ToRenderShape;
using cairn::editor::WorldMatrices;
namespace t = cairn::editor::testing;

namespace {

struct Built {
  render::RenderScene scene;
  PickTable picks;
  RenderSceneCounts counts;
};

Built Build(ecs::Coordinator& world, const Selection& selection = {}) {
  WorldMatrices matrices;
  matrices.Refresh(world);
  RenderSceneBuilder builder;
  Built built;
  built.counts = builder.Build(world, matrices, selection, built.scene, built.picks);
  return built;
}

}  // namespace

TEST_CASE("Every MeshRenderer becomes one instance of its shape with its world matrix and colour",
          "[viewport][scene]") {
  auto world = t::MakeWorld();
  const glm::vec4 red{1.0f, 0.0f, 0.0f, 1.0f};
  const auto cube = t::AddMesh(*world, "Cube", ecs::MeshShape::kCube, t::At({1, 2, 3}), red);
  t::AddMesh(*world, "Ball", ecs::MeshShape::kSphere, t::At({0, 0, -4}));
  t::AddMesh(*world, "Floor", ecs::MeshShape::kPlane, t::At({0, 0, 0}, {1, 0, 0, 0}, {10, 1, 10}));
  t::AddEntity(*world, "Empty");

  const Built built = Build(*world);
  CHECK(built.counts.meshes == 3);
  REQUIRE(built.scene.meshes.Batch(render::MeshShape::Cube).size() == 1);
  CHECK(built.scene.meshes.Batch(render::MeshShape::Sphere).size() == 1);
  CHECK(built.scene.meshes.Batch(render::MeshShape::Plane).size() == 1);
  CHECK(built.scene.meshes.Batch(render::MeshShape::Cylinder).empty());
  const render::MeshInstance& instance = built.scene.meshes.Batch(render::MeshShape::Cube).front();
  CHECK(instance.world == world->ComputeWorldMatrix(world->GetEntity(cube)));
  CHECK(instance.color == red);
  CHECK(instance.selection == render::SelectionState::None);
  CHECK(built.scene.meshes.Batch(render::MeshShape::Plane).front().world[0][0] == 10.0f);
}

TEST_CASE("A child's instance is placed by its parent's world matrix", "[viewport][scene]") {
  auto world = t::MakeWorld();
  const auto parent = t::AddEntity(*world, "Parent", t::At({10, 0, 0}, glm::angleAxis(glm::radians(90.0f), glm::vec3(0, 1, 0)), glm::vec3(2)));
  t::AddMesh(*world, "Child", ecs::MeshShape::kCube, t::At({1, 0, 0}), glm::vec4(1.0f), parent);

  const Built built = Build(*world);
  const glm::mat4& matrix = built.scene.meshes.Batch(render::MeshShape::Cube).front().world;
  // (1, 0, 0) scaled by 2 and turned 90 degrees about Y lands on -Z.
  CHECK_NEAR_VEC(glm::vec3(matrix[3]), glm::vec3(10, 0, -2));
}

TEST_CASE("The shapes of MeshRenderer map one to one onto the renderer's shapes", "[viewport][scene]") {
  CHECK(ToRenderShape(ecs::MeshShape::kCube) == render::MeshShape::Cube);
  CHECK(ToRenderShape(ecs::MeshShape::kSphere) == render::MeshShape::Sphere);
  CHECK(ToRenderShape(ecs::MeshShape::kPlane) == render::MeshShape::Plane);
  CHECK(ToRenderShape(ecs::MeshShape::kCylinder) == render::MeshShape::Cylinder);
  CHECK(ToRenderShape(ecs::MeshShape::kCone) == render::MeshShape::Cone);
  CHECK(ToRenderShape(static_cast<ecs::MeshShape>(99)) == render::MeshShape::Cube);
}

TEST_CASE("A light shines along its entity's local -Z from the entity's world position", "[viewport][scene]") {
  ecs::Light light;
  light.type = ecs::LightType::kSpot;
  light.color = {1.0f, 0.5f, 0.25f};
  light.intensity = 3.0f;
  light.range = 12.0f;
  light.cone_angle_degrees = 20.0f;

  SECTION("unrotated: straight along -Z") {
    const render::LightData data = ToLightData(light, glm::translate(glm::mat4(1.0f), {1, 2, 3}));
    CHECK(data.type == render::LightType::Spot);
    CHECK(data.position == glm::vec3(1, 2, 3));
    CHECK_NEAR_VEC(data.direction, glm::vec3(0, 0, -1));
    CHECK(data.color == light.color);
    CHECK(data.intensity == 3.0f);
    CHECK(data.range == 12.0f);
    CHECK(data.cone_angle_degrees == 40.0f);  // the renderer wants the full opening angle
  }
  SECTION("pitched down 90 degrees about X and scaled: straight down, unit length") {
    glm::mat4 matrix = glm::rotate(glm::mat4(1.0f), glm::radians(-90.0f), glm::vec3(1, 0, 0));
    matrix = glm::scale(matrix, glm::vec3(5.0f));
    const render::LightData data = ToLightData(light, matrix);
    CHECK_NEAR_VEC(data.direction, glm::vec3(0, -1, 0));
  }
  SECTION("a matrix that collapses Z: straight down instead of NaN") {
    const render::LightData data = ToLightData(light, glm::scale(glm::mat4(1.0f), glm::vec3(1, 1, 0)));
    CHECK(data.direction == glm::vec3(0, -1, 0));
  }
  SECTION("types") {
    light.type = ecs::LightType::kDirectional;
    CHECK(ToLightData(light, glm::mat4(1.0f)).type == render::LightType::Directional);
    light.type = ecs::LightType::kPoint;
    CHECK(ToLightData(light, glm::mat4(1.0f)).type == render::LightType::Point);
  }
}

TEST_CASE("Lights and cameras get icons at their world positions, lights also light the scene",
          "[viewport][scene]") {
  auto world = t::MakeWorld();
  const auto lamp = t::AddEntity(*world, "Lamp", t::At({0, 3, 0}));
  ecs::Light light;
  light.color = {1.0f, 0.9f, 0.2f};
  world->AddComponent<ecs::Light>(world->GetEntity(lamp), light);
  const auto eye = t::AddEntity(*world, "Eye", t::At({0, 1, 8}));
  world->AddComponent<ecs::Camera>(world->GetEntity(eye), ecs::Camera{});

  const Built built = Build(*world);
  CHECK(built.counts.lights == 1);
  CHECK(built.counts.icons == 2);
  REQUIRE(built.scene.lights.size() == 1);
  CHECK(built.scene.lights[0].type == render::LightType::Point);
  CHECK(built.scene.lights[0].position == glm::vec3(0, 3, 0));
  REQUIRE(built.scene.icons.size() == 2);
  CHECK(built.scene.icons[0].kind == render::IconKind::Light);
  CHECK(built.scene.icons[0].position == glm::vec3(0, 3, 0));
  CHECK(built.scene.icons[0].color == glm::vec4(1.0f, 0.9f, 0.2f, 1.0f));
  CHECK(built.scene.icons[1].kind == render::IconKind::Camera);
  CHECK(built.scene.icons[1].position == glm::vec3(0, 1, 8));
  CHECK(built.scene.icons[1].color == RenderSceneBuilder::kCameraIconColor);
  CHECK(built.picks.FindId(built.scene.icons[0].pick_id, *world) == lamp);
  CHECK(built.picks.FindId(built.scene.icons[1].pick_id, *world) == eye);
}

TEST_CASE("Pick ids count from 1 in drawing order and map back to their entities", "[viewport][scene][pick]") {
  auto world = t::MakeWorld();
  std::vector<ecs::EntityId> ids;
  for (int i = 0; i < 5; ++i) {
    ids.push_back(t::AddMesh(*world, "Cube " + std::to_string(i), i % 2 ? ecs::MeshShape::kSphere : ecs::MeshShape::kCube,
                             t::At({static_cast<float>(i), 0, 0})));
  }
  const Built built = Build(*world);
  REQUIRE(built.picks.Size() == 5);
  std::vector<std::uint32_t> seen;
  for (render::MeshShape shape : render::kAllMeshShapes) {
    for (const render::MeshInstance& instance : built.scene.meshes.Batch(shape)) {
      seen.push_back(instance.pick_id);
      const ecs::EntityId id = built.picks.FindId(instance.pick_id, *world);
      // Each instance's pick id names the entity at the instance's position.
      CHECK(t::WorldPositionOf(*world, id) == glm::vec3(instance.world[3]));
    }
  }
  std::sort(seen.begin(), seen.end());
  CHECK(seen == std::vector<std::uint32_t>{1, 2, 3, 4, 5});
}

TEST_CASE("The selection's primary entity is drawn as Primary and the other selected entities as Selected",
          "[viewport][scene]") {
  auto world = t::MakeWorld();
  const auto a = t::AddMesh(*world, "A", ecs::MeshShape::kCube);
  const auto b = t::AddMesh(*world, "B", ecs::MeshShape::kCube);
  const auto c = t::AddMesh(*world, "C", ecs::MeshShape::kCube);
  const auto lamp = t::AddEntity(*world, "Lamp");
  world->AddComponent<ecs::Light>(world->GetEntity(lamp), ecs::Light{});
  // Bound to the world, as the editor binds the edited world (state read per
  // slot), or not, as for a play session's copy (state looked up by id).
  const bool bound = GENERATE(true, false);
  INFO((bound ? "bound to the world" : "not bound"));
  Selection selection;
  if (bound) selection.Bind(world.get());
  selection.Select(a);
  selection.Add(lamp);
  selection.Add(b);  // b is primary now

  WorldMatrices matrices;
  matrices.Refresh(*world);
  RenderSceneBuilder builder;
  render::RenderScene scene;
  PickTable picks;
  const RenderSceneCounts counts = builder.Build(*world, matrices, selection, scene, picks);
  CHECK(counts.selected == 3);
  const auto state_of = [&](ecs::EntityId id) {
    for (const render::MeshInstance& instance : scene.meshes.Batch(render::MeshShape::Cube)) {
      if (picks.FindId(instance.pick_id, *world) == id) return instance.selection;
    }
    for (const render::IconInstance& icon : scene.icons) {
      if (picks.FindId(icon.pick_id, *world) == id) return icon.selection;
    }
    FAIL("entity not drawn");
    return render::SelectionState::None;
  };
  CHECK(state_of(a) == render::SelectionState::Selected);
  CHECK(state_of(b) == render::SelectionState::Primary);
  CHECK(state_of(c) == render::SelectionState::None);
  CHECK(state_of(lamp) == render::SelectionState::Selected);
  CHECK(scene.meshes.SelectedCount() == 2);

  SECTION("a cleared selection draws nothing as selected in the next build") {
    selection.Clear();
    builder.Build(*world, matrices, selection, scene, picks);
    CHECK(scene.meshes.SelectedCount() == 0);
    CHECK(state_of(b) == render::SelectionState::None);
    CHECK(state_of(lamp) == render::SelectionState::None);
  }
  SECTION("an entity destroyed and made again with its id (an undo) is drawn selected in its new slot") {
    const ecs::Entity old_a = world->GetEntity(a);
    world->DestroyEntity(old_a);
    const ecs::EntityId d = t::AddMesh(*world, "D", ecs::MeshShape::kCube);  // takes a's old slot
    REQUIRE(world->GetEntity(d).index == old_a.index);
    const ecs::Entity new_a = world->CreateEntity(a);
    world->AddComponent<ecs::MeshRenderer>(new_a, ecs::MeshRenderer{});
    REQUIRE(new_a.index != old_a.index);
    matrices.Refresh(*world);
    builder.Build(*world, matrices, selection, scene, picks);
    CHECK(state_of(a) == render::SelectionState::Selected);
    CHECK(state_of(d) == render::SelectionState::None);
    CHECK(state_of(b) == render::SelectionState::Primary);
  }
}

TEST_CASE("Building again replaces the previous frame's contents and pick ids", "[viewport][scene]") {
  auto world = t::MakeWorld();
  const auto a = t::AddMesh(*world, "A", ecs::MeshShape::kCube);
  const auto b = t::AddMesh(*world, "B", ecs::MeshShape::kCone);
  WorldMatrices matrices;
  matrices.Refresh(*world);
  RenderSceneBuilder builder;
  render::RenderScene scene;
  PickTable picks;
  Selection selection;
  builder.Build(*world, matrices, selection, scene, picks);
  world->DestroyEntity(world->GetEntity(a));
  matrices.Refresh(*world);
  builder.Build(*world, matrices, selection, scene, picks);
  CHECK(scene.meshes.InstanceCount() == 1);
  CHECK(picks.Size() == 1);
  CHECK(picks.FindId(1, *world) == b);
}

TEST_CASE("Worlds without some component types are translated without them", "[viewport][scene]") {
  auto world = std::make_unique<ecs::Coordinator>(7);
  world->RegisterComponent<ecs::Transform>("Transform");
  world->RegisterComponent<ecs::MeshRenderer>("MeshRenderer");
  const ecs::Entity entity = world->CreateEntity();
  world->AddComponent<ecs::Transform>(entity, t::At({0, 2, 0}));
  world->AddComponent<ecs::MeshRenderer>(entity, ecs::MeshRenderer{});

  // No Light, no Camera, and no TransformSystem: matrices come from the hierarchy.
  WorldMatrices matrices;
  matrices.Refresh(*world);
  CHECK_FALSE(matrices.UsesTransformSystem());
  const Built built = Build(*world);
  CHECK(built.counts.meshes == 1);
  CHECK(built.counts.icons == 0);
  CHECK(glm::vec3(built.scene.meshes.Batch(render::MeshShape::Cube).front().world[3]) == glm::vec3(0, 2, 0));
}

TEST_CASE("A steady world is rebuilt without growing the scene's buffers", "[viewport][scene]") {
  auto world = t::MakeWorld();
  for (int i = 0; i < 1000; ++i) t::AddMesh(*world, "Cube", ecs::MeshShape::kCube, t::At({float(i), 0, 0}));
  WorldMatrices matrices;
  matrices.Refresh(*world);
  RenderSceneBuilder builder;
  render::RenderScene scene;
  PickTable picks;
  Selection selection;
  selection.Select(world->GetEntityId(world->EntitiesWith<ecs::MeshRenderer>().front()));
  builder.Build(*world, matrices, selection, scene, picks);
  const render::MeshInstance* first_data = scene.meshes.Batch(render::MeshShape::Cube).data();
  for (int frame = 0; frame < 3; ++frame) builder.Build(*world, matrices, selection, scene, picks);
  // Same storage: Clear kept the capacity and nothing reallocated.
  CHECK(scene.meshes.Batch(render::MeshShape::Cube).data() == first_data);
  CHECK(scene.meshes.InstanceCount() == 1000);
  CHECK(picks.Size() == 1000);
}

TEST_CASE("With a view, mesh instances wholly outside it are left out of the scene and the pick table",
          "[viewport][scene][culling]") {
  auto world = t::MakeWorld();
  // A row of 100 cubes along +X, 2 m apart; a camera at the origin looking
  // down -Z sees only the few in front of it... none: they lie on its side.
  // Put them in front instead: z = -10, x from -100 to 98.
  for (int i = 0; i < 100; ++i) {
    t::AddMesh(*world, "C" + std::to_string(i), ecs::MeshShape::kCube,
               t::At({-100.0f + 2.0f * static_cast<float>(i), 0.0f, -10.0f}));
  }
  const auto wide = t::AddMesh(*world, "Wide", ecs::MeshShape::kPlane,
                               t::At({300.0f, 0.0f, -10.0f}, {1, 0, 0, 0}, {700.0f, 1.0f, 1.0f}));
  WorldMatrices matrices;
  matrices.Refresh(*world);
  const render::Frustum view(glm::perspective(glm::radians(90.0f), 1.0f, 0.1f, 100.0f));
  RenderSceneBuilder builder;
  render::RenderScene scene;
  PickTable picks;
  Selection selection;
  selection.Select(wide);
  const RenderSceneCounts counts = builder.Build(*world, matrices, selection, scene, picks, nullptr, &view);
  // At z = -10 a 90-degree view spans x in [-10, 10]: cubes at -10 .. 10
  // (11 of them, the outer two straddling), plus the wide plane whose centre is
  // far outside but which reaches into the view.
  CHECK(counts.meshes == 101);
  CHECK(counts.culled == 101 - 12);
  CHECK(counts.selected == 1);
  CHECK(scene.meshes.InstanceCount() == 12);
  CHECK(scene.meshes.Batch(render::MeshShape::Plane).size() == 1);
  std::size_t picked = 0;
  for (std::uint32_t id = 1; id <= 12; ++id) picked += picks.FindId(id, *world) != cairn::ecs::kNoEntityId ? 1 : 0;
  CHECK(picked == 12);
  // Every visible cube is drawn: the same build without a view keeps them all.
  render::RenderScene all;
  PickTable all_picks;
  CHECK(builder.Build(*world, matrices, selection, all, all_picks).culled == 0);
  CHECK(all.meshes.InstanceCount() == 101);
}
