#include "cairn/serialization/prefab.h"

#include <algorithm>
#include <exception>
#include <system_error>
#include <utility>

#include "cairn/ecs/bit_mix.h"
#include "cairn/serialization/json_text.h"
#include "cairn/serialization/prefab_diff.h"

namespace cairn::serialization {

void RegisterPrefabInstance(ecs::Coordinator& world) {
  if (world.IsRegistered<PrefabInstance>()) return;
  world.RegisterComponent<PrefabInstance>(std::string(kPrefabInstanceName))
      .AssetField("prefab", &PrefabInstance::prefab, ecs::FieldHints{.extensions = {".scene"}})
      .HiddenFromUi();
}

ecs::EntityId InstanceEntityId(ecs::EntityId instance_id, ecs::EntityId prefab_root_id,
                               ecs::EntityId prefab_entity_id) {
  if (prefab_entity_id == prefab_root_id) return instance_id;
  // Adding (not xor-ing) keeps two levels of nesting with the same instance
  // id from cancelling out.
  return ecs::EntityId{prefab_entity_id.value + ecs::MixBits(instance_id.value)};
}

ecs::EntityId PrefabEntityId(ecs::EntityId instance_id, ecs::EntityId prefab_root_id, ecs::EntityId world_id) {
  if (world_id == instance_id) return prefab_root_id;
  return ecs::EntityId{world_id.value - ecs::MixBits(instance_id.value)};
}

std::vector<ecs::EntityRecord> InstanceRecords(const Prefab& prefab, const ecs::Coordinator& world,
                                               ecs::EntityId instance_id, ecs::EntityId parent,
                                               std::uint32_t position) {
  const ecs::Coordinator& source_world = *prefab.world;
  const auto map_id = [&](ecs::EntityId id) {
    return prefab.by_id.contains(id) ? InstanceEntityId(instance_id, prefab.root_id, id) : id;
  };
  // The target world's type for each of the prefab world's (matched by name).
  std::vector<std::shared_ptr<const ecs::ComponentInfo>> target_of(source_world.ComponentTypeCount());
  for (ecs::ComponentType type = 0; type < source_world.ComponentTypeCount(); ++type) {
    const ecs::ComponentInfo& info = source_world.GetComponentInfo(type);
    if (!info.serialized) continue;
    if (const ecs::ComponentInfo* target = world.FindComponentInfo(info.name)) {
      target_of[type] = world.GetComponentInfoPtr(target->type);
    }
  }
  const ecs::ComponentInfo* marker = world.FindComponentInfo(kPrefabInstanceName);
  std::vector<ecs::EntityRecord> records;
  records.reserve(prefab.entities.size());
  for (const ecs::Entity source : prefab.entities) {
    ecs::EntityRecord record;
    const bool is_root = source == prefab.root;
    record.id = map_id(source_world.GetEntityId(source));
    record.parent = is_root ? parent : map_id(source_world.GetEntityId(source_world.GetParent(source)));
    record.position = is_root ? position : ecs::kAppendPosition;
    const ecs::Signature& signature = source_world.GetSignature(source);
    for (ecs::ComponentType type = 0; type < source_world.ComponentTypeCount(); ++type) {
      if (!signature.Test(type) || target_of[type] == nullptr) continue;
      if (is_root && marker != nullptr && target_of[type]->type == marker->type) continue;
      ecs::ComponentValue value(target_of[type], source_world.GetComponentData(source, type));
      for (const ecs::FieldInfo& field : value.Info().fields) {
        if (field.type == ecs::FieldType::kEntityRef) {
          field.Ref<ecs::EntityId>(value.Data()) = map_id(field.Ref<ecs::EntityId>(value.Data()));
        }
      }
      record.components.push_back(std::move(value));
    }
    if (is_root && marker != nullptr) {
      record.components.push_back(
          ecs::ComponentValue::From(world.GetComponentInfoPtr(marker->type), PrefabInstance{prefab.path}));
    }
    records.push_back(std::move(record));
  }
  return records;
}

std::optional<InstanceMember> FindInstanceMember(const ecs::Coordinator& world, PrefabLibrary& library,
                                                 ecs::Entity entity) {
  if (!world.IsRegistered<PrefabInstance>() || !world.IsAlive(entity)) return std::nullopt;
  std::vector<ecs::Entity> roots;  // instance roots from `entity` up
  if (world.HasComponent<PrefabInstance>(entity)) roots.push_back(entity);
  world.ForEachAncestorWhile(entity, [&](ecs::Entity up) {
    if (world.HasComponent<PrefabInstance>(up)) roots.push_back(up);
    return true;
  });
  const ecs::EntityId id = world.GetEntityId(entity);
  for (auto it = roots.rbegin(); it != roots.rend(); ++it) {  // the outermost first
    PrefabLookup lookup = library.Get(world.GetComponent<PrefabInstance>(*it).prefab);
    if (lookup.prefab == nullptr) continue;
    const ecs::EntityId instance_id = world.GetEntityId(*it);
    const ecs::Entity source = lookup.prefab->Find(PrefabEntityId(instance_id, lookup.prefab->root_id, id));
    if (!source.IsNull()) return InstanceMember{*it, instance_id, std::move(lookup.prefab), source};
  }
  return std::nullopt;
}

namespace {

// Whether a value of `source` is a value of `target` byte for byte: the same
// registration (the prefab loaded with the scene's components), so a copy
// needs no field-by-field conversion.
bool SameLayout(const ecs::ComponentInfo& target, const ecs::ComponentInfo& source) {
  if (target.IsRuntimeDefined() != source.IsRuntimeDefined() || target.size != source.size ||
      target.fields.size() != source.fields.size()) {
    return false;
  }
  if (!target.IsRuntimeDefined() && target.type_index != source.type_index) return false;
  for (std::size_t i = 0; i < target.fields.size(); ++i) {
    const ecs::FieldInfo& a = target.fields[i];
    const ecs::FieldInfo& b = source.fields[i];
    if (a.name != b.name || a.type != b.type || a.offset != b.offset || a.enum_names != b.enum_names) return false;
  }
  return true;
}

}  // namespace

std::optional<ecs::ComponentValue> PrefabValue(const ecs::Coordinator& world, const InstanceMember& member,
                                               ecs::ComponentType type) {
  const Prefab& prefab = *member.prefab;
  const ecs::ComponentInfo& info = world.GetComponentInfo(type);
  const ecs::ComponentInfo* source_info = prefab.world->FindComponentInfo(info.name);
  if (source_info == nullptr || !prefab.world->HasComponent(member.source, source_info->type)) return std::nullopt;
  const void* source = prefab.world->GetComponentData(member.source, source_info->type);
  std::optional<ecs::ComponentValue> value;
  if (SameLayout(info, *source_info)) {
    value.emplace(world.GetComponentInfoPtr(type), source);
  } else {
    // Field by field, as the diff matches them (prefab_diff.h); a field the
    // prefab's type lacks keeps its default, and differs.
    value.emplace(world.GetComponentInfoPtr(type));
    for (const ecs::FieldInfo& field : info.fields) {
      const ecs::FieldInfo* source_field = PrefabField(world, prefab, type, field);
      if (source_field == nullptr) continue;
      try {
        ecs::FieldFromPlain(field, ecs::FieldToPlain(*source_field, source), value->Data(), info.name);
      } catch (const std::exception&) {
        // An enum name the scene's type no longer has: the default stays.
      }
    }
  }
  const InstanceIdMap ids{&prefab, member.instance_id};
  for (const ecs::FieldInfo& field : info.fields) {
    if (field.type != ecs::FieldType::kEntityRef) continue;
    ecs::EntityId& reference = field.Ref<ecs::EntityId>(value->Data());
    reference = ids(reference);
  }
  return value;
}

std::vector<const ecs::FieldInfo*> OverriddenFields(const ecs::Coordinator& world, const InstanceMember& member,
                                                    ecs::Entity entity, ecs::ComponentType type) {
  if (!world.HasComponent(entity, type)) return {};
  std::optional<ComponentOverride> component = DiffComponent(world, member, entity, type);
  if (!component) return {};
  return std::move(component->fields);
}

PrefabLibrary::PrefabLibrary(std::filesystem::path folder, LoadOptions options)
    : folder_(std::move(folder)), options_(std::move(options)) {
  options_.prefabs = this;
}

std::optional<std::string> PrefabLibrary::Normalise(std::string_view path) {
  if (path.empty()) return std::nullopt;
  const std::filesystem::path given(path);
  if (given.has_root_path()) return std::nullopt;
  const std::filesystem::path normal = given.lexically_normal();
  if (normal.empty() || *normal.begin() == ".." || normal == ".") return std::nullopt;
  std::string text = normal.generic_string();
  if (!text.empty() && text.back() == '/') return std::nullopt;  // a folder
  return text;
}

std::optional<PrefabLibrary::Stamp> PrefabLibrary::StampOf(const std::string& key, std::string* error) const {
  const std::filesystem::path file = folder_ / key;
  std::error_code code;
  Stamp stamp;
  stamp.time = std::filesystem::last_write_time(file, code);
  if (!code) stamp.size = std::filesystem::file_size(file, code);
  if (code) {
    if (error != nullptr) *error = "prefab " + key + ": cannot read " + file.string() + ": " + code.message();
    return std::nullopt;
  }
  return stamp;
}

bool PrefabLibrary::Fresh(const Entry& entry) const {
  for (const Dependency& dependency : entry.dependencies) {
    if (StampOf(dependency.key, nullptr) != dependency.stamp) return false;
  }
  return true;
}

std::vector<std::string> PrefabLibrary::Changed() const {
  std::vector<std::string> changed;
  for (const auto& [key, entry] : entries_) {
    if (entry.lookup.prefab == nullptr) continue;
    if (StampOf(key, nullptr) != entry.stamp || !Fresh(entry)) changed.push_back(key);
  }
  return changed;
}

PrefabLookup PrefabLibrary::TooDeep(const std::string& key) {
  std::string chain;
  for (Frame& frame : loading_) {
    chain += frame.key + " -> ";
    frame.hit_depth_limit = true;
  }
  return {nullptr, "prefabs are nested deeper than " + std::to_string(kMaxPrefabDepth) + " levels: " + chain + key};
}

PrefabLookup PrefabLibrary::Get(std::string_view path) {
  const std::optional<std::string> key = Normalise(path);
  if (!key) {
    return {nullptr, "prefab " + Quoted(path) + ": a prefab path is relative to the project folder and stays in it"};
  }
  const auto in_chain = std::find_if(loading_.begin(), loading_.end(), [&](const Frame& frame) { return frame.key == *key; });
  if (in_chain != loading_.end()) {
    std::string chain;
    for (auto it = in_chain; it != loading_.end(); ++it) chain += it->key + " -> ";
    return {nullptr, "prefab " + *key + " contains itself: " + chain + *key};
  }
  if (pins_ > 0) {
    if (const auto pinned = entries_.find(*key); pinned != entries_.end() && pinned->second.lookup.prefab != nullptr) {
      return pinned->second.lookup;
    }
  }
  std::string error;
  const std::optional<Stamp> stamp = StampOf(*key, &error);
  if (!stamp) {
    entries_.erase(*key);
    if (moved_) {
      if (const std::optional<std::string> now = moved_(*key); now && Normalise(*now) && *Normalise(*now) != *key) {
        PrefabLookup lookup = Get(*now);
        if (lookup.prefab != nullptr) return lookup;
      }
    }
    return {nullptr, std::move(error)};
  }
  auto found = entries_.find(*key);
  if (found == entries_.end() || found->second.stamp != *stamp || !Fresh(found->second)) {
    if (loading_.size() >= kMaxPrefabDepth) return TooDeep(*key);
    bool hit_depth_limit = false;
    Entry entry = Load(*key, *stamp, hit_depth_limit);
    if (entry.lookup.prefab == nullptr && hit_depth_limit) {
      return entry.lookup;  // a failure of this chain's depth, not of the file: not kept
    }
    found = entries_.insert_or_assign(*key, std::move(entry)).first;
  }
  const Entry& entry = found->second;
  if (entry.lookup.prefab == nullptr) return entry.lookup;
  if (loading_.size() + entry.lookup.prefab->depth > kMaxPrefabDepth) return TooDeep(*key);
  if (!loading_.empty()) {  // the prefab being loaded nests this one
    Frame& parent = loading_.back();
    parent.depth = std::max(parent.depth, entry.lookup.prefab->depth + 1);
    parent.dependencies.push_back({*key, *stamp});
    parent.dependencies.insert(parent.dependencies.end(), entry.dependencies.begin(), entry.dependencies.end());
  }
  return entry.lookup;
}

PrefabLibrary::Entry PrefabLibrary::Load(const std::string& key, const Stamp& stamp, bool& hit_depth_limit) {
  loading_.push_back(Frame{key, 1, {}, false});
  LoadResult loaded = LoadSceneFile(folder_ / key, options_);
  Frame frame = std::move(loading_.back());
  loading_.pop_back();
  hit_depth_limit = frame.hit_depth_limit;
  Entry entry{{}, stamp, std::move(frame.dependencies)};
  if (!loaded.Ok()) {
    std::string reason = "cannot be loaded";
    for (const Diagnostic& diagnostic : loaded.diagnostics) {
      if (diagnostic.IsError()) {
        reason = diagnostic.ToString();
        break;
      }
    }
    entry.lookup.error = "prefab " + key + ": " + reason;
    return entry;
  }
  auto prefab = std::make_shared<Prefab>();
  prefab->path = key;
  prefab->depth = frame.depth;
  prefab->world = std::move(loaded.scene->world);
  for (Diagnostic& diagnostic : loaded.diagnostics) prefab->warnings.push_back(std::move(diagnostic));
  const ecs::Coordinator& world = *prefab->world;
  std::vector<ecs::Entity> roots = world.GetChildren(ecs::kNullEntity);
  if (roots.size() != 1) {
    entry.lookup.error = "prefab " + key + " has " + std::to_string(roots.size()) +
                         " root entities; a prefab has exactly one (its other entities are its children)";
    return entry;
  }
  prefab->root = roots.front();
  prefab->root_id = world.GetEntityId(prefab->root);
  prefab->entities.reserve(world.EntityCount());
  prefab->by_id.reserve(world.EntityCount());
  world.ForEachInSubtree(prefab->root, [&](ecs::Entity entity, std::uint32_t) {
    prefab->entities.push_back(entity);
    prefab->by_id.emplace(world.GetEntityId(entity), entity);
  });
  entry.lookup.prefab = std::move(prefab);
  return entry;
}

}  // namespace cairn::serialization
