#include "entity_writer.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "cairn/ecs/components/name.h"
#include "cairn/ecs/components/transform.h"
#include "cairn/ecs/field_codec.h"
#include "cairn/serialization/document.h"
#include "cairn/serialization/json_text.h"
#include "cairn/serialization/prefab.h"
#include "cairn/serialization/scene_writer.h"
#include "cairn/serialization/unknown_components.h"

namespace cairn::serialization::detail {

namespace {

using ecs::ComponentInfo;
using ecs::ComponentType;
using ecs::Entity;
using ecs::FieldInfo;
using ecs::FieldType;

void AppendId(std::string& out, ecs::EntityId id) {
  out += '"';
  ecs::AppendHex(out, id);
  out += '"';
}

class EntityWriter {
 public:
  EntityWriter(std::string& out, const ecs::Coordinator& world, const EntityWriteOptions& options)
      : out_(out), world_(world), options_(options) {}

  void Write();

 private:
  // A prefab instance found in the world, and what it changes.
  struct Instance {
    Entity root;
    ecs::EntityId id = ecs::kNoEntityId;
    std::shared_ptr<const Prefab> prefab;
    std::vector<std::pair<Entity, Entity>> members;  // (prefab entity, world entity), prefab order
    std::vector<ecs::EntityId> removed;              // prefab entity ids, topmost only
  };
  // A written component type as a prefab's world registers it (matched by
  // name): its info there (null: not registered) and, for each of the
  // type's fields, the field of the same name and type (null: none, so the
  // value always differs).
  struct PrefabType {
    const ComponentInfo* info = nullptr;
    std::vector<const FieldInfo*> fields;
  };
  void FindInstances();
  void WriteInstances();
  void WriteInstance(const Instance& instance);
  // By this world's ComponentType; filled for the written types (types_).
  std::vector<PrefabType> MatchPrefabTypes(const Prefab& prefab) const;
  // The overrides of one entity of an instance, as the members of its object
  // in "overrides"; nullopt when it has none.
  std::optional<std::string> InstanceOverrides(const Instance& instance, const std::vector<PrefabType>& prefab_types,
                                               Entity source, Entity entity);
  void CollectComponentTypes();
  void ComputeSiblingOrders();
  void ComputeWorldMatrices();
  void WriteEntity(ecs::EntityId id, Entity entity);
  // `"parent": ..., "order": N` of an entity or an instance's root (depth 3).
  void WritePlace(Entity entity);
  void WriteComponents(Entity entity);
  // `leftovers`: fields to write after the reflected ones (those a
  // runtime-defined type no longer has); null for none.
  // `fields`: those to write (null: all), at `depth` (the component's key).
  void WriteComponent(std::string& out, Entity entity, const ComponentInfo& info, const Document* leftovers, int depth,
                      const std::vector<const FieldInfo*>* fields = nullptr);
  // `map_id` rewrites entity references (a prefab's ids to an instance's).
  template <typename MapId>
  void WriteField(std::string& out, Entity entity, const ComponentInfo& info, const FieldInfo& field,
                  const void* component, MapId map_id) const;
  // `info` and `field` name the values in an error; null: the world matrix.
  void WriteFloats(std::string& out, Entity entity, const ComponentInfo* info, const FieldInfo* field,
                   const float* values, int count) const;
  [[noreturn]] void NotFinite(Entity entity, std::string_view what) const;

