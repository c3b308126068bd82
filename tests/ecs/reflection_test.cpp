#include "cairn/ecs/reflection.h"

#include <cstddef>
#include <new>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "cairn/ecs/builtin_components.h"
#include "cairn/ecs/coordinator.h"
#include "ecs_test_support.h"

using namespace cairn::ecs;
using cairn::ecs::test::TestWorld;
using cairn::ecs::test::CreateNamed;
using cairn::ecs::test::Described;

namespace {

enum class Mood : std::int32_t { kCalm, kAngry, kSleepy };

// One field of every reflectable type.
struct Everything {
  bool flag = false;
  std::int32_t count = 0;
  float ratio = 0.0f;
  glm::vec2 uv{0.0f};
  glm::vec3 point{0.0f};
  glm::vec4 tint{0.0f};
  glm::quat turn{1.0f, 0.0f, 0.0f, 0.0f};
  std::string label;
  Mood mood = Mood::kCalm;
  EntityId target;

  friend bool operator==(const Everything&, const Everything&) = default;
};

void RegisterEverything(Coordinator& world) {
  world.RegisterComponent<Everything>("Everything")
      .Field("flag", &Everything::flag)
      .Field("count", &Everything::count, FieldHints{.min = -5.0f, .max = 5.0f, .speed = 1.0f})
      .Field("ratio", &Everything::ratio)
      .Field("uv", &Everything::uv)
      .Field("point", &Everything::point)
      .Field("tint", &Everything::tint, FieldHints{.min = 0.0f, .max = 1.0f, .speed = 0.01f, .color = true})
      .Field("turn", &Everything::turn)
      .Field("label", &Everything::label)
      .EnumField("mood", &Everything::mood, {"calm", "angry", "sleepy"})
      .Field("target", &Everything::target)
      .HiddenFromUi()
      .NotSerialized();
}

// A path to an asset beside a plain string.
struct Prop {
  std::string mesh;
  std::string label;

  friend bool operator==(const Prop&, const Prop&) = default;
};

struct ExpectedField {
  std::string name;
  FieldType type;
  std::size_t offset;
  FieldHints hints;
  std::vector<std::string> enum_names;
};

void RequireFields(const ComponentInfo& info, const std::vector<ExpectedField>& expected) {
  INFO("component " << info.name);
  REQUIRE(info.fields.size() == expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const FieldInfo& field = info.fields[i];
    INFO("field " << expected[i].name);
    REQUIRE(field.name == expected[i].name);
    REQUIRE(field.type == expected[i].type);
    REQUIRE(field.offset == expected[i].offset);
    REQUIRE(field.hints.min == expected[i].hints.min);
    REQUIRE(field.hints.max == expected[i].hints.max);
    REQUIRE(field.hints.speed == expected[i].hints.speed);
    REQUIRE(field.hints.color == expected[i].hints.color);
    REQUIRE(field.enum_names == expected[i].enum_names);
  }
}

const ComponentInfo& InfoOf(const Coordinator& world, const std::string& name) {
  const ComponentInfo* info = world.FindComponentInfo(name);
  REQUIRE(info != nullptr);
  return *info;
}

PlainValue Floats(std::initializer_list<double> values) {
  PlainValue::Array array;
  for (double value : values) array.emplace_back(value);
  return PlainValue(std::move(array));
}

}  // namespace

TEST_CASE("FieldTypeName names every field type", "[ecs][reflection]") {
  REQUIRE(FieldTypeName(FieldType::kBool) == "bool");
  REQUIRE(FieldTypeName(FieldType::kInt) == "int");
  REQUIRE(FieldTypeName(FieldType::kFloat) == "float");
  REQUIRE(FieldTypeName(FieldType::kVec2) == "vec2");
  REQUIRE(FieldTypeName(FieldType::kVec3) == "vec3");
  REQUIRE(FieldTypeName(FieldType::kVec4) == "vec4");
  REQUIRE(FieldTypeName(FieldType::kQuat) == "quat");
  REQUIRE(FieldTypeName(FieldType::kString) == "string");
  REQUIRE(FieldTypeName(FieldType::kEnum) == "enum");
  REQUIRE(FieldTypeName(FieldType::kEntityRef) == "entity");
}

