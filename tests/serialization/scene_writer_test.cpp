#include <catch2/catch.hpp>

#include <limits>

#include "cairn/ecs/builtin_components.h"
#include "cairn/serialization/scene_loader.h"
#include "cairn/serialization/scene_writer.h"
#include "test_support.h"

using namespace cairn::serialization;
using namespace cairn::ecs;
namespace t = cairn::serialization::test;

TEST_CASE("The sample scene saves to the golden file byte for byte", "[serialization][scene_writer]") {
  const auto world = t::MakeSampleWorld();
  const std::string text = SaveSceneToString(*world, t::SampleEditorData());
  if (t::UpdatingGoldenFiles()) t::WriteText(t::DataPath("sample.scene"), text);
  REQUIRE(text == t::ReadText(t::DataPath("sample.scene")));
}

TEST_CASE("An empty world saves as an empty entity list", "[serialization][scene_writer]") {
  const auto world = t::MakeWorld();
  REQUIRE(SaveSceneToString(*world, PlainValue::MakeObject()) ==
          "{\n"
          "  \"format\": \"cairn.scene\",\n"
          "  \"version\": 3,\n"
          "  \"editor\": {},\n"
          "  \"entities\": [],\n"
          "  \"instances\": []\n"
          "}\n");
  REQUIRE(SaveSceneToString(*world, PlainValue()) == SaveSceneToString(*world, PlainValue::MakeObject()));
}

TEST_CASE("An entity is written with id, name, parent, order and components in that order",
          "[serialization][scene_writer]") {
  auto world = t::MakeWorld();
  const Entity parent = world->CreateEntity(EntityId{0x20});
  const Entity child = world->CreateEntity(EntityId{0x10});
  world->SetParent(child, parent);
  world->AddComponent(child, Name{"Crate"});
  world->AddComponent(child, Static{});
  world->AddComponent(child, Rotator{{0.0f, 0.0f, 1.0f}, 0.1f});
  const std::string text = SaveSceneToString(*world, PlainValue::MakeObject());
  REQUIRE(text.find("    {\n"
                    "      \"id\": \"0000000000000010\",\n"
                    "      \"name\": \"Crate\",\n"
                    "      \"parent\": \"0000000000000020\",\n"
                    "      \"order\": 0,\n"
                    "      \"components\": {\n"
                    "        \"Rotator\": {\n"
                    "          \"axis\": [0, 0, 1],\n"
                    "          \"degrees_per_second\": 0.1\n"
                    "        },\n"
                    "        \"Static\": {}\n"
                    "      }\n"
                    "    },\n") != std::string::npos);
  REQUIRE(text.find("      \"name\": null,\n"
                    "      \"parent\": null,\n"
                    "      \"order\": 0,\n"
                    "      \"components\": {}\n") != std::string::npos);
}

TEST_CASE("Entities are sorted by id whatever their creation order", "[serialization][scene_writer]") {
  auto world = t::MakeWorld();
  for (std::uint64_t id : {0x30ull, 0x10ull, 0xffull, 0x20ull}) world->CreateEntity(EntityId{id});
  const std::string text = SaveSceneToString(*world, PlainValue::MakeObject());
  const auto at = [&](const char* id) { return text.find(id); };
  REQUIRE(at("00000000000000ff") != std::string::npos);
  REQUIRE(at("0000000000000010") < at("0000000000000020"));
  REQUIRE(at("0000000000000020") < at("0000000000000030"));
  REQUIRE(at("0000000000000030") < at("00000000000000ff"));
}

TEST_CASE("Sibling positions are written as order, counted from 0", "[serialization][scene_writer]") {
  auto world = t::MakeWorld();
  const Entity parent = world->CreateEntity(EntityId{0x1});
  const Entity a = world->CreateEntity(EntityId{0xa});
  const Entity b = world->CreateEntity(EntityId{0xb});
  const Entity c = world->CreateEntity(EntityId{0xc});
  world->SetParent(c, parent);
  world->SetParent(a, parent);
  world->SetParent(b, parent, a);  // c, b, a
  const std::string text = SaveSceneToString(*world, PlainValue::MakeObject());
  const auto order_of = [&](const std::string& id) {
    const std::size_t entity = text.find("\"id\": \"" + id + "\"");
    const std::size_t order = text.find("\"order\": ", entity) + 9;
    return text.substr(order, text.find(',', order) - order);
  };
  REQUIRE(order_of("000000000000000c") == "0");
  REQUIRE(order_of("000000000000000b") == "1");
  REQUIRE(order_of("000000000000000a") == "2");
  REQUIRE(order_of("0000000000000001") == "0");
}

