#include "cairn/editor/journal.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <algorithm>
#include <bit>
#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#include "cairn/ecs/bit_mix.h"
#include "cairn/ecs/command_plain.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/editor/editor_errors.h"
#include "cairn/serialization/atomic_file.h"
#include "cairn/serialization/plain_json.h"

namespace cairn::editor {

namespace {

using serialization::Json;

constexpr const char* kFormat = "cairn.journal";
constexpr int kVersion = 1;

std::string Quote(const std::filesystem::path& path) { return "'" + path.string() + "'"; }

std::string SystemReason() { return std::strerror(errno); }

std::string Dump(const Json& json) { return json.dump(-1, ' ', false, Json::error_handler_t::replace); }

constexpr std::pair<FingerprintHash, std::string_view> kHashNames[] = {
    {FingerprintHash::kFnv1a64, "fnv1a64"},
    {FingerprintHash::kWordMix64, "wordmix64"},
};

std::string_view NameOf(FingerprintHash algorithm) {
  for (const auto& [known, name] : kHashNames) {
    if (known == algorithm) return name;
  }
  return "unknown";
}

// "\"wordmix64\" or \"fnv1a64\"", newest first.
std::string KnownHashNames() {
  std::string names;
  for (auto known = std::rbegin(kHashNames); known != std::rend(kHashNames); ++known) {
    names += (names.empty() ? "\"" : " or \"") + std::string(known->second) + "\"";
  }
  return names;
}

// "wordmix64:0123456789abcdef"
std::string HashText(const SceneFingerprint& fingerprint) {
  return std::string(NameOf(fingerprint.algorithm)) + ":" + ecs::ToHex(fingerprint.hash);
}

// The algorithm and hash of HashText's text (the size is not in it);
// nullopt when it is not one.
std::optional<SceneFingerprint> ParseHashText(std::string_view text) {
  constexpr std::size_t kDigits = 16;
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos || text.size() - colon - 1 != kDigits) return std::nullopt;
  const std::string_view digits = text.substr(colon + 1);
  SceneFingerprint fingerprint;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), fingerprint.hash, 16);
  if (error != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
  for (const auto& [algorithm, name] : kHashNames) {
    if (text.substr(0, colon) == name) {
      fingerprint.algorithm = algorithm;
      return fingerprint;
    }
  }
  return std::nullopt;
}

std::string HeaderLine(const JournalHeader& header) {
  Json json = Json::object();
  json["format"] = kFormat;
  json["version"] = kVersion;
  json["scene"] = header.scene ? Json(header.scene->string()) : Json(nullptr);
  json["scene_size"] = header.fingerprint ? Json(header.fingerprint->size) : Json(nullptr);
  json["scene_hash"] = header.fingerprint ? Json(HashText(*header.fingerprint)) : Json(nullptr);
  if (header.project) json["project"] = header.project->string();
  return Dump(json);
}

std::string ActionLine(const ecs::Action& action) {
  return Dump(serialization::PlainToJson(ecs::ActionToPlain(action)));
}

// Parses line 1; the message says what is wrong, without the place.
JournalHeader ParseHeader(const std::string& line) {
  Json json;
  try {
    json = Json::parse(line);
  } catch (const Json::exception& error) {
    throw JournalError(std::string("not JSON (") + error.what() + ")");
  }
  if (!json.is_object() || !json.contains("format") || json["format"] != kFormat) {
    throw JournalError("not a Cairn journal header (expected \"format\": \"cairn.journal\")");
  }
  if (!json.contains("version") || !json["version"].is_number_integer() || json["version"].get<int>() != kVersion) {
    throw JournalError("unsupported journal version (this editor reads version " + std::to_string(kVersion) + ")");
  }
  JournalHeader header;
  const Json& scene = json.contains("scene") ? json["scene"] : Json(nullptr);
  if (scene.is_string()) {
    header.scene = std::filesystem::path(scene.get<std::string>());
  } else if (!scene.is_null()) {
    throw JournalError("\"scene\" must be a path or null");
  }
  const Json& project = json.contains("project") ? json["project"] : Json(nullptr);
  if (project.is_string()) {
    header.project = std::filesystem::path(project.get<std::string>());
  } else if (!project.is_null()) {
    throw JournalError("\"project\" must be a path or null");
  }
  const Json& size = json.contains("scene_size") ? json["scene_size"] : Json(nullptr);
  const Json& hash = json.contains("scene_hash") ? json["scene_hash"] : Json(nullptr);
  if (size.is_null() && hash.is_null()) return header;
  const std::optional<SceneFingerprint> fingerprint =
      size.is_number_unsigned() && hash.is_string() ? ParseHashText(hash.get<std::string>()) : std::nullopt;
  if (!fingerprint) {
    throw JournalError("\"scene_size\" and \"scene_hash\" must be a byte count and a hash name (" + KnownHashNames() +
                       "), a colon and 16 hex digits");
  }
  header.fingerprint = fingerprint;
  header.fingerprint->size = size.get<std::uint64_t>();
  return header;
}