TEST_CASE("Registration records every field's name, type, offset, hints and enum names", "[ecs][reflection]") {
  TestWorld world(1);
  RegisterEverything(world);
  const ComponentInfo& info = InfoOf(world, "Everything");
  REQUIRE(info.size == sizeof(Everything));
  REQUIRE(info.alignment == alignof(Everything));
  REQUIRE_FALSE(info.ui_accessible);
  REQUIRE_FALSE(info.serialized);
  RequireFields(info, {
                          {"flag", FieldType::kBool, offsetof(Everything, flag), {}, {}},
                          {"count", FieldType::kInt, offsetof(Everything, count), {-5.0f, 5.0f, 1.0f, false}, {}},
                          {"ratio", FieldType::kFloat, offsetof(Everything, ratio), {}, {}},
                          {"uv", FieldType::kVec2, offsetof(Everything, uv), {}, {}},
                          {"point", FieldType::kVec3, offsetof(Everything, point), {}, {}},
                          {"tint", FieldType::kVec4, offsetof(Everything, tint), {0.0f, 1.0f, 0.01f, true}, {}},
                          {"turn", FieldType::kQuat, offsetof(Everything, turn), {}, {}},
                          {"label", FieldType::kString, offsetof(Everything, label), {}, {}},
                          {"mood", FieldType::kEnum, offsetof(Everything, mood), {}, {"calm", "angry", "sleepy"}},
                          {"target", FieldType::kEntityRef, offsetof(Everything, target), {}, {}},
                      });
  REQUIRE(info.FindField("label") == &info.fields[7]);
  REQUIRE(info.FindField("missing") == nullptr);
}

TEST_CASE("AssetField records an asset path field, Description and Category fill the record", "[ecs][reflection]") {
  TestWorld world(1);
  world.RegisterComponent<Prop>("Prop")
      .AssetField("mesh", &Prop::mesh, FieldHints{.extensions = {".glb", ".gltf"}})
      .Field("label", &Prop::label)
      .Description("Something to look at.")
      .Category("Scenery");
  const ComponentInfo& info = InfoOf(world, "Prop");

  RequireFields(info, {{"mesh", FieldType::kAsset, offsetof(Prop, mesh), {}, {}},
                       {"label", FieldType::kString, offsetof(Prop, label), {}, {}}});
  REQUIRE(info.fields[0].hints.extensions == std::vector<std::string>{".glb", ".gltf"});
  REQUIRE(info.description == "Something to look at.");
  REQUIRE(info.category == "Scenery");
  REQUIRE(info.ui_accessible);

  Prop prop;
  ComponentFromPlain(info, PlainValue(PlainValue::Object{{"mesh", "meshes/Rock.GLB"}}), &prop);
  REQUIRE(prop.mesh == "meshes/Rock.GLB");
  REQUIRE(ComponentToPlain(info, &prop) == PlainValue(PlainValue::Object{{"mesh", "meshes/Rock.GLB"}, {"label", ""}}));
  REQUIRE_THROWS_WITH(ComponentFromPlain(info, PlainValue(PlainValue::Object{{"mesh", "rock.png"}}), &prop),
                      "Prop.mesh: expected a path ending in .glb, .gltf, found \"rock.png\"");
}

