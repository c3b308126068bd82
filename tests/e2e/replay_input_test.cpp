#include "cairn/platform/replay_input.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <catch2/catch.hpp>
#include <imgui.h>

#include <algorithm>
#include <functional>
#include <string>

#include "cairn/platform/replay_player.h"

using namespace cairn::platform;

namespace {

// An ImGui context without any backend: frames are built on the CPU only, so
// scripted input can be checked against ImGui's own logic without a window.
class HeadlessImGui {
 public:
  HeadlessImGui() {
    context_ = ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(640, 480);
    io.DeltaTime = 1.0f / 60.0f;
    unsigned char* pixels = nullptr;
    int width = 0;
    int height = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
  }
  ~HeadlessImGui() { ImGui::DestroyContext(context_); }
  HeadlessImGui(const HeadlessImGui&) = delete;
  HeadlessImGui& operator=(const HeadlessImGui&) = delete;

  // Plays `script` frame by frame, calling `draw` inside each frame.
  // `polled` runs first in each frame, where the real window's events are
  // polled (the GLFW backend's callbacks write to ImGuiIO there).
  void Play(std::string_view script, const std::function<void()>& draw,
            const std::function<void()>& polled = [] {}) {
    ReplayPlayer player(ParseReplayScript(script, "s.txt"));
    while (!player.Finished()) {
      polled();
      WriteToImGui(player.NextFrame().input, ImGui::GetIO());
      ImGui::NewFrame();
      ImGui::SetNextWindowPos(ImVec2(0, 0));
      ImGui::SetNextWindowSize(ImVec2(640, 480));
      ImGui::Begin("test", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove);
      draw();
      ImGui::End();
      ImGui::Render();
    }
  }

 private:
  ImGuiContext* context_ = nullptr;
};

// A 100x40 button at (20, 20): clicks land at (70, 40).
void ButtonAt20(int& presses) {
  ImGui::SetCursorPos(ImVec2(20, 20));
  if (ImGui::Button("Button", ImVec2(100, 40))) ++presses;
}

}  // namespace

TEST_CASE("[ReplayInput] The whole input state is written to ImGuiIO", "[platform][replay]") {
  HeadlessImGui imgui;
  ImGuiIO& io = ImGui::GetIO();
  io.AddInputCharacter('x');  // as if typed on the real keyboard during polling
  io.KeysDown[GLFW_KEY_Q] = true;

  ReplayInputState state;
  state.mouse = Point{3, 4};
  state.mouse_down[1] = true;
  state.keys_down.set(GLFW_KEY_LEFT_CONTROL);
  state.keys_down.set(GLFW_KEY_S);
  state.wheel = 2.0f;
  state.wheel_h = -1.0f;
  state.characters.push_back(U'\u00E9');
  WriteToImGui(state, io);

  CHECK(io.MousePos.x == 3.0f);
  CHECK(io.MousePos.y == 4.0f);
  CHECK_FALSE(io.MouseDown[0]);
  CHECK(io.MouseDown[1]);
  CHECK(io.MouseWheel == 2.0f);
  CHECK(io.MouseWheelH == -1.0f);
  CHECK(io.KeysDown[GLFW_KEY_S]);
  CHECK_FALSE(io.KeysDown[GLFW_KEY_Q]);
  CHECK(io.KeyCtrl);
  CHECK_FALSE(io.KeyShift);
  REQUIRE(io.InputQueueCharacters.Size == 1);
  CHECK(io.InputQueueCharacters[0] == 0xE9);
}

TEST_CASE("[ReplayInput] A scripted click presses an ImGui button once", "[platform][replay]") {
  HeadlessImGui imgui;
  int presses = 0;
  imgui.Play("click 70 40", [&] { ButtonAt20(presses); });
  CHECK(presses == 1);
}

TEST_CASE("[ReplayInput] A click outside the button does not press it", "[platform][replay]") {
  HeadlessImGui imgui;
  int presses = 0;
  imgui.Play("click 300 300", [&] { ButtonAt20(presses); });
  CHECK(presses == 0);
}

TEST_CASE("[ReplayInput] doubleclick is one ImGui double-click, two clicks are none", "[platform][replay]") {
  int double_clicks = 0;
  int presses = 0;
  const auto draw = [&] {
    ButtonAt20(presses);
    if (ImGui::IsItemHovered() && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) ++double_clicks;
  };
  {
    HeadlessImGui imgui;
    imgui.Play("doubleclick 70 40", draw);
    CHECK(double_clicks == 1);
  }
  double_clicks = 0;
  presses = 0;
  {
    HeadlessImGui imgui;
    imgui.Play("click 70 40\nclick 70 40\nclick 71 41", draw);
    CHECK(double_clicks == 0);
    CHECK(presses == 3);
  }
}

TEST_CASE("[ReplayInput] A key chord is pressed in exactly one frame with its modifiers", "[platform][replay]") {
  HeadlessImGui imgui;
  int ctrl_s = 0;
  int plain_s = 0;
  imgui.Play("key ctrl+s\nwait 3\nkey s", [&] {
    if (ImGui::IsKeyPressed(GLFW_KEY_S, false)) ++(ImGui::GetIO().KeyCtrl ? ctrl_s : plain_s);
  });
  CHECK(ctrl_s == 1);
  CHECK(plain_s == 1);
}

TEST_CASE("[ReplayInput] The real window losing focus does not release a script's keys or drop its text",
          "[platform][replay]") {
  // Under a loaded X server the window's focus events can arrive at any
  // frame; ImGui releases every key in a frame whose focus was lost.
  HeadlessImGui imgui;
  int ctrl_s = 0;
  std::string text;
  imgui.Play(
      "click 70 40\nwait 2\ntype \"Barrel\"\nwait 2\nkey ctrl+s\nwait 2",
      [&] {
        ImGui::SetCursorPos(ImVec2(20, 30));
        ImGui::SetNextItemWidth(200.0f);
        char buffer[64] = {};
        std::copy(text.begin(), text.end(), buffer);
        if (ImGui::InputText("##name", buffer, sizeof buffer)) text = buffer;
        if (ImGui::IsKeyPressed(GLFW_KEY_S, false) && ImGui::GetIO().KeyCtrl) ++ctrl_s;
      },
      [] { ImGui::GetIO().AddFocusEvent(false); });
  CHECK(text == "Barrel");
  CHECK(ctrl_s == 1);
}

TEST_CASE("[ReplayInput] A drag moves a DragFloat by distance times speed", "[platform][replay]") {
  HeadlessImGui imgui;
  float value = 0.0f;
  imgui.Play("drag 120 30 220 30", [&] {
    ImGui::SetCursorPos(ImVec2(20, 20));
    ImGui::SetNextItemWidth(200);
    ImGui::DragFloat("value", &value, 0.5f);
  });
  CHECK(value == Approx(50.0f));
}

TEST_CASE("[ReplayInput] A drag delivers an ImGui drag-and-drop payload", "[platform][replay]") {
  HeadlessImGui imgui;
  int delivered = 0;
  imgui.Play("drag 70 40 370 240", [&] {
    int unused = 0;
    ButtonAt20(unused);
    if (ImGui::BeginDragDropSource()) {
      ImGui::SetDragDropPayload("ITEM", "x", 2);
      ImGui::EndDragDropSource();
    }
    ImGui::SetCursorPos(ImVec2(300, 200));
    ImGui::Button("Target", ImVec2(140, 80));
    if (ImGui::BeginDragDropTarget()) {
      if (ImGui::AcceptDragDropPayload("ITEM")) ++delivered;
      ImGui::EndDragDropTarget();
    }
  });
  CHECK(delivered == 1);
}
