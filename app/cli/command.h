#pragma once
// A `cairn` command: its command line and the function that runs it. Each
// command lives in its own file and returns its Command from one function;
// cli.cpp lists them.

#include <ostream>

#include "command_line.h"

namespace cairn::cli {

struct Streams {
  std::ostream& out;  // the command's results and reports
  std::ostream& err;  // problems that are not the command's result
};

struct Command {
  CommandSpec spec;
  // Returns the exit status (kExitOk, kExitFailure). Called only with an
  // Invocation that ParseArguments accepted, never for --help. Throws
  // UsageError for an option value the parser cannot judge; it is reported
  // as the parser's errors are (exit status kExitUsage).
  int (*run)(const Invocation& invocation, Streams& streams) = nullptr;
};

const Command& ValidateCommand();
const Command& ExportCommand();
const Command& InfoCommand();
const Command& SchemaCommand();
const Command& MergeCommand();
const Command& CodegenCommand();

}  // namespace cairn::cli
