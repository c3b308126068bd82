#include "cairn/editor/viewport/placement.h"

#include <cmath>
#include <random>

#include <catch2/catch.hpp>
#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>

#include "cairn/editor/editor_context.h"
#include "cairn/editor/viewport/drop_point.h"
#include "cairn/editor/viewport/render_scene_builder.h"
#include "cairn/editor/viewport/scatter.h"
#include "cairn/editor/viewport/scene_surfaces.h"
#include "cairn/editor/viewport/world_matrices.h"
#include "viewport_test_world.h"

using cairn::editor::SceneHit;
using cairn::editor::SceneSurfaces;
using cairn::editor::WorldMatrices;
using cairn::render::Aabb;
using cairn::render::Ray;
namespace ecs = cairn::ecs;
namespace testing = cairn::editor::testing;

namespace {

glm::quat AboutZ(float degrees) { return glm::angleAxis(glm::radians(degrees), glm::vec3(0, 0, 1)); }
glm::quat AboutY(float degrees) { return glm::angleAxis(glm::radians(degrees), glm::vec3(0, 1, 0)); }

struct Scene {
  std::unique_ptr<ecs::Coordinator> world = testing::MakeWorld();
  WorldMatrices matrices;
  SceneSurfaces surfaces;

  void Sync() {
    matrices.Refresh(*world);
    surfaces.Sync(*world, matrices, nullptr);
  }
};

bool Near(const glm::vec3& a, const glm::vec3& b, float tolerance = 1e-4f) { return testing::Near(a, b, tolerance); }

}  // namespace

TEST_CASE("Scene surfaces: the first hit under nested transforms is the exact one", "[viewport][surface]") {
  Scene scene;
  // A floor (a cube 20 x 1 x 20, top at y = 0), a sphere of radius 1 at
  // (2, 1, 0) under a parent turned and moved, and a box behind it.
  testing::AddMesh(*scene.world, "Floor", ecs::MeshShape::kCube,
                   testing::At({0.0f, -0.5f, 0.0f}, {1, 0, 0, 0}, {20.0f, 1.0f, 20.0f}));
  const ecs::EntityId parent = testing::AddEntity(*scene.world, "Group", testing::At({2.0f, 0.5f, 0.0f}, AboutY(90.0f)));
  const ecs::EntityId ball = testing::AddMesh(*scene.world, "Ball", ecs::MeshShape::kSphere,
                                              testing::At({0.0f, 0.5f, 0.0f}, {1, 0, 0, 0}, glm::vec3(2.0f)),
                                              glm::vec4(1.0f), parent);
  scene.Sync();
  REQUIRE(scene.surfaces.Size() == 2);

  const std::optional<SceneHit> on_ball = scene.surfaces.Raycast(Ray{{2.3f, 10.0f, 0.4f}, {0, -1, 0}});
  REQUIRE(on_ball);
  CHECK(on_ball->entity == scene.world->FindEntity(ball));
  const float y = 1.0f + std::sqrt(1.0f - 0.09f - 0.16f);
  CHECK(Near(on_ball->point, {2.3f, y, 0.4f}));
  CHECK(Near(on_ball->normal, glm::normalize(glm::vec3(0.3f, y - 1.0f, 0.4f))));

  // Passing through the ball (the selection being moved) reaches the floor.
  const auto skip_ball = cairn::editor::SkipSubtrees(*scene.world, std::vector<ecs::EntityId>{parent});
  const std::optional<SceneHit> on_floor = scene.surfaces.Raycast(Ray{{2.3f, 10.0f, 0.4f}, {0, -1, 0}}, skip_ball);
  REQUIRE(on_floor);
  CHECK(Near(on_floor->point, {2.3f, 0.0f, 0.4f}));
  CHECK(Near(on_floor->normal, {0, 1, 0}));
  // The floor's corner vertex nearest (9.9, 0, 9.8) is exactly (10, 0, 10).
  const auto near_corner = scene.surfaces.Raycast(Ray{{9.9f, 5.0f, 9.8f}, {0, -1, 0}});
  REQUIRE(near_corner);
  CHECK(near_corner->vertex == glm::vec3(10.0f, 0.0f, 10.0f));
  CHECK_FALSE(scene.surfaces.Raycast(Ray{{30.0f, 5.0f, 0.0f}, {0, -1, 0}}));
}

