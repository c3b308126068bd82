#include "merge_repair.h"

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace cairn::serialization::detail {

namespace {

class SceneRepairer {
 public:
  SceneRepairer(const MergeInputs& inputs, MergeWork& work) : inputs_(inputs), work_(work) {}

  void Run() {
    // Each pass only restores entities of ours, leaves out entities of
    // theirs, or gives values from ours back, so the passes run out of
    // things to change; the bound guards that reasoning.
    const std::size_t bound = 3 * (work_.places.size() + inputs_.ours.PlacedIds().size()) + 3;
    for (std::size_t pass = 0; pass < bound; ++pass) {
      bool changed = RestoreMissingParents();
      changed = BreakCycles() || changed;
      changed = RepairReferences() || changed;
      if (!changed) return;
    }
  }

 private:
  bool RestoreMissingParents();
  bool BreakCycles();
  bool RepairReferences();

  bool InMerge(ecs::EntityId id) const { return work_.Holds(id); }
  // Gives the entity its parent from ours, and ours' place among its siblings.
  void TakeParentFromOurs(ecs::EntityId id) {
    work_.places.at(id).parent = inputs_.ours.FindPlacement(id)->parent;
    work_.placed_by_theirs.erase(id);
  }
  // Whether Restore can bring the entity back: ours has it, and when it is
  // an entity of an instance the merge keeps, the merged prefab has it too.
  bool CanRestore(ecs::EntityId id) const;
  // Brings back an entity of ours the merged scene lacks, as ours has it
  // (an entity of an instance: the instance, or the entity within it), and
  // reports why: `reason` is "still the parent of entity C (Name) in ours".
  void Restore(ecs::EntityId id, const std::string& reason);
  // Leaves out an entity only theirs has, added or moved under `parent`,
  // which the merged scene lacks.
  void LeaveOut(ecs::EntityId id, ecs::EntityId parent);
  // What removed an entity that some version holds from the merged scene:
  // "ours deleted entity X (Name)", "the merged scene leaves out entity X".
  std::string Removal(ecs::EntityId id) const {
    if (left_out_.contains(id)) return "the merged scene leaves out " + inputs_.Describe(id);
    return (inputs_.ours.Holds(id) ? "theirs deleted " : "ours deleted ") + inputs_.Describe(id);
  }
  // The same with "it": "ours deleted it", "the merged scene leaves it out".
  std::string RemovalOfIt(ecs::EntityId id) const {
    if (left_out_.contains(id)) return "the merged scene leaves it out";
    return inputs_.ours.Holds(id) ? "theirs deleted it" : "ours deleted it";
  }
  void Report(MergeConflict conflict) { work_.conflicts.push_back(std::move(conflict)); }

  const MergeInputs& inputs_;
  MergeWork& work_;
  std::unordered_set<ecs::EntityId> left_out_;
  // Dangling references kept (and reported) because ours has no value to
  // give back: entity, then "Component.field".
  std::set<std::pair<ecs::EntityId, std::string>> kept_dangling_;
};

bool SceneRepairer::CanRestore(ecs::EntityId id) const {
  const Placement* ours = inputs_.ours.FindPlacement(id);
  if (ours == nullptr) return false;
  if (!ours->instance) return true;
  const auto instance = work_.instances.find(ours->instance);
  return instance == work_.instances.end() || !instance->second.prefab->Find(ours->source).IsNull();
}

void SceneRepairer::Restore(ecs::EntityId id, const std::string& reason) {
  const Placement& ours = *inputs_.ours.FindPlacement(id);
  if (!ours.instance) {
    work_.entities.emplace(id, *inputs_.ours.Find(id));
    work_.places[id] = ours;
    Report(inputs_.Conflict(id, "", "deleted in theirs but " + reason));
    return;
  }
  const std::string its = ours.InInstance(id) ? "its " + inputs_.Describe(id) + " is " : "";
  const auto merged = work_.instances.find(ours.instance);
  if (merged == work_.instances.end()) {
    const InstanceVersion& version = *inputs_.ours.FindInstance(ours.instance);
    work_.instances[ours.instance] = MergedInstance{*version.record, version.prefab};
    work_.PlaceInstanceEntities(inputs_, ours.instance);
    Report(inputs_.InstanceConflict(ours.instance, "", "deleted in theirs but " + its + reason));
    return;
  }
  // Theirs removed the entity, or one of its prefab ancestors, from the
  // instance the merge keeps: those removals are undone.
  const Prefab& prefab = *merged->second.prefab;
  std::unordered_set<ecs::EntityId> ancestors;
  for (ecs::Entity entity = prefab.Find(ours.source); !entity.IsNull(); entity = prefab.world->GetParent(entity)) {
    ancestors.insert(prefab.world->GetEntityId(entity));
  }
  Document& removed = merged->second.record["removed_entities"];
  std::string restored;
  for (auto entry = removed.begin(); entry != removed.end();) {
    const std::optional<ecs::EntityId> source = ecs::ParseEntityId(entry->get_ref<const std::string&>());
    if (source && ancestors.contains(*source)) {
      restored = entry->get<std::string>();
      entry = removed.erase(entry);
    } else {
      ++entry;
    }
  }
  work_.PlaceInstanceEntities(inputs_, ours.instance);
  Report(inputs_.InstanceConflict(ours.instance, "removed_entities " + restored,
                                  "prefab entity " + restored + " removed in theirs but " + its + reason));
}

void SceneRepairer::LeaveOut(ecs::EntityId id, ecs::EntityId parent) {
  Placement& place = work_.places.at(id);
  if (place.InInstance(id)) {
    // Moved in theirs, in an instance only theirs has: back where its
    // prefab puts it, which the instance always holds.
    Report(inputs_.PlaceConflict(id, "parent",
                                 "parent changed to " + ShowId(parent) + " in theirs, but " + Removal(parent)));
    const Prefab& prefab = *work_.instances.at(place.instance).prefab;
    const ecs::Entity source_parent = prefab.world->GetParent(prefab.Find(place.source));
    place.parent = InstanceEntityId(place.instance, prefab.root_id, prefab.world->GetEntityId(source_parent));
    return;
  }
  const std::string detail = "added in theirs under " + inputs_.Describe(parent) + ", but " + RemovalOfIt(parent);
  if (place.instance) {
    Report(inputs_.InstanceConflict(id, "", detail));
    for (const auto& [entity, other] : work_.places) {
      if (other.instance == id) left_out_.insert(entity);
    }
    work_.RemoveInstance(id);
    return;
  }
  Report(inputs_.Conflict(id, "", detail));
  work_.entities.erase(id);
  work_.places.erase(id);
  work_.placed_by_theirs.erase(id);
  left_out_.insert(id);
}

bool SceneRepairer::RestoreMissingParents() {
  struct Missing {
    ecs::EntityId child;
    ecs::EntityId parent;
  };
  std::vector<Missing> missing;
  for (const auto& [id, place] : work_.places) {
    if (place.parent && !InMerge(place.parent)) missing.push_back({id, place.parent});
  }
  for (const auto& [child, parent] : missing) {
    if (!InMerge(child) || InMerge(parent)) continue;  // left out, or restored for an earlier child
    if (CanRestore(parent)) {
      Restore(parent, "still the parent of " + inputs_.Describe(child) + " in ours");
    } else if (inputs_.ours.Holds(child)) {
      Report(inputs_.PlaceConflict(child, "parent",
                                   "parent changed to " + ShowId(parent) + " in theirs, but " + Removal(parent)));
      TakeParentFromOurs(child);
    } else {
      LeaveOut(child, parent);
    }
  }
  return !missing.empty();
}

bool SceneRepairer::BreakCycles() {
  enum : std::uint8_t { kUnvisited, kOnPath, kDone };
  std::unordered_map<ecs::EntityId, std::uint8_t> state;
  state.reserve(work_.places.size());
  std::vector<std::vector<ecs::EntityId>> cycles;
  std::vector<ecs::EntityId> path;
  for (const auto& [start, ignored] : work_.places) {
    path.clear();
    ecs::EntityId current = start;
    while (current && InMerge(current) && state[current] == kUnvisited) {
      state[current] = kOnPath;
      path.push_back(current);
      current = work_.places.at(current).parent;
    }
    if (current && InMerge(current) && state[current] == kOnPath) {
      cycles.emplace_back(std::find(path.begin(), path.end(), current), path.end());
    }
    for (ecs::EntityId member : path) state[member] = kDone;
  }

  bool changed = false;
  for (std::vector<ecs::EntityId>& cycle : cycles) {
    // Start the chain at the smallest id, following parents, like the loader.
    std::rotate(cycle.begin(), std::min_element(cycle.begin(), cycle.end()), cycle.end());
    std::string chain;
    for (ecs::EntityId member : cycle) chain += ecs::ToHex(member) + " -> ";
    chain += ecs::ToHex(cycle.front());
    std::sort(cycle.begin(), cycle.end());
    for (ecs::EntityId member : cycle) {
      const Placement* ours = inputs_.ours.FindPlacement(member);
      const ecs::EntityId parent = work_.places.at(member).parent;
      if (ours == nullptr || ours->parent == parent) continue;
      Report(inputs_.PlaceConflict(member, "parent",
                                   "parent changed to " + ShowId(parent) + " in theirs, which makes a parent cycle " +
                                       "with the changes in ours (" + chain + ")"));
      TakeParentFromOurs(member);
      changed = true;
    }
  }
  return changed;
}

bool SceneRepairer::RepairReferences() {
  bool changed = false;
  for (auto& [id, entity] : work_.entities) {
    Document& components = entity.at("components");
    for (auto component = components.begin(); component != components.end(); ++component) {
      const ecs::ComponentInfo* info = inputs_.registry.FindComponentInfo(component.key());
      if (info == nullptr || !component->is_object()) continue;
      for (const ecs::FieldInfo& field : info->fields) {
        if (field.type != ecs::FieldType::kEntityRef) continue;
        const auto value = component->find(field.name);
        if (value == component->end() || !value->is_string()) continue;
        const std::optional<ecs::EntityId> target = ecs::ParseEntityId(value->get_ref<const std::string&>());
        if (!target || InMerge(*target)) continue;
        const std::string subject = component.key() + "." + field.name;
        if (kept_dangling_.contains({id, subject})) continue;

        // The field's value in one side's scene, or nullptr.
        const auto entity_id = id;  // clang 14 cannot capture a structured binding
        const auto value_in = [&](const auto& side) -> const Document* {
          const Document* side_entity = side.Find(entity_id);
          const Document* side_component = side_entity != nullptr ? ComponentOf(*side_entity, component.key()) : nullptr;
          if (side_component == nullptr || !side_component->is_object()) return nullptr;
          const auto found = side_component->find(field.name);
          return found != side_component->end() ? &*found : nullptr;
        };
        const Document* ours_value = value_in(inputs_.ours);
        const Document* base_value = value_in(inputs_.base);
        const Document* theirs_value = value_in(inputs_.theirs);
        // Ours kept the base's reference and theirs, holding the same one,
        // removed its target: it already dangled in theirs, which is no conflict.
        const bool ours_unchanged = ours_value != nullptr && base_value != nullptr && *ours_value == *base_value;
        if (ours_unchanged && theirs_value != nullptr && *theirs_value == *value && !inputs_.theirs.Holds(*target)) {
          continue;
        }
        if (ours_value != nullptr && *ours_value == *value) {
          // Ours refers to it: keep ours, target included.
          if (!CanRestore(*target)) continue;  // dangled in ours already
          Restore(*target, "referenced by " + inputs_.Describe(id) + " in ours (" + subject + ")");
          changed = true;
        } else if (!inputs_.theirs.Holds(*target)) {
          continue;  // dangled in theirs already
        } else if (ours_value != nullptr) {
          Report(inputs_.Conflict(
              id, subject, subject + " changed to " + ShowValue(*value) + " in theirs, but " + Removal(*target)));
          *value = *ours_value;
          changed = true;
        } else {
          Report(inputs_.Conflict(id, subject,
                                  subject + " refers to " + inputs_.Describe(*target) + " in theirs, but " +
                                      RemovalOfIt(*target) + " (the reference is kept and dangles)"));
          kept_dangling_.insert({id, subject});
        }
      }
    }
  }
  return changed;
}

}  // namespace

void RepairMergedScene(const MergeInputs& inputs, MergeWork& work) { SceneRepairer(inputs, work).Run(); }

}  // namespace cairn::serialization::detail
