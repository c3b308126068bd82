#pragma once
// RGBA8 pixels read back from a framebuffer, and a way to save them.

#include <cstdint>
#include <string>
#include <vector>

#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

namespace cairn::test {

struct RgbaImage {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> pixels;  // top row first, 4 bytes a pixel

  // Throws std::out_of_range outside the image.
  [[nodiscard]] glm::ivec4 At(int x, int y) const;
  [[nodiscard]] glm::ivec4 At(glm::ivec2 pixel) const { return At(pixel.x, pixel.y); }
};

// Writes `image` as a PNG into $CAIRN_TEST_OUTPUT_DIR (or the working
// directory) and returns the path written; throws std::runtime_error when
// the file cannot be written.
std::string WritePng(const RgbaImage& image, const std::string& file_name);

}  // namespace cairn::test
