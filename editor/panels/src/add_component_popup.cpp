#include "cairn/editor/panels/add_component_popup.h"

#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cfloat>

#include "cairn/editor/panels/bounded_text.h"
#include "cairn/editor/panels/theme.h"
#include "cairn/editor/panels/widget_map.h"
#include "cairn/editor/text_case.h"

namespace cairn::editor {
namespace {

constexpr const char* kPopupId = "##add_component";
constexpr float kMaxListHeight = 320.0f;

// Lines the list takes: a line a name, and one more a category heading.
float ListRows(const std::vector<ComponentChoice>& matches) {
  std::size_t rows = matches.size();
  for (std::size_t i = 0; i < matches.size(); ++i) {
    const std::string& category = matches[i].category;
    if (!category.empty() && (i == 0 || matches[i - 1].category != category)) ++rows;
  }
  return static_cast<float>(std::max<std::size_t>(rows, 1));
}

}  // namespace

std::vector<std::string> FilterComponentNames(const std::vector<std::string>& offered, const std::string& search) {
  const std::string needle = LowerAscii(search);
  std::vector<std::string> matches;
  for (const std::string& name : offered) {
    if (LowerAscii(name).find(needle) != std::string::npos) matches.push_back(name);
  }
  return matches;
}

std::vector<ComponentChoice> FilterComponents(const std::vector<ComponentChoice>& offered, const std::string& search) {
  const std::string needle = LowerAscii(search);
  std::vector<ComponentChoice> matches;
  for (const ComponentChoice& choice : offered) {
    if (LowerAscii(choice.name).find(needle) != std::string::npos) matches.push_back(choice);
  }
  std::stable_sort(matches.begin(), matches.end(),
                   [](const ComponentChoice& a, const ComponentChoice& b) { return a.category < b.category; });
  return matches;
}

std::optional<std::string> AddComponentPopup::Draw(const std::vector<ComponentChoice>& offered) {
  const float width = ImGui::GetContentRegionAvail().x;
  const bool nothing_to_add = offered.empty();
  if (nothing_to_add) ImGui::BeginDisabled();
  if (ImGui::Button("Add Component", ImVec2(width, ImGui::GetFrameHeight() + 4.0f))) {
    search_.clear();
    highlighted_ = 0;
    focus_search_ = true;
    ImGui::OpenPopup(kPopupId);
  }
  if (nothing_to_add) ImGui::EndDisabled();
  if (nothing_to_add && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    ImGui::SetTooltip("The selection already has every component.");
  }
  GlobalWidgetMap().Record("inspector/add_component");
  // Below the button when the list fits there, else above it where there is
  // more room; the list scrolls in what space there is (nothing off screen).
  const float button_top = ImGui::GetItemRectMin().y;
  const ImVec2 below(ImGui::GetItemRectMin().x, ImGui::GetItemRectMax().y + 2.0f);
  const ImGuiStyle& style = ImGui::GetStyle();
  const float chrome = ImGui::GetFrameHeight() + 2.0f * style.WindowPadding.y + 3.0f * style.ItemSpacing.y + 4.0f;
  const float display_height = ImGui::GetIO().DisplaySize.y;
  const float room_below = display_height - below.y - 4.0f - chrome;
  const float room_above = button_top - 6.0f - chrome;
  const float wanted = std::min(ListRows(FilterComponents(offered, search_)) * ImGui::GetTextLineHeightWithSpacing(),
                                kMaxListHeight);
  const bool place_above = wanted > room_below && room_above > room_below;
  list_room_ = std::max(place_above ? room_above : room_below, ImGui::GetTextLineHeightWithSpacing());
  if (place_above) {
    ImGui::SetNextWindowPos(ImVec2(below.x, button_top - 2.0f), ImGuiCond_Always, ImVec2(0.0f, 1.0f));
  } else {
    ImGui::SetNextWindowPos(below);
  }
  ImGui::SetNextWindowSize(ImVec2(width, 0.0f));
  std::optional<std::string> picked;
  if (!ImGui::BeginPopup(kPopupId)) return picked;

  if (focus_search_) {
    ImGui::SetKeyboardFocusHere();
    focus_search_ = false;
  }
  ImGui::SetNextItemWidth(-FLT_MIN);
  const bool entered =
      BoundedInputText("##search", &search_, "Search components", ImGuiInputTextFlags_EnterReturnsTrue);
  GlobalWidgetMap().Record("inspector/add_component/search");
  if (ImGui::IsItemEdited()) highlighted_ = 0;
  const std::vector<ComponentChoice> matches = FilterComponents(offered, search_);
  const int count = static_cast<int>(matches.size());
  if (ImGui::IsKeyPressed(GLFW_KEY_DOWN)) highlighted_ = std::min(highlighted_ + 1, count - 1);
  if (ImGui::IsKeyPressed(GLFW_KEY_UP)) highlighted_ = std::max(highlighted_ - 1, 0);
  highlighted_ = std::clamp(highlighted_, 0, std::max(count - 1, 0));

  ImGui::Separator();
  if (matches.empty()) {
    BoundedTextColored(theme::kTextDim, "No component matches \"" + search_ + "\".", TextBounds::Label());
  }
  const float list_height =
      std::min({ListRows(matches) * ImGui::GetTextLineHeightWithSpacing(), kMaxListHeight, list_room_});
  ImGui::BeginChild("##names", ImVec2(0.0f, matches.empty() ? 1.0f : list_height), false);
  for (int i = 0; i < count; ++i) {
    const ComponentChoice& choice = matches[static_cast<std::size_t>(i)];
    const std::string& name = choice.name;
    const bool new_group = i == 0 || matches[static_cast<std::size_t>(i - 1)].category != choice.category;
    if (new_group && !choice.category.empty()) {
      BoundedTextColored(theme::kTextDim, choice.category, TextBounds::Label());
      GlobalWidgetMap().Record("inspector/add_component/category/" + choice.category);
    }
    if (!choice.category.empty()) ImGui::Indent(10.0f);
    if (ImGui::Selectable(BoundedLabel(name).c_str(), i == highlighted_)) picked = name;
    GlobalWidgetMap().Record("inspector/add_component/" + name);
    if (!choice.description.empty() && ImGui::IsItemHovered()) BoundedTooltip(choice.description);
    if (!choice.category.empty()) ImGui::Unindent(10.0f);
    if (i == highlighted_ && (ImGui::IsKeyPressed(GLFW_KEY_DOWN) || ImGui::IsKeyPressed(GLFW_KEY_UP))) {
      ImGui::SetScrollHereY();
    }
  }
  ImGui::EndChild();
  const bool enter_pressed = ImGui::IsKeyPressed(GLFW_KEY_ENTER, false) || ImGui::IsKeyPressed(GLFW_KEY_KP_ENTER, false);
  if (!picked && (entered || enter_pressed) && count > 0) picked = matches[static_cast<std::size_t>(highlighted_)].name;
  if (picked) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
  return picked;
}

}  // namespace cairn::editor
