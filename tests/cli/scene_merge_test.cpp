// Three-way scene merge (cairn/serialization/scene_merge.h, docs/merge.md).

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "cairn/serialization/scene_merge.h"
#include "cli_test_support.h"

namespace {

using cairn::serialization::MergeConflict;
using cairn::serialization::MergeInput;
using cairn::serialization::MergeScenes;
using cairn::serialization::SceneMergeResult;
using namespace cairn::cli::test;

constexpr const char* kRoom = "1000000000000001";
constexpr const char* kLamp = "2000000000000002";
constexpr const char* kCrate = "3f2a9c0d41be7e10";
constexpr const char* kSun = "4000000000000004";
constexpr const char* kBox = "5000000000000005";
constexpr const char* kChest = "6000000000000006";
constexpr const char* kShelf = "7000000000000007";

// Room (Crate, Lamp, Shelf, Box) and Sun, a light. Crate follows nothing and
// carries Wind, a component this build does not know.
Document BaseScene() {
  Document sun = Entity(kSun, "Sun", "", 1);
  sun["components"]["Light"] = {
      {"type", "directional"}, {"color", {1, 1, 1}}, {"intensity", 1}, {"range", 10}, {"cone_angle", 30}};
  Document crate = Entity(kCrate, "Crate", kRoom, 0);
  crate["components"]["Follow"] = {{"target", nullptr}, {"offset", {0, 2, -5}}, {"smoothing", 0}};
  crate["components"]["Wind"] = {{"strength", 1}, {"gusts", {1, 2}}};
  return Scene({Entity(kRoom, "Room", "", 0), crate, Entity(kLamp, "Lamp", kRoom, 1), Entity(kShelf, "Shelf", kRoom, 2),
                Entity(kBox, "Box", kRoom, 3), sun});
}

// Gives the listed children of `parent` the orders 0, 1, 2, ...
void Arrange(Document& scene, const char* parent, std::initializer_list<const char*> children) {
  int order = 0;
  for (const char* child : children) {
    Document& entity = EntityIn(scene, child);
    entity["parent"] = parent == nullptr ? Document(nullptr) : Document(parent);
    entity["order"] = order++;
  }
}

Document& Component(Document& scene, const char* id, const char* component) {
  return EntityIn(scene, id)["components"][component];
}

SceneMergeResult Merge(const Document& base, const Document& ours, const Document& theirs) {
  return MergeScenes(Canonical(base), Canonical(ours), Canonical(theirs));
}

std::vector<std::string> ConflictLines(const SceneMergeResult& result) {
  std::vector<std::string> lines;
  for (const MergeConflict& conflict : result.conflicts) lines.push_back(conflict.ToString());
  return lines;
}

using Lines = std::vector<std::string>;

}  // namespace

TEST_CASE("Edits to different entities and different fields merge cleanly", "[merge]") {
  const Document base = BaseScene();
  Document ours = base, theirs = base, expected = base;
  for (Document* scene : {&ours, &expected}) {
    Component(*scene, kCrate, "Transform")["position"] = {1, 0, 0};
    EntityIn(*scene, kLamp)["name"] = "Desk lamp";
  }
  for (Document* scene : {&theirs, &expected}) {
    Component(*scene, kCrate, "Transform")["scale"] = {2, 2, 2};
    Component(*scene, kSun, "Light")["intensity"] = 3;
  }

  const SceneMergeResult result = Merge(base, ours, theirs);

  REQUIRE(ConflictLines(result).empty());
  REQUIRE(result.Clean());
  REQUIRE(*result.text == Canonical(expected));
}

TEST_CASE("Entities added on both sides are all kept, ours' additions first", "[merge]") {
  const Document base = BaseScene();
  Document ours = base, theirs = base, expected = base;
  ours["entities"].push_back(Entity(kChest, "Chest", kRoom, 4));
  theirs["entities"].push_back(Entity("0a00000000000001", "Barrel", kRoom, 4));
  theirs["entities"].push_back(Entity("0b00000000000002", "Rug", "", 2));
  expected["entities"].push_back(Entity(kChest, "Chest", kRoom, 4));
  expected["entities"].push_back(Entity("0a00000000000001", "Barrel", kRoom, 5));
  expected["entities"].push_back(Entity("0b00000000000002", "Rug", "", 2));

  const SceneMergeResult result = Merge(base, ours, theirs);

  REQUIRE(result.Clean());
  REQUIRE(*result.text == Canonical(expected));
}

