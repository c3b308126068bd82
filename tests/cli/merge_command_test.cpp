// cairn merge BASE OURS THEIRS -o OUT (app/cli/merge_command.cpp)

#include <catch2/catch.hpp>

#include <filesystem>

#include "cairn/serialization/scene_merge.h"
#include "cli_test_support.h"

namespace {

using namespace cairn::cli::test;

constexpr const char* kRoom = "1000000000000001";
constexpr const char* kCrate = "3f2a9c0d41be7e10";

// Writes base.scene, ours.scene and theirs.scene: Crate (under Room) moved
// to `ours_x` in ours and to `theirs_x` in theirs, and Room renamed in theirs.
void WriteInputs(const TempDir& dir, int ours_x, int theirs_x) {
  const Document base = Scene({Entity(kRoom, "Room"), Entity(kCrate, "Crate", kRoom)});
  Document ours = base, theirs = base;
  EntityIn(ours, kCrate)["components"]["Transform"]["position"] = {ours_x, 0, 0};
  EntityIn(theirs, kCrate)["components"]["Transform"]["position"] = {theirs_x, 0, 0};
  EntityIn(theirs, kRoom)["name"] = "Hall";
  WriteText(dir / "base.scene", Canonical(base));
  WriteText(dir / "ours.scene", Canonical(ours));
  WriteText(dir / "theirs.scene", Canonical(theirs));
}

std::string LibraryMerge(const TempDir& dir) {
  return *cairn::serialization::MergeScenes(ReadText(dir / "base.scene"), ReadText(dir / "ours.scene"),
                                            ReadText(dir / "theirs.scene"))
              .text;
}

}  // namespace

TEST_CASE("merge writes a clean merge to OUT and exits 0", "[cli][merge]") {
  const TempDir dir("merge");
  WriteInputs(dir, 1, 0);

  const ProcessResult result = RunCairn({"merge", "base.scene", "ours.scene", "theirs.scene", "-o", "out.scene"}, dir.Path());

  REQUIRE(result.exit_code == 0);
  REQUIRE(result.out.empty());
  REQUIRE(result.err.empty());
  REQUIRE(ReadText(dir / "out.scene") == LibraryMerge(dir));
  REQUIRE(ReadText(dir / "out.scene").find("\"name\": \"Hall\"") != std::string::npos);
}

TEST_CASE("merge prints one line per conflict, writes ours for them and exits 1", "[cli][merge]") {
  const TempDir dir("merge");
  WriteInputs(dir, 1, 2);

  const ProcessResult result = RunCairn({"merge", "base.scene", "ours.scene", "theirs.scene", "-o", "out.scene"}, dir.Path());

  REQUIRE(result.exit_code == 1);
  REQUIRE(result.out ==
          "conflict: entity 3f2a9c0d41be7e10 (Crate): Transform.position changed to [1,0,0] in ours and [2,0,0] in "
          "theirs\n");
  REQUIRE(result.err.empty());
  REQUIRE(ReadText(dir / "out.scene") == LibraryMerge(dir));
}

TEST_CASE("merge into OURS replaces it without leaving a backup", "[cli][merge]") {
  const TempDir dir("merge");
  WriteInputs(dir, 1, 0);
  const std::string expected = LibraryMerge(dir);

  const ProcessResult result = RunCairn({"merge", "base.scene", "ours.scene", "theirs.scene", "-o", "ours.scene"}, dir.Path());

  REQUIRE(result.exit_code == 0);
  REQUIRE(ReadText(dir / "ours.scene") == expected);
  REQUIRE_FALSE(std::filesystem::exists(dir / "ours.scene.bak"));
}

TEST_CASE("merge reports unreadable and invalid inputs by file and writes nothing", "[cli][merge]") {
  const TempDir dir("merge");
  WriteInputs(dir, 1, 0);
  WriteText(dir / "bad.scene", Text(Scene({Entity(kRoom, "Room", kRoom)})));

  const ProcessResult missing = RunCairn({"merge", "base.scene", "gone.scene", "theirs.scene", "-o", "out.scene"}, dir.Path());
  const ProcessResult invalid = RunCairn({"merge", "base.scene", "ours.scene", "bad.scene", "-o", "out.scene"}, dir.Path());

  REQUIRE(missing.exit_code == 1);
  REQUIRE(missing.out == "gone.scene: cannot read gone.scene: No such file or directory\n");
  REQUIRE(invalid.exit_code == 1);
  REQUIRE(invalid.out == "bad.scene:/entities/0/parent: an entity cannot be its own parent\n");
  REQUIRE_FALSE(std::filesystem::exists(dir / "out.scene"));
}

