// cairn_render_bench: the Viewport's frame, measured on a demo-like scene and
// on grids of 10,000 and 100,000 cubes in one run, plus picking at 100,000.
//
// Workloads, per scene:
//   translate  ECS world -> RenderScene (RenderSceneBuilder::Build), beside a
//              baseline that copies the same matrices and colours from plain
//              arrays into the same InstanceBatches (the least any
//              translation must do); CPU time
//   submit     Renderer::Render + GizmoRenderer::Render: the CPU time of
//              issuing the frame (glFinish runs after each iteration, outside
//              the timed region, so the queue never backs up)
//   frame      the whole viewport frame as the panel runs it (refresh world
//              matrices, translate, render, gizmo) until glFinish returns:
//              wall time, what the user waits for
//   frame_unculled
//              the same frame with RenderSettings::cull_back_faces off
//              (10,000 cubes only): what back-face culling saves
//   pick       Renderer::PickAt plus the pick-table lookup at the centre of
//              the last frame (100,000 cubes only): click-to-entity latency
//
// Then registered meshes: 10,000 instances of an imported glTF cube
// (tests/assets/data/crate.glb, uploaded once with Renderer::AddMesh) beside
// 10,000 of the built-in cube (the baseline: the same 12 triangles), the
// RenderScenes built once: submit (CPU, as above) and render (wall, with
// glFinish).
//
// The program ends with Markdown tables: per-entity translation cost against
// the baseline, frame times with the ratios between scene sizes, and the
// frame with back-face culling against the frame without. Under Xvfb the GL
// driver is Mesa's llvmpipe (software), so wall times measure the CPU
// rasteriser; submit times are what a GPU driver would also pay.
//
// Map: [GL context] [scenes] [workloads] [summary] [main]

#include <benchmark/benchmark.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <glad/gl.h>
#include <GLFW/glfw3.h>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>

#include "cairn/assets/gltf_import.h"
#include "cairn/assets/render_mesh.h"
#include "cairn/ecs/builtin_components.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/editor/selection.h"
#include "cairn/editor/viewport/pick_table.h"
#include "cairn/editor/viewport/render_scene_builder.h"
#include "cairn/editor/viewport/transform_drag.h"
#include "cairn/editor/viewport/world_matrices.h"
#include "cairn/render/editor_camera.h"
#include "cairn/render/frustum.h"
#include "cairn/render/gizmo.h"
#include "cairn/render/gizmo_renderer.h"
#include "cairn/render/renderer.h"

