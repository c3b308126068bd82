#include "cairn/platform/frame_loop.h"

#include <glad/gl.h>
// glad first: GLFW must not pull in the system GL header.
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <chrono>
#include <iostream>
#include <stdexcept>
#include <thread>
#include <utility>

#include "cairn/platform/input_queue.h"
#include "cairn/platform/platform_error.h"
#include "cairn/platform/replay_error.h"
#include "cairn/platform/screenshot.h"
#include "cairn/platform/window.h"

namespace cairn::platform {
namespace {

constexpr float kScriptedFrameSeconds = 1.0f / 60.0f;

void ReportToStderr(std::string_view message) { std::cerr << "cairn: " << message << '\n'; }

std::vector<ReplayVerbSpec> SpecsOf(const std::vector<AppReplayVerb>& verbs) {
  std::vector<ReplayVerbSpec> specs;
  for (const AppReplayVerb& verb : verbs) specs.push_back(verb.spec);
  return specs;
}

// Dispatches an AppCommand to the handler registered under its verb.
ReplayPlayer::AppCommandRunner DispatchTo(const std::vector<AppReplayVerb>& verbs) {
  return [&verbs](const ReplayCommand& command) {
    for (const AppReplayVerb& verb : verbs) {
      if (verb.spec.name == command.verb) {
        if (!verb.run) throw std::logic_error("the application gave this verb no handler");
        return verb.run(command);
      }
    }
    throw std::logic_error("the application has no handler for this verb");
  };
}

}  // namespace

FrameLoop::FrameLoop(Window& window, const RunOptions& options, FrameCallbacks callbacks)
    : window_(window), options_(options), callbacks_(std::move(callbacks)) {
  if (!callbacks_.draw_frame) throw std::invalid_argument("FrameCallbacks::draw_frame is required");
  if (!callbacks_.report_error) callbacks_.report_error = ReportToStderr;
  if (options_.Replaying()) {
    const std::vector<ReplayVerbSpec> specs = SpecsOf(callbacks_.replay_verbs);
    player_ = std::make_unique<ReplayPlayer>(LoadReplayScript(options_.replay_path, specs),
                                             DispatchTo(callbacks_.replay_verbs));
  }
  window_.SetVsync(!options_.Scripted());
}

FrameLoop::~FrameLoop() = default;

void FrameLoop::BuildFrame() {
  glfwPollEvents();
  if (window_.CloseRequested() && !callbacks_.app_handles_close) window_.Close();
  ImGui_ImplOpenGL3_NewFrame();
  // Display size and mouse cursor shape; the backend's reading of the mouse is
  // replaced below, by the replay or by the queued events.
  ImGui_ImplGlfw_NewFrame();
  if (player_) {
    window_.Input().DropQueued();  // the script is the only input
    ApplyReplayInput();
  } else {
    ApplyQueuedInput();
  }
  if (options_.Scripted()) ImGui::GetIO().DeltaTime = kScriptedFrameSeconds;
  ImGui::NewFrame();
  callbacks_.draw_frame();
  if (options_.frame_delay_ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(options_.frame_delay_ms));
  ImGui::Render();
  ++frames_built_;
  DecideWhetherLastFrame();
}

void FrameLoop::PresentFrame() {
  if (!options_.draw) {
    // The frame was built (its widgets laid out, the program's state moved
    // on) and is dropped here: rasterising it is most of a frame's time on a
    // software renderer, and this run only reads state or widget places.
    if (!screenshots_this_frame_.empty()) {
      const std::string where = player_ ? player_->Source() + ":" + std::to_string(player_->CurrentLine()) + ": " : "";
      Fail(where + "screenshot " + screenshots_this_frame_.front() +
           ": this run has --no-draw, so there is no frame to write");
      screenshots_this_frame_.clear();
    }
    if (last_frame_) stopped_ = true;
    return;
  }
  const int width = window_.FramebufferWidth();
  const int height = window_.FramebufferHeight();
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, width, height);
  glClearColor(0.09f, 0.09f, 0.10f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  WriteScreenshots();
  window_.SwapBuffers();
  if (last_frame_) stopped_ = true;
}

// The real devices' events, as many as this frame can show (InputQueue),
// with ImGui's clock following them.
void FrameLoop::ApplyQueuedInput() {
  const InputFrame frame = window_.Input().NextFrame(glfwGetTime());
  ImGuiIO& io = ImGui::GetIO();
  WriteToImGui(frame.input, io);
  io.DeltaTime = frame.delta_time;
}

// Replay input replaces what the backend read from the real devices: it runs
// after ImGui_ImplGlfw_NewFrame() and before ImGui::NewFrame().
void FrameLoop::ApplyReplayInput() {
  if (player_->Finished()) return;
  try {
    ReplayFrame frame = player_->NextFrame();
    WriteToImGui(frame.input, ImGui::GetIO());
    for (std::string& path : frame.screenshots) screenshots_this_frame_.push_back(std::move(path));
  } catch (const ReplayError& error) {
    Fail(error.what());
  }
}

void FrameLoop::DecideWhetherLastFrame() {
  if (window_.ShouldClose() || (player_ && player_->Finished())) last_frame_ = true;
  if (options_.frames && frames_built_ >= *options_.frames) {
    last_frame_ = true;
    if (player_ && !player_->Finished()) {
      Fail(player_->Source() + ":" + std::to_string(player_->CurrentLine()) + ": replay stopped by --frames " +
           std::to_string(*options_.frames) + " before the script ended");
    }
  }
  if (last_frame_ && !options_.screenshot_path.empty()) screenshots_this_frame_.push_back(options_.screenshot_path);
}

void FrameLoop::WriteScreenshots() {
  if (screenshots_this_frame_.empty()) return;
  const Image image = CaptureDefaultFramebuffer(window_.FramebufferWidth(), window_.FramebufferHeight());
  for (const std::string& path : screenshots_this_frame_) {
    try {
      WritePng(image, path);
    } catch (const PlatformError& error) {
      Fail(error.what());
    }
  }
  screenshots_this_frame_.clear();
}

// Reports `message`, fails the run and makes the current frame its last.
void FrameLoop::Fail(std::string_view message) {
  callbacks_.report_error(message);
  exit_code_ = kExitFailed;
  last_frame_ = true;
}

int RunLoop(Window& window, const RunOptions& options, FrameCallbacks callbacks) {
  const auto report = callbacks.report_error ? callbacks.report_error : ReportToStderr;
  std::unique_ptr<FrameLoop> loop;
  try {
    loop = std::make_unique<FrameLoop>(window, options, std::move(callbacks));
  } catch (const ReplayError& error) {
    report(error.what());
    return kExitBadScript;
  }
  while (loop->Running()) {
    loop->BuildFrame();
    loop->PresentFrame();
  }
  return loop->ExitCode();
}

}  // namespace cairn::platform
