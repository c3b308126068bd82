// The editor's frame cost with a small and a huge scene, and the cost of the
// heaviest edits on a huge one.
//
//   EditorFrame/10        one frame (NewFrame, every panel, Render: the CPU
//   EditorFrame/100000    side up to draw data) with the Hierarchy fully
//                         expanded, one entity selected in the Inspector
//   edits at 100,000 and 1,000,000 entities, each the median of 7 rounds
//                         in fresh processes, the two sizes' rounds taken
//                         in turn: Edit > Select All; Delete with everything
//                         selected (build the action and apply it); Ctrl+Z
//                         of that delete; the first frame after it;
//                         Duplicate of 100,000 of them; a Hierarchy search
//                         matching one; the scene as text
//   Duplicate/chain/N     Duplicate of a subtree N entities deep (a chain),
//   Duplicate/flat/N      and of a root with N - 1 children: build the action
//                         and apply it, for N = 10,000 and 100,000
//   EditPath/...          one frame of an edit through the editor's path (the
//                         action built, queued, applied, recorded in the
//                         history and journaled to disk) beside the same
//                         change written straight into the components:
//                         an Inspector drag of one entity's field, and a
//                         gizmo drag of 1,000 selected entities' Transforms;
//                         "unmerged" journals every frame, as the editor did
//                         before drags were journaled once
//   FieldDrag/...         one frame of an Inspector drag of Position Y on
//                         1,000 selected entities: "patch" is the editor's
//                         path (one SetFieldCommand per entity: the one
//                         element, its old value kept for undo); "copy" is
//                         the path it replaced (each entity's whole component
//                         read, the field written into the copy, the copy set
//                         back); "direct" writes the floats
//
// Times are CPU time of the benchmark thread, so other processes on the
// machine do not inflate them. The program ends with a table comparing the
// two frame sizes (target: the 100,000-entity frame within 3x the 10-entity
// one) and the deep duplicate with the flat one (target: within 2x, as the
// cost should follow the number of entities, not the depth).

#include <benchmark/benchmark.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "bench_summary.h"
#include "cairn/ecs/components/mesh_renderer.h"
#include "cairn/ecs/components/name.h"
#include "cairn/ecs/components/transform.h"
#include "cairn/ecs/command.h"
#include "cairn/ecs/field_value.h"
#include "cairn/editor/actions.h"
#include "cairn/editor/editor_context.h"
#include "cairn/editor/hierarchy_rows.h"
#include "cairn/serialization/scene_writer.h"
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

// Edits on a large scene, timed by hand (each is too heavy, and changes the
// scene too much, to sit inside a benchmark's iteration loop): at 100,000
// and 1,000,000 entities, to see that each grows linearly. Each round runs
// in a process of its own (forked before any scene exists), builds the
// editor and scene and times every edit once, as a user meets it after
// opening a scene. A round in a process that already held a scene would
// find the memory of the last one ready (the ECS keeps freed arrays, the
// allocator its free lists) at 100,000 but not at 1,000,000, and the ratio
// would measure that. The median of kEditRounds rounds is kept: one timing
// of a second-long edit moves by a third with the host's load.
struct EditTimes {
  double select_all = 0.0;
  double delete_all = 0.0;
  double undo = 0.0;
  double first_frame_after_undo = 0.0;
  double duplicate = 0.0;  // Duplicate of 100,000 of them (1,000 groups), build + apply
  double search = 0.0;     // the Hierarchy's rows for a search that matches one entity
  double save = 0.0;       // the scene as text (SaveSceneToString)
};

constexpr int kDuplicated = 100'000;
constexpr int kEditRounds = 7;

