#include "cairn/platform/input_queue.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <catch2/catch.hpp>
#include <imgui.h>

#include <functional>
#include <string>

using namespace cairn::platform;

namespace {

// Pushes what GLFW reports for a quick tap of a printing key: press, its
// character, release.
void Type(InputQueue& queue, int key, char32_t character, double time, int mods = 0) {
  queue.PushKey(key, true, mods, time);
  queue.PushChar(character, time);
  queue.PushKey(key, false, mods, time);
}

void Tap(InputQueue& queue, int key, double time, int mods = 0) {
  queue.PushKey(key, true, mods, time);
  queue.PushKey(key, false, mods, time);
}

void Click(InputQueue& queue, double time, int button = GLFW_MOUSE_BUTTON_LEFT) {
  queue.PushMouseButton(button, true, 0, time);
  queue.PushMouseButton(button, false, 0, time);
}

bool SamePoint(Point a, Point b) { return a.x == b.x && a.y == b.y; }

}  // namespace

// --- The queue alone ------------------------------------------------------

TEST_CASE("[InputQueue] A key pressed and released within one frame is down in one frame, up in the next",
          "[platform][input]") {
  InputQueue queue;
  Tap(queue, GLFW_KEY_DELETE, 1.0);

  const InputFrame first = queue.NextFrame(1.2);
  CHECK(first.input.KeyDown(GLFW_KEY_DELETE));
  CHECK(first.delivered == 1);
  CHECK(first.left == 1);

  const InputFrame second = queue.NextFrame(1.4);
  CHECK_FALSE(second.input.KeyDown(GLFW_KEY_DELETE));
  CHECK(second.left == 0);

  CHECK_FALSE(queue.NextFrame(1.6).input.KeyDown(GLFW_KEY_DELETE));
}

TEST_CASE("[InputQueue] Two different keys pressed in one frame both go down in that frame", "[platform][input]") {
  InputQueue queue;
  queue.PushKey(GLFW_KEY_A, true, 0, 1.0);
  queue.PushKey(GLFW_KEY_B, true, 0, 1.0);

  const InputFrame frame = queue.NextFrame(1.2);
  CHECK(frame.input.KeyDown(GLFW_KEY_A));
  CHECK(frame.input.KeyDown(GLFW_KEY_B));
  CHECK(frame.left == 0);
}

TEST_CASE("[InputQueue] Characters keep their order, with each other and with command keys", "[platform][input]") {
  InputQueue queue;
  // "2.5", Return, "7" typed between two frames.
  Type(queue, GLFW_KEY_2, U'2', 1.0);
  Type(queue, GLFW_KEY_PERIOD, U'.', 1.0);
  Type(queue, GLFW_KEY_5, U'5', 1.0);
  Tap(queue, GLFW_KEY_ENTER, 1.0);
  Type(queue, GLFW_KEY_7, U'7', 1.0);

  // What ImGui sees frame by frame: the characters, '|' for a frame where
  // Return went down.
  std::u32string seen;
  bool enter_was_down = false;
  for (int frame = 0; frame < 10; ++frame) {
    const InputFrame taken = queue.NextFrame(1.2 + frame * 0.2);
    seen += taken.input.characters;
    const bool enter_down = taken.input.KeyDown(GLFW_KEY_ENTER);
    if (enter_down && !enter_was_down) {
      CHECK(taken.input.characters.empty());
      seen += U'|';
    }
    enter_was_down = enter_down;
  }
  CHECK(seen == U"2.5|7");
  CHECK(queue.Empty());
}

TEST_CASE("[InputQueue] A quick Ctrl+Z is one frame of Ctrl and Z down", "[platform][input]") {
  InputQueue queue;
  queue.PushKey(GLFW_KEY_LEFT_CONTROL, true, 0, 1.0);
  queue.PushKey(GLFW_KEY_Z, true, GLFW_MOD_CONTROL, 1.0);
  queue.PushKey(GLFW_KEY_Z, false, GLFW_MOD_CONTROL, 1.0);
  queue.PushKey(GLFW_KEY_LEFT_CONTROL, false, GLFW_MOD_CONTROL, 1.0);

  const InputFrame chord = queue.NextFrame(1.2);
  CHECK(chord.input.Ctrl());
  CHECK(chord.input.KeyDown(GLFW_KEY_Z));

  const InputFrame released = queue.NextFrame(1.4);
  CHECK_FALSE(released.input.Ctrl());
  CHECK_FALSE(released.input.KeyDown(GLFW_KEY_Z));
  CHECK(queue.Empty());
}

