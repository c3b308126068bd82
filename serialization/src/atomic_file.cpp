#include "cairn/serialization/atomic_file.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <system_error>

#include "file_input.h"
#include "temporary_files.h"

namespace cairn::serialization {

namespace {

namespace fs = std::filesystem;

std::string ErrorText(int error) { return std::generic_category().message(error); }

// Closes the descriptor and removes the file unless released.
class TemporaryFile {
 public:
  TemporaryFile() = default;
  TemporaryFile(const TemporaryFile&) = delete;
  TemporaryFile& operator=(const TemporaryFile&) = delete;
  ~TemporaryFile() {
    if (fd_ >= 0) ::close(fd_);
    if (!path_.empty()) ::unlink(path_.c_str());
  }

  // Creates a new file named ".<name>.<pid>.<n><suffix>" in `directory`
  // (temporary_files.h).
  bool Create(const fs::path& directory, const std::string& name, const char* suffix, int& error) {
    for (int attempt = 0; attempt < detail::kTemporaryFileAttempts; ++attempt) {
      const fs::path candidate = directory / detail::TemporaryFileName(name, ::getpid(), attempt, suffix);
      fd_ = ::open(candidate.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
      if (fd_ >= 0) {
        path_ = candidate.string();
        return true;
      }
      if (errno != EEXIST) break;
    }
    error = errno;
    return false;
  }

  // Makes a new name ".<name>.<pid>.<n><suffix>" in `directory` for the
  // existing file `source` (a hard link).
  bool Link(const fs::path& source, const fs::path& directory, const std::string& name, const char* suffix,
            int& error) {
    for (int attempt = 0; attempt < detail::kTemporaryFileAttempts; ++attempt) {
      const fs::path candidate = directory / detail::TemporaryFileName(name, ::getpid(), attempt, suffix);
      if (::link(source.c_str(), candidate.c_str()) == 0) {
        path_ = candidate.string();
        return true;
      }
      if (errno != EEXIST) break;
    }
    error = errno;
    return false;
  }

  // Writes everything, then flushes it to disk and closes.
  bool WriteAndClose(std::string_view bytes, int& error) {
    std::size_t written = 0;
    while (written < bytes.size()) {
      const ssize_t count = ::write(fd_, bytes.data() + written, bytes.size() - written);
      if (count < 0) {
        if (errno == EINTR) continue;
        error = errno;
        return false;
      }
      written += static_cast<std::size_t>(count);
    }
    if (::fsync(fd_) != 0) {
      error = errno;
      return false;
    }
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) {
      error = errno;
      return false;
    }
    return true;
  }

  int fd() const { return fd_; }
  const std::string& path() const { return path_; }
  void Release() { path_.clear(); }

