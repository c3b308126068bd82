#include "cairn/platform/screenshot.h"

#include <glad/gl.h>
#include <stb_image_write.h>

#include <cstring>
#include <string>

#include "cairn/platform/platform_error.h"
#include "cairn/serialization/atomic_file.h"

namespace cairn::platform {
namespace {

void AppendBytes(void* context, void* data, int size) {
  auto* bytes = static_cast<std::string*>(context);
  bytes->append(static_cast<const char*>(data), static_cast<std::size_t>(size));
}

}  // namespace

Image CaptureDefaultFramebuffer(int width, int height) {
  Image image{width, height, std::vector<std::uint8_t>(static_cast<std::size_t>(width) * height * 3)};
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  glReadBuffer(GL_BACK);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, image.rgb.data());

  // GL's rows run bottom to top; images run top to bottom.
  const std::size_t row = static_cast<std::size_t>(width) * 3;
  std::vector<std::uint8_t> swap(row);
  for (int y = 0; y < height / 2; ++y) {
    std::uint8_t* top = image.rgb.data() + static_cast<std::size_t>(y) * row;
    std::uint8_t* bottom = image.rgb.data() + static_cast<std::size_t>(height - 1 - y) * row;
    std::memcpy(swap.data(), top, row);
    std::memcpy(top, bottom, row);
    std::memcpy(bottom, swap.data(), row);
  }
  return image;
}

void WritePng(const Image& image, const std::filesystem::path& path) {
  const std::size_t expected = static_cast<std::size_t>(image.width) * image.height * 3;
  if (image.width <= 0 || image.height <= 0 || image.rgb.size() != expected) {
    throw PlatformError("cannot write screenshot '" + path.string() + "': image is " + std::to_string(image.width) +
                        "x" + std::to_string(image.height) + " with " + std::to_string(image.rgb.size()) +
                        " bytes of RGB");
  }
  std::string png;
  const int ok = stbi_write_png_to_func(AppendBytes, &png, image.width, image.height, 3, image.rgb.data(),
                                        image.width * 3);
  if (ok == 0) throw PlatformError("cannot write screenshot '" + path.string() + "': PNG encoding failed");
  const serialization::SaveResult saved = serialization::WriteFileAtomically(path, png, {.keep_backup = false});
  if (!saved.ok) throw PlatformError("cannot write screenshot: " + saved.error);
}

}  // namespace cairn::platform
