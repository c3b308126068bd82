#include <catch2/catch.hpp>

#include <string>

#include "cairn/editor/panels/bounded_text.h"
#include "headless_editor.h"
#include "long_text_scenes.h"

using namespace cairn::editor::testing;

namespace {

// Where `inner` starts lies inside `outer`.
bool StartsInside(const cairn::editor::WidgetMap::Box& inner, const cairn::editor::WidgetMap::Box& outer) {
  return inner.x >= outer.x && inner.y >= outer.y && inner.x <= outer.x + outer.w && inner.y <= outer.y + outer.h;
}

}  // namespace

TEST_CASE("Console: a 20,000-character message is drawn elided and the frame renders", "[editor_panels][console]") {
  HeadlessEditor editor;
  editor.Context().Log().Error("level.json: " + std::string(kLongTextCharacters, 'E'));
  const std::string last = std::string(kLongTextCharacters, 'W');
  editor.Context().Log().Warning(last);
  editor.Frames(2);
  CHECK(editor.LargestDrawListVertices() < 65536);
  CHECK(StartsInside(editor.Where("text/elided"), editor.Where("panel/Console")));
  // The line drawn is its first 1,000 characters and the marker.
  const std::string shown = cairn::editor::ElideText(last).shown;
  CHECK(shown.size() < 1100);
  CHECK(editor.Where("text/elided").w == Approx(ImGui::CalcTextSize(shown.c_str()).x));
}

TEST_CASE("Console: a message of 20,000 lines is drawn elided and the frame renders", "[editor_panels][console]") {
  HeadlessEditor editor;
  std::string lines;
  for (std::size_t i = 0; i < kLongTextCharacters; ++i) lines += "line\n";
  editor.Context().Log().Info(lines);
  editor.Frames(2);
  CHECK(editor.LargestDrawListVertices() < 65536);
  CHECK(editor.Where("text/elided").h < 41.0f * ImGui::GetTextLineHeightWithSpacing());
}
