#include <catch2/catch.hpp>

#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstring>

#include "cairn/serialization/atomic_file.h"
#include "cairn/serialization/scene_loader.h"
#include "cairn/serialization/scene_writer.h"
#include "test_support.h"

using namespace cairn::serialization;
namespace fs = std::filesystem;
namespace t = cairn::serialization::test;

namespace {

std::vector<std::string> FileNames(const fs::path& directory) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(directory)) names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

// Runs `write` where the directory cannot be written to. Root ignores
// directory permissions, so as root the write runs in a child process that
// has given up root; its result comes back through a pipe.
SaveResult InReadOnlyDirectory(const fs::path& directory, const std::function<SaveResult()>& write) {
  ::chmod(directory.c_str(), 0555);
  if (::geteuid() != 0) {
    SaveResult result = write();
    ::chmod(directory.c_str(), 0755);
    return result;
  }
  int pipe_ends[2];
  REQUIRE(::pipe(pipe_ends) == 0);
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    ::close(pipe_ends[0]);
    if (::setgid(65534) != 0 || ::setuid(65534) != 0) ::_exit(2);
    const SaveResult result = write();
    const std::string message = (result.ok ? "1" : "0") + result.error;
    const ssize_t ignored = ::write(pipe_ends[1], message.data(), message.size());
    (void)ignored;
    ::_exit(0);
  }
  ::close(pipe_ends[1]);
  std::string message;
  char buffer[512];
  for (ssize_t count; (count = ::read(pipe_ends[0], buffer, sizeof buffer)) > 0;) message.append(buffer, count);
  ::close(pipe_ends[0]);
  int status = 0;
  ::waitpid(child, &status, 0);
  ::chmod(directory.c_str(), 0755);
  REQUIRE(WIFEXITED(status));
  REQUIRE(WEXITSTATUS(status) == 0);
  REQUIRE_FALSE(message.empty());
  return SaveResult{message[0] == '1', message.substr(1)};
}

// The process may write files of at most `bytes` bytes while alive, as on a
// nearly full disk (writes past it fail with EFBIG instead of a signal).
class FileSizeLimit {
 public:
  explicit FileSizeLimit(rlim_t bytes) {
    ::getrlimit(RLIMIT_FSIZE, &saved_);
    previous_handler_ = std::signal(SIGXFSZ, SIG_IGN);
    rlimit limit = saved_;
    limit.rlim_cur = bytes;
    ::setrlimit(RLIMIT_FSIZE, &limit);
  }
  ~FileSizeLimit() {
    ::setrlimit(RLIMIT_FSIZE, &saved_);
    std::signal(SIGXFSZ, previous_handler_);
  }
  FileSizeLimit(const FileSizeLimit&) = delete;
  FileSizeLimit& operator=(const FileSizeLimit&) = delete;

 private:
  rlimit saved_{};
  void (*previous_handler_)(int) = nullptr;
};

}  // namespace

TEST_CASE("An atomic write creates the file and leaves nothing else", "[serialization][atomic_file]") {
  const t::TempDir temp("serialization-atomic");
  const fs::path& directory = temp.Path();
  const SaveResult result = WriteFileAtomically(directory / "level.scene", "first");
  REQUIRE(result.ok);
  REQUIRE(result.error.empty());
  REQUIRE(t::ReadText(directory / "level.scene") == "first");
  REQUIRE(FileNames(directory) == std::vector<std::string>{"level.scene"});
}

TEST_CASE("Replacing a file keeps the previous one as .bak", "[serialization][atomic_file]") {
  const t::TempDir temp("serialization-atomic");
  const fs::path& directory = temp.Path();
  REQUIRE(WriteFileAtomically(directory / "level.scene", "first").ok);
  REQUIRE(WriteFileAtomically(directory / "level.scene", "second").ok);
  REQUIRE(t::ReadText(directory / "level.scene") == "second");
  REQUIRE(t::ReadText(directory / "level.scene.bak") == "first");
  REQUIRE(WriteFileAtomically(directory / "level.scene", "third").ok);
  REQUIRE(t::ReadText(directory / "level.scene.bak") == "second");
  REQUIRE(FileNames(directory) == std::vector<std::string>{"level.scene", "level.scene.bak"});
}

TEST_CASE("An export replaces its file without a backup", "[serialization][atomic_file]") {
  const t::TempDir temp("serialization-atomic");
  const fs::path& directory = temp.Path();
  REQUIRE(WriteFileAtomically(directory / "level.json", "first", {.keep_backup = false}).ok);
  REQUIRE(WriteFileAtomically(directory / "level.json", "second", {.keep_backup = false}).ok);
  REQUIRE(FileNames(directory) == std::vector<std::string>{"level.json"});
}

TEST_CASE("A replaced file keeps its permissions", "[serialization][atomic_file]") {
  const t::TempDir temp("serialization-atomic");
  const fs::path& directory = temp.Path();
  REQUIRE(WriteFileAtomically(directory / "level.scene", "first").ok);
  ::chmod((directory / "level.scene").c_str(), 0640);
  REQUIRE(WriteFileAtomically(directory / "level.scene", "second").ok);
  struct stat info{};
  ::stat((directory / "level.scene").c_str(), &info);
  REQUIRE((info.st_mode & 0777) == 0640);
}

