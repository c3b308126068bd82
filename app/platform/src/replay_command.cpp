#include "cairn/platform/replay_command.h"

namespace cairn::platform {

std::string_view MouseButtonName(MouseButton button) {
  switch (button) {
    case MouseButton::Left: return "left";
    case MouseButton::Right: return "right";
    case MouseButton::Middle: return "middle";
  }
  return "left";
}

std::optional<MouseButton> MouseButtonFromName(std::string_view name) {
  for (MouseButton button : {MouseButton::Left, MouseButton::Right, MouseButton::Middle}) {
    if (MouseButtonName(button) == name) return button;
  }
  return std::nullopt;
}

std::string ReplayCommand::Where() const { return source + ":" + std::to_string(line); }

}  // namespace cairn::platform