TEST_CASE("Every built-in component records its reflected fields", "[ecs][reflection]") {
  TestWorld world(1);
  RegisterBuiltinComponents(world);
  RequireFields(InfoOf(world, "Name"), {{"value", FieldType::kString, offsetof(Name, value), {}, {}}});
  RequireFields(InfoOf(world, "Transform"),
                {
                    {"position", FieldType::kVec3, offsetof(Transform, position), {}, {}},
                    {"rotation", FieldType::kQuat, offsetof(Transform, rotation), {}, {}},
                    {"scale", FieldType::kVec3, offsetof(Transform, scale), {0.0f, 0.0f, 0.01f, false}, {}},
                });
  RequireFields(InfoOf(world, "MeshRenderer"),
                {
                    {"mesh", FieldType::kEnum, offsetof(MeshRenderer, mesh), {}, {"cube", "sphere", "plane", "cylinder", "cone"}},
                    {"color", FieldType::kVec4, offsetof(MeshRenderer, color), {0.0f, 1.0f, 0.01f, true}, {}},
                    {"asset", FieldType::kAsset, offsetof(MeshRenderer, asset), {}, {}},
                });
  REQUIRE(InfoOf(world, "MeshRenderer").fields[2].hints.extensions == std::vector<std::string>{".gltf", ".glb"});
  REQUIRE(InfoOf(world, "MeshRenderer").fields[0].hints.unused_while == "asset");
  RequireFields(InfoOf(world, "Light"),
                {
                    {"type", FieldType::kEnum, offsetof(Light, type), {}, {"directional", "point", "spot"}},
                    {"color", FieldType::kVec3, offsetof(Light, color), {0.0f, 1.0f, 0.01f, true}, {}},
                    {"intensity", FieldType::kFloat, offsetof(Light, intensity), {0.0f, 100.0f, 0.05f, false}, {}},
                    {"range", FieldType::kFloat, offsetof(Light, range), {0.0f, 10000.0f, 0.1f, false}, {}},
                    {"cone_angle", FieldType::kFloat, offsetof(Light, cone_angle_degrees), {1.0f, 89.0f, 0.5f, false}, {}},
                });
  RequireFields(InfoOf(world, "Camera"),
                {
                    {"fov", FieldType::kFloat, offsetof(Camera, vertical_fov_degrees), {1.0f, 179.0f, 0.5f, false}, {}},
                    {"near", FieldType::kFloat, offsetof(Camera, near_plane), {0.001f, 100.0f, 0.01f, false}, {}},
                    {"far", FieldType::kFloat, offsetof(Camera, far_plane), {0.01f, 100000.0f, 1.0f, false}, {}},
                    {"primary", FieldType::kBool, offsetof(Camera, primary), {}, {}},
                });
  RequireFields(InfoOf(world, "Rotator"),
                {
                    {"axis", FieldType::kVec3, offsetof(Rotator, axis), {-1.0f, 1.0f, 0.01f, false}, {}},
                    {"degrees_per_second", FieldType::kFloat, offsetof(Rotator, degrees_per_second),
                     {-3600.0f, 3600.0f, 1.0f, false}, {}},
                });
  RequireFields(InfoOf(world, "Follow"),
                {
                    {"target", FieldType::kEntityRef, offsetof(Follow, target), {}, {}},
                    {"offset", FieldType::kVec3, offsetof(Follow, offset), {}, {}},
                    {"smoothing", FieldType::kFloat, offsetof(Follow, smoothing), {0.0f, 100.0f, 0.05f, false}, {}},
                });
  RequireFields(InfoOf(world, "Static"), {});
  RequireFields(InfoOf(world, "Player"), {});
  RequireFields(InfoOf(world, "Hierarchy"), {});
}

TEST_CASE("Type-erased operations construct, copy, compare and destroy", "[ecs][reflection]") {
  TestWorld world(1);
  RegisterBuiltinComponents(world);
  const ComponentInfo& info = InfoOf(world, "Name");
  alignas(Name) std::byte a[sizeof(Name)];
  alignas(Name) std::byte b[sizeof(Name)];
  info.ops.default_construct(a);
  REQUIRE(*std::launder(reinterpret_cast<Name*>(a)) == Name{});
  const Name source{"a name long enough to live on the heap, not in the small buffer"};
  info.ops.copy_construct(b, &source);
  REQUIRE(std::launder(reinterpret_cast<Name*>(b))->value == source.value);
  REQUIRE_FALSE(info.ops.equals(a, b));
  info.ops.copy_assign(a, b);
  REQUIRE(info.ops.equals(a, b));
  REQUIRE(std::launder(reinterpret_cast<Name*>(a))->value == source.value);
  info.ops.destroy(a);
  info.ops.destroy(b);
}

TEST_CASE("Type-erased add_to and read_from go through the entity", "[ecs][reflection]") {
  TestWorld world(1);
  RegisterBuiltinComponents(world);
  const ComponentInfo& info = InfoOf(world, "Light");
  const Entity entity = world.CreateEntity();
  const Light light{LightType::kSpot, glm::vec3(0.5f, 0.25f, 1.0f), 3.0f, 20.0f, 15.0f};
  info.ops.add_to(world, entity, &light);
  REQUIRE(world.HasComponent<Light>(entity));
  REQUIRE(world.GetComponent<Light>(entity) == light);
  Light read;
  info.ops.read_from(world, entity, &read);
  REQUIRE(read == light);
  REQUIRE_THROWS_AS(info.ops.add_to(world, entity, &light), DuplicateComponentError);
}