namespace {

namespace ecs = cairn::ecs;
namespace editor = cairn::editor;
namespace render = cairn::render;
using Clock = std::chrono::steady_clock;

constexpr int kViewportWidth = 960;
constexpr int kViewportHeight = 540;

// ---- [GL context] -----------------------------------------------------------------

// A hidden 3.3 core window whose context stays current for the whole run.
GLFWwindow* CreateContext() {
  if (glfwInit() != GLFW_TRUE) throw std::runtime_error("GLFW failed to initialise (no display? run under xvfb-run)");
  glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  GLFWwindow* window = glfwCreateWindow(64, 64, "cairn_render_bench", nullptr, nullptr);
  if (window == nullptr) throw std::runtime_error("GLFW could not create an OpenGL 3.3 core context");
  glfwMakeContextCurrent(window);
  if (gladLoadGL(glfwGetProcAddress) == 0) throw std::runtime_error("gladLoadGL failed");
  return window;
}

// ---- [scenes] ---------------------------------------------------------------------

std::string Format(const char* format, double value);

// One viewport's worth of state over one world, as the panel holds it.
struct Viewport {
  std::string name;
  std::string key;  // in benchmark names: the mesh count, and what is in view when not all
  std::size_t meshes = 0;
  std::unique_ptr<ecs::Coordinator> world;
  editor::Selection selection;
  editor::WorldMatrices matrices;
  editor::RenderSceneBuilder builder;
  editor::PickTable picks;
  render::RenderScene scene;
  render::EditorCamera camera;
  render::Gizmo gizmo;
  render::GizmoPivot pivot;
  // The baseline's input: the same matrices and colours in plain arrays.
  std::vector<glm::mat4> plain_world;
  std::vector<glm::vec4> plain_color;
};

ecs::Entity AddMesh(ecs::Coordinator& world, ecs::MeshShape shape, glm::vec3 position, glm::vec3 scale,
                    glm::vec4 color) {
  const ecs::Entity entity = world.CreateEntity();
  ecs::Transform transform;
  transform.position = position;
  transform.scale = scale;
  world.AddComponent<ecs::Transform>(entity, transform);
  world.AddComponent<ecs::MeshRenderer>(entity, ecs::MeshRenderer{shape, color, {}});
  return entity;
}

ecs::Entity AddLight(ecs::Coordinator& world, ecs::LightType type, glm::vec3 position, glm::quat rotation) {
  const ecs::Entity entity = world.CreateEntity();
  ecs::Transform transform;
  transform.position = position;
  transform.rotation = rotation;
  world.AddComponent<ecs::Transform>(entity, transform);
  ecs::Light light;
  light.type = type;
  world.AddComponent<ecs::Light>(entity, light);
  return entity;
}

void Finish(Viewport& viewport) {
  viewport.matrices.Refresh(*viewport.world);
  viewport.world->Each<ecs::MeshRenderer>([&](ecs::Entity entity, const ecs::MeshRenderer& mesh) {
    viewport.plain_world.push_back(viewport.matrices.Of(*viewport.world, entity));
    viewport.plain_color.push_back(mesh.color);
  });
  viewport.meshes = viewport.plain_world.size();
  if (viewport.key.empty()) viewport.key = std::to_string(viewport.meshes);
  viewport.camera.SetViewportSize({kViewportWidth, kViewportHeight});
  const std::vector<ecs::EntityId> targets = editor::TransformTargets(*viewport.world, viewport.selection);
  viewport.pivot = editor::TargetsPivot(*viewport.world, viewport.matrices, targets, viewport.selection.Primary(), false);
}

// Like the editor's demo scene: a ground plane, four props, three lights, a camera.
std::unique_ptr<Viewport> DemoLikeScene() {
  auto viewport = std::make_unique<Viewport>();
  viewport->name = "demo-like";
  viewport->world = std::make_unique<ecs::Coordinator>(11);
  ecs::Coordinator& world = *viewport->world;
  ecs::RegisterBuiltinComponents(world);
  AddMesh(world, ecs::MeshShape::kPlane, {0, 0, 0}, {20, 1, 20}, {0.36f, 0.42f, 0.36f, 1});
  const ecs::Entity crate = AddMesh(world, ecs::MeshShape::kCube, {-2.5f, 0.5f, 0.5f}, {1, 1, 1}, {0.85f, 0.55f, 0.25f, 1});
  AddMesh(world, ecs::MeshShape::kSphere, {0, 0.75f, 1.5f}, {1.5f, 1.5f, 1.5f}, {0.25f, 0.55f, 0.95f, 1});
  AddMesh(world, ecs::MeshShape::kCylinder, {2.5f, 1, -1}, {0.6f, 2, 0.6f}, {0.9f, 0.9f, 0.86f, 1});
  AddMesh(world, ecs::MeshShape::kCone, {0, 0.5f, -3}, {1, 1, 1}, {0.9f, 0.3f, 0.28f, 1});
  AddLight(world, ecs::LightType::kDirectional, {0, 8, 0}, glm::quat(0.87543f, -0.40822f, 0.23457f, 0.10938f));
  AddLight(world, ecs::LightType::kPoint, {0, 1.75f, -3}, glm::quat(1, 0, 0, 0));
  AddLight(world, ecs::LightType::kSpot, {3, 5, 2}, glm::quat(0.70711f, -0.70711f, 0, 0));
  const ecs::Entity camera = world.CreateEntity();
  world.AddComponent<ecs::Transform>(camera, ecs::Transform{});
  world.AddComponent<ecs::Camera>(camera, ecs::Camera{});
  viewport->selection.Select(world.GetEntityId(crate));
  viewport->camera.SetState({{7.0f, 5.5f, 10.0f}, {0.0f, 0.75f, 0.0f}});
  Finish(*viewport);
  return viewport;
}

// Where the i-th of `count` meshes stands on a square grid in XZ centred on
// the origin, 1.5 apart, resting on y = 0; and the grid's half extent.
struct GridPlace {
  glm::vec3 position;
  float half;
};
GridPlace GridPosition(std::size_t i, std::size_t count) {
  const auto side = static_cast<std::size_t>(std::ceil(std::sqrt(static_cast<double>(count))));
  const float spacing = 1.5f;
  const float half = 0.5f * spacing * static_cast<float>(side - 1);
  return {{static_cast<float>(i % side) * spacing - half, 0.5f, static_cast<float>(i / side) * spacing - half}, half};
}

// `count` cubes on a square grid in XZ, a sun, ten of them selected, seen
// from a three-quarter view that frames the whole grid, or with `in_view` < 1
// from above, framing a square in its middle that holds about that share of
// the cubes (0.02 leaves some 13% of them in view: the camera's view is wider
// than the square).
std::unique_ptr<Viewport> CubeGrid(std::size_t count, float in_view = 1.0f) {
  auto viewport = std::make_unique<Viewport>();
  viewport->name = std::to_string(count) + " cubes";
  if (in_view < 1.0f) {
    viewport->name += ", framed close";
    viewport->key = std::to_string(count) + "_close";
  }
  viewport->world = std::make_unique<ecs::Coordinator>(count);
  ecs::Coordinator& world = *viewport->world;
  ecs::RegisterBuiltinComponents(world);
  world.ReserveEntities(count + 1);
  const float half = GridPosition(0, count).half;
  for (std::size_t i = 0; i < count; ++i) {
    const glm::vec4 color{0.3f + 0.6f * static_cast<float>(i % 7) / 6.0f, 0.4f, 0.3f + 0.6f * static_cast<float>(i % 5) / 4.0f, 1};
    const ecs::Entity cube = AddMesh(world, ecs::MeshShape::kCube, GridPosition(i, count).position, {1, 1, 1}, color);
    if (i % (count / 10) == count / 20) viewport->selection.Add(world.GetEntityId(cube));
  }
  AddLight(world, ecs::LightType::kDirectional, {0, 10, 0}, glm::angleAxis(glm::radians(-50.0f), glm::vec3(1, 0.3f, 0)));
  // Framing a part, the camera looks down steeply, as over a level's map,
  // so that the rest of the grid is out of view rather than behind it.
  viewport->camera.SetState(in_view < 1.0f ? render::EditorCameraState{{0.15f, 1.0f, 0.25f}, {0.0f, 0.0f, 0.0f}}
                                           : render::EditorCameraState{{1.0f, 1.0f, 1.0f}, {0.0f, 0.0f, 0.0f}});
  const float framed = (half + 0.5f) * std::sqrt(in_view);
  render::Aabb bounds;
  bounds.Expand(glm::vec3(-framed, 0.0f, -framed));
  bounds.Expand(glm::vec3(framed, 1.0f, framed));
  viewport->camera.SetViewportSize({kViewportWidth, kViewportHeight});
  viewport->camera.FrameBox(bounds);
  Finish(*viewport);
  return viewport;
}

// ---- [workloads] --------------------------------------------------------------------

struct Renderers {
  render::Renderer renderer;
  render::GizmoRenderer gizmo;
};

double Seconds(Clock::time_point from, Clock::time_point to) { return std::chrono::duration<double>(to - from).count(); }

// Frames drawn before timing: Mesa compiles shader variants on first use.
constexpr int kWarmUpFrames = 3;

// What the viewport sends to the GPU: the instances in its camera's view.
void Build(Viewport& viewport) {
  const render::CameraMatrices camera = viewport.camera.Matrices();
  const render::Frustum view(camera.projection * camera.view);
  viewport.builder.Build(*viewport.world, viewport.matrices, viewport.selection, viewport.scene, viewport.picks,
                         nullptr, &view);
}

void WarmUp(Viewport& viewport, Renderers& renderers) {
  Build(viewport);
  const render::CameraMatrices camera = viewport.camera.Matrices();
  for (int frame = 0; frame < kWarmUpFrames; ++frame) {
    renderers.renderer.Render(viewport.scene, camera);
    renderers.gizmo.Render(viewport.gizmo, {camera, {kViewportWidth, kViewportHeight}}, viewport.pivot,
                           renderers.renderer.Target());
    glFinish();
  }
}

void Translate(benchmark::State& state, Viewport& viewport) {
  for (auto _ : state) {
    Build(viewport);
    benchmark::DoNotOptimize(viewport.scene.meshes.InstanceCount());
  }
}

void TranslateBaseline(benchmark::State& state, Viewport& viewport) {
  render::RenderScene scene;
  for (auto _ : state) {
    scene.Clear();
    for (std::size_t i = 0; i < viewport.plain_world.size(); ++i) {
      render::MeshInstance instance;
      instance.world = viewport.plain_world[i];
      instance.color = viewport.plain_color[i];
      instance.pick_id = static_cast<std::uint32_t>(i + 1);
      scene.meshes.Add(render::MeshShape::Cube, instance);
    }
    benchmark::DoNotOptimize(scene.meshes.InstanceCount());
  }
}

void Submit(benchmark::State& state, Viewport& viewport, Renderers& renderers) {
  WarmUp(viewport, renderers);
  const render::CameraMatrices camera = viewport.camera.Matrices();
  const render::GizmoView view{camera, {kViewportWidth, kViewportHeight}};
  for (auto _ : state) {
    const Clock::time_point start = Clock::now();
    renderers.renderer.Render(viewport.scene, camera);
    renderers.gizmo.Render(viewport.gizmo, view, viewport.pivot, renderers.renderer.Target());
    state.SetIterationTime(Seconds(start, Clock::now()));
    glFinish();  // outside the timed region
  }
  state.counters["draw_calls"] = renderers.renderer.Stats().draw_calls + renderers.gizmo.LastDrawCalls();
}

void Frame(benchmark::State& state, Viewport& viewport, Renderers& renderers) {
  WarmUp(viewport, renderers);
  for (auto _ : state) {
    const Clock::time_point start = Clock::now();
    viewport.matrices.Refresh(*viewport.world);
    Build(viewport);
    const render::CameraMatrices camera = viewport.camera.Matrices();
    renderers.renderer.Render(viewport.scene, camera);
    renderers.gizmo.Render(viewport.gizmo, {camera, {kViewportWidth, kViewportHeight}}, viewport.pivot,
                           renderers.renderer.Target());
    glFinish();
    state.SetIterationTime(Seconds(start, Clock::now()));
  }
  state.counters["instances"] = static_cast<double>(renderers.renderer.Stats().mesh_instances);
}

// Frame with back-face culling off, the renderer's settings restored after.
void FrameUnculled(benchmark::State& state, Viewport& viewport, Renderers& renderers) {
  const render::RenderSettings culled = renderers.renderer.Settings();
  render::RenderSettings unculled = culled;
  unculled.cull_back_faces = false;
  renderers.renderer.SetSettings(unculled);
  Frame(state, viewport, renderers);
  renderers.renderer.SetSettings(culled);
}

void Pick(benchmark::State& state, Viewport& viewport, Renderers& renderers) {
  WarmUp(viewport, renderers);
  ecs::EntityId hit;
  for (auto _ : state) {
    const Clock::time_point start = Clock::now();
    const std::uint32_t pick_id = renderers.renderer.PickAt(kViewportWidth / 2, kViewportHeight / 2);
    hit = viewport.picks.FindId(pick_id, *viewport.world);
    state.SetIterationTime(Seconds(start, Clock::now()));
  }
  if (!hit) state.SkipWithError("the pick at the centre found no cube");
}

// A grid of `count` instances of one mesh (a shape, or a registered mesh when
// `mesh` is set), laid out as CubeGrid lays its cubes, under the default sun.
render::RenderScene InstanceGrid(std::size_t count, render::MeshAssetId mesh) {
  render::RenderScene scene;
  for (std::size_t i = 0; i < count; ++i) {
    render::MeshInstance instance;
    instance.world = glm::translate(glm::mat4(1.0f), GridPosition(i, count).position);
    instance.color = glm::vec4(0.8f, 0.8f, 0.8f, 1.0f);
    instance.pick_id = static_cast<std::uint32_t>(i + 1);
    if (mesh.IsNone()) {
      scene.meshes.Add(render::MeshShape::Cube, instance);
    } else {
      scene.meshes.Add(mesh, instance);
    }
  }
  return scene;
}

// Submit (CPU) and render (wall, to glFinish) of a prepared scene.
void SubmitScene(benchmark::State& state, const render::RenderScene& scene, const render::EditorCamera& camera,
                 Renderers& renderers, bool wall) {
  const render::CameraMatrices matrices = camera.Matrices();
  for (int frame = 0; frame < kWarmUpFrames; ++frame) {
    renderers.renderer.Render(scene, matrices);
    glFinish();
  }
  for (auto _ : state) {
    const Clock::time_point start = Clock::now();
    renderers.renderer.Render(scene, matrices);
    if (wall) glFinish();
    state.SetIterationTime(Seconds(start, Clock::now()));
    if (!wall) glFinish();  // outside the timed region
  }
  state.counters["instances"] = static_cast<double>(renderers.renderer.Stats().mesh_instances);
  state.counters["triangles"] = static_cast<double>(renderers.renderer.Stats().triangles);
}

// ---- [summary] ----------------------------------------------------------------------

// Console output as usual, plus each run's time (in its unit) and counters.
class Recorder : public benchmark::ConsoleReporter {
 public:
  struct Result {
    double milliseconds = -1.0;      // real (wall) time per iteration
    double cpu_milliseconds = -1.0;  // the benchmark thread's CPU time per iteration
    std::map<std::string, double> counters;
  };

