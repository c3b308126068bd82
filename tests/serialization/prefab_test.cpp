// Prefab instances in scene files: expansion on load, overrides on save,
// prefab changes reaching instances, nesting, cycles, export flattening.

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "cairn/ecs/builtin_components.h"
#include "cairn/ecs/command.h"
#include "cairn/ecs/components/follow.h"
#include "cairn/ecs/components/light.h"
#include "cairn/ecs/components/rotator.h"
#include "cairn/ecs/components/mesh_renderer.h"
#include "cairn/ecs/components/name.h"
#include "cairn/ecs/components/transform.h"
#include "cairn/ecs/runtime_component.h"
#include "cairn/ecs/world_dump.h"
#include "cairn/serialization/prefab.h"
#include "cairn/serialization/runtime_export.h"
#include "cairn/serialization/runtime_loader.h"
#include "cairn/serialization/scene_loader.h"
#include "cairn/serialization/scene_writer.h"
#include "cairn/serialization/unknown_components.h"
#include "prefab_project.h"
#include "test_support.h"

namespace cairn::serialization {
namespace {

using ecs::Coordinator;
using ecs::EntityId;
using ecs::PlainValue;
using test::Field;
using test::In;
using test::kBase;
using test::kBulb;
using test::kFirst;
using test::kLamp;
using test::kSecond;
using test::Project;
using test::ReadText;
using test::RegisterTestComponents;
using test::SetField;
using test::Texts;

TEST_CASE("an instance is saved as its prefab's path alone and loads back as the prefab's entities", "[prefab]") {
  Project project;
  project.WriteLamp();
  auto world = project.NewWorld();
  project.Place(*world, "lamp.scene", kFirst);
  project.Place(*world, "./lamp.scene", kSecond);
  REQUIRE(world->EntityCount() == 6);

  const std::string text = project.Save(*world);
  CHECK(text.find("\"entities\": []") != std::string::npos);
  CHECK(text.find("\"prefab\": \"lamp.scene\"") != std::string::npos);
  CHECK(text.find("\"overrides\": {}") != std::string::npos);
  CHECK(text.find("Bulb") == std::string::npos);  // nothing of the prefab is copied

  LoadResult loaded = project.Load(text);
  REQUIRE(Texts(loaded.diagnostics) == std::vector<std::string>{});
  const Coordinator& again = *loaded.scene->world;
  CHECK(ecs::DumpWorld(again) == ecs::DumpWorld(*world));
  // Ids derive from the instance's id; references inside follow.
  CHECK(again.GetEntity(kFirst) == again.GetParent(again.GetEntity(In(kFirst, kBulb))));
  CHECK(Field(again, In(kSecond, kBase), "Follow", "target") == PlainValue(ecs::ToHex(In(kSecond, kBulb))));
  CHECK(Field(again, kSecond, "Probe", "watch") == PlainValue(ecs::ToHex(In(kSecond, kBulb))));
  CHECK(project.Save(again) == text);
}

TEST_CASE("an override of every field type is kept, and the rest follows the prefab", "[prefab]") {
  Project project;
  project.WriteLamp();
  auto world = project.NewWorld();
  project.Place(*world, "lamp.scene", kFirst);
  project.Place(*world, "lamp.scene", kSecond);
  const std::vector<std::pair<std::string, PlainValue>> overrides = {
      {"on", PlainValue(true)},
      {"count", PlainValue(-7)},
      {"speed", PlainValue(2.5)},
      {"size", PlainValue(PlainValue::Array{1.0, 2.0})},
      {"offset", PlainValue(PlainValue::Array{0.0, 3.0, -1.0})},
      {"tint", PlainValue(PlainValue::Array{0.5, 0.25, 1.0, 1.0})},
      {"turn", PlainValue(PlainValue::Array{0.0, 1.0, 0.0, 0.0})},
      {"label", PlainValue("north gate")},
      {"mood", PlainValue("alert")},
      {"watch", PlainValue(ecs::ToHex(In(kSecond, kBase)))},  // into the other instance
      {"model", PlainValue("meshes/lamp.glb")},
  };
  for (const auto& [field, value] : overrides) SetField(*world, kFirst, "Probe", field, value);
  project.dir.Write("meshes/lamp.glb", "a mesh");
  world->GetComponent<ecs::Name>(world->GetEntity(In(kFirst, kBulb))).value = "Red bulb";

  const std::string text = project.Save(*world);
  for (const auto& [field, value] : overrides) CHECK(text.find("\"" + field + "\": ") != std::string::npos);
  CHECK(text.find("\"name\": \"Red bulb\"") != std::string::npos);
  CHECK(text.find("MeshRenderer") == std::string::npos);  // unchanged components are not written

  // The prefab changes: its colour and a default the instance overrode.
  project.WriteLamp({1, 0, 0, 1});
  LoadResult loaded = project.Load(text);
  REQUIRE(Texts(loaded.diagnostics) == std::vector<std::string>{});
  const Coordinator& again = *loaded.scene->world;
  for (const auto& [field, value] : overrides) {
    INFO(field);
    CHECK(Field(again, kFirst, "Probe", field) == value);
    CHECK(Field(again, kSecond, "Probe", field) == Field(*world, kSecond, "Probe", field));
  }
  const PlainValue red(PlainValue::Array{1.0, 0.0, 0.0, 1.0});
  CHECK(Field(again, kFirst, "MeshRenderer", "color") == red);
  CHECK(Field(again, kSecond, "MeshRenderer", "color") == red);
  CHECK(again.GetComponent<ecs::Name>(again.GetEntity(In(kFirst, kBulb))).value == "Red bulb");
  CHECK(again.GetComponent<ecs::Name>(again.GetEntity(In(kSecond, kBulb))).value == "Bulb");
}

TEST_CASE("added and removed components, added children and removed entities round-trip", "[prefab]") {
  Project project;
  project.WriteLamp();
  auto world = project.NewWorld();
  project.Place(*world, "lamp.scene", kFirst);
  project.Place(*world, "lamp.scene", kSecond);
  const auto bulb = world->GetEntity(In(kFirst, kBulb));
  world->AddComponent(bulb, ecs::Rotator{});
  world->RemoveComponent<ecs::Light>(bulb);
  const auto moth = world->CreateEntity(EntityId{0x5555});
  world->AddComponent(moth, ecs::Name{"Moth"});
  world->SetParent(moth, bulb);
  world->DestroyEntityAndChildren(world->GetEntity(In(kSecond, kBase)));
  // Moved within the instance: Base under Bulb, first.
  world->SetParentAt(world->GetEntity(In(kFirst, kBase)), bulb, 0);

  const std::string text = project.Save(*world);
  CHECK(text.find("\"removed_components\": [\"Light\"]") != std::string::npos);
  CHECK(text.find("\"Rotator\": {") != std::string::npos);
  CHECK(text.find("\"removed_entities\": [\"" + ecs::ToHex(kBase) + "\"]") != std::string::npos);
  CHECK(text.find("\"name\": \"Moth\"") != std::string::npos);  // a plain entity of the scene

  LoadResult loaded = project.Load(text);
  REQUIRE(Texts(loaded.diagnostics) == std::vector<std::string>{});
  CHECK(ecs::DumpWorld(*loaded.scene->world) == ecs::DumpWorld(*world));
  CHECK(project.Save(*loaded.scene->world) == text);
}

TEST_CASE("a prefab entity removed upstream drops its overrides with a warning", "[prefab]") {
  Project project;
  project.WriteLamp();
  auto world = project.NewWorld();
  project.Place(*world, "lamp.scene", kFirst);
  const auto base = world->GetEntity(In(kFirst, kBase));
  world->GetComponent<ecs::Follow>(base).smoothing = 3.0f;
  const auto moth = world->CreateEntity(EntityId{0x5555});
  world->AddComponent(moth, ecs::Name{"Moth"});
  world->SetParent(moth, base);
  const std::string text = project.Save(*world);

  project.WriteLamp({1, 1, 1, 1}, /*with_base=*/false);
  LoadResult loaded = project.Load(text);
  REQUIRE(loaded.Ok());
  const std::string base_hex = ecs::ToHex(kBase);
  CHECK(Texts(loaded.diagnostics) ==
        std::vector<std::string>{
            "/instances/0/overrides/" + base_hex + ": prefab lamp.scene no longer has entity " + base_hex +
                ": its overrides are dropped",
            "/entities/0/parent: its parent " + ecs::ToHex(In(kFirst, kBase)) +
                " was removed from prefab lamp.scene: it moves to the instance's root " + ecs::ToHex(kFirst)});
  const Coordinator& again = *loaded.scene->world;
  CHECK(again.EntityCount() == 3);
  CHECK(again.GetParent(again.GetEntity(EntityId{0x5555})) == again.GetEntity(kFirst));
  CHECK(project.Save(again).find(base_hex) == std::string::npos);
}

TEST_CASE("prefabs nest, the outermost instance holds every override", "[prefab]") {
  Project project;
  project.WriteLamp();
  // street.scene: a Street root with two lamps.
  auto street = project.NewWorld();
  const auto root = street->CreateEntity(EntityId{0x2000000000000001});
  street->AddComponent(root, ecs::Name{"Street"});
  street->AddComponent(root, ecs::Transform{});
  project.Place(*street, "lamp.scene", EntityId{0x2000000000000002}, EntityId{0x2000000000000001});
  project.Place(*street, "lamp.scene", EntityId{0x2000000000000003}, EntityId{0x2000000000000001});
  project.Write("street.scene", *street);
  CHECK(ReadText(project.dir / "street.scene").find("\"prefab\": \"lamp.scene\"") != std::string::npos);

  auto world = project.NewWorld();
  const EntityId town{0xc000000000000001};
  project.Place(*world, "street.scene", town);
  REQUIRE(world->EntityCount() == 7);
  // Override a colour of the second lamp of this street.
  const PrefabLookup lookup = project.library.Get("street.scene");
  const EntityId second_lamp = InstanceEntityId(town, lookup.prefab->root_id, EntityId{0x2000000000000003});
  SetField(*world, second_lamp, "MeshRenderer", "color", PlainValue(PlainValue::Array{0.0, 0.0, 1.0, 1.0}));
  const std::string text = project.Save(*world);
  CHECK(std::count(text.begin(), text.end(), '{') > 0);
  CHECK(text.find("\"prefab\": \"lamp.scene\"") == std::string::npos);  // the inner lamps are the street's

  project.WriteLamp({0, 1, 0, 1});  // the innermost prefab changes
  LoadResult loaded = project.Load(text);
  REQUIRE(Texts(loaded.diagnostics) == std::vector<std::string>{});
  const Coordinator& again = *loaded.scene->world;
  const EntityId first_lamp = InstanceEntityId(town, lookup.prefab->root_id, EntityId{0x2000000000000002});
  CHECK(Field(again, first_lamp, "MeshRenderer", "color") == PlainValue(PlainValue::Array{0.0, 1.0, 0.0, 1.0}));
  CHECK(Field(again, second_lamp, "MeshRenderer", "color") == PlainValue(PlainValue::Array{0.0, 0.0, 1.0, 1.0}));
  CHECK(project.Save(again) == text);
}

TEST_CASE("a prefab that contains itself, or nests too deep, is an error naming the chain", "[prefab]") {
  Project project;
  const auto write_holder = [&](const std::string& name, const std::string& inner) {
    project.dir.Write(name, R"({"format": "cairn.scene", "version": 3, "editor": {}, "entities": [
      {"id": "00000000000000aa", "name": "Holder", "parent": null, "order": 0, "components": {}}],
      "instances": [{"id": "00000000000000bb", "prefab": ")" + inner + R"(", "parent": "00000000000000aa",
      "order": 0, "overrides": {}, "removed_entities": []}]})");
  };
  write_holder("a.scene", "b.scene");
  write_holder("b.scene", "a.scene");
  PrefabLookup lookup = project.library.Get("a.scene");
  CHECK(lookup.prefab == nullptr);
  CHECK(lookup.error ==
        "prefab a.scene: /instances/0/prefab: prefab b.scene: /instances/0/prefab: prefab a.scene contains itself: "
        "a.scene -> b.scene -> a.scene");