TEST_CASE("Saving through a symbolic link replaces the file it points to", "[serialization][atomic_file]") {
  const t::TempDir temp("serialization-atomic");
  const fs::path& directory = temp.Path();
  REQUIRE(WriteFileAtomically(directory / "real.scene", "first").ok);
  fs::create_symlink(directory / "real.scene", directory / "link.scene");
  REQUIRE(WriteFileAtomically(directory / "link.scene", "second").ok);
  REQUIRE(fs::is_symlink(directory / "link.scene"));
  REQUIRE(t::ReadText(directory / "real.scene") == "second");
  REQUIRE(t::ReadText(directory / "real.scene.bak") == "first");
}

TEST_CASE("A read-only folder is reported and the old file and backup stay intact", "[serialization][atomic_file]") {
  const t::TempDir temp("serialization-atomic");
  const fs::path& directory = temp.Path();
  const fs::path path = directory / "level.scene";
  REQUIRE(WriteFileAtomically(path, "first").ok);
  REQUIRE(WriteFileAtomically(path, "second").ok);
  const SaveResult result = InReadOnlyDirectory(directory, [&] { return WriteFileAtomically(path, "third"); });
  REQUIRE_FALSE(result.ok);
  REQUIRE(result.error == "cannot save " + path.string() + ": cannot create a temporary file beside it: Permission denied");
  REQUIRE(t::ReadText(path) == "second");
  REQUIRE(t::ReadText(directory / "level.scene.bak") == "first");
  REQUIRE(FileNames(directory) == std::vector<std::string>{"level.scene", "level.scene.bak"});
}

TEST_CASE("A full disk is reported and the old file and backup stay intact", "[serialization][atomic_file]") {
  const t::TempDir temp("serialization-atomic");
  const fs::path& directory = temp.Path();
  const fs::path path = directory / "level.scene";
  REQUIRE(WriteFileAtomically(path, "first").ok);
  REQUIRE(WriteFileAtomically(path, "second").ok);
  SaveResult result;
  {
    const FileSizeLimit limit(1024);
    result = WriteFileAtomically(path, std::string(4096, 'x'));
  }
  REQUIRE_FALSE(result.ok);
  REQUIRE(result.error == "cannot save " + path.string() + ": cannot write the temporary file: File too large");
  REQUIRE(t::ReadText(path) == "second");
  REQUIRE(t::ReadText(directory / "level.scene.bak") == "first");
  REQUIRE(FileNames(directory) == std::vector<std::string>{"level.scene", "level.scene.bak"});
}

TEST_CASE("A directory cannot be saved over", "[serialization][atomic_file]") {
  const t::TempDir temp("serialization-atomic");
  const fs::path& directory = temp.Path();
  fs::create_directory(directory / "level.scene");
  const SaveResult result = WriteFileAtomically(directory / "level.scene", "x");
  REQUIRE(result.error == "cannot save " + (directory / "level.scene").string() + ": it is a directory");
}

TEST_CASE("A missing folder is reported", "[serialization][atomic_file]") {
  const t::TempDir temp("serialization-atomic");
  const fs::path path = temp / "missing" / "level.scene";
  const SaveResult result = WriteFileAtomically(path, "x");
  REQUIRE(result.error ==
          "cannot save " + path.string() + ": cannot create a temporary file beside it: No such file or directory");
}

TEST_CASE("ReadFileText reads whole files and refuses large ones", "[serialization][atomic_file]") {
  const t::TempDir temp("serialization-atomic");
  const fs::path& directory = temp.Path();
  REQUIRE(WriteFileAtomically(directory / "a.txt", "hello").ok);
  REQUIRE(ReadFileText(directory / "a.txt", 5).text == std::optional<std::string>("hello"));
  const ReadResult large = ReadFileText(directory / "a.txt", 4);
  REQUIRE_FALSE(large.text);
  REQUIRE(large.error == (directory / "a.txt").string() + " is 5 bytes, over the limit of 4 bytes");
  REQUIRE(ReadFileText(directory, 100).error == "cannot read " + directory.string() + ": it is a directory");
}

TEST_CASE("SaveSceneFile saves atomically and the file loads back", "[serialization][atomic_file][scene_writer]") {
  const t::TempDir temp("serialization-atomic");
  const fs::path& directory = temp.Path();
  const auto world = t::MakeSampleWorld();
  REQUIRE(SaveSceneFile(directory / "sample.scene", *world, t::SampleEditorData()).ok);
  REQUIRE(t::ReadText(directory / "sample.scene") == t::ReadText(t::DataPath("sample.scene")));
  REQUIRE(LoadSceneFile(directory / "sample.scene").Ok());
}

TEST_CASE("SaveSceneFile reports what cannot be written and keeps the old file", "[serialization][atomic_file][scene_writer]") {
  const t::TempDir temp("serialization-atomic");
  const fs::path& directory = temp.Path();
  auto world = t::MakeWorld();
  REQUIRE(SaveSceneFile(directory / "level.scene", *world, {}).ok);
  const std::string before = t::ReadText(directory / "level.scene");
  const auto entity = world->CreateEntity(cairn::ecs::EntityId{0x1});
  world->AddComponent(entity, cairn::ecs::Rotator{{0.0f, 1.0f, 0.0f}, std::numeric_limits<float>::infinity()});
  const SaveResult result = SaveSceneFile(directory / "level.scene", *world, {});
  REQUIRE(result.error == "cannot save " + (directory / "level.scene").string() +
                              ": entity 0000000000000001: Rotator.degrees_per_second is not finite");
  REQUIRE(t::ReadText(directory / "level.scene") == before);
}