TEST_CASE("merge -o - writes the merged scene to standard output and its report to standard error", "[cli][merge]") {
  const TempDir dir("merge");
  WriteInputs(dir, 1, 2);

  const ProcessResult result = RunCairn({"merge", "base.scene", "ours.scene", "theirs.scene", "-o", "-"}, dir.Path());

  REQUIRE(result.exit_code == 1);
  REQUIRE(result.out == LibraryMerge(dir));
  REQUIRE(result.err ==
          "conflict: entity 3f2a9c0d41be7e10 (Crate): Transform.position changed to [1,0,0] in ours and [2,0,0] in "
          "theirs\n");
  REQUIRE_FALSE(std::filesystem::exists(dir / "-"));
}

TEST_CASE("merge -o - to a full disk says so and exits 1", "[cli][merge]") {
  const TempDir dir("merge");
  WriteInputs(dir, 1, 0);

  const ProcessResult result = RunCairn({"merge", "base.scene", "ours.scene", "theirs.scene", "-o", "-"},
                                        {.directory = dir.Path(), .output = "/dev/full"});

  REQUIRE(result.exit_code == 1);
  REQUIRE(result.err == "cairn: cannot write to standard output: No space left on device\n");
}

TEST_CASE("merge reads one of its scenes from standard input", "[cli][merge]") {
  const TempDir dir("merge");
  WriteInputs(dir, 1, 0);

  const ProcessResult result = RunCairn({"merge", "base.scene", "-", "theirs.scene", "-o", "out.scene"},
                                        {.directory = dir.Path(), .input = ReadText(dir / "ours.scene")});
  const ProcessResult invalid = RunCairn({"merge", "base.scene", "ours.scene", "-", "-o", "out2.scene"},
                                         {.directory = dir.Path(), .input = "[]"});

  REQUIRE(result.exit_code == 0);
  REQUIRE(ReadText(dir / "out.scene") == LibraryMerge(dir));
  REQUIRE(invalid.exit_code == 1);
  REQUIRE(invalid.out == "<stdin>: the document must be a JSON object, found an array of 0 elements\n");
  REQUIRE_FALSE(std::filesystem::exists(dir / "out2.scene"));
}

TEST_CASE("merge finds the prefabs of instances beside OURS and keeps them instances", "[cli][merge]") {
  const TempDir dir("merge");
  constexpr const char* kLamp = "1000000000000001";
  constexpr const char* kBulb = "1000000000000002";
  Document bulb = Entity(kBulb, "Bulb", kLamp);
  bulb["components"]["Light"] = {
      {"type", "point"}, {"color", {1, 1, 1}}, {"intensity", 1}, {"range", 10}, {"cone_angle", 30}};
  WriteText(dir / "lamp.scene", Text(Scene({Entity(kLamp, "Lamp"), bulb})));
  // Room and an instance of the lamp; ours brightens its bulb, theirs renames it.
  Document base = Scene({Entity(kRoom, "Room")});
  base["instances"] = {{{"id", "a000000000000001"}, {"prefab", "lamp.scene"}, {"parent", kRoom}, {"order", 0},
                        {"overrides", Document::object()}, {"removed_entities", Document::array()}}};
  Document ours = base, theirs = base;
  ours["instances"][0]["overrides"][kBulb]["components"]["Light"]["intensity"] = 3;
  theirs["instances"][0]["overrides"][kBulb]["name"] = "Red bulb";
  WriteText(dir / "base.scene", Text(base));
  WriteText(dir / "ours.scene", Text(ours));
  WriteText(dir / "theirs.scene", Text(theirs));
  cairn::serialization::LoadOptions options;
  options.asset_folder = dir.Path();
  const cairn::serialization::SceneMergeResult expected =
      cairn::serialization::MergeScenes(Text(base), Text(ours), Text(theirs), options);
  REQUIRE(expected.Clean());

  const ProcessResult result = RunCairn({"merge", "base.scene", "ours.scene", "theirs.scene", "-o", "out.scene"}, dir.Path());

  REQUIRE(result.exit_code == 0);
  REQUIRE(result.out.empty());
  REQUIRE(result.err.empty());
  const std::string merged = ReadText(dir / "out.scene");
  REQUIRE(merged == *expected.text);
  REQUIRE(merged.find("\"prefab\": \"lamp.scene\"") != std::string::npos);
  REQUIRE(merged.find("\"intensity\": 3") != std::string::npos);
  REQUIRE(merged.find("\"name\": \"Red bulb\"") != std::string::npos);
}

TEST_CASE("merge needs three scenes and -o OUT", "[cli][merge]") {
  const ProcessResult no_output = RunCairn({"merge", "a", "b", "c"});
  const ProcessResult too_many = RunCairn({"merge", "a", "b", "c", "d", "-o", "x"});

  REQUIRE(no_output.exit_code == 2);
  REQUIRE(no_output.err ==
          "cairn merge: missing option -o OUT\nusage: cairn merge BASE OURS THEIRS -o OUT [--project DIR]\nTry 'cairn merge --help'.\n");
  REQUIRE(too_many.exit_code == 2);
  REQUIRE(too_many.err.starts_with("cairn merge: unexpected argument 'd'\n"));
}
