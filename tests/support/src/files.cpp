#include "cairn/test/files.h"

#include <stdlib.h>

#include <cstdlib>

#include <cerrno>

#include <fstream>
#include <iterator>
#include <stdexcept>
#include <system_error>

namespace cairn::test {

std::filesystem::path SourcePath(std::string_view relative) {
  const char* source = std::getenv("CAIRN_SOURCE_DIR");
  return std::filesystem::path(source != nullptr ? source : CAIRN_TEST_SOURCE_DIR) / relative;
}

TempDir::TempDir(std::string_view label) {
  std::string pattern = (std::filesystem::temp_directory_path() / ("cairn-" + std::string(label) + "-XXXXXX")).string();
  if (::mkdtemp(pattern.data()) == nullptr) {
    throw std::system_error(errno, std::generic_category(), "cannot create a temporary folder " + pattern);
  }
  path_ = pattern;
}

TempDir::~TempDir() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

std::filesystem::path TempDir::Write(std::string_view name, std::string_view text) const {
  const std::filesystem::path file = path_ / name;
  std::filesystem::create_directories(file.parent_path());
  WriteText(file, text);
  return file;
}

std::string ReadText(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + file.string());
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void WriteText(const std::filesystem::path& file, std::string_view text) {
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  if (!out) throw std::runtime_error("cannot write " + file.string());
}

}  // namespace cairn::test
