#include <catch2/catch.hpp>

#include <cstdlib>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "cairn/ecs/command_plain.h"
#include "cairn/editor/actions.h"
#include "cairn/editor/editor_errors.h"
#include "cairn/editor/journal.h"
#include "cairn/test/filling_disk.h"
#include "test_world.h"

using cairn::ecs::Action;
using cairn::ecs::EntityId;
using cairn::editor::Journal;
using cairn::editor::JournalContents;
using cairn::editor::JournalError;
using cairn::editor::JournalHeader;
namespace actions = cairn::editor::actions;
namespace editor = cairn::editor;
namespace ecs = cairn::ecs;
namespace t = cairn::editor::testing;

namespace {

std::vector<EntityId> Ids(std::initializer_list<EntityId> ids) { return ids; }

// Actions compared by their plain form (what the journal stores).
std::vector<ecs::PlainValue> Plain(const std::vector<Action>& list) {
  std::vector<ecs::PlainValue> plain;
  for (const Action& action : list) plain.push_back(ecs::ActionToPlain(action));
  return plain;
}

struct Fixture {
  t::TempDir dir;
  std::unique_ptr<ecs::Coordinator> world = t::MakeWorld();
  t::SampleScene scene = t::BuildSampleScene(*world);
  std::filesystem::path scene_file = dir / "level.scene";
  std::filesystem::path journal_file = dir / "level.scene.journal";

  Fixture() { t::WriteText(scene_file, "{\"stand-in\": true}\n"); }

  std::vector<Action> SomeActions() {
    return {actions::Rename(*world, scene.crate, "Barrel"), actions::Delete(*world, Ids({scene.level})),
            actions::CreatePrimitive(*world, ecs::MeshShape::kCone, scene.lamp),
            actions::SetField(*world, Ids({scene.lamp}), "Light", "color", ecs::PlainValue::Array{0.25, 0.5, 1.0})};
  }
};

}  // namespace

TEST_CASE("A journal holds a header line and one line per action", "[editor][journal]") {
  Fixture f;
  Journal journal;
  journal.Start(f.journal_file, editor::JournalHeaderFor(f.scene_file));
  CHECK_FALSE(std::filesystem::exists(f.journal_file));  // nothing written before the first action

  const std::vector<Action> written = f.SomeActions();
  for (const Action& action : written) journal.Append(action);
  CHECK(journal.HasFile());
  CHECK(journal.ActionCount() == 4);

  // Read while the journal is still open: every line is already on disk.
  const JournalContents contents = Journal::Read(f.journal_file, *f.world);
  CHECK(contents.warnings.empty());
  CHECK(contents.errors.empty());
  CHECK(contents.header == editor::JournalHeaderFor(f.scene_file));
  REQUIRE(contents.entries.size() == 4);
  CHECK(contents.entries[0].line == 2);
  CHECK(contents.entries[3].line == 5);
  CHECK(Plain(contents.Actions()) == Plain(written));

  const std::string text = t::ReadText(f.journal_file);
  CHECK(std::count(text.begin(), text.end(), '\n') == 5);
  CHECK(text.starts_with("{\"format\":\"cairn.journal\",\"version\":1,\"scene\":\"" +
                         std::filesystem::absolute(f.scene_file).lexically_normal().string() +
                         "\",\"scene_size\":19,"));
}

TEST_CASE("An untitled journal's header names no scene", "[editor][journal]") {
  Fixture f;
  Journal journal;
  journal.Start(f.dir / "untitled.journal", editor::JournalHeaderFor(std::nullopt));
  journal.Append(f.SomeActions().front());
  CHECK(
      t::ReadText(f.dir / "untitled.journal")
          .starts_with(
              "{\"format\":\"cairn.journal\",\"version\":1,\"scene\":null,\"scene_size\":null,\"scene_hash\":null}\n"));
  const JournalContents contents = Journal::Read(f.dir / "untitled.journal", *f.world);
  CHECK_FALSE(contents.header.scene.has_value());
  CHECK_FALSE(contents.header.fingerprint.has_value());
  CHECK(contents.entries.size() == 1);
}

