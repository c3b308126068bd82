// Scene save and load at 100,000 entities, each beside the JSON library
// alone on the same bytes:
//   SaveScene  vs JsonDump   (nlohmann::json::dump(2) of the parsed scene)
//   LoadScene  vs JsonParse  (nlohmann::json::parse of the saved text)
//   ScanScene  vs JsonSax    (the streamed load's scanner alone, and
//                             nlohmann::json::sax_parse, each driving a
//                             handler that only counts what it hears)
//   LoadScene  vs LoadSceneWhole (the load that parses the whole document
//                                 first: LoadOptions::streamed = false)
// and a level of 100,000 and of 1,000,000 entities (groups of a parent and
// 99 cubes) loaded from its file as the editor and `cairn validate` load it,
// streamed and whole: LoadFile/N vs LoadFileWhole/N, with the process's peak
// resident memory during each (counter peak_MB).
// Every entity has Name, Transform and MeshRenderer; a third also have a
// Light or a Rotator; the hierarchy is up to 8 levels deep. After the runs the
// program prints milliseconds, MB/s and the two ratios (targets: <= 2).
// Both sides of each ratio include freeing what they built (the world, the
// DOM, the string).

#include <benchmark/benchmark.h>

#include <malloc.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "cairn/ecs/bit_mix.h"
#include "cairn/ecs/builtin_components.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/serialization/scene_loader.h"
#include "cairn/serialization/scene_writer.h"
#include "json_scanner.h"

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

// Hears both parsers: the scanner's events (views of strings, a number's
// value) and nlohmann's (strings, a float's text too). Counts them only.
struct CountingHandler {
  using number_integer_t = nlohmann::json::number_integer_t;
  using number_unsigned_t = nlohmann::json::number_unsigned_t;
  using number_float_t = nlohmann::json::number_float_t;
  using string_t = nlohmann::json::string_t;
  using binary_t = nlohmann::json::binary_t;

  std::size_t events = 0;
  std::size_t string_bytes = 0;

  bool null() { return Count(); }
  bool boolean(bool) { return Count(); }
  bool number_integer(number_integer_t) { return Count(); }
  bool number_unsigned(number_unsigned_t) { return Count(); }
  bool number_float(number_float_t) { return Count(); }
  bool number_float(number_float_t, const string_t&) { return Count(); }
  bool string(std::string_view value) { return Count(value.size()); }
  bool string(string_t& value) { return Count(value.size()); }
  bool binary(binary_t&) { return Count(); }
  bool key(std::string_view value) { return Count(value.size()); }
  bool key(string_t& value) { return Count(value.size()); }
  bool start_object(std::size_t) { return Count(); }
  bool end_object() { return Count(); }
  bool start_array(std::size_t) { return Count(); }
  bool end_array() { return Count(); }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) { return false; }
  void SyntaxError() {}

 private:
  bool Count(std::size_t bytes = 0) {
    ++events;
    string_bytes += bytes;
    return true;
  }
};

void ScanScene(benchmark::State& state) {
  Fixture& fixture = Shared();
  for (auto _ : state) {
    CountingHandler handler;
    const char* begin = fixture.text.data();
    if (!serialization::detail::ScanJson(begin, begin + fixture.text.size(), handler)) {
      state.SkipWithError("the saved scene did not scan");
    }
    benchmark::DoNotOptimize(handler.events);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * fixture.text.size()));
}

void JsonSax(benchmark::State& state) {
  Fixture& fixture = Shared();
  for (auto _ : state) {
    CountingHandler handler;
    if (!nlohmann::json::sax_parse(fixture.text, &handler)) state.SkipWithError("the saved scene did not parse");
    benchmark::DoNotOptimize(handler.events);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * fixture.text.size()));
}

void LoadSceneWhole(benchmark::State& state) {
  Fixture& fixture = Shared();
  serialization::LoadOptions options;
  options.id_seed = 1;
  options.streamed = false;
  for (auto _ : state) {
    serialization::LoadResult result = serialization::LoadScene(fixture.text, options);
    if (!result.Ok()) state.SkipWithError("the saved scene did not load");
    benchmark::DoNotOptimize(result.scene);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * fixture.text.size()));
}

