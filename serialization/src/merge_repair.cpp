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

std::string IdText(ecs::EntityId id) { return id ? "\"" + ecs::ToHex(id) + "\"" : "null"; }

class SceneRepairer {
 public:
  SceneRepairer(const MergeInputs& inputs, MergeWork& work) : inputs_(inputs), work_(work) {}

  void Run() {
    // Each pass only restores entities of ours, leaves out entities of
    // theirs, or gives values from ours back, so the passes run out of
    // things to change; the bound guards that reasoning.
    const std::size_t bound = 3 * (work_.entities.size() + inputs_.ours.Ids().size()) + 3;
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

  bool InMerge(ecs::EntityId id) const { return work_.entities.contains(id); }
  // Gives the entity its parent and order from ours.
  void TakeParentFromOurs(ecs::EntityId id) {
    const Document& ours = *inputs_.ours.Find(id);
    Document& merged = work_.entities.at(id);
    merged["parent"] = ours.at("parent");
    merged["order"] = ours.at("order");
    work_.placed_by_theirs.erase(id);
  }
  void Restore(ecs::EntityId id) { work_.entities.emplace(id, *inputs_.ours.Find(id)); }
  // What removed an entity that some version holds from the merged scene:
  // "ours deleted entity X (Name)", "the merged scene leaves out entity X".
  std::string Removal(ecs::EntityId id) const {
    if (left_out_.contains(id)) return "the merged scene leaves out " + inputs_.Describe(id);
    return (inputs_.ours.Contains(id) ? "theirs deleted " : "ours deleted ") + inputs_.Describe(id);
  }
  // The same with "it": "ours deleted it", "the merged scene leaves it out".
  std::string RemovalOfIt(ecs::EntityId id) const {
    if (left_out_.contains(id)) return "the merged scene leaves it out";
    return inputs_.ours.Contains(id) ? "theirs deleted it" : "ours deleted it";
  }
  void Report(ecs::EntityId id, std::string subject, const std::string& detail) {
    work_.conflicts.push_back(inputs_.Conflict(id, std::move(subject), detail));
  }

  const MergeInputs& inputs_;
  MergeWork& work_;
  std::unordered_set<ecs::EntityId> left_out_;
  // Dangling references kept (and reported) because ours has no value to
  // give back: entity, then "Component.field".
  std::set<std::pair<ecs::EntityId, std::string>> kept_dangling_;
};

bool SceneRepairer::RestoreMissingParents() {
  struct Missing {
    ecs::EntityId child;
    ecs::EntityId parent;
  };
  std::vector<Missing> missing;
  for (const auto& [id, entity] : work_.entities) {
    const ecs::EntityId parent = ParentOf(entity);
    if (parent && !InMerge(parent)) missing.push_back({id, parent});
  }
  for (const auto& [child, parent] : missing) {
    if (InMerge(parent)) continue;  // restored for an earlier child
    if (inputs_.ours.Contains(parent)) {
      Restore(parent);
      Report(parent, "", "deleted in theirs but still the parent of " + inputs_.Describe(child) + " in ours");
    } else if (inputs_.ours.Contains(child)) {
      Report(child, "parent",
             "parent changed to " + IdText(parent) + " in theirs, but " + Removal(parent));
      TakeParentFromOurs(child);
    } else {
      Report(child, "", "added in theirs under " + inputs_.Describe(parent) + ", but " + RemovalOfIt(parent));
      work_.entities.erase(child);
      work_.placed_by_theirs.erase(child);
      left_out_.insert(child);
    }
  }
  return !missing.empty();
}

bool SceneRepairer::BreakCycles() {
  enum : std::uint8_t { kUnvisited, kOnPath, kDone };
  std::unordered_map<ecs::EntityId, std::uint8_t> state;
  state.reserve(work_.entities.size());
  std::vector<std::vector<ecs::EntityId>> cycles;
  std::vector<ecs::EntityId> path;
  for (const auto& [start, ignored] : work_.entities) {
    path.clear();
    ecs::EntityId current = start;
    while (current && InMerge(current) && state[current] == kUnvisited) {
      state[current] = kOnPath;
      path.push_back(current);
      current = ParentOf(work_.entities.at(current));
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
      const Document* ours = inputs_.ours.Find(member);
      const ecs::EntityId parent = ParentOf(work_.entities.at(member));
      if (ours == nullptr || ParentOf(*ours) == parent) continue;
      Report(member, "parent",
             "parent changed to " + IdText(parent) + " in theirs, which makes a parent cycle with the changes in ours (" +
                 chain + ")");
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

        const Document* ours_entity = inputs_.ours.Find(id);
        const Document* ours_component = ours_entity != nullptr ? ComponentOf(*ours_entity, component.key()) : nullptr;
        const Document* ours_value = nullptr;
        if (ours_component != nullptr && ours_component->is_object()) {
          const auto found = ours_component->find(field.name);
          if (found != ours_component->end()) ours_value = &*found;
        }
        if (ours_value != nullptr && *ours_value == *value) {
          // Ours refers to it: keep ours, target included.
          if (!inputs_.ours.Contains(*target)) continue;  // dangled in ours already
          Restore(*target);
          Report(*target, "", "deleted in theirs but referenced by " + inputs_.Describe(id) + " in ours (" + subject + ")");
          changed = true;
        } else if (!inputs_.theirs.Contains(*target)) {
          continue;  // dangled in theirs already
        } else if (ours_value != nullptr) {
          Report(id, subject,
                 subject + " changed to " + ShowValue(*value) + " in theirs, but " + Removal(*target));
          *value = *ours_value;
          changed = true;
        } else {
          Report(id, subject,
                 subject + " refers to " + inputs_.Describe(*target) + " in theirs, but " + RemovalOfIt(*target) +
                     " (the reference is kept and dangles)");
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
