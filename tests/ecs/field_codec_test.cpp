#include "cairn/ecs/field_codec.h"

#include <cmath>
#include <limits>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>

#include <catch2/catch.hpp>

#include "cairn/ecs/builtin_components.h"
#include "cairn/ecs/command.h"
#include "cairn/ecs/components/light.h"
#include "cairn/ecs/components/mesh_renderer.h"
#include "cairn/ecs/components/transform.h"
#include "cairn/ecs/coordinator.h"
#include "ecs_test_support.h"

using namespace cairn::ecs;
using cairn::ecs::test::TestWorld;

namespace {

PlainValue Floats(std::initializer_list<double> values) {
  PlainValue::Array array;
  for (double value : values) array.emplace_back(value);
  return PlainValue(std::move(array));
}

const FieldInfo& FieldOf(const Coordinator& world, const std::string& component, const std::string& field) {
  return *world.FindComponentInfo(component)->FindField(field);
}

struct RegisteredWorld : TestWorld {
  RegisteredWorld() : TestWorld(1) { RegisterBuiltinComponents(*this); }
};

}  // namespace

TEST_CASE("[FieldCodec] Float fields refuse what a 32-bit float cannot hold", "[ecs][field_codec]") {
  RegisteredWorld world;
  const FieldInfo& intensity = FieldOf(world, "Light", "intensity");
  Light light;
  const double infinity = std::numeric_limits<double>::infinity();
  REQUIRE_THROWS_WITH(FieldFromPlain(intensity, PlainValue(1e39), &light, "Light.intensity"),
                      "Light.intensity: expected a number in the range of a 32-bit float, found 1e+39");
  REQUIRE_THROWS_WITH(FieldFromPlain(intensity, PlainValue(infinity), &light, "Light.intensity"),
                      "Light.intensity: expected a number in the range of a 32-bit float, found inf");
  REQUIRE_THROWS_WITH(FieldFromPlain(intensity, PlainValue(std::nan("")), &light, "Light.intensity"),
                      "Light.intensity: expected a number, not NaN, found NaN");
  REQUIRE(light.intensity == Light{}.intensity);  // a refused value changes nothing

  FieldFromPlain(intensity, PlainValue(3.4028234663852886e38), &light, "Light.intensity");
  REQUIRE(light.intensity == std::numeric_limits<float>::max());
}

TEST_CASE("[FieldCodec] Vector elements are checked one by one and named by index", "[ecs][field_codec]") {
  RegisteredWorld world;
  const FieldInfo& position = FieldOf(world, "Transform", "position");
  Transform transform;
  REQUIRE_THROWS_WITH(FieldFromPlain(position, Floats({0, 1e39, 0}), &transform, "Transform.position"),
                      "Transform.position[1]: expected a number in the range of a 32-bit float, found 1e+39");
  REQUIRE(transform.position == glm::vec3(0.0f));
}

TEST_CASE("[FieldCodec] Int fields are range-checked, never truncated", "[ecs][field_codec]") {
  struct Counter {
    std::int32_t count = 7;
    bool operator==(const Counter&) const = default;
  };
  TestWorld world(1);
  world.RegisterComponent<Counter>("Counter").Field("count", &Counter::count);
  const FieldInfo& count = FieldOf(world, "Counter", "count");
  Counter counter;
  REQUIRE_THROWS_WITH(FieldFromPlain(count, PlainValue(std::int64_t{4294967296}), &counter, "Counter.count"),
                      "Counter.count: expected an integer from -2147483648 to 2147483647, found 4294967296");
  REQUIRE(counter.count == 7);
  FieldFromPlain(count, PlainValue(std::int64_t{-2147483648LL}), &counter, "Counter.count");
  REQUIRE(counter.count == std::numeric_limits<std::int32_t>::min());
}