  for (int i = 0; i < 10; ++i) write_holder("level" + std::to_string(i) + ".scene", "level" + std::to_string(i + 1) + ".scene");
  project.dir.Write("level10.scene", R"({"format": "cairn.scene", "version": 3, "editor": {}, "entities": [
      {"id": "00000000000000aa", "name": "Leaf", "parent": null, "order": 0, "components": {}}], "instances": []})");
  CHECK(project.library.Get("level3.scene").error == "");  // level3 .. level10: 8 files, the limit
  lookup = project.library.Get("level2.scene");
  CHECK(lookup.prefab == nullptr);
  CHECK(lookup.error.find("prefabs are nested deeper than 8 levels: level2.scene -> level3.scene") != std::string::npos);
  lookup = project.library.Get("level0.scene");
  CHECK(lookup.error.find("prefabs are nested deeper than 8 levels: level0.scene -> level1.scene") != std::string::npos);
  CHECK(project.library.Get("level3.scene").prefab != nullptr);  // still, on its own
}

TEST_CASE("a broken instance is an error that names it, and the scene is not opened", "[prefab]") {
  Project project;
  project.WriteLamp();
  project.dir.Write("pair.scene", R"({"format": "cairn.scene", "version": 3, "editor": {}, "entities": [
      {"id": "00000000000000aa", "name": "A", "parent": null, "order": 0, "components": {}},
      {"id": "00000000000000ab", "name": "B", "parent": null, "order": 1, "components": {}}], "instances": []})");
  const auto scene = [](const std::string& instance) {
    return R"({"format": "cairn.scene", "version": 3, "editor": {}, "entities": [], "instances": [)" + instance + "]}";
  };
  const auto instance = [](const std::string& prefab, const std::string& overrides) {
    return R"({"id": "a000000000000001", "prefab": ")" + prefab + R"(", "parent": null, "order": 0, "overrides": )" +
           overrides + R"(, "removed_entities": []})";
  };
  const std::string bulb = ecs::ToHex(kBulb);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {instance("missing.scene", "{}"), "/instances/0/prefab: prefab missing.scene: cannot read "},
      {instance("../lamp.scene", "{}"),
       "/instances/0/prefab: prefab \"../lamp.scene\": a prefab path is relative to the project folder and stays in it"},
      {instance("pair.scene", "{}"),
       "/instances/0/prefab: prefab pair.scene has 2 root entities; a prefab has exactly one"},
      {instance("lamp.scene", R"({")" + bulb + R"(": {"components": {"Light": {"intensity": "bright"}}}})"),
       "/instances/0/overrides/" + bulb + "/components/Light/intensity: expected a number"},
      {instance("lamp.scene", R"({")" + bulb + R"(": {"components": {"Light": {"glow": 1}}}})"),
       "/instances/0/overrides/" + bulb + "/components/Light/glow: unknown field \"glow\" of Light"},
      {instance("lamp.scene", R"({")" + bulb + R"(": {"components": {"Sparkle": {}}}})"),
       "/instances/0/overrides/" + bulb + "/components/Sparkle: unknown component \"Sparkle\" in an override"},
      {instance("lamp.scene", R"({")" + bulb + R"(": {"colour": 1}})"),
       "/instances/0/overrides/" + bulb + "/colour: unknown key \"colour\""},
      {instance("lamp.scene", R"({"nonsense": {}})"),
       "/instances/0/overrides/nonsense: expected a prefab entity id (16 hex digits) as the key"},
      {R"({"id": "a000000000000001", "prefab": "lamp.scene", "parent": null, "order": 0, "overrides": {}})",
       "/instances/0: missing key \"removed_entities\""},
      {instance("lamp.scene", "{}") + "," + instance("lamp.scene", "{}"), "/instances/1/id: duplicate id a000000000000001 (also used by /instances/0)"},
  };
  for (const auto& [text, expected] : cases) {
    INFO(text);
    LoadResult loaded = project.Load(scene(text));
    CHECK_FALSE(loaded.Ok());
    const std::vector<std::string> texts = Texts(loaded.diagnostics);
    CHECK(std::any_of(texts.begin(), texts.end(),
                      [&](const std::string& message) { return message.rfind(expected, 0) == 0; }));
    if (!std::any_of(texts.begin(), texts.end(), [&](const std::string& m) { return m.rfind(expected, 0) == 0; })) {
      for (const std::string& message : texts) WARN(message);
    }
  }
  // Without a project folder nothing can be found.
  LoadResult loaded = LoadScene(scene(instance("lamp.scene", "{}")), LoadOptions{});
  CHECK(Texts(loaded.diagnostics) ==
        std::vector<std::string>{"/instances/0/prefab: the scene has no project folder to find its prefab files in"});
}

