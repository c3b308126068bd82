#include "merge_entities.h"

#include <algorithm>
#include <set>
#include <string>
#include <unordered_set>
#include <vector>

#include "merge_sibling_order.h"

namespace cairn::serialization::detail {

namespace {

bool Same(const Document* a, const Document* b) {
  if (a == nullptr || b == nullptr) return a == b;
  return *a == *b;
}

std::string Show(const Document* value) { return value == nullptr ? "nothing" : ShowValue(*value); }

std::string Join(const std::vector<std::string>& parts) {
  std::string text;
  for (const std::string& part : parts) text += (text.empty() ? "" : ", ") + part;
  return text;
}

const Document* Member(const Document* object, const std::string& key) {
  if (object == nullptr || !object->is_object()) return nullptr;
  const auto found = object->find(key);
  return found == object->end() ? nullptr : &*found;
}

// The union of the keys of up to three objects, sorted.
std::set<std::string> KeysOf(std::initializer_list<const Document*> objects) {
  std::set<std::string> keys;
  for (const Document* object : objects) {
    if (object == nullptr || !object->is_object()) continue;
    for (auto it = object->begin(); it != object->end(); ++it) keys.insert(it.key());
  }
  return keys;
}

class EntityMerger {
 public:
  EntityMerger(const MergeInputs& inputs, MergeWork& work)
      : inputs_(inputs),
        work_(work),
        base_siblings_(inputs.base),
        ours_siblings_(inputs.ours),
        theirs_siblings_(inputs.theirs),
        moved_in_ours_(FindSiblingMoves(inputs.base, base_siblings_, inputs.ours)),
        moved_in_theirs_(FindSiblingMoves(inputs.base, base_siblings_, inputs.theirs)) {}

  void Run();

 private:
  void MergeEntity(ecs::EntityId id, const Document* base, const Document& ours, const Document& theirs);
  void MergeOrder(ecs::EntityId id, const Document* base, const Document& ours, const Document& theirs,
                  Document& merged);
  void MergeComponent(ecs::EntityId id, const std::string& name, const Document* base, const Document* ours,
                      const Document* theirs, Document& merged_components);
  // The three-way choice for one value (nullptr: absent): the side that
  // changed it, or ours after recording a conflict about `subject`.
  const Document* Pick(ecs::EntityId id, const std::string& subject, const Document* base, const Document* ours,
                       const Document* theirs);
  bool IsKnownComponent(const std::string& name) const {
    return inputs_.registry.FindComponentInfo(name) != nullptr;
  }
  // What `version` changed in the entity relative to `base`, as subjects.
  std::vector<std::string> Changes(ecs::EntityId id, const Document& base, const Document& version,
                                   const std::unordered_set<ecs::EntityId>& moved) const;
  std::vector<std::string> ComponentChanges(const std::string& name, const Document& base,
                                            const Document& version) const;

  // Whether ours and theirs put the entity (a child of the same parent in
  // both) after different siblings.
  bool PlacedDifferently(ecs::EntityId id) const {
    return ours_siblings_.PreviousSharedSibling(id, inputs_.theirs) !=
           theirs_siblings_.PreviousSharedSibling(id, inputs_.ours);
  }

  const MergeInputs& inputs_;
  MergeWork& work_;
  const SiblingLists base_siblings_;
  const SiblingLists ours_siblings_;
  const SiblingLists theirs_siblings_;
  const std::unordered_set<ecs::EntityId> moved_in_ours_;
  const std::unordered_set<ecs::EntityId> moved_in_theirs_;
};

void EntityMerger::Run() {
  std::vector<ecs::EntityId> ids;
  for (const SceneVersion* version : {&inputs_.base, &inputs_.ours, &inputs_.theirs}) {
    ids.insert(ids.end(), version->Ids().begin(), version->Ids().end());
  }
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());

