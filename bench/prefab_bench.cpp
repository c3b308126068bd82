// Opening a scene of prefab instances beside the same scene flattened, in
// one binary: 1,000 instances of a 100-entity prefab (100,000 entities, and
// 100 children the scene adds under them), against the scene a user without
// prefabs would have: the same entities, ids and components written as
// ordinary entities, with no instance and no cairn.PrefabInstance marker.
//
//   workload     measured                                      baseline
//   load, cold   LoadScene, the loader reading the prefab file  LoadScene of the flat scene
//   load, warm   LoadScene, the prefab already in the editor's  the same
//                PrefabLibrary
//   save         SaveSceneToString with the library            SaveSceneToString of the flat world
//
// A load is parsing, building the world and freeing it. Target: both loads
// within 1.5x of the flat one. Saving has none; its ratio is printed to keep
// it in sight (docs/PERFORMANCE.md, "Prefab instances").

#include <benchmark/benchmark.h>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <functional>
#include <iostream>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

#include "bench_summary.h"
#include "cairn/ecs/builtin_components.h"
#include "cairn/ecs/command.h"
#include "cairn/ecs/components/follow.h"
#include "cairn/ecs/components/light.h"
#include "cairn/ecs/components/mesh_renderer.h"
#include "cairn/ecs/components/name.h"
#include "cairn/ecs/components/rotator.h"
#include "cairn/ecs/components/transform.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/serialization/prefab.h"
#include "cairn/serialization/scene_loader.h"
#include "cairn/serialization/scene_writer.h"
#include "cairn/serialization/unknown_components.h"

namespace {

using cairn::bench::Measure;
using namespace cairn::ecs;
namespace serialization = cairn::serialization;

constexpr std::size_t kPrefabEntities = 100;
constexpr int kPrefabMaxDepth = 5;  // levels below the prefab's root
constexpr std::size_t kInstances = 1000;
constexpr std::size_t kVariedEvery = 10;  // every 10th instance overrides more than its place
constexpr std::size_t kGridColumns = 40;  // instances are placed in rows of 40, 10 units apart
constexpr const char* kPrefabPath = "props/machine.scene";

// A fresh folder under the system's temporary one, removed with its
// contents when the object is destroyed.
class ScratchFolder {
 public:
  ScratchFolder()
      : path_(std::filesystem::temp_directory_path() / ("cairn_prefab_bench_" + std::to_string(::getpid()))) {
    std::filesystem::create_directories(path_);
  }
  ~ScratchFolder() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  ScratchFolder(const ScratchFolder&) = delete;
  ScratchFolder& operator=(const ScratchFolder&) = delete;

  const std::filesystem::path& Path() const { return path_; }