TEST_CASE("[FieldCodec] The quaternion rule: unit kept, off-unit normalised, zero refused", "[ecs][field_codec]") {
  float unit[4] = {0.0f, 0.70710677f, 0.0f, 0.70710677f};
  float length = 0.0f;
  REQUIRE(ApplyQuatRule(unit, length) == QuatVerdict::kUnit);
  REQUIRE(unit[1] == 0.70710677f);  // within the tolerance: the same bits

  float stretched[4] = {0.0f, 0.5f, 0.0f, 1.5f};
  REQUIRE(ApplyQuatRule(stretched, length) == QuatVerdict::kNormalised);
  REQUIRE(length == Approx(1.5811388f));
  REQUIRE(std::sqrt(stretched[1] * stretched[1] + stretched[3] * stretched[3]) == Approx(1.0f));

  float zero[4] = {0.0f, 0.0f, 0.0f, 0.0f};
  REQUIRE(ApplyQuatRule(zero, length) == QuatVerdict::kZero);

  RegisteredWorld world;
  const FieldInfo& rotation = FieldOf(world, "Transform", "rotation");
  Transform transform;
  REQUIRE_THROWS_WITH(FieldFromPlain(rotation, Floats({0, 0, 0, 0}), &transform, "Transform.rotation"),
                      "Transform.rotation: a rotation quaternion cannot have length 0 (it names no rotation)");
  FieldFromPlain(rotation, Floats({0, 0.5, 0, 1.5}), &transform, "Transform.rotation");
  REQUIRE(glm::length(transform.rotation) == Approx(1.0f));
}

TEST_CASE("[FieldCodec] CheckComponentValue names the field that cannot be stored", "[ecs][field_codec]") {
  RegisteredWorld world;
  const ComponentInfo& transform_info = *world.FindComponentInfo("Transform");
  Transform transform;
  REQUIRE_FALSE(CheckComponentValue(transform_info, &transform).has_value());
  transform.position.y = std::numeric_limits<float>::infinity();
  REQUIRE(CheckComponentValue(transform_info, &transform) == "Transform.position is not finite (inf)");
  transform.position.y = 0.0f;
  transform.rotation = glm::quat(0.0f, 0.0f, 0.0f, 0.0f);
  REQUIRE(CheckComponentValue(transform_info, &transform) ==
          "Transform.rotation is a quaternion of length 0, which names no rotation");

  MeshRenderer mesh;
  mesh.mesh = static_cast<MeshShape>(42);
  REQUIRE(CheckComponentValue(*world.FindComponentInfo("MeshRenderer"), &mesh)->starts_with("MeshRenderer.mesh is 42"));
}

TEST_CASE("[FieldCodec] Commands refuse values that could not be saved, and change nothing", "[ecs][field_codec]") {
  RegisteredWorld world;
  const Entity lamp = world.CreateEntity(EntityId{0x10});
  world.AddComponent<Transform>(lamp, Transform{});
  Transform broken;
  broken.position.x = std::numeric_limits<float>::infinity();
  const auto info = world.GetComponentInfoPtr(world.GetComponentType<Transform>());

  REQUIRE_THROWS_WITH(ApplyCommand(world, SetComponentCommand{EntityId{0x10}, ComponentValue::From(info, broken)}),
                      Catch::Contains("Transform.position is not finite (inf)"));
  REQUIRE(world.GetComponent<Transform>(lamp).position == glm::vec3(0.0f));
  // The refusal names the entity (described only when the check fails).
  REQUIRE_THROWS_WITH(ApplyCommand(world, SetComponentCommand{EntityId{0x10}, ComponentValue::From(info, broken)}),
                      Catch::StartsWith("entity 0000000000000010: Transform.position"));

  const Entity bare = world.CreateEntity(EntityId{0x11});
  REQUIRE_THROWS_WITH(ApplyCommand(world, AddComponentCommand{EntityId{0x11}, ComponentValue::From(info, broken)}),
                      Catch::Contains("Transform.position is not finite (inf)"));
  REQUIRE_FALSE(world.HasComponent<Transform>(bare));
  REQUIRE_THROWS_WITH(ApplyCommand(world, AddComponentCommand{EntityId{0x11}, ComponentValue::From(info, broken)}),
                      Catch::StartsWith("entity 0000000000000011: Transform.position"));

  EntityRecord record{EntityId{0x12}, kNoEntityId, kAppendPosition, {ComponentValue::From(info, broken)}};
  REQUIRE_THROWS_WITH(ApplyCommand(world, RestoreSubtreeCommand{{record}}),
                      "restore subtree: entity 0000000000000012: Transform.position is not finite (inf)");
  REQUIRE(world.FindEntity(EntityId{0x12}).IsNull());
}

TEST_CASE("[FieldCodec] Encoding and decoding a plain value round-trips every field type", "[ecs][field_codec]") {
  RegisteredWorld world;
  for (const char* name : {"Transform", "MeshRenderer", "Light", "Camera", "Follow", "Rotator"}) {
    const ComponentInfo* info = world.FindComponentInfo(name);
    if (info == nullptr) continue;
    ComponentValue original(world.GetComponentInfoPtr(info->type));
    ComponentValue copy(world.GetComponentInfoPtr(info->type));
    ComponentFromPlain(*info, original.ToPlain(), copy.Data());
    INFO(name);
    REQUIRE(copy == original);
  }
}

