// The `cairn` program: the command list, help and usage errors
// (app/cli/cli.h), run as a separate process.

#include <catch2/catch.hpp>

#include <string>

#include "cli_test_support.h"
#include "command.h"

namespace {

using namespace cairn::cli::test;

const std::string kMainHelp =
    "usage: cairn COMMAND [ARGUMENTS]\n"
    "\n"
    "Checks, inspects, exports and merges Cairn scene files, and writes the C++\n"
    "header of a game project's component types.\n"
    "\n"
    "commands:\n"
    "  validate  Check scene files and runtime exports\n"
    "  export    Write the runtime export of a scene\n"
    "  info      Summarise a scene: entities, components, hierarchy\n"
    "  schema    Print the JSON Schema of the scene format or the runtime export\n"
    "  merge     Three-way merge of scenes (usable as a git merge driver)\n"
    "  codegen   Write the C++ header of a game project's component types\n"
    "\n"
    "Run 'cairn COMMAND --help' for a command's arguments.\n"
    "Exit status: 0 success, 1 invalid input or merge conflict, 2 usage error.\n";

}  // namespace

TEST_CASE("cairn --help lists the commands", "[cli]") {
  for (const char* asking : {"--help", "-h", "help"}) {
    const ProcessResult result = RunCairn({asking});
    REQUIRE(result.exit_code == 0);
    REQUIRE(result.out == kMainHelp);
    REQUIRE(result.err.empty());
  }
}

TEST_CASE("Every command prints its help with --help or through cairn help", "[cli]") {
  for (const cairn::cli::Command* command :
       {&cairn::cli::ValidateCommand(), &cairn::cli::ExportCommand(), &cairn::cli::InfoCommand(),
        &cairn::cli::SchemaCommand(), &cairn::cli::MergeCommand(), &cairn::cli::CodegenCommand()}) {
    const std::string name(command->spec.name);
    CAPTURE(name);
    const std::string help = cairn::cli::HelpText(command->spec);
    REQUIRE(help.starts_with("usage: cairn " + name));

    const ProcessResult direct = RunCairn({name, "--help"});
    REQUIRE(direct.exit_code == 0);
    REQUIRE(direct.out == help);
    REQUIRE(direct.err.empty());

    const ProcessResult through_help = RunCairn({"help", name});
    REQUIRE(through_help.exit_code == 0);
    REQUIRE(through_help.out == help);
  }
}

TEST_CASE("cairn --version prints the project version", "[cli]") {
  const ProcessResult result = RunCairn({"--version"});

  REQUIRE(result.exit_code == 0);
  REQUIRE(result.out == "cairn 0.1.0\n");
}

TEST_CASE("A missing or unknown command is a usage error with exit status 2", "[cli]") {
  const ProcessResult none = RunCairn({});
  REQUIRE(none.exit_code == 2);
  REQUIRE(none.out.empty());
  REQUIRE(none.err == "cairn: missing COMMAND\nusage: cairn COMMAND [ARGUMENTS]\nTry 'cairn --help'.\n");

  const ProcessResult unknown = RunCairn({"frobnicate", "x"});
  REQUIRE(unknown.exit_code == 2);
  REQUIRE(unknown.err == "cairn: unknown command 'frobnicate'\nusage: cairn COMMAND [ARGUMENTS]\nTry 'cairn --help'.\n");

  const ProcessResult option = RunCairn({"--verbose"});
  REQUIRE(option.exit_code == 2);
  REQUIRE(option.err == "cairn: unknown option '--verbose'\nusage: cairn COMMAND [ARGUMENTS]\nTry 'cairn --help'.\n");

  const ProcessResult help_for_nothing = RunCairn({"help", "frobnicate"});
  REQUIRE(help_for_nothing.exit_code == 2);
  REQUIRE(help_for_nothing.err ==
          "cairn: unknown command 'frobnicate'\nusage: cairn COMMAND [ARGUMENTS]\nTry 'cairn --help'.\n");
}

TEST_CASE("A wrong command line for a command names the command, the problem and the usage", "[cli]") {
  const ProcessResult result = RunCairn({"merge", "base.scene", "ours.scene", "-o", "out.scene"});

  REQUIRE(result.exit_code == 2);
  REQUIRE(result.out.empty());
  REQUIRE(result.err ==
          "cairn merge: missing THEIRS\n"
          "usage: cairn merge BASE OURS THEIRS -o OUT [--project DIR]\n"
          "Try 'cairn merge --help'.\n");
}

TEST_CASE("Help that cannot be written to standard output is an error", "[cli]") {
  const ProcessResult result = RunCairn({"--help"}, {.output = "/dev/full"});

  REQUIRE(result.exit_code == 1);
  REQUIRE(result.err == "cairn: cannot write to standard output: No space left on device\n");
}
