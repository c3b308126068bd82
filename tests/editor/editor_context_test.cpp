#include <catch2/catch.hpp>

#include <stdexcept>
#include <type_traits>
#include <variant>
#include <vector>

#include "cairn/ecs/command_plain.h"
#include "cairn/ecs/world_dump.h"
#include "cairn/editor/actions.h"
#include "cairn/editor/editor_context.h"
#include "cairn/editor/editor_errors.h"
#include "cairn/serialization/scene_loader.h"
#include "cairn/test/filling_disk.h"
#include "test_world.h"

using cairn::ecs::Action;
using cairn::ecs::DumpWorld;
using cairn::ecs::EntityId;
using cairn::editor::EditorContext;
using cairn::editor::EditorOptions;
using cairn::editor::Journal;
namespace actions = cairn::editor::actions;
namespace editor = cairn::editor;
namespace ecs = cairn::ecs;
namespace t = cairn::editor::testing;

namespace {

std::vector<EntityId> Ids(std::initializer_list<EntityId> ids) { return ids; }

EditorOptions Options(const t::TempDir& dir, bool journaling = true) {
  EditorOptions options;
  options.world_factory = [] { return t::MakeWorld(42); };
  options.journaling = journaling;
  options.untitled_journal_directory = dir / "state";
  return options;
}

// An editor with the sample scene "opened" from a stand-in scene file.
struct Session {
  t::TempDir dir;
  std::filesystem::path scene_file = dir / "level.scene";
  std::filesystem::path journal_file = dir / "level.scene.journal";
  EditorContext context{Options(dir)};
  t::SampleScene scene;

  Session() {
    auto world = t::MakeWorld(3);
    scene = t::BuildSampleScene(*world);
    t::WriteStandInScene(*world, scene_file);
    context.ReplaceWorld(t::ReadStandInScene(scene_file), scene_file);
  }

  ecs::Coordinator& World() { return context.World(); }
};

}  // namespace

TEST_CASE("A new context holds an untitled, clean, empty scene", "[editor][context]") {
  t::TempDir dir;
  const EditorContext context(Options(dir));
  CHECK(context.World().EntityCount() == 0);
  CHECK_FALSE(context.ScenePath().has_value());
  CHECK(context.Title() == "Untitled");
  CHECK_FALSE(context.IsDirty());
  CHECK(context.GetJournal().Path() == dir / "state" / "untitled.journal");
}

TEST_CASE("Replacing the world with none is refused", "[editor][context]") {
  t::TempDir dir;
  EditorContext context(Options(dir));
  REQUIRE_THROWS_AS(context.ReplaceWorld(nullptr), editor::EditorError);
  REQUIRE_THROWS_WITH(context.ReplaceWorld(nullptr), "cannot replace the world with no world");
}

TEST_CASE("Queued actions apply at Flush, in order, and are recorded", "[editor][context]") {
  Session s;
  s.context.Enqueue(actions::Rename(s.World(), s.scene.crate, "Barrel"));
  s.context.Enqueue(actions::Delete(s.World(), Ids({s.scene.lamp})));
  CHECK(s.context.PendingRequestCount() == 2);
  CHECK(t::NameOf(s.World(), s.scene.crate) == "Crate");  // nothing happens before Flush

  const editor::FlushResult result = s.context.Flush();
  CHECK(result.Succeeded());
  CHECK(result.applied == 2);
  CHECK_FALSE(s.context.HasPendingRequests());
  CHECK(t::NameOf(s.World(), s.scene.crate) == "Barrel");
  CHECK(s.World().FindEntity(s.scene.lamp).IsNull());
  CHECK(s.context.GetHistory().UndoCount() == 2);
  CHECK(s.context.GetHistory().UndoName() == "Delete 'Lamp'");
  CHECK(s.context.IsDirty());
  CHECK(s.context.Title() == "level.scene *");
}

TEST_CASE("Undo and redo take effect at Flush, in request order", "[editor][context]") {
  Session s;
  const std::string opened = DumpWorld(s.World());
  s.context.Enqueue(actions::Rename(s.World(), s.scene.crate, "Barrel"));
  s.context.Undo();
  s.context.Flush();
  CHECK(DumpWorld(s.World()) == opened);
  CHECK_FALSE(s.context.IsDirty());

  s.context.Redo();
  CHECK(t::NameOf(s.World(), s.scene.crate) == "Crate");
  s.context.Flush();
  CHECK(t::NameOf(s.World(), s.scene.crate) == "Barrel");
  CHECK(s.context.GetHistory().RedoCount() == 0);

  s.context.Undo();
  s.context.Undo();  // nothing more to undo: ignored
  const editor::FlushResult result = s.context.Flush();
  CHECK(result.applied == 1);
  CHECK(result.Succeeded());
}