TEST_CASE("Scene surfaces follow edits: moves, new meshes, removed ones", "[viewport][surface]") {
  Scene scene;
  const ecs::EntityId box = testing::AddMesh(*scene.world, "Box", ecs::MeshShape::kCube, testing::At({0, 0, 0}));
  scene.Sync();
  const Ray down_at_5{{5.0f, 10.0f, 0.0f}, {0, -1, 0}};
  CHECK_FALSE(scene.surfaces.Raycast(down_at_5));

  scene.world->GetComponent<ecs::Transform>(scene.world->FindEntity(box)).position = {5.0f, 1.0f, 0.0f};
  scene.world->NotifyComponentChanged<ecs::Transform>(scene.world->FindEntity(box));
  scene.matrices.Refresh(*scene.world);
  const cairn::editor::SurfaceSyncCounts moved = scene.surfaces.Sync(*scene.world, scene.matrices, nullptr);
  CHECK(moved.updated == 1);
  CHECK(moved.inserted == 0);
  const auto hit = scene.surfaces.Raycast(down_at_5);
  REQUIRE(hit);
  CHECK(hit->point.y == Approx(1.5f));

  // A second sync with nothing changed changes nothing.
  const cairn::editor::SurfaceSyncCounts still = scene.surfaces.Sync(*scene.world, scene.matrices, nullptr);
  CHECK(still.updated + still.inserted + still.removed == 0);

  scene.world->DestroyEntity(scene.world->FindEntity(box));
  const ecs::EntityId other = testing::AddMesh(*scene.world, "Other", ecs::MeshShape::kPlane, testing::At({0, 2, 0}));
  scene.Sync();
  CHECK(scene.surfaces.Size() == 1);
  CHECK_FALSE(scene.surfaces.Raycast(down_at_5));
  const auto on_plane = scene.surfaces.Raycast(Ray{{0.2f, 10.0f, 0.1f}, {0, -1, 0}});
  REQUIRE(on_plane);
  CHECK(on_plane->entity == scene.world->FindEntity(other));
  CHECK(on_plane->point.y == Approx(2.0f));
}

TEST_CASE("A random scene's surface queries agree with testing every entity", "[viewport][surface]") {
  Scene scene;
  std::mt19937 random(11);
  std::uniform_real_distribution<float> place(-20.0f, 20.0f);
  std::uniform_real_distribution<float> size(0.2f, 3.0f);
  std::uniform_int_distribution<int> shape(0, 4);
  std::vector<ecs::EntityId> ids;
  for (int i = 0; i < 300; ++i) {
    ids.push_back(testing::AddMesh(*scene.world, "M" + std::to_string(i), static_cast<ecs::MeshShape>(shape(random)),
                                   testing::At({place(random), place(random) * 0.2f, place(random)},
                                               glm::normalize(glm::quat(1.0f, place(random), place(random), place(random))),
                                               {size(random), size(random), size(random)})));
  }
  scene.Sync();
  // Move a third of them, then query.
  for (std::size_t i = 0; i < ids.size(); i += 3) {
    const ecs::Entity entity = scene.world->FindEntity(ids[i]);
    scene.world->GetComponent<ecs::Transform>(entity).position.x += 7.0f;
    scene.world->NotifyComponentChanged<ecs::Transform>(entity);
  }
  scene.Sync();
  int hits = 0;
  for (int i = 0; i < 300; ++i) {
    const glm::vec3 origin(place(random), 30.0f, place(random));
    const Ray ray{origin, glm::normalize(glm::vec3(place(random) * 0.02f, -1.0f, place(random) * 0.02f))};
    std::optional<float> brute;
    ecs::Entity brute_entity;
    for (const ecs::EntityId id : ids) {
      const ecs::Entity entity = scene.world->FindEntity(id);
      const glm::mat4 world = scene.matrices.Of(*scene.world, entity);
      const auto hit = cairn::render::RaycastShape(
          cairn::editor::ToRenderShape(scene.world->GetComponent<ecs::MeshRenderer>(entity).mesh),
          cairn::render::ToModelSpace(ray, world), std::numeric_limits<float>::infinity());
      if (hit && (!brute || hit->t < *brute)) {
        brute = hit->t;
        brute_entity = entity;
      }
    }
    const auto fast = scene.surfaces.Raycast(ray);
    REQUIRE(fast.has_value() == brute.has_value());
    if (fast) {
      ++hits;
      CHECK(fast->entity == brute_entity);
      CHECK(fast->distance == Approx(*brute).epsilon(1e-5));
    }
  }
  CHECK(hits > 30);
}

