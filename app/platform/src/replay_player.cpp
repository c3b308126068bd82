#include "cairn/platform/replay_player.h"

#include <cmath>
#include <utility>

#include "cairn/platform/replay_error.h"

namespace cairn::platform {
namespace {

using FrameChange = ReplayPlayer::FrameChange;

FrameChange Idle() { return FrameChange{}; }

FrameChange MoveTo(Point point) {
  FrameChange change;
  change.mouse = point;
  return change;
}

FrameChange SetButton(MouseButton button, bool down) {
  FrameChange change;
  change.buttons.emplace_back(button, down);
  return change;
}

Point Lerp(Point from, Point to, float t) { return Point{from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t}; }

// Frames of each built-in command. The counts are part of the script format
// (docs/replay.md): change them only together with the documentation.
struct FramePlanner {
  std::vector<FrameChange> operator()(const MoveCommand& move) const { return {MoveTo(move.to)}; }

  // Move, press, release; a double-click presses and releases twice.
  std::vector<FrameChange> operator()(const ClickCommand& click) const {
    std::vector<FrameChange> frames{MoveTo(click.at), SetButton(click.button, true), SetButton(click.button, false)};
    if (click.clicks == 2) {
      frames.push_back(SetButton(click.button, true));
      frames.back().part_of_double_click = true;
      frames.push_back(SetButton(click.button, false));
    }
    return frames;
  }

  std::vector<FrameChange> operator()(const MouseButtonCommand& command) const {
    return {MoveTo(command.at), SetButton(command.button, command.press)};
  }

  // Press, rest one frame so the widget under the mouse becomes active, move
  // in `steps` frames (the last one exactly on the target), rest two frames
  // so a drop target sees the payload hover, then release.
  std::vector<FrameChange> operator()(const DragCommand& drag) const {
    std::vector<FrameChange> frames{MoveTo(drag.from), SetButton(drag.button, true), Idle()};
    for (int step = 1; step <= drag.steps; ++step) {
      frames.push_back(MoveTo(Lerp(drag.from, drag.to, static_cast<float>(step) / static_cast<float>(drag.steps))));
    }
    frames.push_back(Idle());
    frames.push_back(Idle());
    frames.push_back(SetButton(drag.button, false));
    return frames;
  }

  std::vector<FrameChange> operator()(const WheelCommand& wheel) const {
    std::vector<FrameChange> frames;
    if (wheel.at) frames.push_back(MoveTo(*wheel.at));
    FrameChange scroll;
    scroll.wheel = wheel.dy;
    scroll.wheel_h = wheel.dx;
    frames.push_back(scroll);
    return frames;
  }

  // All keys of the chord go down in one frame (modifiers are down when the
  // main key's press is seen) and up in the next.
  std::vector<FrameChange> operator()(const KeyCommand& key) const {
    FrameChange down = Hold(key.chord, true);
    FrameChange up = Hold(key.chord, false);
    return {down, up};
  }

  std::vector<FrameChange> operator()(const KeyHoldCommand& hold) const { return {Hold(hold.chord, hold.press)}; }

  std::vector<FrameChange> operator()(const TypeCommand& type) const {
    FrameChange change;
    change.characters = type.text;
    return {change};
  }

  std::vector<FrameChange> operator()(const WaitCommand& wait) const {
    return std::vector<FrameChange>(static_cast<std::size_t>(wait.frames), Idle());
  }

  std::vector<FrameChange> operator()(const ScreenshotCommand& screenshot) const {
    FrameChange change;
    change.screenshot = screenshot.path;
    return {change};
  }

  std::vector<FrameChange> operator()(const QuitCommand&) const {
    FrameChange change;
    change.quit = true;
    return {change};
  }

  std::vector<FrameChange> operator()(const AppCommand&) const { return {}; }

