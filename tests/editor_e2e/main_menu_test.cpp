#include <catch2/catch.hpp>

#include <string>

#include "headless_editor.h"
#include "long_text_scenes.h"
#include "panel_helpers.h"

using namespace cairn::editor::testing;

TEST_CASE("Main menu: Undo of a rename to a 20,000-character name is labelled elided", "[editor_panels][menu][long_text]") {
  HeadlessEditor editor;
  CreateCube(editor, std::string(kLongTextCharacters, 'M'));
  editor.Click("menu/Edit");
  editor.Frames(2);
  CHECK(editor.LargestDrawListVertices() < 65536);
  // The menu fits the window: its label shows the name's start, not 20,000 characters.
  CHECK(editor.Where("menu/Edit/Undo").w < 1280.0f);
}

TEST_CASE("Toolbar: the Undo tooltip names a 20,000-character rename elided", "[editor_panels][toolbar][long_text]") {
  HeadlessEditor editor;
  CreateCube(editor, std::string(kLongTextCharacters, 'T'));
  editor.MoveTo(editor.Centre("toolbar/undo"));
  editor.Frames(40);  // tooltips wait for the pointer to rest
  CHECK(editor.LargestDrawListVertices() < 65536);
  CHECK(editor.Where("text/tooltip").w < 1280.0f);
}