 private:
  int fd_ = -1;
  std::string path_;
};

// Reads to the end; a descriptor opened without blocking (a pipe given as
// standard input can be) is waited on.
bool ReadAll(int fd, std::string& text, std::size_t max_bytes, int& error) {
  char buffer[1 << 16];
  for (;;) {
    const ssize_t count = ::read(fd, buffer, sizeof buffer);
    if (count < 0) {
      if (errno == EINTR) continue;
      if (errno == EAGAIN || errno == EWOULDBLOCK) {
        pollfd readable{fd, POLLIN, 0};
        if (::poll(&readable, 1, -1) >= 0 || errno == EINTR) continue;
      }
      error = errno;
      return false;
    }
    if (count == 0) return true;
    if (text.size() + static_cast<std::size_t>(count) > max_bytes) {
      error = EFBIG;
      return false;
    }
    text.append(buffer, static_cast<std::size_t>(count));
  }
}

// A copy of `source` as a new temporary file in `directory`, flushed to disk.
bool CopyToTemporary(const fs::path& source, const fs::path& directory, const std::string& name,
                     TemporaryFile& copy, int& error) {
  const int in = ::open(source.c_str(), O_RDONLY | O_CLOEXEC);
  if (in < 0) {
    error = errno;
    return false;
  }
  std::string bytes;
  const bool read = ReadAll(in, bytes, static_cast<std::size_t>(-1), error);
  ::close(in);
  return read && copy.Create(directory, name, ".bak.tmp", error) && copy.WriteAndClose(bytes, error);
}

// "a FIFO", "a directory"...: what a file that is not a regular file is.
std::string FileKind(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISLNK(mode)) return "a symbolic link";
  return "a special file";
}

std::string NotRegular(mode_t mode) { return "it is " + FileKind(mode) + ", not a regular file"; }

// Where a save to `requested` writes: `requested` itself, or, for a symbolic
// link, the path the links finally lead to. That path may not exist yet (a
// dangling link): the save then creates it, as writing through the link
// would. nullopt, with `problem` set, when the links lead nowhere a file can
// be created.
std::optional<fs::path> FollowLinks(const fs::path& requested, std::string& problem) {
  constexpr int kMaxLinks = 40;  // as the kernel's own limit
  fs::path path = requested;
  for (int links = 0;; ++links) {
    std::error_code error;
    if (!fs::is_symlink(fs::symlink_status(path, error))) break;
    if (links == kMaxLinks) {
      problem = "it is a symbolic link that leads to a loop of links";
      return std::nullopt;
    }
    const fs::path target = fs::read_symlink(path, error);
    if (error) {
      problem = "cannot read the symbolic link " + path.string() + ": " + error.message();
      return std::nullopt;
    }
    path = target.is_absolute() ? target : path.parent_path() / target;
  }
  if (path == requested) return path;
  std::error_code error;
  if (!fs::is_directory(path.has_parent_path() ? path.parent_path() : fs::path("."), error)) {
    problem = "it is a symbolic link to " + path.string() + ", whose folder does not exist";
    return std::nullopt;
  }
  return path;
}

void FlushDirectory(const fs::path& directory) {
  const int fd = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);  // best effort: the rename is done either way
  ::close(fd);
}

}  // namespace

SaveResult WriteFileAtomically(const fs::path& requested, std::string_view bytes, const AtomicWriteOptions& options) {
  const std::string shown = requested.string();
  const auto fail = [&shown](const std::string& step, int error) {
    return SaveResult{false, "cannot save " + shown + ": " + step + ": " + ErrorText(error)};
  };
  // A symbolic link is followed: its target is replaced, the link kept.
  std::string problem;
  const std::optional<fs::path> target = FollowLinks(requested, problem);
  if (!target) return {false, "cannot save " + shown + ": " + problem};
  const fs::path& path = *target;
  if (path.empty() || !path.has_filename()) return {false, "cannot save " + shown + ": it is not a file path"};
  const fs::path directory = path.has_parent_path() ? path.parent_path() : fs::path(".");
  const std::string name = path.filename().string();

  // Renaming over a FIFO or a device would replace it with a plain file.
  struct stat existing{};
  const bool exists = ::stat(path.c_str(), &existing) == 0;
  if (exists && !S_ISREG(existing.st_mode)) return {false, "cannot save " + shown + ": " + NotRegular(existing.st_mode)};

  detail::RemoveStaleTemporaryFiles(directory, name);

  int error = 0;
  TemporaryFile temporary;
  if (!temporary.Create(directory, name, ".tmp", error)) return fail("cannot create a temporary file beside it", error);
  if (exists) ::fchmod(temporary.fd(), existing.st_mode & 07777);  // keep the file's permissions
  if (!temporary.WriteAndClose(bytes, error)) return fail("cannot write the temporary file", error);

  if (options.keep_backup && exists) {
    // A hard link keeps the old contents under the backup name without
    // copying; file systems without links get a copy.
    TemporaryFile linked;
    TemporaryFile copied;
    TemporaryFile* staged = nullptr;
    if (linked.Link(path, directory, name, ".bak.tmp", error)) {
      staged = &linked;
    } else if (CopyToTemporary(path, directory, name, copied, error)) {
      staged = &copied;
    }
    const fs::path backup = directory / (name + ".bak");
    if (staged == nullptr) return fail("cannot keep the previous version as " + backup.string(), error);
    if (::rename(staged->path().c_str(), backup.c_str()) != 0) {
      return fail("cannot keep the previous version as " + backup.string(), errno);
    }
    staged->Release();
  }

  if (::rename(temporary.path().c_str(), path.c_str()) != 0) return fail("cannot replace it", errno);
  temporary.Release();
  FlushDirectory(directory);
  return {true, {}};
}