TEST_CASE("The same change on both sides is no conflict", "[merge]") {
  const Document base = BaseScene();
  Document ours = base;
  Component(ours, kCrate, "Transform")["position"] = {1, 0, 0};
  EntityIn(ours, kSun)["name"] = "Moon";
  RemoveEntity(ours, kLamp);
  Arrange(ours, kRoom, {kCrate, kShelf, kBox});
  const Document theirs = ours;

  const SceneMergeResult result = Merge(base, ours, theirs);

  REQUIRE(result.Clean());
  REQUIRE(*result.text == Canonical(ours));
}

TEST_CASE("A field both sides changed differently is a conflict that keeps ours", "[merge]") {
  const Document base = BaseScene();
  Document ours = base, theirs = base;
  Component(ours, kCrate, "Transform")["position"] = {1, 0, 0};
  Component(theirs, kCrate, "Transform")["position"] = {2, 0, 0};
  Component(theirs, kCrate, "Transform")["scale"] = {0.5, 0.5, 0.5};
  Document expected = ours;
  Component(expected, kCrate, "Transform")["scale"] = {0.5, 0.5, 0.5};

  const SceneMergeResult result = Merge(base, ours, theirs);

  REQUIRE(ConflictLines(result) ==
          Lines{"conflict: entity 3f2a9c0d41be7e10 (Crate): Transform.position changed to [1,0,0] in ours and "
                "[2,0,0] in theirs"});
  REQUIRE(result.conflicts[0].entity.value == 0x3f2a9c0d41be7e10);
  REQUIRE(result.conflicts[0].subject == "Transform.position");
  REQUIRE_FALSE(result.Clean());
  REQUIRE(*result.text == Canonical(expected));
}

TEST_CASE("Names, parents and enum fields conflict like any field", "[merge]") {
  const Document base = BaseScene();
  Document ours = base, theirs = base;
  EntityIn(ours, kBox)["name"] = "Box A";
  EntityIn(theirs, kBox)["name"] = "Box B";
  Arrange(ours, nullptr, {kRoom, kSun, kShelf});
  Arrange(ours, kRoom, {kCrate, kLamp, kBox});
  Arrange(theirs, kLamp, {kShelf});
  Arrange(theirs, kRoom, {kCrate, kLamp, kBox});
  Component(ours, kSun, "Light")["type"] = "spot";
  Component(theirs, kSun, "Light")["type"] = "point";

  const SceneMergeResult result = Merge(base, ours, theirs);

  REQUIRE(ConflictLines(result) ==
          Lines{"conflict: entity 4000000000000004 (Sun): Light.type changed to \"spot\" in ours and \"point\" in theirs",
                "conflict: entity 5000000000000005 (Box A): name changed to \"Box A\" in ours and \"Box B\" in theirs",
                "conflict: entity 7000000000000007 (Shelf): parent changed to null in ours and \"2000000000000002\" in "
                "theirs"});
  REQUIRE(*result.text == Canonical(ours));
}