TEST_CASE("A failed action is reported and rolled back, and later actions still apply", "[editor][context]") {
  Session s;
  const std::string opened = DumpWorld(s.World());
  Action broken{"Break things",
                {ecs::RenameCommand{s.scene.crate, "Half-renamed"}, ecs::DestroySubtreeCommand{EntityId{5}}}};
  s.context.Enqueue(std::move(broken));
  s.context.Enqueue(actions::Rename(s.World(), s.scene.lamp, "Torch"));

  const editor::FlushResult result = s.context.Flush();
  REQUIRE(result.errors.size() == 1);
  CHECK(result.errors[0] ==
        "action 'Break things' failed at command 2 of 2 (destroy subtree of 0000000000000005): "
        "entity 0000000000000005 does not exist");
  CHECK(result.applied == 1);
  CHECK(t::NameOf(s.World(), s.scene.crate) == "Crate");
  CHECK(t::NameOf(s.World(), s.scene.lamp) == "Torch");
  CHECK(s.context.GetHistory().UndoCount() == 1);
  REQUIRE(s.context.Log().Count(editor::Severity::kError) == 1);
  CHECK(s.context.Log().Entries().back().text == result.errors[0]);
  s.context.Undo();
  s.context.Flush();
  CHECK(DumpWorld(s.World()) == opened);
}

TEST_CASE("A drag merges into one step until EndMerge", "[editor][context]") {
  Session s;
  const std::string key = actions::FieldMergeKey(Ids({s.scene.lamp}), "Light", "intensity");
  for (int frame = 2; frame <= 4; ++frame) {
    s.context.Enqueue(actions::SetField(s.World(), Ids({s.scene.lamp}), "Light", "intensity", ecs::PlainValue(frame)),
                      editor::EnqueueOptions::Merging(key));
    s.context.Flush();
  }
  s.context.EndMerge();
  s.context.Enqueue(actions::SetField(s.World(), Ids({s.scene.lamp}), "Light", "intensity", ecs::PlainValue(9)),
                    editor::EnqueueOptions::Merging(key));
  s.context.Flush();
  CHECK(s.context.GetHistory().UndoCount() == 2);
  s.context.Undo();
  s.context.Flush();
  CHECK(t::Get<ecs::Light>(s.World(), s.scene.lamp).intensity == 4.0f);
  s.context.Undo();
  s.context.Flush();
  CHECK(t::Get<ecs::Light>(s.World(), s.scene.lamp).intensity == 1.0f);  // before the first drag
}

TEST_CASE("A field edit on the multi-selection is one undo step", "[editor][context]") {
  Session s;
  const std::string opened = DumpWorld(s.World());
  s.context.GetSelection().SelectAll(Ids({s.scene.lamp, s.scene.crate, s.scene.sun}));
  s.context.Enqueue(
      actions::SetField(s.World(), s.context.GetSelection().Ids(), "Light", "range", ecs::PlainValue(25)));
  s.context.Flush();
  CHECK(s.context.GetHistory().UndoCount() == 1);
  CHECK(s.context.GetHistory().UndoName() == "Change Light.range on 2 entities");
  CHECK(t::Get<ecs::Light>(s.World(), s.scene.sun).range == 25.0f);
  s.context.Undo();
  s.context.Flush();
  CHECK(DumpWorld(s.World()) == opened);
}

TEST_CASE("Creating with select_created selects the new entities", "[editor][context]") {
  Session s;
  s.context.GetSelection().Select(s.scene.lamp);
  const Action create = actions::CreatePrimitive(s.World(), ecs::MeshShape::kCube);
  const EntityId cube = actions::CreatedEntities(create).front();
  s.context.Enqueue(create, editor::EnqueueOptions::SelectingCreated());
  s.context.Flush();
  CHECK(s.context.GetSelection().Ids() == Ids({cube}));
  CHECK(s.context.GetSelection().Primary() == cube);
}

TEST_CASE("Flush prunes the selection of entities that no longer exist", "[editor][context]") {
  Session s;
  s.context.GetSelection().SelectAll(Ids({s.scene.crate, s.scene.level, s.scene.lamp}));
  s.context.Enqueue(actions::Delete(s.World(), s.context.GetSelection().Ids()));
  s.context.Flush();
  CHECK(s.context.GetSelection().Empty());
}

TEST_CASE("Undoing a delete selects the deleted entities again, redoing it leaves nothing selected",
          "[editor][context][selection]") {
  Session s;
  s.context.GetSelection().SelectAll(Ids({s.scene.lamp, s.scene.crate}));
  s.context.Enqueue(actions::Delete(s.World(), s.context.GetSelection().Ids()));
  REQUIRE(s.context.Flush().Succeeded());
  CHECK(s.context.GetSelection().Empty());

  s.context.Undo();
  REQUIRE(s.context.Flush().Succeeded());
  CHECK(s.context.GetSelection().Ids() == Ids({s.scene.lamp, s.scene.crate}));
  CHECK(s.context.GetSelection().Primary() == s.scene.crate);

  s.context.Redo();
  REQUIRE(s.context.Flush().Succeeded());
  CHECK(s.context.GetSelection().Empty());
}

TEST_CASE("Undoing a duplicate selects the originals, redoing it selects the copies again",
          "[editor][context][selection]") {
  Session s;
  s.context.GetSelection().SelectAll(Ids({s.scene.lamp, s.scene.sun}));
  s.context.Enqueue(actions::Duplicate(s.World(), s.context.GetSelection().Ids()),
                    editor::EnqueueOptions::SelectingCreated());
  REQUIRE(s.context.Flush().Succeeded());
  const std::vector<EntityId> copies = s.context.GetSelection().Ids();
  REQUIRE(copies.size() == 2);
  CHECK(t::NameOf(s.World(), copies[0]) + ", " + t::NameOf(s.World(), copies[1]) == "Sun (1), Lamp (1)");

  s.context.Undo();
  REQUIRE(s.context.Flush().Succeeded());
  CHECK(s.context.GetSelection().Ids() == Ids({s.scene.lamp, s.scene.sun}));

  s.context.Redo();
  REQUIRE(s.context.Flush().Succeeded());
  CHECK(s.context.GetSelection().Ids() == copies);
}

