// cairn validate FILE...

#include "command.h"
#include "scene_file.h"

namespace cairn::cli {

namespace {

int RunValidate(const Invocation& invocation, Streams& streams) {
  bool all_valid = true;
  for (const std::string& file : invocation.positionals) {
    const LoadedFile loaded = LoadSceneOrRuntimeFile(file);
    PrintDiagnostics(streams.out, InputName(file), loaded.diagnostics);
    all_valid = loaded.Ok() && all_valid;
  }
  return all_valid ? kExitOk : kExitFailure;
}

}  // namespace

const Command& ValidateCommand() {
  static const Command command{
      CommandSpec{
          .name = "validate",
          .summary = "Check scene files and runtime exports",
          .positionals = {"FILE..."},
          .options = {},
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
              "Exit status: 0 when every file is valid, 1 otherwise.\n",
      },
      RunValidate};
  return command;
}

}  // namespace cairn::cli
