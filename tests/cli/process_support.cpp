// Running programs, for the CLI tests (declared in cli_test_support.h);
// built only into the suite that has the `cairn` binary to run.

#include <sys/wait.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "cli_test_support.h"

namespace cairn::cli::test {

namespace fs = std::filesystem;

namespace {

// `text` as one single-quoted shell word.
std::string ShellWord(const std::string& text) {
  std::string word = "'";
  for (char c : text) word += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return word + "'";
}

}  // namespace

fs::path CairnBinary() { return fs::path(CAIRN_CLI_BINARY); }

ProcessResult Run(const std::string& program, const std::vector<std::string>& arguments, const RunOptions& options) {
  const TempDir capture("output");
  std::string command;
  if (!options.directory.empty()) command += "cd " + ShellWord(options.directory.string()) + " && ";
  if (options.input.empty()) {
    command += "</dev/null ";
  } else {
    WriteText(capture / "in", options.input);
    command += "cat " + ShellWord((capture / "in").string()) + " | ";
  }
  command += "timeout --kill-after=5 " + std::to_string(options.timeout_seconds) + " " + ShellWord(program);
  for (const std::string& argument : arguments) command += " " + ShellWord(argument);
  const fs::path out = options.output.empty() ? capture / "out" : options.output;
  command += " >" + ShellWord(out.string()) + " 2>" + ShellWord((capture / "err").string());
  const int status = std::system(command.c_str());
  ProcessResult result;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  if (options.output.empty()) result.out = ReadText(capture / "out");
  result.err = ReadText(capture / "err");
  return result;
}

ProcessResult Run(const std::string& program, const std::vector<std::string>& arguments, const fs::path& directory) {
  return Run(program, arguments, RunOptions{.directory = directory});
}

ProcessResult RunCairn(const std::vector<std::string>& arguments, const fs::path& directory) {
  return Run(CairnBinary().string(), arguments, directory);
}

ProcessResult RunCairn(const std::vector<std::string>& arguments, const RunOptions& options) {
  return Run(CairnBinary().string(), arguments, options);
}

}  // namespace cairn::cli::test
