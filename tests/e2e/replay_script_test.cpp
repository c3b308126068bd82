#include "cairn/platform/replay_script.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>
#include <vector>

#include "cairn/platform/replay_error.h"
#include "cairn/test/files.h"

using namespace cairn::platform;

namespace {

ReplayScript Parse(std::string_view text, std::vector<ReplayVerbSpec> app_verbs = {}) {
  return ParseReplayScript(text, "s.txt", app_verbs);
}

// The payload of a one-command script, by value: callers pass temporaries.
template <typename T>
T Only(const ReplayScript& script) {
  REQUIRE(script.commands.size() == 1);
  REQUIRE(std::holds_alternative<T>(script.commands[0].action));
  return std::get<T>(script.commands[0].action);
}

}  // namespace

TEST_CASE("[ReplayScript] Comments and blank lines are skipped, line numbers kept", "[platform][replay]") {
  const ReplayScript script = Parse("# setup\n\n  move 1 2   # hover\nquit\n");
  REQUIRE(script.commands.size() == 2);
  CHECK(script.commands[0].line == 3);
  CHECK(script.commands[0].verb == "move");
  CHECK(script.commands[0].Where() == "s.txt:3");
  CHECK(script.commands[1].line == 4);
  CHECK(std::holds_alternative<QuitCommand>(script.commands[1].action));
}

TEST_CASE("[ReplayScript] Mouse verbs carry position and button", "[platform][replay]") {
  const auto move = Only<MoveCommand>(Parse("move 10.5 -3"));
  CHECK(move.to.x == 10.5f);
  CHECK(move.to.y == -3.0f);

  const auto click = Only<ClickCommand>(Parse("click 4 5 right"));
  CHECK(click.at.x == 4.0f);
  CHECK(click.button == MouseButton::Right);
  CHECK(click.clicks == 1);

  const auto twice = Only<ClickCommand>(Parse("doubleclick 4 5"));
  CHECK(twice.button == MouseButton::Left);
  CHECK(twice.clicks == 2);

  const auto down = Only<MouseButtonCommand>(Parse("mousedown 1 2 middle"));
  CHECK(down.press);
  CHECK(down.button == MouseButton::Middle);
  CHECK_FALSE(Only<MouseButtonCommand>(Parse("mouseup 1 2")).press);
}

TEST_CASE("[ReplayScript] drag takes an optional button and step count", "[platform][replay]") {
  const auto plain = Only<DragCommand>(Parse("drag 1 2 3 4"));
  CHECK(plain.to.x == 3.0f);
  CHECK(plain.to.y == 4.0f);
  CHECK(plain.button == MouseButton::Left);
  CHECK(plain.steps == 10);
  CHECK(Only<DragCommand>(Parse("drag 1 2 3 4 25")).steps == 25);
  const auto both = Only<DragCommand>(Parse("drag 1 2 3 4 right 5"));
  CHECK(both.button == MouseButton::Right);
  CHECK(both.steps == 5);
}

TEST_CASE("[ReplayScript] wheel and hwheel scroll, optionally after moving", "[platform][replay]") {
  const auto wheel = Only<WheelCommand>(Parse("wheel -2"));
  CHECK(wheel.dy == -2.0f);
  CHECK(wheel.dx == 0.0f);
  CHECK_FALSE(wheel.at);
  const auto sideways = Only<WheelCommand>(Parse("hwheel +1.5 7 8"));
  CHECK(sideways.dx == 1.5f);
  REQUIRE(sideways.at);
  CHECK(sideways.at->y == 8.0f);
}

TEST_CASE("[ReplayScript] Keyboard verbs carry chords and text", "[platform][replay]") {
  CHECK(Only<KeyCommand>(Parse("key ctrl+shift+z")).chord.spelling == "ctrl+shift+z");
  CHECK(Only<KeyHoldCommand>(Parse("keydown shift")).press);
  CHECK_FALSE(Only<KeyHoldCommand>(Parse("keyup shift")).press);
  CHECK(Only<TypeCommand>(Parse("type \"héllo # \\\"x\\\"\"")).text == U"héllo # \"x\"");
  CHECK(Only<TypeCommand>(Parse("type word")).text == U"word");
}

TEST_CASE("[ReplayScript] wait, screenshot and quit", "[platform][replay]") {
  CHECK(Only<WaitCommand>(Parse("wait 0")).frames == 0);
  CHECK(Only<WaitCommand>(Parse("wait 12")).frames == 12);
  CHECK(Only<ScreenshotCommand>(Parse("screenshot \"out dir/a.png\"")).path == "out dir/a.png");
  CHECK(std::holds_alternative<QuitCommand>(Parse("QUIT").commands.at(0).action));
}