// The action name of an entry line, also of one that does not decode or is
// torn: lines start with {"name":"...", so a name that was written whole
// is still there to read. nullopt when there is none.
std::optional<std::string> ActionNameIn(const std::string& line) {
  try {
    const Json json = Json::parse(line);
    if (json.is_object() && json.contains("name") && json["name"].is_string()) return json["name"].get<std::string>();
    return std::nullopt;
  } catch (const Json::exception&) {
  }
  constexpr std::string_view kStart = "{\"name\":\"";
  if (line.compare(0, kStart.size(), kStart) != 0) return std::nullopt;
  // The JSON string token: up to the first quote that no backslash escapes.
  for (std::size_t i = kStart.size(); i < line.size(); ++i) {
    if (line[i] == '\\') {
      ++i;
    } else if (line[i] == '"') {
      try {
        return Json::parse(line.substr(kStart.size() - 1, i - kStart.size() + 2)).get<std::string>();
      } catch (const Json::exception&) {
        return std::nullopt;
      }
    }
  }
  return std::nullopt;
}

void SyncDirectory(const std::filesystem::path& directory) {
  const int fd = ::open(directory.empty() ? "." : directory.c_str(), O_RDONLY | O_DIRECTORY);
  if (fd < 0) return;  // best effort: the file itself is already synced
  ::fsync(fd);
  ::close(fd);
}

}  // namespace

// ---- Fingerprints and headers ------------------------------------------------

std::string Describe(const SceneFingerprint& fingerprint) {
  return std::to_string(fingerprint.size) + " bytes, hash " + HashText(fingerprint);
}

namespace {

constexpr std::uint64_t kFnvOffset = 0xcbf29ce484222325ull;
constexpr std::uint64_t kFnvPrime = 0x100000001b3ull;
// wordmix64: each lane starts from its own constant (digits of pi) and takes
// every fourth 8-byte word (little-endian) through Step, which for a given
// word is a bijection of the lane: a change to any one word always changes
// its lane's end state. The end states are folded with the byte count
// through ecs::MixBits (also a bijection), so they all reach the hash.
constexpr std::array<std::uint64_t, 4> kLaneSeeds = {0x243f6a8885a308d3ull, 0x13198a2e03707344ull,
                                                     0xa4093822299f31d0ull, 0x082efa98ec4e6c89ull};
constexpr std::uint64_t kLaneMultiplier = 0x9fb21c651e98df25ull;  // odd, so the multiply is a bijection

std::uint64_t Step(std::uint64_t lane, std::uint64_t word) { return std::rotl((lane ^ word) * kLaneMultiplier, 29); }

std::uint64_t LoadLittleEndian(const char* bytes) {
  std::uint64_t word = 0;
  std::memcpy(&word, bytes, sizeof word);
  if constexpr (std::endian::native == std::endian::big) word = __builtin_bswap64(word);
  return word;
}

}  // namespace

FingerprintHasher::FingerprintHasher(FingerprintHash algorithm)
    : algorithm_(algorithm), fnv_(kFnvOffset), lanes_(kLaneSeeds) {}

void FingerprintHasher::MixBlock(const char* block) {
  for (std::size_t lane = 0; lane < kLanes; ++lane) {
    lanes_[lane] = Step(lanes_[lane], LoadLittleEndian(block + lane * sizeof(std::uint64_t)));
  }
}

