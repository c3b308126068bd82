#include <catch2/catch.hpp>

#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
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

// Runs `work` in a child process and returns what it returned, or nullopt
// when the child did not finish within `seconds` (it is then killed).
std::optional<std::string> InChildWithin(unsigned seconds, const std::function<std::string()>& work) {
  int pipe_ends[2];
  REQUIRE(::pipe(pipe_ends) == 0);
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    ::close(pipe_ends[0]);
    ::alarm(seconds);  // SIGALRM ends a child that hangs
    const std::string result = work();
    const ssize_t ignored = ::write(pipe_ends[1], result.data(), result.size());
    (void)ignored;
    ::_exit(0);
  }
  ::close(pipe_ends[1]);
  std::string result;
  char buffer[512];
  for (ssize_t count; (count = ::read(pipe_ends[0], buffer, sizeof buffer)) > 0;) result.append(buffer, count);
  ::close(pipe_ends[0]);
  int status = 0;
  ::waitpid(child, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return std::nullopt;
  return result;
}

// The id of a process that has ended (a child, waited for).
pid_t DeadProcessId() {
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) ::_exit(0);
  int status = 0;
  REQUIRE(::waitpid(child, &status, 0) == child);
  return child;
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
  REQUIRE(result.error == "cannot save " + (directory / "level.scene").string() + ": it is a directory, not a regular file");
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
  REQUIRE(ReadFileText(directory, 100).error ==
          "cannot read " + directory.string() + ": it is a directory, not a regular file");
}

TEST_CASE("ReadFileText refuses a FIFO without a writer at once, without blocking on it", "[serialization][atomic_file]") {
  const t::TempDir temp("serialization-atomic");
  const fs::path fifo = temp / "level.scene";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  const auto start = std::chrono::steady_clock::now();
  const std::optional<std::string> error = InChildWithin(10, [&] { return ReadFileText(fifo, 1000).error; });
  REQUIRE(error.has_value());  // the child did not hang
  REQUIRE(*error == "cannot read " + fifo.string() + ": it is a FIFO, not a regular file");
  REQUIRE(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));
}