TEST_CASE("ComponentToPlain writes reflected fields in registration order", "[ecs][reflection]") {
  TestWorld world(1);
  RegisterBuiltinComponents(world);
  Transform transform;
  transform.position = {1.0f, 2.5f, -3.0f};
  transform.rotation = glm::quat(0.5f, 0.5f, -0.5f, 0.5f);  // w, x, y, z
  transform.scale = {2.0f, 2.0f, 0.25f};
  const PlainValue expected(PlainValue::Object{
      {"position", Floats({1.0, 2.5, -3.0})},
      {"rotation", Floats({0.5, -0.5, 0.5, 0.5})},  // x, y, z, w
      {"scale", Floats({2.0, 2.0, 0.25})},
  });
  REQUIRE(ComponentToPlain(InfoOf(world, "Transform"), &transform) == expected);

  Follow follow;
  REQUIRE(ComponentToPlain(InfoOf(world, "Follow"), &follow).Find("target")->IsNull());
  follow.target = EntityId{0x3f2a9c0d41be7e10ull};
  REQUIRE(ComponentToPlain(InfoOf(world, "Follow"), &follow).Find("target")->AsString() == "3f2a9c0d41be7e10");

  const Light light{LightType::kDirectional, glm::vec3(1.0f), 1.0f, 10.0f, 30.0f};
  REQUIRE(ComponentToPlain(InfoOf(world, "Light"), &light).Find("type")->AsString() == "directional");
  REQUIRE(ComponentToPlain(InfoOf(world, "Static"), nullptr) == PlainValue::MakeObject());
}

TEST_CASE("An enum value without a name is written as its integer", "[ecs][reflection]") {
  TestWorld world(1);
  RegisterEverything(world);
  Everything value;
  value.mood = static_cast<Mood>(7);
  REQUIRE(FieldToPlain(*InfoOf(world, "Everything").FindField("mood"), &value) == PlainValue(7));
}

TEST_CASE("ComponentToPlain and ComponentFromPlain round-trip every field type", "[ecs][reflection]") {
  TestWorld world(1);
  RegisterEverything(world);
  const ComponentInfo& info = InfoOf(world, "Everything");
  Everything original;
  original.flag = true;
  original.count = -42;
  original.ratio = 0.1f;
  original.uv = {0.3f, -7.0f};
  original.point = {1e-7f, 3.4e38f, -0.0f};
  original.tint = {0.1f, 0.2f, 0.3f, 0.4f};
  original.turn = glm::quat(0.7071068f, 0.0f, 0.7071068f, 0.0f);
  original.label = "Crate \"A\"\n";
  original.mood = Mood::kSleepy;
  original.target = EntityId{0xfedcba9876543210ull};
  const PlainValue plain = ComponentToPlain(info, &original);
  Everything decoded;
  ComponentFromPlain(info, plain, &decoded);
  REQUIRE(decoded == original);
  REQUIRE(ComponentToPlain(info, &decoded) == plain);
}

TEST_CASE("Every built-in component round-trips through plain data", "[ecs][reflection]") {
  TestWorld world(1);
  RegisterBuiltinComponents(world);
  const Entity entity = world.CreateEntity();
  world.AddComponent<Name>(entity, Name{"Lamp"});
  world.AddComponent<Transform>(entity, Transform{{1, 2, 3}, glm::quat(0.0f, 1.0f, 0.0f, 0.0f), {4, 5, 6}});
  world.AddComponent<MeshRenderer>(entity, MeshRenderer{MeshShape::kCone, {0.1f, 0.2f, 0.3f, 0.4f}, {}});
  world.AddComponent<Light>(entity, Light{LightType::kSpot, {0.9f, 0.8f, 0.7f}, 2.0f, 25.0f, 40.0f});
  world.AddComponent<Camera>(entity, Camera{75.0f, 0.5f, 500.0f, true});
  world.AddComponent<Rotator>(entity, Rotator{{1, 0, 0}, -90.0f});
  world.AddComponent<Follow>(entity, Follow{EntityId{99}, {1, 1, 1}, 0.5f});
  world.AddComponent<Static>(entity);
  world.AddComponent<Player>(entity);
  for (ComponentType type = 0; type < world.ComponentTypeCount(); ++type) {
    const ComponentInfo& info = world.GetComponentInfo(type);
    if (info.name == "Hierarchy") continue;
    INFO("component " << info.name);
    const ComponentValue original = world.ReadComponentValue(entity, type);
    ComponentValue decoded(world.GetComponentInfoPtr(type));
    ComponentFromPlain(info, original.ToPlain(), decoded.Data());
    REQUIRE(decoded == original);
  }
}

