#include "temporary_files.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <ctime>
#include <optional>

namespace cairn::serialization::detail {

namespace {

constexpr std::time_t kStaleAge = 24 * 60 * 60;  // seconds

// A decimal number as TemporaryFileName writes one: digits only, no leading
// zero (but "0" itself), at most `max`.
std::optional<long> ParseDecimal(std::string_view digits, long max) {
  if (digits.empty() || (digits.size() > 1 && digits.front() == '0')) return std::nullopt;
  long value = 0;
  for (const char c : digits) {
    if (c < '0' || c > '9') return std::nullopt;
    if (value > (max - (c - '0')) / 10) return std::nullopt;
    value = value * 10 + (c - '0');
  }
  return value;
}

// The writer's pid when `entry` is exactly the name of a temporary file of `name`.
std::optional<pid_t> TemporaryFileOwner(std::string_view entry, std::string_view name) {
  if (entry.size() < name.size() + 2 || entry[0] != '.' || entry.substr(1, name.size()) != name ||
      entry[name.size() + 1] != '.') {
    return std::nullopt;
  }
  std::string_view rest = entry.substr(name.size() + 2);  // "<pid>.<n>.tmp" or "<pid>.<n>.bak.tmp"
  if (rest.ends_with(".bak.tmp")) {
    rest.remove_suffix(8);
  } else if (rest.ends_with(".tmp")) {
    rest.remove_suffix(4);
  } else {
    return std::nullopt;
  }
  const std::size_t dot = rest.find('.');
  if (dot == std::string_view::npos) return std::nullopt;
  const std::optional<long> pid = ParseDecimal(rest.substr(0, dot), INT_MAX);
  const std::optional<long> attempt = ParseDecimal(rest.substr(dot + 1), kTemporaryFileAttempts - 1);
  if (!pid || *pid == 0 || !attempt) return std::nullopt;
  return static_cast<pid_t>(*pid);
}

bool IsRunning(pid_t pid) {
  // EPERM: the process exists but belongs to someone else.
  return ::kill(pid, 0) == 0 || errno != ESRCH;
}

}  // namespace

std::string TemporaryFileName(std::string_view name, long pid, int attempt, std::string_view suffix) {
  std::string file_name = ".";
  file_name += name;
  file_name += "." + std::to_string(pid) + "." + std::to_string(attempt);
  file_name += suffix;
  return file_name;
}

void RemoveStaleTemporaryFiles(const std::filesystem::path& directory, std::string_view name) {
  DIR* listing = ::opendir(directory.empty() ? "." : directory.c_str());
  if (listing == nullptr) return;
  const int folder = ::dirfd(listing);
  const std::time_t now = std::time(nullptr);
  while (const dirent* entry = ::readdir(listing)) {
    const std::optional<pid_t> owner = TemporaryFileOwner(entry->d_name, name);
    if (!owner) continue;
    struct stat info{};
    if (::fstatat(folder, entry->d_name, &info, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(info.st_mode)) continue;
    // ctime, not mtime: a ".bak.tmp" is a hard link to the previous file and
    // keeps its mtime, but making the link set its ctime.
    if (!IsRunning(*owner) || now - info.st_ctime > kStaleAge) ::unlinkat(folder, entry->d_name, 0);
  }
  ::closedir(listing);
}

}  // namespace cairn::serialization::detail
