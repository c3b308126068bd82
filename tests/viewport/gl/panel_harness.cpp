#include "gl/panel_harness.h"

#include <imgui.h>

#include "cairn/test/gl_test_window.h"

namespace cairn::editor::testing {

PanelHarness::PanelHarness(EditorContext& context) : context_(context) {
  cairn::test::MakeTestGlContextCurrent();
  imgui_ = ImGui::CreateContext();
  ImGui::SetCurrentContext(imgui_);
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.LogFilename = nullptr;
  io.DisplaySize = ImVec2(static_cast<float>(kWidth), static_cast<float>(kHeight));
  io.DisplayFramebufferScale = ImVec2(1.0f, 1.0f);
  io.DeltaTime = 1.0f / 60.0f;
  unsigned char* pixels = nullptr;
  int width = 0;
  int height = 0;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);  // builds the atlas NewFrame needs
  panel_ = std::make_unique<ViewportPanel>(context_);
}

PanelHarness::~PanelHarness() {
  cairn::test::MakeTestGlContextCurrent();
  panel_.reset();
  ImGui::DestroyContext(imgui_);
}

void PanelHarness::SetKey(int glfw_key, bool down) {
  if (down) {
    keys_.insert(glfw_key);
  } else {
    keys_.erase(glfw_key);
  }
}

void PanelHarness::Frame() {
  cairn::test::MakeTestGlContextCurrent();
  ImGui::SetCurrentContext(imgui_);
  ImGuiIO& io = ImGui::GetIO();
  io.DeltaTime = 1.0f / 60.0f;
  io.MousePos = ImVec2(mouse_.x, mouse_.y);
  for (int button = 0; button < 3; ++button) io.MouseDown[button] = buttons_[button];
  io.MouseWheel = wheel_;
  wheel_ = 0.0f;
  for (bool& key : io.KeysDown) key = false;
  for (int key : keys_) io.KeysDown[key] = true;
  io.KeyCtrl = ctrl_;
  io.KeyAlt = alt_;
  io.KeyShift = shift_;
  io.KeySuper = false;

  ImGui::NewFrame();
  ImGui::SetNextWindowPos(ImVec2(0.0f, 0.0f));
  ImGui::SetNextWindowSize(io.DisplaySize);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0.0f, 0.0f));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0.0f);
  ImGui::Begin("Viewport", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings);
  ImGui::PopStyleVar(2);
  panel_->Draw();
  ImGui::End();
  context_.Flush();
  panel_->Render();
  ImGui::Render();
}

void PanelHarness::Frames(int count) {
  for (int i = 0; i < count; ++i) Frame();
}

void PanelHarness::Click(glm::vec2 at, int button) {
  MoveTo(at);
  Frame();
  SetButton(button, true);
  Frame();
  SetButton(button, false);
  Frame();
}

void PanelHarness::Drag(glm::vec2 from, glm::vec2 to, int button, int steps) {
  MoveTo(from);
  Frame();
  SetButton(button, true);
  Frame();
  Frame();
  for (int step = 1; step <= steps; ++step) {
    MoveTo(from + (to - from) * (static_cast<float>(step) / static_cast<float>(steps)));
    Frame();
  }
  Frames(2);
  SetButton(button, false);
  Frame();
}

void PanelHarness::PressKey(int glfw_key) {
  SetKey(glfw_key, true);
  Frame();
  SetKey(glfw_key, false);
  Frame();
}

Image Capture(const ViewportPanel& panel) {
  Image image;
  const glm::ivec2 size = panel.ImageSize();
  image.width = size.x;
  image.height = size.y;
  image.pixels = panel.ReadColorPixels();
  return image;
}

}  // namespace cairn::editor::testing
