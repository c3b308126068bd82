#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

#include "cairn/platform/fwd.h"
#include "cairn/platform/input_queue.h"

namespace cairn::platform {

// The font Cairn prefers when installed (Debian: fonts-dejavu-core).
inline constexpr const char* kDejaVuSansPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

struct WindowOptions {
  std::string title = "Cairn";
  int width = 1280;   // screen pixels
  int height = 720;
  bool vsync = true;
  // Where ImGui keeps its own settings (window positions); empty: nowhere.
  std::filesystem::path imgui_ini_path;
  // UI font; when the file is missing or unreadable ImGui's built-in font is
  // used instead. Size in pixels at a content scale of 1.
  std::filesystem::path font_path = kDejaVuSansPath;
  float font_pixels = 16.0f;
};

// Options for a program's main window from its command line: size from
// --size, vsync off for scripted runs, and ImGui's ini file under
// ConfigDirectory() as "<app_name>-imgui.ini" unless the saved layout is off.
WindowOptions WindowOptionsFor(std::string_view app_name, std::string title, const RunOptions& run);

// A GLFW window with an OpenGL 3.3 core (forward-compatible) context, glad
// loaded, and Dear ImGui set up with its GLFW and OpenGL3 backends. One Window
// exists at a time: it owns GLFW's initialisation and ImGui's context, and
// its destructor shuts both down (ImGui writes its ini file then).
//
// Keyboard and mouse input goes through Input(): the window's own GLFW
// callbacks queue every key, character, button, move and wheel event there
// (ImGui's GLFW backend installs none), and the frame loop hands them to
// ImGui frame by frame, so that nothing shorter than a frame is lost.
//
// Closing is the application's decision: a close request (title-bar button,
// window manager) only sets CloseRequested(); the window closes when the
// application calls Close(), or dismisses the request with ClearCloseRequest().
class Window {
 public:
  // Throws PlatformError naming what failed, e.g.
  // "cannot create a 1280x720 OpenGL 3.3 core window: GLX: ...".
  explicit Window(const WindowOptions& options);
  ~Window();

  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;

  void SetTitle(std::string_view title);
  const std::string& Title() const { return title_; }

  // Size in screen pixels (what ImGui's io.DisplaySize uses).
  int Width() const;
  int Height() const;
  // Size of the default framebuffer in device pixels (what glViewport uses).
  int FramebufferWidth() const;
  int FramebufferHeight() const;

  // Set by the title-bar button or the window manager; also by RequestClose(),
  // so a File > Quit menu can take the same "save changes?" path.
  bool CloseRequested() const { return close_requested_; }
  void RequestClose() { close_requested_ = true; }
  void ClearCloseRequest() { close_requested_ = false; }
  // Ends the frame loop after the current frame.
  void Close();
  bool ShouldClose() const;

  // Presents the back buffer.
  void SwapBuffers();
  void SetVsync(bool on);

  // True when the UI font could not be loaded and ImGui's built-in font is used.
  bool UsingFallbackFont() const { return using_fallback_font_; }

  GLFWwindow* Handle() const;

  // The queue of input events not yet given to ImGui (FrameLoop drains it).
  InputQueue& Input() { return input_; }
  const InputQueue& Input() const { return input_; }

 private:
  class NativeWindow;
  class ImGuiSession;

  static void OnCloseRequest(GLFWwindow* handle);

  std::string title_;
  bool close_requested_ = false;
  bool using_fallback_font_ = false;
  // Outlives the native window, whose callbacks push into it.
  InputQueue input_;
  // Destroyed in reverse order: ImGui before the window, the window before GLFW.
  std::unique_ptr<NativeWindow> native_;
  std::unique_ptr<ImGuiSession> imgui_;
};

}  // namespace cairn::platform
