#include "merge_instances.h"

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "cairn/ecs/components/name.h"
#include "merge_values.h"

namespace cairn::serialization::detail {

namespace {

// The record of an instance that has nothing changed, standing for the
// base of an instance added on both sides: both merge against the prefab.
const Document& PristineRecord() {
  static const Document record = {{"overrides", Document::object()}, {"removed_entities", Document::array()}};
  return record;
}

// An instance's component in the overrides of one prefab entity, as a value
// that merges like an entity's component: nullptr when the entity does not
// have it (removed from a prefab entity that has it, or never added), the
// changed fields (perhaps none: {}) of one the prefab entity has, or the
// whole component the instance adds.
const Document* OverriddenComponent(const Document* overrides, const std::string& name, bool in_prefab) {
  if (const Document* removed = Member(overrides, "removed_components")) {
    if (std::find(removed->begin(), removed->end(), name) != removed->end()) return nullptr;
  }
  if (const Document* component = Member(Member(overrides, "components"), name)) return component;
  return in_prefab ? &EmptyObject() : nullptr;
}

// "prefab entity 1000000000000003 (Base)", named as in the prefab.
std::string DescribePrefabEntity(const Prefab& prefab, ecs::EntityId source) {
  std::string text = "prefab entity " + ecs::ToHex(source);
  const ecs::Entity entity = prefab.Find(source);
  if (entity.IsNull() || !prefab.world->IsRegistered<ecs::Name>()) return text;
  const ecs::Name* name = prefab.world->TryGetComponent<ecs::Name>(entity);
  if (name != nullptr && !name->value.empty()) text += " (" + name->value + ")";
  return text;
}

bool PrefabEntityHas(const Prefab& prefab, ecs::EntityId source, const std::string& component) {
  const ecs::Entity entity = prefab.Find(source);
  const ecs::ComponentInfo* info = prefab.world->FindComponentInfo(component);
  return !entity.IsNull() && info != nullptr && prefab.world->GetSignature(entity).Test(info->type);
}

// The names of the components the overrides of one prefab entity mention.
std::set<std::string> OverriddenComponentNames(std::initializer_list<const Document*> overrides) {
  std::set<std::string> names;
  for (const Document* object : overrides) {
    for (const std::string& name : KeysOf({Member(object, "components")})) names.insert(name);
    if (const Document* removed = Member(object, "removed_components")) {
      for (const Document& name : *removed) names.insert(name.get<std::string>());
    }
  }
  return names;
}

class InstanceMerger {
 public:
  InstanceMerger(const MergeInputs& inputs, MergeWork& work, const PlaceMerger& places)
      : inputs_(inputs), work_(work), places_(places), values_(inputs, work) {}

  void Run();

 private:
  void MergeInstance(ecs::EntityId id, const InstanceVersion* base, const InstanceVersion& ours,
                     const InstanceVersion& theirs);
  // The merged overrides of one prefab entity (without "parent" and
  // "order": see WritePlaces); nullptr arguments stand for no overrides.
  Document MergeOverrides(ecs::EntityId id, const Prefab& prefab, ecs::EntityId source, const Document* base,
                          const Document* ours, const Document* theirs);
  // The merged "removed_entities": each prefab entity removed when the side
  // that changed whether it is removed says so. Removing an entity whose
  // overrides (or its descendants') the other side changed is a conflict
  // that keeps ours.
  Document MergeRemovedEntities(ecs::EntityId id, const Prefab& prefab, const Document& base, const Document& ours,
                                const Document& theirs);
  // Adds the instance as `version` has it.
  void Take(ecs::EntityId id, const InstanceVersion& version);
  // Makes work.places hold the merged instance's entities, merging the
  // places of those ours and theirs both have.
  void PlaceEntities(ecs::EntityId id);
  // Leaves out the merged scene entities that have the id of an entity of
  // the merged instance, which one side unpacked (or made from those
  // entities) while the other changed it: the instance is kept whole.
  void KeepInstanceIds(ecs::EntityId id);

  // What `side` changed in the instance since base, as subjects.
  std::vector<std::string> Changes(ecs::EntityId id, const InstanceVersion& base, const InstanceVersion& version,
                                   MergeInput side) const;
  // What `side` changed in the prefab entity `source` and its descendants
  // since base: "overrides <id> <what>" and "removed_entities <id>".
  std::vector<std::string> SubtreeChanges(ecs::EntityId id, const Prefab& prefab, ecs::EntityId source,
                                          const Document& base, const Document& version, MergeInput side) const;
  // What changed in the overrides of one prefab entity: "name",
  // "Light.intensity", "Light removed", "Rotator added".
  std::vector<std::string> OverrideChanges(const Prefab& prefab, ecs::EntityId source, const Document* base,
                                           const Document* version) const;

