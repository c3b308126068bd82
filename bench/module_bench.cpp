// Game modules (docs/PERFORMANCE.md, "Game modules"):
//   step/module, step/static: one simulation step of a world of Gatehouse
//     units (a door sliding to a far target, a spawner, an alarm watching the
//     door) with the systems from the loaded module, and with the same
//     systems linked into this binary;
//   swap/load, swap/read: loading the module (copy, dlopen, checks, a trial
//     registration) and reading the world again with it, as a reload while
//     playing does, beside reading the world again alone;
//   and after the benchmarks, the memory 200 loads take.

#include <benchmark/benchmark.h>

#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <unistd.h>

#include "bench_summary.h"
#include "cairn/ecs/game_module.h"
#include "cairn/ecs/simulation.h"
#include "cairn/modules/game_module_host.h"
#include "cairn/serialization/project.h"
#include "cairn/serialization/scene_loader.h"

extern "C" const cairn::ecs::GameModuleDescriptor* cairn_game_module();  // systems.cpp, linked in

namespace {

namespace ecs = cairn::ecs;
namespace modules = cairn::modules;
namespace serialization = cairn::serialization;

constexpr std::size_t kUnits = 1000;

const serialization::Project& Project() {
  static const serialization::Project project = [] {
    serialization::ProjectLoadResult loaded = serialization::LoadProjectFile(CAIRN_GATEHOUSE_PROJECT);
    if (!loaded.Ok()) throw std::runtime_error("cannot read the Gatehouse project");
    return *loaded.project;
  }();
  return project;
}

std::string Hex(std::uint64_t value) { return ecs::ToHex(ecs::EntityId{value}); }

std::string Transform(float x, float y, float z) {
  std::ostringstream out;
  out << R"("Transform": {"position": [)" << x << ", " << y << ", " << z
      << R"(], "rotation": [0, 0, 0, 1], "scale": [1, 1, 1]})";
  return out.str();
}

// kUnits units in a row: a door sliding toward a target a kilometre away (it
// never arrives), a spawner with nothing left to place, an alarm on the door.
const std::string& SceneText() {
  static const std::string text = [] {
    std::string entities;
    std::uint64_t id = 1;
    std::uint32_t order = 0;
    const auto entity = [&](std::uint64_t entity_id, const std::string& components) {
      entities += (entities.empty() ? "" : ",\n") + std::string(R"({"id": ")") + Hex(entity_id) +
                  R"(", "name": null, "parent": null, "order": )" + std::to_string(order++) +
                  R"(, "components": {)" + components + "}}";
    };
    for (std::size_t unit = 0; unit < kUnits; ++unit) {
      const float x = static_cast<float>(unit) * 4.0f;
      const std::uint64_t door = id++, target = id++, spawner = id++, alarm = id++;
      entity(door, R"("Door": {"target": ")" + Hex(target) + R"(", "speed": 1.5, "open": false}, )" +
                       Transform(x, 1, 0));
      entity(target, Transform(x, 1, 1000));
      entity(spawner, R"("Spawner": {"every": 0.5, "count": 0, "spawned": 0, "timer": 0}, )" + Transform(x, 0, 3));
      entity(alarm, R"("Alarm": {"target": ")" + Hex(door) + R"(", "radius": 2, "ringing": false}, )" +
                        Transform(x + 1, 2, 0));
    }
    return R"({"format": "cairn.scene", "version": 3, "entities": [)" + entities + "], \"instances\": []}";
  }();
  return text;
}

std::shared_ptr<const modules::GameModule> LoadedModule() {
  static const std::shared_ptr<const modules::GameModule> module = [] {
    modules::ModuleLoad load = modules::LoadGameModule(CAIRN_BENCH_MODULE, Project());
    if (!load.Ok()) throw std::runtime_error(load.error);
    return load.module;
  }();
  return module;
}

