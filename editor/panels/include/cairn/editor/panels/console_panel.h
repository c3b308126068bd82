#pragma once
// The Console: the editor's MessageLog, newest at the bottom, each line
// tagged and coloured by level, with a Clear button and auto-scroll that
// follows new messages while the view is at the bottom.

#include <cstdint>

namespace cairn::editor {

class MessageLog;

class ConsolePanel {
 public:
  // Fills the current window.
  void Draw(MessageLog& log);

 private:
  std::uint64_t last_seen_sequence_ = 0;
  bool auto_scroll_ = true;
  bool show_info_ = true;
  bool show_warnings_ = true;
  bool show_errors_ = true;
};

}  // namespace cairn::editor
