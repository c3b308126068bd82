// glTF import benchmark: a binary glTF of about 100,000 triangles (a grid
// with positions, normals, texture coordinates and 32-bit indices, written
// by the benchmark itself), imported by cairn::assets::ImportGltf beside
// TinyGLTF's parse of the same bytes alone (the baseline: the reading every
// importer pays). Reports CPU time and the peak of heap memory in use above
// what was live before, for both, and their ratios.

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <new>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>
#include <tiny_gltf.h>
#include <unistd.h>

#include "bench_summary.h"
#include "cairn/assets/gltf_import.h"

// ---- Heap accounting: every allocation of the process (TinyGLTF's too) ----

namespace {

std::atomic<std::size_t> g_live_bytes{0};
std::atomic<std::size_t> g_peak_bytes{0};

void* Allocate(std::size_t bytes) {
  // The size is kept in front of the block so that delete can subtract it.
  auto* block = static_cast<std::size_t*>(std::malloc(bytes + sizeof(std::max_align_t)));
  if (block == nullptr) throw std::bad_alloc();
  *block = bytes;
  const std::size_t live = g_live_bytes.fetch_add(bytes) + bytes;
  std::size_t peak = g_peak_bytes.load();
  while (live > peak && !g_peak_bytes.compare_exchange_weak(peak, live)) {
  }
  return reinterpret_cast<std::byte*>(block) + sizeof(std::max_align_t);
}

void Release(void* memory) noexcept {
  if (memory == nullptr) return;
  auto* block = reinterpret_cast<std::size_t*>(static_cast<std::byte*>(memory) - sizeof(std::max_align_t));
  g_live_bytes.fetch_sub(*block);
  std::free(block);
}

}  // namespace

void* operator new(std::size_t bytes) { return Allocate(bytes); }
void* operator new[](std::size_t bytes) { return Allocate(bytes); }
void operator delete(void* memory) noexcept { Release(memory); }
void operator delete[](void* memory) noexcept { Release(memory); }
void operator delete(void* memory, std::size_t) noexcept { Release(memory); }
void operator delete[](void* memory, std::size_t) noexcept { Release(memory); }

