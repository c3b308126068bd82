// Parsing a command's arguments (app/cli/command_line.h).

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "command_line.h"

namespace {

using cairn::cli::CommandSpec;
using cairn::cli::Invocation;
using cairn::cli::ParseArguments;
using cairn::cli::UsageError;

const CommandSpec& CopySpec() {
  static const CommandSpec spec{
      .name = "copy",
      .summary = "Copy things",
      .positionals = {"FROM", "TO..."},
      .options = {{.name = "-o", .value_name = "OUT", .required = true, .help = "where to"},
                  {.name = "--fast", .value_name = "", .required = false, .help = "go fast"}},
      .description = "Copies FROM to each TO.\n",
  };
  return spec;
}

Invocation Parse(std::vector<std::string> arguments) { return ParseArguments(CopySpec(), arguments); }

}  // namespace

TEST_CASE("Positionals, options with values and flags are told apart", "[cli][command_line]") {
  const Invocation invocation = Parse({"a", "--fast", "b", "-o", "out", "c"});

  REQUIRE(invocation.positionals == std::vector<std::string>{"a", "b", "c"});
  REQUIRE(*invocation.Value("-o") == "out");
  REQUIRE(invocation.Has("--fast"));
  REQUIRE(invocation.Value("--fast") == nullptr);
  REQUIRE_FALSE(invocation.help);
}

TEST_CASE("After -- every argument is positional, and - alone is one", "[cli][command_line]") {
  const Invocation invocation = Parse({"-o", "out", "-", "--", "--fast", "-o"});

  REQUIRE(invocation.positionals == std::vector<std::string>{"-", "--fast", "-o"});
  REQUIRE_FALSE(invocation.Has("--fast"));
}

TEST_CASE("Asking for help wins over every other problem", "[cli][command_line]") {
  REQUIRE(Parse({"--bogus", "--help"}).help);
  REQUIRE(Parse({"-h"}).help);
}

TEST_CASE("Wrong command lines are usage errors that say what is wrong", "[cli][command_line]") {
  REQUIRE_THROWS_WITH(Parse({"-o", "out"}), "missing FROM");
  REQUIRE_THROWS_WITH(Parse({"a", "-o", "out"}), "missing TO");
  REQUIRE_THROWS_WITH(Parse({"a", "b"}), "missing option -o OUT");
  REQUIRE_THROWS_WITH(Parse({"a", "b", "-o"}), "option '-o' needs a value (OUT)");
  REQUIRE_THROWS_WITH(Parse({"a", "b", "-o", "x", "-o", "y"}), "option '-o' given twice");
  REQUIRE_THROWS_WITH(Parse({"a", "b", "-o", "x", "--fast", "--fast"}), "option '--fast' given twice");
  REQUIRE_THROWS_WITH(Parse({"a", "b", "-o", "x", "--slow"}), "unknown option '--slow'");
  REQUIRE_THROWS_AS(Parse({}), UsageError);
  REQUIRE_THROWS_WITH(Parse({"-", "b", "-", "-o", "x"}), "standard input ('-') can be read only once");

  const CommandSpec fixed{.name = "pair", .summary = "Pairs", .positionals = {"A", "B"}, .options = {}, .description = ""};
  REQUIRE_THROWS_WITH(ParseArguments(fixed, std::vector<std::string>{"1", "2", "3"}), "unexpected argument '3'");
}

TEST_CASE("Usage lines and help text are built from the spec", "[cli][command_line]") {
  REQUIRE(cairn::cli::UsageLine(CopySpec()) == "cairn copy FROM TO... -o OUT [--fast]");
  REQUIRE(cairn::cli::HelpText(CopySpec()) ==
          "usage: cairn copy FROM TO... -o OUT [--fast]\n"
          "\n"
          "Copy things.\n"
          "\n"
          "Copies FROM to each TO.\n"
          "\n"
          "options:\n"
          "  -o OUT      where to\n"
          "  --fast      go fast\n"
          "  -h, --help  show this help\n");
}