  for (ecs::EntityId id : ids) {
    const Document* base = inputs_.base.Find(id);
    const Document* ours = inputs_.ours.Find(id);
    const Document* theirs = inputs_.theirs.Find(id);
    if (ours != nullptr && theirs != nullptr) {
      MergeEntity(id, base, *ours, *theirs);
    } else if (ours != nullptr) {
      if (base == nullptr) {
        work_.entities.emplace(id, *ours);  // added in ours
        continue;
      }
      const std::vector<std::string> changes = Changes(id, *base, *ours, moved_in_ours_);
      if (changes.empty()) continue;  // deleted in theirs
      work_.conflicts.push_back(inputs_.Conflict(id, "", "changed in ours but deleted in theirs (" + Join(changes) + ")"));
      work_.entities.emplace(id, *ours);
    } else if (theirs != nullptr) {
      if (base == nullptr) {
        work_.entities.emplace(id, *theirs);  // added in theirs
        work_.placed_by_theirs.insert(id);
        continue;
      }
      const std::vector<std::string> changes = Changes(id, *base, *theirs, moved_in_theirs_);
      if (changes.empty()) continue;  // deleted in ours
      work_.conflicts.push_back(inputs_.Conflict(id, "", "deleted in ours but changed in theirs (" + Join(changes) + ")"));
    }
  }
}

const Document* EntityMerger::Pick(ecs::EntityId id, const std::string& subject, const Document* base,
                                   const Document* ours, const Document* theirs) {
  if (Same(ours, theirs)) return ours;
  if (Same(ours, base)) return theirs;
  if (Same(theirs, base)) return ours;
  work_.conflicts.push_back(inputs_.Conflict(
      id, subject, subject + " changed to " + Show(ours) + " in ours and " + Show(theirs) + " in theirs"));
  return ours;
}

void EntityMerger::MergeEntity(ecs::EntityId id, const Document* base, const Document& ours, const Document& theirs) {
  Document merged = Document::object();
  merged["id"] = ours.at("id");
  for (const char* key : {"name", "parent"}) {
    merged[key] = *Pick(id, key, Member(base, key), &ours.at(key), &theirs.at(key));
  }
  MergeOrder(id, base, ours, theirs, merged);

  const Document* base_components = Member(base, "components");
  const Document& ours_components = ours.at("components");
  const Document& theirs_components = theirs.at("components");
  Document& components = merged["components"] = Document::object();
  for (const std::string& name : KeysOf({base_components, &ours_components, &theirs_components})) {
    MergeComponent(id, name, Member(base_components, name), Member(&ours_components, name),
                   Member(&theirs_components, name), components);
  }
  work_.entities.emplace(id, std::move(merged));
}

// Order numbers shift whenever a sibling is inserted or deleted, and each
// side numbers its own siblings, so the merge compares places: a side changed
// an entity's order only when it moved the entity (a new parent, or a new
// place among the siblings it kept), and two moves agree when they put the
// entity after the same sibling. AssignSiblingOrders renumbers afterwards.
void EntityMerger::MergeOrder(ecs::EntityId id, const Document* base, const Document& ours, const Document& theirs,
                              Document& merged) {
  const Document& ours_order = ours.at("order");
  const Document& theirs_order = theirs.at("order");
  merged["order"] = ours_order;
  const bool same_parent = ParentOf(ours) == ParentOf(theirs);
  const auto report_if_placed_differently = [&] {
    // Different parents are one conflict, reported for "parent" already.
    if (!same_parent || !PlacedDifferently(id)) return;
    work_.conflicts.push_back(inputs_.Conflict(
        id, "order", "order changed to " + ShowValue(ours_order) + " in ours and " + ShowValue(theirs_order) + " in theirs"));
  };
  if (base == nullptr) {  // added on both sides
    report_if_placed_differently();
    return;
  }
  const ecs::EntityId base_parent = ParentOf(*base);
  const bool ours_moved = ParentOf(ours) != base_parent || moved_in_ours_.contains(id);
  const bool theirs_moved = ParentOf(theirs) != base_parent || moved_in_theirs_.contains(id);
  if (ours_moved && theirs_moved && same_parent) {
    report_if_placed_differently();
    return;
  }
  // The entity goes where the side whose parent it got put it; a reorder
  // under the parent the other side left does not matter any more.
  const bool parent_from_theirs = ParentOf(merged) == ParentOf(theirs) && ParentOf(merged) != ParentOf(ours);
  if (parent_from_theirs || (theirs_moved && !ours_moved)) {
    merged["order"] = theirs_order;
    work_.placed_by_theirs.insert(id);
  }
}

void EntityMerger::MergeComponent(ecs::EntityId id, const std::string& name, const Document* base,
                                  const Document* ours, const Document* theirs, Document& merged_components) {
  if (ours == nullptr && theirs == nullptr) return;  // removed on both sides, or on the side that had it
  if (ours == nullptr || theirs == nullptr) {
    const Document* kept = ours != nullptr ? ours : theirs;
    if (base == nullptr) {
      merged_components[name] = *kept;  // added on one side
      return;
    }
    if (*kept == *base) return;  // removed on the other side, left alone on this one
    std::vector<std::string> changes = ComponentChanges(name, *base, *kept);
    if (changes == std::vector<std::string>{name}) changes.clear();  // opaque: nothing more to say
    const std::string detail = ours != nullptr
                                   ? name + " removed in theirs but changed in ours"
                                   : name + " removed in ours but changed in theirs";
    work_.conflicts.push_back(
        inputs_.Conflict(id, name, changes.empty() ? detail : detail + " (" + Join(changes) + ")"));
    if (ours != nullptr) merged_components[name] = *ours;
    return;
  }
  if (!IsKnownComponent(name) || !ours->is_object() || !theirs->is_object()) {
    merged_components[name] = *Pick(id, name, base, ours, theirs);  // opaque
    return;
  }
  Document& fields = merged_components[name] = Document::object();
  for (const std::string& field : KeysOf({base, ours, theirs})) {
    const Document* value = Pick(id, name + "." + field, Member(base, field), Member(ours, field), Member(theirs, field));
    if (value != nullptr) fields[field] = *value;
  }
}

std::vector<std::string> EntityMerger::Changes(ecs::EntityId id, const Document& base, const Document& version,
                                               const std::unordered_set<ecs::EntityId>& moved) const {
  std::vector<std::string> changes;
  if (base.at("name") != version.at("name")) changes.emplace_back("name");
  if (base.at("parent") != version.at("parent")) {
    changes.emplace_back("parent");
  } else if (moved.contains(id)) {
    changes.emplace_back("order");
  }
  const Document& base_components = base.at("components");
  const Document& version_components = version.at("components");
  for (const std::string& name : KeysOf({&base_components, &version_components})) {
    const Document* before = Member(&base_components, name);
    const Document* after = Member(&version_components, name);
    if (before == nullptr || after == nullptr) {
      changes.push_back(name + (before == nullptr ? " added" : " removed"));
    } else if (*before != *after) {
      const std::vector<std::string> fields = ComponentChanges(name, *before, *after);
      changes.insert(changes.end(), fields.begin(), fields.end());
    }
  }
  return changes;
}

// The fields of a registered component that differ ("Light.intensity"), or
// the component's name when it is opaque (unknown to the registry).
std::vector<std::string> EntityMerger::ComponentChanges(const std::string& name, const Document& base,
                                                        const Document& version) const {
  if (base == version) return {};
  if (!IsKnownComponent(name) || !base.is_object() || !version.is_object()) return {name};
  std::vector<std::string> changes;
  for (const std::string& field : KeysOf({&base, &version})) {
    if (!Same(Member(&base, field), Member(&version, field))) changes.push_back(name + "." + field);
  }
  return changes;
}

}  // namespace

void MergeEntities(const MergeInputs& inputs, MergeWork& work) { EntityMerger(inputs, work).Run(); }

}  // namespace cairn::serialization::detail