// The systems linked into this binary, as a module object.
std::shared_ptr<const modules::GameModule> LinkedModule() {
  static const auto module =
      std::make_shared<const modules::GameModule>("", "", modules::FileStamp{}, *cairn_game_module(),
                                                   std::vector<std::string>{});
  return module;
}

std::unique_ptr<ecs::Coordinator> Read(std::shared_ptr<const modules::GameModule> module) {
  serialization::LoadResult loaded = serialization::LoadScene(SceneText(), modules::ModuleSceneOptions(module, {}));
  if (!loaded.Ok()) throw std::runtime_error("cannot read the bench scene: " + loaded.diagnostics.front().ToString());
  return std::move(loaded.scene->world);
}

void Step(benchmark::State& state, std::shared_ptr<const modules::GameModule> module) {
  std::unique_ptr<ecs::Coordinator> world = Read(std::move(module));
  ecs::Simulation simulation(*world);
  cairn::bench::Measure(state, kUnits, [] {}, [&] { simulation.Step(); });
}

void StepModule(benchmark::State& state) { Step(state, LoadedModule()); }
void StepStatic(benchmark::State& state) { Step(state, LinkedModule()); }

void SwapLoad(benchmark::State& state) {
  std::unique_ptr<ecs::Coordinator> world;
  cairn::bench::Measure(state, 1, [] {}, [&] {
    modules::ModuleLoad load = modules::LoadGameModule(CAIRN_BENCH_MODULE, Project());
    if (!load.Ok()) throw std::runtime_error(load.error);
    world = Read(load.module);
  });
}

void SwapRead(benchmark::State& state) {
  std::unique_ptr<ecs::Coordinator> world;
  const auto module = LoadedModule();
  cairn::bench::Measure(state, 1, [] {}, [&] { world = Read(module); });
}

// Resident and mapped memory of this process, in MiB (/proc/self/statm).
std::pair<double, double> MemoryMiB() {
  std::ifstream statm("/proc/self/statm");
  double pages = 0.0, resident = 0.0;
  statm >> pages >> resident;
  const double page = static_cast<double>(::sysconf(_SC_PAGESIZE)) / (1024.0 * 1024.0);
  return {resident * page, pages * page};
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::RegisterBenchmark("modules/step/module", StepModule)->UseManualTime()->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark("modules/step/static", StepStatic)->UseManualTime()->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark("modules/swap/load", SwapLoad)->UseManualTime()->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("modules/swap/read", SwapRead)->UseManualTime()->Unit(benchmark::kMillisecond);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  cairn::bench::RecordingReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  const std::vector<cairn::bench::Comparison> rows = {
      {"one step, systems from the module (per unit)", kUnits, 1.1, "modules/step/module", "modules/step/static"},
  };
  std::cout << "\nThe module's systems against the same systems linked in (ns per unit and step):";
  cairn::bench::PrintRatioTable(std::cout, rows, reporter);
  const double swap_ms = reporter.NsPerEntity("modules/swap/load") / 1e6;
  const double read_ms = reporter.NsPerEntity("modules/swap/read") / 1e6;
  if (swap_ms >= 0.0 && read_ms >= 0.0) {
    std::cout << "\nload the module and read the world of " << kUnits * 4 << " entities again with it: " << swap_ms
              << " ms (target: at most 100 ms); reading the world again alone: " << read_ms
              << " ms; the load itself: " << swap_ms - read_ms << " ms\n";
  }

  LoadedModule();
  const auto [resident_before, mapped_before] = MemoryMiB();
  constexpr int kLoads = 200;
  for (int i = 0; i < kLoads; ++i) {
    if (!modules::LoadGameModule(CAIRN_BENCH_MODULE, Project()).Ok()) return 1;
  }
  const auto [resident_after, mapped_after] = MemoryMiB();
  std::cout << "memory over " << kLoads << " loads (never unloaded): resident +" << (resident_after - resident_before)
            << " MiB (" << (resident_after - resident_before) * 1024.0 / kLoads << " KiB per load), mapped +"
            << (mapped_after - mapped_before) << " MiB\n";
  return 0;
}
