#pragma once
// Files for tests: a temporary folder removed with its contents, and whole
// files read and written as bytes.

#include <filesystem>
#include <string>
#include <string_view>

namespace cairn::test {

// A fresh, empty folder under the system's temporary directory, named
// "cairn-<label>-XXXXXX", removed with its contents when the object goes away.
class TempDir {
 public:
  explicit TempDir(std::string_view label = "test");
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& Path() const { return path_; }
  std::filesystem::path operator/(std::string_view name) const { return path_ / name; }

  // Writes `text` to the file `name` inside the folder, creating the folders
  // on the way; returns the file's path.
  std::filesystem::path Write(std::string_view name, std::string_view text) const;

 private:
  std::filesystem::path path_;
};

// A path in the source tree ("tests/assets/data/crate.glb"): under
// $CAIRN_SOURCE_DIR when set (CTest sets it), else under the tree the tests
// were built from.
std::filesystem::path SourcePath(std::string_view relative);

// The file's bytes; throws std::runtime_error naming the file when it cannot
// be read.
std::string ReadText(const std::filesystem::path& file);
// Replaces the file's contents with `text`; throws std::runtime_error naming
// the file when it cannot be written.
void WriteText(const std::filesystem::path& file, std::string_view text);

}  // namespace cairn::test