TEST_CASE("A journal of a session in a game project names the project", "[editor][journal]") {
  Fixture f;
  const std::filesystem::path project = f.dir / "game" / ".." / "cairn.project.json";
  Journal journal;
  journal.Start(f.dir / "untitled.journal", editor::JournalHeaderFor(std::nullopt, project));
  journal.Append(f.SomeActions().front());
  const std::string normal = std::filesystem::absolute(f.dir / "cairn.project.json").lexically_normal().string();
  CHECK(t::ReadText(f.dir / "untitled.journal")
            .starts_with("{\"format\":\"cairn.journal\",\"version\":1,\"scene\":null,\"scene_size\":null,"
                         "\"scene_hash\":null,\"project\":\"" + normal + "\"}\n"));
  const JournalContents contents = Journal::Read(f.dir / "untitled.journal", *f.world);
  CHECK(contents.header.project == std::filesystem::path(normal));
  CHECK(contents.header == editor::JournalHeaderFor(std::nullopt, project));
  // A header without "project" (the built-ins only, or an older editor) reads as none.
  CHECK_FALSE(editor::JournalHeaderFor(std::nullopt).project.has_value());
}

TEST_CASE("A torn last line is ignored with a warning", "[editor][journal]") {
  Fixture f;
  {
    Journal journal;
    journal.Start(f.journal_file, editor::JournalHeaderFor(f.scene_file));
    for (const Action& action : f.SomeActions()) journal.Append(action);
  }
  std::string text = t::ReadText(f.journal_file);
  text.resize(text.size() - 20);  // the crash cut the last write short
  t::WriteText(f.journal_file, text);

  const JournalContents contents = Journal::Read(f.journal_file, *f.world);
  CHECK(contents.entries.size() == 3);
  CHECK(contents.errors.empty());
  REQUIRE(contents.warnings.size() == 1);
  CHECK(contents.warnings[0] ==
        f.journal_file.string() +
            ":5: the last line is incomplete (the editor stopped while writing it) and is ignored");
}

TEST_CASE("Corrupt lines are reported by line number and left out", "[editor][journal]") {
  Fixture f;
  {
    Journal journal;
    journal.Start(f.journal_file, editor::JournalHeaderFor(f.scene_file));
    for (const Action& action : f.SomeActions()) journal.Append(action);
  }
  std::string text = t::ReadText(f.journal_file);
  const std::size_t third_line = text.find('\n', text.find('\n') + 1) + 1;
  text.insert(third_line, "{\"name\": \"broken\", \"commands\": [{\"op\": \"explode\"}]}\nnot json\n");
  t::WriteText(f.journal_file, text);

  const JournalContents contents = Journal::Read(f.journal_file, *f.world);
  CHECK(contents.entries.size() == 4);
  CHECK(contents.warnings.empty());
  REQUIRE(contents.errors.size() == 2);
  CHECK(contents.errors[0] == f.journal_file.string() + ":3: action.commands[0].op: unknown command 'explode'");
  CHECK(contents.errors[1].starts_with(f.journal_file.string() + ":4: not valid JSON ("));
  CHECK(contents.entries[1].line == 5);
}

TEST_CASE("A journal without a valid header cannot be read", "[editor][journal]") {
  Fixture f;
  const std::string where = "'" + f.journal_file.string() + "'";
  SECTION("missing file") {
    REQUIRE_THROWS_AS(Journal::Read(f.journal_file, *f.world), JournalError);
    REQUIRE_THROWS_WITH(Journal::Read(f.journal_file, *f.world),
                        "cannot read journal " + where + ": No such file or directory");
  }
  SECTION("empty file") {
    t::WriteText(f.journal_file, "");
    REQUIRE_THROWS_WITH(Journal::Read(f.journal_file, *f.world), "journal " + where + " is empty: nothing to recover");
  }
  SECTION("torn header") {
    t::WriteText(f.journal_file, "{\"format\":\"cairn.jour");
    REQUIRE_THROWS_WITH(Journal::Read(f.journal_file, *f.world),
                        "journal " + where + " has no complete header line: nothing to recover");
  }
  SECTION("another kind of file") {
    t::WriteText(f.journal_file, "{\"format\":\"cairn.scene\"}\n");
    REQUIRE_THROWS_WITH(
        Journal::Read(f.journal_file, *f.world),
        f.journal_file.string() + ":1: not a Cairn journal header (expected \"format\": \"cairn.journal\")");
  }
  SECTION("a newer version") {
    t::WriteText(f.journal_file, "{\"format\":\"cairn.journal\",\"version\":2}\n");
    REQUIRE_THROWS_WITH(Journal::Read(f.journal_file, *f.world),
                        f.journal_file.string() + ":1: unsupported journal version (this editor reads version 1)");
  }
}

