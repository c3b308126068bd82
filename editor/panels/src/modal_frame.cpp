#include "cairn/editor/panels/modal_frame.h"

#include <GLFW/glfw3.h>

#include <algorithm>
#include <cmath>

#include "cairn/editor/panels/widget_map.h"

namespace cairn::editor {
namespace {

float FooterHeight() { return ImGui::GetFrameHeight() + ImGui::GetStyle().ItemSpacing.y; }

}  // namespace

bool BeginModal(const char* title, ImVec2 size) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  size.x = std::min(size.x, std::max(display.x - 16.0f, 160.0f));
  size.y = std::min(size.y, std::max(display.y - 16.0f, 120.0f));
  if (!ImGui::IsPopupOpen(title)) ImGui::OpenPopup(title);
  ImGui::SetNextWindowPos(ImVec2(std::floor((display.x - size.x) * 0.5f), std::floor((display.y - size.y) * 0.5f)));
  ImGui::SetNextWindowSize(size);
  constexpr ImGuiWindowFlags kFlags =
      ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings;
  return ImGui::BeginPopupModal(title, nullptr, kFlags);
}

void BeginModalBody() {
  const float height = ImGui::GetContentRegionAvail().y - FooterHeight();
  ImGui::BeginChild("##body", ImVec2(0.0f, std::max(height, 1.0f)), false);
}

void EndModalBody() { ImGui::EndChild(); }

int ModalButtons(const char* title, std::initializer_list<const char*> labels, int enter_index, int escape_index) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const int count = static_cast<int>(labels.size());
  const float row_width =
      static_cast<float>(count) * ModalMetrics::kButtonWidth + static_cast<float>(count - 1) * ModalMetrics::kButtonGap;
  const ImVec2 region = ImGui::GetWindowSize();
  const float x = region.x - style.WindowPadding.x - row_width;
  const float y = region.y - style.WindowPadding.y - ImGui::GetFrameHeight();
  int clicked = -1;
  int index = 0;
  for (const char* label : labels) {
    ImGui::SetCursorPos(ImVec2(x + static_cast<float>(index) * (ModalMetrics::kButtonWidth + ModalMetrics::kButtonGap), y));
    if (index == enter_index) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    if (ImGui::Button(label, ImVec2(ModalMetrics::kButtonWidth, 0.0f))) clicked = index;
    if (index == enter_index) ImGui::PopStyleColor();
    GlobalWidgetMap().Record(std::string("modal/") + title + "/" + label);
    ++index;
  }
  if (clicked < 0 && !ImGui::GetIO().WantTextInput) {
    if (enter_index >= 0 && (ImGui::IsKeyPressed(GLFW_KEY_ENTER, false) || ImGui::IsKeyPressed(GLFW_KEY_KP_ENTER, false))) {
      clicked = enter_index;
    } else if (escape_index >= 0 && ImGui::IsKeyPressed(GLFW_KEY_ESCAPE, false)) {
      clicked = escape_index;
    }
  }
  return clicked;
}

void EndModal() { ImGui::EndPopup(); }

}  // namespace cairn::editor
