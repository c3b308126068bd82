#include "scene_project.h"

#include <system_error>
#include <utility>

#include "cairn/assets/asset_index.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/serialization/project_link.h"
#include "cairn/serialization/project_scenes.h"
#include "scene_file.h"

namespace cairn::cli {

namespace fs = std::filesystem;

OptionSpec ProjectOption() {
  return {.name = "--project", .value_name = "DIR", .required = false,
          .help = "the game project (a folder with cairn.project.json, or the file) instead of the one found"};
}

SceneProjects::SceneProjects(const Invocation& invocation) {
  const std::string* value = invocation.Value("--project");
  if (value == nullptr) return;
  std::error_code error;
  const fs::path given(*value);
  named_ = fs::is_directory(given, error) ? given / serialization::kProjectFileName : given;
}

SceneProjects::Lookup SceneProjects::For(const std::string& argument, std::ostream& report) {
  if (named_) return Read(*named_, report);
  std::error_code error;
  const fs::path start = argument == "-" ? fs::current_path(error) : fs::path(argument);
  // A scene file's project link comes first; one that gives no project is
  // reported against the scene, and the project is looked for walking up.
  serialization::ProjectLink link;
  if (argument != "-") link = serialization::ReadProjectLink(start);
  const std::optional<fs::path> found = link.project ? link.project : serialization::FindProjectFile(start);
  if (link.problem) {
    serialization::Diagnostic warning = *link.problem;
    warning.message += found ? "; it is read with " + found->string() : "; it is read without a project";
    PrintDiagnostics(report, argument, {warning});
  }
  if (found) return Read(*found, report);
  Lookup lookup;  // no project: the built-ins, prefabs beside the input
  const fs::path folder = argument == "-" ? start : fs::absolute(start, error).parent_path();
  lookup.options.prefabs = PrefabsFor(folder, lookup.options);
  return lookup;
}

serialization::PrefabLibrary* SceneProjects::PrefabsFor(const fs::path& folder, const serialization::LoadOptions& options) {
  std::unique_ptr<serialization::PrefabLibrary>& library = prefabs_[folder];
  if (library == nullptr) {
    library = std::make_unique<serialization::PrefabLibrary>(folder, options);
    // A prefab moved in the editor's Assets panel is found through the asset index.
    library->SetMovedFiles([folder](const std::string& path) { return assets::MovedAssetPath(folder, path); });
  }
  return library.get();
}

std::optional<SceneProjects::Lookup> SceneProjects::Named(std::ostream& report) {
  if (!named_) return std::nullopt;
  return Read(*named_, report);
}

SceneProjects::Lookup SceneProjects::Read(const fs::path& file, std::ostream& report) {
  if (const auto known = read_.find(file); known != read_.end()) return known->second;
  serialization::ProjectLoadResult result = serialization::LoadProjectFile(file);
  PrintDiagnostics(report, file.string(), result.diagnostics);
  Lookup lookup;
  lookup.ok = result.Ok();
  if (result.project) {
    lookup.project = std::make_shared<const serialization::Project>(std::move(*result.project));
    lookup.options = serialization::ProjectSceneOptions(lookup.project);
    lookup.options.prefabs = PrefabsFor(lookup.project->Root(), lookup.options);
  }
  return read_.emplace(file, std::move(lookup)).first->second;
}

}  // namespace cairn::cli