TEST_CASE("ReadFileText names the kind of file that is not a regular file", "[serialization][atomic_file]") {
  REQUIRE(ReadFileText("/dev/null", 1000).error == "cannot read /dev/null: it is a character device, not a regular file");
  const t::TempDir temp("serialization-atomic");
  const fs::path socket_path = temp / "level.scene";
  const int listener = ::socket(AF_UNIX, SOCK_STREAM, 0);
  REQUIRE(listener >= 0);
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  REQUIRE(socket_path.string().size() < sizeof address.sun_path);
  std::strcpy(address.sun_path, socket_path.c_str());
  REQUIRE(::bind(listener, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0);
  const std::string error = ReadFileText(socket_path, 1000).error;
  ::close(listener);
  REQUIRE(error == "cannot read " + socket_path.string() + ": it is a socket, not a regular file");
}

TEST_CASE("ReadStandardInput reads standard input to its end, within the limit", "[serialization][atomic_file]") {
  const auto read_piped = [](std::string text, std::size_t max_bytes) {
    return InChildWithin(10, [&] {
      int pipe_ends[2];
      if (::pipe(pipe_ends) != 0 || ::dup2(pipe_ends[0], STDIN_FILENO) < 0) return std::string("no pipe");
      const ssize_t ignored = ::write(pipe_ends[1], text.data(), text.size());
      (void)ignored;
      ::close(pipe_ends[1]);
      const ReadResult read = ReadStandardInput(max_bytes);
      return read.text ? "text: " + *read.text : "error: " + read.error;
    });
  };
  REQUIRE(read_piped("hello", 5) == std::optional<std::string>("text: hello"));
  REQUIRE(read_piped("", 5) == std::optional<std::string>("text: "));
  REQUIRE(read_piped("hello", 4) ==
          std::optional<std::string>("error: standard input holds more than the limit of 4 bytes"));
}

TEST_CASE("A FIFO, a socket or a device cannot be saved over", "[serialization][atomic_file]") {
  const t::TempDir temp("serialization-atomic");
  const fs::path fifo = temp / "level.scene";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  const SaveResult result = WriteFileAtomically(fifo, "x");
  REQUIRE_FALSE(result.ok);
  REQUIRE(result.error == "cannot save " + fifo.string() + ": it is a FIFO, not a regular file");
  REQUIRE(fs::is_fifo(fifo));
  REQUIRE(FileNames(temp.Path()) == std::vector<std::string>{"level.scene"});
}

TEST_CASE("Saving through a dangling symbolic link creates the file it points to", "[serialization][atomic_file]") {
  const t::TempDir temp("serialization-atomic");
  fs::create_directory(temp / "scenes");
  fs::create_symlink("scenes/real.scene", temp / "link.scene");
  const SaveResult result = WriteFileAtomically(temp / "link.scene", "first");
  REQUIRE(result.error.empty());
  REQUIRE(result.ok);
  REQUIRE(fs::is_symlink(temp / "link.scene"));
  REQUIRE(t::ReadText(temp / "scenes" / "real.scene") == "first");
  REQUIRE(FileNames(temp / "scenes") == std::vector<std::string>{"real.scene"});
}

TEST_CASE("A symbolic link into a folder that does not exist is reported as such", "[serialization][atomic_file]") {
  const t::TempDir temp("serialization-atomic");
  fs::create_symlink(temp / "gone" / "real.scene", temp / "link.scene");
  const SaveResult result = WriteFileAtomically(temp / "link.scene", "x");
  REQUIRE_FALSE(result.ok);
  REQUIRE(result.error == "cannot save " + (temp / "link.scene").string() + ": it is a symbolic link to " +
                              (temp / "gone" / "real.scene").string() + ", whose folder does not exist");
  REQUIRE(FileNames(temp.Path()) == std::vector<std::string>{"link.scene"});
}

TEST_CASE("A loop of symbolic links is reported as such", "[serialization][atomic_file]") {
  const t::TempDir temp("serialization-atomic");
  fs::create_symlink("b.scene", temp / "a.scene");
  fs::create_symlink("a.scene", temp / "b.scene");
  const SaveResult result = WriteFileAtomically(temp / "a.scene", "x");
  REQUIRE_FALSE(result.ok);
  REQUIRE(result.error ==
          "cannot save " + (temp / "a.scene").string() + ": it is a symbolic link that leads to a loop of links");
}

TEST_CASE("A save removes the temporary files a killed save of the same file left behind", "[serialization][atomic_file]") {
  const t::TempDir temp("serialization-atomic");
  const std::string dead = std::to_string(DeadProcessId());
  const std::string live = std::to_string(::getppid());
  const std::string own = std::to_string(::getpid());
  const std::vector<std::string> stale = {".level.scene." + dead + ".0.tmp", ".level.scene." + dead + ".7.bak.tmp"};
  const std::vector<std::string> kept = {
      ".level.scene." + live + ".0.tmp",       // a writer that is still running
      ".level.scene." + own + ".3.bak.tmp",    // this process's own
      ".other.scene." + dead + ".0.tmp",       // another file's
      "level.scene." + dead + ".0.tmp",        // not hidden
      ".level.scene." + dead + ".0.tmp~",      // not the exact pattern
      ".level.scene." + dead + ".x.tmp",
      ".level.scene." + dead + ".100.tmp",     // attempts run from 0 to 99
      ".level.scene.0" + dead + ".0.tmp",      // a pid is written without leading zeros
      ".level.scene." + dead + ".0.old.tmp",
      ".level.scene..0.tmp",
  };
  for (const std::string& name : stale) t::WriteText(temp / name, "partial");
  for (const std::string& name : kept) t::WriteText(temp / name, "partial");
  fs::create_directory(temp / (".level.scene." + dead + ".1.tmp"));  // not a file

  REQUIRE(WriteFileAtomically(temp / "level.scene", "saved").ok);

  std::vector<std::string> expected = kept;
  expected.push_back(".level.scene." + dead + ".1.tmp");
  expected.push_back("level.scene");
  std::sort(expected.begin(), expected.end());
  REQUIRE(FileNames(temp.Path()) == expected);
  REQUIRE(t::ReadText(temp / "level.scene") == "saved");
}

TEST_CASE("The temporary file of a save killed by SIGKILL is removed by the next save", "[serialization][atomic_file]") {
  const t::TempDir temp("serialization-atomic");
  const fs::path path = temp / "level.scene";
  REQUIRE(WriteFileAtomically(path, "first").ok);
  // A child starts saving; its disk fills up after 1 KiB, and at that moment
  // it stops (SIGXFSZ's handler), its temporary file half written.
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    rlimit limit{1024, 1024};
    ::setrlimit(RLIMIT_FSIZE, &limit);
    std::signal(SIGXFSZ, [](int) { ::raise(SIGSTOP); });
    WriteFileAtomically(path, std::string(4096, 'x'));
    ::_exit(0);
  }
  int status = 0;
  REQUIRE(::waitpid(child, &status, WUNTRACED) == child);
  REQUIRE(WIFSTOPPED(status));
  const std::string leftover = ".level.scene." + std::to_string(child) + ".0.tmp";
  REQUIRE(FileNames(temp.Path()) == std::vector<std::string>{leftover, "level.scene"});

  REQUIRE(WriteFileAtomically(path, "second").ok);  // the writer is alive: its file stays
  REQUIRE(FileNames(temp.Path()) == std::vector<std::string>{leftover, "level.scene", "level.scene.bak"});

  ::kill(child, SIGKILL);
  REQUIRE(::waitpid(child, &status, 0) == child);
  REQUIRE(WIFSIGNALED(status));
  REQUIRE(WriteFileAtomically(path, "third").ok);
  REQUIRE(FileNames(temp.Path()) == std::vector<std::string>{"level.scene", "level.scene.bak"});
  REQUIRE(t::ReadText(path) == "third");
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