TEST_CASE("[InputQueue] A modifier let go right after a press waits, so the press keeps it", "[platform][input]") {
  InputQueue queue;
  queue.PushKey(GLFW_KEY_LEFT_CONTROL, true, 0, 1.0);
  queue.NextFrame(1.1);
  // Z goes down, then Ctrl comes up before Z: still Ctrl+Z.
  queue.PushKey(GLFW_KEY_Z, true, GLFW_MOD_CONTROL, 1.15);
  queue.PushKey(GLFW_KEY_LEFT_CONTROL, false, GLFW_MOD_CONTROL, 1.15);
  queue.PushKey(GLFW_KEY_Z, false, 0, 1.15);

  const InputFrame chord = queue.NextFrame(1.2);
  CHECK(chord.input.KeyDown(GLFW_KEY_Z));
  CHECK(chord.input.Ctrl());
  const InputFrame after = queue.NextFrame(1.4);
  CHECK_FALSE(after.input.Ctrl());
  CHECK_FALSE(after.input.KeyDown(GLFW_KEY_Z));
}

TEST_CASE("[InputQueue] Two command keys go down in frames of their own", "[platform][input]") {
  InputQueue queue;
  queue.PushKey(GLFW_KEY_ENTER, true, 0, 1.0);
  queue.PushKey(GLFW_KEY_LEFT_CONTROL, true, 0, 1.0);
  queue.PushKey(GLFW_KEY_S, true, GLFW_MOD_CONTROL, 1.0);

  const InputFrame enter = queue.NextFrame(1.2);
  CHECK(enter.input.KeyDown(GLFW_KEY_ENTER));
  CHECK_FALSE(enter.input.KeyDown(GLFW_KEY_S));
  const InputFrame save = queue.NextFrame(1.4);
  CHECK(save.input.KeyDown(GLFW_KEY_S));
  CHECK(save.input.Ctrl());
}

TEST_CASE("[InputQueue] A double-click within one frame takes four frames at the clicked place", "[platform][input]") {
  InputQueue queue;
  queue.PushMouseMove({40, 50}, 1.0);
  Click(queue, 1.0);
  Click(queue, 1.05);
  queue.PushMouseMove({300, 300}, 1.1);

  bool expected_down = true;
  for (int frame = 0; frame < 4; ++frame) {
    const InputFrame taken = queue.NextFrame(1.2 + frame * 0.2);
    INFO("frame " << frame);
    CHECK(taken.input.mouse_down[0] == expected_down);
    CHECK(SamePoint(taken.input.mouse, Point{40, 50}));
    expected_down = !expected_down;
  }
  const InputFrame moved = queue.NextFrame(2.0);
  CHECK(SamePoint(moved.input.mouse, Point{300, 300}));
  CHECK(queue.Empty());
}

TEST_CASE("[InputQueue] Left-over events keep their own time, so spread presses stay close", "[platform][input]") {
  InputQueue queue;
  CHECK(queue.NextFrame(0.8).delta_time == Approx(InputQueue::kFirstFrameStep));
  CHECK(queue.NextFrame(1.0).delta_time == Approx(0.2));
  Click(queue, 1.1);
  Click(queue, 1.15);

  // Frames start every 0.2 s, but the clock follows the events while some
  // are left: the two presses are 0.05 s apart, not 0.4 s.
  double press_times[2] = {};
  int presses = 0;
  bool was_down = false;
  double clock = 1.0;
  for (int frame = 0; frame < 4; ++frame) {
    const InputFrame taken = queue.NextFrame(1.2 + frame * 0.2);
    CHECK(taken.delta_time > 0.0f);
    clock += taken.delta_time;
    CHECK(clock == Approx(taken.time).margin(1e-5));
    if (taken.input.mouse_down[0] && !was_down) press_times[presses++] = taken.time;
    was_down = taken.input.mouse_down[0];
  }
  REQUIRE(presses == 2);
  CHECK(press_times[1] - press_times[0] < 0.1);
  CHECK(queue.Empty());
  // Once the queue is empty the clock is the real one again.
  CHECK(queue.NextFrame(2.0).time == Approx(2.0));
}

