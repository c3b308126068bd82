// Three-way merge of scenes with prefab instances (scene_merge.h,
// docs/merge.md "Prefab instances"): instance records matched by id, their
// overrides merged field by field, their entities placed among the scene's.

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <initializer_list>
#include <map>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "cairn/serialization/document.h"
#include "cairn/serialization/prefab.h"
#include "cairn/serialization/scene_format.h"
#include "cairn/serialization/scene_loader.h"
#include "cairn/serialization/scene_merge.h"
#include "cairn/serialization/scene_writer.h"
#include "test_support.h"

namespace cairn::serialization {
namespace {

using test::TempDir;
using test::Texts;
using Lines = std::vector<std::string>;

// lamp.scene: Lamp (MeshRenderer) > Bulb (Light), Base.
constexpr const char* kLamp = "1000000000000001";
constexpr const char* kBulb = "1000000000000002";
constexpr const char* kBase = "1000000000000003";
// Instances of it, and scene entities.
constexpr const char* kFirst = "a000000000000001";
constexpr const char* kSecond = "b000000000000002";
constexpr const char* kThird = "c000000000000003";
constexpr const char* kRoom = "2000000000000001";
constexpr const char* kSun = "2000000000000002";
constexpr const char* kChest = "2000000000000003";
constexpr const char* kMoth = "2000000000000004";
constexpr const char* kFly = "2000000000000005";

ecs::EntityId Id(const char* hex) { return *ecs::ParseEntityId(hex); }

// The id of the entity instance `instance` makes from the prefab entity `source`.
std::string In(const char* instance, const char* source) {
  return ecs::ToHex(InstanceEntityId(Id(instance), Id(kLamp), Id(source)));
}

Document Entity(const std::string& id, const std::string& name, const std::string& parent = "", int order = 0) {
  Document entity = {{"id", id}, {"name", name}, {"order", order}};
  entity["parent"] = parent.empty() ? Document(nullptr) : Document(parent);
  entity["components"]["Transform"] = {{"position", {0, 0, 0}}, {"rotation", {0, 0, 0, 1}}, {"scale", {1, 1, 1}}};
  return entity;
}

Document Instance(const std::string& id, const std::string& parent = "", int order = 0) {
  Document instance = {{"id", id}, {"prefab", "lamp.scene"}, {"order", order}, {"overrides", Document::object()},
                       {"removed_entities", Document::array()}};
  instance["parent"] = parent.empty() ? Document(nullptr) : Document(parent);
  return instance;
}

Document Scene(std::initializer_list<Document> entities, std::initializer_list<Document> instances) {
  Document scene = {{"format", kSceneFormat}, {"version", kSceneVersion}, {"editor", Document::object()}};
  scene["entities"] = std::vector<Document>(entities);
  scene["instances"] = std::vector<Document>(instances);
  return scene;
}

// The member of `scene`'s `list` ("entities" or "instances") with this id;
// throws std::out_of_range when there is none.
Document::iterator Find(Document& scene, const char* list, const std::string& id) {
  Document& members = scene.at(list);
  const auto found =
      std::find_if(members.begin(), members.end(), [&id](const Document& member) { return member.at("id") == id; });
  if (found == members.end()) throw std::out_of_range("no " + std::string(list) + " " + id + " in the test scene");
  return found;
}

Document& EntityIn(Document& scene, const std::string& id) { return *Find(scene, "entities", id); }
Document& InstanceIn(Document& scene, const std::string& id) { return *Find(scene, "instances", id); }
void RemoveEntity(Document& scene, const std::string& id) { scene["entities"].erase(Find(scene, "entities", id)); }
void RemoveInstance(Document& scene, const std::string& id) { scene["instances"].erase(Find(scene, "instances", id)); }

// The overrides of prefab entity `source` in instance `instance`.
Document& Overrides(Document& scene, const std::string& instance, const std::string& source) {
  return InstanceIn(scene, instance)["overrides"][source];
}

// A project folder holding lamp.scene; scenes are merged with it as the
// asset folder, as `cairn merge` does with the project's folder.
struct Project {
  TempDir dir{"prefab-merge"};
  LoadOptions options;
  PrefabLibrary library;