void FingerprintHasher::Update(std::string_view bytes) {
  if (bytes.empty()) return;  // an empty view's data() may be null, which memcpy must not be given
  size_ += bytes.size();
  if (algorithm_ == FingerprintHash::kFnv1a64) {
    for (const char byte : bytes) {
      fnv_ ^= static_cast<unsigned char>(byte);
      fnv_ *= kFnvPrime;
    }
    return;
  }
  if (pending_size_ > 0) {
    const std::size_t taken = std::min(kBlock - pending_size_, bytes.size());
    std::memcpy(pending_.data() + pending_size_, bytes.data(), taken);
    pending_size_ += taken;
    bytes.remove_prefix(taken);
    if (pending_size_ < kBlock) return;
    MixBlock(pending_.data());
    pending_size_ = 0;
  }
  while (bytes.size() >= kBlock) {
    MixBlock(bytes.data());
    bytes.remove_prefix(kBlock);
  }
  std::memcpy(pending_.data(), bytes.data(), bytes.size());
  pending_size_ = bytes.size();
}

SceneFingerprint FingerprintHasher::Fingerprint() const {
  if (algorithm_ == FingerprintHash::kFnv1a64) return SceneFingerprint{size_, fnv_, algorithm_};
  FingerprintHasher last = *this;
  if (last.pending_size_ > 0) {  // the last block, padded with zero bytes (the size tells it apart)
    std::fill(last.pending_.begin() + static_cast<std::ptrdiff_t>(last.pending_size_), last.pending_.end(), '\0');
    last.MixBlock(last.pending_.data());
  }
  std::uint64_t hash = ecs::MixBits(size_);
  for (const std::uint64_t lane : last.lanes_) hash = ecs::MixBits(hash ^ lane);
  return SceneFingerprint{size_, hash, algorithm_};
}

std::optional<SceneFingerprint> FingerprintFile(const std::filesystem::path& file, FingerprintHash algorithm) {
  // Opened without blocking and read only when it is a regular file: a FIFO
  // without a writer would otherwise wait for one forever.
  const int fd = ::open(file.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  struct stat info{};
  if (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
    ::close(fd);
    return std::nullopt;
  }
  FingerprintHasher hasher(algorithm);
  std::vector<char> buffer(std::size_t{1} << 20);
  for (;;) {
    const ssize_t count = ::read(fd, buffer.data(), buffer.size());
    if (count < 0 && errno == EINTR) continue;
    if (count < 0) {
      ::close(fd);
      return std::nullopt;
    }
    if (count == 0) break;
    hasher.Update(std::string_view(buffer.data(), static_cast<std::size_t>(count)));
  }
  ::close(fd);
  return hasher.Fingerprint();
}

JournalHeader JournalHeaderFor(const std::optional<std::filesystem::path>& scene,
                               const std::optional<std::filesystem::path>& project) {
  JournalHeader header;
  if (scene) {
    header.scene = serialization::NormalPath(*scene);
    header.fingerprint = FingerprintFile(*scene);
  }
  if (project) header.project = serialization::NormalPath(*project);
  return header;
}

std::optional<std::string> JournalMismatch(const JournalHeader& header,
                                           const std::optional<std::filesystem::path>& scene) {
  if (!header.scene && !scene) return std::nullopt;
  if (!header.scene) return "the journal was written for an untitled scene, not for " + Quote(*scene);
  if (!scene) return "the journal was written for " + Quote(*header.scene) + ", not for an untitled scene";
  const std::filesystem::path wanted = serialization::NormalPath(*scene);
  if (wanted != serialization::NormalPath(*header.scene)) {
    return "the journal was written for " + Quote(*header.scene) + ", not for " + Quote(wanted);
  }
  // Hashed as the journal's header was, which may be an older default.
  const std::optional<SceneFingerprint> now =
      FingerprintFile(wanted, header.fingerprint ? header.fingerprint->algorithm : kDefaultFingerprintHash);
  if (now == header.fingerprint) return std::nullopt;
  if (!now) return Quote(wanted) + " cannot be read, so the journal's changes cannot be applied to it";
  if (!header.fingerprint) {
    return Quote(wanted) + " did not exist when the journal was started, so it is not the file the changes apply to";
  }
  return Quote(wanted) + " changed since the journal was started (it had " + Describe(*header.fingerprint) +
         ", it now has " + Describe(*now) + "): the journal's changes apply to the earlier version";
}

std::filesystem::path DefaultJournalDirectory() {
  if (const char* state = std::getenv("XDG_STATE_HOME"); state != nullptr && *state == '/') {
    return std::filesystem::path(state) / "cairn";
  }
  if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0') {
    return std::filesystem::path(home) / ".local" / "state" / "cairn";
  }
  return std::filesystem::path(".cairn-state");
}

