// cairn export IN -o OUT [--world-matrices] (app/cli/export_command.cpp)

#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <filesystem>
#include <string>
#include <vector>

#include "cairn/serialization/runtime_export.h"
#include "cairn/serialization/scene_loader.h"
#include "cli_test_support.h"

namespace {

using namespace cairn::cli::test;

// What the library exports for the sample scene.
std::string ExpectedExport(bool world_matrices) {
  const auto loaded = cairn::serialization::LoadSceneFile(SerializationData("sample.scene"));
  REQUIRE(loaded.Ok());
  return cairn::serialization::ExportRuntime(*loaded.scene->world, {.include_world_matrices = world_matrices});
}

}  // namespace

TEST_CASE("export writes the runtime export of a scene", "[cli][export]") {
  const TempDir dir("export");
  const std::string scene = SerializationData("sample.scene").string();

  const ProcessResult plain = RunCairn({"export", scene, "-o", "level.runtime.json"}, dir.Path());
  const ProcessResult with_matrices = RunCairn({"export", "--world-matrices", scene, "-o", "world.runtime.json"}, dir.Path());

  REQUIRE(plain.exit_code == 0);
  REQUIRE(plain.out.empty());
  REQUIRE(plain.err.empty());
  REQUIRE(ReadText(dir / "level.runtime.json") == ExpectedExport(false));
  REQUIRE(with_matrices.exit_code == 0);
  REQUIRE(ReadText(dir / "world.runtime.json") == ExpectedExport(true));
  REQUIRE(ReadText(dir / "world.runtime.json").find("\"world\": [") != std::string::npos);
}

TEST_CASE("export -o - writes to standard output", "[cli][export]") {
  const ProcessResult result = RunCairn({"export", SerializationData("sample.scene").string(), "-o", "-"});

  REQUIRE(result.exit_code == 0);
  REQUIRE(result.out == ExpectedExport(false));
}

TEST_CASE("export -o - to a full disk says so and exits 1", "[cli][export]") {
  const ProcessResult result =
      RunCairn({"export", SerializationData("sample.scene").string(), "-o", "-"}, {.output = "/dev/full"});

  REQUIRE(result.exit_code == 1);
  REQUIRE(result.err == "cairn: cannot write to standard output: No space left on device\n");
}

TEST_CASE("export - exports the scene on standard input", "[cli][export]") {
  const TempDir dir("export");
  const std::string scene = ReadText(SerializationData("sample.scene"));

  const ProcessResult to_file = RunCairn({"export", "-", "-o", "level.runtime.json"}, {.directory = dir.Path(), .input = scene});
  const ProcessResult to_output = RunCairn({"export", "-", "-o", "-"}, {.input = scene});
  const ProcessResult broken = RunCairn({"export", "-", "-o", "-"}, {.input = "{\"format\": \"cairn.scene\"} x"});

  REQUIRE(to_file.exit_code == 0);
  REQUIRE(ReadText(dir / "level.runtime.json") == ExpectedExport(false));
  REQUIRE(to_output.exit_code == 0);
  REQUIRE(to_output.out == ExpectedExport(false));
  REQUIRE(broken.exit_code == 1);
  REQUIRE(broken.out.empty());
  REQUIRE(broken.err ==
          "<stdin>: not valid JSON at line 1, column 27 (byte offset 26): 1 byte after the end of the document, "
          "starting 'x'\n");
}

TEST_CASE("export refuses to write over the scene it exports, by any name", "[cli][export]") {
  const TempDir dir("export");
  const std::string scene = ReadText(SerializationData("sample.scene"));
  WriteText(dir / "level.scene", scene);
  std::filesystem::create_symlink("level.scene", dir / "link.json");
  std::filesystem::create_hard_link(dir / "level.scene", dir / "hard.json");

  for (const std::string& out :
       std::vector<std::string>{"level.scene", "./level.scene", "link.json", "hard.json", (dir / "level.scene").string()}) {
    const ProcessResult result = RunCairn({"export", "level.scene", "-o", out}, dir.Path());

    INFO(out);
    REQUIRE(result.exit_code == 1);
    REQUIRE(result.err == "cairn export: -o " + out +
                              " is the scene being exported (level.scene): give another file to write the export to\n");
    REQUIRE(ReadText(dir / "level.scene") == scene);
  }
  REQUIRE_FALSE(std::filesystem::exists(dir / "level.scene.bak"));
}

TEST_CASE("export refuses a FIFO at once instead of waiting for a writer", "[cli][export]") {
  const TempDir dir("export");
  REQUIRE(::mkfifo((dir / "pipe.scene").c_str(), 0600) == 0);

  const ProcessResult result =
      RunCairn({"export", "pipe.scene", "-o", "out.json"}, {.directory = dir.Path(), .timeout_seconds = 20});

  REQUIRE(result.exit_code == 1);
  REQUIRE(result.err == "pipe.scene: cannot read pipe.scene: it is a FIFO, not a regular file\n");
  REQUIRE_FALSE(std::filesystem::exists(dir / "out.json"));
}

TEST_CASE("export of an invalid scene prints its problems to stderr, writes nothing and exits 1", "[cli][export]") {
  const TempDir dir("export");
  WriteText(dir / "broken.scene", Text(Scene({Entity("1000000000000001", "Room", "2000000000000002")})));

  const ProcessResult result = RunCairn({"export", "broken.scene", "-o", "out.json"}, dir.Path());

  REQUIRE(result.exit_code == 1);
  REQUIRE(result.out.empty());
  REQUIRE(result.err == "broken.scene:/entities/0/parent: no entity in this file has id 2000000000000002\n");
  REQUIRE_FALSE(std::filesystem::exists(dir / "out.json"));
}

TEST_CASE("export reports an output it cannot write and exits 1", "[cli][export]") {
  const TempDir dir("export");

  const ProcessResult result =
      RunCairn({"export", SerializationData("sample.scene").string(), "-o", "no-such-folder/out.json"}, dir.Path());

  REQUIRE(result.exit_code == 1);
  REQUIRE(result.err.starts_with("cairn export: cannot save no-such-folder/out.json: "));
}

TEST_CASE("export needs IN and -o OUT, and knows only its own options", "[cli][export]") {
  const ProcessResult no_output = RunCairn({"export", "level.scene"});
  const ProcessResult unknown = RunCairn({"export", "level.scene", "-o", "x", "--fast"});

  REQUIRE(no_output.exit_code == 2);
  REQUIRE(no_output.err ==
          "cairn export: missing option -o OUT\nusage: cairn export IN -o OUT [--world-matrices] [--project DIR]\n"
          "Try 'cairn export --help'.\n");
  REQUIRE(unknown.exit_code == 2);
  REQUIRE(unknown.err.starts_with("cairn export: unknown option '--fast'\n"));
}