detail::OpenedFile detail::OpenRegularFile(const fs::path& path, std::size_t max_bytes) {
  const std::string shown = path.string();
  // O_NONBLOCK: opening a FIFO without a writer would otherwise wait for one
  // forever. It changes nothing for the regular file that is then read.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    const int error = errno;
    struct stat info{};  // a socket cannot be opened at all: say what it is
    if (::stat(path.c_str(), &info) == 0 && !S_ISREG(info.st_mode)) {
      return {-1, 0, "cannot read " + shown + ": " + NotRegular(info.st_mode)};
    }
    return {-1, 0, "cannot read " + shown + ": " + ErrorText(error)};
  }
  struct stat info{};
  if (::fstat(fd, &info) != 0) {
    const int error = errno;
    ::close(fd);
    return {-1, 0, "cannot read " + shown + ": " + ErrorText(error)};
  }
  if (!S_ISREG(info.st_mode)) {
    ::close(fd);
    return {-1, 0, "cannot read " + shown + ": " + NotRegular(info.st_mode)};
  }
  if (static_cast<std::uint64_t>(info.st_size) > max_bytes) {
    ::close(fd);
    return {-1, 0, shown + " is " + std::to_string(info.st_size) + " bytes, over the limit of " +
                       std::to_string(max_bytes) + " bytes"};
  }
  return {fd, static_cast<std::size_t>(info.st_size), {}};
}

detail::FileBytes::FileBytes(int fd, std::size_t max_bytes)
    : fd_(fd), max_bytes_(max_bytes), buffer_(std::size_t{1} << 20) {}

detail::FileBytes::~FileBytes() {
  if (fd_ >= 0) ::close(fd_);
}

const char* detail::FileBytes::Refill() {
  if (failed_) return nullptr;
  for (;;) {
    const ssize_t count = ::read(fd_, buffer_.data(), buffer_.size());
    if (count < 0 && errno == EINTR) continue;
    if (count <= 0 || read_ + static_cast<std::size_t>(count) > max_bytes_) {
      failed_ = count != 0;
      return nullptr;
    }
    chunk_start_ = read_;
    read_ += static_cast<std::size_t>(count);
    end_ = buffer_.data() + count;
    return buffer_.data();
  }
}

ReadResult ReadFileText(const fs::path& path, std::size_t max_bytes) {
  const std::string shown = path.string();
  const detail::OpenedFile file = detail::OpenRegularFile(path, max_bytes);
  if (file.fd < 0) return {std::nullopt, file.error};
  std::string text;
  text.reserve(file.size);
  int error = 0;
  const bool read = ReadAll(file.fd, text, max_bytes, error);
  ::close(file.fd);
  if (!read) {
    if (error == EFBIG) return {std::nullopt, shown + " grew past the limit of " + std::to_string(max_bytes) + " bytes while being read"};
    return {std::nullopt, "cannot read " + shown + ": " + ErrorText(error)};
  }
  return {std::move(text), {}};
}

std::optional<std::string> CheckReadable(const std::filesystem::path& path, std::size_t max_bytes) {
  const detail::OpenedFile file = detail::OpenRegularFile(path, max_bytes);
  if (file.fd < 0) return file.error;
  ::close(file.fd);
  return std::nullopt;
}

ReadResult ReadStandardInput(std::size_t max_bytes) {
  std::string text;
  int error = 0;
  if (!ReadAll(STDIN_FILENO, text, max_bytes, error)) {
    if (error == EFBIG) {
      return {std::nullopt, "standard input holds more than the limit of " + std::to_string(max_bytes) + " bytes"};
    }
    return {std::nullopt, "cannot read standard input: " + ErrorText(error)};
  }
  return {std::move(text), {}};
}

fs::path NormalPath(const fs::path& path) {
  std::error_code error;
  const fs::path absolute = fs::absolute(path, error);
  return (error ? path : absolute).lexically_normal();
}

}  // namespace cairn::serialization