  Project() : options(MakeOptions(dir.Path())), library(dir.Path(), options) {
    Document lamp = Entity(kLamp, "Lamp");
    lamp["components"]["MeshRenderer"] = {{"mesh", "cylinder"}, {"color", {1, 1, 1, 1}}, {"asset", ""}};
    Document bulb = Entity(kBulb, "Bulb", kLamp, 0);
    bulb["components"]["Light"] = {
        {"type", "point"}, {"color", {1, 1, 1}}, {"intensity", 1}, {"range", 10}, {"cone_angle", 30}};
    dir.Write("lamp.scene", Scene({lamp, bulb, Entity(kBase, "Base", kLamp, 1)}, {}).dump(2));
  }

  static LoadOptions MakeOptions(const std::filesystem::path& folder) {
    LoadOptions options;
    options.asset_folder = folder;
    options.id_seed = 5;
    return options;
  }

  LoadResult Load(const std::string& text) {
    LoadOptions with_library = options;
    with_library.prefabs = &library;
    return LoadScene(text, with_library);
  }

  // The text the editor would save for the scene.
  std::string Canonical(const Document& scene) {
    LoadResult loaded = Load(scene.dump(2));
    INFO(scene.dump(2));
    REQUIRE(Texts(loaded.diagnostics) == Lines{});
    return SaveSceneToString(*loaded.scene->world, loaded.scene->editor, &library);
  }

