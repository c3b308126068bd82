#include "cairn/editor/journal.h"

#include <fcntl.h>
#include <unistd.h>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>

#include "cairn/ecs/command_plain.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/editor/editor_errors.h"
#include "cairn/serialization/plain_json.h"

namespace cairn::editor {

namespace {

using serialization::Json;

constexpr const char* kFormat = "cairn.journal";
constexpr int kVersion = 1;

std::string Hex64(std::uint64_t value) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string text(16, '0');
  for (int i = 15; i >= 0; --i, value >>= 4) text[static_cast<std::size_t>(i)] = kDigits[value & 0xf];
  return text;
}

std::filesystem::path Normalised(const std::filesystem::path& path) {
  std::error_code error;
  std::filesystem::path absolute = std::filesystem::absolute(path, error);
  return (error ? path : absolute).lexically_normal();
}

std::string Quote(const std::filesystem::path& path) { return "'" + path.string() + "'"; }

std::string SystemReason() { return std::strerror(errno); }

std::string Dump(const Json& json) { return json.dump(-1, ' ', false, Json::error_handler_t::replace); }

std::string HeaderLine(const JournalHeader& header) {
  Json json = Json::object();
  json["format"] = kFormat;
  json["version"] = kVersion;
  json["scene"] = header.scene ? Json(header.scene->string()) : Json(nullptr);
  json["scene_size"] = header.fingerprint ? Json(header.fingerprint->size) : Json(nullptr);
  json["scene_hash"] = header.fingerprint ? Json("fnv1a64:" + Hex64(header.fingerprint->hash)) : Json(nullptr);
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
  const Json& size = json.contains("scene_size") ? json["scene_size"] : Json(nullptr);
  const Json& hash = json.contains("scene_hash") ? json["scene_hash"] : Json(nullptr);
  if (size.is_null() && hash.is_null()) return header;
  const std::string prefix = "fnv1a64:";
  if (!size.is_number_unsigned() || !hash.is_string() || hash.get<std::string>().size() != prefix.size() + 16 ||
      hash.get<std::string>().compare(0, prefix.size(), prefix) != 0) {
    throw JournalError("\"scene_size\" and \"scene_hash\" must be a byte count and \"fnv1a64:\" with 16 hex digits");
  }
  SceneFingerprint fingerprint{size.get<std::uint64_t>(), 0};
  const std::string digits = hash.get<std::string>().substr(prefix.size());
  char* end = nullptr;
  fingerprint.hash = std::strtoull(digits.c_str(), &end, 16);
  if (end != digits.c_str() + digits.size()) {
    throw JournalError("\"scene_hash\" has a character that is not a hex digit");
  }
  header.fingerprint = fingerprint;
  return header;
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
  return std::to_string(fingerprint.size) + " bytes, hash fnv1a64:" + Hex64(fingerprint.hash);
}

std::optional<SceneFingerprint> FingerprintFile(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  SceneFingerprint fingerprint{0, 0xcbf29ce484222325ull};
  char buffer[1 << 16];
  while (in) {
    in.read(buffer, sizeof buffer);
    const std::streamsize count = in.gcount();
    for (std::streamsize i = 0; i < count; ++i) {
      fingerprint.hash ^= static_cast<unsigned char>(buffer[i]);
      fingerprint.hash *= 0x100000001b3ull;
    }
    fingerprint.size += static_cast<std::uint64_t>(count);
  }
  if (in.bad()) return std::nullopt;
  return fingerprint;
}

JournalHeader JournalHeaderFor(const std::optional<std::filesystem::path>& scene) {
  JournalHeader header;
  if (scene) {
    header.scene = Normalised(*scene);
    header.fingerprint = FingerprintFile(*scene);
  }
  return header;
}

std::optional<std::string> JournalMismatch(const JournalHeader& header,
                                           const std::optional<std::filesystem::path>& scene) {
  if (!header.scene && !scene) return std::nullopt;
  if (!header.scene) return "the journal was written for an untitled scene, not for " + Quote(*scene);
  if (!scene) return "the journal was written for " + Quote(*header.scene) + ", not for an untitled scene";
  const std::filesystem::path wanted = Normalised(*scene);
  if (wanted != Normalised(*header.scene)) {
    return "the journal was written for " + Quote(*header.scene) + ", not for " + Quote(wanted);
  }
  const std::optional<SceneFingerprint> now = FingerprintFile(wanted);
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

std::vector<ecs::Action> JournalContents::Actions() const {
  std::vector<ecs::Action> actions;
  actions.reserve(entries.size());
  for (const JournalEntry& entry : entries) actions.push_back(entry.action);
  return actions;
}

// ---- Writing ---------------------------------------------------------------------

Journal::~Journal() { Close(); }

void Journal::Close() {
  if (file_ != nullptr) std::fclose(file_);
  file_ = nullptr;
}

void Journal::Start(std::filesystem::path path, JournalHeader header) {
  Close();
  started_ = true;
  path_ = std::move(path);
  header_ = std::move(header);
  action_count_ = 0;
}

void Journal::WriteLine(std::FILE* file, const std::string& line, const std::filesystem::path& where) {
  const std::string text = line + '\n';
  if (std::fwrite(text.data(), 1, text.size(), file) != text.size() || std::fflush(file) != 0 ||
      ::fsync(::fileno(file)) != 0) {
    throw JournalError("cannot write journal " + Quote(where) + ": " + SystemReason());
  }
}

void Journal::Open() {
  std::error_code error;
  if (path_.has_parent_path()) std::filesystem::create_directories(path_.parent_path(), error);
  if (error) throw JournalError("cannot create the folder of journal " + Quote(path_) + ": " + error.message());
  file_ = std::fopen(path_.c_str(), "wb");
  if (file_ == nullptr) throw JournalError("cannot create journal " + Quote(path_) + ": " + SystemReason());
  action_count_ = 0;
  try {
    WriteLine(file_, HeaderLine(header_), path_);
  } catch (...) {
    Close();
    throw;
  }
  SyncDirectory(path_.parent_path());
}

void Journal::Append(const ecs::Action& action) {
  if (!started_) throw JournalError("cannot append to the journal: it was not started");
  if (file_ == nullptr) Open();
  WriteLine(file_, ActionLine(action), path_);
  ++action_count_;
}

void Journal::Rewrite(std::span<const ecs::Action> actions) {
  if (!started_) throw JournalError("cannot rewrite the journal: it was not started");
  Close();
  std::error_code error;
  if (path_.has_parent_path()) std::filesystem::create_directories(path_.parent_path(), error);
  std::filesystem::path temporary = path_;
  temporary += ".tmp";
  std::FILE* file = std::fopen(temporary.c_str(), "wb");
  if (file == nullptr) throw JournalError("cannot create " + Quote(temporary) + ": " + SystemReason());
  try {
    WriteLine(file, HeaderLine(header_), temporary);
    for (const ecs::Action& action : actions) WriteLine(file, ActionLine(action), temporary);
  } catch (...) {
    std::fclose(file);
    std::filesystem::remove(temporary, error);
    throw;
  }
  std::fclose(file);
  if (std::rename(temporary.c_str(), path_.c_str()) != 0) {
    const std::string reason = SystemReason();
    std::filesystem::remove(temporary, error);
    throw JournalError("cannot replace journal " + Quote(path_) + ": " + reason);
  }
  SyncDirectory(path_.parent_path());
  file_ = std::fopen(path_.c_str(), "ab");
  if (file_ == nullptr) throw JournalError("cannot reopen journal " + Quote(path_) + ": " + SystemReason());
  action_count_ = actions.size();
}

void Journal::Discard() {
  if (file_ == nullptr) return;
  Close();
  Remove(path_);
  action_count_ = 0;
}

void Journal::Remove(const std::filesystem::path& path) {
  std::error_code error;
  std::filesystem::remove(path, error);
  if (error) throw JournalError("cannot remove journal " + Quote(path) + ": " + error.message());
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
    try {
      Json json;
      try {
        json = Json::parse(line);
      } catch (const Json::exception& error) {
        throw JournalError(std::string("not valid JSON (") + error.what() + ")");
      }
      contents.entries.push_back({line_number, ecs::ActionFromPlain(serialization::JsonToPlain(json), registry)});
    } catch (const std::exception& error) {
      if (complete) {
        contents.errors.push_back(place + ": " + error.what());
      } else {
        contents.warnings.push_back(place +
                                    ": the last line is incomplete (the editor stopped while writing it) "
                                    "and is ignored");
      }
    }
  }
  if (line_number == 0) throw JournalError("journal " + Quote(path) + " is empty: nothing to recover");
  return contents;
}

}  // namespace cairn::editor
