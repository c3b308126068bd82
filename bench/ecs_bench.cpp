// ECS core benchmark: six workloads over N entities, each run through the
// Coordinator and through a baseline of plain std::vector arrays (one per
// component, entity = index) in the same binary. Each benchmark reports
// "ns_per_entity"; main() ends with a table of the ratios to the baseline.
//
// Then the hierarchy workload (7): a subtree snapshotted, destroyed and
// restored (a delete and its undo), once as a chain N deep and once as a root
// with N - 1 children, the flat tree being the deep one's baseline. A second
// table gives deep / flat: near 1 when the cost grows with the subtree's size
// and not with its depth.
//
// Only the workload itself is timed (manual timing, in thread CPU time):
// building the world a workload starts from, and tearing it down, happen
// outside the clock. Every
// Cairn world has a system whose signature is Position + Velocity, so system
// membership is kept up to date as it is in the editor.
//
// Map: [components and worlds] [timing] [workloads 1-6] [hierarchy workload 7]
//      [registration, main]

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <memory>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>
#include <glm/vec3.hpp>

#include "bench_summary.h"
#include "ecs_workload.h"
#include "cairn/ecs/command.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/ecs/system.h"

namespace {

using cairn::bench::Measure;
using cairn::ecs::Coordinator;
using cairn::ecs::Entity;

// ---- [components and worlds] --------------------------------------------------

using cairn::bench::Health;
using cairn::bench::kDeltaSeconds;
using cairn::bench::MovementSystem;
using cairn::bench::Position;
using cairn::bench::StartPosition;
using cairn::bench::StartVelocity;
using cairn::bench::Velocity;

constexpr std::uint64_t kIdSeed = 0x5eed'cafe'f00d'0001ull;
constexpr std::uint32_t kOrderSeed = 20240611u;

// Every entity has Position and Velocity, so they are stored per entity, as
// the editor stores Transform and Name (component_storage.h); workload (4p)
// measures the packed layout too.
std::unique_ptr<Coordinator> MakeCoordinator(cairn::ecs::StorageKind storage = cairn::ecs::StorageKind::kPerEntity) {
  auto coordinator = std::make_unique<Coordinator>(kIdSeed);
  coordinator->RegisterComponent<Position>("Position", storage).Field("value", &Position::value);
  coordinator->RegisterComponent<Velocity>("Velocity", storage).Field("value", &Velocity::value);
  coordinator->RegisterComponent<Health>("Health").Field("value", &Health::value);
  coordinator->RegisterSystem<MovementSystem>();
  coordinator->SetSystemSignature<MovementSystem>(coordinator->MakeSignature<Position, Velocity>());
  return coordinator;
}

struct CairnWorld {
  std::unique_ptr<Coordinator> coordinator;
  std::vector<Entity> entities;  // in creation order
};

// N entities with Position and Velocity; every second one also has Health
// when asked.
CairnWorld MakeCairnWorld(std::size_t count, bool health_on_every_second = false,
                          cairn::ecs::StorageKind storage = cairn::ecs::StorageKind::kPerEntity) {
  CairnWorld world{MakeCoordinator(storage), {}};
  world.entities.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    const Entity entity = world.coordinator->CreateEntity();
    world.coordinator->AddComponent<Position>(entity, StartPosition(i));
    world.coordinator->AddComponent<Velocity>(entity, StartVelocity(i));
    if (health_on_every_second && i % 2 == 0) world.coordinator->AddComponent<Health>(entity, Health{});
    world.entities.push_back(entity);
  }
  return world;
}

// The baseline: one array per component, indexed by entity; optional
// components carry a presence flag.
struct PlainWorld {
  std::vector<glm::vec3> position;
  std::vector<glm::vec3> velocity;
  std::vector<std::uint8_t> has_velocity;
  std::vector<float> health;
  std::vector<std::uint8_t> has_health;
};

PlainWorld MakePlainWorld(std::size_t count) {
  PlainWorld world;
  for (std::size_t i = 0; i < count; ++i) {
    world.position.push_back(StartPosition(i).value);
    world.velocity.push_back(StartVelocity(i).value);
    world.has_velocity.push_back(1);
    world.health.push_back(Health{}.value);
    world.has_health.push_back(i % 2 == 0 ? 1 : 0);
  }
  return world;
}

// A fixed random permutation of 0..count-1, the same in every run.
std::vector<std::uint32_t> RandomOrder(std::size_t count) {
  std::vector<std::uint32_t> order(count);
  std::iota(order.begin(), order.end(), 0u);
  std::mt19937 random(kOrderSeed);
  for (std::size_t i = count; i > 1; --i) {
    const std::size_t j = std::uniform_int_distribution<std::size_t>(0, i - 1)(random);
    std::swap(order[i - 1], order[j]);
  }
  return order;
}

