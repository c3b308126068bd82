#pragma once

#include <cstddef>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cairn/platform/replay_command.h"

namespace cairn::platform {

// The shape of a verb: the parser checks the argument count of every line
// against it before anything runs.
struct ReplayVerbSpec {
  std::string name;         // lower case, [a-z0-9-]+
  std::size_t min_args = 0;
  std::size_t max_args = 0;
  std::string usage;        // arguments for messages, e.g. "NAME VALUE"
};

// A parsed script: every command validated, in file order.
struct ReplayScript {
  std::string source;
  std::vector<ReplayCommand> commands;
};

// The built-in verbs (move, click, ..., quit) with their usage.
std::span<const ReplayVerbSpec> BuiltinReplayVerbs();

// Parses a script. Blank lines and lines starting with '#' are skipped, and a
// '#' starting a word outside quotes begins a comment. `app_verbs` are the
// application's own verbs; their lines become AppCommand with raw args.
// Throws ReplayError at the first bad line ("source:line: ...").
// Throws std::invalid_argument if an app verb is malformed or shadows a
// built-in one.
ReplayScript ParseReplayScript(std::string_view text, std::string source,
                               std::span<const ReplayVerbSpec> app_verbs = {});

// Reads and parses a script file; the path is the source in messages.
// Throws ReplayError if the file cannot be read or parsed.
ReplayScript LoadReplayScript(const std::filesystem::path& path,
                              std::span<const ReplayVerbSpec> app_verbs = {});

}  // namespace cairn::platform