  const MergeInputs& inputs_;
  MergeWork& work_;
  const PlaceMerger& places_;
  ValueMerger values_;
};

void InstanceMerger::Run() {
  std::vector<ecs::EntityId> ids;
  for (const SceneVersion* version : {&inputs_.base, &inputs_.ours, &inputs_.theirs}) {
    ids.insert(ids.end(), version->InstanceIds().begin(), version->InstanceIds().end());
  }
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());

  for (ecs::EntityId id : ids) {
    const InstanceVersion* base = inputs_.base.FindInstance(id);
    const InstanceVersion* ours = inputs_.ours.FindInstance(id);
    const InstanceVersion* theirs = inputs_.theirs.FindInstance(id);
    if (ours != nullptr && theirs != nullptr) {
      MergeInstance(id, base, *ours, *theirs);
    } else if (ours != nullptr) {
      if (base == nullptr) {
        Take(id, *ours);  // added in ours
        continue;
      }
      const std::vector<std::string> changes = Changes(id, *base, *ours, MergeInput::kOurs);
      if (changes.empty()) continue;  // deleted in theirs
      work_.conflicts.push_back(
          inputs_.InstanceConflict(id, "", "changed in ours but deleted in theirs (" + Join(changes) + ")"));
      Take(id, *ours);
    } else if (theirs != nullptr) {
      if (base == nullptr) {
        Take(id, *theirs);  // added in theirs
        continue;
      }
      const std::vector<std::string> changes = Changes(id, *base, *theirs, MergeInput::kTheirs);
      if (changes.empty()) continue;  // deleted in ours
      work_.conflicts.push_back(
          inputs_.InstanceConflict(id, "", "deleted in ours but changed in theirs (" + Join(changes) + ")"));
    }
  }
}

void InstanceMerger::MergeInstance(ecs::EntityId id, const InstanceVersion* base, const InstanceVersion& ours,
                                   const InstanceVersion& theirs) {
  const Document& base_record = base != nullptr ? *base->record : PristineRecord();
  const Document& ours_record = *ours.record;
  const Document& theirs_record = *theirs.record;
  const ConflictTarget target{.id = id, .instance = true};
  Document merged = Document::object();
  merged["id"] = ours_record.at("id");
  const Document& prefab_path = *values_.Pick(target, "prefab", Member(&base_record, "prefab"),
                                              &ours_record.at("prefab"), &theirs_record.at("prefab"));
  merged["prefab"] = prefab_path;
  const std::shared_ptr<const Prefab> prefab = prefab_path == ours_record.at("prefab") ? ours.prefab : theirs.prefab;

  const Document& base_overrides = base_record.at("overrides");
  const Document& ours_overrides = ours_record.at("overrides");
  const Document& theirs_overrides = theirs_record.at("overrides");
  Document& overrides = merged["overrides"] = Document::object();
  for (const std::string& key : KeysOf({&base_overrides, &ours_overrides, &theirs_overrides})) {
    const std::optional<ecs::EntityId> source = ecs::ParseEntityId(key);
    Document entity = MergeOverrides(id, *prefab, *source, Member(&base_overrides, key), Member(&ours_overrides, key),
                                     Member(&theirs_overrides, key));
    if (!entity.empty()) overrides[key] = std::move(entity);
  }
  merged["removed_entities"] = MergeRemovedEntities(id, *prefab, base_record, ours_record, theirs_record);

  work_.instances[id] = MergedInstance{std::move(merged), prefab};
  PlaceEntities(id);
}

Document InstanceMerger::MergeOverrides(ecs::EntityId id, const Prefab& prefab, ecs::EntityId source,
                                        const Document* base, const Document* ours, const Document* theirs) {
  const ConflictTarget target{
      .id = id, .instance = true, .prefix = "overrides " + ecs::ToHex(source) + " ", .absent = "the prefab's value"};
  Document merged = Document::object();
  const Document* entity_name =
      values_.Pick(target, "name", Member(base, "name"), Member(ours, "name"), Member(theirs, "name"));
  if (entity_name != nullptr) merged["name"] = *entity_name;
  Document components = Document::object();
  Document removed = Document::array();
  for (const std::string& name : OverriddenComponentNames({base, ours, theirs})) {
    const bool in_prefab = PrefabEntityHas(prefab, source, name);
    Document component = Document::object();
    values_.MergeComponent(target, name, OverriddenComponent(base, name, in_prefab),
                           OverriddenComponent(ours, name, in_prefab), OverriddenComponent(theirs, name, in_prefab),
                           component);
    const auto kept = component.find(name);
    if (kept == component.end()) {
      if (in_prefab) removed.push_back(name);
    } else if (!in_prefab || !kept->empty()) {
      components[name] = std::move(*kept);
    }
  }
  if (!components.empty()) merged["components"] = std::move(components);
  if (!removed.empty()) merged["removed_components"] = std::move(removed);
  return merged;
}

Document InstanceMerger::MergeRemovedEntities(ecs::EntityId id, const Prefab& prefab, const Document& base,
                                              const Document& ours, const Document& theirs) {
  const std::unordered_set<ecs::EntityId> in_base = RemovedEntities(base);
  const std::unordered_set<ecs::EntityId> in_ours = RemovedEntities(ours);
  const std::unordered_set<ecs::EntityId> in_theirs = RemovedEntities(theirs);
  std::set<ecs::EntityId> sources(in_base.begin(), in_base.end());
  sources.insert(in_ours.begin(), in_ours.end());
  sources.insert(in_theirs.begin(), in_theirs.end());
  Document merged = Document::array();
  for (ecs::EntityId source : sources) {
    const bool base_removed = in_base.contains(source);
    const bool ours_removed = in_ours.contains(source);
    const bool theirs_removed = in_theirs.contains(source);
    bool removed = ours_removed != base_removed ? ours_removed : theirs_removed;
    // Removed on one side only: the other side may have changed it.
    if (!base_removed && ours_removed != theirs_removed && !prefab.Find(source).IsNull()) {
      const std::vector<std::string> changes =
          ours_removed ? SubtreeChanges(id, prefab, source, base, theirs, MergeInput::kTheirs)
                       : SubtreeChanges(id, prefab, source, base, ours, MergeInput::kOurs);
      if (!changes.empty()) {
        const std::string what =
            ours_removed ? " removed in ours but changed in theirs (" : " removed in theirs but changed in ours (";
        work_.conflicts.push_back(inputs_.InstanceConflict(id, "removed_entities " + ecs::ToHex(source),
                                                           DescribePrefabEntity(prefab, source) + what +
                                                               Join(changes) + ")"));
        removed = ours_removed;
      }
    }
    if (removed) merged.push_back(ecs::ToHex(source));
  }
  return merged;
}

void InstanceMerger::Take(ecs::EntityId id, const InstanceVersion& version) {
  work_.instances[id] = MergedInstance{*version.record, version.prefab};
  KeepInstanceIds(id);
  work_.PlaceInstanceEntities(inputs_, id);
}

void InstanceMerger::PlaceEntities(ecs::EntityId id) {
  KeepInstanceIds(id);
  const MergedInstance& instance = work_.instances.at(id);
  for (const auto& [entity, prefab_place] :
       InstanceEntities(*instance.prefab, id, RemovedEntities(instance.record))) {
    const Placement* ours = inputs_.ours.FindPlacement(entity);
    const Placement* theirs = inputs_.theirs.FindPlacement(entity);
    if (ours != nullptr && theirs != nullptr && ours->instance == id && theirs->instance == id) {
      places_.Merge(entity, work_);
    }
  }
  work_.PlaceInstanceEntities(inputs_, id);  // those of one side only
}

void InstanceMerger::KeepInstanceIds(ecs::EntityId id) {
  const MergedInstance& instance = work_.instances.at(id);
  for (const auto& [entity, place] : InstanceEntities(*instance.prefab, id, RemovedEntities(instance.record))) {
    if (!work_.entities.contains(entity)) continue;
    // Neither side can hold both, so each form comes from one side.
    const bool entity_in_ours = inputs_.ours.Contains(entity);
    work_.conflicts.push_back(inputs_.Conflict(
        entity, "", std::string("a scene entity in ") + (entity_in_ours ? "ours" : "theirs") + " but an entity of " +
                        inputs_.DescribeInstance(id) + (entity_in_ours ? " in theirs" : " in ours") +
                        "; the merged scene keeps the instance's"));
    work_.entities.erase(entity);
    work_.places.erase(entity);
    work_.placed_by_theirs.erase(entity);
  }
}

std::vector<std::string> InstanceMerger::Changes(ecs::EntityId id, const InstanceVersion& base,
                                                 const InstanceVersion& version, MergeInput side) const {
  std::vector<std::string> changes;
  const Document& before = *base.record;
  const Document& after = *version.record;
  if (before.at("prefab") != after.at("prefab")) changes.emplace_back("prefab");
  if (std::string place = places_.Change(id, side); !place.empty()) changes.push_back(std::move(place));
  if (version.prefab == nullptr) return changes;
  const Prefab& prefab = *version.prefab;
  const Document& base_overrides = before.at("overrides");
  const Document& version_overrides = after.at("overrides");
  for (const std::string& key : KeysOf({&base_overrides, &version_overrides})) {
    const std::optional<ecs::EntityId> source = ecs::ParseEntityId(key);
    Append(changes, "overrides " + key + " ",
           OverrideChanges(prefab, *source, Member(&base_overrides, key), Member(&version_overrides, key)));
  }
  for (const auto& [entity, place] : InstanceEntities(prefab, id, RemovedEntities(after))) {
    if (entity == id) continue;
    if (std::string change = places_.Change(entity, side); !change.empty()) {
      changes.push_back("overrides " + ecs::ToHex(place.source) + " " + change);
    }
  }
  const std::unordered_set<ecs::EntityId> removed_before = RemovedEntities(before);
  const std::unordered_set<ecs::EntityId> removed_after = RemovedEntities(after);
  std::set<ecs::EntityId> differ;
  for (ecs::EntityId source : removed_before) {
    if (!removed_after.contains(source)) differ.insert(source);
  }
  for (ecs::EntityId source : removed_after) {
    if (!removed_before.contains(source)) differ.insert(source);
  }
  for (ecs::EntityId source : differ) changes.push_back("removed_entities " + ecs::ToHex(source));
  return changes;
}

std::vector<std::string> InstanceMerger::SubtreeChanges(ecs::EntityId id, const Prefab& prefab, ecs::EntityId source,
                                                        const Document& base, const Document& version,
                                                        MergeInput side) const {
  std::vector<std::string> changes;
  const Document& base_overrides = base.at("overrides");
  const Document& version_overrides = version.at("overrides");
  const std::unordered_set<ecs::EntityId> removed_before = RemovedEntities(base);
  const std::unordered_set<ecs::EntityId> removed_after = RemovedEntities(version);
  prefab.world->ForEachInSubtree(prefab.Find(source), [&](ecs::Entity entity, std::uint32_t) {
    const ecs::EntityId descendant = prefab.world->GetEntityId(entity);
    const std::string key = ecs::ToHex(descendant);
    Append(changes, "overrides " + key + " ",
           OverrideChanges(prefab, descendant, Member(&base_overrides, key), Member(&version_overrides, key)));
    if (descendant == source) return;
    if (std::string place = places_.Change(InstanceEntityId(id, prefab.root_id, descendant), side); !place.empty()) {
      changes.push_back("overrides " + key + " " + place);
    }
    if (removed_before.contains(descendant) != removed_after.contains(descendant)) {
      changes.push_back("removed_entities " + key);
    }
  });
  return changes;
}

std::vector<std::string> InstanceMerger::OverrideChanges(const Prefab& prefab, ecs::EntityId source,
                                                         const Document* base, const Document* version) const {
  std::vector<std::string> changes;
  if (!Same(Member(base, "name"), Member(version, "name"))) changes.emplace_back("name");
  for (const std::string& name : OverriddenComponentNames({base, version})) {
    const bool in_prefab = PrefabEntityHas(prefab, source, name);
    const Document* before = OverriddenComponent(base, name, in_prefab);
    const Document* after = OverriddenComponent(version, name, in_prefab);
    if (Same(before, after)) continue;
    if (before == nullptr || after == nullptr) {
      changes.push_back(name + (before == nullptr ? " added" : " removed"));
    } else {
      Append(changes, "", values_.ComponentChanges(name, *before, *after));
    }
  }
  return changes;
}

}  // namespace

void MergeInstances(const MergeInputs& inputs, MergeWork& work, const PlaceMerger& places) {
  InstanceMerger(inputs, work, places).Run();
}

}  // namespace cairn::serialization::detail