TEST_CASE("Undo brings back the selection a step started from, whatever was selected since",
          "[editor][context][selection]") {
  Session s;
  s.context.GetSelection().Select(s.scene.crate);
  s.context.Enqueue(actions::Rename(s.World(), s.scene.crate, "Barrel"));
  REQUIRE(s.context.Flush().Succeeded());
  s.context.GetSelection().Select(s.scene.player);
  s.context.Undo();
  REQUIRE(s.context.Flush().Succeeded());
  CHECK(s.context.GetSelection().Ids() == Ids({s.scene.crate}));
  s.context.GetSelection().Clear();
  s.context.Redo();
  REQUIRE(s.context.Flush().Succeeded());
  CHECK(s.context.GetSelection().Ids() == Ids({s.scene.crate}));
}

TEST_CASE("MarkSaved makes the scene clean and follows undo back to it", "[editor][context][dirty]") {
  Session s;
  s.context.Enqueue(actions::Rename(s.World(), s.scene.crate, "Barrel"));
  s.context.Flush();
  t::WriteStandInScene(s.World(), s.dir / "renamed.scene");
  s.context.MarkSaved(s.dir / "renamed.scene");
  CHECK_FALSE(s.context.IsDirty());
  CHECK(s.context.Title() == "renamed.scene");
  CHECK(s.context.ScenePath() == s.dir / "renamed.scene");
  s.context.Undo();
  s.context.Flush();
  CHECK(s.context.IsDirty());
  s.context.Redo();
  s.context.Flush();
  CHECK_FALSE(s.context.IsDirty());
}

TEST_CASE("Replacing the world clears history, selection and requests but keeps the clipboard", "[editor][context]") {
  Session s;
  s.context.Enqueue(actions::Rename(s.World(), s.scene.crate, "Barrel"));
  s.context.Flush();
  s.context.GetSelection().Select(s.scene.crate);
  s.context.GetClipboard().CopyEntities(s.World(), Ids({s.scene.level}));
  s.context.Enqueue(actions::Delete(s.World(), Ids({s.scene.lamp})));

  s.context.NewScene();
  CHECK(s.context.World().EntityCount() == 0);
  CHECK_FALSE(s.context.ScenePath().has_value());
  CHECK_FALSE(s.context.GetHistory().CanUndo());
  CHECK_FALSE(s.context.IsDirty());
  CHECK(s.context.GetSelection().Empty());
  CHECK_FALSE(s.context.HasPendingRequests());
  CHECK_FALSE(std::filesystem::exists(s.journal_file));  // the old scene's changes were left on purpose

  s.context.Enqueue(s.context.GetClipboard().PasteEntities(s.World()), editor::EnqueueOptions::SelectingCreated());
  REQUIRE(s.context.Flush().Succeeded());
  CHECK(s.context.World().EntityCount() == 4);
  CHECK(t::NameOf(s.World(), s.context.GetSelection().Primary()) == "Level");
}

// ---- Journal -------------------------------------------------------------------

TEST_CASE("Every applied action, undo and redo is journaled as applied", "[editor][context][journal]") {
  Session s;
  CHECK_FALSE(std::filesystem::exists(s.journal_file));
  const Action rename = actions::Rename(s.World(), s.scene.crate, "Barrel");
  s.context.Enqueue(rename);
  s.context.Flush();
  s.context.Undo();
  s.context.Flush();
  s.context.Redo();
  s.context.Flush();

  const editor::JournalContents contents = Journal::Read(s.journal_file, s.World());
  CHECK(contents.header == editor::JournalHeaderFor(s.scene_file));
  REQUIRE(contents.entries.size() == 3);
  CHECK(ecs::ActionToPlain(contents.entries[0].action) == ecs::ActionToPlain(rename));
  // An undo and a redo are listed as such (a recovery shows these names).
  const Action undo{"Undo Rename 'Barrel'", {ecs::RenameCommand{s.scene.crate, "Crate"}}};
  CHECK(ecs::ActionToPlain(contents.entries[1].action) == ecs::ActionToPlain(undo));
  Action redo = rename;
  redo.name = "Redo Rename 'Barrel'";
  CHECK(ecs::ActionToPlain(contents.entries[2].action) == ecs::ActionToPlain(redo));
  // The history keeps the step's own name.
  CHECK(s.context.GetHistory().UndoName() == "Rename 'Barrel'");
  s.context.Undo();
  s.context.Flush();
  CHECK(s.context.GetHistory().RedoName() == "Rename 'Barrel'");
}

