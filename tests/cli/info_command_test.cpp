// cairn info FILE (app/cli/info_command.cpp)

#include <catch2/catch.hpp>

#include <sys/stat.h>

#include "cli_test_support.h"

namespace {

using namespace cairn::cli::test;

}  // namespace

TEST_CASE("info summarises a scene", "[cli][info]") {
  const ProcessResult result = RunCairn({"info", "sample.scene"}, SerializationData("").parent_path());

  REQUIRE(result.exit_code == 0);
  REQUIRE(result.err.empty());
  REQUIRE(result.out ==
          "file: sample.scene\n"
          "format: cairn.scene\n"
          "version: 3\n"
          "entities: 6\n"
          "roots: 4\n"
          "hierarchy depth: 2\n"
          "components:\n"
          "  Camera: 1\n"
          "  Follow: 1\n"
          "  Light: 1\n"
          "  MeshRenderer: 2\n"
          "  Player: 1\n"
          "  Rotator: 1\n"
          "  Static: 1\n"
          "  Transform: 5\n");
}

TEST_CASE("info names the version a file declared, its unknown components, and runtime exports", "[cli][info]") {
  const TempDir dir("info");
  Document scene = Scene({Entity("1000000000000001", "Room"), Entity("2000000000000002", "Lamp", "1000000000000001"),
                          Entity("3000000000000003", "Bulb", "2000000000000002")});
  EntityIn(scene, "3000000000000003")["components"]["Glow"] = {{"radius", 2}};
  WriteText(dir / "deep.scene", Text(scene));
  REQUIRE(RunCairn({"export", "deep.scene", "-o", "deep.runtime.json"}, dir.Path()).exit_code == 0);

  const ProcessResult old = RunCairn({"info", SerializationData("sample_v0.scene").string()});
  const ProcessResult deep = RunCairn({"info", "deep.scene"}, dir.Path());
  const ProcessResult runtime = RunCairn({"info", "deep.runtime.json"}, dir.Path());

  REQUIRE(old.exit_code == 0);
  REQUIRE(old.out.find("\nversion: 0 (migrated to 3 when loaded)\n") != std::string::npos);
  REQUIRE(deep.out ==
          "file: deep.scene\n"
          "format: cairn.scene\n"
          "version: 3\n"
          "entities: 3\n"
          "roots: 1\n"
          "hierarchy depth: 3\n"
          "components:\n"
          "  Glow: 1 (unknown to this build)\n"
          "  Transform: 3\n");
  REQUIRE(deep.err == "deep.scene:/entities/2/components/Glow: warning: unknown component \"Glow\": kept as is and "
                      "written back on save\n");
  REQUIRE(runtime.exit_code == 0);
  REQUIRE(runtime.out ==
          "file: deep.runtime.json\n"
          "format: cairn.runtime\n"
          "version: 2\n"
          "entities: 3\n"
          "roots: 1\n"
          "hierarchy depth: 3\n"
          "components:\n"
          "  Transform: 3\n");
}

TEST_CASE("info of an empty scene", "[cli][info]") {
  const TempDir dir("info");
  WriteText(dir / "empty.scene", Text(Scene({})));

  const ProcessResult result = RunCairn({"info", "empty.scene"}, dir.Path());

  REQUIRE(result.exit_code == 0);
  REQUIRE(result.out ==
          "file: empty.scene\nformat: cairn.scene\nversion: 3\nentities: 0\nroots: 0\nhierarchy depth: 0\n"
          "components: none\n");
}

TEST_CASE("info of an invalid file prints its problems to stderr and exits 1", "[cli][info]") {
  const TempDir dir("info");
  WriteText(dir / "future.scene", "{\"format\": \"cairn.scene\", \"version\": 7, \"entities\": []}");

  const ProcessResult result = RunCairn({"info", "future.scene"}, dir.Path());
  const ProcessResult two_files = RunCairn({"info", "a.scene", "b.scene"}, dir.Path());

  REQUIRE(result.exit_code == 1);
  REQUIRE(result.out.empty());
  REQUIRE(result.err ==
          "future.scene:/version: version 7 is newer than this build supports (3); open it with a newer Cairn\n");
  REQUIRE(two_files.exit_code == 2);
  REQUIRE(two_files.err.starts_with("cairn info: unexpected argument 'b.scene'\n"));
}

TEST_CASE("info - summarises the scene on standard input", "[cli][info]") {
  const ProcessResult result = RunCairn({"info", "-"}, {.input = ReadText(SerializationData("sample.scene"))});

  REQUIRE(result.exit_code == 0);
  REQUIRE(result.err.empty());
  REQUIRE(result.out.starts_with("file: <stdin>\nformat: cairn.scene\nversion: 3\nentities: 6\n"));
}

TEST_CASE("info refuses a FIFO at once instead of waiting for a writer", "[cli][info]") {
  const TempDir dir("info");
  REQUIRE(::mkfifo((dir / "pipe.scene").c_str(), 0600) == 0);

  const ProcessResult result = RunCairn({"info", "pipe.scene"}, {.directory = dir.Path(), .timeout_seconds = 20});

  REQUIRE(result.exit_code == 1);
  REQUIRE(result.out.empty());
  REQUIRE(result.err == "pipe.scene: cannot read pipe.scene: it is a FIFO, not a regular file\n");
}

TEST_CASE("info reports output it cannot write and exits 1", "[cli][info]") {
  const ProcessResult result =
      RunCairn({"info", "sample.scene"}, {.directory = SerializationData("").parent_path(), .output = "/dev/full"});

  REQUIRE(result.exit_code == 1);
  REQUIRE(result.err == "cairn: cannot write to standard output: No space left on device\n");
}
