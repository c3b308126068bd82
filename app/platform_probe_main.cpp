// cairn-platform-probe [options] [STATE_FILE]
//
// A small ImGui program that exercises cairn::platform end to end: a button,
// a text field, a drag-and-drop pair, a drag widget, a double-click target, a
// wheel target, a Ctrl+S shortcut, and a "Quit the probe?" dialog answering
// close requests from the window manager. Widgets sit at fixed window positions
// (listed in kLayout) so that replay scripts and xdotool can aim at them
// whatever the font. At exit the probe prints its state as "key=value" lines
// on stdout; with STATE_FILE it also rewrites that file whenever the state
// changes, for tests that watch a running probe. Replay scripts may use
// "expect FIELD VALUE" to check a field mid-script.

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <string>

#include "cairn/platform/frame_loop.h"
#include "cairn/platform/platform_error.h"
#include "cairn/platform/run_options.h"
#include "cairn/platform/window.h"

namespace {

using namespace cairn::platform;

// Top-left corner and size of each widget, in window pixels.
struct Box {
  float x, y, w, h;
};

struct ProbeLayout {
  Box press{40, 40, 240, 48};
  Box name{40, 120, 400, 0};  // height follows the font
  Box apple{40, 200, 160, 48};
  Box basket{400, 200, 240, 96};
  Box speed{40, 340, 400, 0};
  Box double_click{40, 400, 300, 32};
  Box scroll{40, 460, 240, 48};
  Box quit{40, 540, 160, 48};
  Box status{700, 40, 0, 0};
  Box close_dialog{300, 150, 360, 140};
  Box close_quit{20, 80, 140, 40};           // inside close_dialog
  Box close_keep_running{200, 80, 140, 40};  // inside close_dialog
};
constexpr ProbeLayout kLayout;

constexpr const char* kPayloadType = "PROBE_ITEM";

struct ProbeState {
  int clicks = 0;
  int right_clicks = 0;
  std::string name;
  std::string dropped;
  float speed = 1.0f;
  int double_clicks = 0;
  float scrolled = 0.0f;
  int saves = 0;
  int close_requests = 0;
  bool close_dialog_open = false;

  // The value of one field as Describe() prints it, or nullopt.
  std::optional<std::string> Field(std::string_view field) const {
    if (field == "clicks") return std::to_string(clicks);
    if (field == "right_clicks") return std::to_string(right_clicks);
    if (field == "name") return name;
    if (field == "dropped") return dropped;
    if (field == "speed") return Fixed(speed);
    if (field == "double_clicks") return std::to_string(double_clicks);
    if (field == "scrolled") return Fixed(scrolled);
    if (field == "saves") return std::to_string(saves);
    if (field == "close_requests") return std::to_string(close_requests);
    if (field == "close_dialog") return close_dialog_open ? "open" : "closed";
    return std::nullopt;
  }

  std::string Describe() const {
    std::string text;
    for (const char* field : {"clicks", "right_clicks", "name", "dropped", "speed", "double_clicks", "scrolled",
                              "saves", "close_requests", "close_dialog"}) {
      text += std::string(field) + "=" + *Field(field) + "\n";
    }
    return text;
  }

 private:
  static std::string Fixed(float value) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.2f", static_cast<double>(value));
    return buffer;
  }
};

void PlaceAt(const Box& box) { ImGui::SetCursorPos(ImVec2(box.x, box.y)); }
ImVec2 SizeOf(const Box& box) { return ImVec2(box.w, box.h); }

class Probe {
 public:
  Probe(Window& window, std::filesystem::path state_file) : window_(window), state_file_(std::move(state_file)) {}

  FrameCallbacks Callbacks() {
    FrameCallbacks callbacks;
    callbacks.draw_frame = [this] { Draw(); };
    callbacks.app_handles_close = true;
    callbacks.replay_verbs.push_back({{"expect", 2, 2, "FIELD VALUE"}, [this](const ReplayCommand& c) { Expect(c); }});
    return callbacks;
  }

  const ProbeState& State() const { return state_; }

 private:
  void Draw() {
    const ImGuiIO& io = ImGui::GetIO();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(io.DisplaySize);
    constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                        ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
    ImGui::Begin("Probe", nullptr, kFlags);
    DrawButtons();
    DrawNameField();
    DrawDragAndDrop();
    DrawSpeed();
    DrawDoubleClickTarget();
    DrawScrollTarget();
    DrawShortcuts();
    DrawStatus();
    ImGui::End();
    DrawCloseDialog();
    PublishState();
  }

  void DrawButtons() {
    PlaceAt(kLayout.press);
    if (ImGui::Button("Press me", SizeOf(kLayout.press))) ++state_.clicks;
    if (ImGui::IsItemClicked(ImGuiMouseButton_Right)) ++state_.right_clicks;
    PlaceAt(kLayout.quit);
    if (ImGui::Button("Quit", SizeOf(kLayout.quit))) window_.Close();
  }

  void DrawNameField() {
    PlaceAt(kLayout.name);
    ImGui::SetNextItemWidth(kLayout.name.w);
    ImGui::InputText("Name", name_buffer_, sizeof name_buffer_);
    state_.name = name_buffer_;
  }

