#include "cairn/serialization/project_scenes.h"

#include <system_error>
#include <utility>

#include "cairn/ecs/builtin_components.h"
#include "cairn/serialization/asset_folder.h"
#include "cairn/serialization/json_text.h"

namespace cairn::serialization {

void RegisterSceneComponents(ecs::Coordinator& world, const Project* project) {
  ecs::RegisterBuiltinComponents(world);
  if (project != nullptr) RegisterProjectComponents(world, *project);
}

LoadOptions ProjectSceneOptions(std::shared_ptr<const Project> project, LoadOptions base) {
  if (project != nullptr && !project->file.empty()) base.asset_folder = project->Root();
  base.register_components = [project = std::move(project)](ecs::Coordinator& world) {
    RegisterSceneComponents(world, project.get());
  };
  return base;
}

std::optional<std::filesystem::path> AssetFolderFor(const std::filesystem::path& project_file,
                                                    const std::optional<std::filesystem::path>& scene_path) {
  if (!project_file.empty()) return project_file.parent_path();
  if (scene_path) return scene_path->parent_path();
  return std::nullopt;
}

std::optional<std::string> MissingAssetProblem(const std::filesystem::path& folder, std::string_view asset) {
  const std::filesystem::path file = folder / std::filesystem::path(asset);
  std::error_code error;
  if (std::filesystem::is_regular_file(file, error)) return std::nullopt;
  return "asset " + Quoted(asset) + " is missing: there is no file " + file.string();
}

}  // namespace cairn::serialization
