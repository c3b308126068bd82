#include "cairn/serialization/project_scenes.h"

#include <utility>

#include "cairn/ecs/builtin_components.h"

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

}  // namespace cairn::serialization