 private:
  static FrameChange Hold(const KeyChord& chord, bool down) {
    FrameChange change;
    for (int key : chord.keys) change.keys.emplace_back(key, down);
    if (down && chord.character != 0) change.characters.push_back(chord.character);
    return change;
  }
};

float Distance(Point a, Point b) { return std::hypot(a.x - b.x, a.y - b.y); }

}  // namespace

ReplayPlayer::ReplayPlayer(ReplayScript script, AppCommandRunner run_app_command)
    : script_(std::move(script)), run_app_command_(std::move(run_app_command)) {}

std::vector<ReplayPlayer::FrameChange> ReplayPlayer::PlanFrames(const ReplayCommand& command) {
  return std::visit(FramePlanner{}, command.action);
}

ReplayFrame ReplayPlayer::NextFrame() {
  ReplayFrame frame;
  state_.wheel = 0.0f;
  state_.wheel_h = 0.0f;
  state_.characters.clear();
  if (!finished_) {
    while (pending_.empty() && next_command_ < script_.commands.size()) PlanNextCommand();
    if (pending_.empty()) {
      finished_ = true;
      frame.last = true;
    } else {
      const FrameChange change = std::move(pending_.front());
      pending_.pop_front();
      Apply(change, frame);
    }
  }
  frame.input = state_;
  frame.line = current_line_;
  ++frames_played_;
  return frame;
}

void ReplayPlayer::PlanNextCommand() {
  const ReplayCommand& command = script_.commands[next_command_++];
  current_line_ = command.line;
  if (!std::holds_alternative<AppCommand>(command.action)) {
    std::vector<FrameChange> frames = PlanFrames(command);
    SpaceOutFromPreviousPress(frames);
    pending_.assign(frames.begin(), frames.end());
    return;
  }
  if (!run_app_command_) throw ReplayError(command.source, command.line, command.verb + ": no handler is registered");
  try {
    run_app_command_(command);
  } catch (const ReplayError&) {
    throw;
  } catch (const std::exception& error) {
    throw ReplayError(command.source, command.line, command.verb + ": " + error.what());
  }
}

// Prepends idle frames when the command's first press would follow the last
// press of the same button so soon and so close that ImGui would pair them
// into a double-click. Must run while pending_ is empty: frame i of `frames`
// then plays as frame number frames_played_ + i.
void ReplayPlayer::SpaceOutFromPreviousPress(std::vector<FrameChange>& frames) const {
  Point mouse = state_.mouse;
  for (std::size_t i = 0; i < frames.size(); ++i) {
    if (frames[i].mouse) mouse = *frames[i].mouse;
    for (const auto& [button, down] : frames[i].buttons) {
      if (!down || frames[i].part_of_double_click) continue;
      const Press& previous = last_press_[static_cast<std::size_t>(button)];
      const int gap = frames_played_ + static_cast<int>(i) - previous.frame;
      if (gap < kFramesBetweenSeparateClicks && Distance(mouse, previous.at) <= kDoubleClickDistance) {
        frames.insert(frames.begin(), static_cast<std::size_t>(kFramesBetweenSeparateClicks - gap), Idle());
      }
      return;
    }
  }
}

void ReplayPlayer::Apply(const FrameChange& change, ReplayFrame& frame) {
  if (change.mouse) state_.mouse = *change.mouse;
  for (const auto& [button, down] : change.buttons) {
    state_.mouse_down[static_cast<std::size_t>(button)] = down;
    if (down) last_press_[static_cast<std::size_t>(button)] = Press{frames_played_, state_.mouse};
  }
  for (const auto& [key, down] : change.keys) state_.keys_down.set(static_cast<std::size_t>(key), down);
  state_.wheel = change.wheel;
  state_.wheel_h = change.wheel_h;
  state_.characters = change.characters;
  if (!change.screenshot.empty()) frame.screenshots.push_back(change.screenshot);
  if (change.quit) {
    finished_ = true;
    frame.last = true;
    pending_.clear();
  }
}

}  // namespace cairn::platform