TEST_CASE("a runtime export flattens instances into plain entities", "[prefab]") {
  Project project;
  project.WriteLamp();
  auto world = project.NewWorld();
  project.Place(*world, "lamp.scene", kFirst);
  SetField(*world, kFirst, "MeshRenderer", "color", PlainValue(PlainValue::Array{0.0, 0.0, 1.0, 1.0}));
  const std::string exported = ExportRuntime(*world);
  CHECK(exported.find("cairn.PrefabInstance") == std::string::npos);
  CHECK(exported.find("\"instances\"") == std::string::npos);
  CHECK(exported.find(ecs::ToHex(In(kFirst, kBulb))) != std::string::npos);
  LoadOptions options;
  options.register_components = RegisterTestComponents;
  const RuntimeLoadResult loaded = LoadRuntime(exported, options);
  REQUIRE(loaded.Ok());
  CHECK(loaded.world->EntityCount() == 3);
}

TEST_CASE("without a library a world is saved flat with its markers, and collapses again with one", "[prefab]") {
  Project project;
  project.WriteLamp();
  auto world = project.NewWorld();
  project.Place(*world, "lamp.scene", kFirst);
  SetField(*world, kFirst, "MeshRenderer", "color", PlainValue(PlainValue::Array{0.0, 0.0, 1.0, 1.0}));
  const std::string flat = SaveSceneToString(*world, PlainValue());
  CHECK(flat.find("\"cairn.PrefabInstance\": {") != std::string::npos);
  CHECK(flat.find("\"instances\": []") != std::string::npos);
  LoadResult loaded = LoadScene(flat, project.options);
  REQUIRE(loaded.Ok());
  CHECK(ecs::DumpWorld(*loaded.scene->world) == ecs::DumpWorld(*world));
  CHECK(project.Save(*loaded.scene->world) == project.Save(*world));
  // A prefab that cannot be read leaves its instance written flat (nothing lost).
  std::filesystem::remove(project.dir / "lamp.scene");
  const std::string saved = project.Save(*world);
  CHECK(saved.find("\"cairn.PrefabInstance\": {") != std::string::npos);
  CHECK(saved.find("Bulb") != std::string::npos);
}