TEST_CASE("Drop to Floor rests the selection's bounds on the surface below, exactly", "[viewport][surface]") {
  cairn::editor::EditorContext context(testing::TestEditorOptions());
  ecs::Coordinator& world = context.World();
  // A ramp: a box 10 x 1 x 10 whose top is at y = 2, and a crate above it
  // under a scaled parent.
  testing::AddMesh(world, "Stage", ecs::MeshShape::kCube, testing::At({0.0f, 1.5f, 0.0f}, {1, 0, 0, 0}, {10, 1, 10}));
  const ecs::EntityId parent = testing::AddEntity(world, "Group", testing::At({1.0f, 3.0f, 0.0f}, {1, 0, 0, 0}, glm::vec3(2.0f)));
  const ecs::EntityId crate = testing::AddMesh(world, "Crate", ecs::MeshShape::kCube, testing::At({0.5f, 2.0f, 0.0f}),
                                               glm::vec4(1.0f), parent);
  WorldMatrices matrices;
  SceneSurfaces surfaces;
  matrices.Refresh(world);
  surfaces.Sync(world, matrices, nullptr);
  const ecs::Transform before = testing::TransformOf(world, crate);
  const std::vector<ecs::EntityId> targets{crate};
  context.Enqueue(cairn::editor::DropToFloor(world, matrices, surfaces, targets, nullptr));
  context.Flush();
  matrices.Refresh(world);
  // The crate's world box bottom is now at the stage's top, y = 2.
  const Aabb box = cairn::editor::SubtreeBounds(world, matrices, world.FindEntity(crate), nullptr);
  CHECK(box.min.y == Approx(2.0f).margin(1e-4));
  const ecs::Transform after = testing::TransformOf(world, crate);
  CHECK(after.position.x == before.position.x);
  CHECK(after.position.z == before.position.z);
  CHECK(after.rotation == before.rotation);
  CHECK(after.scale == before.scale);
  // Resting already: nothing to do, said so.
  surfaces.Sync(world, matrices, nullptr);
  CHECK_THROWS_WITH(cairn::editor::DropToFloor(world, matrices, surfaces, targets, nullptr),
                    Catch::Contains("nothing below 'Crate'"));
  context.Undo();
  context.Flush();
  CHECK(testing::TransformOf(world, crate).position == before.position);
}

TEST_CASE("Drop to Floor onto a slope rests the lowest point of the bounds that meets it", "[viewport][surface]") {
  Scene scene;
  // A plane 20 x 20 tilted 30 degrees about Z: y = tan(30) * x.
  testing::AddMesh(*scene.world, "Slope", ecs::MeshShape::kPlane,
                   testing::At({0, 0, 0}, AboutZ(30.0f), glm::vec3(20.0f)));
  scene.Sync();
  const Aabb box{{1.0f, 5.0f, -0.5f}, {2.0f, 6.0f, 0.5f}};
  const std::optional<float> distance = cairn::editor::FloorDistance(scene.surfaces, box, {});
  REQUIRE(distance);
  // The box's bottom face is highest above the slope at its uphill edge, x = 2.
  CHECK(*distance == Approx(5.0f - std::tan(glm::radians(30.0f)) * 2.0f).margin(1e-4));
}