TEST_CASE("ComponentFromPlain keeps fields the plain object leaves out", "[ecs][reflection]") {
  TestWorld world(1);
  RegisterBuiltinComponents(world);
  Camera camera{75.0f, 0.5f, 500.0f, true};
  ComponentFromPlain(InfoOf(world, "Camera"), PlainValue(PlainValue::Object{{"far", 42}}), &camera);
  REQUIRE(camera == Camera{75.0f, 0.5f, 42.0f, true});
  ComponentFromPlain(InfoOf(world, "Camera"), PlainValue::MakeObject(), &camera);
  REQUIRE(camera == Camera{75.0f, 0.5f, 42.0f, true});
}

TEST_CASE("ComponentFromPlain accepts integers for floats and ids in either case", "[ecs][reflection]") {
  TestWorld world(1);
  RegisterBuiltinComponents(world);
  Follow follow;
  ComponentFromPlain(InfoOf(world, "Follow"),
                     PlainValue(PlainValue::Object{{"target", "00000000000000AB"},
                                                   {"offset", PlainValue(PlainValue::Array{1, 2, 3})},
                                                   {"smoothing", 2}}),
                     &follow);
  REQUIRE(follow == Follow{EntityId{0xab}, {1.0f, 2.0f, 3.0f}, 2.0f});
  ComponentFromPlain(InfoOf(world, "Follow"), PlainValue(PlainValue::Object{{"target", nullptr}}), &follow);
  REQUIRE(follow.target == kNoEntityId);
}

TEST_CASE("ComponentFromPlain names the component and field in every error", "[ecs][reflection]") {
  TestWorld world(1);
  RegisterBuiltinComponents(world);
  RegisterEverything(world);
  Everything value;
  const ComponentInfo& info = InfoOf(world, "Everything");
  auto decode = [&](std::string field, PlainValue plain) {
    ComponentFromPlain(info, PlainValue(PlainValue::Object{{std::move(field), std::move(plain)}}), &value);
  };

  REQUIRE_THROWS_AS(ComponentFromPlain(info, PlainValue::MakeArray(), &value), CommandError);
  REQUIRE_THROWS_WITH(ComponentFromPlain(info, PlainValue::MakeArray(), &value),
                      "Everything: expected an object of fields, found an array of 0 elements");
  REQUIRE_THROWS_WITH(decode("colour", 1), "Everything: unknown field 'colour'");
  REQUIRE_THROWS_WITH(decode("flag", 1), "Everything.flag: expected true or false, found 1");
  REQUIRE_THROWS_WITH(decode("count", 1.5), "Everything.count: expected an integer, found 1.5");
  REQUIRE_THROWS_WITH(decode("ratio", "1"), "Everything.ratio: expected a number, found a string");
  REQUIRE_THROWS_WITH(decode("uv", Floats({1, 2, 3})), "Everything.uv: expected an array of 2 numbers, found an array of 3 elements");
  REQUIRE_THROWS_WITH(decode("point", 3), "Everything.point: expected an array of 3 numbers, found 3");
  REQUIRE_THROWS_WITH(decode("point", PlainValue(PlainValue::Array{1, "2", 3})),
                      "Everything.point[1]: expected a number, found a string");
  REQUIRE_THROWS_WITH(decode("tint", Floats({1, 2, 3})), "Everything.tint: expected an array of 4 numbers, found an array of 3 elements");
  REQUIRE_THROWS_WITH(decode("turn", nullptr), "Everything.turn: expected an array of 4 numbers, found null");
  REQUIRE_THROWS_WITH(decode("label", false), "Everything.label: expected a string, found false");
  REQUIRE_THROWS_WITH(decode("mood", 1), "Everything.mood: expected one of \"calm\", \"angry\", \"sleepy\", found 1");
  REQUIRE_THROWS_WITH(decode("mood", "happy"), "Everything.mood: expected one of \"calm\", \"angry\", \"sleepy\", found \"happy\"");
  REQUIRE_THROWS_WITH(decode("target", 5),
                      "Everything.target: expected an entity id (16 hex digits) or null, found 5");
  REQUIRE_THROWS_WITH(decode("target", "0000000000000000"),
                      "Everything.target: entity id 0000000000000000 is reserved for \"no entity\"");
  REQUIRE_THROWS_WITH(decode("target", "12"), "Everything.target: expected an entity id (16 hex digits) or null, found \"12\"");

  Light light;
  REQUIRE_THROWS_WITH(ComponentFromPlain(InfoOf(world, "Light"), PlainValue(PlainValue::Object{{"type", "laser"}}), &light),
                      "Light.type: expected one of \"directional\", \"point\", \"spot\", found \"laser\"");
}