TEST_CASE("[FieldCodec] One row per field type: names, storage and float components agree with the codec",
          "[ecs][field_codec]") {
  std::set<std::string_view> names;
  for (int i = 0; i <= static_cast<int>(FieldType::kAsset); ++i) {
    const auto type = static_cast<FieldType>(i);
    const FieldTypeTraits& traits = TraitsOf(type);
    INFO(traits.name);
    CHECK(traits.type == type);
    CHECK(names.insert(traits.name).second);
    CHECK(FieldTypeName(type) == traits.name);
    CHECK(FieldSize(type) == traits.size);
    CHECK(traits.size % traits.alignment == 0);
    CHECK(traits.trivial == (type != FieldType::kString && type != FieldType::kAsset));
    CHECK(traits.floats * sizeof(float) <= traits.size);
    CHECK(traits.cpp_type.empty() == (type == FieldType::kEnum));
  }
  CHECK(TraitsOf(FieldType::kVec3).floats == 3);
  CHECK(TraitsOf(FieldType::kQuat).floats == 4);
  CHECK_THROWS_AS(TraitsOf(static_cast<FieldType>(200)), std::invalid_argument);
}

TEST_CASE("[FieldCodec] Every field type names the Inspector widget that edits it", "[ecs][field_codec]") {
  // A switch over every type, so that a new FieldType is a compiler warning
  // here until the test states its widget.
  const auto expected = [](FieldType type) {
    switch (type) {
      case FieldType::kBool: return FieldWidget::kCheckbox;
      case FieldType::kInt: return FieldWidget::kDragInt;
      case FieldType::kFloat:
      case FieldType::kVec2:
      case FieldType::kVec3:
      case FieldType::kVec4: return FieldWidget::kDragFloats;
      case FieldType::kQuat: return FieldWidget::kRotation;
      case FieldType::kString:
      case FieldType::kAsset: return FieldWidget::kText;
      case FieldType::kEnum: return FieldWidget::kChoice;
      case FieldType::kEntityRef: return FieldWidget::kEntityPicker;
    }
    FAIL("not a field type");
    return FieldWidget::kText;
  };
  for (int i = 0; i <= static_cast<int>(FieldType::kAsset); ++i) {
    const FieldTypeTraits& traits = TraitsOf(static_cast<FieldType>(i));
    INFO(traits.name);
    CHECK(traits.widget == expected(traits.type));
    // What the widgets rely on in the row: the drag of floats takes its
    // count from it, the text field edits a std::string, and a value's
    // floats fit the room the Inspector copies them into.
    CHECK((traits.widget == FieldWidget::kDragFloats) == (traits.floats >= 1 && traits.Ranged()));
    CHECK((traits.widget == FieldWidget::kText) == (traits.cpp_type == "::std::string"));
    CHECK(traits.floats <= kMostFieldFloats);
  }
  CHECK(TraitsOf(FieldType::kFloat).floats == 1);
  CHECK(TraitsOf(FieldType::kVec2).floats == 2);
  CHECK(TraitsOf(FieldType::kVec3).floats == 3);
  CHECK(TraitsOf(FieldType::kVec4).floats == 4);
}

TEST_CASE("[FieldCodec] FloatRangeProblem names an overflowing number in the loader's words", "[ecs][field_codec]") {
  TestWorld world(1);
  RegisterBuiltinComponents(world);
  const ComponentInfo& info = world.GetComponentInfo(world.GetComponentType<Transform>());
  Transform transform;
  CHECK_FALSE(FloatRangeProblem(*info.FindField("position"), &transform).has_value());
  transform.position.z = std::numeric_limits<float>::infinity();
  CHECK(FloatRangeProblem(*info.FindField("position"), &transform) == "expected a number in the range of a 32-bit float");
  transform.scale.y = std::numeric_limits<float>::quiet_NaN();
  CHECK(FloatRangeProblem(*info.FindField("scale"), &transform) == "expected a number, not NaN");
  const ComponentInfo& name = world.GetComponentInfo(world.GetComponentType<Name>());
  Name text{"anything"};
  CHECK_FALSE(FloatRangeProblem(*name.FindField("value"), &text).has_value());
}
