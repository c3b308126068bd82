#include "atomic_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>

#include "cairn/platform/platform_error.h"

namespace cairn::platform::detail {
namespace {

[[noreturn]] void ThrowWriteError(const std::filesystem::path& path, std::string_view what, int error) {
  throw PlatformError("cannot write " + std::string(what) + " '" + path.string() + "': " + std::strerror(error));
}

// Writes all of `bytes` to `fd`, retrying short writes; returns errno or 0.
int WriteAll(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t written = ::write(fd, bytes.data(), bytes.size());
    if (written < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    bytes.remove_prefix(static_cast<std::size_t>(written));
  }
  return 0;
}

}  // namespace

void WriteFileAtomically(const std::filesystem::path& path, std::string_view bytes, std::string_view what) {
  std::filesystem::path temporary = path;
  temporary += ".tmp";
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) ThrowWriteError(path, what, errno);
  int error = WriteAll(fd, bytes);
  if (error == 0 && ::fsync(fd) != 0) error = errno;
  if (::close(fd) != 0 && error == 0) error = errno;
  if (error == 0 && std::rename(temporary.c_str(), path.c_str()) != 0) error = errno;
  if (error != 0) {
    ::unlink(temporary.c_str());
    ThrowWriteError(path, what, error);
  }
}

}  // namespace cairn::platform::detail
