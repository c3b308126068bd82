#pragma once
// The Inspector's "Add Component" button and its popup: the offered
// component names with a search field that has the keyboard as soon as the
// popup opens. Typing filters (case-insensitive substring), Up and Down move
// the highlight, Enter or a click picks, Escape closes.

#include <optional>
#include <string>
#include <vector>

namespace cairn::editor {

class AddComponentPopup {
 public:
  // Draws the full-width button and, when open, the popup listing `offered`.
  // Returns the picked name in the frame it is picked.
  std::optional<std::string> Draw(const std::vector<std::string>& offered);

 private:
  std::string search_;
  int highlighted_ = 0;
  bool focus_search_ = false;
};

// The names among `offered` containing `search` (ignoring case), in order.
std::vector<std::string> FilterComponentNames(const std::vector<std::string>& offered, const std::string& search);

}  // namespace cairn::editor
