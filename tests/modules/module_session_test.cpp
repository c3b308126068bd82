// The editor and the game module: trust asked once, Play running the
// module's systems, a rebuilt module swapped in while playing with the
// world kept, a refused rebuild leaving the old module running.

#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <string>

#include "cairn/ecs/components/name.h"
#include "cairn/ecs/components/transform.h"
#include "cairn/editor/editor_context.h"
#include "cairn/serialization/atomic_file.h"
#include "cairn/serialization/project.h"
#include "cairn/serialization/scene_loader.h"
#include "cairn/serialization/scene_writer.h"
#include "cairn/test/files.h"

namespace fs = std::filesystem;
namespace ecs = cairn::ecs;
namespace serialization = cairn::serialization;
using cairn::editor::EditorContext;
using cairn::editor::EditorOptions;

namespace {

fs::path Module(const std::string& name) { return fs::path(CAIRN_TEST_MODULE_DIR) / ("lib" + name + ".so"); }
fs::path Gatehouse() { return CAIRN_GATEHOUSE_DIR; }

// Puts `module` where the project names its module, as a rebuild would:
// a new file with a newer time.
void Build(const fs::path& folder, const std::string& module) {
  const fs::path target = folder / "build" / "libgatehouse.so";
  fs::create_directories(target.parent_path());
  const bool existed = fs::exists(target);
  const auto previous = existed ? fs::last_write_time(target) : fs::file_time_type{};
  fs::remove(target);
  fs::copy_file(Module(module), target);
  if (existed) fs::last_write_time(target, previous + std::chrono::seconds(2));
}

// A copy of the Gatehouse example in a folder of its own, its module built,
// open in an editing session that keeps its trust in that folder.
struct Studio {
  cairn::test::TempDir folder{"module-session"};
  std::unique_ptr<EditorContext> context;
  std::shared_ptr<const serialization::Project> project;

  Studio() {
    fs::copy_file(Gatehouse() / "cairn.project.json", folder / "cairn.project.json");
    fs::create_directories(folder / "levels");
    fs::copy_file(Gatehouse() / "levels" / "gatehouse.scene", folder / "levels" / "gatehouse.scene");
    Build(folder.Path(), "gatehouse");
    context = Open();
  }

  std::unique_ptr<EditorContext> Open() {
    EditorOptions options;
    options.journaling = false;
    options.module_trust_file = folder / "trusted-modules";
    auto opened = std::make_unique<EditorContext>(options);
    serialization::ProjectLoadResult loaded = serialization::LoadProjectFile(folder / "cairn.project.json");
    REQUIRE(loaded.Ok());
    project = std::make_shared<const serialization::Project>(std::move(*loaded.project));
    opened->SetProject(project);
    return opened;
  }

  void OpenScene() {
    const fs::path scene = folder / "levels" / "gatehouse.scene";
    serialization::LoadResult loaded = serialization::LoadSceneFile(scene, context->SceneLoadOptions());
    REQUIRE(loaded.Ok());
    context->ReplaceWorld(std::move(loaded.scene->world), scene);
  }

  std::string Saved() {
    return serialization::SaveSceneToString(context->EditedWorld(), ecs::PlainValue::MakeObject());
  }

  ecs::Entity Named(const std::string& name) {
    ecs::Coordinator& world = context->World();
    ecs::Entity found;
    world.ForEachEntity([&](ecs::Entity entity) {
      if (const auto* entity_name = world.TryGetComponent<ecs::Name>(entity); entity_name && entity_name->value == name) {
        found = entity;
      }
    });
    return found;
  }

  float GateX() { return context->World().GetComponent<ecs::Transform>(Named("Gate")).position.x; }

  void Run(int steps) {
    for (int step = 0; step < steps; ++step) REQUIRE_FALSE(context->StepPlay());
  }

  bool Logged(const std::string& text) const {
    for (const cairn::editor::LogEntry& entry : context->Log().Entries()) {
      if (entry.text.find(text) != std::string::npos) return true;
    }
    return false;
  }
};

}  // namespace

TEST_CASE("A project's module runs only once trusted, and the answer is remembered", "[modules][editor]") {
  Studio studio;
  const fs::path module = serialization::NormalPath(studio.folder / "build" / "libgatehouse.so");
  CHECK(studio.context->Modules().AwaitingTrust() == module);
  CHECK(studio.context->Modules().Module() == nullptr);
  studio.context->Modules().Trust();
  CHECK_FALSE(studio.context->Modules().AwaitingTrust());
  REQUIRE(studio.context->Modules().Module() != nullptr);
  CHECK(studio.Logged("Loaded the module 'gatehouse' (libgatehouse.so): DoorSystem, SpawnerSystem, AlarmSystem"));
  CHECK(cairn::test::ReadText(studio.folder / "trusted-modules") == module.string() + "\n");

  // Another session on this machine does not ask again.
  const std::unique_ptr<EditorContext> again = studio.Open();
  CHECK_FALSE(again->Modules().AwaitingTrust());
  CHECK(again->Modules().Module() != nullptr);
}