TEST_CASE("Floats are written in shortest form, enums by name, references by id", "[serialization][scene_writer]") {
  auto world = t::MakeWorld();
  const Entity target = world->CreateEntity(EntityId{0xabc});
  const Entity follower = world->CreateEntity(EntityId{0xdef});
  world->AddComponent(follower, Follow{world->GetEntityId(target), {0.1f, -0.0f, 1e-45f}, 3.4028235e38f});
  world->AddComponent(follower, MeshRenderer{MeshShape::kCylinder, {0.1f, 0.2f, 0.3f, 1.0f}, {}});
  const std::string text = SaveSceneToString(*world, PlainValue::MakeObject());
  REQUIRE(text.find("\"target\": \"0000000000000abc\"") != std::string::npos);
  REQUIRE(text.find("\"offset\": [0.1, -0.0, 1e-45]") != std::string::npos);
  REQUIRE(text.find("\"smoothing\": 3.4028235e+38") != std::string::npos);
  REQUIRE(text.find("\"mesh\": \"cylinder\"") != std::string::npos);
  REQUIRE(text.find("\"color\": [0.1, 0.2, 0.3, 1]") != std::string::npos);
}

TEST_CASE("Editor data is written with sorted keys", "[serialization][scene_writer]") {
  const auto world = t::MakeWorld();
  PlainValue editor = PlainValue::MakeObject();
  editor.Add("zoom", PlainValue(2.0));
  editor.Add("camera", PlainValue::Array{PlainValue(1), PlainValue(0.5)});
  REQUIRE(SaveSceneToString(*world, editor).find("  \"editor\": {\n"
                                                 "    \"camera\": [1, 0.5],\n"
                                                 "    \"zoom\": 2.0\n"
                                                 "  },\n") != std::string::npos);
}

TEST_CASE("A non-finite float cannot be saved and is named", "[serialization][scene_writer]") {
  auto world = t::MakeWorld();
  const Entity entity = world->CreateEntity(EntityId{0x3f2a9c0d41be7e10});
  world->AddComponent(entity, Name{"Player"});
  Transform transform;
  transform.position.y = std::numeric_limits<float>::quiet_NaN();
  world->AddComponent(entity, transform);
  REQUIRE_THROWS_AS(SaveSceneToString(*world, PlainValue::MakeObject()), SaveError);
  REQUIRE_THROWS_WITH(SaveSceneToString(*world, PlainValue::MakeObject()),
                      "entity 3f2a9c0d41be7e10 (Player): Transform.position is not finite");
}

TEST_CASE("Editor data must be a finite object", "[serialization][scene_writer]") {
  const auto world = t::MakeWorld();
  REQUIRE_THROWS_WITH(SaveSceneToString(*world, PlainValue(3)), "editor data must be an object, not integer");
  PlainValue editor = PlainValue::MakeObject();
  PlainValue camera = PlainValue::MakeObject();
  camera.Add("fov", PlainValue(std::numeric_limits<double>::infinity()));
  editor.Add("camera", camera);
  REQUIRE_THROWS_WITH(SaveSceneToString(*world, editor), "editor data /camera/fov is not a finite number");
}

TEST_CASE("Saving, loading and saving again gives identical bytes", "[serialization][scene_writer]") {
  const auto world = t::MakeSampleWorld();
  const std::string first = SaveSceneToString(*world, t::SampleEditorData());
  const LoadResult loaded = LoadScene(first);
  REQUIRE(loaded.Ok());
  REQUIRE(SaveSceneToString(*loaded.scene->world, loaded.scene->editor) == first);
}

TEST_CASE("Runtime-only components are not written", "[serialization][scene_writer]") {
  struct Velocity {
    glm::vec3 value{0.0f};
    bool operator==(const Velocity&) const = default;
  };
  auto world = t::MakeWorld();
  world->RegisterComponent<Velocity>("Velocity").Field("value", &Velocity::value).NotSerialized();
  const Entity entity = world->CreateEntity(EntityId{0x1});
  world->AddComponent(entity, Velocity{});
  const std::string text = SaveSceneToString(*world, PlainValue::MakeObject());
  REQUIRE(text.find("Velocity") == std::string::npos);
  REQUIRE(text.find("Hierarchy") == std::string::npos);
}
