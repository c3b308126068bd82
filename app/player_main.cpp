// cairn-player [options] FILE: runs a scene as the game will. FILE is a
// runtime export (.runtime.json) or a scene; either is read with the
// components of the game project that governs it (the cairn.project.json
// a scene's project link names, else the one found walking up from its
// folder), as the `cairn` command finds it. The world's systems run at a fixed step
// (ecs::Simulation: Rotator, Follow, transforms) and the scene is drawn from
// its primary Camera, lit by its lights; MeshRenderer assets are imported
// from the project folder (or the file's) before the first frame. Escape
// quits. Components the player has no system for are listed once on stderr.
//
// Options are the platform's: --size WxH, --frames N, --screenshot FILE,
// --replay SCRIPT. Links cairn::render, cairn::serialization, cairn::ecs,
// the assets and scene_view layers and the cairn command's scene-file
// reading (cairn_cli), never editor/.

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <glm/gtc/matrix_transform.hpp>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "cairn/assets/gltf_import.h"
#include "cairn/assets/render_mesh.h"
#include "cairn/ecs/builtin_components.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/ecs/simulation.h"
#include "cairn/ecs/transform_system.h"
#include "cairn/platform/frame_loop.h"
#include "cairn/platform/platform_error.h"
#include "cairn/modules/game_module_host.h"
#include "cairn/platform/run_options.h"
#include "cairn/platform/window.h"
#include "cairn/render/camera_matrices.h"
#include "cairn/render/render_scene.h"
#include "cairn/render/renderer.h"
#include "cairn/scene_view/scene_view.h"
#include "scene_file.h"
#include "scene_project.h"
#include "cairn/serialization/asset_folder.h"

namespace {

using namespace cairn;

std::string Usage() {
  return "usage: cairn-player [options] FILE\n\n"
         "Runs FILE (a runtime export or a scene) with its systems, seen from its primary camera.\n"
         "Escape quits.\n\noptions:\n"
         "  --size WxH          window size (default 1280x720)\n"
         "  --frames N          quit after N frames\n"
         "  --screenshot FILE   write the last frame as a PNG\n"
         "  --replay SCRIPT     drive the window from a replay script\n"
         "  --module FILE       run the game module FILE's systems too (default: the one\n"
         "                      FILE's game project names, when there is one)\n";
}

// The player's own options, taken out before the platform reads the rest.
struct PlayerArguments {
  std::vector<std::string> platform;
  std::optional<std::filesystem::path> module;
  std::string error;
};

PlayerArguments SplitPlayerArguments(const std::vector<std::string>& arguments) {
  PlayerArguments split;
  bool options_ended = false;
  for (std::size_t i = 0; i < arguments.size(); ++i) {
    if (options_ended || arguments[i] != "--module") {
      options_ended = options_ended || arguments[i] == "--";
      split.platform.push_back(arguments[i]);
    } else if (i + 1 == arguments.size()) {
      split.error = "option '--module' needs a value (FILE)";
    } else if (split.module) {
      split.error = "option '--module' given twice";
    } else {
      split.module = std::filesystem::path(arguments[++i]);
    }
  }
  return split;
}

struct Loaded {
  std::unique_ptr<ecs::Coordinator> world;
  std::optional<std::filesystem::path> asset_folder;
  std::string no_module;  // why no game module runs, when the project names one
};

// The game module to run: `named` (--module), else the project's. Throws
// when `named` cannot load; the project's only warns.
std::shared_ptr<const modules::GameModule> LoadModule(const std::optional<std::filesystem::path>& named,
                                                      const serialization::Project* project, std::string& no_module) {
  if (named && project == nullptr) {
    throw std::runtime_error("--module needs the game's project (a cairn.project.json beside or above FILE)");
  }
  if (project == nullptr) return nullptr;
  const std::optional<std::filesystem::path> file = named ? named : modules::ModuleFileOf(*project);
  if (!file) return nullptr;
  modules::ModuleLoad load = modules::LoadGameModule(*file, *project);
  if (load.Ok()) return load.module;
  if (named) throw std::runtime_error(load.error);
  no_module = load.error;
  std::cerr << "cairn-player: warning: " << load.error << "\n";
  return nullptr;
}

// Reads `file` (a runtime export or a scene, by its "format") with the
// components of the project that governs it, as the `cairn` command does,
// and with the game module's systems.
Loaded Load(const std::string& file, const std::optional<std::filesystem::path>& module_file) {
  cli::SceneProjects projects{cli::Invocation{}};
  const cli::SceneProjects::Lookup lookup = projects.For(file, std::cerr);
  if (!lookup.ok) throw std::runtime_error("cannot read the game project of " + file);
  std::string no_module;
  const std::shared_ptr<const modules::GameModule> module = LoadModule(module_file, lookup.project.get(), no_module);
  const serialization::LoadOptions options =
      module ? modules::ModuleSceneOptions(module, lookup.options) : lookup.options;
  cli::LoadedFile loaded = cli::LoadSceneOrRuntimeFile(file, options);
  cli::PrintDiagnostics(std::cerr, file, loaded.diagnostics);
  if (loaded.world == nullptr) throw std::runtime_error("cannot play " + file);
  Loaded result;
  result.world = std::move(loaded.world);
  result.no_module = std::move(no_module);
  result.asset_folder = serialization::AssetFolderFor(lookup.project ? lookup.project->file : std::filesystem::path{},
                                                      std::filesystem::path(file));
  return result;
}

// Names the component types the world's entities have that no system reads.
void WarnUnplayed(ecs::Coordinator& world, const std::string& no_module) {
  for (const std::string& name : modules::ComponentsNoSystemReads(world)) {
    std::cerr << "cairn-player: warning: no system plays component " << name << " (its entities are still drawn"
              << (no_module.empty() ? "" : "; the game module did not load") << ")\n";
  }
}

class Player {
 public:
  explicit Player(Loaded loaded) : world_(std::move(loaded.world)), asset_folder_(std::move(loaded.asset_folder)) {
    simulation_ = std::make_unique<ecs::Simulation>(*world_);
    transforms_ = world_->GetSystem<ecs::TransformSystem>();
    WarnUnplayed(*world_, loaded.no_module);
  }

