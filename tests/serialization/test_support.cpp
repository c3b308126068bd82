#include "test_support.h"

#include <cstdlib>
#include <stdexcept>

#include "cairn/ecs/builtin_components.h"

namespace cairn::serialization::test {

namespace fs = std::filesystem;
using namespace cairn::ecs;

fs::path DataPath(const std::string& name) {
  const char* source = std::getenv("CAIRN_SOURCE_DIR");
  const fs::path root = source != nullptr ? fs::path(source) : fs::path(CAIRN_TEST_SOURCE_DIR);
  return root / "tests" / "serialization" / "data" / name;
}

bool UpdatingGoldenFiles() {
  const char* update = std::getenv("CAIRN_UPDATE_GOLDEN");
  return update != nullptr && std::string(update) == "1";
}

std::unique_ptr<Coordinator> MakeWorld(std::uint64_t seed) {
  auto world = std::make_unique<Coordinator>(seed);
  RegisterBuiltinComponents(*world);
  return world;
}

std::unique_ptr<Coordinator> MakeSampleWorld() {
  auto world = MakeWorld();
  Coordinator& w = *world;

  const Entity sun = w.CreateEntity(EntityId{0x9d04c51e2f3a7b68});
  w.AddComponent(sun, Name{"Sun"});
  w.AddComponent(sun, Transform{{0.0f, 10.0f, 0.0f}, glm::quat(0.9238795f, -0.3826834f, 0.0f, 0.0f), {1.0f, 1.0f, 1.0f}});
  w.AddComponent(sun, Light{LightType::kDirectional, {1.0f, 0.95f, 0.8f}, 1.5f, 10.0f, 30.0f});

  const Entity player = w.CreateEntity(EntityId{0x3f2a9c0d41be7e10});
  w.AddComponent(player, Name{"Player"});
  w.AddComponent(player, Transform{{0.0f, 1.0f, 0.0f}, glm::quat(1.0f, 0.0f, 0.0f, 0.0f), {1.0f, 1.0f, 1.0f}});
  w.AddComponent(player, MeshRenderer{MeshShape::kCube, {1.0f, 0.5f, 0.2f, 1.0f}, {}});
  w.AddComponent(player, Player{});

  const Entity camera = w.CreateEntity(EntityId{0xc7e1085a93d2f460});
  w.AddComponent(camera, Name{"Camera"});
  w.AddComponent(camera, Transform{{0.0f, 2.0f, -5.0f}, glm::quat(1.0f, 0.0f, 0.0f, 0.0f), {1.0f, 1.0f, 1.0f}});
  w.AddComponent(camera, Camera{60.0f, 0.1f, 1000.0f, true});
  w.AddComponent(camera, Follow{w.GetEntityId(player), {0.0f, 2.0f, -5.0f}, 0.25f});
  w.SetParent(camera, player);

  const Entity spinner = w.CreateEntity(EntityId{0x51b7e2d09a4c3f81});
  w.AddComponent(spinner, Name{"Spinner"});
  w.AddComponent(spinner, Transform{{3.5f, 0.5f, -2.0f}, glm::quat(1.0f, 0.0f, 0.0f, 0.0f), {0.5f, 0.5f, 0.5f}});
  w.AddComponent(spinner, MeshRenderer{MeshShape::kSphere, {0.2f, 0.6f, 1.0f, 1.0f}, {}});
  w.AddComponent(spinner, Rotator{{0.0f, 1.0f, 0.0f}, 90.0f});
  w.AddComponent(spinner, Static{});

  const Entity marker = w.CreateEntity(EntityId{0x0a1b2c3d4e5f6071});
  w.AddComponent(marker, Transform{{-0.1f, 0.0f, 1e-7f}, glm::quat(1.0f, 0.0f, 0.0f, 0.0f), {1.0f, 1.0f, 1.0f}});
  w.SetParent(marker, player, camera);  // before the camera

  const Entity sign = w.CreateEntity(EntityId{0xe4f5a6b7c8d9e0f1});
  w.AddComponent(sign, Name{"Caf\xC3\xA9 \xE2\x98\x95 \"sign\"\n\tline 2 \\"});
  return world;
}

PlainValue SampleEditorData() {
  PlainValue camera = PlainValue::MakeObject();
  camera.Add("position", PlainValue::Array{PlainValue(0.0), PlainValue(5.0), PlainValue(10.0)});
  camera.Add("target", PlainValue::Array{PlainValue(0.0), PlainValue(0.0), PlainValue(0.0)});
  PlainValue editor = PlainValue::MakeObject();
  editor.Add("camera", std::move(camera));
  editor.Add("grid", PlainValue(true));
  return editor;
}

std::vector<std::string> Texts(const std::vector<Diagnostic>& diagnostics) {
  std::vector<std::string> texts;
  for (const Diagnostic& diagnostic : diagnostics) texts.push_back(diagnostic.ToString());
  return texts;
}

}  // namespace cairn::serialization::test