TEST_CASE("[InputQueue] A button event happens where the pointer was, a later move waits", "[platform][input]") {
  InputQueue queue;
  queue.PushMouseMove({10, 10}, 1.0);
  queue.PushMouseMove({20, 20}, 1.0);
  CHECK(queue.Queued() == 1);  // moves in a row are one
  queue.PushMouseButton(GLFW_MOUSE_BUTTON_RIGHT, true, 0, 1.0);
  queue.PushMouseMove({90, 90}, 1.0);

  const InputFrame press = queue.NextFrame(1.2);
  CHECK(press.input.mouse_down[1]);
  CHECK(SamePoint(press.input.mouse, Point{20, 20}));
  const InputFrame moved = queue.NextFrame(1.4);
  CHECK(moved.input.mouse_down[1]);
  CHECK(SamePoint(moved.input.mouse, Point{90, 90}));
}

TEST_CASE("[InputQueue] Without a known pointer a button uses the fallback, leaving drops the mouse",
          "[platform][input]") {
  InputQueue queue;
  queue.PushMouseButton(GLFW_MOUSE_BUTTON_LEFT, true, 0, 1.0, Point{7, 8});
  CHECK(SamePoint(queue.NextFrame(1.2).input.mouse, Point{7, 8}));
  queue.PushMouseMove({30, 40}, 1.3);
  queue.PushMouseLeave(1.3);
  CHECK(SamePoint(queue.NextFrame(1.4).input.mouse, InputQueue::kNoMouse));
}

TEST_CASE("[InputQueue] Wheel steps add up and stay in order with modifiers and buttons", "[platform][input]") {
  InputQueue queue;
  queue.PushKey(GLFW_KEY_LEFT_CONTROL, true, 0, 1.0);
  queue.PushScroll(0, 1, 1.0);
  queue.PushScroll(0.5f, 1, 1.0);
  queue.PushKey(GLFW_KEY_LEFT_CONTROL, false, GLFW_MOD_CONTROL, 1.0);
  queue.PushScroll(0, -1, 1.0);
  Click(queue, 1.0);
  queue.PushScroll(0, 2, 1.0);

  const InputFrame zoom = queue.NextFrame(1.2);  // Ctrl held for the first two steps
  CHECK(zoom.input.Ctrl());
  CHECK(zoom.input.wheel == 2.0f);
  CHECK(zoom.input.wheel_h == 0.5f);
  const InputFrame plain = queue.NextFrame(1.4);
  CHECK_FALSE(plain.input.Ctrl());
  CHECK(plain.input.wheel == -1.0f);
  CHECK_FALSE(plain.input.mouse_down[0]);  // the click waits for the wheel's frame to pass
  const InputFrame pressed = queue.NextFrame(1.6);
  CHECK(pressed.input.mouse_down[0]);
  CHECK(pressed.input.wheel == 0.0f);
  const InputFrame released = queue.NextFrame(1.8);
  CHECK_FALSE(released.input.mouse_down[0]);
  CHECK(queue.NextFrame(2.0).input.wheel == 2.0f);
}

TEST_CASE("[InputQueue] Text typed after a click reaches the frame after the click", "[platform][input]") {
  InputQueue queue;
  queue.PushMouseMove({5, 5}, 1.0);
  queue.PushMouseButton(GLFW_MOUSE_BUTTON_LEFT, true, 0, 1.0);
  queue.PushMouseButton(GLFW_MOUSE_BUTTON_LEFT, false, 0, 1.0);
  Type(queue, GLFW_KEY_X, U'x', 1.0);

  CHECK(queue.NextFrame(1.2).input.characters.empty());  // press
  CHECK(queue.NextFrame(1.4).input.characters.empty());  // release
  CHECK(queue.NextFrame(1.6).input.characters == U"x");
}

TEST_CASE("[InputQueue] Shift may change between characters, Ctrl may not", "[platform][input]") {
  InputQueue queue;
  Type(queue, GLFW_KEY_A, U'a', 1.0);
  queue.PushKey(GLFW_KEY_LEFT_SHIFT, true, 0, 1.0);
  queue.PushChar(U'B', 1.0);  // as an input method might send it, without a key
  queue.PushKey(GLFW_KEY_LEFT_CONTROL, true, GLFW_MOD_SHIFT, 1.0);

  const InputFrame frame = queue.NextFrame(1.2);
  // A's release waits for the next frame, and so does all behind it.
  CHECK(frame.input.characters == U"a");
  const InputFrame next = queue.NextFrame(1.4);
  CHECK(next.input.Shift());
  CHECK(next.input.characters == U"B");
  CHECK_FALSE(next.input.Ctrl());
  CHECK(queue.NextFrame(1.6).input.Ctrl());
}

