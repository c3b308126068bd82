#pragma once
// The Inspector's "Add Component" button and its popup: the offered
// components with a search field that has the keyboard as soon as the popup
// opens. Typing filters by name (case-insensitive substring), Up and Down
// move the highlight, Enter or a click picks, Escape closes. Components
// without a category come first; those of a category (a game project's
// "category") follow under its heading, categories in name order. Hovering
// a component shows its description.

#include <optional>
#include <string>
#include <vector>

namespace cairn::editor {

struct ComponentChoice {
  std::string name;
  std::string category;     // "": none
  std::string description;  // "": none
};

class AddComponentPopup {
 public:
  // Draws the full-width button and, when open, the popup listing `offered`.
  // Returns the picked name in the frame it is picked.
  std::optional<std::string> Draw(const std::vector<ComponentChoice>& offered);

 private:
  std::string search_;
  int highlighted_ = 0;
  bool focus_search_ = false;
  float list_room_ = 0.0f;  // the height the list may take where the popup is placed
};

// The names among `offered` containing `search` (ignoring case), in order.
std::vector<std::string> FilterComponentNames(const std::vector<std::string>& offered, const std::string& search);

// The choices whose name contains `search` (ignoring case), in the order the
// popup lists them: without a category first, then by category name; within
// each group in the order of `offered`.
std::vector<ComponentChoice> FilterComponents(const std::vector<ComponentChoice>& offered, const std::string& search);

}  // namespace cairn::editor