TEST_CASE("Editing an entity the other side deleted is a conflict", "[merge]") {
  const Document base = BaseScene();

  SECTION("deleted in ours, changed in theirs: it stays deleted") {
    Document ours = base, theirs = base;
    RemoveEntity(ours, kLamp);
    Arrange(ours, kRoom, {kCrate, kShelf, kBox});
    Component(theirs, kLamp, "Transform")["position"] = {0, 3, 0};
    EntityIn(theirs, kLamp)["name"] = "Lantern";

    const SceneMergeResult result = Merge(base, ours, theirs);

    REQUIRE(ConflictLines(result) ==
            Lines{"conflict: entity 2000000000000002 (Lantern): deleted in ours but changed in theirs (name, "
                  "Transform.position)"});
    REQUIRE(result.conflicts[0].subject.empty());
    REQUIRE(*result.text == Canonical(ours));
  }

  SECTION("changed in ours, deleted in theirs: it stays, as ours has it") {
    Document ours = base, theirs = base;
    Component(ours, kLamp, "MeshRenderer") = {{"mesh", "sphere"}, {"color", {1, 1, 0, 1}}, {"asset", ""}};
    RemoveEntity(theirs, kLamp);
    Arrange(theirs, kRoom, {kCrate, kShelf, kBox});

    const SceneMergeResult result = Merge(base, ours, theirs);

    REQUIRE(ConflictLines(result) ==
            Lines{"conflict: entity 2000000000000002 (Lamp): changed in ours but deleted in theirs (MeshRenderer added)"});
    REQUIRE(*result.text == Canonical(ours));
  }
}

TEST_CASE("Deleting an entity is clean although its siblings were renumbered on the other side", "[merge]") {
  const Document base = BaseScene();
  Document ours = base, theirs = base, expected = base;
  RemoveEntity(ours, kCrate);  // Lamp, Shelf and Box move up one in ours
  Arrange(ours, kRoom, {kLamp, kShelf, kBox});
  RemoveEntity(theirs, kShelf);  // and Box in theirs
  Arrange(theirs, kRoom, {kCrate, kLamp, kBox});
  RemoveEntity(expected, kCrate);
  RemoveEntity(expected, kShelf);
  Arrange(expected, kRoom, {kLamp, kBox});

  const SceneMergeResult result = Merge(base, ours, theirs);

  REQUIRE(result.Clean());
  REQUIRE(*result.text == Canonical(expected));
}

TEST_CASE("A move on one side keeps its place among the other side's insertions and deletions", "[merge]") {
  const Document base = BaseScene();
  Document ours = base, theirs = base;
  Arrange(ours, kRoom, {kBox, kCrate, kLamp, kShelf});  // Box to the front
  RemoveEntity(theirs, kLamp);
  theirs["entities"].push_back(Entity(kChest, "Chest", kRoom, 0));
  Arrange(theirs, kRoom, {kChest, kCrate, kShelf, kBox});  // Chest at the front
  Document expected = ours;
  RemoveEntity(expected, kLamp);
  expected["entities"].push_back(Entity(kChest, "Chest", kRoom, 0));
  Arrange(expected, kRoom, {kChest, kBox, kCrate, kShelf});

  const SceneMergeResult result = Merge(base, ours, theirs);

  REQUIRE(result.Clean());
  REQUIRE(*result.text == Canonical(expected));
}

TEST_CASE("Both sides moving one entity are a conflict only when they put it in different places", "[merge]") {
  const Document base = BaseScene();
  Document ours = base, theirs = base;
  Arrange(ours, kRoom, {kBox, kCrate, kLamp, kShelf});

  SECTION("different places: order conflict, ours' place kept") {
    Arrange(theirs, kRoom, {kCrate, kBox, kLamp, kShelf});

    const SceneMergeResult result = Merge(base, ours, theirs);

    REQUIRE(ConflictLines(result) ==
            Lines{"conflict: entity 5000000000000005 (Box): order changed to 0 in ours and 1 in theirs"});
    REQUIRE(result.conflicts[0].subject == "order");
    REQUIRE(*result.text == Canonical(ours));
  }

  SECTION("the same place, numbered differently: clean") {
    RemoveEntity(ours, kShelf);
    Arrange(ours, kRoom, {kBox, kCrate, kLamp});
    Arrange(theirs, kRoom, {kBox, kCrate, kLamp, kShelf});

    const SceneMergeResult result = Merge(base, ours, theirs);

    REQUIRE(result.Clean());
    REQUIRE(*result.text == Canonical(ours));
  }
}

