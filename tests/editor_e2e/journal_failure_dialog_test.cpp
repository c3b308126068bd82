#include <catch2/catch.hpp>

#include <GLFW/glfw3.h>

#include "cairn/ecs/world_dump.h"
#include "cairn/editor/journal.h"
#include "cairn/editor/panels/journal_failure_dialog.h"
#include "cairn/test/filling_disk.h"
#include "cairn/test/files.h"
#include "headless_editor.h"
#include "panel_helpers.h"

using namespace cairn::editor::testing;
using cairn::editor::Journal;
using cairn::editor::JournalFailureDialog;
using cairn::test::FillingDisk;
using cairn::test::TempDir;
namespace ecs = cairn::ecs;

namespace {

// Frames of 1/60 s: the journal's longest retry interval and a little more.
constexpr int kLongestRetryFrames = 8 * 60 + 10;

// An editor on `scene` whose journal writes go to `disk`.
struct FailingJournalSession {
  TempDir folder;
  FillingDisk disk;
  std::filesystem::path scene = folder.Write("level.json", kEmptyScene);
  std::filesystem::path journal = folder / "level.json.journal";
  HeadlessEditor editor{{.journal_directory = folder / "state", .journal_writes = disk.Calls()}};

  FailingJournalSession() {
    editor.App().Start(scene);
    editor.Frames(2);
  }
};

}  // namespace

TEST_CASE("Journal: a journal that cannot be written shows a dialog naming the file and the reason",
          "[editor_panels][journal]") {
  FailingJournalSession s;
  CreateCube(s.editor, "Alpha");
  CHECK(s.editor.App().DialogTitle().empty());

  s.disk.Fill();
  CreateCube(s.editor, "Beta");
  REQUIRE(s.editor.App().DialogTitle() == JournalFailureDialog::kTitle);
  s.editor.Where("modal/journal/OK");  // drawn
  const std::vector<std::string>& message = s.editor.App().JournalDialog().ShownMessage();
  REQUIRE(message.size() == 3);
  CHECK(message[1] == "cannot write journal '" + s.journal.string() + "': No space left on device");
  CHECK_THAT(message[2], Catch::Contains("kept in memory (2 so far)") && Catch::Contains("Cairn keeps trying"));
  CHECK(HasLog(s.editor, "cannot write journal '" + s.journal.string() + "': No space left on device"));
  // Shortcuts wait while it is open: Delete does not reach the selected cube.
  s.editor.Key(GLFW_KEY_DELETE);
  s.editor.Frame();
  CHECK(s.editor.Context().World().EntityCount() == 2);
}

TEST_CASE("Journal: after OK the editor keeps retrying and writes every change once the disk has room",
          "[editor_panels][journal]") {
  FailingJournalSession s;
  CreateCube(s.editor, "Alpha");
  s.disk.Fill();
  CreateCube(s.editor, "Beta");
  REQUIRE(s.editor.App().DialogTitle() == JournalFailureDialog::kTitle);
  s.editor.Click("modal/journal/OK");
  s.editor.Frame();
  CHECK(s.editor.App().DialogTitle().empty());

  // More edits while the disk is full: the same failure, so the dialog stays closed.
  CreateCube(s.editor, "Gamma");
  s.editor.Frames(kLongestRetryFrames);
  CHECK(s.editor.App().DialogTitle().empty());
  CHECK(s.editor.Context().GetJournalStatus().unwritten == 4);
  const std::string at_crash = ecs::DumpWorld(s.editor.Context().World());

  s.disk.Free();
  s.editor.Frames(kLongestRetryFrames);
  CHECK_FALSE(s.editor.Context().GetJournalStatus().failure.has_value());
  CHECK(HasLog(s.editor, "can be written again: the 4 changes kept in memory are on disk"));
  CHECK(s.editor.App().DialogTitle().empty());

  // The journal on disk now recovers the whole session.
  const cairn::editor::JournalContents contents = Journal::Read(s.journal, s.editor.Context().World());
  CHECK(contents.problems.empty());
  CHECK(contents.entries.size() == 6);  // three creations, three renames
  HeadlessEditor restarted({.journal_directory = s.folder / "state"});
  restarted.App().Start(s.scene);
  restarted.Frames(2);
  REQUIRE(restarted.App().DialogTitle() == "Recover Unsaved Changes");
  restarted.Click("modal/recovery/Recover");
  restarted.Frames(3);
  CHECK(ecs::DumpWorld(restarted.Context().World()) == at_crash);
}

TEST_CASE("Journal: a dialog left open says when the journal can be written again", "[editor_panels][journal]") {
  FailingJournalSession s;
  s.disk.Fill();
  CreateCube(s.editor, "Alpha");
  REQUIRE(s.editor.App().DialogTitle() == JournalFailureDialog::kTitle);
  s.disk.Free();
  s.editor.Frames(kLongestRetryFrames);
  REQUIRE(s.editor.App().DialogTitle() == JournalFailureDialog::kTitle);
  const std::vector<std::string>& message = s.editor.App().JournalDialog().ShownMessage();
  REQUIRE(message.size() == 1);
  CHECK_THAT(message[0], Catch::StartsWith("The crash journal can be written again"));
  CHECK(HasLog(s.editor, "can be written again"));
  s.editor.Click("modal/journal/OK");
  s.editor.Frame();
  CHECK(s.editor.App().DialogTitle().empty());

  SECTION("a later failure shows the dialog again") {
    s.disk.Fill();
    CreateCube(s.editor, "Beta");
    CHECK(s.editor.App().DialogTitle() == JournalFailureDialog::kTitle);
  }
}
