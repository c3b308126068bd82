#pragma once
// The frame every editor dialog shares: a modal window of fixed size, centred
// in the display, with a scrolling body and a row of equal buttons at its
// bottom right. Fixed geometry keeps buttons where replay scripts and a
// user's muscle memory expect them:
//
//   window  x0 = (display_w - size.w) / 2,  y0 = (display_h - size.h) / 2
//   buttons y  = y0 + size.h - padding.y - frame_height        (padding: WindowPadding)
//           button k of n (0 = leftmost) starts at
//           x0 + size.w - padding.x - (n - k) * kButtonWidth - (n - k - 1) * kButtonGap

#include <imgui.h>

#include <initializer_list>
#include <string>

namespace cairn::editor {

struct ModalMetrics {
  static constexpr float kWidth = 540.0f;
  static constexpr float kHeight = 210.0f;
  static constexpr float kButtonWidth = 120.0f;
  static constexpr float kButtonGap = 8.0f;
};

// Opens the modal `title` (an ImGui popup id; call every frame while the
// dialog should show) and begins it at `size`, clamped to the display.
// Returns true when it is visible; then call EndModal().
bool BeginModal(const char* title, ImVec2 size = ImVec2(ModalMetrics::kWidth, ModalMetrics::kHeight));

// The scrolling body, filling the space above the buttons.
void BeginModalBody();
void EndModalBody();

// The button row. Returns the index of the clicked button, or -1. Enter picks
// `enter_index` and Escape `escape_index` (-1: no key). Each button is
// recorded in the widget map as "modal/<title>/<label>".
int ModalButtons(const char* title, std::initializer_list<const char*> labels, int enter_index, int escape_index);

void EndModal();

}  // namespace cairn::editor
