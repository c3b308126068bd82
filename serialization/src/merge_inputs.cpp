#include "merge_inputs.h"

#include <algorithm>
#include <optional>
#include <utility>

#include "cairn/ecs/components/name.h"
#include "merge_values.h"

namespace cairn::serialization::detail {

namespace {

constexpr std::size_t kLongestShownValue = 80;

// Appends " (Name)" for a named entity.
void AppendName(std::string& text, const std::string& name) {
  if (!name.empty()) text += " (" + name + ")";
}

}  // namespace

SceneVersion::SceneVersion(const Document& document, const ecs::Coordinator& world, PrefabLibrary* prefabs)
    : world_(world), editor_(&EmptyObject()) {
  const auto editor = document.find("editor");
  if (editor != document.end() && editor->is_object()) editor_ = &*editor;
  const auto entities = document.find("entities");
  if (entities != document.end() && entities->is_array()) {
    ids_.reserve(entities->size());
    by_id_.reserve(entities->size());
    for (const Document& entity : *entities) {
      const std::optional<ecs::EntityId> id = ecs::ParseEntityId(entity.at("id").get_ref<const std::string&>());
      ids_.push_back(*id);
      by_id_.emplace(*id, &entity);
    }
  }
  const auto instances = document.find("instances");
  if (instances != document.end() && instances->is_array() && prefabs != nullptr) {
    for (const Document& record : *instances) {
      const std::optional<ecs::EntityId> id = ecs::ParseEntityId(record.at("id").get_ref<const std::string&>());
      // The load found this prefab, so the library answers again.
      PrefabLookup lookup = prefabs->Get(record.at("prefab").get_ref<const std::string&>());
      instance_ids_.push_back(*id);
      instances_.emplace(*id, InstanceVersion{&record, std::move(lookup.prefab)});
    }
  }
  PlaceEntities();
  FindInstanceEntities();
}

void SceneVersion::PlaceEntities() {
  placements_.reserve(world_.EntityCount());
  placed_ids_.reserve(world_.EntityCount());
  const auto place_children = [this](ecs::Entity parent) {
    const ecs::EntityId parent_id = parent.IsNull() ? ecs::kNoEntityId : world_.GetEntityId(parent);
    std::uint64_t order = 0;
    world_.ForEachChild(parent, [&](ecs::Entity child) {
      const ecs::EntityId id = world_.GetEntityId(child);
      placements_.emplace(id, Placement{parent_id, order++, ecs::kNoEntityId, ecs::kNoEntityId});
      placed_ids_.push_back(id);
    });
  };
  place_children(ecs::kNullEntity);
  world_.ForEachEntity([&](ecs::Entity entity) { place_children(entity); });
  std::sort(placed_ids_.begin(), placed_ids_.end());
}

void SceneVersion::FindInstanceEntities() {
  for (const auto& [id, instance] : instances_) {
    if (instance.prefab == nullptr) continue;
    const Prefab& prefab = *instance.prefab;
    for (const ecs::Entity source : prefab.entities) {
      const ecs::EntityId source_id = prefab.world->GetEntityId(source);
      const auto placement = placements_.find(InstanceEntityId(id, prefab.root_id, source_id));
      if (placement == placements_.end()) continue;  // removed from this instance
      placement->second.instance = id;
      placement->second.source = source_id;
    }
  }
}

const Document* SceneVersion::Find(ecs::EntityId id) const {
  const auto found = by_id_.find(id);
  return found == by_id_.end() ? nullptr : found->second;
}

const InstanceVersion* SceneVersion::FindInstance(ecs::EntityId id) const {
  const auto found = instances_.find(id);
  return found == instances_.end() ? nullptr : &found->second;
}

const Placement* SceneVersion::FindPlacement(ecs::EntityId id) const {
  const auto found = placements_.find(id);
  return found == placements_.end() ? nullptr : &found->second;
}

std::string SceneVersion::NameOf(ecs::EntityId id) const {
  const ecs::Entity entity = world_.FindEntity(id);
  if (entity.IsNull() || !world_.IsRegistered<ecs::Name>()) return "";
  const ecs::Name* name = world_.TryGetComponent<ecs::Name>(entity);
  return name == nullptr ? "" : name->value;
}

const Document* ComponentOf(const Document& entity, const std::string& component) {
  const Document& components = entity.at("components");
  const auto found = components.find(component);
  return found == components.end() ? nullptr : &*found;
}

std::string ShowValue(const Document& value) {
  std::string text = value.dump(-1, ' ', false, Document::error_handler_t::replace);
  if (text.size() <= kLongestShownValue) return text;
  return DescribeJsonValue(value);
}

std::string ShowId(ecs::EntityId id) { return id ? "\"" + ecs::ToHex(id) + "\"" : "null"; }

std::vector<std::pair<ecs::EntityId, Placement>> InstanceEntities(const Prefab& prefab, ecs::EntityId instance,
                                                                  const std::unordered_set<ecs::EntityId>& removed) {
  const ecs::Coordinator& world = *prefab.world;
  std::unordered_map<ecs::EntityId, std::uint64_t> order;
  order.reserve(prefab.entities.size());
  for (const ecs::Entity entity : prefab.entities) {
    std::uint64_t position = 0;
    world.ForEachChild(entity, [&](ecs::Entity child) { order.emplace(world.GetEntityId(child), position++); });
  }
  std::vector<std::pair<ecs::EntityId, Placement>> entities;
  entities.reserve(prefab.entities.size());
  std::unordered_set<ecs::EntityId> left_out;
  for (const ecs::Entity entity : prefab.entities) {
    const ecs::EntityId source = world.GetEntityId(entity);
    const bool is_root = source == prefab.root_id;
    const ecs::EntityId source_parent = is_root ? ecs::kNoEntityId : world.GetEntityId(world.GetParent(entity));
    if (!is_root && (removed.contains(source) || left_out.contains(source_parent))) {
      left_out.insert(source);
      continue;
    }
    Placement placement{ecs::kNoEntityId, 0, instance, source};
    if (!is_root) {
      placement.parent = InstanceEntityId(instance, prefab.root_id, source_parent);
      placement.order = order.at(source);
    }
    entities.emplace_back(InstanceEntityId(instance, prefab.root_id, source), placement);
  }
  return entities;
}

std::unordered_set<ecs::EntityId> RemovedEntities(const Document& record) {
  std::unordered_set<ecs::EntityId> removed;
  for (const Document& id : record.at("removed_entities")) {
    if (!id.is_string()) continue;
    if (const std::optional<ecs::EntityId> source = ecs::ParseEntityId(id.get_ref<const std::string&>())) {
      removed.insert(*source);
    }
  }
  return removed;
}

std::string MergeInputs::Describe(ecs::EntityId id) const {
  std::string text = "entity " + ecs::ToHex(id);
  for (const SceneVersion* version : {&ours, &theirs, &base}) {
    if (const Document* entity = version->Find(id)) {
      const Document& name = entity->at("name");
      if (name.is_string()) AppendName(text, name.get<std::string>());
      break;
    }
    if (version->Holds(id)) {
      AppendName(text, version->NameOf(id));
      break;
    }
  }
  return text;
}

std::string MergeInputs::DescribeInstance(ecs::EntityId id) const {
  std::string text = "instance " + ecs::ToHex(id);
  for (const SceneVersion* version : {&ours, &theirs, &base}) {
    if (version->Holds(id)) {
      AppendName(text, version->NameOf(id));
      break;
    }
  }
  return text;
}

MergeConflict MergeInputs::Conflict(ecs::EntityId id, std::string subject, const std::string& detail) const {
  return MergeConflict{id, std::move(subject), Describe(id) + ": " + detail};
}

MergeConflict MergeInputs::InstanceConflict(ecs::EntityId id, std::string subject, const std::string& detail) const {
  return MergeConflict{id, std::move(subject), DescribeInstance(id) + ": " + detail};
}

MergeConflict MergeInputs::PlaceConflict(ecs::EntityId id, const std::string& subject,
                                         const std::string& detail) const {
  const Placement* placement = AnyPlacement(id);
  if (placement == nullptr || !placement->instance) return Conflict(id, subject, detail);
  if (!placement->InInstance(id)) return InstanceConflict(id, subject, detail);
  const std::string prefix = "overrides " + ecs::ToHex(placement->source) + " ";
  return InstanceConflict(placement->instance, prefix + subject, prefix + detail);
}

const Placement* MergeInputs::AnyPlacement(ecs::EntityId id) const {
  for (const SceneVersion* version : {&ours, &theirs, &base}) {
    if (const Placement* placement = version->FindPlacement(id)) return placement;
  }
  return nullptr;
}

void MergeWork::PlaceInstanceEntities(const MergeInputs& inputs, ecs::EntityId id) {
  const MergedInstance& instance = instances.at(id);
  for (const auto& [entity, prefab_place] : InstanceEntities(*instance.prefab, id, RemovedEntities(instance.record))) {
    if (places.contains(entity)) continue;
    Placement place = prefab_place;
    const Placement* ours = inputs.ours.FindPlacement(entity);
    const Placement* theirs = inputs.theirs.FindPlacement(entity);
    if (ours != nullptr && ours->instance == id) {
      place.parent = ours->parent;
    } else if (theirs != nullptr && theirs->instance == id) {
      place.parent = theirs->parent;
      placed_by_theirs.insert(entity);
    }
    places.emplace(entity, place);
  }
}

void MergeWork::RemoveInstance(ecs::EntityId id) {
  for (auto place = places.begin(); place != places.end();) {
    if (place->second.instance == id) {
      placed_by_theirs.erase(place->first);
      place = places.erase(place);
    } else {
      ++place;
    }
  }
  instances.erase(id);
}

}  // namespace cairn::serialization::detail
