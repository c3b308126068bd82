#pragma once
// The command line of one `cairn` command: what it accepts (CommandSpec),
// what the user gave (Invocation), and the parser between the two. The
// parser knows nothing about scenes; each command reads its Invocation.

#include <map>
#include <set>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace cairn::cli {

// Exit statuses shared by every command.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;  // an invalid file, a merge conflict, a failed write
inline constexpr int kExitUsage = 2;    // the command line itself is wrong

struct OptionSpec {
  std::string_view name;        // "-o", "--world-matrices"
  std::string_view value_name;  // "OUT"; empty for a flag
  bool required = false;
  std::string_view help;
};

struct CommandSpec {
  std::string_view name;  // "merge"
  std::string_view summary;  // one line, for `cairn --help`
  // Positional arguments in order; a last name ending in "..." ("FILE...")
  // takes one or more values.
  std::vector<std::string_view> positionals;
  std::vector<OptionSpec> options;
  std::string_view description;  // paragraphs for `cairn <name> --help`
};

// A command line that CommandSpec accepts.
struct Invocation {
  std::vector<std::string> positionals;
  std::map<std::string, std::string, std::less<>> values;  // options with a value, by name
  std::set<std::string, std::less<>> flags;                // flags given
  bool help = false;  // -h or --help: nothing else was checked

  bool Has(std::string_view flag) const { return flags.contains(flag); }
  // The option's value, or nullptr when it was not given.
  const std::string* Value(std::string_view option) const;
};

// A command line the spec does not accept; what() says why, without the
// command's name ("missing THEIRS", "unknown option '--fast'").
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Reads `arguments` (those after the command's name). "-h" or "--help"
// anywhere asks for help and wins over every other problem; "--" makes the
// rest positional. A positional "-" is standard input, which can be read
// only once: two of them are a usage error. Throws UsageError.
Invocation ParseArguments(const CommandSpec& spec, std::span<const std::string> arguments);

// "cairn export IN -o OUT [--world-matrices]"
std::string UsageLine(const CommandSpec& spec);
// The usage line, the summary, the description and the options.
std::string HelpText(const CommandSpec& spec);

}  // namespace cairn::cli
