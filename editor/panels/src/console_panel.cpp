#include "cairn/editor/panels/console_panel.h"

#include <imgui.h>

#include <algorithm>
#include <string>

#include "cairn/editor/message_log.h"
#include "cairn/editor/panels/bounded_text.h"
#include "cairn/editor/panels/theme.h"
#include "cairn/editor/panels/widget_map.h"

namespace cairn::editor {
namespace {

ImVec4 ColourOf(Severity severity) {
  switch (severity) {
    case Severity::kInfo: return theme::kInfo;
    case Severity::kWarning: return theme::kWarning;
    case Severity::kError: return theme::kError;
  }
  return theme::kInfo;
}

const char* TagOf(Severity severity) {
  switch (severity) {
    case Severity::kInfo: return "info";
    case Severity::kWarning: return "warn";
    case Severity::kError: return "error";
  }
  return "";
}

// A level toggle that reads "3 errors" and dims when off.
void LevelToggle(const char* id, std::size_t count, const char* singular, const char* plural, ImVec4 colour, bool& shown) {
  const std::string label = std::to_string(count) + " " + (count == 1 ? singular : plural) + "###" + id;
  ImGui::PushStyleColor(ImGuiCol_Text, shown ? colour : theme::kTextDim);
  ImGui::PushStyleColor(ImGuiCol_Button, shown ? ImGui::GetStyleColorVec4(ImGuiCol_Button) : ImVec4(0, 0, 0, 0));
  if (ImGui::SmallButton(label.c_str())) shown = !shown;
  ImGui::PopStyleColor(2);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip(shown ? "Hide these messages" : "Show these messages");
}

}  // namespace

void ConsolePanel::Draw(MessageLog& log) {
  if (ImGui::SmallButton("Clear")) log.Clear();
  GlobalWidgetMap().Record("console/clear");
  ImGui::SameLine();
  ImGui::Checkbox("Auto-scroll", &auto_scroll_);
  ImGui::SameLine();
  const float toggles_width = 300.0f;
  ImGui::SameLine(std::max(ImGui::GetCursorPosX(), ImGui::GetContentRegionMax().x - toggles_width));
  LevelToggle("errors", log.Count(Severity::kError), "error", "errors", theme::kError, show_errors_);
  ImGui::SameLine();
  LevelToggle("warnings", log.Count(Severity::kWarning), "warning", "warnings", theme::kWarning, show_warnings_);
  ImGui::SameLine();
  LevelToggle("info", log.Count(Severity::kInfo), "message", "messages", theme::kInfo, show_info_);

  ImGui::PushStyleColor(ImGuiCol_ChildBg, ImVec4(0.0f, 0.0f, 0.0f, 0.16f));
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x, 2.0f));
  ImGui::BeginChild("##messages", ImVec2(0.0f, 0.0f), true, ImGuiWindowFlags_HorizontalScrollbar);
  const bool was_at_bottom = ImGui::GetScrollY() >= ImGui::GetScrollMaxY() - 1.0f;
  const float tag_width = ImGui::CalcTextSize("error").x + ImGui::GetStyle().ItemSpacing.x;
  if (log.Empty()) ImGui::TextColored(theme::kTextDim, "No messages.");
  for (const LogEntry& entry : log.Entries()) {
    const bool shown = entry.severity == Severity::kError     ? show_errors_
                       : entry.severity == Severity::kWarning ? show_warnings_
                                                              : show_info_;
    if (!shown) continue;
    const ImVec4 colour = ColourOf(entry.severity);
    const float line_x = ImGui::GetCursorPosX();
    ImGui::TextColored(colour, "%s", TagOf(entry.severity));
    ImGui::SameLine(line_x + tag_width);
    ImGui::PushStyleColor(ImGuiCol_Text, entry.severity == Severity::kInfo ? ImGui::GetStyleColorVec4(ImGuiCol_Text) : colour);
    BoundedText(entry.text);
    ImGui::PopStyleColor();
  }
  const bool new_messages = log.LastSequence() != last_seen_sequence_;
  last_seen_sequence_ = log.LastSequence();
  if (auto_scroll_ && new_messages && was_at_bottom) ImGui::SetScrollHereY(1.0f);
  ImGui::EndChild();
  ImGui::PopStyleVar();
  ImGui::PopStyleColor();
}

}  // namespace cairn::editor
