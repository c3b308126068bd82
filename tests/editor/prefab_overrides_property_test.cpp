// Property: every consumer of prefab overrides reads the one instance diff
// (serialization/prefab_diff.h). Random prefabs (some nesting another), random
// instances of them and random edits (-0.0 against 0.0, other floats, names,
// components added and removed, references, moves within and out of an
// instance, reorders, plain children, deletions, reverts); after each step the
// diff, the overrides the scene writer saves (read back from the file), the
// Inspector's overridden fields and the Hierarchy's dot agree on every entity
// of every instance, and the saved file loads back as the very same world.

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "cairn/ecs/components/follow.h"
#include "cairn/ecs/components/light.h"
#include "cairn/ecs/components/mesh_renderer.h"
#include "cairn/ecs/components/name.h"
#include "cairn/ecs/components/rotator.h"
#include "cairn/ecs/components/transform.h"
#include "cairn/editor/hierarchy_rows.h"
#include "cairn/editor/prefab_actions.h"
#include "cairn/serialization/document.h"
#include "cairn/serialization/prefab.h"
#include "cairn/serialization/prefab_diff.h"
#include "cairn/serialization/scene_loader.h"
#include "cairn/serialization/scene_writer.h"
#include "cairn/serialization/unknown_components.h"
#include "test_world.h"

namespace ecs = cairn::ecs;
namespace serialization = cairn::serialization;
namespace actions = cairn::editor::actions;
namespace t = cairn::editor::testing;
using ecs::EntityId;
using serialization::Document;

namespace {

using Summary = std::vector<std::string>;  // "name", "parent", "order", "Light.intensity", "Rotator added", ...

std::unique_ptr<ecs::Coordinator> SceneWorld(std::uint64_t seed) {
  auto world = t::MakeWorld(seed);
  serialization::RegisterUnknownComponents(*world);
  serialization::RegisterPrefabInstance(*world);
  return world;
}

Summary Sorted(Summary summary) {
  std::sort(summary.begin(), summary.end());
  return summary;
}

class Rig {
 public:
  explicit Rig(std::uint32_t seed)
      : options_(Options(folder_.Path())), library_(folder_.Path(), options_), random_(seed) {}

  serialization::PrefabLibrary& Library() { return library_; }
  std::mt19937& Random() { return random_; }
  std::size_t Pick(std::size_t count) { return static_cast<std::size_t>(random_() % count); }
  bool Chance(int percent) { return static_cast<int>(random_() % 100) < percent; }
  // Floats that make the interesting cases likely: both zeros above all.
  float Value() {
    static constexpr float kValues[] = {0.0f, -0.0f, 0.0f, -0.0f, 1.0f, -1.0f, 0.5f, 2.25f};
    return kValues[Pick(std::size(kValues))];
  }

  // A prefab of 1 to 6 entities with random values, nesting an instance of
  // `nested` when given.
  void MakePrefab(const std::string& path, const std::string* nested, std::uint64_t seed) {
    auto world = SceneWorld(seed);
    std::vector<EntityId> ids{t::AddEntity(*world, "Root")};
    const std::size_t count = Pick(6);
    for (std::size_t i = 0; i < count; ++i) {
      ids.push_back(t::AddEntity(*world, "E" + std::to_string(i), ids[Pick(ids.size())]));
    }
    for (const EntityId id : ids) {
      ecs::Transform& transform = world->GetComponent<ecs::Transform>(world->GetEntity(id));
      transform.position = {Value(), Value(), Value()};
      if (Chance(40)) t::Put(*world, id, ecs::Light{.intensity = Value()});
      if (Chance(25)) t::Put(*world, id, ecs::Rotator{});
      if (Chance(30)) t::Put(*world, id, ecs::Follow{.target = Chance(70) ? ids[Pick(ids.size())] : EntityId{}});
      if (id != ids.front() && Chance(15)) world->RemoveComponent<ecs::Name>(world->GetEntity(id));
    }
    if (nested != nullptr) {
      const serialization::PrefabLookup lookup = library_.Get(*nested);
      REQUIRE(lookup.error == "");
      ecs::ApplyCommand(*world, ecs::RestoreSubtreeCommand{serialization::InstanceRecords(
                                    *lookup.prefab, *world, world->GenerateEntityId(), ids[Pick(ids.size())])});
    }
    REQUIRE(serialization::SaveSceneFile(folder_ / path, *world, ecs::PlainValue::MakeObject(), &library_).ok);
  }

  std::shared_ptr<const serialization::Prefab> Prefab(const std::string& path) {
    serialization::PrefabLookup lookup = library_.Get(path);
    REQUIRE(lookup.error == "");
    return lookup.prefab;
  }

  std::string Save(const ecs::Coordinator& world) {
    return serialization::SaveSceneToString(world, ecs::PlainValue(), &library_);
  }

