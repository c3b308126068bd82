// cairn validate FILE... [--project DIR]

#include <filesystem>
#include <optional>
#include <string>

#include "cairn/ecs/coordinator.h"
#include "cairn/serialization/atomic_file.h"
#include "cairn/serialization/document.h"
#include "cairn/serialization/project.h"
#include "command.h"
#include "scene_file.h"
#include "scene_project.h"

namespace cairn::cli {

namespace {

// A cairn.project.json, by its name or by the format it declares.
bool IsProjectFile(const std::string& argument) {
  if (std::filesystem::path(argument).filename() == serialization::kProjectFileName) return true;
  return serialization::DeclaredFileFormat(argument, serialization::LoadOptions{}.max_bytes) ==
         serialization::kProjectFormat;
}

bool ValidateProject(const std::string& file, std::string_view text, Streams& streams) {
  const serialization::ProjectLoadResult result = serialization::LoadProject(text);
  PrintDiagnostics(streams.out, InputName(file), result.diagnostics);
  return result.Ok();
}

bool Refused(const std::string& file, std::string error, Streams& streams) {
  PrintDiagnostics(streams.out, InputName(file), {{serialization::Diagnostic::Severity::kError, "", std::move(error)}});
  return false;
}

bool ValidateFile(const std::string& file, SceneProjects& projects, Streams& streams) {
  const std::size_t max_bytes = serialization::LoadOptions{}.max_bytes;
  std::optional<std::string> text;  // standard input and project files are read whole
  if (file == "-") {
    serialization::ReadResult input = serialization::ReadStandardInput(max_bytes);
    if (!input.text) return Refused(file, std::move(input.error), streams);
    text = std::move(input.text);
    if (serialization::DeclaredFormat(*text) == serialization::kProjectFormat) {
      return ValidateProject(file, *text, streams);
    }
  } else {
    if (std::optional<std::string> error = serialization::CheckReadable(file, max_bytes)) {
      return Refused(file, std::move(*error), streams);
    }
    if (IsProjectFile(file)) {
      serialization::ReadResult input = serialization::ReadFileText(file, max_bytes);
      if (!input.text) return Refused(file, std::move(input.error), streams);
      return ValidateProject(file, *input.text, streams);
    }
  }
  const SceneProjects::Lookup project = projects.For(file, streams.out);
  if (!project.ok) return false;
  // A scene or export file is read as it is parsed (LoadSceneOrRuntimeFile).
  const LoadedFile loaded =
      text ? LoadSceneOrRuntimeText(*text, project.options) : LoadSceneOrRuntimeFile(file, project.options);
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
