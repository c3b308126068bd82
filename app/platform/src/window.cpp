#include "cairn/platform/window.h"

#include <glad/gl.h>
// glad first: GLFW must not pull in the system GL header.
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <string>
#include <system_error>

#include "cairn/platform/layout_settings.h"
#include "cairn/platform/platform_error.h"
#include "cairn/platform/run_options.h"
#include "pinned_libraries.h"
#include "ui_font.h"

namespace cairn::platform {
namespace {

// GLFW reports errors through a callback; the last one explains a failed call.
std::string& LastGlfwError() {
  static std::string message = "unknown GLFW error";
  return message;
}

void RecordGlfwError(int code, const char* description) {
  LastGlfwError() = std::string(description) + " (GLFW error " + std::to_string(code) + ")";
}

// GLFW's input callbacks: each event goes into the window's InputQueue,
// stamped with the time it arrived. GLFW itself releases every held key and
// button when the window loses the focus, through these same callbacks.
InputQueue& QueueOf(GLFWwindow* handle) { return static_cast<Window*>(glfwGetWindowUserPointer(handle))->Input(); }

Point CursorOf(GLFWwindow* handle) {
  double x = 0.0;
  double y = 0.0;
  glfwGetCursorPos(handle, &x, &y);
  return {static_cast<float>(x), static_cast<float>(y)};
}

void OnKey(GLFWwindow* handle, int key, int /*scancode*/, int action, int mods) {
  if (action == GLFW_REPEAT) return;  // ImGui repeats held keys itself
  QueueOf(handle).PushKey(key, action == GLFW_PRESS, mods, glfwGetTime());
}

void OnChar(GLFWwindow* handle, unsigned int codepoint) {
  QueueOf(handle).PushChar(static_cast<char32_t>(codepoint), glfwGetTime());
}

void OnMouseButton(GLFWwindow* handle, int button, int action, int mods) {
  QueueOf(handle).PushMouseButton(button, action == GLFW_PRESS, mods, glfwGetTime(), CursorOf(handle));
}

void OnCursorPos(GLFWwindow* handle, double x, double y) {
  QueueOf(handle).PushMouseMove({static_cast<float>(x), static_cast<float>(y)}, glfwGetTime());
}

// Leaving the window takes the mouse from ImGui (nothing stays hovered);
// entering brings a cursor position event of its own.
void OnCursorEnter(GLFWwindow* handle, int entered) {
  if (entered == GLFW_FALSE) QueueOf(handle).PushMouseLeave(glfwGetTime());
}

void OnScroll(GLFWwindow* handle, double dx, double dy) {
  QueueOf(handle).PushScroll(static_cast<float>(dx), static_cast<float>(dy), glfwGetTime());
}

void InstallInputCallbacks(GLFWwindow* handle) {
  glfwSetKeyCallback(handle, OnKey);
  glfwSetCharCallback(handle, OnChar);
  glfwSetMouseButtonCallback(handle, OnMouseButton);
  glfwSetCursorPosCallback(handle, OnCursorPos);
  glfwSetCursorEnterCallback(handle, OnCursorEnter);
  glfwSetScrollCallback(handle, OnScroll);
  // A pointer already inside the window sends no event until it moves.
  if (glfwGetWindowAttrib(handle, GLFW_HOVERED) == GLFW_TRUE) {
    QueueOf(handle).PushMouseMove(CursorOf(handle), glfwGetTime());
  }
}

}  // namespace

// GLFW's library state and the native window with its current GL context.
class Window::NativeWindow {
 public:
  explicit NativeWindow(const WindowOptions& options) {
    glfwSetErrorCallback(RecordGlfwError);
    if (glfwInit() != GLFW_TRUE) throw PlatformError("cannot initialise GLFW: " + LastGlfwError());
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    handle_ = glfwCreateWindow(options.width, options.height, options.title.c_str(), nullptr, nullptr);
    if (handle_ == nullptr) {
      const std::string reason = LastGlfwError();
      glfwTerminate();
      throw PlatformError("cannot create a " + std::to_string(options.width) + "x" + std::to_string(options.height) +
                          " OpenGL 3.3 core window: " + reason);
    }
    glfwMakeContextCurrent(handle_);
    if (gladLoadGL(glfwGetProcAddress) == 0) {
      Destroy();
      throw PlatformError("cannot load OpenGL 3.3 core functions with glad");
    }
    glfwSwapInterval(options.vsync ? 1 : 0);
  }

  ~NativeWindow() { Destroy(); }

  NativeWindow(const NativeWindow&) = delete;
  NativeWindow& operator=(const NativeWindow&) = delete;

  GLFWwindow* Handle() const { return handle_; }

 private:
  void Destroy() {
    if (handle_ != nullptr) glfwDestroyWindow(handle_);
    handle_ = nullptr;
    glfwTerminate();
  }