  void Initialize() {
    for (const render::RenderError& error : renderer_.Initialize()) {
      throw std::runtime_error("cannot create the renderer: " + error.ToString());
    }
    ImportMeshes();
  }

  void DrawFrame() {
    if (ImGui::IsKeyPressed(GLFW_KEY_ESCAPE, false)) glfwSetWindowShouldClose(glfwGetCurrentContext(), GLFW_TRUE);
    const ImGuiIO& io = ImGui::GetIO();
    simulation_->Advance(io.DeltaTime);
    transforms_->Update(*world_, 0.0f);

    const int width = std::max(1, static_cast<int>(io.DisplaySize.x * io.DisplayFramebufferScale.x));
    const int height = std::max(1, static_cast<int>(io.DisplaySize.y * io.DisplayFramebufferScale.y));
    renderer_.Resize(width, height);
    render::RenderSettings settings = renderer_.Settings();
    settings.show_grid = false;
    renderer_.SetSettings(settings);
    BuildScene();
    renderer_.Render(scene_, Camera(static_cast<float>(width) / static_cast<float>(height)));

    // The picture fills the window.
    ImGui::SetNextWindowPos(ImVec2(0.0f, 0.0f));
    ImGui::SetNextWindowSize(io.DisplaySize);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0.0f, 0.0f));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0.0f);
    ImGui::Begin("##player", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                     ImGuiWindowFlags_NoBringToFrontOnFocus);
    ImGui::Image(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(renderer_.ColorTexture())), io.DisplaySize,
                 ImVec2(0.0f, 1.0f), ImVec2(1.0f, 0.0f));
    ImGui::End();
    ImGui::PopStyleVar(2);
  }

 private:
  // Every MeshRenderer asset, imported and uploaded once, before the first frame.
  void ImportMeshes() {
    std::set<std::string> assets;
    world_->Each<ecs::MeshRenderer>([&assets](ecs::Entity, const ecs::MeshRenderer& mesh) {
      if (!mesh.asset.empty()) assets.insert(mesh.asset);
    });
    for (const std::string& asset : assets) {
      if (!asset_folder_) {
        std::cerr << "cairn-player: warning: asset \"" << asset << "\" has no folder to be found in\n";
        continue;
      }
      if (std::optional<std::string> missing = serialization::MissingAssetProblem(*asset_folder_, asset)) {
        std::cerr << "cairn-player: warning: " << *missing << "\n";
        continue;
      }
      const assets::ImportResult imported = assets::ImportGltf(*asset_folder_ / std::filesystem::path(asset));
      for (const std::string& warning : imported.warnings) std::cerr << "cairn-player: warning: " << warning << "\n";
      if (!imported.model) {
        std::cerr << "cairn-player: " << imported.error << "\n";
        continue;
      }
      meshes_[asset] = renderer_.AddMesh(assets::ToRenderMesh(*imported.model));
    }
  }

  void BuildScene() {
    scene_.Clear();
    world_->Each<ecs::MeshRenderer>([this](ecs::Entity entity, const ecs::MeshRenderer& mesh) {
      render::MeshInstance instance;
      instance.world = transforms_->WorldMatrix(entity);
      instance.color = mesh.color;
      if (mesh.asset.empty()) {
        scene_.meshes.Add(scene_view::ToRenderShape(mesh.mesh), instance);
      } else if (const auto it = meshes_.find(mesh.asset); it != meshes_.end() && !it->second.IsNone()) {
        scene_.meshes.Add(it->second, instance);
      } else {
        instance.color = scene_view::kMissingMeshColor;  // as the editor shows a missing mesh
        scene_.meshes.Add(render::MeshShape::Cube, instance);
      }
    });
    world_->Each<ecs::Light>([this](ecs::Entity entity, const ecs::Light& light) {
      scene_.lights.push_back(scene_view::ToLightData(light, transforms_->WorldMatrix(entity)));
    });
  }

  // The first primary Camera's view; without one, a view from above and behind the origin.
  render::CameraMatrices Camera(float aspect) {
    const std::optional<render::CameraMatrices> view = scene_view::PrimaryCameraView(
        *world_, [this](ecs::Entity entity) { return transforms_->WorldMatrix(entity); }, aspect);
    if (view) return *view;
    if (!warned_no_camera_) {
      std::cerr << "cairn-player: warning: the scene has no primary camera; showing it from a default view\n";
      warned_no_camera_ = true;
    }
    const glm::mat4 pose = glm::inverse(glm::lookAt(glm::vec3(0.0f, 6.0f, 12.0f), glm::vec3(0.0f), glm::vec3(0, 1, 0)));
    return render::PerspectiveFromPose(pose, 60.0f, 0.1f, 1000.0f, aspect);
  }

  std::unique_ptr<ecs::Coordinator> world_;
  std::optional<std::filesystem::path> asset_folder_;
  std::unique_ptr<ecs::Simulation> simulation_;
  std::shared_ptr<ecs::TransformSystem> transforms_;
  render::Renderer renderer_;
  render::RenderScene scene_;
  std::map<std::string, render::MeshAssetId> meshes_;
  bool warned_no_camera_ = false;
};

}  // namespace