namespace {

// The journal's entries as they would be read after a crash now.
std::vector<editor::JournalEntry> JournalAfterCrash(Session& s) {
  if (!std::filesystem::exists(s.journal_file)) return {};
  return Journal::Read(s.journal_file, s.World()).entries;
}

// The light intensity a journaled edit sets: a whole Light, or the one field.
float IntensityIn(const Action& action) {
  return std::visit(
      [](const auto& command) -> float {
        using T = std::decay_t<decltype(command)>;
        if constexpr (std::is_same_v<T, ecs::SetComponentCommand>) {
          return command.value.template As<ecs::Light>().intensity;
        } else if constexpr (requires { command.value.Field(); command.elements; }) {
          return command.value.template As<float>();  // a field edit
        } else {
          throw std::logic_error("not an edit of a Light: " + ecs::Describe(ecs::Command(command)));
        }
      },
      action.commands.at(0));
}

}  // namespace

TEST_CASE("A drag is journaled once, with its last frame, when it ends", "[editor][context][journal]") {
  Session s;
  s.context.Enqueue(actions::Rename(s.World(), s.scene.crate, "Barrel"));
  s.context.Flush();
  const std::string key = actions::FieldMergeKey(Ids({s.scene.lamp}), "Light", "intensity");
  for (int frame = 2; frame <= 40; ++frame) {
    s.context.Enqueue(actions::SetField(s.World(), Ids({s.scene.lamp}), "Light", "intensity", ecs::PlainValue(frame)),
                      editor::EnqueueOptions::Merging(key));
    s.context.Flush();
    s.context.RetryJournal(frame / 60.0);  // the frame clock: 40 frames are under a second
  }
  // Killed now, the drag in progress is lost, and nothing before it.
  std::vector<editor::JournalEntry> entries = JournalAfterCrash(s);
  REQUIRE(entries.size() == 1);
  CHECK(entries[0].action.name == "Rename 'Barrel'");

  s.context.EndMerge();
  s.context.Flush();
  entries = JournalAfterCrash(s);
  REQUIRE(entries.size() == 2);
  CHECK(IntensityIn(entries[1].action) == 40.0f);

  // Recovering replays the whole drag as its last frame.
  const std::string edited = DumpWorld(s.World());
  EditorContext restarted(Options(s.dir));
  const editor::JournalContents contents = Journal::Read(s.journal_file, restarted.World());
  REQUIRE(restarted.Recover(t::ReadStandInScene(s.scene_file), s.scene_file, contents).Succeeded());
  CHECK(DumpWorld(restarted.World()) == edited);
}

TEST_CASE("A long drag is journaled every second, and the next edit writes the waiting frame first",
          "[editor][context][journal]") {
  Session s;
  const std::string key = actions::FieldMergeKey(Ids({s.scene.lamp}), "Light", "intensity");
  const auto drag = [&](int frame) {
    s.context.Enqueue(actions::SetField(s.World(), Ids({s.scene.lamp}), "Light", "intensity", ecs::PlainValue(frame)),
                      editor::EnqueueOptions::Merging(key));
    s.context.Flush();
  };
  s.context.RetryJournal(10.0);
  drag(2);
  s.context.RetryJournal(10.5);
  drag(3);
  CHECK(JournalAfterCrash(s).empty());
  s.context.RetryJournal(11.0);  // a second since the drag began: its newest frame is written
  REQUIRE(JournalAfterCrash(s).size() == 1);
  CHECK(IntensityIn(JournalAfterCrash(s)[0].action) == 3.0f);
  drag(4);
  CHECK(JournalAfterCrash(s).size() == 1);
  // Another action ends the run in the journal: the drag's frame comes first.
  s.context.Enqueue(actions::Rename(s.World(), s.scene.crate, "Barrel"));
  s.context.Flush();
  const std::vector<editor::JournalEntry> entries = JournalAfterCrash(s);
  REQUIRE(entries.size() == 3);
  CHECK(IntensityIn(entries[1].action) == 4.0f);
  CHECK(entries[2].action.name == "Rename 'Barrel'");
}

TEST_CASE("Undo during a drag journals the drag before the undo", "[editor][context][journal]") {
  Session s;
  const std::string key = actions::FieldMergeKey(Ids({s.scene.lamp}), "Light", "intensity");
  s.context.Enqueue(actions::SetField(s.World(), Ids({s.scene.lamp}), "Light", "intensity", ecs::PlainValue(7)),
                    editor::EnqueueOptions::Merging(key));
  s.context.Undo();
  s.context.Flush();
  const std::vector<editor::JournalEntry> entries = JournalAfterCrash(s);
  REQUIRE(entries.size() == 2);
  CHECK(IntensityIn(entries[0].action) == 7.0f);
  CHECK(IntensityIn(entries[1].action) == 1.0f);
}

TEST_CASE("Failed actions are not journaled", "[editor][context][journal]") {
  Session s;
  s.context.Enqueue(Action{"Break", {ecs::DestroySubtreeCommand{EntityId{5}}}});
  s.context.Flush();
  CHECK_FALSE(std::filesystem::exists(s.journal_file));
}

TEST_CASE("Saving removes the journal and the next edit starts one for the saved file", "[editor][context][journal]") {
  Session s;
  s.context.Enqueue(actions::Rename(s.World(), s.scene.crate, "Barrel"));
  s.context.Flush();
  REQUIRE(std::filesystem::exists(s.journal_file));
  t::WriteStandInScene(s.World(), s.scene_file);
  s.context.MarkSaved(s.scene_file);
  CHECK_FALSE(std::filesystem::exists(s.journal_file));

  s.context.Enqueue(actions::Rename(s.World(), s.scene.lamp, "Torch"));
  s.context.Flush();
  const editor::JournalContents contents = Journal::Read(s.journal_file, s.World());
  CHECK(contents.header == editor::JournalHeaderFor(s.scene_file));  // the file as saved
  CHECK(contents.entries.size() == 1);
}