TEST_CASE("[InputQueue] Releases of keys never pressed, unknown keys and extra buttons are dropped",
          "[platform][input]") {
  InputQueue queue;
  queue.PushKey(GLFW_KEY_Q, false, 0, 1.0);
  queue.PushKey(GLFW_KEY_UNKNOWN, true, 0, 1.0);
  queue.PushMouseButton(GLFW_MOUSE_BUTTON_8, true, 0, 1.0);
  CHECK(queue.Queued() == 1);
  const InputFrame frame = queue.NextFrame(1.2);
  CHECK(frame.delivered == 1);
  CHECK(frame.input.keys_down.none());
}

TEST_CASE("[InputQueue] Dropping the queue keeps what is held", "[platform][input]") {
  InputQueue queue;
  queue.PushKey(GLFW_KEY_LEFT_SHIFT, true, 0, 1.0);
  queue.NextFrame(1.2);
  queue.PushKey(GLFW_KEY_LEFT_SHIFT, false, 0, 1.3);
  queue.DropQueued();
  CHECK(queue.Empty());
  CHECK(queue.NextFrame(1.4).input.Shift());
}

TEST_CASE("[InputQueue] Key classes", "[platform][input]") {
  CHECK(InputQueue::IsModifierKey(GLFW_KEY_RIGHT_SUPER));
  CHECK_FALSE(InputQueue::IsModifierKey(GLFW_KEY_MENU));
  CHECK(InputQueue::IsTypingKey(GLFW_KEY_SPACE));
  CHECK(InputQueue::IsTypingKey(GLFW_KEY_KP_5));
  CHECK_FALSE(InputQueue::IsTypingKey(GLFW_KEY_KP_ENTER));
  CHECK_FALSE(InputQueue::IsTypingKey(GLFW_KEY_ENTER));
  CHECK_FALSE(InputQueue::IsTypingKey(GLFW_KEY_BACKSPACE));
  CHECK_FALSE(InputQueue::IsTypingKey(GLFW_KEY_F2));
}

// --- The queue feeding ImGui 1.86 (no window) -------------------------------

namespace {

// An ImGui context without backends; every frame takes its input from the
// queue as the frame loop does, on frames `frame_seconds` apart.
class QueueFedImGui {
 public:
  explicit QueueFedImGui(double frame_seconds) : frame_seconds_(frame_seconds) {
    context_ = ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(640, 480);
    // Keys by GLFW code, as ImGui's GLFW backend maps them.
    io.KeyMap[ImGuiKey_Backspace] = GLFW_KEY_BACKSPACE;
    io.KeyMap[ImGuiKey_Enter] = GLFW_KEY_ENTER;
    io.KeyMap[ImGuiKey_A] = GLFW_KEY_A;
    io.KeyMap[ImGuiKey_Z] = GLFW_KEY_Z;
    unsigned char* pixels = nullptr;
    int width = 0;
    int height = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
  }
  ~QueueFedImGui() { ImGui::DestroyContext(context_); }
  QueueFedImGui(const QueueFedImGui&) = delete;
  QueueFedImGui& operator=(const QueueFedImGui&) = delete;

  InputQueue& Queue() { return queue_; }
  double Now() const { return now_; }