TEST_CASE("A reparent on one side wins over a reorder under the old parent on the other", "[merge]") {
  const Document base = BaseScene();
  Document ours = base, theirs = base;
  Arrange(ours, kRoom, {kBox, kCrate, kLamp, kShelf});
  Arrange(theirs, kLamp, {kBox});
  Document expected = theirs;

  const SceneMergeResult result = Merge(base, ours, theirs);

  REQUIRE(result.Clean());
  REQUIRE(*result.text == Canonical(expected));
}

TEST_CASE("Two reparents that make a parent cycle are a conflict that keeps ours' hierarchy", "[merge]") {
  const Document base = BaseScene();
  Document ours = base, theirs = base;
  Arrange(ours, kLamp, {kCrate});  // Crate under Lamp
  Arrange(ours, kRoom, {kLamp, kShelf, kBox});
  Arrange(theirs, kCrate, {kLamp});  // Lamp under Crate
  Arrange(theirs, kRoom, {kCrate, kShelf, kBox});

  const SceneMergeResult result = Merge(base, ours, theirs);

  REQUIRE(ConflictLines(result) ==
          Lines{"conflict: entity 2000000000000002 (Lamp): parent changed to \"3f2a9c0d41be7e10\" in theirs, which "
                "makes a parent cycle with the changes in ours (2000000000000002 -> 3f2a9c0d41be7e10 -> "
                "2000000000000002)"});
  REQUIRE(result.conflicts[0].subject == "parent");
  REQUIRE(*result.text == Canonical(ours));
}

TEST_CASE("A component removed on one side and changed on the other is a conflict", "[merge]") {
  const Document base = BaseScene();
  Document ours = base, theirs = base;
  EntityIn(ours, kSun)["components"].erase("Light");
  Component(theirs, kSun, "Light")["intensity"] = 2;
  Component(theirs, kSun, "Light")["range"] = 20;

  const SceneMergeResult result = Merge(base, ours, theirs);

  REQUIRE(ConflictLines(result) ==
          Lines{"conflict: entity 4000000000000004 (Sun): Light removed in ours but changed in theirs "
                "(Light.intensity, Light.range)"});
  REQUIRE(result.conflicts[0].subject == "Light");
  REQUIRE(*result.text == Canonical(ours));
}

TEST_CASE("A component added on both sides merges field by field", "[merge]") {
  const Document base = BaseScene();
  Document ours = base, theirs = base;
  Component(ours, kBox, "Rotator") = {{"axis", {0, 1, 0}}, {"degrees_per_second", 45}};
  Component(theirs, kBox, "Rotator") = {{"axis", {0, 1, 0}}, {"degrees_per_second", 90}};
  Component(theirs, kShelf, "Static") = Document::object();
  Document expected = ours;
  Component(expected, kShelf, "Static") = Document::object();

  const SceneMergeResult result = Merge(base, ours, theirs);

  REQUIRE(ConflictLines(result) ==
          Lines{"conflict: entity 5000000000000005 (Box): Rotator.degrees_per_second changed to 45 in ours and 90 in "
                "theirs"});
  REQUIRE(*result.text == Canonical(expected));
}

TEST_CASE("Unknown components merge as opaque values and are written back verbatim", "[merge]") {
  const Document base = BaseScene();
  Document ours = base, theirs = base;
  Component(ours, kCrate, "Wind")["strength"] = 2;

  SECTION("changed on one side only: clean") {
    Component(theirs, kCrate, "Transform")["position"] = {0, 1, 0};
    Component(theirs, kBox, "Sparkle") = {{"rate", 0.25}, {"colors", {"gold", "white"}}};
    Document expected = ours;
    Component(expected, kCrate, "Transform")["position"] = {0, 1, 0};
    Component(expected, kBox, "Sparkle") = {{"rate", 0.25}, {"colors", {"gold", "white"}}};

    const SceneMergeResult result = Merge(base, ours, theirs);

    REQUIRE(result.Clean());
    REQUIRE(*result.text == Canonical(expected));
    REQUIRE(result.text->find("\"Sparkle\": {") != std::string::npos);
  }

  SECTION("changed on both sides, even in different members: one conflict on the whole component") {
    Component(theirs, kCrate, "Wind")["gusts"] = {3};

    const SceneMergeResult result = Merge(base, ours, theirs);

    REQUIRE(ConflictLines(result) ==
            Lines{"conflict: entity 3f2a9c0d41be7e10 (Crate): Wind changed to {\"gusts\":[1,2],\"strength\":2} in "
                  "ours and {\"gusts\":[3],\"strength\":1} in theirs"});
    REQUIRE(result.conflicts[0].subject == "Wind");
    REQUIRE(*result.text == Canonical(ours));
  }
}