  void ReportRuns(const std::vector<Run>& reports) override {
    ConsoleReporter::ReportRuns(reports);
    for (const Run& run : reports) {
      if (run.error_occurred || run.run_type != Run::RT_Iteration) continue;
      Result& result = results_[run.run_name.function_name];
      result.milliseconds = run.GetAdjustedRealTime() * ToMilliseconds(run.time_unit);
      result.cpu_milliseconds = run.GetAdjustedCPUTime() * ToMilliseconds(run.time_unit);
      for (const auto& [name, counter] : run.counters) result.counters[name] = counter.value;
    }
  }

  const Result* Find(const std::string& name) const {
    const auto found = results_.find(name);
    return found == results_.end() ? nullptr : &found->second;
  }

 private:
  static double ToMilliseconds(benchmark::TimeUnit unit) {
    switch (unit) {
      case benchmark::kNanosecond: return 1e-6;
      case benchmark::kMicrosecond: return 1e-3;
      case benchmark::kMillisecond: return 1.0;
      case benchmark::kSecond: return 1e3;
    }
    return 1.0;
  }

  std::map<std::string, Result> results_;
};

std::string Format(const char* format, double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, format, value);
  return buffer;
}

std::string Name(const char* workload, const Viewport& viewport) {
  return std::string("viewport/") + workload + "/" + viewport.key;
}