 private:
  std::filesystem::path path_;
};

void Require(bool condition, const std::string& what) {
  if (!condition) throw std::runtime_error("the benchmark's fixture is wrong: " + what);
}

std::unique_ptr<Coordinator> NewWorld(std::uint64_t id_seed) {
  auto world = std::make_unique<Coordinator>(id_seed);
  RegisterBuiltinComponents(*world);
  serialization::RegisterUnknownComponents(*world);
  serialization::RegisterPrefabInstance(*world);
  return world;
}

// The prefab: a root and 99 parts up to kPrefabMaxDepth levels below it.
// Every entity has a Name and a Transform, nine in ten a MeshRenderer, about
// one in four a Light or a Rotator, and five parts a Follow aiming at another
// part of the prefab.
std::unique_ptr<Coordinator> MakePrefab() {
  auto world = NewWorld(101);
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> coordinate(-2.0f, 2.0f);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  std::vector<Entity> parts;
  std::vector<int> depth;
  for (std::size_t i = 0; i < kPrefabEntities; ++i) {
    const Entity part = world->CreateEntity();
    world->AddComponent(part, Name{i == 0 ? std::string("Machine") : "Part " + std::to_string(i)});
    const glm::quat rotation = glm::normalize(glm::quat(unit(rng), unit(rng), unit(rng), unit(rng)));
    world->AddComponent(part, Transform{{coordinate(rng), coordinate(rng), coordinate(rng)}, rotation,
                                        {1.0f, 1.0f + unit(rng), 1.0f}});
    if (i % 10 != 9) {
      const glm::vec4 color{unit(rng), unit(rng), unit(rng), 1.0f};
      world->AddComponent(part, MeshRenderer{static_cast<MeshShape>(i % 5), color, {}});
    }
    if (i % 9 == 4) {
      world->AddComponent(part, Light{LightType::kPoint, {unit(rng), unit(rng), unit(rng)}, 2.0f, 15.0f, 30.0f});
    } else if (i % 7 == 3) {
      world->AddComponent(part, Rotator{{0.0f, 1.0f, 0.0f}, 10.0f + 100.0f * unit(rng)});
    }
    if (i % 20 == 11) {
      world->AddComponent(part, Follow{world->GetEntityId(parts[i / 2]), {0.0f, 1.0f, 0.0f}, 0.5f});
    }
    int part_depth = 0;
    if (i > 0) {
      std::size_t parent = std::uniform_int_distribution<std::size_t>(0, parts.size() - 1)(rng);
      while (depth[parent] >= kPrefabMaxDepth) parent = parent / 2;  // towards the root, which always takes one
      world->SetParent(part, parts[parent]);
      part_depth = depth[parent] + 1;
    }
    parts.push_back(part);
    depth.push_back(part_depth);
  }
  return world;
}

// The world entity that `instance_id`'s instance makes of the prefab's
// entity number `index` (pre-order).
Entity Member(const Coordinator& world, const serialization::Prefab& prefab, EntityId instance_id, std::size_t index) {
  const EntityId source_id = prefab.world->GetEntityId(prefab.entities[index]);
  return world.GetEntity(serialization::InstanceEntityId(instance_id, prefab.root_id, source_id));
}

// The first entity of the prefab, after its root, that has (or lacks) T.
template <typename T>
std::size_t FirstPart(const serialization::Prefab& prefab, bool with) {
  for (std::size_t i = 1; i < prefab.entities.size(); ++i) {
    if (prefab.world->HasComponent<T>(prefab.entities[i]) == with) return i;
  }
  throw std::runtime_error("the prefab has no part to override");
}

// kInstances instances of the prefab on a grid, each at its own place (its
// root's Transform.position overridden, as placing an instance does); every
// kVariedEvery-th also recolours a part, adds a Rotator to a part without
// one and holds a child of the scene's own under a part.
std::unique_ptr<Coordinator> MakeScene(const serialization::Prefab& prefab) {
  auto world = NewWorld(2024);
  world->ReserveEntities(kInstances * (prefab.entities.size() + 1));
  const std::size_t coloured = FirstPart<MeshRenderer>(prefab, true);
  const std::size_t turning = FirstPart<Rotator>(prefab, false);
  const std::size_t holder = prefab.entities.size() / 2;
  for (std::size_t i = 0; i < kInstances; ++i) {
    const EntityId id = world->GenerateEntityId();
    ApplyCommand(*world, RestoreSubtreeCommand{serialization::InstanceRecords(prefab, *world, id, kNoEntityId)});
    world->GetComponent<Transform>(world->GetEntity(id)).position = {
        static_cast<float>(i % kGridColumns) * 10.0f, 0.0f, static_cast<float>(i / kGridColumns) * 10.0f};
    if (i % kVariedEvery != 0) continue;
    world->GetComponent<MeshRenderer>(Member(*world, prefab, id, coloured)).color = {1.0f, 0.2f, 0.2f, 1.0f};
    world->AddComponent(Member(*world, prefab, id, turning), Rotator{{0.0f, 0.0f, 1.0f}, 90.0f});
    const Entity marker = world->CreateEntity();
    world->AddComponent(marker, Name{"Marker " + std::to_string(i)});
    world->AddComponent(marker, Transform{});
    world->AddComponent(marker, MeshRenderer{MeshShape::kSphere, {0.0f, 1.0f, 0.0f, 1.0f}, {}});
    world->SetParent(marker, Member(*world, prefab, id, holder));
  }
  return world;
}

// The same world with no instance: every instance root loses its
// cairn.PrefabInstance marker, so that nothing of it is a prefab any more.
void Flatten(Coordinator& world) {
  std::vector<Entity> roots;
  world.Each<serialization::PrefabInstance>(
      [&roots](Entity root, serialization::PrefabInstance&) { roots.push_back(root); });
  for (const Entity root : roots) world.RemoveComponent<serialization::PrefabInstance>(root);
}

struct Fixture {
  Fixture() : options(MakeOptions(folder.Path())), library(folder.Path(), options) {
    std::filesystem::create_directories(folder.Path() / "props");
    const serialization::SaveResult saved =
        serialization::SaveSceneFile(folder.Path() / kPrefabPath, *MakePrefab(), PlainValue());
    Require(saved.ok, "cannot write the prefab: " + saved.error);
    prefab_bytes = std::filesystem::file_size(folder.Path() / kPrefabPath);
    const serialization::PrefabLookup lookup = library.Get(kPrefabPath);
    Require(lookup.prefab != nullptr, lookup.error);
    Require(lookup.prefab->entities.size() == kPrefabEntities, "the prefab does not have 100 entities");

    instanced = serialization::SaveSceneToString(*MakeScene(*lookup.prefab), editor, &library);
    instanced_world = Load(instanced, &library);
    Require(serialization::SaveSceneToString(*instanced_world, editor, &library) == instanced,
            "the instanced scene does not load and save back to the same text");
    entities = instanced_world->EntityCount();

    // What the instanced scene loads into, written with no instance.
    std::unique_ptr<Coordinator> expanded = Load(instanced, &library);
    Flatten(*expanded);
    flat = serialization::SaveSceneToString(*expanded, editor);
    Require(flat.find(serialization::kPrefabInstanceName) == std::string::npos, "the flat scene names a prefab");
    flat_world = Load(flat, nullptr);
    Require(flat_world->EntityCount() == entities, "the flat scene has other entities");
    Require(serialization::SaveSceneToString(*flat_world, editor) == flat,
            "the flat scene does not load and save back to the same text");
  }

