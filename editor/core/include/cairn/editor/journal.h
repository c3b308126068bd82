#pragma once
// Crash recovery: every action applied to the world (edits, and the actions
// undo and redo actually apply) is appended as one JSON line to a journal
// beside the scene — `<scene>.journal`, or for an untitled scene
// `untitled.journal` in the per-user state folder — and flushed to disk
// (fflush + fsync) before Append returns. The scene file itself is never
// written. A successful save makes the journal obsolete: the editor removes it.
//
// File format (UTF-8, one JSON value per line):
//   line 1: {"format": "cairn.journal", "version": 1, "scene": "/abs/level.scene",
//            "scene_size": 1234, "scene_hash": "fnv1a64:0123456789abcdef"}
//           ("scene" and the fingerprint are null for an untitled scene)
//   then:   {"name": "Rename 'Crate'", "commands": [...]}   (ecs::ActionToPlain)
// The header names the scene file the actions apply to, by absolute path and
// fingerprint of its saved content, so that a journal for another file, or for
// another version of the file, is detected and reported instead of misapplied.
//
// Recovery: on start the editor reads the journal (Read), shows what it holds,
// and offers Recover (load the scene file, replay the actions) or Discard
// (Journal::Remove).

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "cairn/ecs/command.h"
#include "cairn/ecs/fwd.h"

namespace cairn::editor {

// Identifies one version of a scene file: its size and a 64-bit FNV-1a hash of
// its bytes.
struct SceneFingerprint {
  std::uint64_t size = 0;
  std::uint64_t hash = 0;

  friend bool operator==(const SceneFingerprint&, const SceneFingerprint&) = default;
};

// "1234 bytes, hash fnv1a64:0123456789abcdef".
std::string Describe(const SceneFingerprint& fingerprint);
// nullopt when the file cannot be read.
std::optional<SceneFingerprint> FingerprintFile(const std::filesystem::path& file);

struct JournalHeader {
  std::optional<std::filesystem::path> scene;   // absolute and normalised; nullopt: untitled
  std::optional<SceneFingerprint> fingerprint;  // of the saved scene file; nullopt: untitled, or no file

  friend bool operator==(const JournalHeader&, const JournalHeader&) = default;
};

// The header for a journal of `scene` as it is on disk now.
JournalHeader JournalHeaderFor(const std::optional<std::filesystem::path>& scene);

// nullopt when a journal with this header applies to `scene` (nullopt:
// untitled) as it is on disk now; otherwise why it does not, naming the files.
std::optional<std::string> JournalMismatch(const JournalHeader& header,
                                           const std::optional<std::filesystem::path>& scene);

// $XDG_STATE_HOME/cairn, else $HOME/.local/state/cairn, else ./.cairn-state.
std::filesystem::path DefaultJournalDirectory();
// `<scene>.journal` beside the scene ("level.scene" -> "level.scene.journal"),
// or `<untitled_directory>/untitled.journal`.
std::filesystem::path JournalPathFor(const std::optional<std::filesystem::path>& scene,
                                     const std::filesystem::path& untitled_directory);

struct JournalEntry {
  std::size_t line = 0;  // 1-based line number in the file (the header is line 1)
  ecs::Action action;
};

// What Journal::Read found.
struct JournalContents {
  JournalHeader header;
  std::vector<JournalEntry> entries;  // the decodable actions, in file order
  std::vector<std::string> warnings;  // a torn last line (the editor stopped mid-write): ignored
  std::vector<std::string> errors;    // corrupt lines, by line number: left out of `entries`

  bool Empty() const { return entries.empty(); }
  std::vector<ecs::Action> Actions() const;
};

class Journal {
 public:
  Journal() = default;
  // Closes the file but keeps it: until a save or an explicit Discard, it is
  // the record that recovers the session after a crash.
  ~Journal();
  Journal(const Journal&) = delete;
  Journal& operator=(const Journal&) = delete;

  // Where to write and what the header says. Touches nothing on disk: the
  // first Append creates the file (and its folder), replacing any file already
  // there, so read and resolve a journal left by a crash before editing.
  void Start(std::filesystem::path path, JournalHeader header);
  bool Started() const { return started_; }
  const std::filesystem::path& Path() const { return path_; }
  const JournalHeader& Header() const { return header_; }
  // True while this journal has a file on disk holding its actions.
  bool HasFile() const { return file_ != nullptr; }
  // Actions written to the current file.
  std::size_t ActionCount() const { return action_count_; }

  // Appends one applied action and flushes it to disk. Throws JournalError
  // (naming the file and the system's reason) when the journal is not started
  // or the write fails.
  void Append(const ecs::Action& action);
  // Atomically replaces the file with the header and these actions (written to
  // a temporary file beside it, synced, renamed over it); later Appends add to
  // it. Used after a recovery, to drop torn or corrupt lines. Throws JournalError.
  void Rewrite(std::span<const ecs::Action> actions);
  // Closes and removes this journal's file (a save made it obsolete, or the
  // user discarded the changes). The next Append starts a new file.
  void Discard();

  // Reads a journal; component names are resolved through `registry` (any
  // world with the same component registrations). Throws JournalError when the
  // file cannot be read or has no valid header line.
  static JournalContents Read(const std::filesystem::path& path, const ecs::Coordinator& registry);
  // Removes a journal file (the user chose Discard); no error when it is absent.
  static void Remove(const std::filesystem::path& path);

 private:
  void Open();
  void Close();
  void WriteLine(std::FILE* file, const std::string& line, const std::filesystem::path& where);

  bool started_ = false;
  std::filesystem::path path_;
  JournalHeader header_;
  std::FILE* file_ = nullptr;
  std::size_t action_count_ = 0;
};

}  // namespace cairn::editor
