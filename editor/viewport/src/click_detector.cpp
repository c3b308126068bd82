#include "cairn/editor/viewport/click_detector.h"

#include <algorithm>

#include <glm/geometric.hpp>

namespace cairn::editor {

void ClickDetector::Press(glm::vec2 pointer, bool eligible) {
  pressed_ = eligible;
  press_ = pointer;
  travel_ = 0.0f;
}

void ClickDetector::Track(glm::vec2 pointer) { travel_ = std::max(travel_, glm::distance(pointer, press_)); }

void ClickDetector::Move(glm::vec2 pointer) {
  if (pressed_) Track(pointer);
}

bool ClickDetector::Release(glm::vec2 pointer) {
  if (!pressed_) return false;
  pressed_ = false;
  Track(pointer);
  return travel_ <= kMaxTravelPixels;
}

}  // namespace cairn::editor
