#include "cairn/platform/replay_script.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <stdexcept>

#include "cairn/platform/replay_error.h"
#include "replay_tokenizer.h"
#include "text_parsing.h"
#include "utf8.h"

namespace cairn::platform {
namespace {

using Args = std::span<const std::string>;
using detail::Quoted;

// Every argument error below is a std::invalid_argument whose message the
// parser prefixes with "source:line: verb: ".
[[noreturn]] void Bad(const std::string& message) { throw std::invalid_argument(message); }

constexpr int kMaxDragSteps = 600;
constexpr int kMaxWaitFrames = 1'000'000;

float Number(const std::string& text, std::string_view what) {
  const auto value = detail::ParseFiniteFloat(text);
  if (!value) Bad(std::string(what) + " " + Quoted(text) + " is not a number");
  return *value;
}

Point PointAt(Args args, std::size_t i, std::string_view x_name, std::string_view y_name) {
  return Point{Number(args[i], x_name), Number(args[i + 1], y_name)};
}

MouseButton Button(const std::string& text) {
  const auto button = MouseButtonFromName(detail::AsciiLower(text));
  if (!button) Bad("unknown mouse button " + Quoted(text) + " (expected left, right or middle)");
  return *button;
}

MouseButton OptionalButton(Args args, std::size_t i) { return args.size() > i ? Button(args[i]) : MouseButton::Left; }

int DragSteps(const std::string& text) {
  const auto steps = detail::ParseWholeInt(text);
  if (!steps || *steps < 1 || *steps > kMaxDragSteps) {
    Bad("steps " + Quoted(text) + " is not a whole number from 1 to " + std::to_string(kMaxDragSteps));
  }
  return *steps;
}

KeyChord Chord(const std::string& text) { return ParseKeyChord(text); }

// --- one parser per verb -------------------------------------------------

ReplayAction ParseMove(Args args) { return MoveCommand{PointAt(args, 0, "X", "Y")}; }

ReplayAction ParseClick(Args args) { return ClickCommand{PointAt(args, 0, "X", "Y"), OptionalButton(args, 2), 1}; }

ReplayAction ParseDoubleClick(Args args) {
  return ClickCommand{PointAt(args, 0, "X", "Y"), OptionalButton(args, 2), 2};
}

ReplayAction ParseMouseDown(Args args) {
  return MouseButtonCommand{PointAt(args, 0, "X", "Y"), OptionalButton(args, 2), true};
}

ReplayAction ParseMouseUp(Args args) {
  return MouseButtonCommand{PointAt(args, 0, "X", "Y"), OptionalButton(args, 2), false};
}

ReplayAction ParseDrag(Args args) {
  DragCommand drag{PointAt(args, 0, "X1", "Y1"), PointAt(args, 2, "X2", "Y2")};
  if (args.size() == 6) {
    drag.button = Button(args[4]);
    drag.steps = DragSteps(args[5]);
  } else if (args.size() == 5) {
    if (MouseButtonFromName(detail::AsciiLower(args[4]))) {
      drag.button = Button(args[4]);
    } else if (detail::ParseWholeInt(args[4])) {
      drag.steps = DragSteps(args[4]);
    } else {
      Bad(Quoted(args[4]) + " is neither a mouse button (left, right, middle) nor a step count");
    }
  }
  return drag;
}

void RequireOneOrThreeArgs(Args args, std::string_view usage) {
  if (args.size() == 2) Bad("expected " + std::string(usage) + ", got 2 arguments");
}

ReplayAction ParseWheel(Args args) {
  RequireOneOrThreeArgs(args, "DY [X Y]");
  WheelCommand wheel;
  wheel.dy = Number(args[0], "DY");
  if (args.size() == 3) wheel.at = PointAt(args, 1, "X", "Y");
  return wheel;
}

ReplayAction ParseHorizontalWheel(Args args) {
  RequireOneOrThreeArgs(args, "DX [X Y]");
  WheelCommand wheel;
  wheel.dx = Number(args[0], "DX");
  if (args.size() == 3) wheel.at = PointAt(args, 1, "X", "Y");
  return wheel;
}

ReplayAction ParseKey(Args args) { return KeyCommand{Chord(args[0])}; }
ReplayAction ParseKeyDown(Args args) { return KeyHoldCommand{Chord(args[0]), true}; }
ReplayAction ParseKeyUp(Args args) { return KeyHoldCommand{Chord(args[0]), false}; }

ReplayAction ParseType(Args args) { return TypeCommand{detail::DecodeUtf8(args[0])}; }

ReplayAction ParseWait(Args args) {
  const auto frames = detail::ParseWholeInt(args[0]);
  if (!frames || *frames < 0 || *frames > kMaxWaitFrames) {
    Bad("frame count " + Quoted(args[0]) + " is not a whole number from 0 to " + std::to_string(kMaxWaitFrames));
  }
  return WaitCommand{*frames};
}

ReplayAction ParseScreenshot(Args args) {
  const std::string& path = args[0];
  if (path.size() <= 4 || detail::AsciiLower(path.substr(path.size() - 4)) != ".png") {
    Bad(Quoted(path) + " is not a .png file");
  }
  return ScreenshotCommand{path};
}

ReplayAction ParseQuit(Args) { return QuitCommand{}; }

// --- verb table ----------------------------------------------------------

using ParseFunction = ReplayAction (*)(Args);

struct BuiltinVerb {
  ReplayVerbSpec spec;
  ParseFunction parse;
};

const std::vector<BuiltinVerb>& BuiltinVerbTable() {
  static const std::vector<BuiltinVerb> table = {
      {{"move", 2, 2, "X Y"}, ParseMove},
      {{"click", 2, 3, "X Y [left|right|middle]"}, ParseClick},
      {{"doubleclick", 2, 3, "X Y [left|right|middle]"}, ParseDoubleClick},
      {{"mousedown", 2, 3, "X Y [left|right|middle]"}, ParseMouseDown},
      {{"mouseup", 2, 3, "X Y [left|right|middle]"}, ParseMouseUp},
      {{"drag", 4, 6, "X1 Y1 X2 Y2 [left|right|middle] [STEPS]"}, ParseDrag},
      {{"wheel", 1, 3, "DY [X Y]"}, ParseWheel},
      {{"hwheel", 1, 3, "DX [X Y]"}, ParseHorizontalWheel},
      {{"key", 1, 1, "CHORD"}, ParseKey},
      {{"keydown", 1, 1, "CHORD"}, ParseKeyDown},
      {{"keyup", 1, 1, "CHORD"}, ParseKeyUp},
      {{"type", 1, 1, "\"TEXT\""}, ParseType},
      {{"wait", 1, 1, "FRAMES"}, ParseWait},
      {{"screenshot", 1, 1, "FILE.png"}, ParseScreenshot},
      {{"quit", 0, 0, ""}, ParseQuit},
  };
  return table;
}

const BuiltinVerb* FindBuiltin(std::string_view verb) {
  for (const BuiltinVerb& builtin : BuiltinVerbTable()) {
    if (builtin.spec.name == verb) return &builtin;
  }
  return nullptr;
}

const ReplayVerbSpec* FindAppVerb(std::span<const ReplayVerbSpec> app_verbs, std::string_view verb) {
  for (const ReplayVerbSpec& spec : app_verbs) {
    if (spec.name == verb) return &spec;
  }
  return nullptr;
}

bool IsVerbName(std::string_view name) {
  if (name.empty()) return false;
  for (char c : name) {
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
  }
  return true;
}

void CheckAppVerbs(std::span<const ReplayVerbSpec> app_verbs) {
  std::set<std::string_view> seen;
  for (const ReplayVerbSpec& spec : app_verbs) {
    const std::string name = Quoted(spec.name);
    if (!IsVerbName(spec.name)) throw std::invalid_argument("replay verb " + name + " is not [a-z0-9-]+");
    if (FindBuiltin(spec.name)) throw std::invalid_argument("replay verb " + name + " is built in");
    if (!seen.insert(spec.name).second) throw std::invalid_argument("replay verb " + name + " registered twice");
    if (spec.min_args > spec.max_args) {
      throw std::invalid_argument("replay verb " + name + " has min_args " + std::to_string(spec.min_args) +
                                  " > max_args " + std::to_string(spec.max_args));
    }
  }
}

void CheckArity(const ReplayVerbSpec& spec, std::size_t count) {
  if (count >= spec.min_args && count <= spec.max_args) return;
  const std::string expected = spec.usage.empty() ? "no arguments" : spec.usage;
  Bad("expected " + expected + ", got " + std::to_string(count) + (count == 1 ? " argument" : " arguments"));
}

// Parses one non-empty line's words into a command; throws ReplayError.
ReplayCommand ParseCommand(std::vector<std::string> words, const std::string& source, int line,
                           std::span<const ReplayVerbSpec> app_verbs) {
  ReplayCommand command{source, line, detail::AsciiLower(words.front()), {}, AppCommand{}};
  command.args.assign(std::make_move_iterator(words.begin() + 1), std::make_move_iterator(words.end()));
  const BuiltinVerb* builtin = FindBuiltin(command.verb);
  const ReplayVerbSpec* app = builtin ? nullptr : FindAppVerb(app_verbs, command.verb);
  if (!builtin && !app) throw ReplayError(source, line, "unknown command " + Quoted(words.front()));
  try {
    CheckArity(builtin ? builtin->spec : *app, command.args.size());
    if (builtin) command.action = builtin->parse(command.args);
  } catch (const std::invalid_argument& error) {
    throw ReplayError(source, line, command.verb + ": " + error.what());
  }
  return command;
}

}  // namespace

std::span<const ReplayVerbSpec> BuiltinReplayVerbs() {
  static const std::vector<ReplayVerbSpec> specs = [] {
    std::vector<ReplayVerbSpec> list;
    for (const BuiltinVerb& builtin : BuiltinVerbTable()) list.push_back(builtin.spec);
    return list;
  }();
  return specs;
}

ReplayScript ParseReplayScript(std::string_view text, std::string source, std::span<const ReplayVerbSpec> app_verbs) {
  CheckAppVerbs(app_verbs);
  ReplayScript script{std::move(source), {}};
  int line_number = 0;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    ++line_number;
    std::vector<std::string> words;
    try {
      words = detail::TokenizeReplayLine(text.substr(start, end - start));
    } catch (const std::invalid_argument& error) {
      throw ReplayError(script.source, line_number, error.what());
    }
    if (!words.empty()) {
      script.commands.push_back(ParseCommand(std::move(words), script.source, line_number, app_verbs));
    }
    start = end + 1;
  }
  return script;
}

ReplayScript LoadReplayScript(const std::filesystem::path& path, std::span<const ReplayVerbSpec> app_verbs) {
  std::ifstream file(path, std::ios::binary);
  if (!file) throw ReplayError(path.string(), std::string("cannot open replay script: ") + std::strerror(errno));
  std::ostringstream text;
  text << file.rdbuf();
  if (file.bad()) throw ReplayError(path.string(), std::string("cannot read replay script: ") + std::strerror(errno));
  return ParseReplayScript(text.str(), path.string(), app_verbs);
}

}  // namespace cairn::platform