TEST_CASE("Save As of an untitled scene moves the journal beside the file", "[editor][context][journal]") {
  t::TempDir dir;
  EditorContext context(Options(dir));
  context.Enqueue(actions::CreateEmpty(context.World()));
  context.Flush();
  const std::filesystem::path untitled = dir / "state" / "untitled.journal";
  REQUIRE(std::filesystem::exists(untitled));
  t::WriteStandInScene(context.World(), dir / "new.scene");
  context.MarkSaved(dir / "new.scene");
  CHECK_FALSE(std::filesystem::exists(untitled));
  context.Enqueue(actions::CreateEmpty(context.World()));
  context.Flush();
  CHECK(std::filesystem::exists(dir / "new.scene.journal"));
}

TEST_CASE("Without journaling nothing is written", "[editor][context][journal]") {
  t::TempDir dir;
  EditorContext context(Options(dir, /*journaling=*/false));
  context.Enqueue(actions::CreateEmpty(context.World()));
  context.Flush();
  CHECK_FALSE(std::filesystem::exists(dir / "state"));
}

TEST_CASE("A journal that cannot be written is reported once and editing goes on", "[editor][context][journal]") {
  t::TempDir dir;
  t::WriteText(dir / "state", "a file where the state folder should be");
  EditorContext context(Options(dir));
  for (int i = 0; i < 3; ++i) context.Enqueue(actions::CreateEmpty(context.World()));
  const editor::FlushResult result = context.Flush();
  CHECK(result.Succeeded());
  CHECK(context.World().EntityCount() == 3);
  REQUIRE(context.Log().Count(editor::Severity::kError) == 1);
  CHECK_THAT(
      context.Log().Entries().back().text,
      Catch::StartsWith("cannot create the folder of journal '" + (dir / "state" / "untitled.journal").string()) &&
          Catch::EndsWith("(crash recovery is off until it can be written)"));
}

TEST_CASE("A journal on a full disk keeps every later action and writes them all once there is room again",
          "[editor][context][journal][write-failure]") {
  t::TempDir dir;
  cairn::test::FillingDisk disk;
  EditorOptions options = Options(dir);
  options.journal_writes = disk.Calls();
  EditorContext context(options);
  const std::filesystem::path journal = dir / "state" / "untitled.journal";
  auto& c = context;
  c.Enqueue(actions::CreateEmpty(c.World()), editor::EnqueueOptions::SelectingCreated());
  c.Flush();
  const EntityId first = c.GetSelection().Primary();
  CHECK_FALSE(c.GetJournalStatus().failure.has_value());

  disk.Fill();
  c.Enqueue(actions::Rename(c.World(), first, "Crate"));
  c.Enqueue(actions::CreateLight(c.World(), ecs::LightType::kPoint));
  REQUIRE(c.Flush().Succeeded());  // editing goes on
  c.Undo();
  c.Enqueue(actions::CreateCamera(c.World()));
  c.Flush();
  const std::string at_crash = DumpWorld(c.World());

  // The failure is reported once, naming the file and the system's reason.
  const editor::JournalStatus failing = c.GetJournalStatus();
  CHECK(failing.failure == "cannot write journal '" + journal.string() + "': No space left on device");
  CHECK(failing.unwritten == 4);  // rename, light, the undo's removal, camera
  CHECK(failing.failure_count == 1);
  REQUIRE(c.Log().Count(editor::Severity::kError) == 1);
  CHECK_THAT(c.Log().Entries().back().text,
             Catch::StartsWith("cannot write journal '" + journal.string() + "': No space left on device") &&
                 Catch::Contains("keeps the changes in memory and retries"));
  const std::size_t attempts = disk.Attempts();

  // Retries wait 1 s, then 2 s, ... and fail quietly while the disk is full.
  c.RetryJournal(10.0);
  c.RetryJournal(10.9);
  CHECK(disk.Attempts() == attempts);
  c.RetryJournal(11.0);
  CHECK(disk.Attempts() > attempts);
  CHECK(c.GetJournalStatus().unwritten == 4);
  CHECK(c.Log().Count(editor::Severity::kError) == 1);

  disk.Free();
  c.RetryJournal(12.9);
  CHECK(c.GetJournalStatus().failure.has_value());  // the next try is due at 13 s
  c.RetryJournal(13.0);
  const editor::JournalStatus healthy = c.GetJournalStatus();
  CHECK_FALSE(healthy.failure.has_value());
  CHECK(healthy.unwritten == 0);
  CHECK(healthy.failure_count == 1);
  CHECK(c.Log().Entries().back().severity == editor::Severity::kInfo);
  CHECK_THAT(c.Log().Entries().back().text,
             Catch::Contains(journal.string() + " can be written again: the 4 changes kept in memory are on disk"));

  // A crash now loses nothing: the journal replays to the session's end.
  EditorContext restarted(Options(dir));
  const editor::JournalContents contents = Journal::Read(journal, restarted.World());
  CHECK(contents.problems.empty());
  CHECK(contents.entries.size() == 5);
  REQUIRE(restarted.Recover(t::MakeWorld(42), std::nullopt, contents).Succeeded());
  CHECK(DumpWorld(restarted.World()) == at_crash);

  SECTION("a later failure is a new one, reported again") {
    disk.Fill();
    c.Enqueue(actions::CreateEmpty(c.World()));
    c.Flush();
    CHECK(c.GetJournalStatus().failure_count == 2);
    CHECK(c.Log().Count(editor::Severity::kError) == 2);
  }
  SECTION("saving makes the waiting actions obsolete") {
    disk.Fill();
    c.Enqueue(actions::CreateEmpty(c.World()));
    c.Flush();
    c.MarkSaved(dir / "saved.scene");
    CHECK_FALSE(c.GetJournalStatus().failure.has_value());
    CHECK(c.GetJournalStatus().unwritten == 0);
  }
}

