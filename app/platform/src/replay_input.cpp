#include "cairn/platform/replay_input.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <iterator>

namespace cairn::platform {

bool ReplayInputState::KeyDown(int glfw_key) const {
  return glfw_key >= 0 && glfw_key < kKeyCount && keys_down.test(static_cast<std::size_t>(glfw_key));
}

bool ReplayInputState::Ctrl() const { return KeyDown(GLFW_KEY_LEFT_CONTROL) || KeyDown(GLFW_KEY_RIGHT_CONTROL); }
bool ReplayInputState::Shift() const { return KeyDown(GLFW_KEY_LEFT_SHIFT) || KeyDown(GLFW_KEY_RIGHT_SHIFT); }
bool ReplayInputState::Alt() const { return KeyDown(GLFW_KEY_LEFT_ALT) || KeyDown(GLFW_KEY_RIGHT_ALT); }
bool ReplayInputState::Super() const { return KeyDown(GLFW_KEY_LEFT_SUPER) || KeyDown(GLFW_KEY_RIGHT_SUPER); }

void WriteToImGui(const ReplayInputState& state, ImGuiIO& io) {
  static_assert(sizeof(ImGuiIO::KeysDown) / sizeof(bool) == ReplayInputState::kKeyCount);
  static_assert(sizeof(ImGuiIO::MouseDown) / sizeof(bool) == std::tuple_size_v<decltype(state.mouse_down)>);

  // The script is the only input: the real window gaining or losing focus
  // (whose X events arrive at frames that depend on the server's load) must
  // not make ImGui release the script's keys in that frame.
  io.AppFocusLost = false;
  io.MousePos = ImVec2(state.mouse.x, state.mouse.y);
  std::copy(state.mouse_down.begin(), state.mouse_down.end(), std::begin(io.MouseDown));
  io.MouseWheel = state.wheel;
  io.MouseWheelH = state.wheel_h;

  for (int key = 0; key < ReplayInputState::kKeyCount; ++key) io.KeysDown[key] = state.KeyDown(key);
  io.KeyCtrl = state.Ctrl();
  io.KeyShift = state.Shift();
  io.KeyAlt = state.Alt();
  io.KeySuper = state.Super();

  // Characters the real keyboard queued during polling are dropped: while a
  // script runs, only its own text reaches ImGui.
  io.InputQueueCharacters.resize(0);
  for (char32_t c : state.characters) io.AddInputCharacter(static_cast<unsigned int>(c));
}

}  // namespace cairn::platform
