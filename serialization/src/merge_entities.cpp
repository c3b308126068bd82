// Merging entity by entity (EntityMerger), with the value choices of
// merge_values.h; prefab instances are merge_instances.cpp's.

#include "merge_entities.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "merge_instances.h"
#include "merge_sibling_order.h"
#include "merge_values.h"

namespace cairn::serialization::detail {

namespace {

// ---- Entities -------------------------------------------------------------------

class EntityMerger {
 public:
  EntityMerger(const MergeInputs& inputs, MergeWork& work, const PlaceMerger& places)
      : inputs_(inputs), work_(work), places_(places), values_(inputs, work) {}

  void Run();

 private:
  void MergeEntity(ecs::EntityId id, const Document* base, const Document& ours, const Document& theirs);
  // Adds the entity as `version` has it.
  void Take(ecs::EntityId id, const Document& entity, const SceneVersion& version) {
    work_.entities.emplace(id, entity);
    work_.places[id] = *version.FindPlacement(id);
  }
  // What `side` changed in the entity relative to `base`, as subjects.
  std::vector<std::string> Changes(ecs::EntityId id, const Document& base, const Document& version,
                                   MergeInput side) const;

  const MergeInputs& inputs_;
  MergeWork& work_;
  const PlaceMerger& places_;
  ValueMerger values_;
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
        Take(id, *ours, inputs_.ours);  // added in ours
        continue;
      }
      const std::vector<std::string> changes = Changes(id, *base, *ours, MergeInput::kOurs);
      if (changes.empty()) continue;  // deleted in theirs
      work_.conflicts.push_back(inputs_.Conflict(id, "", "changed in ours but deleted in theirs (" + Join(changes) + ")"));
      Take(id, *ours, inputs_.ours);
    } else if (theirs != nullptr) {
      if (base == nullptr) {
        Take(id, *theirs, inputs_.theirs);  // added in theirs
        work_.placed_by_theirs.insert(id);
        continue;
      }
      const std::vector<std::string> changes = Changes(id, *base, *theirs, MergeInput::kTheirs);
      if (changes.empty()) continue;  // deleted in ours
      work_.conflicts.push_back(inputs_.Conflict(id, "", "deleted in ours but changed in theirs (" + Join(changes) + ")"));
    }
  }
}

void EntityMerger::MergeEntity(ecs::EntityId id, const Document* base, const Document& ours, const Document& theirs) {
  const ConflictTarget target{.id = id};
  Document merged = Document::object();
  merged["id"] = ours.at("id");
  merged["name"] = *values_.Pick(target, "name", Member(base, "name"), &ours.at("name"), &theirs.at("name"));
  places_.Merge(id, work_);

  const Document* base_components = Member(base, "components");
  const Document& ours_components = ours.at("components");
  const Document& theirs_components = theirs.at("components");
  Document& components = merged["components"] = Document::object();
  for (const std::string& name : KeysOf({base_components, &ours_components, &theirs_components})) {
    values_.MergeComponent(target, name, Member(base_components, name), Member(&ours_components, name),
                           Member(&theirs_components, name), components);
  }
  work_.entities.emplace(id, std::move(merged));
}

std::vector<std::string> EntityMerger::Changes(ecs::EntityId id, const Document& base, const Document& version,
                                               MergeInput side) const {
  std::vector<std::string> changes;
  if (base.at("name") != version.at("name")) changes.emplace_back("name");
  if (std::string place = places_.Change(id, side); !place.empty()) changes.push_back(std::move(place));
  const Document& base_components = base.at("components");
  const Document& version_components = version.at("components");
  for (const std::string& name : KeysOf({&base_components, &version_components})) {
    const Document* before = Member(&base_components, name);
    const Document* after = Member(&version_components, name);
    if (before == nullptr || after == nullptr) {
      changes.push_back(name + (before == nullptr ? " added" : " removed"));
    } else if (*before != *after) {
      Append(changes, "", values_.ComponentChanges(name, *before, *after));
    }
  }
  return changes;
}

}  // namespace

void MergeEntities(const MergeInputs& inputs, MergeWork& work) {
  const PlaceMerger places(inputs);
  EntityMerger(inputs, work, places).Run();
  MergeInstances(inputs, work, places);
}

}  // namespace cairn::serialization::detail
