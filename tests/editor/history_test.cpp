#include <catch2/catch.hpp>

#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "cairn/ecs/errors.h"
#include "cairn/ecs/world_dump.h"
#include "cairn/editor/actions.h"
#include "cairn/editor/editor_errors.h"
#include "cairn/editor/history.h"
#include "test_world.h"

using cairn::ecs::Action;
using cairn::ecs::DumpWorld;
using cairn::ecs::EntityId;
using cairn::editor::History;
namespace actions = cairn::editor::actions;
namespace t = cairn::editor::testing;

namespace {

struct Fixture {
  std::unique_ptr<cairn::ecs::Coordinator> world = t::MakeWorld();
  EntityId crate = t::AddEntity(*world, "Box");
  History history;
  History::ApplyFn apply = [this](const Action& action) { return t::Apply(*world, action); };

  void Do(const Action& action, std::string merge_key = {}) {
    Action inverse = t::Apply(*world, action);
    history.Record(action, std::move(inverse), std::move(merge_key));
  }
  Action MoveTo(float x) {
    return actions::SetField(*world, std::vector{crate}, "Transform", "position",
                             cairn::ecs::PlainValue(cairn::ecs::PlainValue::Array{x, 0.0, 0.0}));
  }
  float X() const { return t::Get<cairn::ecs::Transform>(*world, crate).position.x; }
};

}  // namespace

TEST_CASE("Undo applies the inverse and redo applies the action again", "[editor][history]") {
  Fixture f;
  const std::string before = DumpWorld(*f.world);
  f.Do(actions::Rename(*f.world, f.crate, "Crate"));
  const std::string after = DumpWorld(*f.world);

  REQUIRE(f.history.Undo(f.apply));
  CHECK(DumpWorld(*f.world) == before);
  CHECK(f.history.UndoCount() == 0);
  CHECK(f.history.RedoCount() == 1);

  REQUIRE(f.history.Redo(f.apply));
  CHECK(DumpWorld(*f.world) == after);
  CHECK(f.history.UndoCount() == 1);
  CHECK(f.history.RedoCount() == 0);
}

TEST_CASE("Undo and redo with nothing to do return false", "[editor][history]") {
  Fixture f;
  CHECK_FALSE(f.history.Undo(f.apply));
  CHECK_FALSE(f.history.Redo(f.apply));
  CHECK_FALSE(f.history.CanUndo());
  CHECK_FALSE(f.history.CanRedo());
}

TEST_CASE("A new action clears the redo stack", "[editor][history]") {
  Fixture f;
  f.Do(actions::Rename(*f.world, f.crate, "A"));
  f.Do(actions::Rename(*f.world, f.crate, "B"));
  f.history.Undo(f.apply);
  REQUIRE(f.history.CanRedo());
  f.Do(actions::Rename(*f.world, f.crate, "C"));
  CHECK_FALSE(f.history.CanRedo());
  CHECK(f.history.UndoName() == "Rename 'C'");
  f.history.Undo(f.apply);
  CHECK(t::NameOf(*f.world, f.crate) == "A");
}

TEST_CASE("The Edit menu names the next undo and redo", "[editor][history]") {
  Fixture f;
  CHECK(f.history.UndoMenuLabel() == "Undo");
  CHECK(f.history.RedoMenuLabel() == "Redo");
  f.Do(actions::Rename(*f.world, f.crate, "Crate"));
  CHECK(f.history.UndoName() == "Rename 'Crate'");
  CHECK(f.history.UndoMenuLabel() == "Undo Rename 'Crate'");
  f.history.Undo(f.apply);
  CHECK(f.history.UndoName().empty());
  CHECK(f.history.RedoName() == "Rename 'Crate'");
  CHECK(f.history.RedoMenuLabel() == "Redo Rename 'Crate'");
}

TEST_CASE("An action without commands is not recorded", "[editor][history]") {
  Fixture f;
  f.history.Record(Action{"Move nothing", {}}, Action{"Move nothing", {}});
  CHECK_FALSE(f.history.CanUndo());
  CHECK_FALSE(f.history.IsDirty());
}