TEST_CASE("A journal for another file or another version of it is detected", "[editor][journal]") {
  Fixture f;
  const JournalHeader header = editor::JournalHeaderFor(f.scene_file);
  const std::string scene = "'" + std::filesystem::absolute(f.scene_file).lexically_normal().string() + "'";
  CHECK_FALSE(editor::JournalMismatch(header, f.scene_file).has_value());
  CHECK_FALSE(editor::JournalMismatch(editor::JournalHeaderFor(std::nullopt), std::nullopt).has_value());

  SECTION("the file was saved again since") {
    const editor::SceneFingerprint old = *header.fingerprint;
    t::WriteText(f.scene_file, "{\"stand-in\": false}\n");
    const editor::SceneFingerprint now = *editor::FingerprintFile(f.scene_file);
    CHECK(editor::JournalMismatch(header, f.scene_file) ==
          scene + " changed since the journal was started (it had " + editor::Describe(old) + ", it now has " +
              editor::Describe(now) + "): the journal's changes apply to the earlier version");
  }
  SECTION("another file") {
    t::WriteText(f.dir / "other.scene", "{\"stand-in\": true}\n");
    CHECK(editor::JournalMismatch(header, f.dir / "other.scene") ==
          "the journal was written for " + scene + ", not for '" + (f.dir / "other.scene").string() + "'");
  }
  SECTION("untitled against titled") {
    CHECK(editor::JournalMismatch(editor::JournalHeaderFor(std::nullopt), f.scene_file) ==
          "the journal was written for an untitled scene, not for '" + f.scene_file.string() + "'");
    CHECK(editor::JournalMismatch(header, std::nullopt) ==
          "the journal was written for " + scene + ", not for an untitled scene");
  }
  SECTION("the file is gone") {
    std::filesystem::remove(f.scene_file);
    CHECK(editor::JournalMismatch(header, f.scene_file) ==
          scene + " cannot be read, so the journal's changes cannot be applied to it");
  }
}

TEST_CASE("Fingerprints describe size and content", "[editor][journal]") {
  Fixture f;
  t::WriteText(f.scene_file, "a");
  const auto fingerprint = editor::FingerprintFile(f.scene_file);
  REQUIRE(fingerprint.has_value());
  CHECK(fingerprint->size == 1);
  // Pinned: a journal written by an earlier build names its scene by this hash.
  CHECK(editor::Describe(*fingerprint) == "1 bytes, hash wordmix64:6e27db4ffbdd4466");
  const auto earlier = editor::FingerprintFile(f.scene_file, editor::FingerprintHash::kFnv1a64);
  CHECK(editor::Describe(*earlier) == "1 bytes, hash fnv1a64:af63dc4c8601ec8c");  // FNV-1a 64 of "a"
  CHECK_FALSE(editor::FingerprintFile(f.dir / "missing").has_value());
}

