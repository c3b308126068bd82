#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>

#include <glm/gtc/quaternion.hpp>

#include "cairn/ecs/builtin_components.h"
#include "cairn/ecs/simulation.h"
#include "cairn/ecs/world_dump.h"
#include "cairn/editor/actions.h"
#include "cairn/editor/editor_context.h"
#include "cairn/editor/play_session.h"
#include "cairn/serialization/project_scenes.h"
#include "test_world.h"

namespace ecs = cairn::ecs;
using cairn::editor::EditorContext;
using cairn::editor::EditorOptions;
using cairn::editor::PlaySession;
using cairn::editor::Severity;
namespace actions = cairn::editor::actions;
namespace t = cairn::editor::testing;

namespace {

EditorOptions Options(const t::TempDir& dir) {
  EditorOptions options;
  options.world_factory = [] { return t::MakeWorld(42); };
  options.untitled_journal_directory = dir / "state";
  return options;
}

// A scene using every built-in system: a spinner with a child, a smoothed
// follower of the child, a rigid follower of the spinner, and a camera.
struct PlayScene {
  ecs::EntityId spinner, arm, chaser, rider;
};

PlayScene Populate(ecs::Coordinator& world) {
  PlayScene s;
  s.spinner = t::AddEntity(world, "Spinner");
  t::Put(world, s.spinner, ecs::Transform{});
  t::Put(world, s.spinner, ecs::Rotator{{0, 1, 0}, 120.0f});
  s.arm = t::AddEntity(world, "Arm", s.spinner);
  ecs::Transform arm;
  arm.position = {3, 0, 0};
  t::Put(world, s.arm, arm);
  t::Put(world, s.arm, ecs::Rotator{{1, 0, 0}, -45.0f});
  s.chaser = t::AddEntity(world, "Chaser");
  t::Put(world, s.chaser, ecs::Transform{});
  t::Put(world, s.chaser, ecs::Follow{s.arm, {0, 1, 0}, 0.4f});
  s.rider = t::AddEntity(world, "Rider");
  t::Put(world, s.rider, ecs::Transform{});
  t::Put(world, s.rider, ecs::Follow{s.spinner, {0, 2, 0}, 0.0f});
  const ecs::EntityId camera = t::AddEntity(world, "Camera");
  t::Put(world, camera, ecs::Transform{});
  t::Put(world, camera, ecs::Camera{});
  return s;
}

// A system that throws on its third step.
struct FailingSystem : ecs::System {
  int steps = 0;
  void Update(ecs::Coordinator&, float) override {
    if (++steps == 3) throw std::runtime_error("FailingSystem: the generator ran dry");
  }
};

}  // namespace

TEST_CASE("Stopping play restores the edited scene exactly after 1,000 steps", "[editor][play]") {
  const t::TempDir dir("play");
  EditorContext context(Options(dir));
  const PlayScene s = Populate(context.World());
  context.Enqueue(actions::Rename(context.World(), s.chaser, "Hound"));
  context.Flush();
  context.GetSelection().Select(s.arm);
  const std::string before = ecs::DumpWorld(context.World());
  const std::size_t undo_before = context.GetHistory().UndoCount();
  const bool dirty_before = context.IsDirty();

  REQUIRE(context.StartPlay());
  REQUIRE(context.IsPlaying());
  REQUIRE(&context.World() != &context.EditedWorld());
  REQUIRE(ecs::DumpWorld(context.World()) == before);  // the same ids and values to start with
  for (int i = 0; i < 1000; ++i) REQUIRE_FALSE(context.StepPlay());
  REQUIRE(context.Play()->StepCount() == 1000);
  const ecs::Coordinator& played = context.World();
  REQUIRE(ecs::DumpWorld(played) != before);
  const glm::quat spun = played.GetComponent<ecs::Transform>(played.FindEntity(s.spinner)).rotation;
  // 1000 steps of 1/60 s at 120 degrees per second: 2000 degrees, 200 past 5 turns.
  const glm::quat expected = glm::angleAxis(glm::radians(200.0f), glm::vec3(0, 1, 0));
  CHECK(std::abs(glm::dot(spun, expected)) == Approx(1.0f).margin(1e-3));
  REQUIRE(ecs::DumpWorld(context.EditedWorld()) == before);  // the edited scene never moved

  context.StopPlay();
  REQUIRE_FALSE(context.IsPlaying());
  REQUIRE(&context.World() == &context.EditedWorld());
  REQUIRE(ecs::DumpWorld(context.World()) == before);
  REQUIRE(context.GetHistory().UndoCount() == undo_before);
  REQUIRE(context.IsDirty() == dirty_before);
  REQUIRE(context.GetSelection().Ids() == std::vector<ecs::EntityId>{s.arm});
}