TEST_CASE("A parent the other side deleted is a conflict resolved towards ours", "[merge]") {
  const Document base = BaseScene();
  Document ours = base, theirs = base;

  SECTION("theirs adds a child under an entity ours deleted: the child is left out") {
    RemoveEntity(ours, kBox);
    theirs["entities"].push_back(Entity(kChest, "Chest", kBox, 0));
    theirs["entities"].push_back(Entity("6000000000000007", "Coin", kChest, 0));

    const SceneMergeResult result = Merge(base, ours, theirs);

    REQUIRE(ConflictLines(result) ==
            Lines{"conflict: entity 6000000000000006 (Chest): added in theirs under entity 5000000000000005 (Box), "
                  "but ours deleted it",
                  "conflict: entity 6000000000000007 (Coin): added in theirs under entity 6000000000000006 (Chest), "
                  "but the merged scene leaves it out"});
    REQUIRE(*result.text == Canonical(ours));
  }

  SECTION("theirs moves an entity under one ours deleted: it keeps ours' parent") {
    RemoveEntity(ours, kBox);
    Arrange(theirs, kBox, {kShelf});
    Arrange(theirs, kRoom, {kCrate, kLamp, kBox});

    const SceneMergeResult result = Merge(base, ours, theirs);

    REQUIRE(ConflictLines(result) ==
            Lines{"conflict: entity 7000000000000007 (Shelf): parent changed to \"5000000000000005\" in theirs, but "
                  "ours deleted entity 5000000000000005 (Box)"});
    REQUIRE(*result.text == Canonical(ours));
  }

  SECTION("ours adds a child under an entity theirs deleted: the parent is restored") {
    ours["entities"].push_back(Entity(kChest, "Chest", kBox, 0));
    RemoveEntity(theirs, kBox);

    const SceneMergeResult result = Merge(base, ours, theirs);

    REQUIRE(ConflictLines(result) ==
            Lines{"conflict: entity 5000000000000005 (Box): deleted in theirs but still the parent of entity "
                  "6000000000000006 (Chest) in ours"});
    REQUIRE(*result.text == Canonical(ours));
  }
}

TEST_CASE("An entity reference to an entity the other side deleted is a conflict", "[merge]") {
  const Document base = BaseScene();
  Document ours = base, theirs = base;

  SECTION("theirs points at an entity ours deleted: the field keeps ours' value") {
    RemoveEntity(ours, kBox);
    Component(theirs, kCrate, "Follow")["target"] = kBox;

    const SceneMergeResult result = Merge(base, ours, theirs);

    REQUIRE(ConflictLines(result) ==
            Lines{"conflict: entity 3f2a9c0d41be7e10 (Crate): Follow.target changed to \"5000000000000005\" in "
                  "theirs, but ours deleted entity 5000000000000005 (Box)"});
    REQUIRE(result.conflicts[0].subject == "Follow.target");
    REQUIRE(*result.text == Canonical(ours));
  }

  SECTION("ours points at an entity theirs deleted: the entity is restored") {
    Component(ours, kCrate, "Follow")["target"] = kBox;
    RemoveEntity(theirs, kBox);

    const SceneMergeResult result = Merge(base, ours, theirs);

    REQUIRE(ConflictLines(result) ==
            Lines{"conflict: entity 5000000000000005 (Box): deleted in theirs but referenced by entity "
                  "3f2a9c0d41be7e10 (Crate) in ours (Follow.target)"});
    REQUIRE(*result.text == Canonical(ours));
  }
}

