#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cairn::platform {

// A key combination such as "ctrl+shift+z", "f2" or "a", as written in replay
// scripts. Keys are GLFW key codes: with ImGui 1.86's GLFW backend these are
// the indices of io.KeysDown[], so apps test them with
// ImGui::IsKeyPressed(GLFW_KEY_S) or ImGui::GetKeyIndex(ImGuiKey_Enter).
struct KeyChord {
  // Keys in press order: modifiers first (ctrl, shift, alt, super, as the left
  // key of each), then the main key if there is one. Never empty.
  std::vector<int> keys;

  // The character a US keyboard types for this chord ('A' for shift+a), or 0
  // when it types none: non-printing keys, or ctrl, alt or super held.
  char32_t character = 0;

  // Canonical spelling: lower case, modifiers in the order above, e.g.
  // "ctrl+shift+z" for "Shift+Ctrl+Z".
  std::string spelling;
};

// Parses a chord of '+'-separated key names, case-insensitive. Names: a..z,
// 0..9, f1..f12, enter (return), escape (esc), tab, space, backspace, delete
// (del), insert, home, end, pageup, pagedown, up, down, left, right, minus,
// equal, comma, period, slash, backslash, semicolon, apostrophe, grave,
// leftbracket, rightbracket, and the modifiers ctrl (control), shift, alt,
// super. At most one non-modifier key.
// Throws std::invalid_argument naming the bad part, e.g.
// "unknown key 'q1' in 'ctrl+q1'".
KeyChord ParseKeyChord(std::string_view text);

// The GLFW key code of one key name (see ParseKeyChord), or nullopt.
std::optional<int> KeyCodeFromName(std::string_view name);

// True for GLFW's left and right ctrl, shift, alt and super keys.
bool IsModifierKey(int glfw_key);

}  // namespace cairn::platform