// ---- [timing] -------------------------------------------------------------------

void NoPreparation() {}

// ---- [workloads 1-6] --------------------------------------------------------------

// (1) Create N entities with Position and Velocity, into an empty world.
void CreateCairn(benchmark::State& state, std::size_t count) {
  std::unique_ptr<Coordinator> coordinator;
  Measure(
      state, count, [&] { coordinator = MakeCoordinator(); },
      [&] {
        for (std::size_t i = 0; i < count; ++i) {
          const Entity entity = coordinator->CreateEntity();
          coordinator->AddComponent<Position>(entity, StartPosition(i));
          coordinator->AddComponent<Velocity>(entity, StartVelocity(i));
        }
      });
  benchmark::DoNotOptimize(coordinator->EntityCount());
}

// (1b) The same world built in bulk: CreateEntities, then AddComponents of
// each type (how a loader or a paste of many entities builds).
void CreateBulkCairn(benchmark::State& state, std::size_t count) {
  std::unique_ptr<Coordinator> coordinator;
  Measure(
      state, count, [&] { coordinator = MakeCoordinator(); },
      [&] {
        const std::vector<Entity> entities = coordinator->CreateEntities(count);
        coordinator->AddComponents<Position>(entities, StartPosition);
        coordinator->AddComponents<Velocity>(entities, StartVelocity);
      });
  benchmark::DoNotOptimize(coordinator->EntityCount());
}

void CreateBaseline(benchmark::State& state, std::size_t count) {
  std::vector<glm::vec3> position;
  std::vector<glm::vec3> velocity;
  Measure(
      state, count,
      [&] {
        position = {};
        velocity = {};
      },
      [&] {
        for (std::size_t i = 0; i < count; ++i) {
          position.push_back(StartPosition(i).value);
          velocity.push_back(StartVelocity(i).value);
        }
        benchmark::ClobberMemory();
      });
  benchmark::DoNotOptimize(position.data());
  benchmark::DoNotOptimize(velocity.data());
}

// (2) position += velocity * dt over every entity.
void MoveCairn(benchmark::State& state, std::size_t count) {
  CairnWorld world = MakeCairnWorld(count);
  Coordinator& coordinator = *world.coordinator;
  Measure(state, count, NoPreparation, [&] {
    coordinator.Each<Position, Velocity>(
        [](Entity, Position& position, const Velocity& velocity) { position.value += velocity.value * kDeltaSeconds; });
    benchmark::ClobberMemory();
  });
}

void MoveBaseline(benchmark::State& state, std::size_t count) {
  PlainWorld world = MakePlainWorld(count);
  Measure(state, count, NoPreparation, [&] {
    glm::vec3* position = world.position.data();
    const glm::vec3* velocity = world.velocity.data();
    for (std::size_t i = 0; i < count; ++i) position[i] += velocity[i] * kDeltaSeconds;
    benchmark::ClobberMemory();
  });
}

// (3) A pass over Position + Velocity + Health; every second entity has Health.
void MoveWithHealthCairn(benchmark::State& state, std::size_t count) {
  CairnWorld world = MakeCairnWorld(count, true);
  Coordinator& coordinator = *world.coordinator;
  Measure(state, count, NoPreparation, [&] {
    coordinator.Each<Position, Velocity, Health>(
        [](Entity, Position& position, const Velocity& velocity, Health& health) {
          position.value += velocity.value * kDeltaSeconds;
          health.value -= kDeltaSeconds;
        });
    benchmark::ClobberMemory();
  });
}

void MoveWithHealthBaseline(benchmark::State& state, std::size_t count) {
  PlainWorld world = MakePlainWorld(count);
  Measure(state, count, NoPreparation, [&] {
    glm::vec3* position = world.position.data();
    const glm::vec3* velocity = world.velocity.data();
    float* health = world.health.data();
    const std::uint8_t* has_health = world.has_health.data();
    for (std::size_t i = 0; i < count; ++i) {
      if (has_health[i] == 0) continue;
      position[i] += velocity[i] * kDeltaSeconds;
      health[i] -= kDeltaSeconds;
    }
    benchmark::ClobberMemory();
  });
}

// (4) N GetComponent<Position> in a fixed random order; (4p) with Position
// in packed storage.
void RandomGet(benchmark::State& state, std::size_t count, cairn::ecs::StorageKind storage) {
  CairnWorld world = MakeCairnWorld(count, false, storage);
  Coordinator& coordinator = *world.coordinator;
  std::vector<Entity> shuffled;
  shuffled.reserve(count);
  for (std::uint32_t index : RandomOrder(count)) shuffled.push_back(world.entities[index]);
  Measure(state, count, NoPreparation, [&] {
    float sum = 0.0f;
    for (const Entity entity : shuffled) sum += coordinator.GetComponent<Position>(entity).value.x;
    benchmark::DoNotOptimize(sum);
  });
}

