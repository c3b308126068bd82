#pragma once
// File > Open Recent: the scenes opened or saved last, newest first, kept in
// a plain text file (one absolute path per line) between runs.

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

namespace cairn::editor {

class RecentFiles {
 public:
  static constexpr std::size_t kCapacity = 10;

  // An empty `file` keeps the list in memory only (scripted runs).
  explicit RecentFiles(std::filesystem::path file = {});

  // Replaces the list with the file's lines; a missing file is an empty list.
  // Returns a problem to report, or an empty string.
  std::string Load();
  // Writes the list (temporary file, then rename), creating the folder.
  // Returns a problem to report, or an empty string.
  std::string Save() const;

  // Puts `path` (made absolute and normal) first, dropping an older entry for
  // it and the oldest past kCapacity. Save() persists the change.
  void Add(const std::filesystem::path& path);
  void Remove(const std::filesystem::path& path);
  void Clear();

  const std::vector<std::filesystem::path>& Paths() const { return paths_; }
  bool Persistent() const { return !file_.empty(); }

 private:
  std::filesystem::path file_;
  std::vector<std::filesystem::path> paths_;
};

}  // namespace cairn::editor
