#include "cairn/test/gl_test_window.h"

#include <stdexcept>
#include <string>

#include <glad/gl.h>
#include <GLFW/glfw3.h>

namespace cairn::test {
namespace {

std::string& LastGlfwError() {
  static std::string message;
  return message;
}

void RememberGlfwError(int code, const char* description) {
  LastGlfwError() = "GLFW error " + std::to_string(code) + ": " + (description != nullptr ? description : "?");
}

GLFWwindow* CreateHiddenWindow() {
  glfwSetErrorCallback(RememberGlfwError);
  if (glfwInit() != GLFW_TRUE) {
    throw std::runtime_error("GLFW failed to initialise (is DISPLAY set? run under xvfb-run); " + LastGlfwError());
  }
  glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  GLFWwindow* window = glfwCreateWindow(64, 64, "cairn tests", nullptr, nullptr);
  if (window == nullptr) {
    throw std::runtime_error("GLFW could not create a hidden window with an OpenGL 3.3 core context; " +
                             LastGlfwError());
  }
  glfwMakeContextCurrent(window);
  if (gladLoadGL(glfwGetProcAddress) == 0) throw std::runtime_error("gladLoadGL failed to load OpenGL 3.3 core functions");
  return window;
}

}  // namespace

void MakeTestGlContextCurrent() {
  static GLFWwindow* const window = CreateHiddenWindow();
  glfwMakeContextCurrent(window);
}

}  // namespace cairn::test
