#include "cairn/editor/panels/recent_files.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <system_error>

#include "cairn/serialization/atomic_file.h"

namespace cairn::editor {

RecentFiles::RecentFiles(std::filesystem::path file) : file_(std::move(file)) {}

std::string RecentFiles::Load() {
  paths_.clear();
  if (file_.empty()) return {};
  std::ifstream in(file_);
  if (!in) {
    if (errno == ENOENT) return {};
    return "cannot read the recent files list " + file_.string() + ": " + std::strerror(errno);
  }
  std::string line;
  while (std::getline(in, line) && paths_.size() < kCapacity) {
    if (line.empty() || line.front() == '#') continue;
    const std::filesystem::path path = serialization::NormalPath(line);
    if (std::find(paths_.begin(), paths_.end(), path) == paths_.end()) paths_.push_back(path);
  }
  return {};
}

std::string RecentFiles::Save() const {
  if (file_.empty()) return {};
  std::error_code error;
  std::filesystem::create_directories(file_.parent_path(), error);
  std::string text;
  for (const std::filesystem::path& path : paths_) text += path.string() + "\n";
  const serialization::SaveResult saved = serialization::WriteFileAtomically(file_, text, {.keep_backup = false});
  if (!saved.ok) return "cannot write the recent files list: " + saved.error;
  return {};
}

void RecentFiles::Add(const std::filesystem::path& path) {
  const std::filesystem::path normal = serialization::NormalPath(path);
  paths_.erase(std::remove(paths_.begin(), paths_.end(), normal), paths_.end());
  paths_.insert(paths_.begin(), normal);
  if (paths_.size() > kCapacity) paths_.resize(kCapacity);
}

void RecentFiles::Remove(const std::filesystem::path& path) {
  const std::filesystem::path normal = serialization::NormalPath(path);
  paths_.erase(std::remove(paths_.begin(), paths_.end(), normal), paths_.end());
}

void RecentFiles::Clear() { paths_.clear(); }

}  // namespace cairn::editor