TEST_CASE("AddComponentFromName adds a default component by its registered name", "[ecs][reflection]") {
  TestWorld world(1);
  RegisterBuiltinComponents(world);
  const Entity crate = CreateNamed(world, "Crate");
  const ComponentType type = world.AddComponentFromName(crate, "Light");
  REQUIRE(type == world.GetComponentType<Light>());
  REQUIRE(world.GetComponent<Light>(crate) == Light{});
  world.AddComponentFromName(crate, "Static");
  REQUIRE(world.HasComponent<Static>(crate));
}

TEST_CASE("AddComponentFromName rejects unknown and hidden names", "[ecs][reflection]") {
  TestWorld world(1);
  RegisterBuiltinComponents(world);
  const Entity crate = CreateNamed(world, "Crate");
  const std::string crate_text = Described(world, crate, "Crate");

  REQUIRE_THROWS_AS(world.AddComponentFromName(crate, "Laser"), UnknownComponentError);
  REQUIRE_THROWS_WITH(world.AddComponentFromName(crate, "Laser"),
                      "cannot add component 'Laser' to " + crate_text +
                          ": no component has that name (known: Camera, Follow, Light, MeshRenderer, Player, Rotator, "
                          "Static, Transform)");
  REQUIRE_THROWS_AS(world.AddComponentFromName(crate, "Name"), UnknownComponentError);
  REQUIRE_THROWS_WITH(world.AddComponentFromName(crate, "Name"),
                      "cannot add component 'Name' to " + crate_text + ": it is not UI-accessible");
  REQUIRE_THROWS_WITH(world.AddComponentFromName(crate, "Hierarchy"),
                      "cannot add component 'Hierarchy' to " + crate_text + ": it is not UI-accessible");
  REQUIRE_THROWS_WITH(world.AddComponentFromName(crate, "light"),
                      "cannot add component 'light' to " + crate_text +
                          ": no component has that name (known: Camera, Follow, Light, MeshRenderer, Player, Rotator, "
                          "Static, Transform)");
  REQUIRE(world.GetSignature(crate).Count() == 2);  // Hierarchy and Name only
}

TEST_CASE("AddComponentFromName reports duplicates and stale handles", "[ecs][reflection]") {
  TestWorld world(1);
  RegisterBuiltinComponents(world);
  const Entity crate = CreateNamed(world, "Crate");
  world.AddComponentFromName(crate, "Camera");
  REQUIRE_THROWS_AS(world.AddComponentFromName(crate, "Camera"), DuplicateComponentError);
  REQUIRE_THROWS_WITH(world.AddComponentFromName(crate, "Camera"),
                      Described(world, crate, "Crate") + " already has component Camera");
  const std::string handle = ToString(crate);
  world.DestroyEntity(crate);
  REQUIRE_THROWS_AS(world.AddComponentFromName(crate, "Light"), StaleEntityError);
  REQUIRE_THROWS_WITH(world.AddComponentFromName(crate, "Light"),
                      "stale entity handle " + handle +
                          " in AddComponentFromName<Light>: the entity was destroyed or never existed");
}

TEST_CASE("UiAccessibleComponentNames is sorted and leaves out Hierarchy and Name", "[ecs][reflection]") {
  TestWorld world(1);
  REQUIRE(world.UiAccessibleComponentNames().empty());
  RegisterBuiltinComponents(world);
  REQUIRE(world.UiAccessibleComponentNames() ==
          std::vector<std::string>{"Camera", "Follow", "Light", "MeshRenderer", "Player", "Rotator", "Static",
                                   "Transform"});
  RegisterEverything(world);  // hidden from the UI
  REQUIRE(world.UiAccessibleComponentNames().size() == 8);
}

TEST_CASE("FindComponentInfo looks components up by exact name", "[ecs][reflection]") {
  TestWorld world(1);
  RegisterBuiltinComponents(world);
  REQUIRE(world.FindComponentInfo("Transform") == &world.GetComponentInfo(world.GetComponentType<Transform>()));
  REQUIRE(world.FindComponentInfo("transform") == nullptr);
  REQUIRE(world.FindComponentInfo("") == nullptr);
  REQUIRE(world.GetComponentInfo(world.GetComponentType<Light>()).type == world.GetComponentType<Light>());
}
