// The `cairn` command-line tool (docs/cli.md).

#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "cli.h"
#include "command_line.h"
#include "standard_output.h"

int main(int argc, char** argv) {
  int status = cairn::cli::kExitFailure;
  cairn::cli::StandardOutput out;
  try {
    const std::vector<std::string> arguments(argv + 1, argv + argc);
    status = cairn::cli::RunCli(arguments, out.Stream(), std::cerr);
  } catch (const std::exception& error) {
    std::cerr << "cairn: " << error.what() << "\n";
    status = cairn::cli::kExitFailure;
  }
  if (const std::string problem = out.Finish(); !problem.empty()) {
    std::cerr << "cairn: cannot write to standard output: " << problem << "\n";
    return cairn::cli::kExitFailure;
  }
  return status;
}
