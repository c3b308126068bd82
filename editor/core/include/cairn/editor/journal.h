#pragma once
// Crash recovery: every action applied to the world (edits, and the actions
// undo and redo actually apply) is appended as one JSON line to a journal
// beside the scene — `<scene>.journal`, or for an untitled scene
// `untitled.journal` in the per-user state folder — and flushed to disk
// (write + fsync) before Append returns. The scene file itself is never
// written. A successful save makes the journal obsolete: the editor removes it.
//
// File format (UTF-8, one JSON value per line):
//   line 1: {"format": "cairn.journal", "version": 1, "scene": "/abs/level.scene",
//            "scene_size": 1234, "scene_hash": "wordmix64:0123456789abcdef"}
//           ("scene" and the fingerprint are null for an untitled scene; a
//           session in a game project adds "project": "/abs/cairn.project.json",
//           the project whose components the actions use)
//   then:   {"name": "Rename 'Crate'", "commands": [...]}   (ecs::ActionToPlain)
// The header names the scene file the actions apply to, by absolute path and
// fingerprint of its saved content, so that a journal for another file, or for
// another version of the file, is detected and reported instead of misapplied.
// The lines after the header are the journal's entries, numbered from 1.
//
// Write failures (a full disk, a folder that cannot be created) lose nothing
// that is still in memory: an action that cannot be written stays pending,
// with every later one, and the first write that succeeds puts them all on
// disk in order. A write cut short is truncated away again before the next
// one, so a partial line can only ever be the last (Read reports it as torn).
//
// Recovery: on start the editor reads the journal (Read), shows what it holds
// and every entry it cannot recover (JournalProblem), and offers Recover (load
// the scene file, replay the actions), Discard (Journal::Remove), or, for a
// journal with problems, keeping the file aside (Journal::KeepAside) where no
// later session overwrites it.

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <sys/types.h>

#include "cairn/ecs/command.h"
#include "cairn/ecs/fwd.h"

namespace cairn::editor {

// The hash of a fingerprint. The header names it ("scene_hash":
// "<name>:<hex>"), and a journal is checked with the hash it names, so a
// journal written before the default changed still finds its scene.
enum class FingerprintHash {
  kFnv1a64,    // "fnv1a64": 64-bit FNV-1a, byte by byte (journals before wordmix64)
  kWordMix64,  // "wordmix64": four lanes of 8-byte words, each a bijective multiply-rotate step
};
inline constexpr FingerprintHash kDefaultFingerprintHash = FingerprintHash::kWordMix64;

// Identifies one version of a scene file: its size and a 64-bit hash of its
// bytes.
struct SceneFingerprint {
  std::uint64_t size = 0;
  std::uint64_t hash = 0;
  FingerprintHash algorithm = kDefaultFingerprintHash;

  friend bool operator==(const SceneFingerprint&, const SceneFingerprint&) = default;
};

// "1234 bytes, hash wordmix64:0123456789abcdef".
std::string Describe(const SceneFingerprint& fingerprint);

// Hashes bytes given in pieces: the hash is the same however they are split.
class FingerprintHasher {
 public:
  explicit FingerprintHasher(FingerprintHash algorithm = kDefaultFingerprintHash);

  void Update(std::string_view bytes);
  // The fingerprint of every byte given so far; more may follow.
  SceneFingerprint Fingerprint() const;

 private:
  static constexpr std::size_t kLanes = 4;
  static constexpr std::size_t kBlock = kLanes * sizeof(std::uint64_t);

  void MixBlock(const char* block);

  FingerprintHash algorithm_;
  std::uint64_t size_ = 0;
  std::uint64_t fnv_;                          // kFnv1a64
  std::array<std::uint64_t, kLanes> lanes_;    // kWordMix64
  std::array<char, kBlock> pending_{};         // kWordMix64: the bytes of the block begun
  std::size_t pending_size_ = 0;
};

// nullopt when the file cannot be read or is not a regular file (a FIFO is
// not waited on).
std::optional<SceneFingerprint> FingerprintFile(const std::filesystem::path& file,
                                                FingerprintHash algorithm = kDefaultFingerprintHash);

struct JournalHeader {
  std::optional<std::filesystem::path> scene;   // absolute and normalised; nullopt: untitled
  std::optional<SceneFingerprint> fingerprint;  // of the saved scene file; nullopt: untitled, or no file
  // The cairn.project.json whose components the session registered
  // (absolute and normalised); nullopt: the built-ins only. Recovery
  // registers the same project before reading the actions.
  std::optional<std::filesystem::path> project;

  friend bool operator==(const JournalHeader&, const JournalHeader&) = default;
};

// The header for a journal of `scene` as it is on disk now, in a session of
// `project` (a cairn.project.json; nullopt: none).
JournalHeader JournalHeaderFor(const std::optional<std::filesystem::path>& scene,
                               const std::optional<std::filesystem::path>& project = std::nullopt);

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
  std::size_t number = 0;  // 1-based entry number (line 2 holds entry 1)
};

// An entry of a journal that cannot be recovered: a line that cannot be
// decoded (Journal::Read), or an action that cannot be applied again
// (EditorContext::Recover).
struct JournalProblem {
  std::size_t entry = 0;  // 1-based entry number
  std::size_t line = 0;   // 1-based line number in the file
  std::optional<std::string> action;  // the action's name, when the line still shows it
  std::string reason;
  bool incomplete = false;  // the torn last line: the editor stopped while writing it

