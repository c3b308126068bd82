#pragma once

#include <array>
#include <cstddef>
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cairn/platform/replay_input.h"
#include "cairn/platform/replay_script.h"

namespace cairn::platform {

// A verb the application adds to replay scripts, e.g. "expect-title TEXT".
// `run` is called between frames (before ImGui::NewFrame): it may read and
// change application state but must not call ImGui widget functions. It takes
// no frame. To fail the replay it throws; the message is reported as
// "source:line: verb: what()".
struct AppReplayVerb {
  ReplayVerbSpec spec;
  std::function<void(const ReplayCommand&)> run;
};

// What one frame gets from the script.
struct ReplayFrame {
  ReplayInputState input;
  std::vector<std::string> screenshots;  // PNG files to write from this frame
  bool last = false;  // the script quit or ended: this frame is its final one
  int line = 0;       // script line that produced this frame, 0 for none
};

// Turns a script into per-frame input. Every press and release gets a frame of
// its own, so ImGui sees a button down in one frame and up in a later one.
// Two presses of one button closer than a double-click in time and space are
// spread apart with idle frames unless they come from one doubleclick.
class ReplayPlayer {
 public:
  using AppCommandRunner = std::function<void(const ReplayCommand&)>;

  // `run_app_command` receives every AppCommand; it may be empty when the
  // script has none.
  explicit ReplayPlayer(ReplayScript script, AppCommandRunner run_app_command = {});

  // Input for the next frame. After the last command (or `quit`) it returns one
  // frame with `last` set; calling it again after that returns idle frames.
  // Throws ReplayError when an app command fails.
  ReplayFrame NextFrame();

  bool Finished() const { return finished_; }
  int FramesPlayed() const { return frames_played_; }
  const std::string& Source() const { return script_.source; }
  int CurrentLine() const { return current_line_; }

  // Frames between two single presses of one button at one place: ImGui 1.86
  // counts presses within io.MouseDoubleClickTime (0.30 s = 18 frames at 60 Hz)
  // as a double-click.
  static constexpr int kFramesBetweenSeparateClicks = 20;
  // Distance within which ImGui may pair presses (io.MouseDoubleClickMaxDist).
  static constexpr float kDoubleClickDistance = 6.0f;

  // One frame of scripted input, as a change to the previous frame.
  struct FrameChange {
    std::optional<Point> mouse;
    std::vector<std::pair<MouseButton, bool>> buttons;  // (button, down)
    std::vector<std::pair<int, bool>> keys;              // (GLFW key, down)
    float wheel = 0.0f;
    float wheel_h = 0.0f;
    std::u32string characters;
    std::string screenshot;
    bool quit = false;
    bool part_of_double_click = false;  // the second press of a doubleclick
  };

  // The frames one built-in command takes; AppCommand takes none.
  static std::vector<FrameChange> PlanFrames(const ReplayCommand& command);

 private:
  void PlanNextCommand();
  void SpaceOutFromPreviousPress(std::vector<FrameChange>& frames) const;
  void Apply(const FrameChange& change, ReplayFrame& frame);

  ReplayScript script_;
  AppCommandRunner run_app_command_;
  std::size_t next_command_ = 0;
  std::deque<FrameChange> pending_;
  int pending_line_ = 0;
  ReplayInputState state_;
  int frames_played_ = 0;
  int current_line_ = 0;
  bool finished_ = false;

  struct Press {
    int frame = -1'000'000;
    Point at;
  };
  std::array<Press, 5> last_press_{};
};

}  // namespace cairn::platform
