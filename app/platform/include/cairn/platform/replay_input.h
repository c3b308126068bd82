#pragma once

#include <array>
#include <bitset>
#include <cfloat>
#include <string>

#include "cairn/platform/replay_command.h"

struct ImGuiIO;

namespace cairn::platform {

// Everything ImGui is told about the mouse and keyboard in one frame. While a
// script plays, this replaces what the real devices reported, so input is the
// same on every run whatever the pointer or keyboard of the machine does.
struct ReplayInputState {
  static constexpr int kKeyCount = 512;  // size of ImGuiIO::KeysDown in ImGui 1.86

  Point mouse{-FLT_MAX, -FLT_MAX};  // ImGui's "no mouse" until a script moves it
  std::array<bool, 5> mouse_down{};
  std::bitset<kKeyCount> keys_down;  // by GLFW key code

  // Events of this frame only; the player clears them before the next frame.
  float wheel = 0.0f;    // io.MouseWheel
  float wheel_h = 0.0f;  // io.MouseWheelH
  std::u32string characters;

  bool MouseDown(MouseButton button) const { return mouse_down[static_cast<int>(button)]; }
  bool KeyDown(int glfw_key) const;
  bool Ctrl() const;
  bool Shift() const;
  bool Alt() const;
  bool Super() const;
};

// Overwrites io's mouse position, buttons, wheel, keys, modifiers and queued
// characters with `state`. Call after ImGui_ImplGlfw_NewFrame() and before
// ImGui::NewFrame(), so ImGui reads the scripted input through its normal path.
void WriteToImGui(const ReplayInputState& state, ImGuiIO& io);

}  // namespace cairn::platform
