#pragma once

#include <bitset>
#include <cfloat>
#include <cstddef>
#include <deque>
#include <optional>

#include "cairn/platform/replay_command.h"
#include "cairn/platform/replay_input.h"

namespace cairn::platform {

// One input event as the window reported it, stamped with the clock
// (glfwGetTime(), seconds) when it arrived.
struct InputEvent {
  enum class Kind { kKey, kChar, kMouseButton, kMouseMove, kScroll };

  Kind kind = Kind::kKey;
  double time = 0.0;
  int code = 0;           // kKey: GLFW key code; kMouseButton: ImGui button index (0 left, 1 right, 2 middle)
  bool down = false;      // kKey, kMouseButton
  int mods = 0;           // kKey, kMouseButton: GLFW_MOD_* bits GLFW reported with the event
  Point position;         // kMouseButton, kMouseMove: the pointer; kNoMouse when it left the window
  Point scroll;           // kScroll: x -> io.MouseWheelH, y -> io.MouseWheel
  char32_t character = 0; // kChar
};

// What one frame hands ImGui from the queue.
struct InputFrame {
  // Mouse, buttons, keys (modifiers follow the modifier keys), wheel and
  // characters, written to ImGui with WriteToImGui().
  ReplayInputState input;
  // ImGui's clock for this frame (see InputQueue) and its step from the last
  // frame, for io.DeltaTime.
  double time = 0.0;
  float delta_time = 0.0f;
  std::size_t delivered = 0;  // events taken by this frame
  std::size_t left = 0;       // events still queued for later frames
};

// The one path real keyboard and mouse input takes into ImGui. The window's
// GLFW callbacks push every event as it arrives; once per frame NextFrame()
// takes as many events as can be shown to ImGui 1.86 in one frame, applies
// them to the held state, and leaves the rest for the following frames
// ("trickling", as newer Dear ImGui's io.AddKeyEvent queue does). ImGui 1.86
// reads keys and buttons as one state per frame, so a press and release of a
// key within one frame would otherwise never be seen down, and a double-click
// within one frame would be one click.
//
// The rules, in event order; "waits" means that event and every later one
// are left for the next frame, so the order of everything is kept:
//   - a key or mouse button changes at most once per frame: its second
//     transition waits (a tap is down in one frame, up in the next); keys
//     that differ go down together (ctrl+shift+z, fast typing);
//   - a command key (one that types nothing: Return, Tab, Backspace,
//     arrows, F-keys, Escape, or any key with Ctrl, Alt or Super held) goes
//     down at most once per frame and never after a typed character of that
//     frame, and a character waits after a command key went down: "2.5"
//     then Return reaches a text field as "2.5" in one frame, Return in the
//     next;
//   - a modifier (Shift, Ctrl, Alt, Super) changes only before the frame's
//     first key press and, Shift excepted, before its first character, so a
//     press sees the modifiers it was made with;
//   - a mouse button change waits after a key press, a typed character, a
//     wheel step or another change of the same button; the frame's mouse
//     position is that of its button event;
//   - keys and characters wait after a mouse button change, keys after a
//     wheel step (which sees the modifiers held when it came);
//   - a pointer move waits after a button change or a wheel step, and a wheel
//     step after a button change;
//   - consecutive moves are one move, consecutive wheel steps add up.
// Key repeats (GLFW_REPEAT) are not queued: ImGui repeats held keys itself.
//
// The clock: while events are left over, a frame's time is the arrival time
// of the newest event it took (never less than the last frame's time plus
// kMinFrameStep), so presses spread over several frames keep their real
// distance in time: a double-click taken over four slow frames is still a
// double-click (ImGui times presses by the sum of io.DeltaTime), and a key
// held in the backlog does not repeat. Once the queue is empty, the frame's
// time is `now` again. GLFW gives no event times: events are stamped when
// polled, so two presses polled in frames 0.30 s apart stay two clicks.
class InputQueue {
 public:
  // Where ImGui keeps a mouse it has none of (outside the window).
  static constexpr Point kNoMouse{-FLT_MAX, -FLT_MAX};
  // The least step of the clock between two frames (ImGui needs a positive
  // io.DeltaTime).
  static constexpr double kMinFrameStep = 1.0e-4;
  // io.DeltaTime of the first frame.
  static constexpr double kFirstFrameStep = 1.0 / 60.0;

  // GLFW key codes outside 0..ReplayInputState::kKeyCount-1 (GLFW_KEY_UNKNOWN)
  // are dropped, and so are buttons beyond the five ImGui knows.
  void PushKey(int glfw_key, bool down, int mods, double time);
  void PushChar(char32_t character, double time);
  // A button event happens where the last pushed move left the pointer, or at
  // `fallback` while no move is known (kNoMouse).
  void PushMouseButton(int button, bool down, int mods, double time, std::optional<Point> fallback = std::nullopt);
  void PushMouseMove(Point position, double time);
  void PushMouseLeave(double time) { PushMouseMove(kNoMouse, time); }
  void PushScroll(float dx, float dy, double time);

  // The next frame's input; `now` is the clock when the frame starts.
  InputFrame NextFrame(double now);

  // Drops the queued events (the held state stays), e.g. while a replay
  // script is the only input.
  void DropQueued() { events_.clear(); }

  std::size_t Queued() const { return events_.size(); }
  bool Empty() const { return events_.empty(); }
  // The state ImGui was last given.
  const ReplayInputState& State() const { return state_; }
  // Where the pushed moves left the pointer (kNoMouse: unknown or outside).
  Point PushedPosition() const { return pushed_position_; }

  // Shift, Ctrl, Alt or Super, left or right.
  static bool IsModifierKey(int glfw_key);
  // A printing key (letters, digits, punctuation, space, the keypad's digits
  // and operators): it types a character unless Ctrl, Alt or Super is held.
  // Return, Tab, Backspace, arrows, F-keys, Escape, locks... type nothing.
  static bool IsTypingKey(int glfw_key);

 private:
  // What one frame has taken so far; decides whether an event must wait.
  struct FrameSoFar {
    std::bitset<ReplayInputState::kKeyCount> keys_changed;
    std::bitset<5> buttons_changed;
    bool key_pressed = false;      // a key other than a modifier went down
    bool command_pressed = false;  // ... a command key
    bool typed = false;
    bool button_changed = false;
    bool wheeled = false;
  };

  // Applies `event` to the state unless it must wait; false when it waits.
  bool Take(const InputEvent& event, FrameSoFar& frame);
  bool TakeKey(const InputEvent& event, FrameSoFar& frame);
  bool TakeMouseButton(const InputEvent& event, FrameSoFar& frame);

  std::deque<InputEvent> events_;
  ReplayInputState state_;
  Point pushed_position_ = kNoMouse;
  std::optional<double> last_frame_time_;
};

}  // namespace cairn::platform
