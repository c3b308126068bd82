#pragma once
// The `cairn` program without its main(): picks the command named by the
// first argument and runs it, printing help and usage errors itself.
//
//   cairn --help | cairn help [COMMAND]   the command list (or a command's help), exit 0
//   cairn --version                       "cairn 0.1.0", exit 0
//   cairn COMMAND [ARGUMENTS]             the command's exit status
//
// A usage error prints "cairn COMMAND: <problem>", the usage line and a hint
// to stderr and exits with kExitUsage (2).

#include <ostream>
#include <span>
#include <string>

namespace cairn::cli {

// `arguments` excludes the program name.
int RunCli(std::span<const std::string> arguments, std::ostream& out, std::ostream& err);

}  // namespace cairn::cli