TEST_CASE("Play runs the module's systems, a rebuilt module takes over while playing and the world stays",
          "[modules][editor]") {
  Studio studio;
  studio.context->Modules().Trust();
  studio.OpenScene();
  const std::string scene = studio.Saved();
  REQUIRE(studio.context->StartPlay());
  CHECK_FALSE(studio.Logged("no system reads"));
  studio.Run(60);
  CHECK(studio.GateX() == Approx(1.5f).margin(1e-4));
  CHECK_FALSE(studio.Named("Crate 2").IsNull());

  Build(studio.folder.Path(), "gatehouse");  // rebuilt
  CHECK(studio.context->RefreshModule(0.5));
  CHECK_FALSE(studio.context->RefreshModule(0.6));  // loaded: nothing new to take
  CHECK(studio.Logged("Reloaded the module 'gatehouse'"));
  CHECK(studio.Logged("The playing scene runs the module 'gatehouse' (libgatehouse.so) from this step on"));
  REQUIRE(studio.context->IsPlaying());
  CHECK(studio.context->Play()->StepCount() == 60);  // the clock carries on
  CHECK(studio.GateX() == Approx(1.5f).margin(1e-4));
  CHECK_FALSE(studio.Named("Crate 2").IsNull());  // made by the old module's system, kept
  studio.Run(60);
  CHECK(studio.GateX() == 3.0f);
  CHECK_FALSE(studio.Named("Crate 3").IsNull());

  studio.context->StopPlay();
  CHECK(studio.Saved() == scene);  // nothing of the play copy reached the scene
  CHECK(studio.Named("Crate 1").IsNull());
}

TEST_CASE("A module rebuilt with a changed constant changes the playing world's behaviour from the next step",
          "[modules][editor]") {
  Studio studio;
  studio.context->Modules().Trust();
  studio.OpenScene();
  REQUIRE(studio.context->StartPlay());
  studio.Run(30);  // the door at 0.75 m of its 3 m, the first crate not yet out
  const float before = studio.GateX();
  CHECK(before == Approx(0.75f).margin(1e-4));
  const ecs::Coordinator& playing = studio.context->World();
  const std::string others = [&] {  // every value but the gate's position and the spawner's clock
    std::string text;
    for (const char* name : {"Ground", "Gate Open", "Alarm", "Camera", "Sun"}) {
      const ecs::Entity entity = studio.Named(name);
      text += name + std::string(": ") +
              std::to_string(playing.GetComponent<ecs::Transform>(entity).position.x) + "\n";
    }
    return text;
  }();

  Build(studio.folder.Path(), "fast_gatehouse");
  REQUIRE(studio.context->RefreshModule(0.5));
  CHECK(studio.context->Modules().Module()->Name() == "fast gatehouse");
  CHECK(studio.GateX() == before);  // swapping changes no value
  studio.Run(30);                   // now 3 m/s: 1.5 m more, not 0.75
  CHECK(studio.GateX() == Approx(2.25f).margin(1e-4));
  std::string now;
  for (const char* name : {"Ground", "Gate Open", "Alarm", "Camera", "Sun"}) {
    const ecs::Entity entity = studio.Named(name);
    now += name + std::string(": ") +
           std::to_string(studio.context->World().GetComponent<ecs::Transform>(entity).position.x) + "\n";
  }
  CHECK(now == others);
}

TEST_CASE("A rebuilt module that does not fit the project is refused, and the old one keeps running",
          "[modules][editor]") {
  Studio studio;
  studio.context->Modules().Trust();
  const auto first = studio.context->Modules().Module();
  REQUIRE(first != nullptr);
  Build(studio.folder.Path(), "changed_gatehouse");
  CHECK_FALSE(studio.context->RefreshModule(5.0));
  CHECK(studio.context->Modules().Module() == first);
  CHECK(studio.context->Modules().Problem().find("Door.speed: int in the module, float in the project") !=
        std::string::npos);
  CHECK(studio.Logged("(the module loaded before keeps running)"));
  // Tried once: the same file is not tried again every second.
  CHECK_FALSE(studio.context->RefreshModule(7.0));
  // Fixed: the next rebuild loads.
  Build(studio.folder.Path(), "gatehouse");
  CHECK(studio.context->RefreshModule(9.0));
  CHECK(studio.context->Modules().Problem().empty());
}

TEST_CASE("Declined, the module does not run and Play names the components no system reads", "[modules][editor]") {
  Studio studio;
  studio.context->Modules().Decline();
  CHECK_FALSE(studio.context->Modules().AwaitingTrust());
  CHECK_FALSE(fs::exists(studio.folder / "trusted-modules"));
  studio.OpenScene();
  REQUIRE(studio.context->StartPlay());
  CHECK(studio.Logged(
      "Play: no system reads Alarm, Door, Spawner (the project's module does not run this session)"));
  studio.Run(60);
  CHECK(studio.GateX() == 0.0f);
}

TEST_CASE("A module's system that throws stops Play, named with its module", "[modules][editor]") {
  Studio studio;
  Build(studio.folder.Path(), "failing_gatehouse");
  studio.context->Modules().Trust();
  studio.OpenScene();
  const std::string scene = studio.Saved();
  REQUIRE(studio.context->StartPlay());
  const std::optional<std::string> failure = studio.context->StepPlay();
  REQUIRE(failure);
  CHECK(*failure == "DoorSystem: the door is stuck (a system of the module 'failing gatehouse' (libgatehouse.so))");
  CHECK(studio.Logged("Play stopped: a system failed: DoorSystem: the door is stuck"));
  CHECK_FALSE(studio.context->IsPlaying());
  CHECK(studio.Saved() == scene);
}