TEST_CASE("A fingerprint is the same however its bytes are split, and a file's is its bytes'", "[editor][journal]") {
  const auto algorithm = GENERATE(editor::FingerprintHash::kWordMix64, editor::FingerprintHash::kFnv1a64);
  std::mt19937 random(27);
  // Lengths around the 32-byte block, and one over three of the file's 1 MiB reads.
  for (const std::size_t length : {0, 1, 7, 8, 31, 32, 33, 63, 64, 65, 100, (3 << 20) + 17}) {
    std::string bytes(length, '\0');
    for (char& byte : bytes) byte = static_cast<char>(random());
    editor::FingerprintHasher whole(algorithm);
    whole.Update(bytes);
    const editor::SceneFingerprint expected = whole.Fingerprint();
    CHECK(expected.size == length);
    CHECK(expected.algorithm == algorithm);
    for (int split = 0; split < 20; ++split) {
      editor::FingerprintHasher pieces(algorithm);
      std::size_t at = 0;
      while (at < length) {
        const std::size_t piece = std::min<std::size_t>(length - at, random() % 70);
        pieces.Update(std::string_view(bytes).substr(at, piece));
        if (length < 1000 || split == 0) CHECK(pieces.Fingerprint().size == at + piece);  // asked mid-way too
        at += piece;
        if (length > 1000 && at < length) {  // big pieces for the long one
          const std::size_t big = std::min<std::size_t>(length - at, random() % (1 << 20));
          pieces.Update(std::string_view(bytes).substr(at, big));
          at += big;
        }
      }
      CHECK(pieces.Fingerprint() == expected);
    }
    Fixture f;
    t::WriteText(f.scene_file, bytes);
    CHECK(editor::FingerprintFile(f.scene_file, algorithm) == expected);
  }
}

TEST_CASE("A change to any one byte, or a byte more or less, changes the fingerprint's hash", "[editor][journal]") {
  std::mt19937 random(7);
  std::string bytes(200, '\0');
  for (char& byte : bytes) byte = static_cast<char>(random());
  const auto hash = [](std::string_view text) {
    editor::FingerprintHasher hasher;
    hasher.Update(text);
    return hasher.Fingerprint().hash;
  };
  const std::uint64_t original = hash(bytes);
  std::set<std::uint64_t> seen{original};
  for (std::size_t at = 0; at < bytes.size(); ++at) {
    for (const int flip : {0x01, 0x80, 0xff}) {
      std::string changed = bytes;
      changed[at] = static_cast<char>(changed[at] ^ flip);
      CHECK(seen.insert(hash(changed)).second);  // differs from the original and from every other change
    }
  }
  // Zero bytes at the end: the last block is padded with zeros, the size tells them apart.
  CHECK(seen.insert(hash(bytes + std::string(1, '\0'))).second);
  CHECK(seen.insert(hash(std::string(bytes.data(), 199))).second);
  CHECK(hash("") != hash(std::string(32, '\0')));
  CHECK(hash(std::string_view()) == hash(""));  // a view with no data at all
}

TEST_CASE("A journal written with the earlier fnv1a64 hash is still checked against its scene", "[editor][journal]") {
  Fixture f;
  const auto earlier = *editor::FingerprintFile(f.scene_file, editor::FingerprintHash::kFnv1a64);
  t::WriteText(f.journal_file, "{\"format\":\"cairn.journal\",\"version\":1,\"scene\":\"" +
                                   std::filesystem::absolute(f.scene_file).lexically_normal().string() +
                                   "\",\"scene_size\":19,\"scene_hash\":\"fnv1a64:" + cairn::ecs::ToHex(earlier.hash) +
                                   "\"}\n");
  const JournalContents contents = Journal::Read(f.journal_file, *f.world);
  REQUIRE(contents.header.fingerprint.has_value());
  CHECK(*contents.header.fingerprint == earlier);
  CHECK_FALSE(editor::JournalMismatch(contents.header, f.scene_file).has_value());

  t::WriteText(f.scene_file, "{\"stand-in\": false}\n");
  const auto now = *editor::FingerprintFile(f.scene_file, editor::FingerprintHash::kFnv1a64);
  REQUIRE(editor::JournalMismatch(contents.header, f.scene_file).has_value());
  CHECK_THAT(*editor::JournalMismatch(contents.header, f.scene_file),
             Catch::Contains("it had 19 bytes, hash fnv1a64:" + cairn::ecs::ToHex(earlier.hash) +
                             ", it now has 20 bytes, hash fnv1a64:" + cairn::ecs::ToHex(now.hash)));
}