EditTimes TimeEditsOnce(int count) {
  HeadlessEditor editor(Headless());
  Populate(editor, count);
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
  if (editor.Context().World().EntityCount() != static_cast<std::size_t>(count)) {
    std::fprintf(stderr, "the undo did not restore the scene\n");
  }

  start = ThreadSeconds();
  editor.Frame();
  times.first_frame_after_undo = ThreadSeconds() - start;

  // The first 1,000 groups (a parent and its 99 children each): 100,000 entities.
  ecs::Coordinator& world = editor.Context().World();
  std::vector<ecs::EntityId> groups;
  for (ecs::Entity root = world.FirstChild(ecs::kNullEntity);
       !root.IsNull() && groups.size() < static_cast<std::size_t>(kDuplicated / 100); root = world.NextSibling(root)) {
    groups.push_back(world.GetEntityId(root));
  }
  start = ThreadSeconds();
  editor.Context().Enqueue(actions::Duplicate(world, groups));
  editor.Context().Flush();
  times.duplicate = ThreadSeconds() - start;
  if (world.EntityCount() != static_cast<std::size_t>(count + kDuplicated)) {
    std::fprintf(stderr, "the duplicate made %zu entities\n", world.EntityCount() - static_cast<std::size_t>(count));
  }
  editor.Context().Undo();
  editor.Context().Flush();

  const cairn::editor::HierarchyFilter filter = cairn::editor::HierarchyFilter::Parse("Entity 4242");
  start = ThreadSeconds();
  const std::vector<cairn::editor::HierarchyRow> rows = cairn::editor::FlattenHierarchy(world, {}, filter);
  times.search = ThreadSeconds() - start;
  if (rows.empty()) std::fprintf(stderr, "the search found nothing\n");

  start = ThreadSeconds();
  const std::string text = cairn::serialization::SaveSceneToString(world, ecs::PlainValue::MakeObject());
  times.save = ThreadSeconds() - start;
  benchmark::DoNotOptimize(text.size());
  return times;
}

// TimeEditsOnce in a child process; its times come back through a pipe.
EditTimes TimeEditsInFreshProcess(int count) {
  int pipe_ends[2];
  if (pipe(pipe_ends) != 0) throw std::runtime_error("cannot make a pipe for the edit timings");
  const pid_t child = fork();
  if (child < 0) throw std::runtime_error("cannot fork for the edit timings");
  if (child == 0) {
    close(pipe_ends[0]);
    const EditTimes times = TimeEditsOnce(count);
    const bool sent = write(pipe_ends[1], &times, sizeof times) == static_cast<ssize_t>(sizeof times);
    _exit(sent ? 0 : 1);
  }
  close(pipe_ends[1]);
  EditTimes times;
  const bool received = read(pipe_ends[0], &times, sizeof times) == static_cast<ssize_t>(sizeof times);
  close(pipe_ends[0]);
  int status = 0;
  waitpid(child, &status, 0);
  if (!received || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    throw std::runtime_error("the edit timings at " + std::to_string(count) + " entities failed");
  }
  return times;
}

// Each edit's median over kEditRounds rounds.
EditTimes Median(const std::vector<EditTimes>& rounds) {
  const auto median = [&rounds](double EditTimes::*edit) {
    std::vector<double> values;
    for (const EditTimes& times : rounds) values.push_back(times.*edit);
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
  };
  return {median(&EditTimes::select_all), median(&EditTimes::delete_all),
          median(&EditTimes::undo),       median(&EditTimes::first_frame_after_undo),
          median(&EditTimes::duplicate),  median(&EditTimes::search),
          median(&EditTimes::save)};
}