TEST_CASE("A field drag merges into one undo step", "[editor][history]") {
  Fixture f;
  const std::string key = actions::FieldMergeKey(std::vector{f.crate}, "Transform", "position");
  for (int frame = 1; frame <= 5; ++frame) f.Do(f.MoveTo(static_cast<float>(frame)), key);
  CHECK(f.history.UndoCount() == 1);
  CHECK(f.X() == 5.0f);

  f.history.Undo(f.apply);
  CHECK(f.X() == 0.0f);
  f.history.Redo(f.apply);
  CHECK(f.X() == 5.0f);
}

TEST_CASE("Merging stops at EndMerge, at another key and after undo", "[editor][history]") {
  Fixture f;
  const std::string key = "Transform.position@crate";

  SECTION("EndMerge: a second drag of the same field is a second step") {
    f.Do(f.MoveTo(1.0f), key);
    f.Do(f.MoveTo(2.0f), key);
    f.history.EndMerge();
    f.Do(f.MoveTo(3.0f), key);
    f.Do(f.MoveTo(4.0f), key);
    CHECK(f.history.UndoCount() == 2);
    f.history.Undo(f.apply);
    CHECK(f.X() == 2.0f);
  }
  SECTION("another key") {
    f.Do(f.MoveTo(1.0f), key);
    f.Do(f.MoveTo(2.0f), "Transform.scale@crate");
    CHECK(f.history.UndoCount() == 2);
  }
  SECTION("an action without key in between") {
    f.Do(f.MoveTo(1.0f), key);
    f.Do(actions::Rename(*f.world, f.crate, "Crate"));
    f.Do(f.MoveTo(2.0f), key);
    CHECK(f.history.UndoCount() == 3);
  }
  SECTION("undo then the same key") {
    f.Do(f.MoveTo(1.0f), key);
    f.Do(f.MoveTo(2.0f), key);
    f.Do(actions::Rename(*f.world, f.crate, "Crate"));
    f.history.Undo(f.apply);  // the drag's entry is on top again, but its run is over
    f.Do(f.MoveTo(3.0f), key);
    CHECK(f.history.UndoCount() == 2);
    f.history.Undo(f.apply);
    CHECK(f.X() == 2.0f);
  }
}

TEST_CASE("Dirty tracking follows the saved state through undo and redo", "[editor][history][dirty]") {
  Fixture f;
  CHECK_FALSE(f.history.IsDirty());
  f.Do(actions::Rename(*f.world, f.crate, "A"));
  CHECK(f.history.IsDirty());
  f.history.MarkSaved();
  CHECK_FALSE(f.history.IsDirty());

  f.Do(actions::Rename(*f.world, f.crate, "B"));
  CHECK(f.history.IsDirty());
  f.history.Undo(f.apply);
  CHECK_FALSE(f.history.IsDirty());  // back at the saved state
  f.history.Undo(f.apply);
  CHECK(f.history.IsDirty());  // before the saved state
  f.history.Redo(f.apply);
  CHECK_FALSE(f.history.IsDirty());
  f.history.Redo(f.apply);
  CHECK(f.history.IsDirty());
}

TEST_CASE("A saved state that can no longer be reached stays dirty", "[editor][history][dirty]") {
  Fixture f;
  f.Do(actions::Rename(*f.world, f.crate, "A"));
  f.Do(actions::Rename(*f.world, f.crate, "B"));
  f.history.MarkSaved();
  f.history.Undo(f.apply);
  f.history.Undo(f.apply);
  f.Do(actions::Rename(*f.world, f.crate, "C"));  // drops the saved state from the redo stack
  CHECK(f.history.IsDirty());
  f.history.Undo(f.apply);
  CHECK(f.history.IsDirty());
  f.history.Redo(f.apply);
  CHECK(f.history.IsDirty());
  f.history.MarkSaved();
  CHECK_FALSE(f.history.IsDirty());
}

TEST_CASE("Undoing back to the initial state of a fresh history is clean", "[editor][history][dirty]") {
  Fixture f;
  f.Do(actions::Rename(*f.world, f.crate, "A"));
  f.history.Undo(f.apply);
  CHECK_FALSE(f.history.IsDirty());
}

TEST_CASE("A drag never merges into the saved entry", "[editor][history][dirty]") {
  Fixture f;
  const std::string key = "Transform.position@crate";
  f.Do(f.MoveTo(1.0f), key);
  f.history.MarkSaved();
  f.Do(f.MoveTo(2.0f), key);
  CHECK(f.history.IsDirty());
  CHECK(f.history.UndoCount() == 2);
  f.history.Undo(f.apply);
  CHECK(f.X() == 1.0f);
  CHECK_FALSE(f.history.IsDirty());
}