TEST_CASE("A journal header's scene hash must name a known hash and have 16 hex digits", "[editor][journal]") {
  Fixture f;
  const std::string hash = GENERATE(as<std::string>{}, "md5:0123456789abcdef", "0123456789abcdef", "wordmix64:0123",
                                    "wordmix64:0123456789abcdeg", "wordmix64:+123456789abcdef",
                                    "wordmix64:0x23456789abcdef", "fnv1a64:0123456789abcdef0");
  t::WriteText(f.journal_file, "{\"format\":\"cairn.journal\",\"version\":1,\"scene\":\"/a.scene\",\"scene_size\":3," +
                                   std::string("\"scene_hash\":\"") + hash + "\"}\n");
  REQUIRE_THROWS_WITH(Journal::Read(f.journal_file, *f.world),
                      f.journal_file.string() +
                          ":1: \"scene_size\" and \"scene_hash\" must be a byte count and a hash name (\"wordmix64\" "
                          "or \"fnv1a64\"), a colon and 16 hex digits");
}

TEST_CASE("Journals live beside the scene or in the per-user state folder", "[editor][journal]") {
  CHECK(editor::JournalPathFor(std::filesystem::path("/levels/one.scene"), "/state") == "/levels/one.scene.journal");
  CHECK(editor::JournalPathFor(std::nullopt, "/state/cairn") == "/state/cairn/untitled.journal");

  const char* old_state = std::getenv("XDG_STATE_HOME");
  const std::string saved_state = old_state != nullptr ? old_state : "";
  const char* old_home = std::getenv("HOME");
  const std::string saved_home = old_home != nullptr ? old_home : "";
  ::setenv("XDG_STATE_HOME", "/xdg/state", 1);
  CHECK(editor::DefaultJournalDirectory() == "/xdg/state/cairn");
  ::unsetenv("XDG_STATE_HOME");
  ::setenv("HOME", "/home/ada", 1);
  CHECK(editor::DefaultJournalDirectory() == "/home/ada/.local/state/cairn");
  if (old_state != nullptr) ::setenv("XDG_STATE_HOME", saved_state.c_str(), 1);
  if (old_home != nullptr) ::setenv("HOME", saved_home.c_str(), 1);
}

TEST_CASE("Discard removes the file and the next action starts a new one", "[editor][journal]") {
  Fixture f;
  Journal journal;
  journal.Start(f.dir / "sub" / "untitled.journal", editor::JournalHeaderFor(std::nullopt));
  const std::vector<Action> list = f.SomeActions();
  journal.Append(list[0]);
  journal.Append(list[1]);
  REQUIRE(std::filesystem::exists(f.dir / "sub" / "untitled.journal"));  // the folder was created
  journal.Discard();
  CHECK_FALSE(std::filesystem::exists(f.dir / "sub" / "untitled.journal"));
  journal.Append(list[2]);
  const JournalContents contents = Journal::Read(f.dir / "sub" / "untitled.journal", *f.world);
  CHECK(Plain(contents.Actions()) == Plain({list[2]}));
}

TEST_CASE("Rewrite replaces the file atomically and later actions append to it", "[editor][journal]") {
  Fixture f;
  Journal journal;
  journal.Start(f.journal_file, editor::JournalHeaderFor(f.scene_file));
  const std::vector<Action> list = f.SomeActions();
  for (const Action& action : list) journal.Append(action);
  journal.Rewrite(std::vector<Action>{list[1], list[2]});
  journal.Append(list[3]);
  CHECK(journal.ActionCount() == 3);
  CHECK_FALSE(std::filesystem::exists(f.dir / "level.scene.journal.tmp"));
  const JournalContents contents = Journal::Read(f.journal_file, *f.world);
  CHECK(Plain(contents.Actions()) == Plain({list[1], list[2], list[3]}));
}

TEST_CASE("Appending to a journal that was not started is an error", "[editor][journal]") {
  Fixture f;
  Journal journal;
  REQUIRE_THROWS_WITH(journal.Append(f.SomeActions().front()), "cannot append to the journal: it was not started");
}

TEST_CASE("An unwritable journal reports the file and the reason", "[editor][journal]") {
  Fixture f;
  t::WriteText(f.dir / "blocker", "a file where a folder should be");
  Journal journal;
  journal.Start(f.dir / "blocker" / "untitled.journal", editor::JournalHeaderFor(std::nullopt));
  REQUIRE_THROWS_AS(journal.Append(f.SomeActions().front()), JournalError);
  REQUIRE_THROWS_WITH(journal.Append(f.SomeActions().front()),
                      Catch::StartsWith("cannot create the folder of journal '" +
                                        (f.dir / "blocker" / "untitled.journal").string() + "': "));
}