void PrintSummary(const Recorder& recorder, const std::vector<std::unique_ptr<Viewport>>& viewports) {
  const auto find = [&](const char* workload, const Viewport& viewport) { return recorder.Find(Name(workload, viewport)); };
  const auto show = [](double value, const char* format) { return value >= 0.0 ? Format(format, value) : "n/a"; };
  const auto ns_per_mesh = [](const Recorder::Result* result, const Viewport& viewport, bool cpu) {
    if (result == nullptr || viewport.meshes == 0) return -1.0;
    return (cpu ? result->cpu_milliseconds : result->milliseconds) * 1e6 / static_cast<double>(viewport.meshes);
  };

  std::cout << "\nECS -> RenderScene translation against the plain-array baseline (ns per mesh; CPU time, wall in "
               "brackets):\n\n"
            << "| scene | meshes | translate | baseline | ratio (CPU) |\n|---|---:|---:|---:|---:|\n";
  for (const auto& viewport : viewports) {
    const Recorder::Result* measured = find("translate", *viewport);
    const Recorder::Result* baseline = find("translate_baseline", *viewport);
    const double a = ns_per_mesh(measured, *viewport, true);
    const double b = ns_per_mesh(baseline, *viewport, true);
    std::cout << "| " << viewport->name << " | " << viewport->meshes << " | " << show(a, "%.1f") << " ("
              << show(ns_per_mesh(measured, *viewport, false), "%.1f") << ") | " << show(b, "%.1f") << " ("
              << show(ns_per_mesh(baseline, *viewport, false), "%.1f") << ") | "
              << (a >= 0.0 && b > 0.0 ? Format("%.2f", a / b) : "n/a") << " |\n";
  }

  std::cout << "\nFrame times at " << kViewportWidth << "x" << kViewportHeight
            << " (ms; frame = refresh + translate + render + gizmo + glFinish, wall time):\n\n"
            << "| scene | meshes | translate (CPU) | submit (wall) | frame (wall) | frame (CPU) | "
               "frame / previous scene (wall, CPU) |\n"
            << "|---|---:|---:|---:|---:|---:|---:|\n";
  double previous_wall = -1.0;
  double previous_cpu = -1.0;
  for (const auto& viewport : viewports) {
    const Recorder::Result* translate = find("translate", *viewport);
    const Recorder::Result* submit = find("submit", *viewport);
    const Recorder::Result* frame = find("frame", *viewport);
    const double wall = frame != nullptr ? frame->milliseconds : -1.0;
    const double cpu = frame != nullptr ? frame->cpu_milliseconds : -1.0;
    std::cout << "| " << viewport->name << " | " << viewport->meshes << " | "
              << show(translate != nullptr ? translate->cpu_milliseconds : -1.0, "%.3f") << " | "
              << show(submit != nullptr ? submit->milliseconds : -1.0, "%.2f") << " | " << show(wall, "%.2f") << " | "
              << show(cpu, "%.2f") << " | "
              << (previous_wall > 0.0 && previous_cpu > 0.0 && wall >= 0.0
                      ? Format("%.1fx", wall / previous_wall) + ", " + Format("%.1fx", cpu / previous_cpu)
                      : "-")
              << " |\n";
    previous_wall = wall;
    previous_cpu = cpu;
  }
  const Recorder::Result* all_in_view = find("frame", *viewports[1]);
  const Recorder::Result* tenth = find("frame", *viewports[3]);
  if (all_in_view != nullptr && tenth != nullptr && all_in_view->cpu_milliseconds > 0.0) {
    std::cout << "\nDrawing only what is seen: 100,000 cubes framed close ("
              << Format("%.0f", tenth->counters.count("instances") ? tenth->counters.at("instances") : -1.0)
              << " instances in view, the rest culled) / 10,000 cubes all in view: "
              << Format("%.2fx", tenth->cpu_milliseconds / all_in_view->cpu_milliseconds) << " (CPU), "
              << Format("%.2fx", tenth->milliseconds / all_in_view->milliseconds) << " (wall); target at most 2x\n";
  }
  const Recorder::Result* unculled = find("frame_unculled", *viewports[1]);
  if (all_in_view != nullptr && unculled != nullptr && unculled->cpu_milliseconds > 0.0) {
    std::cout << "\nBack-face culling: 10,000 cubes all in view, frame with culling / without: "
              << Format("%.2fx", all_in_view->cpu_milliseconds / unculled->cpu_milliseconds) << " (CPU, "
              << Format("%.2f", all_in_view->cpu_milliseconds) << " against "
              << Format("%.2f", unculled->cpu_milliseconds) << " ms), "
              << Format("%.2fx", all_in_view->milliseconds / unculled->milliseconds) << " (wall, "
              << Format("%.2f", all_in_view->milliseconds) << " against " << Format("%.2f", unculled->milliseconds)
              << " ms)\n";
  }
  std::cout << "\nframe (CPU) is the benchmark thread's CPU time: with LP_NUM_THREADS=0 llvmpipe rasterises on that "
               "thread, so it is the frame's whole cost, independent of other load on the machine.\n";
  const Viewport& largest = *viewports[2];
  const Recorder::Result* pick = find("pick", largest);
  std::cout << "\nPicking at " << largest.meshes
            << " meshes (PickAt of a finished frame + pick-table lookup): "
            << show(pick != nullptr ? pick->milliseconds * 1000.0 : -1.0, "%.1f") << " us\n";
  std::cout.flush();
}