// A level file of `count` entities: every hundredth a named group at the
// root, the others its 99 children, each a named cube with a Transform and
// a MeshRenderer, written as the editor writes scenes (indent 2), with
// random-looking ids as the editor makes them (bench/tools/make_level.py
// writes the same level). Written once per count, into the temporary
// folder, and removed at exit.
const std::filesystem::path& LevelFile(std::size_t count) {
  static std::map<std::size_t, std::filesystem::path> files;
  auto& path = files[count];
  if (!path.empty()) return path;
  path = std::filesystem::temp_directory_path() / ("cairn-bench-level-" + std::to_string(count) + ".scene");
  std::ofstream out(path, std::ios::binary);
  out << "{\n  \"format\": \"cairn.scene\",\n  \"version\": 3,\n  \"editor\": {},\n  \"entities\": [";
  char id[17];
  char group[17] = "";
  for (std::size_t i = 0; i < count; ++i) {
    std::snprintf(id, sizeof id, "%016llx", static_cast<unsigned long long>(MixBits((i + 1) * kMixGamma)));
    const bool root = i % 100 == 0;
    const std::size_t k = i % 100 - 1;
    out << (i == 0 ? "\n" : ",\n") << "    {\n      \"id\": \"" << id << "\",\n";
    if (root) {
      std::snprintf(group, sizeof group, "%s", id);
      out << "      \"name\": \"Group " << i / 100 << "\",\n      \"parent\": null,\n      \"order\": " << i / 100
          << ",\n      \"components\": {\n        \"Transform\": {\n          \"position\": [" << (i / 100) % 100 * 12
          << ", 0, " << i / 10000 * 12 << "],\n";
    } else {
      out << "      \"name\": \"Cube " << i << "\",\n      \"parent\": \"" << group << "\",\n      \"order\": " << k
          << ",\n      \"components\": {\n        \"MeshRenderer\": {\n          \"mesh\": \"cube\",\n"
          << "          \"color\": [0.8, 0.5, 0.25, 1],\n          \"asset\": \"\"\n        },\n"
          << "        \"Transform\": {\n          \"position\": [" << k % 10 << ", 0.5, " << k / 10 << "],\n";
    }
    out << "          \"rotation\": [0, 0, 0, 1],\n          \"scale\": [0.5, 0.5, 0.5]\n        }\n      }\n    }";
  }
  out << "\n  ]\n}\n";
  std::atexit([] {
    for (const auto& [entities, file] : files) std::filesystem::remove(file);
  });
  return path;
}

// The process's resident memory now and at its peak since ResetPeak (bytes).
double ResidentBytes(const char* field) {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);) {
    if (line.rfind(field, 0) == 0) return std::stod(line.substr(std::string(field).size())) * 1024.0;
  }
  return 0.0;
}
void ResetPeak() { std::ofstream("/proc/self/clear_refs") << "5"; }

void LoadFile(benchmark::State& state, bool streamed) {
  const auto count = static_cast<std::size_t>(state.range(0));
  const std::filesystem::path& file = LevelFile(count);
  serialization::LoadOptions options;
  options.id_seed = 1;
  options.streamed = streamed;
  double peak = 0.0;
  for (auto _ : state) {
    malloc_trim(0);
    ResetPeak();
    const double before = ResidentBytes("VmRSS:");
    serialization::LoadResult result = serialization::LoadSceneFile(file, options);
    peak = std::max(peak, ResidentBytes("VmHWM:") - before);
    if (!result.Ok() || result.scene->world->EntityCount() != count) state.SkipWithError("the level did not load");
    benchmark::DoNotOptimize(result.scene);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * std::filesystem::file_size(file)));
  state.counters["peak_MB"] = peak / 1e6;
}
void LoadFileStreamed(benchmark::State& state) { LoadFile(state, true); }
void LoadFileWhole(benchmark::State& state) { LoadFile(state, false); }