namespace {

namespace fs = std::filesystem;

// ---- The file ----------------------------------------------------------------

constexpr int kGridQuads = 224;  // 224 * 224 quads = 100,352 triangles

void Append(std::string& out, const void* data, std::size_t bytes) { out.append(static_cast<const char*>(data), bytes); }

// A grid of kGridQuads^2 quads on XZ, as a .glb.
std::string GridGlb() {
  const int side = kGridQuads + 1;
  std::string binary;
  for (int z = 0; z < side; ++z) {
    for (int x = 0; x < side; ++x) {
      const float position[3] = {static_cast<float>(x), 0.0f, static_cast<float>(z)};
      Append(binary, position, sizeof position);
    }
  }
  const std::size_t normals_at = binary.size();
  for (int i = 0; i < side * side; ++i) {
    const float normal[3] = {0.0f, 1.0f, 0.0f};
    Append(binary, normal, sizeof normal);
  }
  const std::size_t uvs_at = binary.size();
  for (int z = 0; z < side; ++z) {
    for (int x = 0; x < side; ++x) {
      const float uv[2] = {static_cast<float>(x) / kGridQuads, static_cast<float>(z) / kGridQuads};
      Append(binary, uv, sizeof uv);
    }
  }
  const std::size_t indices_at = binary.size();
  for (int z = 0; z < kGridQuads; ++z) {
    for (int x = 0; x < kGridQuads; ++x) {
      const auto corner = [side](int cx, int cz) { return static_cast<std::uint32_t>(cz * side + cx); };
      const std::uint32_t quad[6] = {corner(x, z), corner(x, z + 1), corner(x + 1, z + 1),
                                     corner(x, z), corner(x + 1, z + 1), corner(x + 1, z)};
      Append(binary, quad, sizeof quad);
    }
  }
  const std::size_t vertices = static_cast<std::size_t>(side) * static_cast<std::size_t>(side);
  const std::size_t indices = static_cast<std::size_t>(kGridQuads) * kGridQuads * 6;
  const auto view = [](std::size_t offset, std::size_t length) {
    return "{\"buffer\":0,\"byteOffset\":" + std::to_string(offset) + ",\"byteLength\":" + std::to_string(length) + "}";
  };
  const std::string json =
      "{\"asset\":{\"version\":\"2.0\"},\"scene\":0,\"scenes\":[{\"nodes\":[0]}],\"nodes\":[{\"mesh\":0}],"
      "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":0,\"NORMAL\":1,\"TEXCOORD_0\":2},\"indices\":3}]}],"
      "\"buffers\":[{\"byteLength\":" + std::to_string(binary.size()) + "}],\"bufferViews\":[" +
      view(0, normals_at) + "," + view(normals_at, uvs_at - normals_at) + "," + view(uvs_at, indices_at - uvs_at) +
      "," + view(indices_at, binary.size() - indices_at) +
      "],\"accessors\":["
      "{\"bufferView\":0,\"componentType\":5126,\"count\":" + std::to_string(vertices) +
      ",\"type\":\"VEC3\",\"min\":[0,0,0],\"max\":[" + std::to_string(kGridQuads) + ",0," + std::to_string(kGridQuads) +
      "]},{\"bufferView\":1,\"componentType\":5126,\"count\":" + std::to_string(vertices) +
      ",\"type\":\"VEC3\"},{\"bufferView\":2,\"componentType\":5126,\"count\":" + std::to_string(vertices) +
      ",\"type\":\"VEC2\"},{\"bufferView\":3,\"componentType\":5125,\"count\":" + std::to_string(indices) +
      ",\"type\":\"SCALAR\"}]}";
  std::string padded_json = json;
  padded_json.append((4 - padded_json.size() % 4) % 4, ' ');
  binary.append((4 - binary.size() % 4) % 4, '\0');
  std::string glb = "glTF";
  const std::uint32_t header[2] = {2, static_cast<std::uint32_t>(12 + 8 + padded_json.size() + 8 + binary.size())};
  Append(glb, header, sizeof header);
  const std::uint32_t json_chunk[2] = {static_cast<std::uint32_t>(padded_json.size()), 0x4E4F534Au};  // "JSON"
  Append(glb, json_chunk, sizeof json_chunk);
  glb += padded_json;
  const std::uint32_t binary_chunk[2] = {static_cast<std::uint32_t>(binary.size()), 0x004E4942u};  // "BIN\0"
  Append(glb, binary_chunk, sizeof binary_chunk);
  glb += binary;
  return glb;
}

fs::path g_file;
std::size_t g_file_bytes = 0;

// ---- Workloads ----------------------------------------------------------------

// Per run: CPU time and the heap's peak above its level at the start.
template <typename Work>
void MeasureImport(benchmark::State& state, Work&& work) {
  std::size_t peak_above = 0;
  for (auto _ : state) {
    const std::size_t before = g_live_bytes.load();
    g_peak_bytes.store(before);
    const double start = cairn::bench::ThreadSeconds();
    work();
    state.SetIterationTime(cairn::bench::ThreadSeconds() - start);
    peak_above = std::max(peak_above, g_peak_bytes.load() - before);
  }
  state.counters["peak_MiB"] = static_cast<double>(peak_above) / (1024.0 * 1024.0);
}

void ImportCairn(benchmark::State& state) {
  MeasureImport(state, [] {
    const cairn::assets::ImportResult result = cairn::assets::ImportGltf(g_file);
    if (!result.model) std::abort();
    benchmark::DoNotOptimize(result.model->TriangleCount());
  });
}

void ParseTinyGltfAlone(benchmark::State& state) {
  MeasureImport(state, [] {
    std::string bytes(g_file_bytes, '\0');
    std::ifstream(g_file, std::ios::binary).read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    tinygltf::TinyGLTF loader;
    tinygltf::Model model;
    std::string error;
    std::string warning;
    if (!loader.LoadBinaryFromMemory(&model, &error, &warning, reinterpret_cast<const unsigned char*>(bytes.data()),
                                     static_cast<unsigned int>(bytes.size()), "")) {
      std::abort();
    }
    benchmark::DoNotOptimize(model.accessors.size());
  });
}

// Reads a benchmark's CPU time per iteration (ms) and peak, as reported.
class Recorder : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& run : runs) {
      if (run.run_type != Run::RT_Iteration || run.iterations == 0) continue;
      Figures& figures = figures_[run.run_name.function_name];
      const double ms = run.GetAdjustedRealTime();  // manual time, in the unit below (ms)
      figures.best_ms = figures.best_ms < 0 ? ms : std::min(figures.best_ms, ms);
      const auto peak = run.counters.find("peak_MiB");
      if (peak != run.counters.end()) figures.peak_mib = std::max(figures.peak_mib, peak->second.value);
    }
  }
  struct Figures {
    double best_ms = -1.0;
    double peak_mib = 0.0;
  };
  Figures Of(const std::string& name) const {
    const auto it = figures_.find(name);
    return it == figures_.end() ? Figures{} : it->second;
  }

 private:
  std::map<std::string, Figures> figures_;
};

}  // namespace

int main(int argc, char** argv) {
  const std::string glb = GridGlb();
  g_file = fs::temp_directory_path() / ("cairn_import_bench_" + std::to_string(::getpid()) + ".glb");
  std::ofstream(g_file, std::ios::binary).write(glb.data(), static_cast<std::streamsize>(glb.size()));
  g_file_bytes = glb.size();

  benchmark::RegisterBenchmark("ImportGltf", ImportCairn)->UseManualTime()->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("TinyGltfParseAlone", ParseTinyGltfAlone)->UseManualTime()->Unit(benchmark::kMillisecond);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  Recorder reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  fs::remove(g_file);

  const Recorder::Figures cairn = reporter.Of("ImportGltf");
  const Recorder::Figures alone = reporter.Of("TinyGltfParseAlone");
  std::printf("\nA .glb of %d triangles (%.1f MiB), best CPU time of the runs and peak heap above the start:\n",
              kGridQuads * kGridQuads * 2, static_cast<double>(g_file_bytes) / (1024.0 * 1024.0));
  std::printf("| | ms | peak MiB |\n| --- | ---: | ---: |\n");
  std::printf("| ImportGltf | %.1f | %.1f |\n", cairn.best_ms, cairn.peak_mib);
  std::printf("| TinyGLTF parse alone (baseline) | %.1f | %.1f |\n", alone.best_ms, alone.peak_mib);
  if (cairn.best_ms > 0 && alone.best_ms > 0) {
    std::printf("| ratio | %.2fx | %.2fx |\n", cairn.best_ms / alone.best_ms, cairn.peak_mib / alone.peak_mib);
  }
  return 0;
}
