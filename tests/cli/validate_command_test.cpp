// cairn validate FILE... (app/cli/validate_command.cpp)

#include <catch2/catch.hpp>

#include <sys/stat.h>

#include "cli_test_support.h"

namespace {

using namespace cairn::cli::test;

// A valid scene: Room, and Crate under it.
Document SmallScene() {
  return Scene({Entity("1000000000000001", "Room"), Entity("3f2a9c0d41be7e10", "Crate", "1000000000000001")});
}

}  // namespace

TEST_CASE("validate prints nothing and exits 0 for valid files", "[cli][validate]") {
  const TempDir dir("validate");
  WriteText(dir / "small.scene", Text(SmallScene()));

  const ProcessResult result = RunCairn({"validate", SerializationData("sample.scene").string(), "small.scene"}, dir.Path());

  REQUIRE(result.exit_code == 0);
  REQUIRE(result.out.empty());
  REQUIRE(result.err.empty());
}

TEST_CASE("validate lists every problem as FILE:POINTER: message and exits 1", "[cli][validate]") {
  const TempDir dir("validate");
  Document broken = SmallScene();
  EntityIn(broken, "3f2a9c0d41be7e10")["components"]["Transform"]["position"] = "up";
  EntityIn(broken, "1000000000000001")["order"] = -1;
  WriteText(dir / "broken.scene", Text(broken));
  WriteText(dir / "small.scene", Text(SmallScene()));
  WriteText(dir / "not-json.scene", "{\"format\": ");

  const ProcessResult result = RunCairn({"validate", "broken.scene", "small.scene", "not-json.scene"}, dir.Path());

  REQUIRE(result.exit_code == 1);
  REQUIRE(result.out ==
          "broken.scene:/entities/0/order: expected a non-negative integer, found -1\n"
          "broken.scene:/entities/1/components/Transform/position: expected an array of 3 numbers, found a string\n"
          "not-json.scene: not valid JSON at line 1, column 12: syntax error while parsing value - unexpected end of "
          "input; expected '[', '{', or a literal\n");
  REQUIRE(result.err.empty());
}

TEST_CASE("validate prints warnings as FILE:POINTER: warning: message and still exits 0", "[cli][validate]") {
  const TempDir dir("validate");
  Document scene = SmallScene();
  EntityIn(scene, "3f2a9c0d41be7e10")["components"]["Wind"] = {{"strength", 2}};
  EntityIn(scene, "3f2a9c0d41be7e10")["components"]["Follow"] = {
      {"target", "00000000000000ff"}, {"offset", {0, 2, -5}}, {"smoothing", 0}};
  WriteText(dir / "warned.scene", Text(scene));

  const ProcessResult result = RunCairn({"validate", "warned.scene"}, dir.Path());

  REQUIRE(result.exit_code == 0);
  REQUIRE(result.out ==
          "warned.scene:/entities/1/components/Follow/target: warning: no entity in this file has id 00000000000000ff "
          "(a dangling reference)\n"
          "warned.scene:/entities/1/components/Wind: warning: unknown component \"Wind\": kept as is and written back "
          "on save\n");
}

TEST_CASE("validate checks runtime exports with the runtime loader", "[cli][validate]") {
  const TempDir dir("validate");
  REQUIRE(RunCairn({"export", SerializationData("sample.scene").string(), "-o", "level.runtime.json"}, dir.Path())
              .exit_code == 0);
  std::string text = ReadText(dir / "level.runtime.json");
  WriteText(dir / "edited.runtime.json", text.replace(text.find("\"Player\": {}"), 12, "\"Player\": 1"));

  const ProcessResult valid = RunCairn({"validate", "level.runtime.json"}, dir.Path());
  const ProcessResult invalid = RunCairn({"validate", "edited.runtime.json"}, dir.Path());

  REQUIRE(valid.exit_code == 0);
  REQUIRE(valid.out.empty());
  REQUIRE(invalid.exit_code == 1);
  REQUIRE(invalid.out == "edited.runtime.json:/entities/1/components/Player: expected an object of fields, found 1\n");
}

TEST_CASE("validate reports a file it cannot read", "[cli][validate]") {
  const TempDir dir("validate");

  const ProcessResult result = RunCairn({"validate", "missing.scene"}, dir.Path());

  REQUIRE(result.exit_code == 1);
  REQUIRE(result.out == "missing.scene: cannot read missing.scene: No such file or directory\n");
}