  serialization::LoadResult Load(const std::string& text) {
    serialization::LoadOptions with_library = options_;
    with_library.prefabs = &library_;
    return serialization::LoadScene(text, with_library);
  }

 private:
  static serialization::LoadOptions Options(const std::filesystem::path& folder) {
    serialization::LoadOptions options;
    options.asset_folder = folder;
    return options;
  }

  t::TempDir folder_{"prefab-property"};
  serialization::LoadOptions options_;
  serialization::PrefabLibrary library_;
  std::mt19937 random_;
};

// What the file saves for one prefab entity of an instance, as a summary.
Summary SavedOverrides(const Document& record, const serialization::Prefab& prefab, ecs::Entity source) {
  Summary summary;
  const Document& overrides = record.at("overrides");
  const auto found = overrides.find(ecs::ToHex(prefab.world->GetEntityId(source)));
  if (found == overrides.end()) return summary;
  for (const char* key : {"name", "parent", "order"}) {
    if (found->contains(key)) summary.emplace_back(key);
  }
  if (const auto components = found->find("components"); components != found->end()) {
    for (auto component = components->begin(); component != components->end(); ++component) {
      const ecs::ComponentInfo* info = prefab.world->FindComponentInfo(component.key());
      if (info == nullptr || !prefab.world->HasComponent(source, info->type)) {
        summary.push_back(component.key() + " added");
        continue;
      }
      for (auto field = component->begin(); field != component->end(); ++field) {
        summary.push_back(component.key() + "." + field.key());
      }
    }
  }
  if (const auto removed = found->find("removed_components"); removed != found->end()) {
    for (const Document& name : *removed) summary.push_back(name.get<std::string>() + " removed");
  }
  return Sorted(summary);
}

// The Inspector's view of one entity: OverriddenFields of each component it
// shows, as the summary names them (a component the prefab lacks: "added").
Summary InspectorOverrides(const ecs::Coordinator& world, const serialization::InstanceMember& member,
                           ecs::Entity entity) {
  Summary summary;
  world.GetSignature(entity).ForEach([&](ecs::ComponentType type) {
    const ecs::ComponentInfo& info = world.GetComponentInfo(type);
    if (!info.ui_accessible || !info.serialized || info.name == "Name") return;
    if (!serialization::PrefabValue(world, member, type)) {
      summary.push_back(info.name + " added");
      return;
    }
    for (const ecs::FieldInfo* field : serialization::OverriddenFields(world, member, entity, type)) {
      summary.push_back(info.name + "." + field->name);
    }
  });
  return Sorted(summary);
}

// The parts of a summary that the Inspector shows as fields or added
// components (it lists removed components and never shows places or names).
Summary InspectorPart(const Summary& summary) {
  Summary part;
  for (const std::string& entry : summary) {
    if (entry == "name" || entry == "parent" || entry == "order") continue;
    if (entry.ends_with(" removed")) continue;
    part.push_back(entry);
  }
  return part;
}

// How often each kind of override came up, so that the test can tell that
// its random edits still reach them all.
struct Coverage {
  int zero_sign = 0;  // a position differing from the prefab's only in the sign of a zero
  int moved = 0;
  int reordered = 0;
  int renamed = 0;
  int added = 0;
  int removed = 0;
  int removed_entities = 0;
  int nested = 0;  // entities of a prefab nested in the instance's prefab
  int anchors = 0;  // prefab entities listed only because the scene adds children to them
  int reverts = 0;
};

void Count(Coverage& coverage, const ecs::Coordinator& world, const serialization::InstanceMember& member,
           ecs::Entity entity, const Summary& saved, bool in_file) {
  for (const std::string& entry : saved) {
    coverage.moved += entry == "parent";
    coverage.reordered += entry == "order";
    coverage.renamed += entry == "name";
    coverage.added += entry.ends_with(" added");
    coverage.removed += entry.ends_with(" removed");
  }
  coverage.anchors += in_file && saved.empty();
  const serialization::Prefab& prefab = *member.prefab;
  coverage.nested +=
      member.source != prefab.root && prefab.world->HasComponent<serialization::PrefabInstance>(member.source);
  if (!world.HasComponent<ecs::Transform>(entity)) return;
  const std::optional<ecs::ComponentValue> original =
      serialization::PrefabValue(world, member, world.GetComponentType<ecs::Transform>());
  if (!original) return;
  const glm::vec3& here = world.GetComponent<ecs::Transform>(entity).position;
  const glm::vec3& there = original->As<ecs::Transform>().position;
  coverage.zero_sign += here == there && std::memcmp(&here, &there, sizeof here) != 0;
}

void CheckAgreement(Rig& rig, const ecs::Coordinator& world, Coverage& coverage) {
  serialization::PrefabLibrary& library = rig.Library();
  const std::vector<serialization::InstanceDiff> diffs = serialization::DiffInstances(world, library);
  const std::string text = rig.Save(world);
  const Document file = Document::parse(text);
  REQUIRE(file.at("instances").size() == diffs.size());
  std::vector<ecs::Entity> members;
  for (std::size_t i = 0; i < diffs.size(); ++i) {
    const serialization::InstanceDiff& diff = diffs[i];
    const Document& record = file.at("instances").at(i);
    INFO("instance " << ecs::ToHex(diff.id) << "\n" << text);
    REQUIRE(record.at("id") == ecs::ToHex(diff.id));
    std::vector<std::string> removed;
    for (const EntityId id : diff.removed) removed.push_back(ecs::ToHex(id));
    CHECK(record.at("removed_entities") == Document(removed));
    coverage.removed_entities += !removed.empty();
    for (const auto& [source, entity] : diff.members) {
      members.push_back(entity);
      INFO("entity " << ecs::ToHex(world.GetEntityId(entity)));
      const Summary saved = SavedOverrides(record, *diff.prefab, source);
      // The diff.
      const auto listed = std::find_if(diff.overrides.begin(), diff.overrides.end(),
                                       [&](const serialization::MemberOverrides& o) { return o.entity == entity; });
      const Summary from_diff =
          listed == diff.overrides.end() ? Summary{} : Sorted(cairn::editor::DescribeOverrides(world, *listed));
      CHECK(from_diff == saved);
      // The Hierarchy's dot (and what its tooltip lists).
      const std::optional<cairn::editor::InstanceRowMark> mark = cairn::editor::MarkInstanceRow(world, library, entity);
      REQUIRE(mark);
      CHECK(mark->member.instance_id == diff.id);
      CHECK(mark->member.source == source);
      CHECK(mark->Overridden() == !saved.empty());
      CHECK(Sorted(cairn::editor::DescribeOverrides(world, mark->overrides)) == saved);
      // The Inspector's fields.
      CHECK(InspectorOverrides(world, mark->member, entity) == InspectorPart(saved));
      Count(coverage, world, mark->member, entity, saved,
            record.at("overrides").contains(ecs::ToHex(diff.prefab->world->GetEntityId(source))));
    }
  }
  // No entity is an instance's for one consumer and plain for another.
  world.ForEachEntity([&](ecs::Entity entity) {
    const bool member = serialization::FindInstanceMember(world, library, entity).has_value();
    const bool listed = std::find(members.begin(), members.end(), entity) != members.end();
    INFO("entity " << ecs::ToHex(world.GetEntityId(entity)));
    CHECK(member == listed);
  });
  // What is saved is what was there.
  serialization::LoadResult loaded = rig.Load(text);
  REQUIRE(loaded.Ok());
  CHECK(ecs::DumpWorld(*loaded.scene->world) == ecs::DumpWorld(world));
  CHECK(rig.Save(*loaded.scene->world) == text);
}

// Every entity, in id order (a deterministic choice).
std::vector<EntityId> Ids(const ecs::Coordinator& world) {
  std::vector<EntityId> ids;
  world.ForEachEntity([&](ecs::Entity entity) { ids.push_back(world.GetEntityId(entity)); });
  std::sort(ids.begin(), ids.end());
  return ids;
}

template <typename T>
void Toggle(ecs::Coordinator& world, ecs::Entity entity, const T& value) {
  if (world.HasComponent<T>(entity)) {
    world.RemoveComponent<T>(entity);
  } else {
    world.AddComponent<T>(entity, value);
  }
}

// One random edit of the scene.
void Edit(Rig& rig, ecs::Coordinator& world) {
  if (world.EntityCount() == 0) t::AddEntity(world, "Ground");
  const std::vector<EntityId> ids = Ids(world);
  const EntityId id = ids[rig.Pick(ids.size())];
  const ecs::Entity entity = world.GetEntity(id);
  switch (rig.Pick(11)) {
    case 0:
    case 1: {  // a float, often a zero of the other sign
      if (!world.HasComponent<ecs::Transform>(entity)) return;
      glm::vec3& position = world.GetComponent<ecs::Transform>(entity).position;
      float& value = position[static_cast<int>(rig.Pick(3))];
      value = value == 0.0f && rig.Chance(70) ? -value : rig.Value();
      return;
    }
    case 2:
      if (world.HasComponent<ecs::Light>(entity)) world.GetComponent<ecs::Light>(entity).intensity = rig.Value();
      return;
    case 3:  // renamed, named or unnamed
      if (!world.HasComponent<ecs::Name>(entity)) {
        world.AddComponent(entity, ecs::Name{"Named"});
      } else if (rig.Chance(50)) {
        world.RemoveComponent<ecs::Name>(entity);
      } else {
        world.GetComponent<ecs::Name>(entity).value = "Renamed";
      }
      return;
    case 4: {  // a component added or removed
      switch (rig.Pick(4)) {
        case 0: Toggle(world, entity, ecs::Light{.intensity = rig.Value()}); break;
        case 1: Toggle(world, entity, ecs::Rotator{}); break;
        case 2: Toggle(world, entity, ecs::MeshRenderer{}); break;
        default: Toggle(world, entity, ecs::Transform{}); break;
      }
      return;
    }
    case 5: {  // a reference: into the same instance, elsewhere, or none
      const EntityId target = rig.Chance(80) ? ids[rig.Pick(ids.size())] : EntityId{};
      t::Put(world, id, ecs::Follow{.target = target});
      return;
    }
    case 6:
    case 7: {  // moved: anywhere that makes no cycle (a root included)
      const EntityId to = ids[rig.Pick(ids.size())];
      const ecs::Entity parent = rig.Chance(15) ? ecs::kNullEntity : world.GetEntity(to);
      if (parent == entity || (!parent.IsNull() && world.IsAncestorOf(entity, parent))) return;
      world.SetParentAt(entity, parent, rig.Pick(world.ChildCount(parent) + 1));
      return;
    }
    case 8: {  // reordered among its siblings
      const ecs::Entity parent = world.GetParent(entity);
      world.SetParentAt(entity, parent, rig.Pick(world.ChildCount(parent)));
      return;
    }
    case 9:  // a plain child of the scene's
      t::AddEntity(world, "Plain", id);
      return;
    default:  // deleted with its children
      if (ids.size() > 2) world.DestroyEntityAndChildren(entity);
      return;
  }
}

// Reverts one of a random member's differing components and checks that the
// diff then finds nothing there.
void RevertSomething(Rig& rig, ecs::Coordinator& world, Coverage& coverage) {
  std::vector<std::pair<EntityId, std::string>> candidates;
  for (const serialization::InstanceDiff& diff : serialization::DiffInstances(world, rig.Library())) {
    for (const serialization::MemberOverrides& overrides : diff.overrides) {
      for (const serialization::ComponentOverride& component : overrides.components) {
        candidates.emplace_back(world.GetEntityId(overrides.entity), world.GetComponentInfo(component.type).name);
      }
    }
  }
  if (candidates.empty()) return;
  const auto& [id, component] = candidates[rig.Pick(candidates.size())];
  INFO("Revert " << component << " of " << ecs::ToHex(id));
  t::Apply(world, actions::RevertToPrefab(world, id, component, std::nullopt, rig.Library()));
  ++coverage.reverts;
  const ecs::Entity entity = world.GetEntity(id);
  const auto member = serialization::FindInstanceMember(world, rig.Library(), entity);
  REQUIRE(member);
  CHECK_FALSE(serialization::DiffComponent(world, *member, entity, world.FindComponentInfo(component)->type));
}

}  // namespace

