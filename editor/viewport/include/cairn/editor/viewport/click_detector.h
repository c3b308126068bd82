#pragma once
// Tells a click from a drag: a press and release of the left button over the
// viewport, the pointer moving at most kMaxTravelPixels in between, with the
// press not taken by a gizmo handle or a navigation.

#include <glm/vec2.hpp>

namespace cairn::editor {

class ClickDetector {
 public:
  static constexpr float kMaxTravelPixels = 3.0f;

  // The button went down at `pointer`; `eligible` is false when the press
  // belongs to something else (a gizmo handle, Alt+drag orbiting, a press
  // outside the viewport). Returns nothing: wait for the release.
  void Press(glm::vec2 pointer, bool eligible);
  // The pointer moved while the button is held.
  void Move(glm::vec2 pointer);
  // The button was released at `pointer`: true when this completes a click.
  bool Release(glm::vec2 pointer);
  // Forgets the press (e.g. a drag began on it after all).
  void Cancel() { pressed_ = false; }

  bool Pending() const { return pressed_; }

 private:
  void Track(glm::vec2 pointer);

  glm::vec2 press_{0.0f};
  float travel_ = 0.0f;  // farthest distance from the press so far
  bool pressed_ = false;
};

}  // namespace cairn::editor
