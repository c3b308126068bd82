// The `cairn` command-line tool (docs/cli.md).

#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "cli.h"

int main(int argc, char** argv) {
  try {
    const std::vector<std::string> arguments(argv + 1, argv + argc);
    return cairn::cli::RunCli(arguments, std::cout, std::cerr);
  } catch (const std::exception& error) {
    std::cerr << "cairn: " << error.what() << "\n";
    return 1;
  }
}
