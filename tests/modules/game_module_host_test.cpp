// Loading game modules: the example Gatehouse module runs its systems on a
// world read with it; modules built for another project, whose registration
// throws or that are no modules at all are refused with the reason.

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "cairn/ecs/components/name.h"
#include "cairn/ecs/components/transform.h"
#include "cairn/ecs/simulation.h"
#include "cairn/modules/game_module_host.h"
#include "cairn/serialization/project.h"
#include "cairn/serialization/project_scenes.h"
#include "cairn/serialization/scene_loader.h"
#include "cairn/serialization/scene_writer.h"
#include "cairn/test/files.h"

namespace fs = std::filesystem;
namespace ecs = cairn::ecs;
namespace modules = cairn::modules;
namespace serialization = cairn::serialization;

namespace {

fs::path Module(const std::string& name) { return fs::path(CAIRN_TEST_MODULE_DIR) / ("lib" + name + ".so"); }
fs::path Gatehouse() { return CAIRN_GATEHOUSE_DIR; }

serialization::Project GatehouseProject() {
  serialization::ProjectLoadResult loaded = serialization::LoadProjectFile(Gatehouse() / "cairn.project.json");
  REQUIRE(loaded.Ok());
  return *loaded.project;
}

std::shared_ptr<const modules::GameModule> LoadGatehouse() {
  modules::ModuleLoad load = modules::LoadGameModule(Module("gatehouse"), GatehouseProject());
  INFO(load.error);
  REQUIRE(load.Ok());
  return load.module;
}

// The Gatehouse level read into a world that runs `module`.
std::unique_ptr<ecs::Coordinator> GatehouseWorld(std::shared_ptr<const modules::GameModule> module) {
  serialization::LoadResult loaded = serialization::LoadSceneFile(
      Gatehouse() / "levels" / "gatehouse.scene", modules::ModuleSceneOptions(std::move(module), {}));
  INFO((loaded.diagnostics.empty() ? std::string() : loaded.diagnostics.front().ToString()));
  REQUIRE(loaded.Ok());
  return std::move(loaded.scene->world);
}

ecs::Entity Named(ecs::Coordinator& world, const std::string& name) {
  ecs::Entity found;
  world.ForEachEntity([&](ecs::Entity entity) {
    const auto* entity_name = world.TryGetComponent<ecs::Name>(entity);
    if (entity_name != nullptr && entity_name->value == name) found = entity;
  });
  return found;
}

// A field of a project component, read through the world's registration.
template <typename T>
const T& Field(ecs::Coordinator& world, ecs::Entity entity, const std::string& component, const std::string& field) {
  const ecs::ComponentInfo& info = *world.FindComponentInfo(component);
  return info.FindField(field)->Ref<T>(world.GetComponentData(entity, info.type));
}

}  // namespace

TEST_CASE("The Gatehouse module loads, and its systems open the door, spawn crates and ring the alarm",
          "[modules]") {
  const std::shared_ptr<const modules::GameModule> module = LoadGatehouse();
  CHECK(module->Name() == "gatehouse");
  CHECK(module->Systems() == std::vector<std::string>{"DoorSystem", "SpawnerSystem", "AlarmSystem"});
  CHECK(module->LoadedCopy() != module->File());  // loaded from a copy, so the file can be rebuilt

  std::unique_ptr<ecs::Coordinator> world = GatehouseWorld(module);
  // The project's components are the module's C++ types in this world, and
  // the built-in ones the program's: the module reaches both.
  CHECK_FALSE(world->FindComponentInfo("Door")->IsRuntimeDefined());
  CHECK(modules::ComponentsNoSystemReads(*world).empty());
  const ecs::Entity gate = Named(*world, "Gate");
  const ecs::Entity alarm = Named(*world, "Alarm");
  REQUIRE_FALSE(gate.IsNull());
  CHECK_FALSE(Field<bool>(*world, alarm, "Alarm", "ringing"));

  ecs::Simulation simulation(*world);
  for (int step = 0; step < 40; ++step) simulation.Step();  // two thirds of a second
  // The door slides at 1.5 m/s toward its target, 3 m away; the spawner
  // places a crate every half second.
  CHECK(world->GetComponent<ecs::Transform>(gate).position.x == Approx(1.0f).margin(1e-4));
  CHECK_FALSE(Field<bool>(*world, gate, "Door", "open"));
  CHECK(Field<std::int32_t>(*world, Named(*world, "Crate Spawner"), "Spawner", "spawned") == 1);
  CHECK_FALSE(Named(*world, "Crate 1").IsNull());

  for (int step = 0; step < 140; ++step) simulation.Step();  // three seconds in all
  CHECK(world->GetComponent<ecs::Transform>(gate).position.x == 3.0f);
  CHECK(Field<bool>(*world, gate, "Door", "open"));
  CHECK(Field<std::int32_t>(*world, Named(*world, "Crate Spawner"), "Spawner", "spawned") == 3);
  CHECK_FALSE(Named(*world, "Crate 3").IsNull());
  CHECK(Named(*world, "Crate 4").IsNull());
  CHECK(Field<bool>(*world, alarm, "Alarm", "ringing"));  // the open gate is within its 2 m
}

