#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "cairn/platform/key_chord.h"

namespace cairn::platform {

// Mouse buttons by ImGui's io.MouseDown[] index.
enum class MouseButton { Left = 0, Right = 1, Middle = 2 };

// "left", "right" or "middle".
std::string_view MouseButtonName(MouseButton button);

// Parses "left", "right" or "middle"; nullopt for anything else.
std::optional<MouseButton> MouseButtonFromName(std::string_view name);

// A position in window coordinates (screen pixels, origin top-left), as ImGui's
// io.MousePos uses them.
struct Point {
  float x = 0.0f;
  float y = 0.0f;
};

// One typed payload per built-in verb. Frame counts of each are in
// docs/replay.md; the player (replay_player.h) turns them into frames.

struct MoveCommand {  // move X Y
  Point to;
};

struct ClickCommand {  // click X Y [button], doubleclick X Y [button]
  Point at;
  MouseButton button = MouseButton::Left;
  int clicks = 1;  // 2 for doubleclick
};

struct MouseButtonCommand {  // mousedown X Y [button], mouseup X Y [button]
  Point at;
  MouseButton button = MouseButton::Left;
  bool press = true;  // false for mouseup
};

struct DragCommand {  // drag X1 Y1 X2 Y2 [button] [steps]
  Point from;
  Point to;
  MouseButton button = MouseButton::Left;
  int steps = 10;  // frames spent moving from `from` to `to`
};

struct WheelCommand {  // wheel DY [X Y], hwheel DX [X Y]
  float dx = 0.0f;  // io.MouseWheelH: positive scrolls left
  float dy = 0.0f;  // io.MouseWheel: positive scrolls up
  std::optional<Point> at;
};

struct KeyCommand {  // key CHORD: press and release
  KeyChord chord;
};

struct KeyHoldCommand {  // keydown CHORD, keyup CHORD
  KeyChord chord;
  bool press = true;  // false for keyup
};

struct TypeCommand {  // type "TEXT"
  std::u32string text;
};

struct WaitCommand {  // wait FRAMES
  int frames = 0;
};

struct ScreenshotCommand {  // screenshot FILE.png
  std::string path;
};

struct QuitCommand {};  // quit

struct AppCommand {};  // a verb the application registered; see ReplayCommand::args

using ReplayAction =
    std::variant<MoveCommand, ClickCommand, MouseButtonCommand, DragCommand, WheelCommand, KeyCommand,
                 KeyHoldCommand, TypeCommand, WaitCommand, ScreenshotCommand, QuitCommand, AppCommand>;

// One line of a replay script.
struct ReplayCommand {
  std::string source;              // the script's name in messages, e.g. its path
  int line = 0;                    // 1-based
  std::string verb;                // as written, lower case
  std::vector<std::string> args;   // as written, quotes and escapes resolved
  ReplayAction action;

  // "source:line", the prefix of every message about this command.
  std::string Where() const;
};

}  // namespace cairn::platform