  void DrawDragAndDrop() {
    PlaceAt(kLayout.apple);
    ImGui::Button("Apple", SizeOf(kLayout.apple));
    if (ImGui::BeginDragDropSource()) {
      ImGui::SetDragDropPayload(kPayloadType, "Apple", sizeof "Apple");
      ImGui::TextUnformatted("Apple");
      ImGui::EndDragDropSource();
    }
    PlaceAt(kLayout.basket);
    // "###basket" keeps the widget's id stable while its label changes.
    const std::string label =
        state_.dropped.empty() ? "Basket (empty)###basket" : "Basket: " + state_.dropped + "###basket";
    ImGui::Button(label.c_str(), SizeOf(kLayout.basket));
    if (ImGui::BeginDragDropTarget()) {
      if (const ImGuiPayload* payload = ImGui::AcceptDragDropPayload(kPayloadType)) {
        state_.dropped.assign(static_cast<const char*>(payload->Data), static_cast<std::size_t>(payload->DataSize - 1));
      }
      ImGui::EndDragDropTarget();
    }
  }

  void DrawSpeed() {
    PlaceAt(kLayout.speed);
    ImGui::SetNextItemWidth(kLayout.speed.w);
    ImGui::DragFloat("Speed", &state_.speed, 0.01f, 0.0f, 10.0f, "%.2f");
  }

  void DrawDoubleClickTarget() {
    PlaceAt(kLayout.double_click);
    ImGui::Selectable("Double-click me", false, ImGuiSelectableFlags_AllowDoubleClick, SizeOf(kLayout.double_click));
    if (ImGui::IsItemHovered() && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) ++state_.double_clicks;
  }

  void DrawScrollTarget() {
    PlaceAt(kLayout.scroll);
    ImGui::Button("Scroll here", SizeOf(kLayout.scroll));
    if (ImGui::IsItemHovered()) state_.scrolled += ImGui::GetIO().MouseWheel;
  }

  // Ctrl+S counts saves; Delete (looked up through ImGui's key map) empties
  // the basket. Both are ignored while the text field has the keyboard.
  void DrawShortcuts() {
    const ImGuiIO& io = ImGui::GetIO();
    if (io.WantTextInput) return;
    if (io.KeyCtrl && ImGui::IsKeyPressed(GLFW_KEY_S, false)) ++state_.saves;
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Delete), false)) state_.dropped.clear();
  }

  void DrawStatus() {
    PlaceAt(kLayout.status);
    ImGui::BeginGroup();
    ImGui::TextUnformatted("Probe state");
    ImGui::Separator();
    ImGui::TextUnformatted(state_.Describe().c_str());
    ImGui::EndGroup();
  }

  // A close request opens a dialog; the window closes only on its "Quit".
  void DrawCloseDialog() {
    if (window_.CloseRequested()) {
      window_.ClearCloseRequest();
      ++state_.close_requests;
      state_.close_dialog_open = true;
      ImGui::SetNextWindowFocus();
    }
    if (!state_.close_dialog_open) return;
    const Box& dialog = kLayout.close_dialog;
    ImGui::SetNextWindowPos(ImVec2(dialog.x, dialog.y));
    ImGui::SetNextWindowSize(SizeOf(dialog));
    ImGui::Begin("Quit the probe?", nullptr,
                 ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
                     ImGuiWindowFlags_NoSavedSettings);
    PlaceAt(kLayout.close_quit);
    if (ImGui::Button("Quit", SizeOf(kLayout.close_quit))) window_.Close();
    PlaceAt(kLayout.close_keep_running);
    if (ImGui::Button("Keep running", SizeOf(kLayout.close_keep_running))) state_.close_dialog_open = false;
    ImGui::End();
  }

  void Expect(const ReplayCommand& command) {
    const std::optional<std::string> actual = state_.Field(command.args[0]);
    if (!actual) throw std::invalid_argument("no field '" + command.args[0] + "'");
    if (*actual != command.args[1]) {
      throw std::runtime_error(command.args[0] + " is '" + *actual + "', expected '" + command.args[1] + "'");
    }
  }

  // Rewrites the state file when the state changed (temporary file, then
  // rename, so a watcher never reads half a file).
  void PublishState() {
    if (state_file_.empty()) return;
    const std::string text = state_.Describe();
    if (text == published_) return;
    std::filesystem::path temporary = state_file_;
    temporary += ".tmp";
    std::ofstream(temporary) << text;
    std::error_code error;
    std::filesystem::rename(temporary, state_file_, error);
    if (!error) published_ = text;
  }

  Window& window_;
  std::filesystem::path state_file_;
  std::string published_;
  ProbeState state_;
  char name_buffer_[128] = {};
};

std::string Usage() {
  return "usage: cairn-platform-probe [options] [STATE_FILE]\n\noptions:\n" + RunOptionsHelp();
}

}  // namespace

int main(int argc, char** argv) {
  const RunOptionsResult parsed = ParseRunOptions(argc, argv);
  if (!parsed.Ok()) {
    std::cerr << "cairn-platform-probe: " << parsed.error << "\n" << Usage();
    return 2;
  }
  const RunOptions& run = parsed.options;
  if (run.help) {
    std::cout << Usage();
    return 0;
  }
  if (run.positional.size() > 1) {
    std::cerr << "cairn-platform-probe: expected at most one STATE_FILE, got '" << run.positional[1] << "' too\n";
    return 2;
  }
  try {
    Window window(WindowOptionsFor("platform-probe", "Cairn platform probe", run));
    Probe probe(window, run.positional.empty() ? "" : run.positional[0]);
    const int exit_code = RunLoop(window, run, probe.Callbacks());
    std::cout << probe.State().Describe() << std::flush;
    return exit_code;
  } catch (const PlatformError& error) {
    std::cerr << "cairn-platform-probe: " << error.what() << "\n";
    return 1;
  }
}