TEST_CASE("A journal whose folder cannot be created is created with every action once it can",
          "[editor][context][journal][write-failure]") {
  t::TempDir dir;
  t::WriteText(dir / "state", "a file where the state folder should be");
  EditorContext context(Options(dir));
  for (int i = 0; i < 3; ++i) context.Enqueue(actions::CreateEmpty(context.World()));
  context.Flush();
  REQUIRE(context.GetJournalStatus().failure.has_value());
  CHECK_THAT(*context.GetJournalStatus().failure,
             Catch::StartsWith("cannot create the folder of journal '" +
                               (dir / "state" / "untitled.journal").string()));
  context.Enqueue(actions::CreateEmpty(context.World()));
  context.Flush();
  CHECK(context.GetJournalStatus().unwritten == 4);

  std::filesystem::remove(dir / "state");
  context.RetryJournal(0.0);
  context.RetryJournal(context.kJournalFirstRetry);
  CHECK_FALSE(context.GetJournalStatus().failure.has_value());
  const editor::JournalContents contents = Journal::Read(dir / "state" / "untitled.journal", context.World());
  CHECK(contents.entries.size() == 4);
}

// ---- Recovery -------------------------------------------------------------------

namespace {

// A session of varied edits; returns the world's dump at the "crash".
std::string EditAndCrash(Session& s) {
  auto& c = s.context;
  c.Enqueue(actions::CreatePrimitive(s.World(), ecs::MeshShape::kCylinder, s.scene.level),
            editor::EnqueueOptions::SelectingCreated());
  c.Flush();
  const EntityId cylinder = c.GetSelection().Primary();
  c.Enqueue(actions::Duplicate(s.World(), Ids({s.scene.level})));
  c.Enqueue(actions::Move(s.World(), Ids({s.scene.crate, cylinder}), s.scene.lamp, 0));
  c.Flush();
  c.Enqueue(actions::SetField(s.World(), Ids({s.scene.lamp, s.scene.sun}), "Light", "intensity", ecs::PlainValue(0.3)));
  c.Enqueue(actions::Delete(s.World(), Ids({s.scene.player})));
  c.Enqueue(actions::AddComponent(s.World(), Ids({s.scene.chaser}), "Rotator"));
  c.Flush();
  c.Undo();
  c.Undo();
  c.Redo();
  c.Enqueue(actions::Rename(s.World(), s.scene.chaser, "Hunter"));
  c.Flush();
  c.Enqueue(actions::Unparent(s.World(), Ids({s.scene.crate})));
  c.Flush();
  return DumpWorld(s.World());
}

}  // namespace

TEST_CASE("Recovery replays the journal onto the saved scene and reproduces the session",
          "[editor][context][journal][recovery]") {
  Session s;
  const std::string at_crash = EditAndCrash(s);
  // The process dies here: nothing is saved, the journal stays on disk.

  EditorContext restarted(Options(s.dir));
  const editor::JournalContents contents = Journal::Read(s.journal_file, restarted.World());
  CHECK(contents.errors.empty());
  const editor::RecoveryResult result = restarted.Recover(t::ReadStandInScene(s.scene_file), s.scene_file, contents);
  CHECK(result.Succeeded());
  CHECK(result.replayed == contents.entries.size());
  CHECK(DumpWorld(restarted.World()) == at_crash);
  CHECK(restarted.ScenePath() == s.scene_file);
  CHECK(restarted.IsDirty());
  CHECK(restarted.GetHistory().UndoCount() == contents.entries.size());

  SECTION("the recovered journal continues: a second crash recovers everything") {
    restarted.Enqueue(actions::Rename(restarted.World(), s.scene.lamp, "Torch"));
    restarted.Flush();
    const std::string at_second_crash = DumpWorld(restarted.World());
    EditorContext third(Options(s.dir));
    const editor::JournalContents again = Journal::Read(s.journal_file, third.World());
    CHECK(again.entries.size() == contents.entries.size() + 1);
    third.Recover(t::ReadStandInScene(s.scene_file), s.scene_file, again);
    CHECK(DumpWorld(third.World()) == at_second_crash);
  }
  SECTION("undoing every recovered step returns to the saved scene") {
    while (restarted.GetHistory().CanUndo()) {
      restarted.Undo();
      REQUIRE(restarted.Flush().Succeeded());
    }
    CHECK(DumpWorld(restarted.World()) == DumpWorld(*t::ReadStandInScene(s.scene_file)));
    CHECK_FALSE(restarted.IsDirty());
  }
}

