#include "cli.h"

#include <array>
#include <string_view>

#include "command.h"

#ifndef CAIRN_VERSION
#error "CAIRN_VERSION must be defined by the build"
#endif

namespace cairn::cli {

namespace {

const std::array<const Command*, 6>& AllCommands() {
  static const std::array<const Command*, 6> commands{&ValidateCommand(), &ExportCommand(), &InfoCommand(),
                                                      &SchemaCommand(), &MergeCommand(), &CodegenCommand()};
  return commands;
}

const Command* FindCommand(std::string_view name) {
  for (const Command* command : AllCommands()) {
    if (command->spec.name == name) return command;
  }
  return nullptr;
}

std::string MainHelp() {
  std::string text =
      "usage: cairn COMMAND [ARGUMENTS]\n"
      "\n"
      "Checks, inspects, exports and merges Cairn scene files, and writes the C++\n"
      "header of a game project's component types.\n"
      "\n"
      "commands:\n";
  for (const Command* command : AllCommands()) {
    text += "  " + std::string(command->spec.name) + std::string(10 - command->spec.name.size(), ' ') +
            std::string(command->spec.summary) + "\n";
  }
  text +=
      "\n"
      "Run 'cairn COMMAND --help' for a command's arguments.\n"
      "Exit status: 0 success, 1 invalid input or merge conflict, 2 usage error.\n";
  return text;
}

int MainUsageError(std::ostream& err, const std::string& problem) {
  err << "cairn: " << problem << "\nusage: cairn COMMAND [ARGUMENTS]\nTry 'cairn --help'.\n";
  return kExitUsage;
}

}  // namespace

int RunCli(std::span<const std::string> arguments, std::ostream& out, std::ostream& err) {
  if (arguments.empty()) return MainUsageError(err, "missing COMMAND");
  const std::string& first = arguments.front();
  if (first == "--help" || first == "-h") {
    out << MainHelp();
    return kExitOk;
  }
  if (first == "--version") {
    out << "cairn " << CAIRN_VERSION << "\n";
    return kExitOk;
  }
  if (first == "help") {
    if (arguments.size() == 1) {
      out << MainHelp();
      return kExitOk;
    }
    const Command* command = FindCommand(arguments[1]);
    if (command == nullptr || arguments.size() > 2) {
      return MainUsageError(err, command == nullptr ? "unknown command '" + arguments[1] + "'"
                                                    : "unexpected argument '" + arguments[2] + "'");
    }
    out << HelpText(command->spec);
    return kExitOk;
  }
  if (first.starts_with("-")) return MainUsageError(err, "unknown option '" + first + "'");
  const Command* command = FindCommand(first);
  if (command == nullptr) return MainUsageError(err, "unknown command '" + first + "'");

  try {
    const Invocation invocation = ParseArguments(command->spec, arguments.subspan(1));
    if (invocation.help) {
      out << HelpText(command->spec);
      return kExitOk;
    }
    Streams streams{out, err};
    return command->run(invocation, streams);
  } catch (const UsageError& error) {
    err << "cairn " << command->spec.name << ": " << error.what() << "\nusage: " << UsageLine(command->spec)
        << "\nTry 'cairn " << command->spec.name << " --help'.\n";
    return kExitUsage;
  }
}

}  // namespace cairn::cli
