// Crash recovery from journals that cannot be fully read: every entry that
// cannot be recovered is listed, nothing unreadable is deleted unasked.
#include <catch2/catch.hpp>

#include "cairn/ecs/world_dump.h"
#include "cairn/editor/panels/widget_map.h"
#include "cairn/test/files.h"
#include "headless_editor.h"
#include "panel_helpers.h"

using namespace cairn::editor::testing;
using cairn::editor::GlobalWidgetMap;
using cairn::test::ReadText;
using cairn::test::TempDir;
using cairn::test::WriteText;
namespace ecs = cairn::ecs;

namespace {

bool Drawn(const std::string& widget) { return GlobalWidgetMap().Boxes().count(widget) > 0; }

// The journal's lines: the header, then one per entry.
std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t end = text.find('\n', start);
    lines.push_back(text.substr(start, end - start));
    start = end == std::string::npos ? text.size() : end + 1;
  }
  return lines;
}

std::string Joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += line + '\n';
  return text;
}

// A session that crashed after creating Alpha and Beta: its journal holds
// four entries (create, rename, create, rename), returned line by line.
struct CrashedSession {
  TempDir folder;
  std::filesystem::path scene = folder.Write("level.json", kEmptyScene);
  std::filesystem::path journal = folder / "level.json.journal";
  std::vector<std::string> lines;

  CrashedSession() {
    HeadlessEditor session({.journal_directory = folder / "state"});
    session.App().Start(scene);
    CreateCube(session, "Alpha");
    CreateCube(session, "Beta");
    lines = Lines(ReadText(journal));
    REQUIRE(lines.size() == 5);
  }
};

}  // namespace

TEST_CASE("Files: the recovery dialog lists each entry that cannot be read, and Recover keeps the journal aside",
          "[editor_panels][files][recovery]") {
  CrashedSession s;
  s.lines[2] = "not json";                                // entry 2
  s.lines[4] = s.lines[4].substr(0, 25);                  // entry 4: torn
  std::string text = Joined(s.lines);
  text.pop_back();  // a torn last line has no newline
  WriteText(s.journal, text);

  HeadlessEditor editor({.journal_directory = s.folder / "state"});
  editor.App().Start(s.scene);
  editor.Frames(2);
  REQUIRE(editor.App().DialogTitle() == "Recover Unsaved Changes");
  CHECK(Drawn("recovery/problem/2"));
  CHECK(Drawn("recovery/problem/4"));
  CHECK_FALSE(Drawn("recovery/problem/1"));
  CHECK(Drawn("modal/recovery/Keep_Aside"));

  editor.Click("modal/recovery/Recover");
  editor.Frames(3);
  REQUIRE(editor.App().DialogTitle() == "Recovered with problems");  // entry 2 could not be read
  CHECK(editor.Context().World().EntityCount() == 2);                 // Alpha and Beta, unnamed
  CHECK(ReadText(s.folder / "level.json.journal.unreadable") == text);
  CHECK(HasLog(editor, "is kept as " + (s.folder / "level.json.journal.unreadable").string()));
}

TEST_CASE("Files: a journal with no readable entry is still offered, and Keep Aside moves it out of the way",
          "[editor_panels][files][recovery]") {
  CrashedSession s;
  const std::string garbage = Joined({s.lines[0], "garbage", "{\"name\":\"Rename 'Alpha'\"}"});
  WriteText(s.journal, garbage);

  HeadlessEditor editor({.journal_directory = s.folder / "state"});
  editor.App().Start(s.scene);
  editor.Frames(2);
  REQUIRE(editor.App().DialogTitle() == "Recover Unsaved Changes");
  CHECK(Drawn("recovery/problem/1"));
  CHECK(Drawn("recovery/problem/2"));
  CHECK_FALSE(Drawn("modal/recovery/Recover"));  // nothing to recover
  editor.Click("modal/recovery/Keep_Aside");
  editor.Frames(2);
  CHECK(editor.App().DialogTitle().empty());
  CHECK(HasLog(editor, "Kept 0 journaled changes and 2 entries that could not be recovered aside in " +
                           (s.folder / "level.json.journal.unreadable").string()));
  CHECK_FALSE(std::filesystem::exists(s.journal));

  // Editing starts a new journal; the one kept aside stays as it was.
  CreateCube(editor, "Gamma");
  CHECK(std::filesystem::exists(s.journal));
  CHECK(ReadText(s.folder / "level.json.journal.unreadable") == garbage);
}

TEST_CASE("Files: discarding a journal with unreadable entries says what was deleted", "[editor_panels][files][recovery]") {
  CrashedSession s;
  s.lines[3] = "{\"name\":\"Create Cube\",\"commands\":[{\"op\":\"explode\"}]}";
  WriteText(s.journal, Joined(s.lines));

  HeadlessEditor editor({.journal_directory = s.folder / "state"});
  editor.App().Start(s.scene);
  editor.Frames(2);
  REQUIRE(editor.App().DialogTitle() == "Recover Unsaved Changes");
  CHECK(Drawn("recovery/problem/3"));
  editor.Click("modal/recovery/Discard");
  editor.Frames(2);
  CHECK_FALSE(std::filesystem::exists(s.journal));
  CHECK(HasLog(editor, "Discarded 3 journaled changes and 1 entry that could not be recovered (deleted " +
                           s.journal.string() + ")"));
  CHECK(editor.Context().World().EntityCount() == 0);
}

TEST_CASE("Files: a journal that cannot be read at all is reported and kept aside, not overwritten",
          "[editor_panels][files][recovery]") {
  CrashedSession s;
  WriteText(s.journal, "{\"format\":\"cairn.scene\"}\n" + Joined({s.lines[1], s.lines[2]}));
  const std::string unreadable = ReadText(s.journal);

  HeadlessEditor editor({.journal_directory = s.folder / "state"});
  editor.App().Start(s.scene);
  editor.Frames(2);
  CHECK(editor.App().DialogTitle().empty());
  CHECK(HasLog(editor, "not a Cairn journal header"));
  CHECK(HasLog(editor, "(the journal cannot be recovered; it is kept as " +
                           (s.folder / "level.json.journal.unreadable").string() + ")"));
  CreateCube(editor, "Gamma");
  CHECK(ReadText(s.folder / "level.json.journal.unreadable") == unreadable);
}