TEST_CASE("A field of -0.0 against the prefab's 0.0 is an override the Inspector shows, the file keeps and a load restores",
          "[prefab]") {
  Project project;
  project.WriteLamp();
  auto world = project.NewWorld();
  project.Place(*world, "lamp.scene", kFirst);
  const ecs::ComponentInfo& probe = *world->FindComponentInfo("Probe");
  const ecs::ComponentInfo& transform = *world->FindComponentInfo("Transform");
  SetField(*world, kFirst, "Probe", "speed", PlainValue(-0.0));
  SetField(*world, In(kFirst, kBulb), "Transform", "position", PlainValue(PlainValue::Array{0.0, -0.0, 0.0}));
  const auto overridden = [&](const Coordinator& in, EntityId id, const ecs::ComponentInfo& info) {
    const std::optional<InstanceMember> member = FindInstanceMember(in, project.library, in.GetEntity(id));
    REQUIRE(member);
    std::vector<std::string> names;
    for (const ecs::FieldInfo* field : OverriddenFields(in, *member, in.GetEntity(id), info.type)) {
      names.push_back(field->name);
    }
    return names;
  };
  // What the Inspector marks is what the writer keeps.
  CHECK(overridden(*world, kFirst, probe) == std::vector<std::string>{"speed"});
  CHECK(overridden(*world, In(kFirst, kBulb), transform) == std::vector<std::string>{"position"});
  const std::string text = project.Save(*world);
  CHECK(text.find("\"speed\": -0.0") != std::string::npos);
  CHECK(text.find("\"position\": [0, -0.0, 0]") != std::string::npos);

  // The load gives back the very bits, still an override.
  LoadResult loaded = project.Load(text);
  REQUIRE(Texts(loaded.diagnostics) == std::vector<std::string>{});
  const Coordinator& again = *loaded.scene->world;
  const ecs::ComponentInfo& probe_again = *again.FindComponentInfo("Probe");
  CHECK(std::signbit(probe_again.FindField("speed")->Ref<float>(test::Data(again, kFirst, "Probe"))));
  CHECK(ecs::DumpWorld(again) == ecs::DumpWorld(*world));
  CHECK(overridden(again, kFirst, probe_again) == std::vector<std::string>{"speed"});

  // Back to 0.0: no override anywhere.
  SetField(*world, kFirst, "Probe", "speed", PlainValue(0.0));
  CHECK(overridden(*world, kFirst, probe).empty());
  CHECK(project.Save(*world).find("\"speed\"") == std::string::npos);
}

}  // namespace
}  // namespace cairn::serialization
