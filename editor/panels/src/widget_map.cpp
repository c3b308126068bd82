#include "cairn/editor/panels/widget_map.h"

#include <imgui.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <system_error>

namespace cairn::editor {
namespace {

std::string Sanitised(std::string_view name) {
  std::string text(name);
  for (char& c : text) {
    if (c == ' ' || c == '\t' || c == '\n') c = '_';
  }
  return text;
}

std::string Number(float value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%g", static_cast<double>(std::round(value * 10.0f) / 10.0f));
  return buffer;
}

}  // namespace

void WidgetMap::Record(std::string_view name) {
  if (!Enabled()) return;
  const ImVec2 min = ImGui::GetItemRectMin();
  const ImVec2 max = ImGui::GetItemRectMax();
  RecordBox(name, Box{min.x, min.y, max.x - min.x, max.y - min.y});
}

void WidgetMap::RecordBox(std::string_view name, Box box) {
  if (!Enabled()) return;
  frame_.insert_or_assign(Sanitised(name), box);
}

std::string WidgetMap::Text() const {
  std::string text;
  for (const auto& [name, box] : boxes_) {
    text += name + " " + Number(box.x) + " " + Number(box.y) + " " + Number(box.w) + " " + Number(box.h) + "\n";
  }
  return text;
}

void WidgetMap::EndFrame() {
  if (!Enabled()) return;
  if (frame_ != boxes_) {
    boxes_.swap(frame_);
    written_ = false;
  }
  frame_.clear();
  if (file_.empty() || written_) return;
  std::filesystem::path temporary = file_;
  temporary += ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) return;
    out << Text();
    if (!out.flush()) return;
  }
  std::error_code error;
  std::filesystem::rename(temporary, file_, error);
  if (!error) written_ = true;
}

WidgetMap& GlobalWidgetMap() {
  static WidgetMap map;
  return map;
}

}  // namespace cairn::editor