  void Frames(int count, const std::function<void()>& draw) {
    for (int i = 0; i < count; ++i) {
      now_ += frame_seconds_;
      const InputFrame frame = queue_.NextFrame(now_);
      ImGuiIO& io = ImGui::GetIO();
      WriteToImGui(frame.input, io);
      io.DeltaTime = frame.delta_time;
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
  InputQueue queue_;
  double frame_seconds_;
  double now_ = 1.0;
};

}  // namespace

TEST_CASE("[InputQueue] On 200 ms frames ImGui sees a double-click made within one frame", "[platform][input]") {
  QueueFedImGui imgui(0.2);
  int double_clicks = 0;
  int presses = 0;
  const auto draw = [&] {
    ImGui::SetCursorPos(ImVec2(20, 20));
    if (ImGui::Button("Row", ImVec2(200, 30))) ++presses;
    if (ImGui::IsItemHovered() && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) ++double_clicks;
  };
  imgui.Frames(2, draw);
  imgui.Queue().PushMouseMove({60, 35}, imgui.Now() + 0.05);
  Click(imgui.Queue(), imgui.Now() + 0.05);
  Click(imgui.Queue(), imgui.Now() + 0.1);
  imgui.Frames(6, draw);
  CHECK(double_clicks == 1);
  CHECK(presses == 2);
}

TEST_CASE("[InputQueue] On 200 ms frames a double-click split over two frames is still one", "[platform][input]") {
  QueueFedImGui imgui(0.2);
  int double_clicks = 0;
  const auto draw = [&] {
    ImGui::SetCursorPos(ImVec2(20, 20));
    ImGui::Button("Row", ImVec2(200, 30));
    if (ImGui::IsItemHovered() && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) ++double_clicks;
  };
  imgui.Frames(2, draw);
  imgui.Queue().PushMouseMove({60, 35}, imgui.Now() + 0.15);
  Click(imgui.Queue(), imgui.Now() + 0.15);
  imgui.Frames(1, draw);
  Click(imgui.Queue(), imgui.Now() + 0.05);
  imgui.Frames(6, draw);
  CHECK(double_clicks == 1);
}

TEST_CASE("[InputQueue] A quick Ctrl+Z between two frames is one Ctrl+Z press for ImGui", "[platform][input]") {
  QueueFedImGui imgui(0.2);
  int undos = 0;
  int plain_z = 0;
  const auto draw = [&] {
    if (ImGui::IsKeyPressed(GLFW_KEY_Z, false)) ++(ImGui::GetIO().KeyCtrl ? undos : plain_z);
  };
  imgui.Frames(1, draw);
  InputQueue& queue = imgui.Queue();
  queue.PushKey(GLFW_KEY_LEFT_CONTROL, true, 0, imgui.Now() + 0.1);
  Tap(queue, GLFW_KEY_Z, imgui.Now() + 0.1, GLFW_MOD_CONTROL);
  Tap(queue, GLFW_KEY_Z, imgui.Now() + 0.1, GLFW_MOD_CONTROL);
  queue.PushKey(GLFW_KEY_LEFT_CONTROL, false, GLFW_MOD_CONTROL, imgui.Now() + 0.1);
  imgui.Frames(6, draw);
  CHECK(undos == 2);
  CHECK(plain_z == 0);
}

TEST_CASE("[InputQueue] Typing 2.5 then Return between two frames commits 2.5", "[platform][input]") {
  QueueFedImGui imgui(0.2);
  std::string committed;
  char buffer[32] = "0";
  bool focus = true;
  const auto draw = [&] {
    if (focus) ImGui::SetKeyboardFocusHere();
    focus = false;
    ImGui::SetCursorPos(ImVec2(20, 20));
    if (ImGui::InputText("value", buffer, sizeof buffer,
                         ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll)) {
      committed = buffer;
    }
  };
  imgui.Frames(2, draw);
  InputQueue& queue = imgui.Queue();
  const double t = imgui.Now() + 0.1;
  Type(queue, GLFW_KEY_2, U'2', t);
  Type(queue, GLFW_KEY_PERIOD, U'.', t);
  Type(queue, GLFW_KEY_5, U'5', t);
  Tap(queue, GLFW_KEY_ENTER, t);
  imgui.Frames(5, draw);
  CHECK(committed == "2.5");
}

TEST_CASE("[InputQueue] Backspace between typed characters edits where it was pressed", "[platform][input]") {
  QueueFedImGui imgui(0.2);
  char buffer[32] = "";
  bool focus = true;
  const auto draw = [&] {
    if (focus) ImGui::SetKeyboardFocusHere();
    focus = false;
    ImGui::SetCursorPos(ImVec2(20, 20));
    ImGui::InputText("name", buffer, sizeof buffer);
  };
  imgui.Frames(2, draw);
  InputQueue& queue = imgui.Queue();
  const double t = imgui.Now() + 0.1;
  Type(queue, GLFW_KEY_A, U'a', t);
  Type(queue, GLFW_KEY_B, U'b', t);
  Tap(queue, GLFW_KEY_BACKSPACE, t);
  Type(queue, GLFW_KEY_C, U'c', t);
  imgui.Frames(6, draw);
  CHECK(std::string(buffer) == "ac");
}
