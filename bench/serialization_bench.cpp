// Scene save and load at 100,000 entities, each beside the JSON library
// alone on the same bytes:
//   SaveScene  vs JsonDump   (nlohmann::json::dump(2) of the parsed scene)
//   LoadScene  vs JsonParse  (nlohmann::json::parse of the saved text)
// Every entity has Name, Transform and MeshRenderer; a third also have a
// Light or a Rotator; the hierarchy is up to 8 levels deep. After the runs the
// program prints milliseconds, MB/s and the two ratios (targets: <= 2).
// Both sides of each ratio include freeing what they built (the world, the
// DOM, the string).

#include <benchmark/benchmark.h>

#include <cstdio>
#include <map>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cairn/ecs/builtin_components.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/serialization/scene_loader.h"
#include "cairn/serialization/scene_writer.h"

namespace {

using namespace cairn::ecs;
namespace serialization = cairn::serialization;

constexpr int kEntities = 100000;
constexpr int kMaxDepth = 8;

std::unique_ptr<Coordinator> MakeBenchWorld() {
  auto world = std::make_unique<Coordinator>(2024);
  RegisterBuiltinComponents(*world);
  world->ReserveEntities(kEntities);
  std::mt19937 rng(12345);
  std::uniform_real_distribution<float> coordinate(-100.0f, 100.0f);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  std::vector<Entity> entities;
  std::vector<int> depth;
  entities.reserve(kEntities);
  for (int i = 0; i < kEntities; ++i) {
    const Entity entity = world->CreateEntity();
    world->AddComponent(entity, Name{"Entity " + std::to_string(i)});
    const glm::quat rotation = glm::normalize(glm::quat(unit(rng), unit(rng), unit(rng), unit(rng)));
    world->AddComponent(entity, Transform{{coordinate(rng), coordinate(rng), coordinate(rng)}, rotation,
                                          {1.0f, 1.0f + unit(rng), 1.0f}});
    world->AddComponent(entity, MeshRenderer{static_cast<MeshShape>(i % 5), {unit(rng), unit(rng), unit(rng), 1.0f}, {}});
    if (i % 3 == 0) {
      if (i % 2 == 0) {
        world->AddComponent(entity, Light{LightType::kPoint, {unit(rng), unit(rng), unit(rng)}, 2.0f, 15.0f, 30.0f});
      } else {
        world->AddComponent(entity, Rotator{{0.0f, 1.0f, 0.0f}, 10.0f + 100.0f * unit(rng)});
      }
    }
    int entity_depth = 0;
    if (i % 4 != 0 && !entities.empty()) {
      const std::size_t parent = std::uniform_int_distribution<std::size_t>(0, entities.size() - 1)(rng);
      if (depth[parent] + 1 < kMaxDepth) {
        world->SetParent(entity, entities[parent]);
        entity_depth = depth[parent] + 1;
      }
    }
    entities.push_back(entity);
    depth.push_back(entity_depth);
  }
  return world;
}

struct Fixture {
  std::unique_ptr<Coordinator> world = MakeBenchWorld();
  PlainValue editor = PlainValue::MakeObject();
  std::string text = serialization::SaveSceneToString(*world, editor);
  nlohmann::json document = nlohmann::json::parse(text);
};

Fixture& Shared() {
  static Fixture fixture;
  return fixture;
}

void SaveScene(benchmark::State& state) {
  Fixture& fixture = Shared();
  for (auto _ : state) {
    std::string text = serialization::SaveSceneToString(*fixture.world, fixture.editor);
    benchmark::DoNotOptimize(text.data());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * fixture.text.size()));
}

void JsonDump(benchmark::State& state) {
  Fixture& fixture = Shared();
  for (auto _ : state) {
    std::string text = fixture.document.dump(2);
    benchmark::DoNotOptimize(text.data());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * fixture.text.size()));
}

void LoadScene(benchmark::State& state) {
  Fixture& fixture = Shared();
  serialization::LoadOptions options;
  options.id_seed = 1;
  for (auto _ : state) {
    serialization::LoadResult result = serialization::LoadScene(fixture.text, options);
    if (!result.Ok()) state.SkipWithError("the saved scene did not load");
    benchmark::DoNotOptimize(result.scene);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * fixture.text.size()));
}

void JsonParse(benchmark::State& state) {
  Fixture& fixture = Shared();
  for (auto _ : state) {
    nlohmann::json document = nlohmann::json::parse(fixture.text);
    benchmark::DoNotOptimize(document);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * fixture.text.size()));
}

BENCHMARK(SaveScene)->Unit(benchmark::kMillisecond);
BENCHMARK(JsonDump)->Unit(benchmark::kMillisecond);
BENCHMARK(LoadScene)->Unit(benchmark::kMillisecond);
BENCHMARK(JsonParse)->Unit(benchmark::kMillisecond);

// Console output as usual, plus each benchmark's CPU time per iteration for
// the summary. CPU time, not wall time: every benchmark is single-threaded,
// and CPU time is what other load on the machine disturbs least.
class SummaryReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      if (run.error_occurred) continue;
      // With --benchmark_report_aggregates_only only the aggregates arrive:
      // then the mean stands in for the runs.
      const bool iteration = run.run_type == Run::RT_Iteration;
      if (!iteration && run.aggregate_name != "mean") continue;
      const double seconds = run.cpu_accumulated_time / static_cast<double>(run.iterations);
      seconds_[run.run_name.function_name].push_back(seconds);
    }
    ConsoleReporter::ReportRuns(runs);
  }

  // The best of the runs: the least disturbed by other load.
  double BestMilliseconds(const std::string& name) const {
    const auto found = seconds_.find(name);
    if (found == seconds_.end()) return 0.0;
    double best = found->second.front();
    for (double seconds : found->second) best = std::min(best, seconds);
    return best * 1000.0;
  }

 private:
  std::map<std::string, std::vector<double>> seconds_;
};

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  SummaryReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);

  const double megabytes = static_cast<double>(Shared().text.size()) / 1e6;
  std::printf("\nScene: %d entities, %.1f MB of JSON\n", kEntities, megabytes);
  std::printf("Best CPU time of the runs (pass --benchmark_repetitions=N for more runs):\n");
  std::printf("%-10s %10s %10s\n", "", "ms", "MB/s");
  for (const char* name : {"SaveScene", "JsonDump", "LoadScene", "JsonParse"}) {
    const double ms = reporter.BestMilliseconds(name);
    if (ms > 0.0) std::printf("%-10s %10.1f %10.1f\n", name, ms, megabytes / (ms / 1000.0));
  }
  const double save = reporter.BestMilliseconds("SaveScene") / reporter.BestMilliseconds("JsonDump");
  const double load = reporter.BestMilliseconds("LoadScene") / reporter.BestMilliseconds("JsonParse");
  std::printf("save / dump alone:  %.2fx (target <= 2)\n", save);
  std::printf("load / parse alone: %.2fx (target <= 2)\n", load);
  benchmark::Shutdown();
  return 0;
}
