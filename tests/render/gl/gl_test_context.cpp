#include "gl/gl_test_context.h"

#include <cstdlib>
#include <stdexcept>
#include <string>

#include <glad/gl.h>
#include <GLFW/glfw3.h>
#include <stb/stb_image_write.h>

namespace cairn::render::test {

namespace {

std::string& LastGlfwError() {
  static std::string message;
  return message;
}

void RememberGlfwError(int code, const char* description) {
  LastGlfwError() = "GLFW error " + std::to_string(code) + ": " + (description ? description : "?");
}

GLFWwindow* CreateSharedWindow() {
  glfwSetErrorCallback(RememberGlfwError);
  if (glfwInit() != GLFW_TRUE) {
    throw std::runtime_error("GLFW failed to initialise (is DISPLAY set? run under xvfb-run); " + LastGlfwError());
  }
  glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  GLFWwindow* window = glfwCreateWindow(64, 64, "cairn render tests", nullptr, nullptr);
  if (window == nullptr) {
    glfwTerminate();
    throw std::runtime_error("GLFW could not create a hidden window with an OpenGL 3.3 core context; " +
                             LastGlfwError());
  }
  glfwMakeContextCurrent(window);
  if (gladLoadGL(glfwGetProcAddress) == 0) {
    glfwDestroyWindow(window);
    glfwTerminate();
    throw std::runtime_error("gladLoadGL failed to load OpenGL 3.3 core functions");
  }
  // GLFW is deliberately not terminated at exit: terminating unloads the
  // Mesa driver, whose globals still point at its own allocations, and the
  // leak checker of sanitized builds would then report those as leaks.
  return window;
}

void ResetDefaultState() {
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, 64, 64);
  glDisable(GL_BLEND);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_CULL_FACE);
  glDisable(GL_SCISSOR_TEST);
  glBlendFunc(GL_ONE, GL_ZERO);
  glUseProgram(0);
  glBindVertexArray(0);
  while (glGetError() != GL_NO_ERROR) {
  }
}

}  // namespace

GlTestContext::GlTestContext() {
  static GLFWwindow* const window = CreateSharedWindow();
  glfwMakeContextCurrent(window);
  ResetDefaultState();
}

glm::ivec4 Image::At(int x, int y) const {
  if (x < 0 || y < 0 || x >= width || y >= height) throw std::out_of_range("pixel outside the image");
  const std::size_t offset = (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)) * 4;
  return {pixels[offset], pixels[offset + 1], pixels[offset + 2], pixels[offset + 3]};
}

std::string WritePng(const Image& image, const std::string& file_name) {
  const char* directory = std::getenv("CAIRN_TEST_OUTPUT_DIR");
  const std::string path = (directory != nullptr && *directory != '\0') ? std::string(directory) + "/" + file_name
                                                                         : file_name;
  if (stbi_write_png(path.c_str(), image.width, image.height, 4, image.pixels.data(), image.width * 4) == 0) {
    throw std::runtime_error("could not write " + path);
  }
  return path;
}

}  // namespace cairn::render::test
