#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace cairn::platform {

// Command-line options shared by every Cairn GUI program:
//   --size WxH          window size in screen pixels (default 1280x720)
//   --frames N          quit after N frames
//   --screenshot F.png  write the last frame to F.png before quitting
//   --replay FILE       drive the UI with a replay script (implies --no-saved-layout)
//   --no-saved-layout   neither read nor write persisted layout (ImGui ini, split sizes)
//   --frame-delay-ms N  make every frame N ms slower (tests of input on slow frames)
//   --no-draw           build every frame but draw none (runs that only read the
//                       program's state or its widget places); no screenshots
//   -h, --help          ask the program to print its usage
// Anything else that does not start with '-' (and everything after "--") is a
// positional argument, kept in order for the program.
struct RunOptions {
  int width = 1280;
  int height = 720;
  std::optional<int> frames;
  std::string screenshot_path;  // empty: no --screenshot
  std::string replay_path;      // empty: no --replay
  bool no_saved_layout = false; // also true whenever replay_path is set
  int frame_delay_ms = 0;       // sleep this long in every frame
  bool draw = true;             // false: --no-draw
  bool help = false;
  std::vector<std::string> positional;

  bool Replaying() const { return !replay_path.empty(); }
  bool UseSavedLayout() const { return !no_saved_layout; }

  // True for runs driven by options rather than by a person (replay, frame
  // limit, screenshot). Such runs disable vsync and advance ImGui's clock by a
  // fixed 1/60 s per frame, so two runs produce the same frames.
  bool Scripted() const { return Replaying() || frames.has_value() || !screenshot_path.empty(); }
};

// The outcome of parsing: `options` is meaningful only when `error` is empty.
// An error names the offending argument, e.g. "unknown option '--sise'".
struct RunOptionsResult {
  RunOptions options;
  std::string error;

  bool Ok() const { return error.empty(); }
};

// Parses argv as given to main(); argv[0] (the program) is skipped.
RunOptionsResult ParseRunOptions(int argc, const char* const* argv);

// Parses the arguments after the program name.
RunOptionsResult ParseRunOptions(std::span<const std::string> args);

// One line per option, aligned, for a program's --help text.
std::string RunOptionsHelp();

// Limits accepted by --size; a window outside them is almost surely a typo.
inline constexpr int kMinWindowSide = 64;
inline constexpr int kMaxWindowSide = 16384;
// Largest --frame-delay-ms: ten seconds a frame.
inline constexpr int kMaxFrameDelayMs = 10000;

}  // namespace cairn::platform
