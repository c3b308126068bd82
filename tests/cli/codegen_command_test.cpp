// cairn codegen PROJECT -o OUT [--namespace NAME] (app/cli/codegen_command.cpp)

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "cli_test_support.h"

namespace {

using namespace cairn::cli::test;

const char* const kProjectHead = R"({"format": "cairn.project", "version": 1, "name": "Broken", "components": )";

}  // namespace

TEST_CASE("codegen writes the sample project's header, byte for byte the golden file", "[cli][codegen]") {
  const TempDir dir("codegen");
  const std::string project = SerializationData("project").string();

  const ProcessResult result = RunCairn({"codegen", project, "-o", "components.h"}, dir.Path());

  REQUIRE(result.exit_code == 0);
  REQUIRE(result.out.empty());
  REQUIRE(result.err.empty());
  // To update after a deliberate change of the generator:
  //   cairn codegen tests/serialization/data/project -o tests/cli/data/codegen/beacon_components.h
  REQUIRE(ReadText(dir / "components.h") == ReadText(CliData("codegen/beacon_components.h")));
}

TEST_CASE("codegen gives the same bytes on every run, from the folder or from its project file", "[cli][codegen]") {
  const TempDir dir("codegen");
  const std::string folder = SerializationData("project").string();
  const std::string file = SerializationData("project/cairn.project.json").string();

  const ProcessResult first = RunCairn({"codegen", folder, "-o", "-"});
  const ProcessResult second = RunCairn({"codegen", folder, "-o", "-"});
  const ProcessResult from_file = RunCairn({"codegen", file, "-o", "-"}, dir.Path());

  REQUIRE(first.exit_code == 0);
  REQUIRE(first.err.empty());
  REQUIRE(first.out == ReadText(CliData("codegen/beacon_components.h")));
  REQUIRE(second.out == first.out);
  REQUIRE(from_file.out == first.out);
}

TEST_CASE("codegen --namespace declares everything in the given namespace", "[cli][codegen]") {
  const ProcessResult result =
      RunCairn({"codegen", SerializationData("project").string(), "-o", "-", "--namespace", "beacon::components"});

  REQUIRE(result.exit_code == 0);
  REQUIRE(result.out.find("namespace beacon::components {\n") != std::string::npos);
  REQUIRE(result.out.find("RegisterComponent<::beacon::components::Door>(\"Door\")") != std::string::npos);
  REQUIRE(result.out.find("namespace game") == std::string::npos);
}

TEST_CASE("codegen -o - to a full disk says so and exits 1", "[cli][codegen]") {
  const ProcessResult result =
      RunCairn({"codegen", SerializationData("project").string(), "-o", "-"}, {.output = "/dev/full"});

  REQUIRE(result.exit_code == 1);
  REQUIRE(result.err == "cairn: cannot write to standard output: No space left on device\n");
}

TEST_CASE("codegen refuses names C++ cannot take, naming the component and field, and writes nothing",
          "[cli][codegen]") {
  const TempDir dir("codegen");
  dir.Write("game/cairn.project.json",
            std::string(kProjectHead) +
                R"([{"name": "Door", "fields": [{"name": "class", "type": "bool"},
                                                {"name": "_Hp", "type": "int"}]}]})");

  const ProcessResult result = RunCairn({"codegen", "game", "-o", "components.h"}, dir.Path());

  REQUIRE(result.exit_code == 1);
  REQUIRE(result.out.empty());
  REQUIRE(result.err ==
          "game/cairn.project.json:/components/0/fields/0/name: cannot generate C++ for field Door.class: \"class\" "
          "is a C++ keyword; rename the field\n"
          "game/cairn.project.json:/components/0/fields/1/name: cannot generate C++ for field Door._Hp: \"_Hp\" is "
          "reserved to the C++ implementation (\"_\" and a capital letter first); rename the field\n");
  REQUIRE_FALSE(std::filesystem::exists(dir / "components.h"));
}

TEST_CASE("codegen reports an invalid project at its JSON pointers and keeps the old header", "[cli][codegen]") {
  const TempDir dir("codegen");
  const auto project = dir.Write(
      "cairn.project.json",
      std::string(kProjectHead) + R"([{"name": "Door", "fields": [{"name": "speed", "type": "double"}]}]})");
  dir.Write("components.h", "// the previous header\n");

  const ProcessResult result = RunCairn({"codegen", project.string(), "-o", "components.h"}, dir.Path());

  REQUIRE(result.exit_code == 1);
  REQUIRE(result.err == project.string() +
                            ":/components/0/fields/0/type: unknown field type \"double\" (expected one of bool, int, "
                            "float, vec2, vec3, vec4, color, quat, string, enum, entity, asset)\n");
  REQUIRE(ReadText(dir / "components.h") == "// the previous header\n");
}

TEST_CASE("codegen names a missing project, a folder without one, and standard input as PROJECT", "[cli][codegen]") {
  const TempDir dir("codegen");
  std::filesystem::create_directory(dir / "empty");

  const ProcessResult missing = RunCairn({"codegen", "nowhere.json", "-o", "-"}, dir.Path());
  const ProcessResult empty = RunCairn({"codegen", "empty", "-o", "-"}, dir.Path());
  const ProcessResult standard_input = RunCairn({"codegen", "-", "-o", "out.h"}, dir.Path());

  REQUIRE(missing.exit_code == 1);
  REQUIRE(missing.err == "nowhere.json: cannot read nowhere.json: No such file or directory\n");
  REQUIRE(empty.exit_code == 1);
  REQUIRE(empty.err == "cairn codegen: empty holds no cairn.project.json: give a project folder or the project "
                       "file itself\n");
  REQUIRE(standard_input.exit_code == 2);
  REQUIRE(standard_input.err ==
          "cairn codegen: PROJECT is a project folder or its cairn.project.json, not standard input\n"
          "usage: cairn codegen PROJECT -o OUT [--namespace NAME]\n"
          "Try 'cairn codegen --help'.\n");
}

TEST_CASE("codegen refuses a namespace C++ cannot take as a usage error", "[cli][codegen]") {
  const ProcessResult result =
      RunCairn({"codegen", SerializationData("project").string(), "-o", "-", "--namespace", "my-game"});

  REQUIRE(result.exit_code == 2);
  REQUIRE(result.out.empty());
  REQUIRE(result.err ==
          "cairn codegen: --namespace my-game: \"my-game\" is not a C++ identifier (a letter or _, then letters, "
          "digits or _)\n"
          "usage: cairn codegen PROJECT -o OUT [--namespace NAME]\n"
          "Try 'cairn codegen --help'.\n");
}

TEST_CASE("codegen never writes the header over the project file", "[cli][codegen]") {
  const TempDir dir("codegen");
  const std::string text = ReadText(SerializationData("project/cairn.project.json"));
  dir.Write("game/cairn.project.json", text);
  std::filesystem::create_symlink("game/cairn.project.json", dir / "link.json");

  const ProcessResult result = RunCairn({"codegen", "game", "-o", "link.json"}, dir.Path());

  REQUIRE(result.exit_code == 1);
  REQUIRE(result.err == "cairn codegen: -o link.json is the project file (game/cairn.project.json): give another "
                        "file to write the header to\n");
  REQUIRE(ReadText(dir / "game/cairn.project.json") == text);
}