TEST_CASE("A merged step after the save is still dirty", "[editor][history][dirty]") {
  Fixture f;
  const std::string key = "Transform.position@crate";
  f.Do(f.MoveTo(1.0f), key);
  f.Do(f.MoveTo(2.0f), key);
  const auto serial = f.history.CurrentSerial();
  f.Do(f.MoveTo(3.0f), key);
  CHECK(f.history.CurrentSerial() != serial);
}

TEST_CASE("A failing undo leaves both stacks as they were", "[editor][history]") {
  Fixture f;
  f.Do(actions::Rename(*f.world, f.crate, "Crate"));
  const History::ApplyFn failing = [](const Action&) -> Action { throw cairn::ecs::CommandError("disk on fire"); };
  REQUIRE_THROWS_WITH(f.history.Undo(failing), "disk on fire");
  CHECK(f.history.UndoCount() == 1);
  CHECK(f.history.RedoCount() == 0);
  CHECK(f.history.UndoName() == "Rename 'Crate'");
}

TEST_CASE("Past the limit the oldest steps are forgotten", "[editor][history]") {
  Fixture f;
  f.history = History(3);
  for (int i = 0; i < 5; ++i) f.Do(actions::Rename(*f.world, f.crate, "N" + std::to_string(i)));
  CHECK(f.history.UndoCount() == 3);
  while (f.history.Undo(f.apply)) {
  }
  CHECK(t::NameOf(*f.world, f.crate) == "N1");
  CHECK(f.history.IsDirty());  // the saved (empty) state fell off the stack
}

TEST_CASE("Clear forgets both stacks and makes the current state clean", "[editor][history]") {
  Fixture f;
  f.Do(actions::Rename(*f.world, f.crate, "A"));
  f.Do(actions::Rename(*f.world, f.crate, "B"));
  f.history.Undo(f.apply);
  f.history.Clear();
  CHECK_FALSE(f.history.CanUndo());
  CHECK_FALSE(f.history.CanRedo());
  CHECK_FALSE(f.history.IsDirty());
}

TEST_CASE("Random edits, undos, redos and saves agree with a model", "[editor][history][property]") {
  // Model: the list of world states along the undo path, a cursor, and the
  // saved state's dump (or none when unreachable). Every rename uses a new
  // name, so a dump identifies a state.
  Fixture f;
  std::mt19937 random(20240601);
  std::vector<std::string> states{DumpWorld(*f.world)};
  std::size_t cursor = 0;
  std::optional<std::string> saved = states[0];
  int next_name = 0;
  for (int step = 0; step < 400; ++step) {
    const int choice = std::uniform_int_distribution<int>(0, 9)(random);
    if (choice < 4) {
      f.Do(actions::Rename(*f.world, f.crate, "Name" + std::to_string(next_name++)));
      states.resize(cursor + 1);
      states.push_back(DumpWorld(*f.world));
      ++cursor;
      if (saved && std::find(states.begin(), states.end(), *saved) == states.end()) saved.reset();
    } else if (choice < 7) {
      CHECK(f.history.Undo(f.apply) == (cursor > 0));
      if (cursor > 0) --cursor;
    } else if (choice < 9) {
      CHECK(f.history.Redo(f.apply) == (cursor + 1 < states.size()));
      if (cursor + 1 < states.size()) ++cursor;
    } else {
      f.history.MarkSaved();
      saved = states[cursor];
    }
    REQUIRE(DumpWorld(*f.world) == states[cursor]);
    REQUIRE(f.history.IsDirty() == (!saved || *saved != states[cursor]));
    REQUIRE(f.history.UndoCount() == cursor);
  }
}

// ---- Selection ------------------------------------------------------------------

namespace {

cairn::editor::SelectionState Selected(std::vector<EntityId> ids) {
  cairn::editor::SelectionState state;
  state.primary = ids.empty() ? cairn::ecs::kNoEntityId : ids.back();
  state.anchor = ids.empty() ? cairn::ecs::kNoEntityId : ids.front();
  state.ids = std::move(ids);
  return state;
}

}  // namespace