TEST_CASE("The editor's data merges without conflicts, ours winning", "[merge]") {
  Document base = BaseScene();
  base["editor"]["camera"] = {{"position", {0, 5, 10}}, {"target", {0, 0, 0}}};
  Document ours = base, theirs = base, expected = base;
  ours["editor"]["camera"]["position"] = {1, 5, 10};
  theirs["editor"]["camera"]["position"] = {2, 5, 10};
  theirs["editor"]["grid"] = true;
  expected["editor"]["camera"]["position"] = {1, 5, 10};
  expected["editor"]["grid"] = true;

  const SceneMergeResult result = Merge(base, ours, theirs);

  REQUIRE(result.Clean());
  REQUIRE(*result.text == Canonical(expected));
}

TEST_CASE("Without a common ancestor the two scenes are united, ours' entities first", "[merge]") {
  const Document ours = Scene({Entity(kRoom, "Room"), Entity(kCrate, "Crate", kRoom)});
  Document theirs = Scene({Entity(kRoom, "Room"), Entity(kLamp, "Lamp", kRoom)});

  SECTION("what both have is equal: clean") {
    const SceneMergeResult result = MergeScenes("", Canonical(ours), Canonical(theirs));

    REQUIRE(result.Clean());
    REQUIRE(*result.text == Canonical(Scene({Entity(kRoom, "Room"), Entity(kCrate, "Crate", kRoom, 0),
                                             Entity(kLamp, "Lamp", kRoom, 1)})));
  }

  SECTION("what both have differs: conflicts") {
    EntityIn(theirs, kRoom)["name"] = "Hall";

    const SceneMergeResult result = MergeScenes(" \n", Canonical(ours), Canonical(theirs));

    REQUIRE(ConflictLines(result) ==
            Lines{"conflict: entity 1000000000000001 (Room): name changed to \"Room\" in ours and \"Hall\" in theirs"});
  }
}

TEST_CASE("Older scene versions are migrated before merging", "[merge]") {
  const std::string v0 = ReadText(SerializationData("sample_v0.scene"));
  const std::string migrated = CanonicalText(v0);
  std::string theirs = migrated;
  const std::string from = "\"name\": \"Sun\"";
  theirs.replace(theirs.find(from), from.size(), "\"name\": \"Moon\"");

  const SceneMergeResult result = MergeScenes(v0, v0, theirs);

  REQUIRE(result.Clean());
  REQUIRE(*result.text == theirs);
}

TEST_CASE("Merging is canonical and deterministic", "[merge]") {
  const Document base = BaseScene();
  const std::string text = Text(base);  // not canonical

  const SceneMergeResult first = MergeScenes(text, text, text);
  const SceneMergeResult second = MergeScenes(text, text, text);

  REQUIRE(first.Clean());
  REQUIRE(*first.text == Canonical(base));
  REQUIRE(*second.text == *first.text);
}

TEST_CASE("Invalid inputs are reported by input and pointer, and nothing is merged", "[merge]") {
  const Document base = BaseScene();
  Document ours = base;
  Component(ours, kCrate, "Transform")["position"] = "up";

  const SceneMergeResult result = MergeScenes(Text(base), Text(ours), "{\"format\": \"cairn.scene\"}");

  REQUIRE_FALSE(result.text.has_value());
  REQUIRE_FALSE(result.Clean());
  REQUIRE(result.input_errors.size() == 2);
  REQUIRE(result.input_errors[0].input == MergeInput::kOurs);
  REQUIRE(result.input_errors[0].diagnostic.ToString() ==
          "/entities/1/components/Transform/position: expected an array of 3 numbers, found a string");
  REQUIRE(result.input_errors[1].input == MergeInput::kTheirs);
  REQUIRE(result.input_errors[1].diagnostic.ToString() == "missing key \"version\"");
  REQUIRE(cairn::serialization::MergeInputName(MergeInput::kTheirs) == "theirs");
}