TEST_CASE("Recovery after a torn last line replays the complete lines", "[editor][context][journal][recovery]") {
  Session s;
  s.context.Enqueue(actions::Rename(s.World(), s.scene.crate, "Barrel"));
  s.context.Flush();
  const std::string before_last = DumpWorld(s.World());
  s.context.Enqueue(actions::Rename(s.World(), s.scene.lamp, "Torch"));
  s.context.Flush();
  std::string text = t::ReadText(s.journal_file);
  text.resize(text.size() - 5);
  t::WriteText(s.journal_file, text);

  EditorContext restarted(Options(s.dir));
  const editor::JournalContents contents = Journal::Read(s.journal_file, restarted.World());
  CHECK(contents.warnings.size() == 1);
  const editor::RecoveryResult result = restarted.Recover(t::ReadStandInScene(s.scene_file), s.scene_file, contents);
  CHECK(result.Succeeded());
  CHECK(DumpWorld(restarted.World()) == before_last);
  CHECK(restarted.Log().Count(editor::Severity::kWarning) == 1);
  // The rewritten journal holds exactly the replayed line.
  CHECK(Journal::Read(s.journal_file, restarted.World()).warnings.empty());
  CHECK(Journal::Read(s.journal_file, restarted.World()).entries.size() == 1);
}

TEST_CASE("Recovery refuses a journal for another version of the scene file", "[editor][context][journal][recovery]") {
  Session s;
  s.context.Enqueue(actions::Rename(s.World(), s.scene.crate, "Barrel"));
  s.context.Flush();
  t::WriteText(s.scene_file, t::ReadText(s.scene_file) + "\n");  // saved by someone else since

  EditorContext restarted(Options(s.dir));
  restarted.Enqueue(actions::CreateEmpty(restarted.World()));
  restarted.Flush();
  const std::string untouched = DumpWorld(restarted.World());
  const editor::JournalContents contents = Journal::Read(s.journal_file, restarted.World());
  REQUIRE_THROWS_AS(restarted.Recover(t::ReadStandInScene(s.scene_file), s.scene_file, contents), editor::JournalError);
  REQUIRE_THROWS_WITH(restarted.Recover(t::ReadStandInScene(s.scene_file), s.scene_file, contents),
                      Catch::StartsWith("cannot recover from the journal: '" +
                                        std::filesystem::absolute(s.scene_file).lexically_normal().string() +
                                        "' changed since the journal was started"));
  CHECK(DumpWorld(restarted.World()) == untouched);
  CHECK(restarted.GetHistory().UndoCount() == 1);
}

TEST_CASE("An untitled session recovers onto an empty world", "[editor][context][journal][recovery]") {
  t::TempDir dir;
  std::string at_crash;
  {
    EditorContext context(Options(dir));
    context.Enqueue(actions::CreateLight(context.World(), ecs::LightType::kSpot));
    context.Enqueue(actions::CreateCamera(context.World()));
    context.Flush();
    at_crash = DumpWorld(context.World());
  }
  EditorContext restarted(Options(dir));
  const editor::JournalContents contents = Journal::Read(dir / "state" / "untitled.journal", restarted.World());
  restarted.Recover(t::MakeWorld(42), std::nullopt, contents);
  CHECK(DumpWorld(restarted.World()) == at_crash);
  CHECK(restarted.Title() == "Untitled *");
}

TEST_CASE("Discarding the journal removes this session's file", "[editor][context][journal]") {
  Session s;
  s.context.Enqueue(actions::Rename(s.World(), s.scene.crate, "Barrel"));
  s.context.Flush();
  REQUIRE(std::filesystem::exists(s.journal_file));
  s.context.DiscardJournal();
  CHECK_FALSE(std::filesystem::exists(s.journal_file));
}

TEST_CASE("Recovery reports every entry it cannot read or apply again and keeps the journal aside",
          "[editor][context][journal][recovery][problems]") {
  Session s;
  s.context.Enqueue(actions::Rename(s.World(), s.scene.crate, "Barrel"));
  s.context.Enqueue(actions::CreateEmpty(s.World()));
  s.context.Enqueue(actions::Rename(s.World(), s.scene.lamp, "Torch"));
  s.context.Flush();
  std::string text = t::ReadText(s.journal_file);
  // Entry 1 cannot be decoded; entry 4, a copy of entry 2's creation, decodes but cannot be applied again.
  const std::size_t first = text.find('\n') + 1;
  const std::size_t second = text.find('\n', first) + 1;
  const std::size_t third = text.find('\n', second) + 1;
  const std::string creation = text.substr(second, third - second);
  text = text.substr(0, first) + "{\"name\":\"Rename 'Crate'\",\"commands\":7}\n" + text.substr(second) + creation;
  t::WriteText(s.journal_file, text);

  EditorContext restarted(Options(s.dir));
  const editor::JournalContents contents = Journal::Read(s.journal_file, restarted.World());
  REQUIRE(contents.problems.size() == 1);
  const editor::RecoveryResult result = restarted.Recover(t::ReadStandInScene(s.scene_file), s.scene_file, contents);
  CHECK(result.replayed == 2);
  REQUIRE(result.errors.size() == 2);
  CHECK(result.errors[0] == "entry 1 (line 2, 'Rename 'Crate''): action.commands: expected an array");
  CHECK_THAT(result.errors[1], Catch::StartsWith("entry 4 (line 5, 'Create Empty'): action 'Create Empty' failed"));
  // Nothing the journal held is lost: the original is kept aside, the journal holds what replayed.
  REQUIRE(result.kept_aside == s.dir / "level.scene.journal.unreadable");
  CHECK(t::ReadText(*result.kept_aside) == text);
  CHECK(Journal::Read(s.journal_file, restarted.World()).entries.size() == 2);
  CHECK_THAT(restarted.Log().Entries().back().text, Catch::Contains("2 problems"));
  bool said_where = false;
  for (const editor::LogEntry& entry : restarted.Log().Entries()) {
    said_where = said_where || entry.text.find(result.kept_aside->string()) != std::string::npos;
  }
  CHECK(said_where);
}