TEST_CASE("Prefab overrides: the diff, the saved file, the Inspector and the Hierarchy's dot always agree",
          "[prefab][property]") {
  Coverage coverage;
  for (std::uint32_t seed = 1; seed <= 60; ++seed) {
    INFO("seed " << seed);
    Rig rig(seed);
    rig.MakePrefab("inner.scene", nullptr, seed * 3 + 1);
    const std::string inner = "inner.scene";
    rig.MakePrefab("outer.scene", rig.Chance(60) ? &inner : nullptr, seed * 3 + 2);
    auto world = SceneWorld(seed * 3 + 3);
    t::AddEntity(*world, "Ground");
    const std::size_t instances = 1 + rig.Pick(3);
    for (std::size_t i = 0; i < instances; ++i) {
      const std::vector<EntityId> ids = Ids(*world);
      const EntityId parent = rig.Chance(60) ? EntityId{} : ids[rig.Pick(ids.size())];
      const auto prefab = rig.Prefab(rig.Chance(50) ? "outer.scene" : "inner.scene");
      t::Apply(*world, actions::Instantiate(*world, *prefab, parent));
    }
    CheckAgreement(rig, *world, coverage);
    for (int step = 0; step < 12; ++step) {
      INFO("step " << step);
      if (rig.Chance(15)) {
        RevertSomething(rig, *world, coverage);
      } else {
        Edit(rig, *world);
      }
      CheckAgreement(rig, *world, coverage);
    }
  }
  // The random edits reach every kind of override.
  CHECK(coverage.zero_sign > 0);
  CHECK(coverage.moved > 0);
  CHECK(coverage.reordered > 0);
  CHECK(coverage.renamed > 0);
  CHECK(coverage.added > 0);
  CHECK(coverage.removed > 0);
  CHECK(coverage.removed_entities > 0);
  CHECK(coverage.nested > 0);
  CHECK(coverage.anchors > 0);
  CHECK(coverage.reverts > 0);
}
