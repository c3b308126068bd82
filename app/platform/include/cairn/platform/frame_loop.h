#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "cairn/platform/fwd.h"
#include "cairn/platform/replay_player.h"
#include "cairn/platform/run_options.h"

namespace cairn::platform {

// Exit codes RunLoop returns.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailed = 1;        // a replay command or a screenshot failed
inline constexpr int kExitBadScript = 2;     // the replay script could not be read or parsed

// What the application plugs into the frame loop.
struct FrameCallbacks {
  // Required. Builds the ImGui UI and renders the application's own views into
  // offscreen framebuffers. Called once per frame between ImGui::NewFrame()
  // and ImGui::Render(). Time-dependent code reads ImGui::GetIO().DeltaTime,
  // which scripted runs fix to 1/60 s (other runs: the InputQueue's clock).
  std::function<void()> draw_frame;

  // When false, a close request closes the window at once. When true the
  // application answers Window::CloseRequested() itself, e.g. with a
  // "save changes?" dialog ending in Window::Close() or ClearCloseRequest().
  bool app_handles_close = false;

  // The application's own replay verbs.
  std::vector<AppReplayVerb> replay_verbs;

  // Receives every error of the loop, already placed ("probe.txt:4: ...").
  // Empty: written to stderr as "cairn: <message>".
  std::function<void(std::string_view)> report_error;
};

// The frame loop, split so that its two halves can be timed apart:
//
//   BuildFrame()   CPU: poll events, backends' NewFrame, queued device
//                  input (or the replay's), ImGui::NewFrame, draw_frame,
//                  --frame-delay-ms, ImGui::Render.
//   PresentFrame() GPU: clear the default framebuffer, draw ImGui's draw data,
//                  write requested screenshots, swap buffers.
//
// The loop ends after the frame in which the window closed, --frames was
// reached, or the replay quit, ended or failed. --screenshot is written from
// that last frame.
class FrameLoop {
 public:
  // Loads the --replay script, if any. Throws ReplayError when it cannot be
  // read or parsed, std::invalid_argument when draw_frame is empty or a
  // replay verb is malformed.
  FrameLoop(Window& window, const RunOptions& options, FrameCallbacks callbacks);
  ~FrameLoop();

  FrameLoop(const FrameLoop&) = delete;
  FrameLoop& operator=(const FrameLoop&) = delete;

  bool Running() const { return !stopped_; }
  void BuildFrame();
  void PresentFrame();

  // kExitOk, or kExitFailed once any replay command or screenshot failed.
  int ExitCode() const { return exit_code_; }
  std::int64_t FramesBuilt() const { return frames_built_; }
  // The replay, or nullptr without --replay.
  const ReplayPlayer* Replay() const { return player_.get(); }

 private:
  void ApplyQueuedInput();
  void ApplyReplayInput();
  void DecideWhetherLastFrame();
  void WriteScreenshots();
  void Fail(std::string_view message);

  Window& window_;
  RunOptions options_;
  FrameCallbacks callbacks_;
  std::unique_ptr<ReplayPlayer> player_;
  std::vector<std::string> screenshots_this_frame_;
  std::int64_t frames_built_ = 0;
  bool last_frame_ = false;
  bool stopped_ = false;
  int exit_code_ = kExitOk;
};

// Runs frames until the loop ends and returns the exit code for main():
// kExitOk, kExitFailed, or kExitBadScript when the replay script is invalid
// (reported through callbacks.report_error).
int RunLoop(Window& window, const RunOptions& options, FrameCallbacks callbacks);

}  // namespace cairn::platform