std::filesystem::path JournalPathFor(const std::optional<std::filesystem::path>& scene,
                                     const std::filesystem::path& untitled_directory) {
  if (!scene) return untitled_directory / "untitled.journal";
  std::filesystem::path journal = *scene;
  journal += ".journal";
  return journal;
}

std::string Describe(const JournalProblem& problem) {
  std::string text = "entry " + std::to_string(problem.entry) + " (line " + std::to_string(problem.line);
  if (problem.action) text += ", '" + *problem.action + "'";
  return text + "): " + problem.reason;
}

std::vector<ecs::Action> JournalContents::Actions() const {
  std::vector<ecs::Action> actions;
  actions.reserve(entries.size());
  for (const JournalEntry& entry : entries) actions.push_back(entry.action);
  return actions;
}

// ---- Writing ---------------------------------------------------------------------

JournalWriteCalls JournalWriteCalls::System() {
  return {[](int fd, const void* data, std::size_t size) { return ::write(fd, data, size); },
          [](int fd) { return ::fsync(fd); }};
}

Journal::Journal(JournalWriteCalls calls) : calls_(std::move(calls)) {}

Journal::~Journal() { Close(); }

void Journal::Close() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

void Journal::Start(std::filesystem::path path, JournalHeader header) {
  Close();
  started_ = true;
  path_ = std::move(path);
  header_ = std::move(header);
  written_bytes_ = 0;
  action_count_ = 0;
  pending_lines_.clear();
  pending_count_ = 0;
  failure_.reset();
}

void Journal::Keep(const ecs::Action& action) {
  pending_lines_ += ActionLine(action);
  pending_lines_ += '\n';
  ++pending_count_;
}

void Journal::Append(const ecs::Action& action) {
  if (!started_) throw JournalError("cannot append to the journal: it was not started");
  Keep(action);
  WritePending();
}

void Journal::Defer(const ecs::Action& action) {
  if (!started_) throw JournalError("cannot append to the journal: it was not started");
  Keep(action);
}

void Journal::WritePending() {
  if (!started_) throw JournalError("cannot write the journal: it was not started");
  if (pending_count_ > 0) Write();
}

void Journal::Rewrite(std::span<const ecs::Action> actions) {
  if (!started_) throw JournalError("cannot rewrite the journal: it was not started");
  Close();
  pending_lines_.clear();
  pending_count_ = 0;
  for (const ecs::Action& action : actions) Keep(action);
  written_bytes_ = 0;
  action_count_ = 0;
  Write();
}

void Journal::Write() {
  try {
    if (fd_ < 0) {
      CreateFile();
    } else {
      AppendPending();
    }
  } catch (const JournalError& error) {
    failure_ = error.what();
    throw;
  }
  failure_.reset();
}

void Journal::WriteAll(int fd, const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t written = calls_.write(fd, text.data() + done, text.size() - done);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) {
      if (written == 0) errno = ENOSPC;  // a write that makes no progress: the device takes no more
      throw JournalError("cannot write journal " + Quote(path_) + ": " + SystemReason());
    }
    done += static_cast<std::size_t>(written);
  }
  if (calls_.sync(fd) != 0) throw JournalError("cannot write journal " + Quote(path_) + ": " + SystemReason());
}

// Writes the header and the pending actions to a temporary file and renames
// it over the journal: the file at `path_` is either what it was or complete.
void Journal::CreateFile() {
  std::error_code error;
  if (path_.has_parent_path()) std::filesystem::create_directories(path_.parent_path(), error);
  if (error) throw JournalError("cannot create the folder of journal " + Quote(path_) + ": " + error.message());
  std::filesystem::path temporary = path_;
  temporary += ".tmp";
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) throw JournalError("cannot create journal " + Quote(path_) + ": " + SystemReason());
  const std::string text = HeaderLine(header_) + '\n' + pending_lines_;
  try {
    WriteAll(fd, text);
  } catch (...) {
    ::close(fd);
    std::filesystem::remove(temporary, error);
    throw;
  }
  if (std::rename(temporary.c_str(), path_.c_str()) != 0) {
    const std::string reason = SystemReason();
    ::close(fd);
    std::filesystem::remove(temporary, error);
    throw JournalError("cannot replace journal " + Quote(path_) + ": " + reason);
  }
  SyncDirectory(path_.parent_path());
  fd_ = fd;  // now the journal's own descriptor, positioned after its last line
  written_bytes_ = text.size();
  action_count_ = pending_count_;
  pending_lines_.clear();
  pending_count_ = 0;
}

