#include "cairn/platform/screenshot.h"

#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

#include "cairn/platform/platform_error.h"
#include "cairn/test/files.h"

using namespace cairn::platform;

namespace {

std::vector<std::uint8_t> ReadBytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<std::uint8_t>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::uint32_t BigEndian32(const std::vector<std::uint8_t>& bytes, std::size_t at) {
  return (std::uint32_t{bytes[at]} << 24) | (std::uint32_t{bytes[at + 1]} << 16) | (std::uint32_t{bytes[at + 2]} << 8) |
         std::uint32_t{bytes[at + 3]};
}

Image Gradient(int width, int height) {
  Image image{width, height, std::vector<std::uint8_t>(static_cast<std::size_t>(width) * height * 3)};
  for (std::size_t i = 0; i < image.rgb.size(); ++i) image.rgb[i] = static_cast<std::uint8_t>(i);
  return image;
}

}  // namespace

TEST_CASE("[Screenshot] An image is written as a PNG of its size", "[platform][screenshot]") {
  cairn::test::TempDir dir;
  const auto file = dir.Path() / "shot.png";
  WritePng(Gradient(7, 3), file);
  const std::vector<std::uint8_t> bytes = ReadBytes(file);
  REQUIRE(bytes.size() > 24);
  const std::array<std::uint8_t, 8> signature{0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  CHECK(std::equal(signature.begin(), signature.end(), bytes.begin()));
  CHECK(BigEndian32(bytes, 16) == 7);  // IHDR width
  CHECK(BigEndian32(bytes, 20) == 3);  // IHDR height
  CHECK(std::distance(std::filesystem::directory_iterator(dir.Path()), {}) == 1);  // no temporary file left
}

TEST_CASE("[Screenshot] An unwritable path is an error that names it", "[platform][screenshot]") {
  cairn::test::TempDir dir;
  const auto file = dir.Path() / "missing" / "shot.png";
  CHECK_THROWS_AS(WritePng(Gradient(2, 2), file), PlatformError);
  CHECK_THROWS_WITH(WritePng(Gradient(2, 2), file),
                    "cannot write screenshot: cannot save " + file.string() +
                        ": cannot create a temporary file beside it: No such file or directory");
}

TEST_CASE("[Screenshot] An inconsistent image is refused", "[platform][screenshot]") {
  Image image = Gradient(2, 2);
  image.rgb.pop_back();
  CHECK_THROWS_WITH(WritePng(image, "x.png"), "cannot write screenshot 'x.png': image is 2x2 with 11 bytes of RGB");
}