// The edits at both sizes, their rounds taken in turn (small, large, small,
// ...): a host whose load changes over the minute the rounds take slows
// both sizes alike, instead of only the one whose rounds ran later.
std::pair<EditTimes, EditTimes> TimeEdits(int small_count, int large_count) {
  std::vector<EditTimes> small;
  std::vector<EditTimes> large;
  for (int round = 0; round < kEditRounds; ++round) {
    small.push_back(TimeEditsInFreshProcess(small_count));
    large.push_back(TimeEditsInFreshProcess(large_count));
  }
  return {Median(small), Median(large)};
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

// ---- One frame of an edit through the editor's path ------------------------------

constexpr int kDragScene = 10'000;

// A session on a scene of `kDragScene` entities, journaling into a fresh folder.
struct DragSession {
  std::filesystem::path journals = std::filesystem::temp_directory_path() /
                                   ("cairn-bench-" + std::to_string(::getpid()));
  std::unique_ptr<cairn::editor::EditorContext> context;
  std::vector<ecs::EntityId> ids;

  DragSession() {
    std::filesystem::create_directories(journals);
    cairn::editor::EditorOptions options;
    options.untitled_journal_directory = journals;
    context = std::make_unique<cairn::editor::EditorContext>(options);
    ecs::Coordinator& world = context->World();
    for (int i = 0; i < kDragScene; ++i) {
      const ecs::Entity entity = world.CreateEntity();
      world.AddComponent<ecs::Name>(entity, {"Entity " + std::to_string(i)});
      world.AddComponent<ecs::Transform>(entity, {});
      ids.push_back(world.GetEntityId(entity));
    }
  }
  ~DragSession() {
    context.reset();
    std::error_code ignored;
    std::filesystem::remove_all(journals, ignored);
  }
};

enum class EditPath : std::uint8_t { kEditor, kEditorUnmerged, kDirect };

// An Inspector drag of Transform.position on one entity, one frame per iteration.
void InspectorDrag(benchmark::State& state, EditPath path) {
  DragSession session;
  cairn::editor::EditorContext& context = *session.context;
  ecs::Coordinator& world = context.World();
  const ecs::ComponentType type = world.GetComponentType<ecs::Transform>();
  const ecs::FieldInfo& position = *world.GetComponentInfo(type).FindField("position");
  const std::vector<ecs::EntityId> one{session.ids.front()};
  const std::string key = actions::FieldMergeKey(one, "Transform", "position");
  const ecs::Entity entity = world.FindEntity(one.front());
  ecs::Transform edited{};
  float x = 0.0f;
  for (auto _ : state) {
    x += 0.01f;
    edited.position.x = x;
    if (path == EditPath::kDirect) {
      world.GetComponent<ecs::Transform>(entity).position.x = x;
      world.NotifyComponentChanged<ecs::Transform>(entity);
    } else {
      context.Enqueue(actions::SetField(world, one, type, position, &edited),
                      path == EditPath::kEditor ? cairn::editor::EnqueueOptions::Merging(key)
                                                : cairn::editor::EnqueueOptions{});
      context.Flush();
    }
    benchmark::ClobberMemory();
  }
}
BENCHMARK_CAPTURE(InspectorDrag, editor, EditPath::kEditor)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(InspectorDrag, unmerged, EditPath::kEditorUnmerged)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(InspectorDrag, direct, EditPath::kDirect)->Unit(benchmark::kMicrosecond);

// A gizmo drag moving 1,000 selected entities, one frame per iteration: the
// action sets each one's Transform to an absolute value, as TransformDrag's do.
void GizmoDrag(benchmark::State& state, EditPath path) {
  DragSession session;
  cairn::editor::EditorContext& context = *session.context;
  ecs::Coordinator& world = context.World();
  const std::shared_ptr<const ecs::ComponentInfo>& info =
      world.GetComponentInfoPtr(world.GetComponentType<ecs::Transform>());
  const std::vector<ecs::EntityId> moved(session.ids.begin(), session.ids.begin() + 1000);
  std::vector<ecs::Entity> entities;
  for (const ecs::EntityId id : moved) entities.push_back(world.FindEntity(id));
  float x = 0.0f;
  for (auto _ : state) {
    x += 0.01f;
    if (path == EditPath::kDirect) {
      for (const ecs::Entity entity : entities) {
        world.GetComponent<ecs::Transform>(entity).position.x = x;
        world.NotifyComponentChanged<ecs::Transform>(entity);
      }
    } else {
      ecs::Action action{"Move 1000 entities", {}};
      action.commands.reserve(moved.size());
      for (const ecs::EntityId id : moved) {
        ecs::Transform transform{};
        transform.position.x = x;
        action.commands.emplace_back(ecs::SetComponentCommand{id, ecs::ComponentValue::From(info, transform)});
      }
      context.Enqueue(std::move(action), path == EditPath::kEditor ? cairn::editor::EnqueueOptions::Merging("gizmo")
                                                                     : cairn::editor::EnqueueOptions{});
      context.Flush();
    }
    benchmark::ClobberMemory();
  }
}
BENCHMARK_CAPTURE(GizmoDrag, editor, EditPath::kEditor)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(GizmoDrag, unmerged, EditPath::kEditorUnmerged)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(GizmoDrag, direct, EditPath::kDirect)->Unit(benchmark::kMicrosecond);

enum class FieldPath : std::uint8_t { kPatch, kCopy, kDirect };

// An Inspector drag of Position Y on 1,000 selected entities, one frame per
// iteration, merged into one undo step as the Inspector merges it.
void FieldDrag(benchmark::State& state, FieldPath path) {
  DragSession session;
  cairn::editor::EditorContext& context = *session.context;
  ecs::Coordinator& world = context.World();
  const ecs::ComponentType type = world.GetComponentType<ecs::Transform>();
  const std::shared_ptr<const ecs::ComponentInfo>& info = world.GetComponentInfoPtr(type);
  const ecs::FieldInfo& position = info->fields[0];
  const std::vector<ecs::EntityId> selected(session.ids.begin(), session.ids.begin() + 1000);
  std::vector<ecs::Entity> entities;
  for (const ecs::EntityId id : selected) entities.push_back(world.FindEntity(id));
  const std::string key = actions::FieldMergeKey(selected, "Transform", "position", ecs::ElementBit(1));
  float y = 0.0f;
  for (auto _ : state) {
    y += 0.01f;
    if (path == FieldPath::kDirect) {
      for (const ecs::Entity entity : entities) {
        world.GetComponent<ecs::Transform>(entity).position.y = y;
        world.NotifyComponentChanged<ecs::Transform>(entity);
      }
    } else if (path == FieldPath::kPatch) {
      const glm::vec3 value(0.0f, y, 0.0f);
      context.Enqueue(actions::SetField(world, selected, ecs::FieldValue::Checked(info, 0, &value), ecs::ElementBit(1)),
                      cairn::editor::EnqueueOptions::Merging(key));
      context.Flush();
    } else {
      ecs::Action action{"Change Transform.position", {}};
      action.commands.reserve(selected.size());
      for (std::size_t i = 0; i < selected.size(); ++i) {
        ecs::ComponentValue copy = world.ReadComponentValue(entities[i], type);
        position.Ref<glm::vec3>(copy.Data()).y = y;
        action.commands.emplace_back(ecs::SetComponentCommand{selected[i], std::move(copy)});
      }
      context.Enqueue(std::move(action), cairn::editor::EnqueueOptions::Merging(key));
      context.Flush();
    }
    benchmark::ClobberMemory();
  }
}
BENCHMARK_CAPTURE(FieldDrag, patch, FieldPath::kPatch)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(FieldDrag, copy, FieldPath::kCopy)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(FieldDrag, direct, FieldPath::kDirect)->Unit(benchmark::kMicrosecond);

class CpuTimeReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      if (run.iterations > 0) {
        cpu_[run.benchmark_name()] = run.GetAdjustedCPUTime();  // in the run's unit (us)
        wall_[run.benchmark_name()] = run.GetAdjustedRealTime();
      }
    }
    ConsoleReporter::ReportRuns(runs);
  }
  double Microseconds(const std::string& name) const {
    const auto found = cpu_.find(name);
    return found == cpu_.end() ? -1.0 : found->second;
  }
  // Wall-clock time: what a frame waits for, the disk's syncs included.
  double WallMicroseconds(const std::string& name) const {
    const auto found = wall_.find(name);
    return found == wall_.end() ? -1.0 : found->second;
  }

 private:
  std::map<std::string, double> cpu_;
  std::map<std::string, double> wall_;
};

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  CpuTimeReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  const double small = reporter.Microseconds("EditorFrame/10/iterations:500");
  const double large = reporter.Microseconds("EditorFrame/100000/iterations:500");
  // The edits at 100,000 and 1,000,000 entities (docs/PERFORMANCE.md:
  // linear, the 1,000,000 one at most 12x the 100,000 one).
  const auto [small_edits, large_edits] = TimeEdits(100'000, 1'000'000);

  std::printf("\n| editor workload | CPU time |\n| --- | --- |\n");
  std::printf("| frame, 10 entities (Hierarchy expanded) | %.0f us |\n", small);
  std::printf("| frame, 100,000 entities (Hierarchy expanded) | %.0f us |\n", large);
  if (small > 0.0 && large > 0.0) {
    const double ratio = large / small;
    std::printf("| ratio 100,000 / 10 (target <= 3x) | %.2fx %s |\n", ratio, ratio <= 3.0 ? "(met)" : "(NOT met)");
  }
  std::printf("\n| edit | 100,000 entities | 1,000,000 entities | ratio (target <= 12x) |\n| --- | ---: | ---: | ---: |\n");
  const auto row = [](const char* what, double at_100k, double at_1m) {
    const double ratio = at_1m / at_100k;
    std::printf("| %s | %.1f ms | %.1f ms | %.1fx %s |\n", what, at_100k * 1e3, at_1m * 1e3, ratio,
                ratio <= 12.0 ? "(met)" : "(NOT met)");
  };
  row("select all", small_edits.select_all, large_edits.select_all);
  row("delete all (build + apply)", small_edits.delete_all, large_edits.delete_all);
  row("undo that delete", small_edits.undo, large_edits.undo);
  row("first frame after the undo (rows rebuilt)", small_edits.first_frame_after_undo,
      large_edits.first_frame_after_undo);
  row("duplicate 100,000 (build + apply)", small_edits.duplicate, large_edits.duplicate);
  row("search the Hierarchy (one match)", small_edits.search, large_edits.search);
  row("save (the scene as text)", small_edits.save, large_edits.save);

  std::printf("\n| one frame of a drag (CPU / wall) | editor path | journaled every frame (before) | written directly |"
              " editor / direct (CPU) |\n| --- | --- | --- | --- | --- |\n");
  for (const char* drag : {"InspectorDrag", "GizmoDrag"}) {
    const std::string name(drag);
    const double editor = reporter.Microseconds(name + "/editor");
    const double direct = reporter.Microseconds(name + "/direct");
    if (editor < 0.0 || direct <= 0.0) continue;  // filtered out
    std::printf("| %s | %.1f / %.1f us | %.1f / %.1f us | %.2f / %.2f us | %.0fx |\n",
                name == "InspectorDrag" ? "Inspector, one entity's field" : "gizmo, 1,000 entities", editor,
                reporter.WallMicroseconds(name + "/editor"), reporter.Microseconds(name + "/unmerged"),
                reporter.WallMicroseconds(name + "/unmerged"), direct, reporter.WallMicroseconds(name + "/direct"),
                editor / direct);
  }

  const double patch = reporter.Microseconds("FieldDrag/patch");
  const double copy = reporter.Microseconds("FieldDrag/copy");
  const double field_direct = reporter.Microseconds("FieldDrag/direct");
  if (patch > 0.0 && copy > 0.0 && field_direct > 0.0) {
    std::printf("\n| one frame of an Inspector drag of Position Y, 1,000 entities | CPU time | / direct |\n"
                "| --- | --- | --- |\n");
    std::printf("| patch (SetFieldCommand per entity) | %.1f us | %.0fx |\n", patch, patch / field_direct);
    std::printf("| whole-component copy (the path before) | %.1f us | %.0fx |\n", copy, copy / field_direct);
    std::printf("| written directly | %.2f us | 1x |\n", field_direct);
    std::printf("| patch / copy | %.2fx | |\n", patch / copy);
  }

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
