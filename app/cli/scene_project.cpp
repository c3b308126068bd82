#include "scene_project.h"

#include <system_error>
#include <utility>

#include "cairn/ecs/coordinator.h"
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
  const std::optional<fs::path> found = serialization::FindProjectFile(start);
  if (!found) return {};
  return Read(*found, report);
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
  }
  return read_.emplace(file, std::move(lookup)).first->second;
}

}  // namespace cairn::cli