TEST_CASE("Every step remembers the selection before and after it, and undo and redo say which to restore",
          "[editor][history][selection]") {
  Fixture f;
  const EntityId a{11}, b{12};
  Action rename = actions::Rename(*f.world, f.crate, "A");
  f.history.Record(rename, t::Apply(*f.world, rename), {}, Selected({a}), Selected({a, b}));
  REQUIRE(f.history.Undo(f.apply));
  CHECK(f.history.UndoneSelection() == Selected({a}));
  REQUIRE(f.history.Redo(f.apply));
  CHECK(f.history.RedoneSelection() == Selected({a, b}));
}

TEST_CASE("A merged drag keeps the selection its first frame started from and its last frame ended with",
          "[editor][history][selection]") {
  Fixture f;
  const std::string key = "Transform.position@crate";
  const EntityId a{11}, b{12}, c{13};
  Action first = f.MoveTo(1.0f);
  f.history.Record(first, t::Apply(*f.world, first), key, Selected({a}), Selected({b}));
  Action second = f.MoveTo(2.0f);
  f.history.Record(second, t::Apply(*f.world, second), key, Selected({b}), Selected({c}));
  REQUIRE(f.history.UndoCount() == 1);
  REQUIRE(f.history.Undo(f.apply));
  CHECK(f.history.UndoneSelection() == Selected({a}));
  REQUIRE(f.history.Redo(f.apply));
  CHECK(f.history.RedoneSelection() == Selected({c}));
}

// ---- Project steps ------------------------------------------------------------------

namespace {

std::shared_ptr<const cairn::editor::ProjectStep> Step(const std::string& scene) {
  auto step = std::make_shared<cairn::editor::ProjectStep>();
  step->scene_before = scene;
  return step;
}

}  // namespace

TEST_CASE("A project step is undone and redone through the project function, in order with scene steps",
          "[editor][history][project]") {
  Fixture f;
  std::vector<std::string> calls;
  const History::ProjectFn project = [&calls](const cairn::editor::ProjectStep& step, bool undo) {
    calls.push_back((undo ? "undo " : "redo ") + step.scene_before);
  };
  f.Do(actions::Rename(*f.world, f.crate, "A"));
  f.history.RecordProjectStep("Rename field 'locks' of Gate to 'lock_count'", Step("one"), true);
  f.Do(actions::Rename(*f.world, f.crate, "B"));
  CHECK(f.history.UndoCount() == 3);

  REQUIRE(f.history.Undo(f.apply, project));
  CHECK(t::NameOf(*f.world, f.crate) == "A");
  CHECK(calls.empty());
  CHECK(f.history.UndoMenuLabel() == "Undo Rename field 'locks' of Gate to 'lock_count'");
  REQUIRE(f.history.Undo(f.apply, project));
  CHECK(calls == std::vector<std::string>{"undo one"});
  CHECK(f.history.RedoName() == "Rename field 'locks' of Gate to 'lock_count'");
  REQUIRE(f.history.Undo(f.apply, project));
  CHECK(t::NameOf(*f.world, f.crate) == "Box");

  REQUIRE(f.history.Redo(f.apply, project));
  REQUIRE(f.history.Redo(f.apply, project));
  CHECK(calls == std::vector<std::string>{"undo one", "redo one"});
  REQUIRE(f.history.Redo(f.apply, project));
  CHECK(t::NameOf(*f.world, f.crate) == "B");
}

TEST_CASE("A project step that fails, or that has no project function, leaves both stacks as they were",
          "[editor][history][project]") {
  Fixture f;
  f.history.RecordProjectStep("Add component 'Door'", Step("one"), true);
  const History::ProjectFn failing = [](const cairn::editor::ProjectStep&, bool) {
    throw cairn::editor::EditorError("cannot read it back");
  };
  REQUIRE_THROWS_WITH(f.history.Undo(f.apply, failing), "cannot read it back");
  REQUIRE_THROWS_AS(f.history.Undo(f.apply), cairn::editor::EditorError);
  CHECK(f.history.UndoCount() == 1);
  CHECK(f.history.RedoCount() == 0);
}

