#include "cairn/editor/panels/theme.h"

namespace cairn::editor {
namespace {

ImVec4 Rgb(int r, int g, int b, float a = 1.0f) {
  return ImVec4(static_cast<float>(r) / 255.0f, static_cast<float>(g) / 255.0f, static_cast<float>(b) / 255.0f, a);
}

void SetSizes(ImGuiStyle& style) {
  style.WindowPadding = ImVec2(10.0f, 8.0f);
  style.FramePadding = ImVec2(8.0f, 4.0f);
  style.CellPadding = ImVec2(6.0f, 3.0f);
  style.ItemSpacing = ImVec2(8.0f, 6.0f);
  style.ItemInnerSpacing = ImVec2(6.0f, 4.0f);
  style.IndentSpacing = 18.0f;
  style.ScrollbarSize = 13.0f;
  style.GrabMinSize = 10.0f;
  style.WindowBorderSize = 0.0f;
  style.ChildBorderSize = 1.0f;
  style.PopupBorderSize = 1.0f;
  style.FrameBorderSize = 0.0f;
  style.TabBorderSize = 0.0f;
  style.WindowRounding = 0.0f;
  style.ChildRounding = 3.0f;
  style.FrameRounding = 3.0f;
  style.PopupRounding = 4.0f;
  style.ScrollbarRounding = 6.0f;
  style.GrabRounding = 3.0f;
  style.TabRounding = 3.0f;
  style.WindowTitleAlign = ImVec2(0.0f, 0.5f);
  style.WindowMenuButtonPosition = ImGuiDir_None;
  style.SelectableTextAlign = ImVec2(0.0f, 0.5f);
  style.DisplaySafeAreaPadding = ImVec2(0.0f, 0.0f);
}

void SetColours(ImGuiStyle& style) {
  ImVec4* c = style.Colors;
  const ImVec4 text = Rgb(218, 221, 227);
  const ImVec4 window = Rgb(37, 39, 44);
  const ImVec4 panel_dark = Rgb(29, 31, 35);
  const ImVec4 frame = Rgb(50, 53, 60);
  const ImVec4 frame_hover = Rgb(62, 66, 75);
  const ImVec4 frame_active = Rgb(72, 77, 88);
  const ImVec4 accent = Rgb(64, 122, 230);
  const ImVec4 accent_soft = Rgb(52, 93, 168);
  const ImVec4 header = Rgb(48, 52, 60);

  c[ImGuiCol_Text] = text;
  c[ImGuiCol_TextDisabled] = Rgb(120, 125, 135);
  c[ImGuiCol_WindowBg] = window;
  c[ImGuiCol_ChildBg] = Rgb(0, 0, 0, 0.0f);
  c[ImGuiCol_PopupBg] = Rgb(33, 35, 40, 0.98f);
  c[ImGuiCol_Border] = Rgb(58, 62, 70);
  c[ImGuiCol_BorderShadow] = Rgb(0, 0, 0, 0.0f);
  c[ImGuiCol_FrameBg] = frame;
  c[ImGuiCol_FrameBgHovered] = frame_hover;
  c[ImGuiCol_FrameBgActive] = frame_active;
  c[ImGuiCol_TitleBg] = panel_dark;
  c[ImGuiCol_TitleBgActive] = panel_dark;
  c[ImGuiCol_TitleBgCollapsed] = panel_dark;
  c[ImGuiCol_MenuBarBg] = panel_dark;
  c[ImGuiCol_ScrollbarBg] = Rgb(0, 0, 0, 0.0f);
  c[ImGuiCol_ScrollbarGrab] = Rgb(70, 74, 84);
  c[ImGuiCol_ScrollbarGrabHovered] = Rgb(88, 93, 105);
  c[ImGuiCol_ScrollbarGrabActive] = Rgb(104, 110, 124);
  c[ImGuiCol_CheckMark] = Rgb(120, 170, 255);
  c[ImGuiCol_SliderGrab] = accent;
  c[ImGuiCol_SliderGrabActive] = Rgb(96, 150, 250);
  c[ImGuiCol_Button] = Rgb(55, 59, 67);
  c[ImGuiCol_ButtonHovered] = Rgb(68, 73, 84);
  c[ImGuiCol_ButtonActive] = accent_soft;
  c[ImGuiCol_Header] = header;
  c[ImGuiCol_HeaderHovered] = Rgb(58, 63, 73);
  c[ImGuiCol_HeaderActive] = accent_soft;
  c[ImGuiCol_Separator] = Rgb(52, 55, 62);
  c[ImGuiCol_SeparatorHovered] = accent_soft;
  c[ImGuiCol_SeparatorActive] = accent;
  c[ImGuiCol_ResizeGrip] = Rgb(0, 0, 0, 0.0f);
  c[ImGuiCol_ResizeGripHovered] = accent_soft;
  c[ImGuiCol_ResizeGripActive] = accent;
  c[ImGuiCol_Tab] = header;
  c[ImGuiCol_TabHovered] = frame_hover;
  c[ImGuiCol_TabActive] = frame_active;
  c[ImGuiCol_TabUnfocused] = header;
  c[ImGuiCol_TabUnfocusedActive] = frame;
  c[ImGuiCol_PlotLines] = accent;
  c[ImGuiCol_PlotLinesHovered] = Rgb(96, 150, 250);
  c[ImGuiCol_PlotHistogram] = accent;
  c[ImGuiCol_PlotHistogramHovered] = Rgb(96, 150, 250);
  c[ImGuiCol_TableHeaderBg] = header;
  c[ImGuiCol_TableBorderStrong] = Rgb(52, 55, 62);
  c[ImGuiCol_TableBorderLight] = Rgb(45, 48, 54);
  c[ImGuiCol_TableRowBg] = Rgb(0, 0, 0, 0.0f);
  c[ImGuiCol_TableRowBgAlt] = Rgb(255, 255, 255, 0.02f);
  c[ImGuiCol_TextSelectedBg] = Rgb(64, 122, 230, 0.45f);
  c[ImGuiCol_DragDropTarget] = Rgb(110, 165, 255);
  c[ImGuiCol_NavHighlight] = accent;
  c[ImGuiCol_NavWindowingHighlight] = Rgb(255, 255, 255, 0.7f);
  c[ImGuiCol_NavWindowingDimBg] = Rgb(20, 20, 20, 0.5f);
  c[ImGuiCol_ModalWindowDimBg] = Rgb(10, 11, 13, 0.6f);
}

}  // namespace

void ApplyEditorTheme(float scale) {
  ImGuiStyle style;
  ImGui::StyleColorsDark(&style);
  SetSizes(style);
  SetColours(style);
  if (scale > 1.0f) style.ScaleAllSizes(scale);
  ImGui::GetStyle() = style;
}

}  // namespace cairn::editor