TEST_CASE("Without its module the project's components are listed as read by no system", "[modules]") {
  const serialization::Project project = GatehouseProject();
  serialization::LoadResult loaded = serialization::LoadSceneFile(
      Gatehouse() / "levels" / "gatehouse.scene",
      serialization::ProjectSceneOptions(std::make_shared<const serialization::Project>(project)));
  REQUIRE(loaded.Ok());
  ecs::Simulation simulation(*loaded.scene->world);
  CHECK(modules::ComponentsNoSystemReads(*loaded.scene->world) ==
        std::vector<std::string>{"Alarm", "Door", "Spawner"});
}

TEST_CASE("A module built for other definitions is refused with each difference named", "[modules]") {
  const modules::ModuleLoad load = modules::LoadGameModule(Module("changed_gatehouse"), GatehouseProject());
  REQUIRE_FALSE(load.Ok());
  CHECK(load.error == "cannot load the game module " + Module("changed_gatehouse").string() +
                          ": Door.speed: int in the module, float in the project; Spawner.label: string in the "
                          "module, missing in the project: rebuild the module");
}

TEST_CASE("A module whose registration throws, or that is no module, is refused with the reason", "[modules]") {
  const modules::ModuleLoad throwing = modules::LoadGameModule(Module("throwing_gatehouse"), GatehouseProject());
  REQUIRE_FALSE(throwing.Ok());
  CHECK(throwing.error.find("registering its systems failed: the spawner's table is missing") != std::string::npos);
  CHECK(throwing.error.find("the module 'broken gatehouse'") != std::string::npos);

  const modules::ModuleLoad plain = modules::LoadGameModule(Module("not_a_module"), GatehouseProject());
  REQUIRE_FALSE(plain.Ok());
  CHECK(plain.error.find("it has no cairn_game_module function") != std::string::npos);

  cairn::test::TempDir folder("modules");
  const modules::ModuleLoad missing = modules::LoadGameModule(folder / "libnothing.so", GatehouseProject());
  CHECK(missing.error == "cannot load the game module " + (folder / "libnothing.so").string() +
                             ": there is no such file (build the module first)");
  cairn::test::WriteText(folder / "libjunk.so", "not an ELF file");
  const modules::ModuleLoad junk = modules::LoadGameModule(folder / "libjunk.so", GatehouseProject());
  REQUIRE_FALSE(junk.Ok());
  CHECK(junk.error.find("cannot load the game module") == 0);
}

TEST_CASE("A rebuilt module file loads as a new library beside the old one, and both run", "[modules]") {
  cairn::test::TempDir folder("modules");
  const fs::path file = folder / "libgatehouse.so";
  fs::copy_file(Module("gatehouse"), file);
  modules::ModuleLoad first = modules::LoadGameModule(file, GatehouseProject());
  REQUIRE(first.Ok());
  const std::optional<modules::FileStamp> stamp = modules::StampOf(file);
  REQUIRE(stamp);
  CHECK(first.module->Stamp() == *stamp);
  // "Rebuilt": the file replaced.
  fs::remove(file);
  fs::copy_file(Module("gatehouse"), file);
  fs::last_write_time(file, stamp->modified + std::chrono::seconds(2));
  modules::ModuleLoad second = modules::LoadGameModule(file, GatehouseProject());
  REQUIRE(second.Ok());
  CHECK(second.module->LoadedCopy() != first.module->LoadedCopy());
  CHECK_FALSE(second.module->Stamp() == first.module->Stamp());
  // Each copy's systems run a world of their own.
  for (const auto& module : {first.module, second.module}) {
    std::unique_ptr<ecs::Coordinator> world = GatehouseWorld(module);
    ecs::Simulation simulation(*world);
    for (int step = 0; step < 60; ++step) simulation.Step();
    CHECK(world->GetComponent<ecs::Transform>(Named(*world, "Gate")).position.x == Approx(1.5f).margin(1e-4));
  }
}

TEST_CASE("A project names its module relative to its folder", "[modules]") {
  const serialization::Project project = GatehouseProject();
  CHECK(project.module == "build/libgatehouse.so");
  CHECK(modules::ModuleFileOf(project) == Gatehouse() / "build" / "libgatehouse.so");
  serialization::Project none = project;
  none.module.clear();
  CHECK_FALSE(modules::ModuleFileOf(none));
  // Written back where it was read.
  const serialization::ProjectLoadResult again = serialization::LoadProject(serialization::ProjectToText(project));
  REQUIRE(again.Ok());
  CHECK(again.project->module == "build/libgatehouse.so");
}