TEST_CASE("While playing, edits, undo and redo are refused and reach neither scene nor history", "[editor][play]") {
  const t::TempDir dir("play-edits");
  EditorContext context(Options(dir));
  const PlayScene s = Populate(context.World());
  const std::string before = ecs::DumpWorld(context.World());
  REQUIRE(context.StartPlay());
  const std::string playing = ecs::DumpWorld(context.World());

  context.Enqueue(actions::Rename(context.World(), s.rider, "Knight"));
  context.Undo();
  context.Redo();
  context.Flush();
  REQUIRE(ecs::DumpWorld(context.World()) == playing);
  REQUIRE(context.Log().Count(Severity::kWarning) == 1);  // said once
  REQUIRE(context.Log().Entries().back().text ==
          "Rename 'Knight' is not possible while the scene plays: stop it (Ctrl+P) to edit");
  context.StopPlay();
  REQUIRE(ecs::DumpWorld(context.World()) == before);
  REQUIRE(context.GetHistory().UndoCount() == 0);
  REQUIRE_FALSE(context.IsDirty());

  SECTION("after Stop, editing works again") {
    context.Enqueue(actions::Rename(context.World(), s.rider, "Knight"));
    context.Flush();
    REQUIRE(t::NameOf(context.World(), s.rider) == "Knight");
  }
  SECTION("replacing the scene stops play") {
    REQUIRE(context.StartPlay());
    context.NewScene();
    REQUIRE_FALSE(context.IsPlaying());
  }
}

TEST_CASE("Pause and Step are deterministic: the same steps give the same world", "[editor][play]") {
  auto world = t::MakeWorld(42);
  Populate(*world);
  const auto options = cairn::serialization::ProjectSceneOptions(nullptr);
  PlaySession running(*world, options);
  PlaySession stepping(*world, options);
  stepping.SetPaused(true);

  for (int frame = 0; frame < 90; ++frame) REQUIRE_FALSE(running.Frame(1.0 / 30.0));  // two steps a frame
  REQUIRE_FALSE(stepping.Frame(1.0));  // paused: no step
  REQUIRE(stepping.StepCount() == 0);
  for (int step = 0; step < 180; ++step) REQUIRE_FALSE(stepping.Step());
  REQUIRE(running.StepCount() == 180);
  REQUIRE(ecs::DumpWorld(running.World()) == ecs::DumpWorld(stepping.World()));
}

TEST_CASE("A failing system stops the session with its message", "[editor][play]") {
  auto world = t::MakeWorld(42);
  Populate(*world);
  cairn::serialization::LoadOptions options = cairn::serialization::ProjectSceneOptions(nullptr);
  const auto register_builtins = options.register_components;
  options.register_components = [register_builtins](ecs::Coordinator& copy) {
    register_builtins(copy);
    copy.RegisterSystem<FailingSystem>();
  };
  PlaySession session(*world, options);
  REQUIRE_FALSE(session.Step());
  REQUIRE_FALSE(session.Step());
  const std::optional<std::string> failure = session.Step();
  REQUIRE(failure == "FailingSystem: the generator ran dry");
  REQUIRE(session.Failed());
  REQUIRE(session.Paused());
  REQUIRE_FALSE(session.Frame(1.0));  // a failed session runs no more
  REQUIRE(session.StepCount() == 2);
}
