#include "test_world.h"

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "cairn/ecs/command_plain.h"
#include "cairn/serialization/plain_json.h"

namespace cairn::editor::testing {

std::unique_ptr<ecs::Coordinator> MakeWorld(std::uint64_t seed) {
  auto world = std::make_unique<ecs::Coordinator>(seed);
  ecs::RegisterBuiltinComponents(*world);
  return world;
}

ecs::EntityId AddEntity(ecs::Coordinator& world, const std::string& name, ecs::EntityId parent) {
  const ecs::Entity entity = world.CreateEntity();
  world.AddComponent<ecs::Name>(entity, ecs::Name{name});
  world.AddComponent<ecs::Transform>(entity);
  if (parent) world.SetParent(entity, world.GetEntity(parent));
  return world.GetEntityId(entity);
}

std::string NameOf(const ecs::Coordinator& world, ecs::EntityId id) { return Get<ecs::Name>(world, id).value; }

std::string ChildNames(const ecs::Coordinator& world, ecs::EntityId parent) {
  std::string names;
  world.ForEachChild(parent ? world.GetEntity(parent) : ecs::kNullEntity, [&](ecs::Entity child) {
    names += (names.empty() ? "" : ",") + world.GetComponent<ecs::Name>(child).value;
  });
  return names;
}

SampleScene BuildSampleScene(ecs::Coordinator& world) {
  SampleScene scene{};
  scene.level = AddEntity(world, "Level");
  Put(world, scene.level,
      ecs::Transform{glm::vec3(10.0f, 0.0f, 0.0f), glm::quat(1.0f, 0.0f, 0.0f, 0.0f), glm::vec3(1.0f)});
  scene.player = AddEntity(world, "Player", scene.level);
  Put(world, scene.player,
      ecs::Transform{glm::vec3(1.0f, 0.0f, 0.0f), glm::quat(1.0f, 0.0f, 0.0f, 0.0f), glm::vec3(1.0f)});
  Put(world, scene.player, ecs::Player{});
  scene.crate = AddEntity(world, "Crate", scene.level);
  Put(world, scene.crate, ecs::MeshRenderer{ecs::MeshShape::kCube, glm::vec4(0.5f, 0.3f, 0.1f, 1.0f), {}});
  scene.chaser = AddEntity(world, "Chaser", scene.level);
  Put(world, scene.chaser, ecs::Follow{scene.player, glm::vec3(0.0f, 1.0f, -2.0f), 0.5f});
  scene.lamp = AddEntity(world, "Lamp");
  Put(world, scene.lamp, ecs::Light{});
  const ecs::Entity sun = world.CreateEntity();
  world.AddComponent<ecs::Name>(sun, ecs::Name{"Sun"});
  ecs::Light light;
  light.type = ecs::LightType::kDirectional;
  world.AddComponent<ecs::Light>(sun, light);
  scene.sun = world.GetEntityId(sun);
  return scene;
}

ecs::Action Apply(ecs::Coordinator& world, const ecs::Action& action) { return ecs::ApplyAction(world, action); }

void WriteStandInScene(const ecs::Coordinator& world, const std::filesystem::path& file) {
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  world.ForEachChild(ecs::kNullEntity, [&](ecs::Entity root) {
    const ecs::Command command = ecs::RestoreSubtreeCommand{ecs::SnapshotSubtree(world, root)};
    out << serialization::PlainToJson(ecs::CommandToPlain(command)).dump() << '\n';
  });
  if (!out) throw std::runtime_error("cannot write " + file.string());
}

std::unique_ptr<ecs::Coordinator> ReadStandInScene(const std::filesystem::path& file, std::uint64_t seed) {
  auto world = MakeWorld(seed);
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + file.string());
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    const ecs::Command command =
        ecs::CommandFromPlain(serialization::JsonToPlain(serialization::Json::parse(line)), *world);
    ecs::ApplyCommand(*world, command);
  }
  return world;
}

}  // namespace cairn::editor::testing
