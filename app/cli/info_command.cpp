// cairn info FILE

#include <algorithm>
#include <cstddef>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "cairn/ecs/components/name.h"
#include "cairn/serialization/document.h"
#include "cairn/serialization/scene_format.h"
#include "cairn/serialization/prefab.h"
#include "cairn/serialization/unknown_components.h"
#include "command.h"
#include "scene_file.h"
#include "scene_project.h"

namespace cairn::cli {

namespace {

struct ComponentCount {
  std::size_t entities = 0;
  bool unknown = false;  // kept from the file, not registered in this build
};

// Levels of the hierarchy: 0 for an empty world, 1 when all are roots.
std::size_t HierarchyDepth(const ecs::Coordinator& world) {
  std::size_t deepest = 0;
  std::vector<std::pair<ecs::Entity, std::size_t>> stack;
  world.ForEachChild(ecs::kNullEntity, [&stack](ecs::Entity root) { stack.emplace_back(root, 1); });
  while (!stack.empty()) {
    const auto [entity, depth] = stack.back();
    stack.pop_back();
    deepest = std::max(deepest, depth);
    world.ForEachChild(entity, [&stack, depth = depth](ecs::Entity child) { stack.emplace_back(child, depth + 1); });
  }
  return deepest;
}

// Entities per component as the file stores them: the entity's name and
// the hierarchy are keys of the entity, not components.
std::map<std::string, ComponentCount> CountComponents(const ecs::Coordinator& world) {
  std::map<std::string, ComponentCount> counts;
  const bool has_unknown = world.IsRegistered<serialization::UnknownComponents>();
  for (ecs::ComponentType type = 0; type < world.ComponentTypeCount(); ++type) {
    const ecs::ComponentInfo& info = world.GetComponentInfo(type);
    if (!info.serialized) continue;
    if (world.IsRegistered<ecs::Name>() && type == world.GetComponentType<ecs::Name>()) continue;
    if (has_unknown && type == world.GetComponentType<serialization::UnknownComponents>()) continue;
    if (info.name == serialization::kPrefabInstanceName) continue;  // counted as instances
    std::size_t entities = 0;
    world.ForEachEntity([&](ecs::Entity entity) { entities += world.HasComponent(entity, type) ? 1 : 0; });
    if (entities != 0) counts[info.name].entities = entities;
  }
  if (!has_unknown) return counts;
  world.ForEachEntity([&](ecs::Entity entity) {
    const auto* unknown = world.TryGetComponent<serialization::UnknownComponents>(entity);
    if (unknown == nullptr) return;
    const serialization::Document components = serialization::Document::parse(unknown->json, nullptr, false);
    if (!components.is_object()) return;
    for (auto it = components.begin(); it != components.end(); ++it) {
      ComponentCount& count = counts[it.key()];
      ++count.entities;
      count.unknown = true;
    }
  });
  return counts;
}

int RunInfo(const Invocation& invocation, Streams& streams) {
  const std::string& file = invocation.positionals.front();
  SceneProjects projects(invocation);
  const SceneProjects::Lookup project = projects.For(file, streams.err);
  if (!project.ok) return kExitFailure;
  const LoadedFile loaded = LoadSceneOrRuntimeFile(file, project.options);
  PrintDiagnostics(streams.err, InputName(file), loaded.diagnostics);
  if (!loaded.Ok()) return kExitFailure;
  const ecs::Coordinator& world = *loaded.world;

  std::ostream& out = streams.out;
  out << "file: " << InputName(file) << "\n";
  if (project.project) out << "project: " << project.project->name << " (" << project.project->file.string() << ")\n";
  out << "format: " << loaded.format << "\n";
  out << "version: " << loaded.version;
  if (loaded.format == serialization::kSceneFormat && loaded.version < serialization::kSceneVersion) {
    out << " (migrated to " << serialization::kSceneVersion << " when loaded)";
  }
  out << "\n";
  out << "entities: " << world.EntityCount() << "\n";
  out << "roots: " << world.ChildCount(ecs::kNullEntity) << "\n";
  out << "hierarchy depth: " << HierarchyDepth(world) << "\n";
  if (world.IsRegistered<serialization::PrefabInstance>()) {
    std::size_t instances = 0;
    world.ForEachEntity([&](ecs::Entity entity) {
      instances += world.HasComponent<serialization::PrefabInstance>(entity) ? 1 : 0;
    });
    if (instances != 0) out << "prefab instances: " << instances << " (nested ones included)\n";
  }
  const std::map<std::string, ComponentCount> counts = CountComponents(world);
  if (counts.empty()) {
    out << "components: none\n";
    return kExitOk;
  }
  out << "components:\n";
  for (const auto& [name, count] : counts) {
    out << "  " << name << ": " << count.entities << (count.unknown ? " (unknown to this build)" : "") << "\n";
  }
  return kExitOk;
}

}  // namespace

const Command& InfoCommand() {
  static const Command command{
      CommandSpec{
          .name = "info",
          .summary = "Summarise a scene: entities, components, hierarchy",
          .positionals = {"FILE"},
          .options = {ProjectOption()},
          .description =
              "Prints the format and version FILE declares, its number of entities and of\n"
              "root entities, the depth of its hierarchy (1 when every entity is a root),\n"
              "and how many entities have each component, by component name. FILE may be\n"
              "a scene or a runtime export, \"-\" for standard input. Problems of FILE are\n"
              "printed to standard error. FILE is read with the components of its game\n"
              "project (see 'cairn validate'), named on the line \"project: NAME (FILE)\".\n"
              "Exit status: 0 when FILE loads, 1 otherwise.\n",
      },
      RunInfo};
  return command;
}

}  // namespace cairn::cli
