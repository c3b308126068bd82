// The editor's frame cost with a small and a huge scene, and the cost of the
// heaviest edits on a huge one.
//
//   EditorFrame/10        one frame (NewFrame, every panel, Render: the CPU
//   EditorFrame/100000    side up to draw data) with the Hierarchy fully
//                         expanded, one entity selected in the Inspector
//   SelectAll/100000      Edit > Select All
//   Delete/100000         Delete with everything selected: build the action
//                         and apply it (the next frame's Flush)
//   Undo/100000           Ctrl+Z of that delete
//   Duplicate/chain/N     Duplicate of a subtree N entities deep (a chain),
//   Duplicate/flat/N      and of a root with N - 1 children: build the action
//                         and apply it, for N = 10,000 and 100,000
//
// Times are CPU time of the benchmark thread, so other processes on the
// machine do not inflate them. The program ends with a table comparing the
// two frame sizes (target: the 100,000-entity frame within 3x the 10-entity
// one) and the deep duplicate with the flat one (target: within 2x, as the
// cost should follow the number of entities, not the depth).

#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "bench_summary.h"
#include "cairn/ecs/components/mesh_renderer.h"
#include "cairn/ecs/components/name.h"
#include "cairn/ecs/components/transform.h"
#include "cairn/ecs/command.h"
#include "cairn/editor/actions.h"
#include "cairn/editor/editor_context.h"
#include "headless_editor.h"

namespace {

using cairn::editor::testing::HeadlessEditor;
namespace ecs = cairn::ecs;
namespace actions = cairn::editor::actions;

using cairn::bench::ThreadSeconds;

// `count` entities in groups of a parent and its children (99 children each
// in a large scene, 4 in a small one), every one named, with a Transform and
// a cube.
void Populate(HeadlessEditor& editor, int count) {
  ecs::Coordinator& world = editor.Context().World();
  world.ReserveEntities(static_cast<std::size_t>(count));
  ecs::Entity parent = ecs::kNullEntity;
  const int group = count >= 1000 ? 100 : 5;
  for (int i = 0; i < count; ++i) {
    const ecs::Entity entity = world.CreateEntity();
    world.AddComponent<ecs::Name>(entity, {"Entity " + std::to_string(i)});
    world.AddComponent<ecs::Transform>(entity, {});
    world.AddComponent<ecs::MeshRenderer>(entity, {});
    if (i % group != 0) {
      world.SetParent(entity, parent);
    } else {
      parent = entity;
    }
  }
  editor.App().Hierarchy().Reset();
  editor.App().Hierarchy().ExpandAll();
  editor.Context().GetSelection().Select(world.GetEntityId(world.FirstChild(ecs::kNullEntity)));
}

HeadlessEditor::Options Headless() {
  HeadlessEditor::Options options;
  options.widget_map = false;
  return options;
}

void EditorFrame(benchmark::State& state) {
  HeadlessEditor editor(Headless());
  Populate(editor, static_cast<int>(state.range(0)));
  editor.Frames(10);  // rows built, fonts warm
  for (auto _ : state) editor.Frame();
  state.counters["rows"] = static_cast<double>(editor.App().Hierarchy().Rows().size());
}
BENCHMARK(EditorFrame)->Arg(10)->Arg(100'000)->Iterations(500)->Unit(benchmark::kMicrosecond);

// One-shot edits on 100,000 entities, timed by hand (each is too heavy, and
// changes the scene too much, to repeat inside one iteration loop).
struct EditTimes {
  double select_all = 0.0;
  double delete_all = 0.0;
  double undo = 0.0;
  double first_frame_after_undo = 0.0;
};

EditTimes TimeEdits() {
  HeadlessEditor editor(Headless());
  Populate(editor, 100'000);
  editor.Frames(3);
  EditTimes times;
  double start = ThreadSeconds();
  editor.App().Commands().SelectAll();
  times.select_all = ThreadSeconds() - start;

  start = ThreadSeconds();
  editor.App().Commands().DeleteSelection();
  editor.Context().Flush();
  times.delete_all = ThreadSeconds() - start;
  if (editor.Context().World().EntityCount() != 0) std::fprintf(stderr, "the delete left entities behind\n");

  start = ThreadSeconds();
  editor.Context().Undo();
  editor.Context().Flush();
  times.undo = ThreadSeconds() - start;
  if (editor.Context().World().EntityCount() != 100'000) std::fprintf(stderr, "the undo did not restore the scene\n");

  start = ThreadSeconds();
  editor.Frame();
  times.first_frame_after_undo = ThreadSeconds() - start;
  return times;
}

// ---- Duplicating a deep subtree beside a flat one --------------------------------

enum class TreeShape : std::uint8_t {
  kChain,  // every entity the only child of the one before
  kFlat,   // one root, every other entity its child
};

// `count` entities in the given shape, each named, with a Transform and a
// cube; returns the root's id.
ecs::EntityId BuildTree(ecs::Coordinator& world, int count, TreeShape shape) {
  ecs::Entity root = ecs::kNullEntity;
  ecs::Entity parent = ecs::kNullEntity;
  for (int i = 0; i < count; ++i) {
    const ecs::Entity entity = world.CreateEntity();
    world.AddComponent<ecs::Name>(entity, {"Entity " + std::to_string(i)});
    world.AddComponent<ecs::Transform>(entity, {});
    world.AddComponent<ecs::MeshRenderer>(entity, {});
    if (root.IsNull()) {
      root = entity;
    } else {
      world.SetParent(entity, parent);
    }
    if (shape == TreeShape::kChain || parent.IsNull()) parent = entity;
  }
  return world.GetEntityId(root);
}

// Times Duplicate of the root (building the action and applying it); the
// undo that removes the copy again, and the transform update a frame would
// do, are outside the clock.
void Duplicate(benchmark::State& state, TreeShape shape) {
  const std::unique_ptr<ecs::Coordinator> world = cairn::editor::CreateBuiltinWorld();
  const ecs::EntityId selection[] = {BuildTree(*world, static_cast<int>(state.range(0)), shape)};
  for (auto _ : state) {
    const ecs::Action inverse = ecs::ApplyAction(*world, actions::Duplicate(*world, selection));
    state.PauseTiming();
    ecs::ApplyAction(*world, inverse);
    world->UpdateSystems(0.0f);
    state.ResumeTiming();
  }
  if (world->EntityCount() != static_cast<std::size_t>(state.range(0))) state.SkipWithError("the undo left copies");
}
BENCHMARK_CAPTURE(Duplicate, chain, TreeShape::kChain)->Arg(10'000)->Arg(100'000)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(Duplicate, flat, TreeShape::kFlat)->Arg(10'000)->Arg(100'000)->Unit(benchmark::kMicrosecond);

class CpuTimeReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      if (run.iterations > 0) cpu_[run.benchmark_name()] = run.GetAdjustedCPUTime();  // in the run's unit (us)
    }
    ConsoleReporter::ReportRuns(runs);
  }
  double Microseconds(const std::string& name) const {
    const auto found = cpu_.find(name);
    return found == cpu_.end() ? -1.0 : found->second;
  }

 private:
  std::map<std::string, double> cpu_;
};

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  CpuTimeReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  const double small = reporter.Microseconds("EditorFrame/10/iterations:500");
  const double large = reporter.Microseconds("EditorFrame/100000/iterations:500");
  const EditTimes edits = TimeEdits();