// ---- Write failures -----------------------------------------------------------

TEST_CASE("An action that cannot be written stays pending and reaches the disk with the next write that succeeds",
          "[editor][journal][write-failure]") {
  Fixture f;
  cairn::test::FillingDisk disk;
  Journal journal(disk.Calls());
  journal.Start(f.journal_file, editor::JournalHeaderFor(f.scene_file));
  const std::vector<Action> list = f.SomeActions();
  journal.Append(list[0]);

  disk.Fill(30);  // room for part of the next line only
  REQUIRE_THROWS_WITH(journal.Append(list[1]),
                      "cannot write journal '" + f.journal_file.string() + "': No space left on device");
  CHECK(journal.Failure() == "cannot write journal '" + f.journal_file.string() + "': No space left on device");
  CHECK(journal.PendingCount() == 1);
  journal.Defer(list[2]);
  CHECK(journal.PendingCount() == 2);
  // The part of a line the disk took was cut off again: the file holds whole lines.
  const JournalContents meanwhile = Journal::Read(f.journal_file, *f.world);
  CHECK(meanwhile.problems.empty());
  CHECK(Plain(meanwhile.Actions()) == Plain({list[0]}));
  REQUIRE_THROWS_AS(journal.WritePending(), JournalError);  // still full
  CHECK(journal.PendingCount() == 2);

  disk.Free();
  journal.Append(list[3]);
  CHECK_FALSE(journal.Failure().has_value());
  CHECK(journal.PendingCount() == 0);
  CHECK(journal.ActionCount() == 4);
  const JournalContents contents = Journal::Read(f.journal_file, *f.world);
  CHECK(contents.problems.empty());
  CHECK(Plain(contents.Actions()) == Plain(list));
}

TEST_CASE("A journal whose file cannot be created at first is created with every pending action once it can",
          "[editor][journal][write-failure]") {
  Fixture f;
  cairn::test::FillingDisk disk;
  Journal journal(disk.Calls());
  journal.Start(f.journal_file, editor::JournalHeaderFor(f.scene_file));
  const std::vector<Action> list = f.SomeActions();
  disk.Fill(10);  // not even the header fits
  REQUIRE_THROWS_WITH(journal.Append(list[0]),
                      "cannot write journal '" + f.journal_file.string() + "': No space left on device");
  CHECK_FALSE(journal.HasFile());
  CHECK_FALSE(std::filesystem::exists(f.journal_file));
  CHECK_FALSE(std::filesystem::exists(f.dir / "level.scene.journal.tmp"));
  journal.Defer(list[1]);

  disk.Free();
  journal.WritePending();
  CHECK(journal.HasFile());
  const JournalContents contents = Journal::Read(f.journal_file, *f.world);
  CHECK(contents.header == editor::JournalHeaderFor(f.scene_file));
  CHECK(Plain(contents.Actions()) == Plain({list[0], list[1]}));
}

TEST_CASE("A rewrite that fails leaves the old file whole and replaces it with the next write that succeeds",
          "[editor][journal][write-failure]") {
  Fixture f;
  cairn::test::FillingDisk disk;
  Journal journal(disk.Calls());
  journal.Start(f.journal_file, editor::JournalHeaderFor(f.scene_file));
  const std::vector<Action> list = f.SomeActions();
  for (const Action& action : list) journal.Append(action);
  const std::string before = t::ReadText(f.journal_file);

  disk.Fill(100);
  REQUIRE_THROWS_AS(journal.Rewrite(std::vector<Action>{list[1], list[2]}), JournalError);
  CHECK(t::ReadText(f.journal_file) == before);
  CHECK(journal.PendingCount() == 2);
  journal.Defer(list[3]);

  disk.Free();
  journal.WritePending();
  CHECK(Plain(Journal::Read(f.journal_file, *f.world).Actions()) == Plain({list[1], list[2], list[3]}));
}

