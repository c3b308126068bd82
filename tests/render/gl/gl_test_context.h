#pragma once

// A hidden GLFW window with a current OpenGL 3.3 core context and loaded
// functions, plus helpers to inspect and save what the renderer drew.

#include <cstdint>
#include <string>
#include <vector>

#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

namespace cairn::render::test {

// Makes the suite's one context current with default GL state. The hidden
// window is created on first use and kept for the whole run (one X connection
// per process), then destroyed at exit.
class GlTestContext {
 public:
  GlTestContext();
  GlTestContext(const GlTestContext&) = delete;
  GlTestContext& operator=(const GlTestContext&) = delete;
};

// RGBA8 pixels, top row first, as Renderer::ReadColorPixels returns them.
struct Image {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> pixels;

  [[nodiscard]] glm::ivec4 At(int x, int y) const;
  [[nodiscard]] glm::ivec4 At(glm::ivec2 pixel) const { return At(pixel.x, pixel.y); }
};

// Writes `image` as a PNG into $CAIRN_TEST_OUTPUT_DIR (or the working
// directory) and returns the path written.
std::string WritePng(const Image& image, const std::string& file_name);

}  // namespace cairn::render::test
