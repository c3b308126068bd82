// cairn validate FILE... [--project DIR]

#include <filesystem>
#include <string>

#include "cairn/ecs/coordinator.h"
#include "cairn/serialization/project.h"
#include "command.h"
#include "scene_file.h"
#include "scene_project.h"

namespace cairn::cli {

namespace {

// A cairn.project.json, by its name or by the format it declares.
bool IsProjectFile(const std::string& argument, std::string_view text) {
  if (argument != "-" && std::filesystem::path(argument).filename() == serialization::kProjectFileName) return true;
  return DeclaredFormat(text, serialization::LoadOptions{}) == serialization::kProjectFormat;
}

bool ValidateProject(const std::string& file, std::string_view text, Streams& streams) {
  const serialization::ProjectLoadResult result = serialization::LoadProject(text);
  PrintDiagnostics(streams.out, InputName(file), result.diagnostics);
  return result.Ok();
}

bool ValidateFile(const std::string& file, SceneProjects& projects, Streams& streams) {
  const serialization::ReadResult text = ReadInput(file, serialization::LoadOptions{}.max_bytes);
  if (!text.text) {
    PrintDiagnostics(streams.out, InputName(file), {{serialization::Diagnostic::Severity::kError, "", text.error}});
    return false;
  }
  if (IsProjectFile(file, *text.text)) return ValidateProject(file, *text.text, streams);
  const SceneProjects::Lookup project = projects.For(file, streams.out);
  if (!project.ok) return false;
  const LoadedFile loaded = LoadSceneOrRuntimeText(*text.text, project.options);
  PrintDiagnostics(streams.out, InputName(file), loaded.diagnostics);
  return loaded.Ok();
}

int RunValidate(const Invocation& invocation, Streams& streams) {
  SceneProjects projects(invocation);
  bool all_valid = true;
  for (const std::string& file : invocation.positionals) all_valid = ValidateFile(file, projects, streams) && all_valid;
  return all_valid ? kExitOk : kExitFailure;
}

}  // namespace

const Command& ValidateCommand() {
  static const Command command{
      CommandSpec{
          .name = "validate",
          .summary = "Check scene files and runtime exports",
          .positionals = {"FILE..."},
          .options = {ProjectOption()},
          .description =
              "Loads each FILE (\"-\": standard input) as the editor (a scene) or a game (a\n"
              "runtime export) would, and prints one line per problem:\n"
              "\n"
              "  FILE:POINTER: message            an error: the file would not load\n"
              "  FILE:POINTER: warning: message   a warning: it loads (an unknown component,\n"
              "                                   a reference to an entity the file lacks)\n"
              "\n"
              "POINTER is the JSON pointer of the problem (\"/entities/3/parent\"); problems of\n"
              "the whole file have none. Prints nothing for a valid file without warnings.\n"
              "\n"
              "A scene is read with the components of its game project, the\n"
              "cairn.project.json found walking up from its folder (from the current folder\n"
              "for \"-\"), or the one --project names; a project with errors prints them as\n"
              "\"PROJECT:POINTER: message\" and fails its scenes. A FILE named\n"
              "cairn.project.json, or declaring the format \"cairn.project\", is checked as a\n"
              "project file (docs/project-format.md).\n"
              "Exit status: 0 when every file is valid, 1 otherwise.\n",
      },
      RunValidate};
  return command;
}

}  // namespace cairn::cli