int main(int argc, char** argv) {
  const PlayerArguments arguments = SplitPlayerArguments(std::vector<std::string>(argv + 1, argv + argc));
  if (!arguments.error.empty()) {
    std::cerr << "cairn-player: " << arguments.error << "\n" << Usage();
    return 2;
  }
  const platform::RunOptionsResult parsed = platform::ParseRunOptions(arguments.platform);
  if (!parsed.Ok()) {
    std::cerr << "cairn-player: " << parsed.error << "\n" << Usage();
    return 2;
  }
  const platform::RunOptions& run = parsed.options;
  if (run.help) {
    std::cout << Usage();
    return 0;
  }
  if (run.positional.size() != 1) {
    std::cerr << "cairn-player: expected one FILE\n" << Usage();
    return 2;
  }
  try {
    Player player(Load(run.positional[0], arguments.module));
    platform::Window window(platform::WindowOptionsFor("player", "Cairn Player", run));
    player.Initialize();
    platform::FrameCallbacks callbacks;
    callbacks.draw_frame = [&player] { player.DrawFrame(); };
    return platform::RunLoop(window, run, std::move(callbacks));
  } catch (const platform::PlatformError& error) {
    std::cerr << "cairn-player: " << error.what() << "\n";
    return 1;
  } catch (const std::exception& error) {
    std::cerr << "cairn-player: " << error.what() << "\n";
    return 1;
  }
}