  static serialization::LoadOptions MakeOptions(const std::filesystem::path& folder) {
    serialization::LoadOptions options;
    options.asset_folder = folder;
    options.id_seed = 1;
    return options;
  }

  std::unique_ptr<Coordinator> Load(const std::string& text, serialization::PrefabLibrary* prefabs) const {
    serialization::LoadOptions with_prefabs = options;
    with_prefabs.prefabs = prefabs;
    serialization::LoadResult loaded = serialization::LoadScene(text, with_prefabs);
    Require(loaded.Ok() && loaded.diagnostics.empty(), "a scene of the benchmark does not load cleanly");
    return std::move(loaded.scene->world);
  }

  ScratchFolder folder;
  serialization::LoadOptions options;  // the prefab found in `folder`: read by the loader's own library
  serialization::PrefabLibrary library;  // holds the prefab, as the editor's does
  PlainValue editor = PlainValue::MakeObject();
  std::uintmax_t prefab_bytes = 0;
  std::string instanced;  // 1,000 instances
  std::string flat;       // the same entities, no instance
  std::unique_ptr<Coordinator> instanced_world;
  std::unique_ptr<Coordinator> flat_world;
  std::size_t entities = 0;
};

void LoadOne(benchmark::State& state, const Fixture& fixture, const std::string& text,
             serialization::PrefabLibrary* prefabs) {
  serialization::LoadOptions options = fixture.options;
  options.prefabs = prefabs;
  Measure(state, fixture.entities, [] {}, [&] {
    const serialization::LoadResult result = serialization::LoadScene(text, options);
    if (!result.Ok()) state.SkipWithError("the scene did not load");
  });
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(text.size()));
}