TEST_CASE("[ReplayScript] Errors name the file, line and argument", "[platform][replay]") {
  CHECK_THROWS_WITH(Parse("move 1 1\nclik 1 2"), "s.txt:2: unknown command 'clik'");
  CHECK_THROWS_WITH(Parse("click 1"), "s.txt:1: click: expected X Y [left|right|middle], got 1 argument");
  CHECK_THROWS_WITH(Parse("click abc 2"), "s.txt:1: click: X 'abc' is not a number");
  CHECK_THROWS_WITH(Parse("move 1 nan"), "s.txt:1: move: Y 'nan' is not a number");
  CHECK_THROWS_WITH(Parse("click 1 2 top"),
                    "s.txt:1: click: unknown mouse button 'top' (expected left, right or middle)");
  CHECK_THROWS_WITH(Parse("drag 1 2 3 y"), "s.txt:1: drag: Y2 'y' is not a number");
  CHECK_THROWS_WITH(Parse("drag 1 2 3 4 x"),
                    "s.txt:1: drag: 'x' is neither a mouse button (left, right, middle) nor a step count");
  CHECK_THROWS_WITH(Parse("drag 1 2 3 4 0"), "s.txt:1: drag: steps '0' is not a whole number from 1 to 600");
  CHECK_THROWS_WITH(Parse("wheel 1 2"), "s.txt:1: wheel: expected DY [X Y], got 2 arguments");
  CHECK_THROWS_WITH(Parse("key ctrl+q1"), "s.txt:1: key: unknown key 'q1' in 'ctrl+q1'");
  CHECK_THROWS_WITH(Parse("key"), "s.txt:1: key: expected CHORD, got 0 arguments");
  CHECK_THROWS_WITH(Parse("type \"a\xff\""), "s.txt:1: type: invalid UTF-8 at byte 1");
  CHECK_THROWS_WITH(Parse("type \"a\" \"b\""), "s.txt:1: type: expected \"TEXT\", got 2 arguments");
  CHECK_THROWS_WITH(Parse("wait -1"), "s.txt:1: wait: frame count '-1' is not a whole number from 0 to 1000000");
  CHECK_THROWS_WITH(Parse("screenshot a.jpg"), "s.txt:1: screenshot: 'a.jpg' is not a .png file");
  CHECK_THROWS_WITH(Parse("quit now"), "s.txt:1: quit: expected no arguments, got 1 argument");
}

TEST_CASE("[ReplayScript] Quoting errors name the line", "[platform][replay]") {
  CHECK_THROWS_WITH(Parse("wait 1\n\ntype \"open"), "s.txt:3: unterminated string");
  CHECK_THROWS_WITH(Parse("type \"\\q\""), "s.txt:1: unknown escape '\\q' in string");
  CHECK_THROWS_WITH(Parse("type \"a\"b"), "s.txt:1: missing blank after closing quote");
}

TEST_CASE("[ReplayScript] Errors are ReplayErrors that know their place", "[platform][replay]") {
  try {
    Parse("wait 1\nwait x");
    FAIL("no error");
  } catch (const ReplayError& error) {
    CHECK(error.Source() == "s.txt");
    CHECK(error.Line() == 2);
  }
}

TEST_CASE("[ReplayScript] Application verbs are parsed with their raw arguments", "[platform][replay]") {
  const std::vector<ReplayVerbSpec> verbs{{"expect", 2, 2, "FIELD VALUE"}};
  const ReplayScript script = Parse("expect name \"hello world\"", verbs);
  REQUIRE(script.commands.size() == 1);
  CHECK(std::holds_alternative<AppCommand>(script.commands[0].action));
  CHECK(script.commands[0].args == std::vector<std::string>{"name", "hello world"});
  CHECK_THROWS_WITH(Parse("expect name", verbs), "s.txt:1: expect: expected FIELD VALUE, got 1 argument");
  CHECK_THROWS_WITH(Parse("expect a b"), "s.txt:1: unknown command 'expect'");
}

TEST_CASE("[ReplayScript] Malformed application verbs are refused", "[platform][replay]") {
  CHECK_THROWS_WITH(Parse("", {{"click", 0, 0, ""}}), "replay verb 'click' is built in");
  CHECK_THROWS_WITH(Parse("", {{"Bad Name", 0, 0, ""}}), "replay verb 'Bad Name' is not [a-z0-9-]+");
  CHECK_THROWS_WITH(Parse("", {{"x", 0, 0, ""}, {"x", 1, 1, "A"}}), "replay verb 'x' registered twice");
  CHECK_THROWS_WITH(Parse("", {{"x", 2, 1, ""}}), "replay verb 'x' has min_args 2 > max_args 1");
}

TEST_CASE("[ReplayScript] Every built-in verb is listed with its usage", "[platform][replay]") {
  std::vector<std::string> names;
  for (const ReplayVerbSpec& spec : BuiltinReplayVerbs()) names.push_back(spec.name);
  CHECK(names == std::vector<std::string>{"move", "click", "doubleclick", "mousedown", "mouseup", "drag", "wheel",
                                          "hwheel", "key", "keydown", "keyup", "type", "wait", "screenshot", "quit"});
}

TEST_CASE("[ReplayScript] Loading names the file", "[platform][replay]") {
  cairn::test::TempDir dir;
  const auto missing = dir.Path() / "missing.txt";
  CHECK_THROWS_WITH(LoadReplayScript(missing),
                    missing.string() + ": cannot open replay script: No such file or directory");

  const auto file = dir.Path() / "ok.txt";
  std::FILE* out = std::fopen(file.c_str(), "w");
  REQUIRE(out != nullptr);
  std::fputs("wait 1\nbogus\n", out);
  std::fclose(out);
  CHECK_THROWS_WITH(LoadReplayScript(file), file.string() + ":2: unknown command 'bogus'");
}
