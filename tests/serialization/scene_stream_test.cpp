// The streamed load (LoadOptions::streamed, the default) against its
// reference, the load that parses the whole document first: on thousands of
// damaged copies of a scene and of a runtime export (bytes deleted,
// inserted or replaced, values swapped for others, lines repeated or moved)
// both must accept the same files, build the same world and report the same
// diagnostics. A file read from disk must load as its text does.

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <catch2/catch.hpp>

#include "cairn/ecs/world_dump.h"
#include "cairn/serialization/runtime_export.h"
#include "cairn/serialization/runtime_loader.h"
#include "cairn/serialization/scene_loader.h"
#include "cairn/serialization/scene_writer.h"
#include "test_support.h"

using namespace cairn::serialization;
using cairn::serialization::test::MakeSampleWorld;
using cairn::serialization::test::SampleEditorData;
using cairn::serialization::test::TempDir;
using cairn::serialization::test::Texts;
using cairn::serialization::test::WriteText;

namespace {

// The sample scene, with an unknown component (kept as it is) in one entity.
std::string SampleScene() {
  std::string text = SaveSceneToString(*MakeSampleWorld(), SampleEditorData());
  const std::string components = "\"components\": {";
  text.insert(text.find(components) + components.size(), R"("Mystery": {"a": [1, "\u00e9t\u00e9"], "b": null}, )");
  return text;
}

// One damaged copy of `text`, chosen by `random`.
std::string Damage(const std::string& text, std::mt19937_64& random) {
  static const std::vector<std::string> kBytes = {"\"", ",", "{", "}", "[", "]", ":", "\\", "0", "-", "e", ".",
                                                  " ",  "\n", std::string(1, '\0'), "\x80", "\xC3", "\xEF", "a", "9"};
  static const std::vector<std::string> kValues = {
      "1e400", "-1e400", "1e-400", "-0", "18446744073709551616", "-9223372036854775809", "\"x\"", "\"\"", "null",
      "true", "[1, 2]", "[]", "{}", "0.5", "\"0000000000000000\"", "\"\\ud800\"", "\"\\u00e9\"", "1.0"};
  const auto pick = [&random](std::size_t count) { return static_cast<std::size_t>(random() % count); };
  std::string damaged = text;
  switch (pick(6)) {
    case 0: damaged.erase(pick(damaged.size()), 1); break;
    case 1: damaged.insert(pick(damaged.size() + 1), kBytes[pick(kBytes.size())]); break;
    case 2: damaged.replace(pick(damaged.size()), 1, kBytes[pick(kBytes.size())]); break;
    case 3: {  // a value token (a number, string or literal after ':' or in an array) replaced
      std::vector<std::size_t> starts;
      for (std::size_t i = 1; i < damaged.size(); ++i) {
        const char c = damaged[i];
        const char before = damaged[i - 1];
        if ((c == '"' || c == '-' || (c >= '0' && c <= '9') || c == 't' || c == 'f' || c == 'n') &&
            (before == ' ' || before == '[') && damaged[i - 2] != '"') {
          starts.push_back(i);
        }
      }
      const std::size_t start = starts[pick(starts.size())];
      std::size_t end = start + 1;
      if (damaged[start] == '"') {
        while (end < damaged.size() && damaged[end] != '"') end += damaged[end] == '\\' ? 2 : 1;
        ++end;
      } else {
        while (end < damaged.size() && std::string_view(",]}\n ").find(damaged[end]) == std::string_view::npos) ++end;
      }
      damaged.replace(start, std::min(end, damaged.size()) - start, kValues[pick(kValues.size())]);
      break;
    }
    case 4:
    case 5: {  // a line repeated (often a key written twice) or moved
      std::vector<std::size_t> lines{0};
      for (std::size_t i = 0; i < damaged.size(); ++i) {
        if (damaged[i] == '\n') lines.push_back(i + 1);
      }
      const std::size_t line = pick(lines.size() - 1);
      const std::string copy = damaged.substr(lines[line], lines[line + 1] - lines[line]);
      const std::size_t to = lines[pick(lines.size())];
      damaged.insert(to, copy);
      if (to > lines[line] && random() % 2 == 0) damaged.erase(lines[line], copy.size());
      break;
    }
  }
  return damaged;
}

std::vector<std::string> Sorted(const std::vector<Diagnostic>& diagnostics) {
  std::vector<std::string> texts = Texts(diagnostics);
  std::sort(texts.begin(), texts.end());
  return texts;
}

LoadOptions Options(bool streamed) {
  LoadOptions options;
  options.id_seed = 1;
  options.streamed = streamed;
  return options;
}

void CheckSceneLoadsAsWhole(const std::string& text) {
  const LoadResult streamed = LoadScene(text, Options(true));
  const LoadResult whole = LoadScene(text, Options(false));
  INFO(text);
  REQUIRE(streamed.Ok() == whole.Ok());
  REQUIRE(Sorted(streamed.diagnostics) == Sorted(whole.diagnostics));
  REQUIRE(streamed.file_version == whole.file_version);
  if (!streamed.Ok()) return;
  REQUIRE(cairn::ecs::DumpWorld(*streamed.scene->world) == cairn::ecs::DumpWorld(*whole.scene->world));
  REQUIRE(streamed.scene->editor == whole.scene->editor);
  REQUIRE(SaveSceneToString(*streamed.scene->world, streamed.scene->editor) ==
          SaveSceneToString(*whole.scene->world, whole.scene->editor));
}

}  // namespace

TEST_CASE("A streamed scene load equals the whole-document load on damaged scenes", "[serialization][stream]") {
  const std::string text = SampleScene();
  CheckSceneLoadsAsWhole(text);
  REQUIRE(LoadScene(text, Options(true)).Ok());
  std::mt19937_64 random(20261128);
  for (int i = 0; i < 3000; ++i) CheckSceneLoadsAsWhole(Damage(text, random));
}