  std::string& out_;
  const ecs::Coordinator& world_;
  const EntityWriteOptions& options_;
  std::vector<std::pair<ecs::EntityId, Entity>> entities_;
  std::vector<ComponentType> types_;  // written components, sorted by name
  bool has_unknown_ = false;
  ComponentType unknown_type_ = 0;
  std::vector<std::uint32_t> order_;          // by entity slot
  std::vector<ecs::EntityId> parent_ids_;     // by entity slot; kNoEntityId: a root
  std::vector<glm::mat4> matrices_;   // by entity slot
  bool has_prefab_instance_ = false;
  ComponentType prefab_instance_type_ = 0;
  std::vector<Instance> instances_;
  std::vector<bool> owned_;  // by entity slot: an entity of an instance, not written in "entities"
};

struct SameId {
  ecs::EntityId operator()(ecs::EntityId id) const { return id; }
};

void EntityWriter::Write() {
  world_.ForEachEntity([this](Entity entity) { entities_.emplace_back(world_.GetEntityId(entity), entity); });
  std::sort(entities_.begin(), entities_.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  CollectComponentTypes();
  ComputeSiblingOrders();
  if (options_.world_matrices) ComputeWorldMatrices();
  owned_.assign(order_.size(), false);
  if (!options_.runtime && options_.prefabs != nullptr && has_prefab_instance_) FindInstances();

  out_ += "\"entities\": [";
  bool first = true;
  for (const auto& [id, entity] : entities_) {
    if (owned_[entity.index]) continue;
    if (!first) out_ += ',';
    first = false;
    AppendNewline(out_, 2);
    WriteEntity(id, entity);
  }
  if (!first) AppendNewline(out_, 1);
  out_ += ']';
  if (!options_.runtime) WriteInstances();
}

// Outermost instances first: an instance inside another one's prefab is
// part of that prefab, not an instance of the scene.
void EntityWriter::FindInstances() {
  std::vector<std::pair<std::size_t, Entity>> roots;  // (depth, root)
  for (const auto& [id, entity] : entities_) {
    if (!world_.GetSignature(entity).Test(prefab_instance_type_)) continue;
    std::size_t depth = 0;
    world_.ForEachAncestorWhile(entity, [&depth](Entity) { return ++depth, true; });
    roots.emplace_back(depth, entity);
  }
  std::sort(roots.begin(), roots.end(), [this](const auto& a, const auto& b) {
    return std::pair(a.first, world_.GetEntityId(a.second)) < std::pair(b.first, world_.GetEntityId(b.second));
  });
  for (const auto& [depth, root] : roots) {
    if (owned_[root.index]) continue;
    const auto& marker = *static_cast<const PrefabInstance*>(world_.GetComponentData(root, prefab_instance_type_));
    PrefabLookup lookup = options_.prefabs->Get(marker.prefab);
    if (lookup.prefab == nullptr) continue;  // written plain, marker kept
    Instance instance{root, world_.GetEntityId(root), std::move(lookup.prefab), {}, {}};
    const Prefab& prefab = *instance.prefab;
    std::vector<ecs::EntityId> absent;  // prefab ids without an entity here
    for (const Entity source : prefab.entities) {
      const ecs::EntityId source_id = prefab.world->GetEntityId(source);
      const Entity entity =
          world_.FindEntity(InstanceEntityId(instance.id, prefab.root_id, source_id));
      const bool present = !entity.IsNull() && !owned_[entity.index] &&
                           (entity == root || world_.IsAncestorOf(root, entity));
      if (!present) {
        // Only the topmost of a removed subtree is written.
        const ecs::EntityId parent_id = prefab.world->GetEntityId(prefab.world->GetParent(source));
        if (std::find(absent.begin(), absent.end(), parent_id) == absent.end()) instance.removed.push_back(source_id);
        absent.push_back(source_id);
        continue;
      }
      instance.members.emplace_back(source, entity);
    }
    for (const auto& [source, entity] : instance.members) owned_[entity.index] = true;
    std::sort(instance.removed.begin(), instance.removed.end());
    instances_.push_back(std::move(instance));
  }
  std::sort(instances_.begin(), instances_.end(), [](const Instance& a, const Instance& b) { return a.id < b.id; });
}

void EntityWriter::WriteInstances() {
  out_ += ",";
  AppendNewline(out_, 1);
  out_ += "\"instances\": [";
  bool first = true;
  for (const Instance& instance : instances_) {
    if (!first) out_ += ',';
    first = false;
    AppendNewline(out_, 2);
    WriteInstance(instance);
  }
  if (!first) AppendNewline(out_, 1);
  out_ += ']';
}

void EntityWriter::WriteInstance(const Instance& instance) {
  out_ += '{';
  AppendNewline(out_, 3);
  out_ += "\"id\": ";
  AppendId(out_, instance.id);
  out_ += ',';
  AppendNewline(out_, 3);
  out_ += "\"prefab\": ";
  AppendString(out_, instance.prefab->path);
  out_ += ',';
  AppendNewline(out_, 3);
  WritePlace(instance.root);
  out_ += ',';
  AppendNewline(out_, 3);
  out_ += "\"overrides\": {";
  bool first = true;
  std::vector<std::pair<ecs::EntityId, std::string>> overrides;
  const std::vector<PrefabType> prefab_types = MatchPrefabTypes(*instance.prefab);
  for (const auto& [source, entity] : instance.members) {
    if (std::optional<std::string> text = InstanceOverrides(instance, prefab_types, source, entity)) {
      overrides.emplace_back(instance.prefab->world->GetEntityId(source), std::move(*text));
    }
  }
  std::sort(overrides.begin(), overrides.end());
  for (const auto& [source_id, text] : overrides) {
    if (!first) out_ += ',';
    first = false;
    AppendNewline(out_, 4);
    AppendId(out_, source_id);
    if (text.empty()) {
      out_ += ": {}";
      continue;
    }
    out_ += ": {";
    out_ += text;
    AppendNewline(out_, 4);
    out_ += '}';
  }
  if (!first) AppendNewline(out_, 3);
  out_ += "},";
  AppendNewline(out_, 3);
  out_ += "\"removed_entities\": [";
  for (std::size_t i = 0; i < instance.removed.size(); ++i) {
    if (i != 0) out_ += ", ";
    AppendId(out_, instance.removed[i]);
  }
  out_ += ']';
  AppendNewline(out_, 2);
  out_ += '}';
}

std::vector<EntityWriter::PrefabType> EntityWriter::MatchPrefabTypes(const Prefab& prefab) const {
  std::vector<PrefabType> matched(world_.ComponentTypeCount());
  for (ComponentType type : types_) {
    const ComponentInfo& info = world_.GetComponentInfo(type);
    PrefabType& match = matched[type];
    match.info = prefab.world->FindComponentInfo(info.name);
    if (match.info == nullptr) continue;
    match.fields.reserve(info.fields.size());
    for (const FieldInfo& field : info.fields) {
      const FieldInfo* source_field = match.info->FindField(field.name);
      match.fields.push_back(source_field != nullptr && source_field->type == field.type ? source_field : nullptr);
    }
  }
  return matched;
}

std::optional<std::string> EntityWriter::InstanceOverrides(const Instance& instance,
                                                           const std::vector<PrefabType>& prefab_types, Entity source,
                                                           Entity entity) {
  const Prefab& prefab = *instance.prefab;
  const ecs::Coordinator& source_world = *prefab.world;
  const auto map_id = [&](ecs::EntityId id) {
    return prefab.by_id.contains(id) ? InstanceEntityId(instance.id, prefab.root_id, id) : id;
  };
  // Whether a field holds the prefab's value as stored (floats bit for bit,
  // references mapped into the instance): it would be written as the same
  // text, so only the other fields are written out and compared as text.
  // An enum is always compared as text, which also depends on the names
  // each registration gives its values.
  const auto same_as_prefab = [&](const FieldInfo& field, const void* component, const FieldInfo& source_field,
                                  const void* source_component) {
    if (field.type == FieldType::kEntityRef) {
      return field.Ref<ecs::EntityId>(component) == map_id(source_field.Ref<ecs::EntityId>(source_component));
    }
    if (field.type == FieldType::kEnum) return false;
    if (!ecs::FieldIsTrivial(field.type)) {
      return field.Ref<std::string>(component) == source_field.Ref<std::string>(source_component);
    }
    return std::memcmp(&field.Ref<std::byte>(component), &source_field.Ref<std::byte>(source_component),
                       ecs::FieldSize(field.type)) == 0;
  };
  std::string out;
  const auto member = [&out](std::string_view key) {
    out += out.empty() ? "" : ",";
    AppendNewline(out, 5);
    AppendString(out, key);
    out += ": ";
  };
  const bool is_root = source == prefab.root;
  // The name.
  const ecs::Name* name = world_.IsRegistered<ecs::Name>() ? world_.TryGetComponent<ecs::Name>(entity) : nullptr;
  const ecs::Name* source_name =
      source_world.IsRegistered<ecs::Name>() ? source_world.TryGetComponent<ecs::Name>(source) : nullptr;
  if ((name == nullptr) != (source_name == nullptr) || (name != nullptr && name->value != source_name->value)) {
    member("name");
    if (name != nullptr) {
      AppendString(out, name->value);
    } else {
      out += "null";
    }
  }
  // Its place, when it moved within the instance.
  if (!is_root) {
    const ecs::EntityId expected_parent = map_id(source_world.GetEntityId(source_world.GetParent(source)));
    const ecs::EntityId parent = parent_ids_[entity.index];
    if (parent != expected_parent) {
      member("parent");
      AppendId(out, parent);
    }
    if (parent != expected_parent || order_[entity.index] != source_world.SiblingIndex(source)) {
      member("order");
      AppendUnsigned(out, order_[entity.index]);
    }
  }
  // Changed, added and removed components.
  const ecs::Signature& signature = world_.GetSignature(entity);
  const ecs::Signature& source_signature = source_world.GetSignature(source);
  std::string components;
  std::vector<std::string_view> removed;
  std::string expected, actual;
  for (ComponentType type : types_) {
    const ComponentInfo& info = world_.GetComponentInfo(type);
    if (is_root && type == prefab_instance_type_) continue;
    const PrefabType& source_type = prefab_types[type];
    const bool in_source = source_type.info != nullptr && source_signature.Test(source_type.info->type);
    const bool here = signature.Test(type);
    if (!here) {
      if (in_source) removed.push_back(info.name);
      continue;
    }
    const std::size_t start = components.size();
    components += components.empty() ? "" : ",";
    AppendNewline(components, 6);
    if (!in_source) {
      WriteComponent(components, entity, info, nullptr, 6);
      continue;
    }
    const void* component = world_.GetComponentData(entity, type);
    const void* source_component = source_world.GetComponentData(source, source_type.info->type);
    std::vector<const FieldInfo*> changed;
    for (std::size_t i = 0; i < info.fields.size(); ++i) {
      const FieldInfo& field = info.fields[i];
      const FieldInfo* source_field = source_type.fields[i];
      if (source_field != nullptr && same_as_prefab(field, component, *source_field, source_component)) continue;
      actual.clear();
      WriteField(actual, entity, info, field, component, SameId{});
      expected.clear();
      if (source_field != nullptr) {
        WriteField(expected, source, *source_type.info, *source_field, source_component, map_id);
      }
      if (actual != expected) changed.push_back(&field);
    }
    if (changed.empty()) {
      components.resize(start);
    } else {
      WriteComponent(components, entity, info, nullptr, 6, &changed);
    }
  }
  if (!components.empty()) {
    member("components");
    out += '{';
    out += components;
    AppendNewline(out, 5);
    out += '}';
  }
  if (!removed.empty()) {
    member("removed_components");
    out += '[';
    for (std::size_t i = 0; i < removed.size(); ++i) {
      if (i != 0) out += ", ";
      AppendString(out, removed[i]);
    }
    out += ']';
  }
  // An entity the scene adds children to is listed even without changes, so
  // that a later load can tell that those children's parent left the prefab.
  if (out.empty()) {
    bool anchors = false;
    world_.ForEachChild(entity, [&](Entity child) { anchors = anchors || !owned_[child.index]; });
    if (!anchors) return std::nullopt;
  }
  return out;
}

void EntityWriter::CollectComponentTypes() {
  const bool has_name = world_.IsRegistered<ecs::Name>();
  has_unknown_ = world_.IsRegistered<UnknownComponents>();
  if (has_unknown_) unknown_type_ = world_.GetComponentType<UnknownComponents>();
  has_prefab_instance_ = world_.IsRegistered<PrefabInstance>();
  if (has_prefab_instance_) prefab_instance_type_ = world_.GetComponentType<PrefabInstance>();
  for (ComponentType type = 0; type < world_.ComponentTypeCount(); ++type) {
    const ComponentInfo& info = world_.GetComponentInfo(type);
    if (!info.serialized) continue;
    if (has_name && type == world_.GetComponentType<ecs::Name>()) continue;
    if (has_unknown_ && type == unknown_type_) continue;
    if (options_.runtime && has_prefab_instance_ && type == prefab_instance_type_) continue;  // an editor concept
    types_.push_back(type);
  }
  std::sort(types_.begin(), types_.end(), [this](ComponentType a, ComponentType b) {
    return world_.GetComponentInfo(a).name < world_.GetComponentInfo(b).name;
  });
}

void EntityWriter::ComputeSiblingOrders() {
  std::uint32_t slots = 0;
  for (const auto& [id, entity] : entities_) slots = std::max(slots, entity.index + 1);
  order_.assign(slots, 0);
  parent_ids_.assign(slots, ecs::kNoEntityId);
  const auto number_children = [this](Entity parent, ecs::EntityId parent_id) {
    std::uint32_t position = 0;
    world_.ForEachChild(parent, [&](Entity child) {
      order_[child.index] = position++;
      parent_ids_[child.index] = parent_id;
    });
  };
  number_children(ecs::kNullEntity, ecs::kNoEntityId);
  for (const auto& [id, entity] : entities_) {
    if (world_.ChildCount(entity) != 0) number_children(entity, id);
  }
}

// Parents before children, so each matrix is one multiplication.
void EntityWriter::ComputeWorldMatrices() {
  matrices_.assign(order_.size(), glm::mat4(1.0f));
  const bool has_transform = world_.IsRegistered<ecs::Transform>();
  std::vector<std::pair<Entity, glm::mat4>> stack;
  world_.ForEachChild(ecs::kNullEntity, [&](Entity root) { stack.emplace_back(root, glm::mat4(1.0f)); });
  while (!stack.empty()) {
    const auto [entity, parent_world] = stack.back();
    stack.pop_back();
    const ecs::Transform* local = has_transform ? world_.TryGetComponent<ecs::Transform>(entity) : nullptr;
    const glm::mat4 matrix = local != nullptr ? parent_world * local->LocalMatrix() : parent_world;
    matrices_[entity.index] = matrix;
    world_.ForEachChild(entity, [&](Entity child) { stack.emplace_back(child, matrix); });
  }
}

void EntityWriter::WritePlace(Entity entity) {
  out_ += "\"parent\": ";
  const ecs::EntityId parent = parent_ids_[entity.index];
  if (parent) {
    AppendId(out_, parent);
  } else {
    out_ += "null";
  }
  out_ += ',';
  AppendNewline(out_, 3);
  out_ += "\"order\": ";
  AppendUnsigned(out_, order_[entity.index]);
}

void EntityWriter::WriteEntity(ecs::EntityId id, Entity entity) {
  out_ += '{';
  AppendNewline(out_, 3);
  out_ += "\"id\": ";
  AppendId(out_, id);
  out_ += ',';
  AppendNewline(out_, 3);
  out_ += "\"name\": ";
  const ecs::Name* name = world_.IsRegistered<ecs::Name>() ? world_.TryGetComponent<ecs::Name>(entity) : nullptr;
  if (name != nullptr) {
    AppendString(out_, name->value);
  } else {
    out_ += "null";
  }
  out_ += ',';
  AppendNewline(out_, 3);
  WritePlace(entity);
  out_ += ',';
  AppendNewline(out_, 3);
  out_ += "\"components\": ";
  WriteComponents(entity);
  if (options_.world_matrices) {
    out_ += ',';
    AppendNewline(out_, 3);
    out_ += "\"world\": ";
    WriteFloats(out_, entity, nullptr, nullptr, &matrices_[entity.index][0][0], 16);
  }
  AppendNewline(out_, 2);
  out_ += '}';
}

void EntityWriter::WriteComponents(Entity entity) {
  const ecs::Signature& signature = world_.GetSignature(entity);
  Document unknown = Document::object();
  if (has_unknown_ && signature.Test(unknown_type_)) {
    unknown = Document::parse(world_.GetComponent<UnknownComponents>(entity).json, nullptr, false);
    if (!unknown.is_object()) {
      throw SaveError(world_.DescribeEntity(entity) + ": its unknown components are not a JSON object");
    }
  }
  // Registered and unknown components merged in name order (both are sorted).
  auto next_unknown = unknown.begin();
  bool first = true;
  const auto start_member = [&] {
    out_ += first ? "{" : ",";
    first = false;
    AppendNewline(out_, 4);
  };
  const auto write_unknown_until = [&](const std::string* name) {
    for (; next_unknown != unknown.end() && (name == nullptr || next_unknown.key() <= *name); ++next_unknown) {
      // A stored unknown component that this world now registers: the
      // registered one is written.
      if (name != nullptr && next_unknown.key() == *name) continue;
      start_member();
      AppendString(out_, next_unknown.key());
      out_ += ": ";
      AppendValue(out_, next_unknown.value(), 4);
    }
  };
  for (ComponentType type : types_) {
    if (!signature.Test(type)) continue;
    const ComponentInfo& info = world_.GetComponentInfo(type);
    write_unknown_until(&info.name);
    start_member();
    // Fields a runtime-defined type no longer has, kept by the loader.
    const auto leftovers = info.IsRuntimeDefined() ? unknown.find(info.name) : unknown.end();
    WriteComponent(out_, entity, info, leftovers != unknown.end() && leftovers->is_object() ? &*leftovers : nullptr, 4);
  }
  write_unknown_until(nullptr);
  if (first) {
    out_ += "{}";
    return;
  }
  AppendNewline(out_, 3);
  out_ += '}';
}

void EntityWriter::WriteComponent(std::string& out, Entity entity, const ComponentInfo& info, const Document* leftovers,
                                  int depth, const std::vector<const FieldInfo*>* fields) {
  AppendString(out, info.name);
  out += ": ";
  if (info.fields.empty() && (leftovers == nullptr || leftovers->empty())) {
    out += "{}";
    return;
  }
  const void* component = world_.GetComponentData(entity, info.type);
  out += '{';
  bool first = true;
  for (const FieldInfo& field : info.fields) {
    if (fields != nullptr && std::find(fields->begin(), fields->end(), &field) == fields->end()) continue;
    if (!first) out += ',';
    first = false;
    AppendNewline(out, depth + 1);
    AppendString(out, field.name);
    out += ": ";
    WriteField(out, entity, info, field, component, SameId{});
  }
  if (leftovers != nullptr) {
    for (auto it = leftovers->begin(); it != leftovers->end(); ++it) {
      if (info.FindField(it.key()) != nullptr) continue;  // the reflected value wins
      if (!first) out += ',';
      first = false;
      AppendNewline(out, depth + 1);
      AppendString(out, it.key());
      out += ": ";
      AppendValue(out, it.value(), depth + 1);
    }
  }
  AppendNewline(out, depth);
  out += '}';
}

template <typename MapId>
void EntityWriter::WriteField(std::string& out, Entity entity, const ComponentInfo& info, const FieldInfo& field,
                              const void* component, MapId map_id) const {
  // ecs::EncodeField's sink writing this file's text.
  struct TextSink {
    const EntityWriter& writer;
    std::string& out;
    Entity entity;
    const ComponentInfo& info;
    const FieldInfo& field;
    MapId& map_id;
    void Bool(bool value) { out += value ? "true" : "false"; }
    void Integer(std::int64_t value) { AppendInteger(out, value); }
    void String(std::string_view text) { AppendString(out, text); }
    void Null() { out += "null"; }
    void Id(ecs::EntityId id) { AppendId(out, map_id(id)); }
    void Numbers(const float* values, std::size_t count, bool) {
      writer.WriteFloats(out, entity, &info, &field, values, static_cast<int>(count));
    }
  };
  TextSink sink{*this, out, entity, info, field, map_id};
  ecs::EncodeField(field, component, sink);
}

void EntityWriter::WriteFloats(std::string& out, Entity entity, const ComponentInfo* info, const FieldInfo* field,
                               const float* values, int count) const {
  for (int i = 0; i < count; ++i) {
    if (!std::isfinite(values[i])) {
      NotFinite(entity, info == nullptr ? std::string("its world matrix") : info->name + "." + field->name);
    }
  }
  if (count == 1) {
    AppendFloat(out, values[0]);
    return;
  }
  out += '[';
  for (int i = 0; i < count; ++i) {
    if (i != 0) out += ", ";
    AppendFloat(out, values[i]);
  }
  out += ']';
}

void EntityWriter::NotFinite(Entity entity, std::string_view what) const {
  throw SaveError(world_.DescribeEntity(entity) + ": " + std::string(what) + " is not finite");
}

}  // namespace

void AppendEntities(std::string& out, const ecs::Coordinator& world, const EntityWriteOptions& options) {
  EntityWriter(out, world, options).Write();
}

}  // namespace cairn::serialization::detail
