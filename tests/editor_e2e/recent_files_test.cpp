#include <catch2/catch.hpp>

#include "cairn/editor/panels/recent_files.h"
#include "cairn/serialization/atomic_file.h"
#include "cairn/test/files.h"

using cairn::serialization::NormalPath;
using cairn::editor::RecentFiles;
using cairn::test::ReadText;
using cairn::test::TempDir;

TEST_CASE("Recent files list the newest first, once each", "[editor_panels][recent]") {
  RecentFiles recent;
  recent.Add("/scenes/a.json");
  recent.Add("/scenes/b.json");
  recent.Add("/scenes/./a.json");
  REQUIRE(recent.Paths().size() == 2);
  CHECK(recent.Paths()[0] == "/scenes/a.json");
  CHECK(recent.Paths()[1] == "/scenes/b.json");
}

TEST_CASE("Recent files keep at most ten entries", "[editor_panels][recent]") {
  RecentFiles recent;
  for (int i = 0; i < 14; ++i) recent.Add("/s/" + std::to_string(i) + ".json");
  REQUIRE(recent.Paths().size() == RecentFiles::kCapacity);
  CHECK(recent.Paths().front() == "/s/13.json");
  CHECK(recent.Paths().back() == "/s/4.json");
}

TEST_CASE("Recent files persist one absolute path per line", "[editor_panels][recent]") {
  TempDir folder;
  const auto file = folder / "config/editor-recent.txt";
  RecentFiles recent(file);
  recent.Add("/s/level.json");
  recent.Add("/s/other.json");
  REQUIRE(recent.Save().empty());
  CHECK(ReadText(file) == "/s/other.json\n/s/level.json\n");
  RecentFiles again(file);
  REQUIRE(again.Load().empty());
  CHECK(again.Paths() == recent.Paths());
}

TEST_CASE("A missing recent files list is an empty list", "[editor_panels][recent]") {
  TempDir folder;
  RecentFiles recent(folder / "none.txt");
  CHECK(recent.Load().empty());
  CHECK(recent.Paths().empty());
}

TEST_CASE("Without a file the recent list lives in memory only", "[editor_panels][recent]") {
  RecentFiles recent;
  recent.Add("x.json");
  CHECK_FALSE(recent.Persistent());
  CHECK(recent.Save().empty());
  CHECK(recent.Paths().front() == NormalPath("x.json"));
  CHECK(recent.Paths().front().is_absolute());
}