TEST_CASE("Discard drops pending actions with the file", "[editor][journal][write-failure]") {
  Fixture f;
  cairn::test::FillingDisk disk;
  Journal journal(disk.Calls());
  journal.Start(f.journal_file, editor::JournalHeaderFor(f.scene_file));
  journal.Append(f.SomeActions()[0]);
  disk.Fill();
  REQUIRE_THROWS_AS(journal.Append(f.SomeActions()[1]), JournalError);
  journal.Discard();
  CHECK(journal.PendingCount() == 0);
  CHECK_FALSE(journal.Failure().has_value());
  CHECK_FALSE(std::filesystem::exists(f.journal_file));
}

// ---- Entries that cannot be read ----------------------------------------------------

namespace {

// The journal's text with entry `number` (1-based) replaced by `line`.
std::string WithEntry(const std::string& text, std::size_t number, const std::string& line) {
  std::size_t start = text.find('\n') + 1;
  for (std::size_t i = 1; i < number; ++i) start = text.find('\n', start) + 1;
  const std::size_t end = text.find('\n', start);
  return text.substr(0, start) + line + text.substr(end);
}

std::string EntryLine(const std::string& text, std::size_t number) {
  std::size_t start = text.find('\n') + 1;
  for (std::size_t i = 1; i < number; ++i) start = text.find('\n', start) + 1;
  return text.substr(start, text.find('\n', start) - start);
}

std::string Replaced(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("Every entry that cannot be read is a problem with its entry number, line, action name and reason",
          "[editor][journal][problems]") {
  Fixture f;
  {
    Journal journal;
    journal.Start(f.journal_file, editor::JournalHeaderFor(f.scene_file));
    for (const Action& action : f.SomeActions()) journal.Append(action);
    journal.Append(actions::SetField(*f.world, Ids({f.scene.lamp}), "Light", "intensity", ecs::PlainValue(0.75)));
  }
  const std::string text = t::ReadText(f.journal_file);
  const std::string intensity = EntryLine(text, 5);
  REQUIRE(intensity.find("\"field\":\"intensity\",\"value\":0.75") != std::string::npos);
  const std::string where = f.journal_file.string();

  SECTION("a torn last line") {
    std::string torn = text;
    torn.resize(torn.size() - 20);
    t::WriteText(f.journal_file, torn);
    const JournalContents contents = Journal::Read(f.journal_file, *f.world);
    CHECK(contents.entries.size() == 4);
    REQUIRE(contents.problems.size() == 1);
    const editor::JournalProblem& problem = contents.problems[0];
    CHECK(problem.entry == 5);
    CHECK(problem.line == 6);
    CHECK(problem.action == "Change Light.intensity");
    CHECK(problem.incomplete);
    CHECK(editor::Describe(problem) ==
          "entry 5 (line 6, 'Change Light.intensity'): the last line is incomplete (the editor stopped while writing "
          "it)");
    CHECK(contents.warnings == std::vector<std::string>{where + ":6: " + problem.reason + " and is ignored"});
  }
  SECTION("a line torn inside the action's name") {
    t::WriteText(f.journal_file, text.substr(0, text.size() - intensity.size() - 1) + "{\"name\":\"Change Li");
    const JournalContents contents = Journal::Read(f.journal_file, *f.world);
    REQUIRE(contents.problems.size() == 1);
    CHECK(editor::Describe(contents.problems[0]) ==
          "entry 5 (line 6): the last line is incomplete (the editor stopped while writing it)");
  }
  SECTION("a float field given as null") {
    t::WriteText(f.journal_file, WithEntry(text, 5, Replaced(intensity, "\"field\":\"intensity\",\"value\":0.75", "\"field\":\"intensity\",\"value\":null")));
    const JournalContents contents = Journal::Read(f.journal_file, *f.world);
    CHECK(contents.entries.size() == 4);
    REQUIRE(contents.problems.size() == 1);
    CHECK(contents.problems[0].entry == 5);
    CHECK(contents.problems[0].line == 6);
    CHECK(contents.problems[0].action == "Change Light.intensity");
    CHECK_FALSE(contents.problems[0].incomplete);
    CHECK(editor::Describe(contents.problems[0]) ==
          "entry 5 (line 6, 'Change Light.intensity'): " + contents.problems[0].reason);
    CHECK_THAT(contents.problems[0].reason,
               Catch::StartsWith("action.commands[0].value: ") && Catch::Contains("intensity"));
    CHECK(contents.errors == std::vector<std::string>{where + ":6: " + contents.problems[0].reason});
  }
  SECTION("a float field given as the string \"inf\"") {
    t::WriteText(f.journal_file,
                 WithEntry(text, 5, Replaced(intensity, "\"field\":\"intensity\",\"value\":0.75", "\"field\":\"intensity\",\"value\":\"inf\"")));
    const JournalContents contents = Journal::Read(f.journal_file, *f.world);
    CHECK(contents.entries.size() == 4);
    REQUIRE(contents.problems.size() == 1);
    CHECK(contents.problems[0].entry == 5);
    CHECK(contents.problems[0].action == "Change Light.intensity");
    CHECK_THAT(contents.problems[0].reason,
               Catch::StartsWith("action.commands[0].value: ") && Catch::Contains("intensity"));
  }
  SECTION("every entry undecodable") {
    std::string broken = text;
    broken = WithEntry(broken, 1, "not json");
    broken = WithEntry(broken, 2, "{\"name\":\"Delete 'Level'\",\"commands\":[{\"op\":\"explode\"}]}");
    broken = WithEntry(broken, 3, "[1, 2, 3]");
    broken = WithEntry(broken, 4, "{\"name\":\"Create Cone\"}");
    broken = WithEntry(broken, 5, Replaced(intensity, "\"field\":\"intensity\",\"value\":0.75", "\"field\":\"intensity\",\"value\":null"));
    t::WriteText(f.journal_file, broken);
    const JournalContents contents = Journal::Read(f.journal_file, *f.world);
    CHECK(contents.entries.empty());
    CHECK_FALSE(contents.Empty());  // still offered: there are problems to report
    REQUIRE(contents.problems.size() == 5);
    CHECK_THAT(editor::Describe(contents.problems[0]), Catch::StartsWith("entry 1 (line 2): not valid JSON ("));
    CHECK(editor::Describe(contents.problems[1]) ==
          "entry 2 (line 3, 'Delete 'Level''): action.commands[0].op: unknown command 'explode'");
    CHECK(editor::Describe(contents.problems[2]) == "entry 3 (line 4): action: expected an object, found array");
    CHECK(editor::Describe(contents.problems[3]) == "entry 4 (line 5, 'Create Cone'): action.commands: missing");
    CHECK_THAT(editor::Describe(contents.problems[4]),
               Catch::StartsWith("entry 5 (line 6, 'Change Light.intensity'): "));
    CHECK(contents.errors.size() == 5);
  }
}

TEST_CASE("A journal with a header only is empty", "[editor][journal][problems]") {
  Fixture f;
  t::WriteText(f.journal_file,
               "{\"format\":\"cairn.journal\",\"version\":1,\"scene\":null,\"scene_size\":null,\"scene_hash\":null}\n");
  CHECK(Journal::Read(f.journal_file, *f.world).Empty());
}

TEST_CASE("KeepAside moves a journal to .unreadable and never overwrites an older one", "[editor][journal][problems]") {
  Fixture f;
  t::WriteText(f.journal_file, "first");
  CHECK(Journal::KeepAside(f.journal_file) == f.dir / "level.scene.journal.unreadable");
  t::WriteText(f.journal_file, "second");
  CHECK(Journal::KeepAside(f.journal_file) == f.dir / "level.scene.journal.unreadable-2");
  CHECK_FALSE(std::filesystem::exists(f.journal_file));
  CHECK(t::ReadText(f.dir / "level.scene.journal.unreadable") == "first");
  CHECK(t::ReadText(f.dir / "level.scene.journal.unreadable-2") == "second");
  REQUIRE_THROWS_WITH(Journal::KeepAside(f.journal_file),
                      Catch::StartsWith("cannot keep journal '" + f.journal_file.string() + "' aside as '"));
}