TEST_CASE("Dropping an asset rests its bounds on the surface under the cursor", "[viewport][surface]") {
  Scene scene;
  testing::AddMesh(*scene.world, "Slope", ecs::MeshShape::kPlane,
                   testing::At({0, 1, 0}, AboutZ(20.0f), glm::vec3(40.0f)));
  scene.Sync();
  const Aabb bounds{{-1.0f, -0.25f, -1.0f}, {1.0f, 3.0f, 1.0f}};
  const Ray ray{{4.0f, 20.0f, 2.0f}, {0, -1, 0}};
  const glm::vec3 position = cairn::editor::DropPosition(scene.surfaces, ray, bounds);
  const float surface_y = 1.0f + std::tan(glm::radians(20.0f)) * 4.0f;
  CHECK(Near(position, {4.0f, surface_y + 0.25f, 2.0f}));
  // Nothing under the cursor: on the ground, never hundreds of units away.
  const Ray far{{0.0f, 2.0f, 0.0f}, glm::normalize(glm::vec3(1.0f, -0.001f, 0.0f))};
  const glm::vec3 fallback = cairn::editor::DropPosition(scene.surfaces, far, bounds);
  CHECK(glm::length(fallback) < cairn::editor::kMaxGroundDistance);
}

TEST_CASE("Vertex snap moves a vertex of the selection exactly onto the target vertex", "[viewport][surface]") {
  Scene scene;
  testing::AddMesh(*scene.world, "Base", ecs::MeshShape::kCube,
                   testing::At({3.0f, 0.0f, 1.0f}, AboutY(30.0f), {2.0f, 1.0f, 1.5f}));
  scene.Sync();
  const auto hit = scene.surfaces.Raycast(Ray{{3.5f, 5.0f, 1.3f}, {0, -1, 0}});
  REQUIRE(hit);
  // The target is one of the box's eight corners, in world space.
  const glm::mat4 world = scene.matrices.Of(*scene.world, hit->entity);
  bool is_corner = false;
  for (int corner = 0; corner < 8; ++corner) {
    const glm::vec3 local{(corner & 1) ? 0.5f : -0.5f, (corner & 2) ? 0.5f : -0.5f, (corner & 4) ? 0.5f : -0.5f};
    is_corner = is_corner || hit->vertex == glm::vec3(world * glm::vec4(local, 1.0f));
  }
  CHECK(is_corner);
  const glm::vec3 from{0.5f, 0.5f, 0.5f};
  const cairn::render::GizmoDelta delta = cairn::editor::VertexSnap(from, hit->vertex);
  CHECK(from + delta.translation == hit->vertex);
}

TEST_CASE("Surface snap rests the bounds on the hit point, turned to the normal when aligning", "[viewport][surface]") {
  const Aabb box{{-1.0f, 0.0f, -1.0f}, {1.0f, 2.0f, 1.0f}};
  SceneHit hit;
  hit.point = {5.0f, 1.0f, 2.0f};
  hit.normal = glm::normalize(glm::vec3(1.0f, 1.0f, 0.0f));
  const glm::vec3 pivot{0.0f, 0.0f, 0.0f};
  const cairn::render::GizmoDelta flat = cairn::editor::SurfaceSnap(box, pivot, hit, false);
  CHECK(Near(flat.translation, {5.0f, 1.0f, 2.0f}));
  const cairn::render::GizmoDelta aligned = cairn::editor::SurfaceSnap(box, pivot, hit, true);
  CHECK(Near(aligned.rotation * glm::vec3(0, 1, 0), hit.normal));
  // The bottom centre, turned about the pivot and moved, is the hit point.
  CHECK(Near(aligned.rotation * (glm::vec3(0.0f) - pivot) + pivot + aligned.translation, hit.point));
}