TEST_CASE("A streamed runtime load equals the whole-document load on damaged exports", "[serialization][stream]") {
  const std::string text = ExportRuntime(*MakeSampleWorld());
  std::mt19937_64 random(7);
  for (int i = 0; i < 1000; ++i) {
    const std::string damaged = i == 0 ? text : Damage(text, random);
    const RuntimeLoadResult streamed = LoadRuntime(damaged, Options(true));
    const RuntimeLoadResult whole = LoadRuntime(damaged, Options(false));
    INFO(damaged);
    REQUIRE((streamed.world != nullptr) == (whole.world != nullptr));
    REQUIRE(Sorted(streamed.diagnostics) == Sorted(whole.diagnostics));
    if (streamed.world != nullptr) {
      REQUIRE(cairn::ecs::DumpWorld(*streamed.world) == cairn::ecs::DumpWorld(*whole.world));
    }
    if (i == 0) REQUIRE(streamed.world != nullptr);
  }
}

TEST_CASE("A scene file loads as its text does, streamed from disk", "[serialization][stream]") {
  TempDir folder;
  const std::string text = SampleScene();
  std::mt19937_64 random(99);
  for (int i = 0; i < 200; ++i) {
    const std::string damaged = i == 0 ? text : Damage(text, random);
    const auto path = folder / "level.scene";
    WriteText(path, damaged);
    const LoadResult from_file = LoadSceneFile(path, Options(true));
    const LoadResult from_text = LoadScene(damaged, Options(true));
    INFO(damaged);
    REQUIRE(from_file.Ok() == from_text.Ok());
    REQUIRE(Texts(from_file.diagnostics) == Texts(from_text.diagnostics));
    if (from_file.Ok()) {
      REQUIRE(cairn::ecs::DumpWorld(*from_file.scene->world) == cairn::ecs::DumpWorld(*from_text.scene->world));
    }
  }
}

TEST_CASE("A scene file loads as its text does wherever a read of it ends", "[serialization][stream]") {
  // The file is read 1 MiB at a time (or in a power of two that divides it):
  // whitespace before the scene puts the end of the first read at each byte
  // of its text in turn, within a token of every kind (a "\\u" escape, a
  // name in UTF-8, a number, an indent) and at the file's last byte. Two
  // damaged copies take every 251st byte: a file that fails is parsed again
  // whole for its diagnostics, a slow parse of a megabyte of spaces.
  constexpr std::size_t kRead = std::size_t{1} << 20;
  TempDir folder;
  const auto path = folder / "level.scene";
  std::mt19937_64 random(2026);
  const std::string sample = SampleScene();
  for (const std::string& text : {sample, Damage(sample, random), Damage(sample, random)}) {
    const std::size_t step = text == sample ? 1 : 251;
    const LoadResult expected = LoadScene(text, Options(true));
    const std::string dump = expected.Ok() ? cairn::ecs::DumpWorld(*expected.scene->world) : "";
    WriteText(path, std::string(kRead - text.size(), ' '));
    for (std::size_t at = 0; at <= text.size(); at += step) {
      {  // the file becomes kRead - at spaces and the text
        std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
        file.seekp(static_cast<std::streamoff>(kRead - text.size()));
        file << std::string(text.size() - at, ' ') << text;
      }
      std::filesystem::resize_file(path, kRead - at + text.size());
      const LoadResult loaded = LoadSceneFile(path, Options(true));
      INFO("the read ends at byte " << at << " of " << text);
      REQUIRE(loaded.Ok() == expected.Ok());
      REQUIRE(Texts(loaded.diagnostics).size() == Texts(expected.diagnostics).size());
      if (loaded.Ok()) REQUIRE(cairn::ecs::DumpWorld(*loaded.scene->world) == dump);
    }
  }
}

TEST_CASE("A streamed load of a file over the limit, or not a file, says so as the whole load does",
          "[serialization][stream]") {
  TempDir folder;
  const auto path = folder / "level.scene";
  WriteText(path, SampleScene());
  LoadOptions small = Options(true);
  small.max_bytes = 100;
  const LoadResult over = LoadSceneFile(path, small);
  REQUIRE_FALSE(over.Ok());
  REQUIRE(Texts(over.diagnostics).size() == 1);
  CHECK(Texts(over.diagnostics)[0].find("over the limit of 100 bytes") != std::string::npos);
  const LoadResult folder_load = LoadSceneFile(folder.Path(), Options(true));
  REQUIRE_FALSE(folder_load.Ok());
  CHECK(Texts(folder_load.diagnostics)[0].find("not a regular file") != std::string::npos);
}

TEST_CASE("The format and the editor object are read without reading the rest", "[serialization][stream]") {
  const std::string text = SampleScene();
  CHECK(DeclaredFormat(text) == "cairn.scene");
  // Everything after the format may be broken: it is never read.
  CHECK(DeclaredFormat(R"({"version": 3, "format": "cairn.runtime", "entities": [}}}}})") == "cairn.runtime");
  CHECK(DeclaredFormat(R"({"format": 3})").empty());
  CHECK(DeclaredFormat(R"(["format", "cairn.scene"])").empty());
  CHECK(DeclaredFormat(R"({"editor": {"format": "x"}})").empty());
  const std::optional<Document> editor = PeekRootMember(text, "editor");
  REQUIRE(editor.has_value());
  CHECK(*editor == Document::parse(SaveSceneToString(*MakeSampleWorld(), SampleEditorData()))["editor"]);
  CHECK_FALSE(PeekRootMember(R"({"format": "cairn.scene"})", "editor").has_value());
}