void RandomGetCairn(benchmark::State& state, std::size_t count) {
  RandomGet(state, count, cairn::ecs::StorageKind::kPerEntity);
}

void RandomGetPackedCairn(benchmark::State& state, std::size_t count) {
  RandomGet(state, count, cairn::ecs::StorageKind::kPacked);
}

void RandomGetBaseline(benchmark::State& state, std::size_t count) {
  PlainWorld world = MakePlainWorld(count);
  const std::vector<std::uint32_t> order = RandomOrder(count);
  Measure(state, count, NoPreparation, [&] {
    const glm::vec3* position = world.position.data();
    float sum = 0.0f;
    for (const std::uint32_t index : order) sum += position[index].x;
    benchmark::DoNotOptimize(sum);
  });
}

// (5) Remove Velocity from every second entity, then add it back.
void RemoveAddCairn(benchmark::State& state, std::size_t count) {
  CairnWorld world = MakeCairnWorld(count);
  Coordinator& coordinator = *world.coordinator;
  Measure(state, count, NoPreparation, [&] {
    for (std::size_t i = 0; i < count; i += 2) coordinator.RemoveComponent<Velocity>(world.entities[i]);
    for (std::size_t i = 0; i < count; i += 2) {
      coordinator.AddComponent<Velocity>(world.entities[i], StartVelocity(i));
    }
  });
}

void RemoveAddBaseline(benchmark::State& state, std::size_t count) {
  PlainWorld world = MakePlainWorld(count);
  Measure(state, count, NoPreparation, [&] {
    std::uint8_t* has_velocity = world.has_velocity.data();
    glm::vec3* velocity = world.velocity.data();
    for (std::size_t i = 0; i < count; i += 2) {
      has_velocity[i] = 0;
      velocity[i] = glm::vec3(0.0f);
    }
    benchmark::ClobberMemory();
    for (std::size_t i = 0; i < count; i += 2) {
      velocity[i] = StartVelocity(i).value;
      has_velocity[i] = 1;
    }
    benchmark::ClobberMemory();
  });
}

// (6) Destroy every entity, in creation order.
void DestroyCairn(benchmark::State& state, std::size_t count) {
  CairnWorld world;
  Measure(
      state, count, [&] { world = MakeCairnWorld(count); },
      [&] {
        for (const Entity entity : world.entities) world.coordinator->DestroyEntity(entity);
      });
  benchmark::DoNotOptimize(world.coordinator->EntityCount());
}

// A hand-written world with handles needs, per destroyed entity: bump the
// slot's generation (stale handles), push the slot on a free list (reuse),
// and release the components (pop: the arrays end empty).
void DestroyBaseline(benchmark::State& state, std::size_t count) {
  PlainWorld world;
  std::vector<std::uint32_t> generation;
  std::vector<std::uint32_t> free_slots;
  Measure(
      state, count,
      [&] {
        world = MakePlainWorld(count);
        generation.assign(count, 0);
        free_slots = {};
      },
      [&] {
        for (std::size_t i = 0; i < count; ++i) {
          ++generation[i];
          free_slots.push_back(static_cast<std::uint32_t>(i));
          world.position.pop_back();
          world.velocity.pop_back();
        }
        benchmark::ClobberMemory();
      });
  benchmark::DoNotOptimize(generation.data());
  benchmark::DoNotOptimize(free_slots.data());
}

// ---- [hierarchy workload 7] -------------------------------------------------------

enum class TreeShape : std::uint8_t {
  kChain,  // every entity the only child of the one before
  kFlat,   // one root, every other entity its child
};

// `count` entities with Position and Velocity in the given shape; returns
// the root.
Entity MakeTree(Coordinator& coordinator, std::size_t count, TreeShape shape) {
  const Entity root = coordinator.CreateEntity();
  coordinator.AddComponent<Position>(root, StartPosition(0));
  coordinator.AddComponent<Velocity>(root, StartVelocity(0));
  Entity parent = root;
  for (std::size_t i = 1; i < count; ++i) {
    const Entity entity = coordinator.CreateEntity();
    coordinator.AddComponent<Position>(entity, StartPosition(i));
    coordinator.AddComponent<Velocity>(entity, StartVelocity(i));
    coordinator.SetParent(entity, parent);
    if (shape == TreeShape::kChain) parent = entity;
  }
  return root;
}