  SceneMergeResult Merge(const Document& base, const Document& ours, const Document& theirs) {
    return MergeScenes(Canonical(base), Canonical(ours), Canonical(theirs), options);
  }
};

Lines ConflictLines(const SceneMergeResult& result) {
  Lines lines;
  for (const MergeConflict& conflict : result.conflicts) lines.push_back(conflict.ToString());
  return lines;
}

// Room with an instance of the lamp, and Sun, all roots.
Document BaseScene() {
  return Scene({Entity(kRoom, "Room", "", 0), Entity(kSun, "Sun", "", 2)}, {Instance(kFirst, "", 1)});
}

TEST_CASE("Override edits to different fields of one instance merge cleanly", "[merge][prefab]") {
  Project project;
  const Document base = BaseScene();
  Document ours = base, theirs = base, expected = base;
  for (Document* scene : {&ours, &expected}) Overrides(*scene, kFirst, kBulb)["components"]["Light"]["intensity"] = 3;
  for (Document* scene : {&theirs, &expected}) {
    Overrides(*scene, kFirst, kLamp)["components"]["MeshRenderer"]["color"] = {1, 0, 0, 1};
    Overrides(*scene, kFirst, kBulb)["name"] = "Red bulb";
  }

  const SceneMergeResult result = project.Merge(base, ours, theirs);

  REQUIRE(ConflictLines(result) == Lines{});
  REQUIRE(*result.text == project.Canonical(expected));
  // Still an instance, written as its overrides only.
  REQUIRE(result.text->find("\"prefab\": \"lamp.scene\"") != std::string::npos);
  REQUIRE(result.text->find("\"range\"") == std::string::npos);
}

TEST_CASE("One override field both sides changed differently is a conflict that keeps ours", "[merge][prefab]") {
  Project project;
  const Document base = BaseScene();
  Document ours = base, theirs = base;
  Overrides(ours, kFirst, kBulb)["components"]["Light"]["intensity"] = 3;
  Overrides(theirs, kFirst, kBulb)["components"]["Light"]["intensity"] = 5;
  Overrides(theirs, kFirst, kBulb)["components"]["Light"]["range"] = 20;
  Document expected = ours;
  Overrides(expected, kFirst, kBulb)["components"]["Light"]["range"] = 20;

  const SceneMergeResult result = project.Merge(base, ours, theirs);

  REQUIRE(ConflictLines(result) ==
          Lines{"conflict: instance a000000000000001 (Lamp): overrides 1000000000000002 Light.intensity changed to 3 "
                "in ours and 5 in theirs"});
  REQUIRE(result.conflicts[0].entity == Id(kFirst));
  REQUIRE(result.conflicts[0].subject == "overrides 1000000000000002 Light.intensity");
  REQUIRE(*result.text == project.Canonical(expected));
}

TEST_CASE("Reverting an override to the prefab on one side and changing it on the other is a conflict",
          "[merge][prefab]") {
  Project project;
  Document base = BaseScene();
  Overrides(base, kFirst, kBulb)["components"]["Light"]["intensity"] = 3;
  Overrides(base, kFirst, kBulb)["name"] = "Red bulb";
  Document ours = base, theirs = base;
  InstanceIn(ours, kFirst)["overrides"].erase(kBulb);  // Revert
  Overrides(theirs, kFirst, kBulb)["components"]["Light"]["intensity"] = 5;

  const SceneMergeResult result = project.Merge(base, ours, theirs);

  REQUIRE(ConflictLines(result) ==
          Lines{"conflict: instance a000000000000001 (Lamp): overrides 1000000000000002 Light.intensity changed to "
                "the prefab's value in ours and 5 in theirs"});
  REQUIRE(*result.text == project.Canonical(ours));
}

TEST_CASE("A component removed from an instance's entity merges like an entity's component", "[merge][prefab]") {
  Project project;
  const Document base = BaseScene();
  Document ours = base, theirs = base;
  Overrides(ours, kFirst, kBulb)["removed_components"] = {"Light"};

  SECTION("the other side added a component: both kept") {
    Overrides(theirs, kFirst, kBulb)["components"]["Rotator"] = {{"axis", {0, 1, 0}}, {"degrees_per_second", 45}};
    Document expected = ours;
    Overrides(expected, kFirst, kBulb)["components"]["Rotator"] = {{"axis", {0, 1, 0}}, {"degrees_per_second", 45}};

    const SceneMergeResult result = project.Merge(base, ours, theirs);

    REQUIRE(ConflictLines(result) == Lines{});
    REQUIRE(*result.text == project.Canonical(expected));
  }

  SECTION("the other side changed it: conflict, ours kept") {
    Overrides(theirs, kFirst, kBulb)["components"]["Light"]["intensity"] = 5;

    const SceneMergeResult result = project.Merge(base, ours, theirs);

    REQUIRE(ConflictLines(result) ==
            Lines{"conflict: instance a000000000000001 (Lamp): overrides 1000000000000002 Light removed in ours but "
                  "changed in theirs (Light.intensity)"});
    REQUIRE(result.conflicts[0].subject == "overrides 1000000000000002 Light");
    REQUIRE(*result.text == project.Canonical(ours));
  }
}

TEST_CASE("Instances added on both sides are all kept, in their places", "[merge][prefab]") {
  Project project;
  const Document base = BaseScene();
  Document ours = base, theirs = base, expected = base;
  for (Document* scene : {&ours, &expected}) {
    scene->at("instances").push_back(Instance(kSecond, kRoom, 0));
    Overrides(*scene, kSecond, kLamp)["name"] = "Desk lamp";
  }
  theirs["instances"].push_back(Instance(kThird, "", 3));
  Overrides(theirs, kThird, kBulb)["components"]["Light"]["intensity"] = 2;
  expected["instances"].push_back(Instance(kThird, "", 3));
  Overrides(expected, kThird, kBulb)["components"]["Light"]["intensity"] = 2;

  const SceneMergeResult result = project.Merge(base, ours, theirs);

  REQUIRE(ConflictLines(result) == Lines{});
  REQUIRE(*result.text == project.Canonical(expected));
}

TEST_CASE("Deleting an instance the other side changed is a conflict", "[merge][prefab]") {
  Project project;
  const Document base = BaseScene();
  Document ours = base, theirs = base;

  SECTION("deleted in ours, overridden in theirs: it stays deleted") {
    RemoveInstance(ours, kFirst);
    Overrides(theirs, kFirst, kBulb)["components"]["Light"]["intensity"] = 5;
    Overrides(theirs, kFirst, kBulb)["name"] = "Red bulb";

    const SceneMergeResult result = project.Merge(base, ours, theirs);

    REQUIRE(ConflictLines(result) ==
            Lines{"conflict: instance a000000000000001 (Lamp): deleted in ours but changed in theirs (overrides "
                  "1000000000000002 name, overrides 1000000000000002 Light.intensity)"});
    REQUIRE(result.conflicts[0].entity == Id(kFirst));
    REQUIRE(result.conflicts[0].subject.empty());
    REQUIRE(*result.text == project.Canonical(ours));
  }

  SECTION("moved in ours, deleted in theirs: it stays, as ours has it") {
    InstanceIn(ours, kFirst)["parent"] = kRoom;
    InstanceIn(ours, kFirst)["order"] = 0;
    EntityIn(ours, kSun)["order"] = 1;
    RemoveInstance(theirs, kFirst);

    const SceneMergeResult result = project.Merge(base, ours, theirs);

    REQUIRE(ConflictLines(result) ==
            Lines{"conflict: instance a000000000000001 (Lamp): changed in ours but deleted in theirs (parent)"});
    REQUIRE(*result.text == project.Canonical(ours));
  }

  SECTION("deleted on one side, left alone on the other: deleted") {
    RemoveInstance(theirs, kFirst);
    Overrides(ours, kFirst, kBulb)["components"]["Light"]["intensity"] = 1;  // the prefab's value: no change

    const SceneMergeResult result = project.Merge(base, ours, theirs);

    REQUIRE(ConflictLines(result) == Lines{});
    REQUIRE(*result.text == project.Canonical(theirs));
  }
}

TEST_CASE("Removed prefab entities merge as a set", "[merge][prefab]") {
  Project project;
  Document base = BaseScene();

  SECTION("removed on either side: removed") {
    Document ours = base, theirs = base, expected = base;
    InstanceIn(ours, kFirst)["removed_entities"] = {kBase};
    InstanceIn(theirs, kFirst)["removed_entities"] = {kBulb};
    InstanceIn(expected, kFirst)["removed_entities"] = {kBulb, kBase};

    const SceneMergeResult result = project.Merge(base, ours, theirs);

    REQUIRE(ConflictLines(result) == Lines{});
    REQUIRE(*result.text == project.Canonical(expected));
  }

  SECTION("restored on one side: restored") {
    InstanceIn(base, kFirst)["removed_entities"] = {kBase};
    Document ours = base, theirs = base, expected = base;
    InstanceIn(ours, kFirst)["removed_entities"] = Document::array();
    InstanceIn(theirs, kFirst)["removed_entities"] = {kBulb, kBase};
    InstanceIn(expected, kFirst)["removed_entities"] = {kBulb};

    const SceneMergeResult result = project.Merge(base, ours, theirs);

    REQUIRE(ConflictLines(result) == Lines{});
    REQUIRE(*result.text == project.Canonical(expected));
  }

  SECTION("removed on one side, overridden on the other: conflict, ours kept") {
    Document ours = base, theirs = base;
    Overrides(ours, kFirst, kBase)["name"] = "Foot";
    InstanceIn(theirs, kFirst)["removed_entities"] = {kBase};

    const SceneMergeResult result = project.Merge(base, ours, theirs);

    REQUIRE(ConflictLines(result) ==
            Lines{"conflict: instance a000000000000001 (Lamp): prefab entity 1000000000000003 (Base) removed in "
                  "theirs but changed in ours (overrides 1000000000000003 name)"});
    REQUIRE(result.conflicts[0].subject == "removed_entities 1000000000000003");
    REQUIRE(*result.text == project.Canonical(ours));
  }
}

TEST_CASE("Scene entities under an instance's entities merge without false conflicts", "[merge][prefab]") {
  Project project;
  Document base = BaseScene();
  base["entities"].push_back(Entity(kMoth, "Moth", In(kFirst, kBulb), 0));

  SECTION("each side edits what it has") {
    Document ours = base, theirs = base, expected = base;
    for (Document* scene : {&ours, &expected}) EntityIn(*scene, kMoth)["name"] = "Big moth";
    for (Document* scene : {&theirs, &expected}) {
      scene->at("entities").push_back(Entity(kFly, "Fly", In(kFirst, kBase), 0));
      Overrides(*scene, kFirst, kBulb)["components"]["Light"]["intensity"] = 2;
    }

    const SceneMergeResult result = project.Merge(base, ours, theirs);

    REQUIRE(ConflictLines(result) == Lines{});
    REQUIRE(*result.text == project.Canonical(expected));
    LoadResult loaded = project.Load(*result.text);
    REQUIRE(loaded.Ok());
    const ecs::Coordinator& world = *loaded.scene->world;
    REQUIRE(world.GetParent(world.GetEntity(Id(kFly))) == world.GetEntity(*ecs::ParseEntityId(In(kFirst, kBase))));
  }

  SECTION("a child added under an instance the other side deleted is left out") {
    Document ours = base, theirs = base;
    RemoveInstance(ours, kFirst);
    RemoveEntity(ours, kMoth);
    theirs["entities"].push_back(Entity(kFly, "Fly", In(kFirst, kBase), 0));

    const SceneMergeResult result = project.Merge(base, ours, theirs);

    REQUIRE(ConflictLines(result) ==
            Lines{"conflict: entity 2000000000000005 (Fly): added in theirs under entity " + In(kFirst, kBase) +
                  " (Base), but ours deleted it"});
    REQUIRE(*result.text == project.Canonical(ours));
  }

  SECTION("a child added under an instance's entity the other side removed restores it") {
    Document ours = base, theirs = base;
    ours["entities"].push_back(Entity(kFly, "Fly", In(kFirst, kBase), 0));
    InstanceIn(theirs, kFirst)["removed_entities"] = {kBase};

    const SceneMergeResult result = project.Merge(base, ours, theirs);

    REQUIRE(ConflictLines(result) ==
            Lines{"conflict: instance a000000000000001 (Lamp): prefab entity 1000000000000003 removed in theirs but "
                  "its entity " + In(kFirst, kBase) + " (Base) is still the parent of entity 2000000000000005 (Fly) "
                  "in ours"});
    REQUIRE(*result.text == project.Canonical(ours));
  }
}

TEST_CASE("An instance's parent or child the other side deleted is a conflict resolved towards ours",
          "[merge][prefab]") {
  Project project;
  const Document base = BaseScene();
  Document ours = base, theirs = base;

  SECTION("theirs adds an instance under an entity ours deleted: it is left out, with what is under it") {
    RemoveEntity(ours, kSun);
    theirs["instances"].push_back(Instance(kSecond, kSun, 0));
    theirs["entities"].push_back(Entity(kMoth, "Moth", In(kSecond, kBulb), 0));

    const SceneMergeResult result = project.Merge(base, ours, theirs);

    REQUIRE(ConflictLines(result) ==
            Lines{"conflict: entity 2000000000000004 (Moth): added in theirs under entity " + In(kSecond, kBulb) +
                      " (Bulb), but the merged scene leaves it out",
                  "conflict: instance b000000000000002 (Lamp): added in theirs under entity 2000000000000002 (Sun), "
                  "but ours deleted it"});
    REQUIRE(*result.text == project.Canonical(ours));
  }

  SECTION("theirs moves an instance under an entity ours deleted: it keeps ours' parent") {
    RemoveEntity(ours, kSun);
    InstanceIn(theirs, kFirst)["parent"] = kSun;
    InstanceIn(theirs, kFirst)["order"] = 0;

    const SceneMergeResult result = project.Merge(base, ours, theirs);

    REQUIRE(ConflictLines(result) ==
            Lines{"conflict: instance a000000000000001 (Lamp): parent changed to \"2000000000000002\" in theirs, but "
                  "ours deleted entity 2000000000000002 (Sun)"});
    REQUIRE(result.conflicts[0].subject == "parent");
    REQUIRE(*result.text == project.Canonical(ours));
  }

  SECTION("ours adds a child under an instance theirs deleted: the instance is restored") {
    ours["entities"].push_back(Entity(kFly, "Fly", In(kFirst, kBulb), 0));
    RemoveInstance(theirs, kFirst);

    const SceneMergeResult result = project.Merge(base, ours, theirs);

    REQUIRE(ConflictLines(result) ==
            Lines{"conflict: instance a000000000000001 (Lamp): deleted in theirs but its entity " + In(kFirst, kBulb) +
                  " (Bulb) is still the parent of entity 2000000000000005 (Fly) in ours"});
    REQUIRE(*result.text == project.Canonical(ours));
  }
}

TEST_CASE("Overrides of a nested prefab's entities merge like any override", "[merge][prefab]") {
  Project project;
  // street.scene: Street > two lamps.
  constexpr const char* kStreet = "3000000000000001";
  constexpr const char* kNorthLamp = "3000000000000002";
  constexpr const char* kSouthLamp = "3000000000000003";
  project.dir.Write("street.scene", Scene({Entity(kStreet, "Street")}, {Instance(kNorthLamp, kStreet, 0),
                                                                          Instance(kSouthLamp, kStreet, 1)})
                                        .dump(2));
  // The south lamp's bulb, keyed as street.scene has it.
  const std::string south_bulb = ecs::ToHex(InstanceEntityId(Id(kSouthLamp), Id(kLamp), Id(kBulb)));
  Document base = Scene({}, {Instance(kFirst)});
  InstanceIn(base, kFirst)["prefab"] = "street.scene";
  Document ours = base, theirs = base, expected = base;
  for (Document* scene : {&ours, &expected}) Overrides(*scene, kFirst, south_bulb)["components"]["Light"]["range"] = 4;
  for (Document* scene : {&theirs, &expected}) Overrides(*scene, kFirst, kNorthLamp)["name"] = "North lamp";

  const SceneMergeResult result = project.Merge(base, ours, theirs);

  REQUIRE(ConflictLines(result) == Lines{});
  REQUIRE(*result.text == project.Canonical(expected));
}

TEST_CASE("Instances keep their places among the scene's entities", "[merge][prefab]") {
  Project project;
  Document base = BaseScene();
  base["entities"].push_back(Entity(kMoth, "Moth", kFirst, 2));  // after Bulb and Base
  Document ours = base, theirs = base, expected = base;
  // Ours puts Chest first among the roots; theirs moves the instance last,
  // and Moth between Bulb and Base.
  ours["entities"].push_back(Entity(kChest, "Chest", "", 0));
  EntityIn(ours, kRoom)["order"] = 1;
  InstanceIn(ours, kFirst)["order"] = 2;
  EntityIn(ours, kSun)["order"] = 3;
  EntityIn(theirs, kSun)["order"] = 1;
  InstanceIn(theirs, kFirst)["order"] = 2;
  EntityIn(theirs, kMoth)["order"] = 1;
  Overrides(theirs, kFirst, kBase)["order"] = 2;
  expected["entities"].push_back(Entity(kChest, "Chest", "", 0));
  EntityIn(expected, kRoom)["order"] = 1;
  EntityIn(expected, kSun)["order"] = 2;
  InstanceIn(expected, kFirst)["order"] = 3;
  EntityIn(expected, kMoth)["order"] = 1;
  Overrides(expected, kFirst, kBase)["order"] = 2;

  const SceneMergeResult result = project.Merge(base, ours, theirs);

  REQUIRE(ConflictLines(result) == Lines{});
  REQUIRE(*result.text == project.Canonical(expected));
}

TEST_CASE("An instance unpacked on one side and changed on the other stays an instance", "[merge][prefab]") {
  Project project;
  const Document base = BaseScene();
  Document ours = base;
  Overrides(ours, kFirst, kBulb)["components"]["Light"]["intensity"] = 3;
  // Theirs unpacked it: the same entities, plain.
  LoadResult unpacked = project.Load(project.Canonical(base));
  REQUIRE(unpacked.Ok());
  ecs::Coordinator& world = *unpacked.scene->world;
  world.RemoveComponent<PrefabInstance>(world.GetEntity(Id(kFirst)));
  const std::string theirs = SaveSceneToString(world, unpacked.scene->editor, &project.library);

  const SceneMergeResult result =
      MergeScenes(project.Canonical(base), project.Canonical(ours), theirs, project.options);

  // In id order: the instance's root, then the entities derived from its id.
  const std::string unpacked_in_theirs =
      ": a scene entity in theirs but an entity of instance a000000000000001 (Lamp) in ours; the merged scene keeps "
      "the instance's";
  REQUIRE(ConflictLines(result) ==
          Lines{"conflict: instance a000000000000001 (Lamp): changed in ours but deleted in theirs (overrides "
                "1000000000000002 Light.intensity)",
                "conflict: entity a000000000000001 (Lamp)" + unpacked_in_theirs,
                "conflict: entity " + In(kFirst, kBulb) + " (Bulb)" + unpacked_in_theirs,
                "conflict: entity " + In(kFirst, kBase) + " (Base)" + unpacked_in_theirs});
  REQUIRE(*result.text == project.Canonical(ours));
}

TEST_CASE("The merged text is canonical, and a scene merged with itself is unchanged", "[merge][prefab]") {
  Project project;
  Document base = BaseScene();
  base["entities"].push_back(Entity(kMoth, "Moth", In(kFirst, kBulb), 0));
  base["entities"].push_back(Entity(kFly, "Fly", kFirst, 1));  // between Bulb and Base
  Overrides(base, kFirst, kBase)["order"] = 2;
  Overrides(base, kFirst, kBase)["name"] = "Foot";
  InstanceIn(base, kFirst)["removed_entities"] = Document::array();
  base["instances"].push_back(Instance(kSecond, kRoom, 0));
  InstanceIn(base, kSecond)["removed_entities"] = {kBulb};
  Document ours = base, theirs = base;
  Overrides(ours, kSecond, kLamp)["components"]["MeshRenderer"]["mesh"] = "cone";
  Overrides(theirs, kFirst, kBulb)["components"]["Light"]["color"] = {0, 0, 1};

  const std::string text = project.Canonical(base);
  const SceneMergeResult same = MergeScenes(text, text, text, project.options);
  const SceneMergeResult merged = project.Merge(base, ours, theirs);

  REQUIRE(same.Clean());
  REQUIRE(*same.text == text);
  REQUIRE(merged.Clean());
  LoadResult loaded = project.Load(*merged.text);
  REQUIRE(Texts(loaded.diagnostics) == Lines{});
  REQUIRE(SaveSceneToString(*loaded.scene->world, loaded.scene->editor, &project.library) == *merged.text);
}

TEST_CASE("Scenes with instances merge only with a folder to find their prefabs in", "[merge][prefab]") {
  Project project;
  const std::string text = project.Canonical(BaseScene());

  const SceneMergeResult result = MergeScenes(text, text, text);

  REQUIRE_FALSE(result.text.has_value());
  REQUIRE(result.input_errors.size() == 3);
  REQUIRE(result.input_errors[0].diagnostic.ToString() ==
          "/instances/0/prefab: the scene has no project folder to find its prefab files in");
}

// Property: edits to disjoint parts of instances (different overrides of
// one instance included), instances deleted by one side the other left
// alone, and children added under instances' entities always merge cleanly
// into the scene that has all of them.
TEST_CASE("Disjoint random edits of instances always merge into the scene holding both",
          "[merge][prefab][property]") {
  Project project;
  for (std::uint32_t seed = 1; seed <= 25; ++seed) {
    CAPTURE(seed);
    std::mt19937 random(seed);
    const auto pick = [&random](int count) { return std::uniform_int_distribution<int>(0, count - 1)(random); };
    const auto id_of = [](unsigned prefix, int n) {
      char text[17];
      std::snprintf(text, sizeof text, "%02x%014x", prefix, static_cast<unsigned>(n));
      return std::string(text);
    };

    constexpr int kInstances = 6;
    Document base = Scene({Entity(kRoom, "Room", "", 0)}, {});
    for (int i = 0; i < kInstances; ++i) {
      base["instances"].push_back(Instance(id_of(0xa0, i), i % 2 == 0 ? "" : kRoom, i));
      if (pick(2) == 0) Overrides(base, id_of(0xa0, i), kBulb)["components"]["Light"]["intensity"] = 2;
    }
    Document ours = base, theirs = base, expected = base;
    // Each kind of edit of each instance is made by one side, or by none.
    const auto edit = [&](int side, const std::function<void(Document&)>& change) {
      if (side == 0) return;
      change(side == 1 ? ours : theirs);
      change(expected);
    };
    std::vector<std::string> kept;
    for (int i = 0; i < kInstances; ++i) {
      const std::string id = id_of(0xa0, i);
      if (i > 0 && pick(6) == 0) {  // deleted by one side, left alone by the other (the first stays)
        RemoveInstance(pick(2) == 0 ? ours : theirs, id);
        RemoveInstance(expected, id);
        continue;
      }
      kept.push_back(id);
      const double intensity = 3 + i;
      const bool brighten = pick(2) == 0;  // else remove the light
      edit(pick(3), [&](Document& scene) {
        if (brighten) {
          Overrides(scene, id, kBulb)["components"]["Light"]["intensity"] = intensity;
        } else {
          Document& bulb = Overrides(scene, id, kBulb);
          if (bulb.contains("components")) bulb["components"].erase("Light");
          bulb["removed_components"] = {"Light"};
        }
      });
      edit(pick(3), [&](Document& scene) { Overrides(scene, id, kBulb)["name"] = "Bulb " + std::to_string(i); });
      edit(pick(3), [&](Document& scene) {
        Overrides(scene, id, kLamp)["components"]["MeshRenderer"]["color"] = {0, 0, 1, 1};
      });
      edit(pick(3), [&](Document& scene) { InstanceIn(scene, id)["removed_entities"] = {kBase}; });
    }
    // Each side adds children under the bulbs of instances both keep: ours'
    // come first among them.
    std::map<std::string, int> children;
    for (int n = 0; n < 6; ++n) {
      const std::string parent = In(kept[static_cast<std::size_t>(pick(static_cast<int>(kept.size())))].c_str(), kBulb);
      const std::string id = id_of(0x50, n);
      (n % 2 == 0 ? ours : theirs)["entities"].push_back(Entity(id, "N" + std::to_string(n), parent, 100 + n));
      expected["entities"].push_back(Entity(id, "N" + std::to_string(n), parent, 0));
    }
    for (const bool by_ours : {true, false}) {
      for (int n = by_ours ? 0 : 1; n < 6; n += 2) {
        Document& entity = EntityIn(expected, id_of(0x50, n));
        entity["order"] = children[entity.at("parent").get<std::string>()]++;
      }
    }

    const SceneMergeResult result = project.Merge(base, ours, theirs);

    REQUIRE(ConflictLines(result) == Lines{});
    REQUIRE(*result.text == project.Canonical(expected));
  }
}

}  // namespace
}  // namespace cairn::serialization
