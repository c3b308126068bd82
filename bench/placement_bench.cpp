// The placement tools' surface query (SceneSurfaces::Raycast) in a scene of
// 100,000 mesh entities of every built-in shape, rotated and scaled, spread
// over 400 x 400 m, beside the brute force it replaces (every entity's exact
// shape tested); and keeping the tree up to date after moving 100 entities
// (per moved entity) beside building it again from nothing.

#include <cstddef>
#include <iostream>
#include <limits>
#include <memory>
#include <random>
#include <vector>

#include <benchmark/benchmark.h>
#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>

#include "bench_summary.h"
#include "cairn/ecs/builtin_components.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/editor/editor_context.h"
#include "cairn/editor/viewport/render_scene_builder.h"
#include "cairn/editor/viewport/scene_surfaces.h"
#include "cairn/editor/viewport/world_matrices.h"
#include "cairn/render/surface_raycast.h"

namespace {

namespace ecs = cairn::ecs;
using cairn::editor::SceneSurfaces;
using cairn::editor::WorldMatrices;
using cairn::render::Ray;

constexpr std::size_t kEntities = 100'000;
constexpr std::size_t kRays = 256;
constexpr std::size_t kMoved = 100;

struct Scene {
  std::unique_ptr<ecs::Coordinator> world = cairn::editor::CreateBuiltinWorld();
  std::vector<ecs::Entity> entities;
  WorldMatrices matrices;
  SceneSurfaces surfaces;
  std::vector<Ray> rays;

  Scene() {
    std::mt19937 random(5);
    std::uniform_real_distribution<float> place(-200.0f, 200.0f);
    std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
    std::uniform_real_distribution<float> size(0.3f, 2.0f);
    for (std::size_t i = 0; i < kEntities; ++i) {
      const ecs::Entity entity = world->CreateEntity();
      ecs::Transform transform;
      transform.position = {place(random), size(random), place(random)};
      transform.rotation = glm::normalize(glm::quat(1.0f, unit(random), unit(random), unit(random)));
      transform.scale = {size(random), size(random), size(random)};
      world->AddComponent(entity, transform);
      world->AddComponent(entity, ecs::MeshRenderer{static_cast<ecs::MeshShape>(i % 5), glm::vec4(1.0f), {}});
      entities.push_back(entity);
    }
    matrices.Refresh(*world);
    surfaces.Sync(*world, matrices, nullptr);
    // Rays as a viewport casts them: from a camera above, down at the ground.
    for (std::size_t i = 0; i < kRays; ++i) {
      const glm::vec3 eye{place(random) * 0.5f, 40.0f, place(random) * 0.5f};
      const glm::vec3 target{place(random) * 0.25f, 0.0f, place(random) * 0.25f};
      rays.push_back(Ray{eye, glm::normalize(eye + (target - eye) * 0.3f - eye)});
    }
  }
};

Scene& TheScene() {
  static Scene scene;
  return scene;
}

void QueryTree(benchmark::State& state) {
  Scene& scene = TheScene();
  std::size_t hits = 0;
  cairn::bench::Measure(state, kRays, [] {}, [&] {
    for (const Ray& ray : scene.rays) hits += scene.surfaces.Raycast(ray).has_value() ? 1 : 0;
  });
  benchmark::DoNotOptimize(hits);
}

void QueryBruteForce(benchmark::State& state) {
  Scene& scene = TheScene();
  std::size_t hits = 0;
  cairn::bench::Measure(state, kRays, [] {}, [&] {
    for (const Ray& ray : scene.rays) {
      float nearest = std::numeric_limits<float>::infinity();
      for (const ecs::Entity entity : scene.entities) {
        const glm::mat4& world = scene.matrices.Of(*scene.world, entity);
        const auto hit = cairn::render::RaycastShape(
            cairn::editor::ToRenderShape(scene.world->GetComponent<ecs::MeshRenderer>(entity).mesh),
            cairn::render::ToModelSpace(ray, world), nearest);
        if (hit) nearest = hit->t;
      }
      hits += nearest < std::numeric_limits<float>::infinity() ? 1 : 0;
    }
  });
  benchmark::DoNotOptimize(hits);
}

// Moves kMoved entities by up to 5 m (half of them leave their leaf's box),
// then brings the tree up to date. The matrices' refresh is in both sides.
void UpdateMoved(benchmark::State& state) {
  Scene& scene = TheScene();
  std::mt19937 random(9);
  std::uniform_int_distribution<std::size_t> pick(0, kEntities - 1);
  std::uniform_real_distribution<float> step(-5.0f, 5.0f);
  cairn::bench::Measure(
      state, kMoved,
      [&] {
        for (std::size_t i = 0; i < kMoved; ++i) {
          const ecs::Entity entity = scene.entities[pick(random)];
          scene.world->GetComponent<ecs::Transform>(entity).position += glm::vec3(step(random), 0.0f, step(random));
          scene.world->NotifyComponentChanged<ecs::Transform>(entity);
        }
        scene.matrices.Refresh(*scene.world);
      },
      [&] { scene.surfaces.Sync(*scene.world, scene.matrices, nullptr); });
}

void Rebuild(benchmark::State& state) {
  Scene& scene = TheScene();
  cairn::bench::Measure(state, kMoved, [&] { scene.surfaces.Clear(); },
                        [&] { scene.surfaces.Sync(*scene.world, scene.matrices, nullptr); });
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::RegisterBenchmark("placement/query/tree", QueryTree)->UseManualTime()->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark("placement/query/every_entity", QueryBruteForce)
      ->UseManualTime()
      ->Unit(benchmark::kMillisecond)
      ->Iterations(3);
  benchmark::RegisterBenchmark("placement/update/moved", UpdateMoved)->UseManualTime()->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("placement/update/rebuild", Rebuild)
      ->UseManualTime()
      ->Unit(benchmark::kMillisecond)
      ->Iterations(5);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  cairn::bench::RecordingReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  const std::vector<cairn::bench::Comparison> rows = {
      {"surface query (per ray), tree / every entity", kEntities, 0.01, "placement/query/tree",
       "placement/query/every_entity"},
      {"update after moving 100 (per moved entity), sync / rebuild", kEntities, 0.5, "placement/update/moved",
       "placement/update/rebuild"},
  };
  std::cout << "\nSurface queries in " << kEntities << " mesh entities:";
  cairn::bench::PrintRatioTable(std::cout, rows, reporter);
  const double query_ns = reporter.NsPerEntity("placement/query/tree");
  if (query_ns >= 0.0) {
    std::cout << "\none surface query: " << query_ns / 1e3 << " us (target: at most 1 ms)\n";
  }
  return 0;
}