TEST_CASE("A scatter dab with a seed places the same instances every time, resting on the surface",
          "[viewport][surface][scatter]") {
  Scene scene;
  testing::AddMesh(*scene.world, "Ground", ecs::MeshShape::kCube,
                   testing::At({0.0f, -0.5f, 0.0f}, {1, 0, 0, 0}, {50.0f, 1.0f, 50.0f}));
  scene.Sync();
  cairn::editor::ScatterBrush brush;
  brush.radius = 3.0f;
  brush.density = 2.0f;
  brush.seed = 77;
  const auto centre = scene.surfaces.Raycast(Ray{{1.0f, 10.0f, 2.0f}, {0, -1, 0}});
  REQUIRE(centre);
  const Aabb cube{{-0.5f, -0.5f, -0.5f}, {0.5f, 0.5f, 0.5f}};
  const auto first = cairn::editor::ScatterDab(scene.surfaces, brush, cube, *centre, 0);
  const auto again = cairn::editor::ScatterDab(scene.surfaces, brush, cube, *centre, 0);
  REQUIRE(first.size() == cairn::editor::ScatterCount(brush));
  REQUIRE(first.size() == 57);  // round(2 * pi * 9)
  for (std::size_t i = 0; i < first.size(); ++i) {
    CHECK(first[i].position == again[i].position);
    CHECK(first[i].rotation == again[i].rotation);
    CHECK(first[i].scale == again[i].scale);
    CHECK(first[i].position.y == Approx(0.5f * first[i].scale).margin(1e-5));
    CHECK(glm::distance(glm::vec2(first[i].position.x, first[i].position.z), glm::vec2(1.0f, 2.0f)) <= 3.0f + 1e-4f);
    CHECK(first[i].scale >= brush.min_scale);
    CHECK(first[i].scale <= brush.max_scale);
  }
  // Another dab, or another seed, places others.
  CHECK(cairn::editor::ScatterDab(scene.surfaces, brush, cube, *centre, 1)[0].position != first[0].position);
  brush.seed = 78;
  CHECK(cairn::editor::ScatterDab(scene.surfaces, brush, cube, *centre, 0)[0].position != first[0].position);

  // A stroke is one action: applied, it creates every instance; undone, none.
  cairn::editor::EditorContext context(testing::TestEditorOptions());
  const std::size_t before = context.World().EntityCount();
  context.Enqueue(cairn::editor::ScatterStroke(context.World(), brush, first, nullptr));
  context.Flush();
  CHECK(context.World().EntityCount() == before + first.size());
  context.Undo();
  context.Flush();
  CHECK(context.World().EntityCount() == before);
}

TEST_CASE("An asset over 100 m or under 1 cm is reported with its size", "[viewport][surface]") {
  const auto large = cairn::editor::ImplausibleSize("meshes/engine.glb", Aabb{{0, 0, 0}, {812, 401, 290}});
  REQUIRE(large);
  CHECK_THAT(*large, Catch::Contains("meshes/engine.glb is 812 x 401 x 290 m (over 100 m)") &&
                         Catch::Contains("Import Settings"));
  const auto small = cairn::editor::ImplausibleSize("bolt.glb", Aabb{{0, 0, 0}, {0.004f, 0.002f, 0.001f}});
  REQUIRE(small);
  CHECK_THAT(*small, Catch::Contains("(under 1 cm)"));
  CHECK_FALSE(cairn::editor::ImplausibleSize("crate.glb", Aabb{{-0.5f, -0.5f, -0.5f}, {0.5f, 0.5f, 0.5f}}));
  CHECK_FALSE(cairn::editor::ImplausibleSize("empty.glb", Aabb{}));
}

TEST_CASE("The Measure tool reports the distance and its parts along each axis", "[viewport][surface]") {
  CHECK(cairn::editor::MeasureText({0, 0, 0}, {1, 2, 2}) ==
        "Measured 3.000 m (x 1.000, y 2.000, z 2.000) from (0.000, 0.000, 0.000) to (1.000, 2.000, 2.000)");
  CHECK_THAT(cairn::editor::MeasureText({5, 1, 0}, {2, 1, -4}), Catch::StartsWith("Measured 5.000 m (x 3.000, y 0.000, z 4.000)"));
}

TEST_CASE("A scatter stroke is named for what it paints", "[viewport][surface][scatter]") {
  cairn::editor::EditorContext context(testing::TestEditorOptions());
  cairn::editor::ScatterBrush brush;
  const std::vector<cairn::editor::ScatterPlacement> placements(3);
  CHECK(cairn::editor::ScatterStroke(context.World(), brush, placements, nullptr).name == "Scatter 3 'Cube'");
  brush.asset = "props/rock.glb";
  CHECK(cairn::editor::ScatterStroke(context.World(), brush, placements, nullptr).name == "Scatter 3 'rock'");
}
