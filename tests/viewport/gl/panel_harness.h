#pragma once
// Runs the real ViewportPanel frame by frame without a platform backend: a
// hidden GLFW window gives the OpenGL 3.3 core context, and an ImGui context
// of kWidth x kHeight gets its input (mouse, buttons, wheel, keys, modifiers)
// written directly each frame, as ImGui 1.86's GLFW backend would. The panel
// fills a borderless window covering the display, so window coordinates are
// viewport pixels. After each frame the EditorContext is flushed, as the
// editor does once per frame.

#include <memory>
#include <set>

#include <glm/vec2.hpp>

#include "cairn/editor/editor_context.h"
#include "cairn/editor/viewport_panel.h"
#include "cairn/test/rgba_image.h"

struct ImGuiContext;

namespace cairn::editor::testing {

class PanelHarness {
 public:
  static constexpr int kWidth = 640;
  static constexpr int kHeight = 480;

  // Makes the shared GL context current and creates the panel over `context`
  // (not initialised: the first Frame initialises it, unless the test calls
  // Panel().Initialize first).
  explicit PanelHarness(EditorContext& context);
  ~PanelHarness();
  PanelHarness(const PanelHarness&) = delete;
  PanelHarness& operator=(const PanelHarness&) = delete;

  ViewportPanel& Panel() { return *panel_; }

  // One frame with the current input; the wheel is consumed by it.
  void Frame();
  void Frames(int count);

  void MoveTo(glm::vec2 position) { mouse_ = position; }
  void SetButton(int button, bool down) { buttons_[button] = down; }
  void SetKey(int glfw_key, bool down);
  void SetCtrl(bool down) { ctrl_ = down; }
  void SetAlt(bool down) { alt_ = down; }
  void SetShift(bool down) { shift_ = down; }
  void Wheel(float notches) { wheel_ += notches; }

  // Move; press; release: three frames, like the replay's `click`.
  void Click(glm::vec2 at, int button = 0);
  // Move; press; rest; `steps` frames to the end; rest two; release — like the replay's `drag`.
  void Drag(glm::vec2 from, glm::vec2 to, int button = 0, int steps = 10);
  // Down for a frame, up for a frame.
  void PressKey(int glfw_key);

 private:
  EditorContext& context_;
  ImGuiContext* imgui_ = nullptr;
  std::unique_ptr<ViewportPanel> panel_;
  glm::vec2 mouse_{-1.0f, -1.0f};
  bool buttons_[3] = {false, false, false};
  std::set<int> keys_;
  bool ctrl_ = false;
  bool alt_ = false;
  bool shift_ = false;
  float wheel_ = 0.0f;
};

// What the panel drew (top row first), and a way to save it.
using Image = cairn::test::RgbaImage;
using cairn::test::WritePng;

Image Capture(const ViewportPanel& panel);

}  // namespace cairn::editor::testing