// Property: edits to disjoint sets of entities, and additions on both sides,
// always merge cleanly into the scene that has all of them.
TEST_CASE("Disjoint random edits always merge into the scene holding both", "[merge][property]") {
  for (std::uint32_t seed = 1; seed <= 40; ++seed) {
    CAPTURE(seed);
    std::mt19937 random(seed);
    const auto chance = [&random](int percent) { return std::uniform_int_distribution<int>(0, 99)(random) < percent; };
    const auto id_of = [](std::uint64_t n) {
      char text[17];
      std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(0x100 + n));
      return std::string(text);
    };

    // A random tree of 30 entities, and its sibling lists.
    constexpr int kEntities = 30;
    std::vector<std::string> parent_of(kEntities);
    std::map<std::string, std::vector<std::string>> children;  // "" = roots
    Document base = Scene({});
    for (int i = 0; i < kEntities; ++i) {
      const std::string parent = i == 0 || chance(30) ? "" : id_of(std::uniform_int_distribution<int>(0, i - 1)(random));
      parent_of[i] = parent;
      auto& siblings = children[parent];
      base["entities"].push_back(Entity(id_of(i), "E" + std::to_string(i), parent, static_cast<int>(siblings.size())));
      siblings.push_back(id_of(i));
    }
    std::set<std::string> has_children;
    for (const std::string& parent : parent_of) has_children.insert(parent);

    // Each entity is edited by at most one side; leaves may be deleted.
    Document ours = base, theirs = base, expected = base;
    std::set<std::string> deleted;
    for (int i = 0; i < kEntities; ++i) {
      const std::string id = id_of(i);
      const int side = std::uniform_int_distribution<int>(0, 2)(random);  // 0 none, 1 ours, 2 theirs
      if (side == 0) continue;
      Document& edited = side == 1 ? ours : theirs;
      if (!has_children.contains(id) && chance(20)) {
        deleted.insert(id);
        continue;
      }
      for (Document* scene : {&edited, &expected}) {
        Document& entity = EntityIn(*scene, id);
        if (side == 1) entity["components"]["Transform"]["position"] = {i, 1, 0};
        if (side == 2) entity["name"] = "T" + std::to_string(i);
        if (side == 2 && i % 2 == 0) entity["components"]["Gizmo"] = {{"size", i}};
      }
    }
    for (const std::string& id : deleted) {
      const bool ours_deletes = std::uniform_int_distribution<int>(0, 1)(random) == 0;
      RemoveEntity(ours_deletes ? ours : theirs, id);
      RemoveEntity(expected, id);
    }
    // Additions appended under surviving parents: ours' first, then theirs'.
    std::map<std::string, std::vector<std::string>> added_by_ours, added_by_theirs;
    for (int n = 0; n < 6; ++n) {
      const bool by_ours = n % 2 == 0;
      const std::string id = id_of(1000 + n);
      std::string parent;
      do {
        parent = chance(25) ? "" : id_of(std::uniform_int_distribution<int>(0, kEntities - 1)(random));
      } while (deleted.contains(parent));
      (by_ours ? added_by_ours : added_by_theirs)[parent].push_back(id);
      (by_ours ? ours : theirs)["entities"].push_back(Entity(id, "N" + std::to_string(n), parent, 1000 + n));
      expected["entities"].push_back(Entity(id, "N" + std::to_string(n), parent, 0));
    }
    std::set<std::string> parents;
    for (const auto* lists : {&children, &added_by_ours, &added_by_theirs}) {
      for (const auto& [parent, ids] : *lists) parents.insert(parent);
    }
    for (const std::string& parent : parents) {
      int order = 0;
      for (const auto* lists : {&children, &added_by_ours, &added_by_theirs}) {
        if (!lists->contains(parent)) continue;
        for (const std::string& id : lists->at(parent)) {
          if (!deleted.contains(id)) EntityIn(expected, id)["order"] = order++;
        }
      }
    }

    const SceneMergeResult result = Merge(base, ours, theirs);

    REQUIRE(ConflictLines(result).empty());
    REQUIRE(*result.text == Canonical(expected));
  }
}