TEST_CASE("validate refuses a FIFO at once instead of waiting for a writer", "[cli][validate]") {
  const TempDir dir("validate");
  REQUIRE(::mkfifo((dir / "pipe.scene").c_str(), 0600) == 0);
  WriteText(dir / "small.scene", Text(SmallScene()));

  const ProcessResult result =
      RunCairn({"validate", "pipe.scene", "small.scene"}, {.directory = dir.Path(), .timeout_seconds = 20});

  REQUIRE(result.exit_code == 1);
  REQUIRE(result.out == "pipe.scene: cannot read pipe.scene: it is a FIFO, not a regular file\n");
}

TEST_CASE("validate - checks the scene on standard input", "[cli][validate]") {
  const TempDir dir("validate");
  Document broken = SmallScene();
  EntityIn(broken, "1000000000000001")["order"] = -1;
  WriteText(dir / "small.scene", Text(SmallScene()));

  const ProcessResult valid = RunCairn({"validate", "-"}, {.input = Text(SmallScene())});
  const ProcessResult invalid = RunCairn({"validate", "small.scene", "-"}, {.directory = dir.Path(), .input = Text(broken)});
  const ProcessResult twice = RunCairn({"validate", "-", "-"}, {.input = Text(SmallScene())});

  REQUIRE(valid.exit_code == 0);
  REQUIRE(valid.out.empty());
  REQUIRE(invalid.exit_code == 1);
  REQUIRE(invalid.out == "<stdin>:/entities/0/order: expected a non-negative integer, found -1\n");
  REQUIRE(twice.exit_code == 2);
  REQUIRE(twice.err.starts_with("cairn validate: standard input ('-') can be read only once\n"));
}

TEST_CASE("validate reports output it cannot write and exits 1", "[cli][validate]") {
  const TempDir dir("validate");
  WriteText(dir / "not-json.scene", "{\"format\": ");

  const ProcessResult result = RunCairn({"validate", "not-json.scene"}, {.directory = dir.Path(), .output = "/dev/full"});

  REQUIRE(result.exit_code == 1);
  REQUIRE(result.err == "cairn: cannot write to standard output: No space left on device\n");
}

TEST_CASE("validate needs at least one file", "[cli][validate]") {
  const ProcessResult result = RunCairn({"validate"});

  REQUIRE(result.exit_code == 2);
  REQUIRE(result.out.empty());
  REQUIRE(result.err == "cairn validate: missing FILE\nusage: cairn validate FILE... [--project DIR]\nTry 'cairn validate --help'.\n");
}

TEST_CASE("validate checks prefab instances against their prefabs in the file's folder", "[cli][validate]") {
  const TempDir dir("validate");
  Document lamp = Scene({Entity("1000000000000001", "Lamp"), Entity("1000000000000002", "Bulb", "1000000000000001")});
  dir.Write("props/lamp.scene", Text(lamp));
  const auto instance = [](const std::string& id, const std::string& prefab, Document overrides) {
    return Document{{"id", id}, {"prefab", prefab}, {"parent", nullptr}, {"order", 0},
                    {"overrides", std::move(overrides)}, {"removed_entities", Document::array()}};
  };
  Document good = SmallScene();
  good["instances"] = Document::array({instance("a000000000000001", "props/lamp.scene", Document::object())});
  WriteText(dir / "good.scene", Text(good));
  Document bad = SmallScene();
  bad["instances"] = Document::array(
      {instance("a000000000000001", "props/missing.scene", Document::object()),
       instance("a000000000000002", "props/lamp.scene",
                {{"1000000000000002", {{"components", {{"Transform", {{"position", "up"}}}}}}}}),
       instance("a000000000000003", "props/lamp.scene", {{"00000000000000ff", {{"name", "Gone"}}}})});
  WriteText(dir / "bad.scene", Text(bad));

  const ProcessResult ok = RunCairn({"validate", "good.scene"}, dir.Path());
  const ProcessResult result = RunCairn({"validate", "bad.scene"}, dir.Path());

  REQUIRE(ok.exit_code == 0);
  REQUIRE(ok.out.empty());
  REQUIRE(result.exit_code == 1);
  REQUIRE(result.out ==
          "bad.scene:/instances/0/prefab: prefab props/missing.scene: cannot read " + (dir / "props/missing.scene").string() +
          ": No such file or directory\n"
          "bad.scene:/instances/2/overrides/00000000000000ff: warning: prefab props/lamp.scene no longer has entity "
          "00000000000000ff: its overrides are dropped\n"
          "bad.scene:/instances/1/overrides/1000000000000002/components/Transform/position: expected an array of 3 "
          "numbers, found a string\n");
}