  friend bool operator==(const JournalProblem&, const JournalProblem&) = default;
};

// "entry 3 (line 4, 'Rename Crate'): <reason>"; without the name when it
// cannot be read.
std::string Describe(const JournalProblem& problem);

// What Journal::Read found.
struct JournalContents {
  JournalHeader header;
  std::vector<JournalEntry> entries;  // the decodable actions, in file order
  // Every entry left out of `entries`, in file order: the same lines as
  // `warnings` and `errors`, by entry number and action name.
  std::vector<JournalProblem> problems;
  std::vector<std::string> warnings;  // a torn last line (the editor stopped mid-write): "<file>:<line>: ..."
  std::vector<std::string> errors;    // corrupt lines, "<file>:<line>: <reason>": left out of `entries`

  // Nothing to recover and nothing to report: no entries and no problems.
  bool Empty() const { return entries.empty() && problems.empty(); }
  std::vector<ecs::Action> Actions() const;
};

// The system calls the journal writes its bytes through, with their
// contracts (errno set on failure). The editor uses the real ones; tests
// substitute a disk that fills up and frees space again.
struct JournalWriteCalls {
  std::function<ssize_t(int fd, const void* data, std::size_t size)> write;  // as write(2)
  std::function<int(int fd)> sync;                                           // as fsync(2)

  static JournalWriteCalls System();
};

class Journal {
 public:
  explicit Journal(JournalWriteCalls calls = JournalWriteCalls::System());
  // Closes the file but keeps it: until a save or an explicit Discard, it is
  // the record that recovers the session after a crash.
  ~Journal();
  Journal(const Journal&) = delete;
  Journal& operator=(const Journal&) = delete;

  // Where to write and what the header says; forgets pending actions and
  // failures of a previous start. Touches nothing on disk: the first write
  // creates the file (and its folder), replacing any file already there, so
  // read and resolve a journal left by a crash before editing.
  void Start(std::filesystem::path path, JournalHeader header);
  bool Started() const { return started_; }
  const std::filesystem::path& Path() const { return path_; }
  const JournalHeader& Header() const { return header_; }
  // True while this journal has a file on disk holding its actions.
  bool HasFile() const { return fd_ >= 0; }
  // Actions written to the current file.
  std::size_t ActionCount() const { return action_count_; }
  // Actions kept in memory because they could not be written yet.
  std::size_t PendingCount() const { return pending_count_; }
  // Why the last write failed (the file and the system's reason); nullopt
  // once a write succeeded.
  const std::optional<std::string>& Failure() const { return failure_; }

  // Appends one applied action: writes it, after any pending ones, and
  // flushes it to disk. Throws JournalError (naming the file and the system's
  // reason) when the journal is not started or the write fails; the action
  // is then kept pending, not lost.
  void Append(const ecs::Action& action);
  // Keeps one applied action pending without touching the disk (while the
  // disk is failing, the editor retries on a timer instead of on every
  // action). Throws JournalError when the journal is not started.
  void Defer(const ecs::Action& action);
  // Writes the pending actions. Throws JournalError as Append does; they
  // then stay pending.
  void WritePending();
  // Atomically replaces the file with the header and these actions (written to
  // a temporary file beside it, synced, renamed over it); later Appends add to
  // it. Used after a recovery, to drop torn or corrupt lines. Throws
  // JournalError; the actions are then pending, and the next write that
  // succeeds replaces the file with them.
  void Rewrite(std::span<const ecs::Action> actions);
  // Closes and removes this journal's file (a save made it obsolete, or the
  // user discarded the changes) and drops pending actions. The next Append
  // starts a new file.
  void Discard();

  // Reads a journal; component names are resolved through `registry` (any
  // world with the same component registrations). Throws JournalError when the
  // file cannot be read or has no valid header line.
  static JournalContents Read(const std::filesystem::path& path, const ecs::Coordinator& registry);
  // Removes a journal file (the user chose Discard); no error when it is absent.
  static void Remove(const std::filesystem::path& path);
  // Moves a journal that cannot be fully recovered out of the way, to
  // `<journal>.unreadable` (`<journal>.unreadable-2`, ... when that name is
  // taken: an older one is never overwritten), so that the next session's
  // journal does not replace it. Returns where it went. Throws JournalError.
  static std::filesystem::path KeepAside(const std::filesystem::path& path);

 private:
  // Puts the pending actions on disk: into a new file replacing whatever is
  // at the path when this journal has none open, else after its last line.
  void Write();
  void Keep(const ecs::Action& action);
  void CreateFile();
  void AppendPending();
  void WriteAll(int fd, const std::string& text);
  void Close();

  JournalWriteCalls calls_;
  bool started_ = false;
  std::filesystem::path path_;
  JournalHeader header_;
  int fd_ = -1;
  std::uint64_t written_bytes_ = 0;  // the file's whole lines: what is on disk
  std::size_t action_count_ = 0;
  // Pending actions, already turned into their lines: a retry only writes
  // bytes, however many wait.
  std::string pending_lines_;
  std::size_t pending_count_ = 0;
  std::optional<std::string> failure_;
};

}  // namespace cairn::editor