TEST_CASE("A project step that changes the scene makes it dirty, one that does not names the same state",
          "[editor][history][project][dirty]") {
  Fixture f;
  const History::ProjectFn project = [](const cairn::editor::ProjectStep&, bool) {};
  f.Do(actions::Rename(*f.world, f.crate, "A"));
  f.history.MarkSaved();

  f.history.RecordProjectStep("Describe 'Door'", Step("same"), false);
  CHECK_FALSE(f.history.IsDirty());
  f.history.RecordProjectStep("Rename field 'open' of Door to 'is_open'", Step("renamed"), true);
  CHECK(f.history.IsDirty());
  REQUIRE(f.history.Undo(f.apply, project));
  CHECK_FALSE(f.history.IsDirty());
  REQUIRE(f.history.Undo(f.apply, project));
  CHECK_FALSE(f.history.IsDirty());  // the description changed nothing in the scene

  // A new step drops both from the redo stack; the saved state is still the one below.
  f.Do(actions::Rename(*f.world, f.crate, "B"));
  CHECK(f.history.IsDirty());
  REQUIRE(f.history.Undo(f.apply, project));
  CHECK_FALSE(f.history.IsDirty());
}

TEST_CASE("A drag never merges across a project step", "[editor][history][project]") {
  Fixture f;
  const std::string key = "Transform.position@crate";
  f.Do(f.MoveTo(1.0f), key);
  f.history.RecordProjectStep("Describe 'Door'", Step("same"), false);
  f.Do(f.MoveTo(2.0f), key);
  CHECK(f.history.UndoCount() == 3);
}

TEST_CASE("A step's files are written before its action, in reverse on undo, and put back when it fails",
          "[editor][history]") {
  Fixture f;
  // Files as a map; the file function logs each write.
  std::map<std::string, std::string> disk{{"a", "a0"}, {"b", "b0"}};
  std::vector<std::string> writes;
  const History::FileFn files = [&](const cairn::editor::FileStep& file, bool undo) {
    const std::string key = file.path.string();
    writes.push_back(key + (undo ? "<" : ">"));
    disk[key] = undo ? file.before : file.after;
  };
  const Action rename = actions::Rename(*f.world, f.crate, "Crate");
  Action inverse = t::Apply(*f.world, rename);
  disk = {{"a", "a1"}, {"b", "b1"}};
  f.history.Record(rename, std::move(inverse), "a key", {}, {}, {{"a", "a0", "a1"}, {"b", "b0", "b1"}});
  // A step with files never merges with the next one of the same key.
  f.Do(f.MoveTo(1.0f), "a key");
  f.Do(f.MoveTo(2.0f), "a key");
  REQUIRE(f.history.UndoCount() == 2);
  REQUIRE(f.history.Undo(f.apply, {}, files));
  CHECK(writes.empty());  // the move has no files

  // Without a file function the step is refused, and nothing changed.
  CHECK_THROWS_AS(f.history.Undo(f.apply), cairn::editor::EditorError);
  CHECK(f.history.UndoCount() == 1);
  REQUIRE(f.history.Undo(f.apply, {}, files));
  CHECK(writes == std::vector<std::string>{"b<", "a<"});
  CHECK(disk == std::map<std::string, std::string>{{"a", "a0"}, {"b", "b0"}});
  CHECK(t::Get<cairn::ecs::Name>(*f.world, f.crate).value == "Box");

  writes.clear();
  REQUIRE(f.history.Redo(f.apply, {}, files));
  CHECK(writes == std::vector<std::string>{"a>", "b>"});
  CHECK(disk == std::map<std::string, std::string>{{"a", "a1"}, {"b", "b1"}});

  // The action fails after the files were written: they go back, and the step stays.
  writes.clear();
  const History::ApplyFn failing = [](const Action&) -> Action { throw cairn::ecs::CommandError("refused"); };
  CHECK_THROWS_AS(f.history.Undo(failing, {}, files), cairn::ecs::CommandError);
  CHECK(writes == std::vector<std::string>{"b<", "a<", "a>", "b>"});
  CHECK(disk == std::map<std::string, std::string>{{"a", "a1"}, {"b", "b1"}});
  CHECK(f.history.UndoCount() == 1);
  CHECK(f.history.RedoCount() == 1);  // the move, undone first
}

TEST_CASE("A step that changed only files is recorded", "[editor][history]") {
  History history;
  history.Record(Action{"Apply", {}}, Action{"Apply", {}}, {}, {}, {}, {{"p", "old", "new"}});
  CHECK(history.UndoCount() == 1);
  CHECK(history.IsDirty());
  history.Record(Action{"Nothing", {}}, Action{"Nothing", {}});
  CHECK(history.UndoCount() == 1);
}