void PrintMeshAssetSummary(const Recorder& recorder) {
  std::cout << "\n10,000 instances of an imported glTF cube (registered mesh) against 10,000 built-in cubes "
               "(ms per frame):\n\n| workload | built-in cube | imported cube | ratio |\n|---|---:|---:|---:|\n";
  for (const char* workload : {"submit", "render"}) {
    const Recorder::Result* shape = recorder.Find(std::string("meshes/") + workload + "/cube_shape/10000");
    const Recorder::Result* imported = recorder.Find(std::string("meshes/") + workload + "/imported_cube/10000");
    const double a = shape != nullptr ? shape->milliseconds : -1.0;
    const double b = imported != nullptr ? imported->milliseconds : -1.0;
    std::cout << "| " << workload << (std::string(workload) == "submit" ? " (CPU)" : " (wall)") << " | "
              << (a >= 0.0 ? Format("%.3f", a) : "n/a") << " | " << (b >= 0.0 ? Format("%.3f", b) : "n/a") << " | "
              << (a > 0.0 && b >= 0.0 ? Format("%.2fx", b / a) : "n/a") << " |\n";
  }
  std::cout.flush();
}

}  // namespace

// ---- [main] -----------------------------------------------------------------------

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  GLFWwindow* window = nullptr;
  try {
    window = CreateContext();
  } catch (const std::exception& error) {
    std::cerr << "cairn_render_bench: " << error.what() << "\n";
    return 1;
  }
  std::cout << "GL_RENDERER: " << reinterpret_cast<const char*>(glGetString(GL_RENDERER)) << "\n";

  int exit_code = 0;
  {
    Renderers renderers;
    std::vector<render::RenderError> errors = renderers.renderer.Initialize();
    for (const render::RenderError& error : renderers.gizmo.Initialize()) errors.push_back(error);
    for (const render::RenderError& error : errors) std::cerr << "cairn_render_bench: " << error.ToString() << "\n";
    if (errors.empty()) {
      renderers.renderer.Resize(kViewportWidth, kViewportHeight);
      std::vector<std::unique_ptr<Viewport>> viewports;
      viewports.push_back(DemoLikeScene());
      viewports.push_back(CubeGrid(10'000));
      viewports.push_back(CubeGrid(100'000));
      viewports.push_back(CubeGrid(100'000, 0.02f));

      for (const auto& owned : viewports) {
        Viewport* viewport = owned.get();
        benchmark::RegisterBenchmark(Name("translate", *viewport).c_str(),
                                     [viewport](benchmark::State& state) { Translate(state, *viewport); })
            ->Unit(benchmark::kMicrosecond);
        benchmark::RegisterBenchmark(Name("translate_baseline", *viewport).c_str(),
                                     [viewport](benchmark::State& state) { TranslateBaseline(state, *viewport); })
            ->Unit(benchmark::kMicrosecond);
        benchmark::RegisterBenchmark(Name("submit", *viewport).c_str(), [viewport, &renderers](benchmark::State& state) {
          Submit(state, *viewport, renderers);
        })->UseManualTime()->Unit(benchmark::kMicrosecond)->MinTime(2.0);
        benchmark::RegisterBenchmark(Name("frame", *viewport).c_str(), [viewport, &renderers](benchmark::State& state) {
          Frame(state, *viewport, renderers);
        })->UseManualTime()->Unit(benchmark::kMillisecond)->MinTime(2.0);
      }
      Viewport* all_in_view = viewports[1].get();  // 10,000 cubes
      benchmark::RegisterBenchmark(Name("frame_unculled", *all_in_view).c_str(),
                                   [all_in_view, &renderers](benchmark::State& state) {
                                     FrameUnculled(state, *all_in_view, renderers);
                                   })
          ->UseManualTime()->Unit(benchmark::kMillisecond)->MinTime(2.0);
      Viewport* largest = viewports[2].get();  // 100,000 cubes, all framed
      benchmark::RegisterBenchmark(Name("pick", *largest).c_str(), [largest, &renderers](benchmark::State& state) {
        Pick(state, *largest, renderers);
      })->UseManualTime()->Unit(benchmark::kMicrosecond);

      // Registered meshes: an imported cube beside the built-in one.
      const cairn::assets::ImportResult crate =
          cairn::assets::ImportGltf(std::string(CAIRN_SOURCE_DIR) + "/tests/assets/data/crate.glb");
      if (!crate.model) {
        std::cerr << "cairn_render_bench: " << crate.error << "\n";
        return 1;
      }
      const render::MeshAssetId crate_mesh = renderers.renderer.AddMesh(cairn::assets::ToRenderMesh(*crate.model));
      const render::RenderScene cube_scene = InstanceGrid(10'000, {});
      const render::RenderScene crate_scene = InstanceGrid(10'000, crate_mesh);
      const render::EditorCamera& grid_camera = viewports[1]->camera;  // CubeGrid(10,000)'s framing
      for (const bool wall : {false, true}) {
        const std::string workload = wall ? "render" : "submit";
        benchmark::RegisterBenchmark(("meshes/" + workload + "/cube_shape/10000").c_str(),
                                     [&, wall](benchmark::State& state) {
                                       SubmitScene(state, cube_scene, grid_camera, renderers, wall);
                                     })
            ->UseManualTime()->Unit(benchmark::kMicrosecond)->MinTime(2.0);
        benchmark::RegisterBenchmark(("meshes/" + workload + "/imported_cube/10000").c_str(),
                                     [&, wall](benchmark::State& state) {
                                       SubmitScene(state, crate_scene, grid_camera, renderers, wall);
                                     })
            ->UseManualTime()->Unit(benchmark::kMicrosecond)->MinTime(2.0);
      }

      Recorder recorder;
      benchmark::RunSpecifiedBenchmarks(&recorder);
      PrintSummary(recorder, viewports);
      PrintMeshAssetSummary(recorder);
    } else {
      exit_code = 1;
    }
  }
  benchmark::Shutdown();
  glfwDestroyWindow(window);
  glfwTerminate();
  return exit_code;
}
