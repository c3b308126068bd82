#include "cairn/platform/key_chord.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <catch2/catch.hpp>

#include <stdexcept>
#include <vector>

using cairn::platform::KeyChord;
using cairn::platform::ParseKeyChord;

TEST_CASE("[KeyChord] Modifiers come first, in canonical order", "[platform][keys]") {
  const KeyChord chord = ParseKeyChord("Shift+Ctrl+Z");
  CHECK(chord.keys == std::vector<int>{GLFW_KEY_LEFT_CONTROL, GLFW_KEY_LEFT_SHIFT, GLFW_KEY_Z});
  CHECK(chord.spelling == "ctrl+shift+z");
  CHECK(chord.character == 0);
}

TEST_CASE("[KeyChord] Named keys map to GLFW key codes", "[platform][keys]") {
  struct Case {
    const char* name;
    int code;
  };
  const Case cases[] = {
      {"ctrl+s", GLFW_KEY_S},       {"delete", GLFW_KEY_DELETE},  {"del", GLFW_KEY_DELETE},
      {"f2", GLFW_KEY_F2},          {"F12", GLFW_KEY_F12},        {"enter", GLFW_KEY_ENTER},
      {"return", GLFW_KEY_ENTER},   {"escape", GLFW_KEY_ESCAPE},  {"esc", GLFW_KEY_ESCAPE},
      {"tab", GLFW_KEY_TAB},        {"up", GLFW_KEY_UP},          {"down", GLFW_KEY_DOWN},
      {"left", GLFW_KEY_LEFT},      {"right", GLFW_KEY_RIGHT},    {"space", GLFW_KEY_SPACE},
      {"backspace", GLFW_KEY_BACKSPACE}, {"home", GLFW_KEY_HOME}, {"end", GLFW_KEY_END},
      {"pageup", GLFW_KEY_PAGE_UP}, {"f", GLFW_KEY_F},            {"0", GLFW_KEY_0},
      {"9", GLFW_KEY_9},            {"minus", GLFW_KEY_MINUS},    {"grave", GLFW_KEY_GRAVE_ACCENT},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    CHECK(ParseKeyChord(c.name).keys.back() == c.code);
  }
}

TEST_CASE("[KeyChord] Printing keys carry the character a US keyboard types", "[platform][keys]") {
  CHECK(ParseKeyChord("a").character == U'a');
  CHECK(ParseKeyChord("shift+a").character == U'A');
  CHECK(ParseKeyChord("7").character == U'7');
  CHECK(ParseKeyChord("shift+1").character == U'!');
  CHECK(ParseKeyChord("shift+slash").character == U'?');
  CHECK(ParseKeyChord("space").character == U' ');
  CHECK(ParseKeyChord("ctrl+a").character == 0);
  CHECK(ParseKeyChord("alt+a").character == 0);
  CHECK(ParseKeyChord("f2").character == 0);
  CHECK(ParseKeyChord("enter").character == 0);
}

TEST_CASE("[KeyChord] A modifier alone is a chord", "[platform][keys]") {
  const KeyChord chord = ParseKeyChord("control+shift");
  CHECK(chord.keys == std::vector<int>{GLFW_KEY_LEFT_CONTROL, GLFW_KEY_LEFT_SHIFT});
  CHECK(chord.spelling == "ctrl+shift");
}

TEST_CASE("[KeyChord] Bad chords are named", "[platform][keys]") {
  CHECK_THROWS_WITH(ParseKeyChord("ctrl+q1"), "unknown key 'q1' in 'ctrl+q1'");
  CHECK_THROWS_WITH(ParseKeyChord("f13"), "unknown key 'f13' in 'f13'");
  CHECK_THROWS_WITH(ParseKeyChord("ctrl+"), "empty key name in 'ctrl+'");
  CHECK_THROWS_WITH(ParseKeyChord("ctrl+ctrl+s"), "key 'ctrl' repeated in 'ctrl+ctrl+s'");
  CHECK_THROWS_WITH(ParseKeyChord("a+b"), "more than one key in 'a+b' ('a' and 'b')");
  CHECK_THROWS_WITH(ParseKeyChord(""), "empty key chord");
  CHECK_THROWS_AS(ParseKeyChord("ctrl+q1"), std::invalid_argument);
}

TEST_CASE("[KeyChord] Single names and modifier codes", "[platform][keys]") {
  CHECK(cairn::platform::KeyCodeFromName("F12") == GLFW_KEY_F12);
  CHECK(cairn::platform::KeyCodeFromName("shift") == GLFW_KEY_LEFT_SHIFT);
  CHECK_FALSE(cairn::platform::KeyCodeFromName("hyper"));
  CHECK(cairn::platform::IsModifierKey(GLFW_KEY_RIGHT_CONTROL));
  CHECK(cairn::platform::IsModifierKey(GLFW_KEY_LEFT_SUPER));
  CHECK_FALSE(cairn::platform::IsModifierKey(GLFW_KEY_S));
}