  std::printf("\n| editor workload | CPU time |\n| --- | --- |\n");
  std::printf("| frame, 10 entities (Hierarchy expanded) | %.0f us |\n", small);
  std::printf("| frame, 100,000 entities (Hierarchy expanded) | %.0f us |\n", large);
  if (small > 0.0 && large > 0.0) {
    const double ratio = large / small;
    std::printf("| ratio 100,000 / 10 (target <= 3x) | %.2fx %s |\n", ratio, ratio <= 3.0 ? "(met)" : "(NOT met)");
  }
  std::printf("| select all, 100,000 entities | %.1f ms |\n", edits.select_all * 1e3);
  std::printf("| delete 100,000 entities (build + apply) | %.1f ms |\n", edits.delete_all * 1e3);
  std::printf("| undo that delete | %.1f ms |\n", edits.undo * 1e3);
  std::printf("| first frame after the undo (rows rebuilt) | %.1f ms |\n", edits.first_frame_after_undo * 1e3);

  std::printf("\n| Duplicate of a subtree of N entities | N | chain N deep | flat (root + N - 1 children) | ratio |\n");
  std::printf("| --- | --- | --- | --- | --- |\n");
  for (const char* count : {"10000", "100000"}) {
    const double chain = reporter.Microseconds(std::string("Duplicate/chain/") + count);
    const double flat = reporter.Microseconds(std::string("Duplicate/flat/") + count);
    if (chain < 0.0 || flat <= 0.0) continue;  // filtered out
    const double ratio = chain / flat;
    std::printf("| build + apply | %s | %.1f ms | %.1f ms | %.2fx %s |\n", count, chain * 1e-3, flat * 1e-3, ratio,
                ratio <= 2.0 ? "(met)" : "(NOT met)");
  }
  return 0;
}
