#include "cairn/test/rgba_image.h"

#include <cstddef>
#include <cstdlib>
#include <stdexcept>

#include <stb/stb_image_write.h>

namespace cairn::test {

glm::ivec4 RgbaImage::At(int x, int y) const {
  if (x < 0 || y < 0 || x >= width || y >= height) {
    throw std::out_of_range("pixel (" + std::to_string(x) + ", " + std::to_string(y) + ") is outside the " +
                            std::to_string(width) + "x" + std::to_string(height) + " image");
  }
  const std::size_t offset =
      (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)) * 4;
  return {pixels[offset], pixels[offset + 1], pixels[offset + 2], pixels[offset + 3]};
}

std::string WritePng(const RgbaImage& image, const std::string& file_name) {
  const char* directory = std::getenv("CAIRN_TEST_OUTPUT_DIR");
  const std::string path =
      (directory != nullptr && *directory != '\0') ? std::string(directory) + "/" + file_name : file_name;
  if (stbi_write_png(path.c_str(), image.width, image.height, 4, image.pixels.data(), image.width * 4) == 0) {
    throw std::runtime_error("could not write " + path);
  }
  return path;
}

}  // namespace cairn::test