void Journal::AppendPending() {
  try {
    // Start after the last whole line: a failed write may have left part of one.
    if (::lseek(fd_, static_cast<off_t>(written_bytes_), SEEK_SET) < 0) {
      throw JournalError("cannot write journal " + Quote(path_) + ": " + SystemReason());
    }
    WriteAll(fd_, pending_lines_);
  } catch (...) {
    // Best effort: a part that stays is a torn last line to Read, reported as such.
    if (::ftruncate(fd_, static_cast<off_t>(written_bytes_)) != 0) errno = 0;
    throw;
  }
  written_bytes_ += pending_lines_.size();
  action_count_ += pending_count_;
  pending_lines_.clear();
  pending_count_ = 0;
}

void Journal::Discard() {
  pending_lines_.clear();
  pending_count_ = 0;
  failure_.reset();
  if (fd_ < 0) return;
  Close();
  Remove(path_);
  written_bytes_ = 0;
  action_count_ = 0;
}

void Journal::Remove(const std::filesystem::path& path) {
  std::error_code error;
  std::filesystem::remove(path, error);
  if (error) throw JournalError("cannot remove journal " + Quote(path) + ": " + error.message());
}

std::filesystem::path Journal::KeepAside(const std::filesystem::path& path) {
  std::filesystem::path aside = path;
  aside += ".unreadable";
  std::error_code error;
  for (int suffix = 2;; ++suffix) {
    const bool taken = std::filesystem::exists(aside, error);
    if (error) throw JournalError("cannot keep journal " + Quote(path) + " aside: " + error.message());
    if (!taken) break;
    aside = path;
    aside += ".unreadable-" + std::to_string(suffix);
  }
  std::filesystem::rename(path, aside, error);
  if (error) {
    throw JournalError("cannot keep journal " + Quote(path) + " aside as " + Quote(aside) + ": " + error.message());
  }
  SyncDirectory(path.parent_path());
  return aside;
}

// ---- Reading ---------------------------------------------------------------------

JournalContents Journal::Read(const std::filesystem::path& path, const ecs::Coordinator& registry) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw JournalError("cannot read journal " + Quote(path) + ": " + SystemReason());
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw JournalError("cannot read journal " + Quote(path) + ": " + SystemReason());

  const std::string where = path.string();
  JournalContents contents;
  std::size_t line_number = 0;
  std::size_t entry_number = 0;
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t end = text.find('\n', start);
    const bool complete = end != std::string::npos;
    const std::string line = text.substr(start, complete ? end - start : std::string::npos);
    start = complete ? end + 1 : text.size();
    ++line_number;
    const std::string place = where + ":" + std::to_string(line_number);

    if (line_number == 1) {
      if (!complete) throw JournalError("journal " + Quote(path) + " has no complete header line: nothing to recover");
      try {
        contents.header = ParseHeader(line);
      } catch (const JournalError& error) {
        throw JournalError(place + ": " + error.what());
      }
      continue;
    }
    if (line.empty()) continue;
    ++entry_number;
    try {
      Json json;
      try {
        json = Json::parse(line);
      } catch (const Json::exception& error) {
        throw JournalError(std::string("not valid JSON (") + error.what() + ")");
      }
      contents.entries.push_back(
          {line_number, ecs::ActionFromPlain(serialization::JsonToPlain(json), registry), entry_number});
    } catch (const std::exception& error) {
      JournalProblem problem{entry_number, line_number, ActionNameIn(line), error.what(), !complete};
      if (complete) {
        contents.errors.push_back(place + ": " + problem.reason);
      } else {
        problem.reason = "the last line is incomplete (the editor stopped while writing it)";
        contents.warnings.push_back(place + ": " + problem.reason + " and is ignored");
      }
      contents.problems.push_back(std::move(problem));
    }
  }
  if (line_number == 0) throw JournalError("journal " + Quote(path) + " is empty: nothing to recover");
  return contents;
}

}  // namespace cairn::editor
