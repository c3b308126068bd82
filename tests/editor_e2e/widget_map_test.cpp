#include <catch2/catch.hpp>

#include "cairn/editor/panels/widget_map.h"
#include "cairn/test/files.h"

using cairn::editor::WidgetMap;
using cairn::test::ReadText;
using cairn::test::TempDir;

TEST_CASE("The widget map lists boxes by name, blanks made underscores", "[editor_panels][widget_map]") {
  WidgetMap map;
  map.SetRecording(true);
  map.RecordBox("menu/Entity", {64.0f, 0.0f, 52.5f, 24.0f});
  map.RecordBox("hierarchy/entity/Main Camera", {10.0f, 120.25f, 200.0f, 22.0f});
  map.EndFrame();
  CHECK(map.Text() == "hierarchy/entity/Main_Camera 10 120.3 200 22\nmenu/Entity 64 0 52.5 24\n");
}

TEST_CASE("The widget map file is rewritten only when the frame's boxes changed", "[editor_panels][widget_map]") {
  TempDir folder;
  WidgetMap map;
  map.SetFile(folder / "map.txt");
  map.RecordBox("a", {1, 2, 3, 4});
  map.EndFrame();
  CHECK(ReadText(folder / "map.txt") == "a 1 2 3 4\n");
  std::filesystem::remove(folder / "map.txt");
  map.RecordBox("a", {1, 2, 3, 4});
  map.EndFrame();
  CHECK_FALSE(std::filesystem::exists(folder / "map.txt"));
  map.RecordBox("a", {5, 2, 3, 4});
  map.RecordBox("b", {0, 0, 1, 1});
  map.EndFrame();
  CHECK(ReadText(folder / "map.txt") == "a 5 2 3 4\nb 0 0 1 1\n");
}

TEST_CASE("The widget map shows only what the last frame drew", "[editor_panels][widget_map]") {
  WidgetMap map;
  map.SetRecording(true);
  map.RecordBox("menu/File/Save", {1, 2, 3, 4});
  map.RecordBox("menu/File", {0, 0, 30, 24});
  map.EndFrame();
  map.RecordBox("menu/File", {0, 0, 30, 24});
  map.EndFrame();
  CHECK(map.Boxes().size() == 1);
  CHECK(map.Boxes().contains("menu/File"));
}

TEST_CASE("A widget map without file or recording records nothing", "[editor_panels][widget_map]") {
  WidgetMap map;
  map.RecordBox("a", {1, 2, 3, 4});
  map.EndFrame();
  CHECK(map.Boxes().empty());
}