// The level files first, while the process holds little: the peak they
// report is then what the load itself takes.
BENCHMARK(LoadFileStreamed)->Arg(100'000)->Arg(1'000'000)->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK(LoadFileWhole)->Arg(100'000)->Arg(1'000'000)->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK(SaveScene)->Unit(benchmark::kMillisecond);
BENCHMARK(JsonDump)->Unit(benchmark::kMillisecond);
BENCHMARK(LoadScene)->Unit(benchmark::kMillisecond);
BENCHMARK(LoadSceneWhole)->Unit(benchmark::kMillisecond);
BENCHMARK(JsonParse)->Unit(benchmark::kMillisecond);
BENCHMARK(ScanScene)->Unit(benchmark::kMillisecond);
BENCHMARK(JsonSax)->Unit(benchmark::kMillisecond);

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
      const std::string name =
          run.run_name.function_name + (run.run_name.args.empty() ? "" : "/" + run.run_name.args);
      seconds_[name].push_back(seconds);
      const auto peak = run.counters.find("peak_MB");
      if (peak != run.counters.end()) peak_megabytes_[name] = peak->second.value;
    }
    ConsoleReporter::ReportRuns(runs);
  }

  // The peak_MB counter of the last run (0 when it has none).
  double PeakMegabytes(const std::string& name) const {
    const auto found = peak_megabytes_.find(name);
    return found == peak_megabytes_.end() ? 0.0 : found->second;
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
  std::map<std::string, double> peak_megabytes_;
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
  for (const char* name : {"SaveScene", "JsonDump", "LoadScene", "JsonParse", "ScanScene", "JsonSax"}) {
    const double ms = reporter.BestMilliseconds(name);
    if (ms > 0.0) std::printf("%-10s %10.1f %10.1f\n", name, ms, megabytes / (ms / 1000.0));
  }
  // A ratio of two benchmarks' best times, printed when both ran (a
  // --benchmark_filter may leave either out).
  const auto print_ratio = [&reporter](const char* label, const char* a, const char* b, const char* note) {
    const double numerator = reporter.BestMilliseconds(a);
    const double denominator = reporter.BestMilliseconds(b);
    if (numerator > 0.0 && denominator > 0.0) std::printf("%s %.2fx%s\n", label, numerator / denominator, note);
  };
  print_ratio("save / dump alone: ", "SaveScene", "JsonDump", " (target <= 2)");
  print_ratio("load / parse alone:", "LoadScene", "JsonParse", " (target <= 2)");
  print_ratio("streamed load / whole-document load:", "LoadScene", "LoadSceneWhole", "");
  print_ratio("scanner / nlohmann's SAX parse alone:", "ScanScene", "JsonSax", "");

  std::printf("\nA level loaded from its file (CPU time; peak: resident memory above what the process held)\n");
  std::printf("%-10s %-9s %10s %10s %14s\n", "entities", "load", "ms", "peak MB", "peak B/entity");
  for (const std::size_t count : {std::size_t{100'000}, std::size_t{1'000'000}}) {
    for (const char* load : {"streamed", "whole"}) {
      const std::string name = std::string(load == std::string("streamed") ? "LoadFileStreamed/" : "LoadFileWhole/") +
                               std::to_string(count) + "";
      const double ms = reporter.BestMilliseconds(name);
      const double peak = reporter.PeakMegabytes(name);
      if (ms > 0.0) {
        std::printf("%-10zu %-9s %10.0f %10.0f %14.0f\n", count, load, ms, peak, peak * 1e6 / static_cast<double>(count));
      }
    }
  }
  print_ratio("1,000,000 streamed / 100,000 streamed:", "LoadFileStreamed/1000000", "LoadFileStreamed/100000",
              " (linear: 10x)");
  print_ratio("1,000,000 streamed / whole:", "LoadFileStreamed/1000000", "LoadFileWhole/1000000", "");
  benchmark::Shutdown();
  return 0;
}
