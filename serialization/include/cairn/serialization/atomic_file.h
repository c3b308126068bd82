#pragma once
// Whole-file reads with a size bound, and atomic replacement of a file.

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace cairn::serialization {

struct SaveResult {
  bool ok = false;
  std::string error;  // names the target path and what failed; empty when ok
};

struct AtomicWriteOptions {
  // Keep the file being replaced as "<name>.bak" beside it.
  bool keep_backup = true;
};

// Writes `bytes` to `path` so that a reader (or a crash) sees either the old
// file or the new one, never a mix: the bytes go to a temporary file beside
// the target, are flushed to disk, and the temporary file is renamed over the
// target. On any failure (read-only folder, full disk) the target and its
// backup are unchanged, the temporary file is removed, and the error says
// which step failed: "cannot save /d/level.scene: cannot write the temporary
// file: No space left on device".
//
// A symbolic link is followed and its target replaced (created, when the
// link dangles into a folder that exists); the link stays. A target that is
// not a regular file (a directory, a FIFO, a device) is refused: "cannot
// save /d/pipe: it is a FIFO, not a regular file". Temporary files that a
// killed save of the same target left behind are removed first
// (temporary_files.h names them).
SaveResult WriteFileAtomically(const std::filesystem::path& path, std::string_view bytes,
                               const AtomicWriteOptions& options = {});

struct ReadResult {
  std::optional<std::string> text;
  std::string error;  // names the path; empty when text is set
};

// Reads a whole regular file; files over max_bytes are refused without being
// read: "/d/level.scene is 2000 bytes, over the limit of 1000 bytes". Anything
// that is not a regular file is refused at once, without waiting on it:
// "cannot read /d/pipe: it is a FIFO, not a regular file" (a FIFO without a
// writer, a socket, a device, a directory).
ReadResult ReadFileText(const std::filesystem::path& path, std::size_t max_bytes);

// The error ReadFileText would give for `path` without reading it (it only
// opens the file); nullopt when the file can be read.
std::optional<std::string> CheckReadable(const std::filesystem::path& path, std::size_t max_bytes);

// Reads standard input to its end (a pipe, a terminal, a redirected file);
// more than max_bytes is refused: "standard input holds more than the limit
// of 1000 bytes".
ReadResult ReadStandardInput(std::size_t max_bytes);

// `path` made absolute (against the working folder) and lexically normal:
// the one name Cairn gives a file, to compare, remember and show paths. A
// path that cannot be made absolute is only normalised.
std::filesystem::path NormalPath(const std::filesystem::path& path);

}  // namespace cairn::serialization