TEST_CASE("Recovering a journal with no readable entry applies nothing and keeps the file aside",
          "[editor][context][journal][recovery][problems]") {
  Session s;
  s.context.Enqueue(actions::Rename(s.World(), s.scene.crate, "Barrel"));
  s.context.Flush();
  const std::string text = t::ReadText(s.journal_file);
  const std::string broken = text.substr(0, text.find('\n') + 1) + "garbage\n{\"name\":\"Rename\"}\n";
  t::WriteText(s.journal_file, broken);

  EditorContext restarted(Options(s.dir));
  const editor::JournalContents contents = Journal::Read(s.journal_file, restarted.World());
  CHECK_FALSE(contents.Empty());
  const editor::RecoveryResult result = restarted.Recover(t::ReadStandInScene(s.scene_file), s.scene_file, contents);
  CHECK(result.replayed == 0);
  CHECK(result.errors.size() == 2);
  CHECK_FALSE(restarted.IsDirty());
  CHECK_FALSE(std::filesystem::exists(s.journal_file));
  REQUIRE(result.kept_aside.has_value());
  CHECK(t::ReadText(*result.kept_aside) == broken);
}

TEST_CASE("A session in a game project makes its worlds with the project's components and names it in its journal",
          "[editor][context][project]") {
  t::TempDir dir;
  EditorContext context(Options(dir));
  CHECK(context.World().FindComponentInfo("Door") == nullptr);
  auto project = std::make_shared<cairn::serialization::Project>();
  project->name = "Beacon";
  project->file = dir / "cairn.project.json";
  ecs::RuntimeComponentDefinition door;
  door.name = "Door";
  ecs::RuntimeFieldDefinition open;
  open.name = "open";
  open.type = ecs::FieldType::kBool;
  door.fields.push_back(open);
  project->components.push_back(door);

  context.SetProject(project);
  CHECK(context.World().FindComponentInfo("Door") == nullptr);  // the open world keeps its types
  context.NewScene();
  REQUIRE(context.World().FindComponentInfo("Door") != nullptr);
  CHECK(context.World().FindComponentInfo("Door")->IsRuntimeDefined());
  CHECK(context.CreateWorld()->FindComponentInfo("Door") != nullptr);
  const auto loaded = cairn::serialization::LoadScene(
      R"({"format": "cairn.scene", "version": 1, "entities": [{"id": "0000000000000001", "name": "Gate",
          "parent": null, "order": 0, "components": {"Door": {"open": true}}}]})",
      context.SceneLoadOptions());
  REQUIRE(loaded.Ok());
  CHECK(loaded.diagnostics.empty());

  context.Enqueue(actions::CreateEmpty(context.World(), ecs::kNoEntityId));
  context.Flush();
  const auto contents = Journal::Read(dir / "state" / "untitled.journal", context.World());
  CHECK(contents.header.project == std::filesystem::absolute(dir / "cairn.project.json").lexically_normal());

  context.SetProject(nullptr);
  context.NewScene();
  CHECK(context.World().FindComponentInfo("Door") == nullptr);
}

TEST_CASE("An undo that fails keeps its step whole, and applies once the way is clear", "[editor][context]") {
  // The undo's action is lent to the queue, not copied: a failure must hand
  // it back with every deleted entity in it.
  Session s;
  const std::string opened = DumpWorld(s.World());
  s.context.Enqueue(actions::Delete(s.World(), Ids({s.scene.lamp})));
  REQUIRE(s.context.Flush().Succeeded());
  // Something outside the history takes the deleted entity's id.
  const ecs::Entity squatter = s.World().CreateEntity(s.scene.lamp);
  s.context.Undo();
  const editor::FlushResult failed = s.context.Flush();
  REQUIRE_FALSE(failed.Succeeded());
  CHECK_THAT(failed.errors.front(), Catch::Contains("cannot undo 'Delete 'Lamp''"));
  CHECK(s.context.GetHistory().UndoCount() == 1);
  CHECK(s.context.GetHistory().UndoName() == "Delete 'Lamp'");

  s.World().DestroyEntity(squatter);
  s.context.Undo();
  REQUIRE(s.context.Flush().Succeeded());
  CHECK(DumpWorld(s.World()) == opened);
  s.context.Redo();
  REQUIRE(s.context.Flush().Succeeded());
  CHECK(s.World().FindEntity(s.scene.lamp).IsNull());
}
