// A game project's component beside the same component declared in C++, in
// one binary: 100,000 entities carrying "Turret", six fields (an int, a
// float, a vec3, a bool, a string and an entity reference). The C++ side is
// the baseline: a struct registered with RegisterComponent<T> and reached
// through the typed API; the project side is the same definition registered
// at run time (RegisterRuntimeComponent, as a project's cairn.project.json
// makes it) and reached by ComponentType and field offsets, as the editor,
// the serializer and a game's code for project types reach it.
//
//   add      AddComponent<Turret>          AddComponentData(type, prototype)
//   get      GetComponent<Turret>, random   GetComponentData + offsets, random
//   iterate  Each<Turret>                  EachComponentData + offsets
//   save     SaveSceneToString             the same, of the project world
//
// Target: every ratio within 1.5 (docs/PERFORMANCE.md, "Project components").

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <iostream>
#include <memory>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include <glm/vec3.hpp>

#include "bench_summary.h"
#include "cairn/ecs/builtin_components.h"
#include "cairn/ecs/component_value.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/ecs/runtime_component.h"
#include "cairn/serialization/scene_writer.h"

namespace {

using cairn::bench::Measure;
using namespace cairn::ecs;

constexpr std::size_t kEntities = 100000;

struct Turret {
  std::int32_t ammo = 40;
  float range = 12.5f;
  glm::vec3 aim{0.0f, 0.0f, 1.0f};
  bool armed = true;
  std::string label = "turret";
  EntityId target{};
  friend bool operator==(const Turret&, const Turret&) = default;
};

RuntimeComponentDefinition TurretDefinition() {
  RuntimeComponentDefinition turret;
  turret.name = "Turret";
  turret.fields = {
      {"ammo", FieldType::kInt, FieldHints{.speed = 1.0f}, {}, PlainValue(40)},
      {"range", FieldType::kFloat, {}, {}, PlainValue(12.5)},
      {"aim", FieldType::kVec3, {}, {}, PlainValue(PlainValue::Array{0.0, 0.0, 1.0})},
      {"armed", FieldType::kBool, {}, {}, PlainValue(true)},
      {"label", FieldType::kString, {}, {}, PlainValue("turret")},
      {"target", FieldType::kEntityRef, {}, {}, PlainValue()},
  };
  return turret;
}

// A world with the built-ins and Turret of one kind, and kEntities entities
// (with no components yet).
struct BenchWorld {
  explicit BenchWorld(bool project) : world(std::make_unique<Coordinator>(7)) {
    RegisterBuiltinComponents(*world);
    if (project) {
      type = world->RegisterRuntimeComponent(TurretDefinition()).type;
    } else {
      world->RegisterComponent<Turret>("Turret")
          .Field("ammo", &Turret::ammo, FieldHints{.speed = 1.0f})
          .Field("range", &Turret::range)
          .Field("aim", &Turret::aim)
          .Field("armed", &Turret::armed)
          .Field("label", &Turret::label)
          .Field("target", &Turret::target);
      type = world->GetComponentType<Turret>();
    }
    const ComponentInfo& info = world->GetComponentInfo(type);
    ammo = info.FindField("ammo");
    range = info.FindField("range");
    prototype = ComponentValue(world->GetComponentInfoPtr(type));
    world->ReserveEntities(kEntities);
    entities.reserve(kEntities);
    for (std::size_t i = 0; i < kEntities; ++i) entities.push_back(world->CreateEntity());
  }

  void AddAll() {
    if (world->IsRegistered<Turret>()) {
      for (const Entity entity : entities) world->AddComponent(entity, Turret{});
    } else {
      for (const Entity entity : entities) world->AddComponentData(entity, type, prototype.Data());
    }
  }

  std::unique_ptr<Coordinator> world;
  ComponentType type = 0;
  const FieldInfo* ammo = nullptr;
  const FieldInfo* range = nullptr;
  ComponentValue prototype;
  std::vector<Entity> entities;
};

std::vector<Entity> Shuffled(std::vector<Entity> entities) {
  std::shuffle(entities.begin(), entities.end(), std::mt19937(99));
  return entities;
}

void Add(benchmark::State& state, bool project) {
  std::unique_ptr<BenchWorld> bench;
  Measure(state, kEntities, [&] { bench = std::make_unique<BenchWorld>(project); }, [&] { bench->AddAll(); });
}

void Get(benchmark::State& state, bool project) {
  BenchWorld bench(project);
  bench.AddAll();
  const std::vector<Entity> order = Shuffled(bench.entities);
  double sum = 0.0;
  Measure(state, kEntities, [] {}, [&] {
    if (!project) {
      for (const Entity entity : order) {
        const Turret& turret = bench.world->GetComponent<Turret>(entity);
        sum += turret.range + static_cast<float>(turret.ammo);
      }
    } else {
      for (const Entity entity : order) {
        const void* turret = bench.world->GetComponentData(entity, bench.type);
        sum += bench.range->Ref<float>(turret) + static_cast<float>(bench.ammo->Ref<std::int32_t>(turret));
      }
    }
  });
  benchmark::DoNotOptimize(sum);
}

void Iterate(benchmark::State& state, bool project) {
  BenchWorld bench(project);
  bench.AddAll();
  double sum = 0.0;
  Measure(state, kEntities, [] {}, [&] {
    if (!project) {
      bench.world->Each<Turret>([&](Entity, Turret& turret) { sum += turret.range + static_cast<float>(turret.ammo); });
    } else {
      const std::size_t range = bench.range->offset;
      const std::size_t ammo = bench.ammo->offset;
      bench.world->EachComponentData(bench.type, [&](Entity, void* turret) {
        const auto* bytes = static_cast<const std::byte*>(turret);
        sum += *reinterpret_cast<const float*>(bytes + range) +
               static_cast<float>(*reinterpret_cast<const std::int32_t*>(bytes + ammo));
      });
    }
  });
  benchmark::DoNotOptimize(sum);
}

void Save(benchmark::State& state, bool project) {
  BenchWorld bench(project);
  bench.AddAll();
  std::size_t bytes = 0;
  Measure(state, kEntities, [] {}, [&] {
    bytes += cairn::serialization::SaveSceneToString(*bench.world, PlainValue()).size();
  });
  benchmark::DoNotOptimize(bytes);
}

struct Workload {
  const char* title;
  const char* name;
  void (*run)(benchmark::State&, bool);
};

constexpr Workload kWorkloads[] = {
    {"add", "Add", Add},
    {"get (random order)", "Get", Get},
    {"iterate", "Iterate", Iterate},
    {"save", "Save", Save},
};

}  // namespace

int main(int argc, char** argv) {
  std::vector<cairn::bench::Comparison> rows;
  for (const Workload& workload : kWorkloads) {
    const std::string measured = std::string("Project") + workload.name;
    const std::string baseline = std::string("Cpp") + workload.name;
    benchmark::RegisterBenchmark(measured.c_str(), workload.run, true)->UseManualTime()->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(baseline.c_str(), workload.run, false)->UseManualTime()->Unit(benchmark::kMillisecond);
    rows.push_back({workload.title, kEntities, 1.5, measured, baseline});
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  cairn::bench::RecordingReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  std::cout << "\nA project component against the same component declared in C++ (ns per entity; C++ is the baseline):";
  cairn::bench::PrintRatioTable(std::cout, rows, reporter);
  return 0;
}
