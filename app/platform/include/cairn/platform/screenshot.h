#pragma once

#include <cstdint>
#include <filesystem>
#include <vector>

namespace cairn::platform {

// An 8-bit RGB image, rows top to bottom.
struct Image {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> rgb;  // width * height * 3 bytes
};

// Reads the default framebuffer's back buffer (call after rendering, before
// swapping) and flips it top-down. Needs the window's GL context current.
Image CaptureDefaultFramebuffer(int width, int height);

// Writes `image` as a PNG file, replacing it atomically if it exists
// (serialization's WriteFileAtomically, without a backup). Throws
// PlatformError naming the file and the reason, e.g. "cannot write
// screenshot: cannot save no/such/dir/a.png: cannot create a temporary file
// beside it: No such file or directory".
void WritePng(const Image& image, const std::filesystem::path& path);

}  // namespace cairn::platform