// Cold: no library, so the loader makes its own in the asset folder and
// reads the prefab file, as a load from the command line does.
void LoadInstancedCold(benchmark::State& state, Fixture& fixture) {
  LoadOne(state, fixture, fixture.instanced, nullptr);
}
// Warm: the editor's library, which has read the prefab before.
void LoadInstancedWarm(benchmark::State& state, Fixture& fixture) {
  LoadOne(state, fixture, fixture.instanced, &fixture.library);
}
void LoadFlat(benchmark::State& state, Fixture& fixture) { LoadOne(state, fixture, fixture.flat, nullptr); }

void SaveOne(benchmark::State& state, const Fixture& fixture, const Coordinator& world,
             serialization::PrefabLibrary* prefabs) {
  std::size_t bytes = 0;
  Measure(state, fixture.entities, [] {}, [&] {
    bytes += serialization::SaveSceneToString(world, fixture.editor, prefabs).size();
  });
  benchmark::DoNotOptimize(bytes);
}

void SaveInstanced(benchmark::State& state, Fixture& fixture) {
  SaveOne(state, fixture, *fixture.instanced_world, &fixture.library);
}
void SaveFlat(benchmark::State& state, Fixture& fixture) { SaveOne(state, fixture, *fixture.flat_world, nullptr); }

struct Variant {
  const char* name;
  void (*run)(benchmark::State&, Fixture&);
};

constexpr Variant kVariants[] = {
    {"LoadInstancedCold", LoadInstancedCold}, {"LoadInstancedWarm", LoadInstancedWarm}, {"LoadFlat", LoadFlat},
    {"SaveInstanced", SaveInstanced},         {"SaveFlat", SaveFlat},
};

void PrintMilliseconds(const Fixture& fixture, const cairn::bench::RecordingReporter& reporter) {
  std::printf("\nScene: %zu instances of a %zu-entity prefab (%.1f KB), %zu entities in all\n", kInstances,
              kPrefabEntities, static_cast<double>(fixture.prefab_bytes) / 1e3, fixture.entities);
  std::printf("Scene JSON: %.2f MB with instances, %.1f MB flat\n", static_cast<double>(fixture.instanced.size()) / 1e6,
              static_cast<double>(fixture.flat.size()) / 1e6);
  std::printf("Median CPU time per operation (pass --benchmark_repetitions=N for more runs):\n");
  for (const Variant& variant : kVariants) {
    const double ns = reporter.NsPerEntity(variant.name);
    if (ns >= 0.0) std::printf("%-18s %9.1f ms\n", variant.name, ns * static_cast<double>(fixture.entities) / 1e6);
  }
  const double save = reporter.NsPerEntity("SaveInstanced");
  const double save_flat = reporter.NsPerEntity("SaveFlat");
  if (save >= 0.0 && save_flat > 0.0) {
    std::printf("save with the library / flat: %.2fx (no target)\n", save / save_flat);
  }
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  std::unique_ptr<Fixture> fixture;
  try {
    fixture = std::make_unique<Fixture>();
  } catch (const std::exception& error) {
    std::fprintf(stderr, "%s\n", error.what());
    return 1;
  }
  for (const Variant& variant : kVariants) {
    benchmark::RegisterBenchmark(variant.name, variant.run, std::ref(*fixture))
        ->UseManualTime()
        ->Unit(benchmark::kMillisecond);
  }
  cairn::bench::RecordingReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  std::cout << "\nA scene of prefab instances against the same scene flattened (ns per entity; flat is the baseline):";
  const std::vector<cairn::bench::Comparison> rows = {
      {"load, prefab read from its file (cold)", fixture->entities, 1.5, "LoadInstancedCold", "LoadFlat"},
      {"load, prefab already loaded (warm)", fixture->entities, 1.5, "LoadInstancedWarm", "LoadFlat"},
  };
  cairn::bench::PrintRatioTable(std::cout, rows, reporter);
  PrintMilliseconds(*fixture, reporter);
  return 0;
}