// (7) DestroySubtreeCommand on the root (snapshot, then destroy), then its
// inverse (restore the same ids, components and places): a delete and its
// undo. The world is the same after every iteration.
void SnapshotRestore(benchmark::State& state, std::size_t count, TreeShape shape) {
  const std::unique_ptr<Coordinator> coordinator = MakeCoordinator();
  const cairn::ecs::EntityId root = coordinator->GetEntityId(MakeTree(*coordinator, count, shape));
  Measure(state, count, NoPreparation, [&] {
    for (const cairn::ecs::Command& undo :
         cairn::ecs::ApplyCommand(*coordinator, cairn::ecs::DestroySubtreeCommand{root})) {
      cairn::ecs::ApplyCommand(*coordinator, undo);
    }
  });
  if (coordinator->EntityCount() != count) state.SkipWithError("the restore lost entities");
}

void SnapshotRestoreChain(benchmark::State& state, std::size_t count) {
  SnapshotRestore(state, count, TreeShape::kChain);
}

void SnapshotRestoreFlat(benchmark::State& state, std::size_t count) {
  SnapshotRestore(state, count, TreeShape::kFlat);
}

// ---- [registration, main] ------------------------------------------------------

struct Workload {
  const char* key;    // benchmark name part
  const char* title;  // summary table
  double target_ratio;
  void (*cairn)(benchmark::State&, std::size_t);
  void (*baseline)(benchmark::State&, std::size_t);
};

constexpr Workload kWorkloads[] = {
    {"create", "(1) create with Position+Velocity", 4.0, CreateCairn, CreateBaseline},
    {"create_bulk", "(1b) the same in bulk", 4.0, CreateBulkCairn, CreateBaseline},
    {"move", "(2) Each Position+Velocity", 1.5, MoveCairn, MoveBaseline},
    {"move_health", "(3) Each Position+Velocity+Health (1/2)", 2.0, MoveWithHealthCairn, MoveWithHealthBaseline},
    {"random_get", "(4) GetComponent<Position>, random order", 5.0, RandomGetCairn, RandomGetBaseline},
    {"random_get_packed", "(4p) the same, Position packed", 5.0, RandomGetPackedCairn, RandomGetBaseline},
    {"remove_add", "(5) remove+add Velocity on 1/2", 6.0, RemoveAddCairn, RemoveAddBaseline},
    {"destroy", "(6) destroy all", 15.0, DestroyCairn, DestroyBaseline},
};

constexpr std::size_t kEntityCounts[] = {100'000, 1'000'000};

// "ecs_core/<workload>/<variant>/<N>"
std::string BenchmarkName(const char* workload, const char* variant, std::size_t count) {
  std::string name = "ecs_core/";
  name.append(workload).append("/").append(variant).append("/").append(std::to_string(count));
  return name;
}

// Registers both variants of a workload at one size; returns its table row.
cairn::bench::Comparison RegisterPair(const Workload& workload, const char* measured_variant,
                                      const char* baseline_variant, std::size_t count) {
  const std::string measured = BenchmarkName(workload.key, measured_variant, count);
  const std::string baseline = BenchmarkName(workload.key, baseline_variant, count);
  benchmark::RegisterBenchmark(measured.c_str(), workload.cairn, count)
      ->UseManualTime()
      ->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark(baseline.c_str(), workload.baseline, count)
      ->UseManualTime()
      ->Unit(benchmark::kMillisecond);
  return {workload.title, count, workload.target_ratio, measured, baseline};
}

// The hierarchy workload: the deep variant is "chain", its baseline "flat".
constexpr Workload kHierarchyWorkload = {"snapshot_restore", "(7) snapshot + destroy + restore a subtree", 2.0,
                                         SnapshotRestoreChain, SnapshotRestoreFlat};

constexpr std::size_t kHierarchyCounts[] = {10'000, 100'000};

struct Registered {
  std::vector<cairn::bench::Comparison> core;       // against plain arrays
  std::vector<cairn::bench::Comparison> hierarchy;  // deep against flat
};

Registered RegisterAll() {
  Registered rows;
  for (const Workload& workload : kWorkloads) {
    for (const std::size_t count : kEntityCounts) rows.core.push_back(RegisterPair(workload, "cairn", "baseline", count));
  }
  for (const std::size_t count : kHierarchyCounts) {
    rows.hierarchy.push_back(RegisterPair(kHierarchyWorkload, "chain", "flat", count));
  }
  return rows;
}

}  // namespace

int main(int argc, char** argv) {
  const Registered rows = RegisterAll();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  cairn::bench::RecordingReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  std::cout << "\nRatios to the plain-array baseline (ns per entity):";
  cairn::bench::PrintRatioTable(std::cout, rows.core, reporter);
  std::cout << "\nA chain N deep against a flat tree of N entities (ns per entity; the flat tree is the baseline):";
  cairn::bench::PrintRatioTable(std::cout, rows.hierarchy, reporter);
  return 0;
}