  GLFWwindow* handle_ = nullptr;
};

// ImGui's context and its GLFW and OpenGL3 backends.
class Window::ImGuiSession {
 public:
  ImGuiSession(GLFWwindow* handle, const WindowOptions& options) : ini_path_(options.imgui_ini_path.string()) {
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = ini_path_.empty() ? nullptr : ini_path_.c_str();
    if (!ini_path_.empty()) {
      std::error_code ignored;  // ImGui then simply cannot save its ini file
      std::filesystem::create_directories(options.imgui_ini_path.parent_path(), ignored);
    }
    ImGui::StyleColorsDark();
    float scale_x = 1.0f;
    float scale_y = 1.0f;
    glfwGetWindowContentScale(handle, &scale_x, &scale_y);
    if (scale_x > 1.0f) ImGui::GetStyle().ScaleAllSizes(scale_x);
    used_fallback_font_ = detail::AddUiFont(io, options.font_path, options.font_pixels * scale_x);
    // No callbacks of the backend's: its key and button callbacks write
    // ImGui's once-per-frame state directly, which loses whatever is pressed
    // and released between two frames. Window installs its own, feeding the
    // InputQueue. The backend still sets the display size, the clipboard,
    // the key map and the mouse cursor shape.
    if (!ImGui_ImplGlfw_InitForOpenGL(handle, false)) {
      ImGui::DestroyContext();
      throw PlatformError("cannot initialise ImGui's GLFW backend");
    }
    if (!ImGui_ImplOpenGL3_Init("#version 330")) {
      ImGui_ImplGlfw_Shutdown();
      ImGui::DestroyContext();
      throw PlatformError("cannot initialise ImGui's OpenGL3 backend with GLSL 330");
    }
  }

  ~ImGuiSession() {
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
  }

  ImGuiSession(const ImGuiSession&) = delete;
  ImGuiSession& operator=(const ImGuiSession&) = delete;

  bool UsedFallbackFont() const { return used_fallback_font_; }

 private:
  std::string ini_path_;  // io.IniFilename points into it
  bool used_fallback_font_ = false;
};

WindowOptions WindowOptionsFor(std::string_view app_name, std::string title, const RunOptions& run) {
  WindowOptions options;
  options.title = std::move(title);
  options.width = run.width;
  options.height = run.height;
  options.vsync = !run.Scripted();
  if (run.UseSavedLayout()) {
    try {
      options.imgui_ini_path = ConfigDirectory() / (std::string(app_name) + "-imgui.ini");
    } catch (const PlatformError&) {
      options.imgui_ini_path.clear();  // nowhere to keep it
    }
  }
  return options;
}

Window::Window(const WindowOptions& options)
    : title_(options.title), native_(std::make_unique<NativeWindow>(options)) {
  glfwSetWindowUserPointer(native_->Handle(), this);
  glfwSetWindowCloseCallback(native_->Handle(), &Window::OnCloseRequest);
  imgui_ = std::make_unique<ImGuiSession>(native_->Handle(), options);
  using_fallback_font_ = imgui_->UsedFallbackFont();
  InstallInputCallbacks(native_->Handle());
  detail::PinLoadedLibraries();  // the GL driver and ImGui's GL loader are loaded by now
}

Window::~Window() = default;

void Window::OnCloseRequest(GLFWwindow* handle) {
  // Undo GLFW's own decision: only the application closes the window.
  glfwSetWindowShouldClose(handle, GLFW_FALSE);
  static_cast<Window*>(glfwGetWindowUserPointer(handle))->close_requested_ = true;
}

void Window::SetTitle(std::string_view title) {
  title_ = title;
  glfwSetWindowTitle(native_->Handle(), title_.c_str());
}

int Window::Width() const {
  int width = 0;
  glfwGetWindowSize(native_->Handle(), &width, nullptr);
  return width;
}

int Window::Height() const {
  int height = 0;
  glfwGetWindowSize(native_->Handle(), nullptr, &height);
  return height;
}

int Window::FramebufferWidth() const {
  int width = 0;
  glfwGetFramebufferSize(native_->Handle(), &width, nullptr);
  return width;
}

int Window::FramebufferHeight() const {
  int height = 0;
  glfwGetFramebufferSize(native_->Handle(), nullptr, &height);
  return height;
}

void Window::Close() { glfwSetWindowShouldClose(native_->Handle(), GLFW_TRUE); }

bool Window::ShouldClose() const { return glfwWindowShouldClose(native_->Handle()) == GLFW_TRUE; }

void Window::SwapBuffers() { glfwSwapBuffers(native_->Handle()); }

void Window::SetVsync(bool on) { glfwSwapInterval(on ? 1 : 0); }

GLFWwindow* Window::Handle() const { return native_->Handle(); }

}  // namespace cairn::platform
