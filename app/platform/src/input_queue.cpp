#include "cairn/platform/input_queue.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <algorithm>

namespace cairn::platform {
namespace {

constexpr int kButtonCount = 5;  // ImGuiIO::MouseDown

bool IsShift(int key) { return key == GLFW_KEY_LEFT_SHIFT || key == GLFW_KEY_RIGHT_SHIFT; }

bool CommandModifiers(int mods) { return (mods & (GLFW_MOD_CONTROL | GLFW_MOD_ALT | GLFW_MOD_SUPER)) != 0; }

}  // namespace

bool InputQueue::IsModifierKey(int glfw_key) {
  return glfw_key >= GLFW_KEY_LEFT_SHIFT && glfw_key <= GLFW_KEY_RIGHT_SUPER;
}

bool InputQueue::IsTypingKey(int glfw_key) {
  if (glfw_key >= GLFW_KEY_SPACE && glfw_key <= GLFW_KEY_WORLD_2) return true;
  return glfw_key >= GLFW_KEY_KP_0 && glfw_key <= GLFW_KEY_KP_EQUAL && glfw_key != GLFW_KEY_KP_ENTER;
}

void InputQueue::PushKey(int glfw_key, bool down, int mods, double time) {
  if (glfw_key < 0 || glfw_key >= ReplayInputState::kKeyCount) return;
  InputEvent event;
  event.kind = InputEvent::Kind::kKey;
  event.time = time;
  event.code = glfw_key;
  event.down = down;
  event.mods = mods;
  events_.push_back(event);
}

void InputQueue::PushChar(char32_t character, double time) {
  InputEvent event;
  event.kind = InputEvent::Kind::kChar;
  event.time = time;
  event.character = character;
  events_.push_back(event);
}

void InputQueue::PushMouseButton(int button, bool down, int mods, double time, std::optional<Point> fallback) {
  if (button < 0 || button >= kButtonCount) return;
  InputEvent event;
  event.kind = InputEvent::Kind::kMouseButton;
  event.time = time;
  event.code = button;
  event.down = down;
  event.mods = mods;
  const bool known = pushed_position_.x != kNoMouse.x || pushed_position_.y != kNoMouse.y;
  event.position = known || !fallback ? pushed_position_ : *fallback;
  events_.push_back(event);
}

void InputQueue::PushMouseMove(Point position, double time) {
  pushed_position_ = position;
  // A move right after a move is taken in the same frame as that one anyway.
  if (!events_.empty() && events_.back().kind == InputEvent::Kind::kMouseMove) {
    events_.back().position = position;
    events_.back().time = time;
    return;
  }
  InputEvent event;
  event.kind = InputEvent::Kind::kMouseMove;
  event.time = time;
  event.position = position;
  events_.push_back(event);
}

void InputQueue::PushScroll(float dx, float dy, double time) {
  // Likewise steps right after steps add up.
  if (!events_.empty() && events_.back().kind == InputEvent::Kind::kScroll) {
    events_.back().scroll.x += dx;
    events_.back().scroll.y += dy;
    events_.back().time = time;
    return;
  }
  InputEvent event;
  event.kind = InputEvent::Kind::kScroll;
  event.time = time;
  event.scroll = Point{dx, dy};
  events_.push_back(event);
}

bool InputQueue::TakeKey(const InputEvent& event, FrameSoFar& frame) {
  const auto index = static_cast<std::size_t>(event.code);
  if (state_.keys_down.test(index) == event.down) return true;  // no change (a key pressed before the focus came)
  if (frame.keys_changed.test(index) || frame.button_changed || frame.wheeled) return false;
  if (IsModifierKey(event.code)) {
    if (frame.key_pressed || (frame.typed && !IsShift(event.code))) return false;
  } else if (event.down) {
    const bool ctrl_alt_super = CommandModifiers(event.mods) || state_.Ctrl() || state_.Alt() || state_.Super();
    const bool command = !IsTypingKey(event.code) || ctrl_alt_super;
    if (command && (frame.command_pressed || frame.typed)) return false;
    frame.key_pressed = true;
    frame.command_pressed = frame.command_pressed || command;
  }
  state_.keys_down.set(index, event.down);
  frame.keys_changed.set(index);
  return true;
}

bool InputQueue::TakeMouseButton(const InputEvent& event, FrameSoFar& frame) {
  const auto index = static_cast<std::size_t>(event.code);
  if (state_.mouse_down[index] == event.down) return true;
  if (frame.buttons_changed.test(index) || frame.wheeled || frame.typed || frame.key_pressed) return false;
  state_.mouse_down[index] = event.down;
  state_.mouse = event.position;
  frame.buttons_changed.set(index);
  frame.button_changed = true;
  return true;
}

bool InputQueue::Take(const InputEvent& event, FrameSoFar& frame) {
  switch (event.kind) {
    case InputEvent::Kind::kKey:
      return TakeKey(event, frame);
    case InputEvent::Kind::kChar:
      if (frame.command_pressed || frame.button_changed) return false;
      state_.characters.push_back(event.character);
      frame.typed = true;
      return true;
    case InputEvent::Kind::kMouseButton:
      return TakeMouseButton(event, frame);
    case InputEvent::Kind::kMouseMove:
      if (frame.button_changed || frame.wheeled) return false;
      state_.mouse = event.position;
      return true;
    case InputEvent::Kind::kScroll:
      if (frame.button_changed) return false;
      state_.wheel_h += event.scroll.x;
      state_.wheel += event.scroll.y;
      frame.wheeled = true;
      return true;
  }
  return true;
}

InputFrame InputQueue::NextFrame(double now) {
  // The wheel and the characters are events of one frame; the rest is held.
  state_.wheel = 0.0f;
  state_.wheel_h = 0.0f;
  state_.characters.clear();

  InputFrame result;
  FrameSoFar frame;
  double newest = 0.0;
  while (!events_.empty() && Take(events_.front(), frame)) {
    newest = std::max(newest, events_.front().time);
    events_.pop_front();
    ++result.delivered;
  }
  result.left = events_.size();

  double time = result.left > 0 && result.delivered > 0 ? newest : now;
  if (last_frame_time_) {
    time = std::max(time, *last_frame_time_ + kMinFrameStep);
    result.delta_time = static_cast<float>(time - *last_frame_time_);
  } else {
    result.delta_time = static_cast<float>(kFirstFrameStep);
  }
  last_frame_time_ = time;
  result.time = time;
  result.input = state_;
  return result;
}

}  // namespace cairn::platform
