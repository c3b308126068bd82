#include "entity_writer.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
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
#include "cairn/serialization/prefab_diff.h"
#include "cairn/serialization/scene_writer.h"
#include "cairn/serialization/unknown_components.h"

namespace cairn::serialization::detail {

namespace {

using ecs::ComponentInfo;
using ecs::ComponentType;
using ecs::Entity;
using ecs::FieldInfo;
using ecs::FieldType;

// The entities' text is kept in blocks of this size (or one entity's, if
// bigger) until it is put in id order.
constexpr std::size_t kTextBlock = std::size_t{4} << 20;
// Pieces whose text is asked for ahead of the one being copied.
constexpr std::size_t kPrefetchAhead = 8;
constexpr std::size_t kCacheLine = 64;

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
  void FindInstances();
  void WriteInstances();
  void WriteInstance(const InstanceDiff& instance);
  // The overrides of one entity of an instance (null: it has none), as the
  // members of its object in "overrides"; nullopt when nothing is written.
  std::optional<std::string> InstanceOverrides(const MemberOverrides* overrides, Entity entity) const;
  void CollectComponentTypes();
  void ComputeSiblingOrders();
  void ComputeWorldMatrices();
  // Formats every entity written in "entities" in slot order, then appends
  // their text to out_ in id order.
  void WriteEntities();
  void WriteEntity(std::string& out, ecs::EntityId id, Entity entity) const;
  // `"parent": ..., "order": N` of an entity or an instance's root (depth 3).
  void WritePlace(std::string& out, Entity entity) const;
  void WriteComponents(std::string& out, Entity entity) const;
  // `leftovers`: fields to write after the reflected ones (those a
  // runtime-defined type no longer has); null for none.
  // `fields`: those to write (null: all), at `depth` (the component's key).
  void WriteComponent(std::string& out, Entity entity, const ComponentInfo& info, const Document* leftovers, int depth,
                      const std::vector<const FieldInfo*>* fields = nullptr) const;
  void WriteField(std::string& out, Entity entity, const ComponentInfo& info, const FieldInfo& field,
                  const void* component) const;
  // `info` and `field` name the values in an error; null: the world matrix.
  void WriteFloats(std::string& out, Entity entity, const ComponentInfo* info, const FieldInfo* field,
                   const float* values, int count) const;
  [[noreturn]] void NotFinite(Entity entity, std::string_view what) const;

  std::string& out_;
  const ecs::Coordinator& world_;
  const EntityWriteOptions& options_;
  std::vector<std::pair<ecs::EntityId, Entity>> entities_;  // in slot order
  std::vector<ComponentType> types_;  // written components, sorted by name
  bool has_unknown_ = false;
  ComponentType unknown_type_ = 0;
  std::vector<std::uint32_t> order_;          // by entity slot
  std::vector<ecs::EntityId> parent_ids_;     // by entity slot; kNoEntityId: a root
  std::vector<glm::mat4> matrices_;   // by entity slot
  bool has_prefab_instance_ = false;
  ComponentType prefab_instance_type_ = 0;
  std::vector<InstanceDiff> instances_;
  std::vector<bool> owned_;  // by entity slot: an entity of an instance, not written in "entities"
};

void EntityWriter::Write() {
  world_.ForEachEntity([this](Entity entity) { entities_.emplace_back(world_.GetEntityId(entity), entity); });
  CollectComponentTypes();
  ComputeSiblingOrders();
  if (options_.world_matrices) ComputeWorldMatrices();
  owned_.assign(order_.size(), false);
  if (!options_.runtime && options_.prefabs != nullptr && has_prefab_instance_) FindInstances();
  WriteEntities();
  if (!options_.runtime) WriteInstances();
}

// The file lists entities by id, and ids are random: read in id order, a
// big scene's records are read all over memory, each a cache miss. So each
// entity is formatted as its records lie (slot order), into blocks of text,
// and the finished pieces of text are then copied out in id order: only
// that copy jumps around, and the address of each piece is known ahead.
void EntityWriter::WriteEntities() {
  struct Piece {
    ecs::EntityId id;
    std::string_view text;
  };
  std::vector<Piece> pieces;
  pieces.reserve(entities_.size());
  std::vector<std::string> blocks;
  std::string piece;
  std::size_t total = 0;
  for (const auto& [id, entity] : entities_) {
    if (owned_[entity.index]) continue;
    piece.clear();
    WriteEntity(piece, id, entity);
    // A block is never let grow past what it reserved: the views stay good.
    if (blocks.empty() || blocks.back().capacity() - blocks.back().size() < piece.size()) {
      blocks.emplace_back().reserve(std::max(kTextBlock, piece.size()));
    }
    std::string& block = blocks.back();
    const std::size_t start = block.size();
    block += piece;
    pieces.push_back({id, std::string_view(block).substr(start)});
    total += piece.size();
  }
  std::sort(pieces.begin(), pieces.end(), [](const Piece& a, const Piece& b) { return a.id < b.id; });

  out_ += "\"entities\": [";
  constexpr int kDepth = 2;
  out_.reserve(out_.size() + total + pieces.size() * (2 + kDepth * 2) + 8);
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    if (i + kPrefetchAhead < pieces.size()) {
      const std::string_view ahead = pieces[i + kPrefetchAhead].text;
      for (std::size_t line = 0; line < ahead.size(); line += kCacheLine) __builtin_prefetch(ahead.data() + line);
    }
    if (i != 0) out_ += ',';
    AppendNewline(out_, kDepth);
    out_ += pieces[i].text;
  }
  if (!pieces.empty()) AppendNewline(out_, 1);
  out_ += ']';
}

// What each instance changes is the diff's (prefab_diff.h): what the
// Inspector and the Hierarchy show is what is written.
void EntityWriter::FindInstances() {
  instances_ = DiffInstances(world_, *options_.prefabs);
  for (const InstanceDiff& instance : instances_) {
    for (const auto& [source, entity] : instance.members) owned_[entity.index] = true;
  }
}

void EntityWriter::WriteInstances() {
  out_ += ",";
  AppendNewline(out_, 1);
  out_ += "\"instances\": [";
  bool first = true;
  for (const InstanceDiff& instance : instances_) {
    if (!first) out_ += ',';
    first = false;
    AppendNewline(out_, 2);
    WriteInstance(instance);
  }
  if (!first) AppendNewline(out_, 1);
  out_ += ']';
}

void EntityWriter::WriteInstance(const InstanceDiff& instance) {
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
  WritePlace(out_, instance.root);
  out_ += ',';
  AppendNewline(out_, 3);
  out_ += "\"overrides\": {";
  bool first = true;
  std::vector<std::pair<ecs::EntityId, std::string>> overrides;
  auto next = instance.overrides.begin();  // in members order
  for (const auto& [source, entity] : instance.members) {
    const MemberOverrides* own = nullptr;
    if (next != instance.overrides.end() && next->entity == entity) own = &*next++;
    if (std::optional<std::string> text = InstanceOverrides(own, entity)) {
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

std::optional<std::string> EntityWriter::InstanceOverrides(const MemberOverrides* overrides, Entity entity) const {
  std::string out;
  const auto member = [&out](std::string_view key) {
    out += out.empty() ? "" : ",";
    AppendNewline(out, 5);
    AppendString(out, key);
    out += ": ";
  };
  if (overrides != nullptr) {
    if (overrides->renamed) {
      member("name");
      const ecs::Name* name = world_.IsRegistered<ecs::Name>() ? world_.TryGetComponent<ecs::Name>(entity) : nullptr;
      if (name != nullptr) {
        AppendString(out, name->value);
      } else {
        out += "null";
      }
    }
    if (overrides->parent) {
      member("parent");
      AppendId(out, *overrides->parent);
    }
    if (overrides->order) {
      member("order");
      AppendUnsigned(out, *overrides->order);
    }
    std::string components;
    std::vector<std::string_view> removed;
    for (const ComponentOverride& component : overrides->components) {
      const ComponentInfo& info = world_.GetComponentInfo(component.type);
      if (component.change == ComponentChange::kRemoved) {
        removed.push_back(info.name);
        continue;
      }
      components += components.empty() ? "" : ",";
      AppendNewline(components, 6);
      const bool whole = component.change == ComponentChange::kAdded;
      WriteComponent(components, entity, info, nullptr, 6, whole ? nullptr : &component.fields);
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
  // Parents in slot order, not id order: each entity's links are read in
  // the order they lie in memory (ids are random, slots are not).
  world_.ForEachEntity([&](Entity entity) {
    if (world_.ChildCount(entity) != 0) number_children(entity, world_.GetEntityId(entity));
  });
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

void EntityWriter::WritePlace(std::string& out, Entity entity) const {
  out += "\"parent\": ";
  const ecs::EntityId parent = parent_ids_[entity.index];
  if (parent) {
    AppendId(out, parent);
  } else {
    out += "null";
  }
  out += ',';
  AppendNewline(out, 3);
  out += "\"order\": ";
  AppendUnsigned(out, order_[entity.index]);
}

void EntityWriter::WriteEntity(std::string& out, ecs::EntityId id, Entity entity) const {
  out += '{';
  AppendNewline(out, 3);
  out += "\"id\": ";
  AppendId(out, id);
  out += ',';
  AppendNewline(out, 3);
  out += "\"name\": ";
  const ecs::Name* name = world_.IsRegistered<ecs::Name>() ? world_.TryGetComponent<ecs::Name>(entity) : nullptr;
  if (name != nullptr) {
    AppendString(out, name->value);
  } else {
    out += "null";
  }
  out += ',';
  AppendNewline(out, 3);
  WritePlace(out, entity);
  out += ',';
  AppendNewline(out, 3);
  out += "\"components\": ";
  WriteComponents(out, entity);
  if (options_.world_matrices) {
    out += ',';
    AppendNewline(out, 3);
    out += "\"world\": ";
    WriteFloats(out, entity, nullptr, nullptr, &matrices_[entity.index][0][0], 16);
  }
  AppendNewline(out, 2);
  out += '}';
}

void EntityWriter::WriteComponents(std::string& out, Entity entity) const {
  const ecs::Signature& signature = world_.GetSignature(entity);
  // Null (no allocation) for the many entities with no unknown components.
  Document unknown;
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
    out += first ? "{" : ",";
    first = false;
    AppendNewline(out, 4);
  };
  const auto write_unknown_until = [&](const std::string* name) {
    for (; next_unknown != unknown.end() && (name == nullptr || next_unknown.key() <= *name); ++next_unknown) {
      // A stored unknown component that this world now registers: the
      // registered one is written.
      if (name != nullptr && next_unknown.key() == *name) continue;
      start_member();
      AppendString(out, next_unknown.key());
      out += ": ";
      AppendValue(out, next_unknown.value(), 4);
    }
  };
  for (ComponentType type : types_) {
    if (!signature.Test(type)) continue;
    const ComponentInfo& info = world_.GetComponentInfo(type);
    write_unknown_until(&info.name);
    start_member();
    // Fields a runtime-defined type no longer has, kept by the loader.
    const auto leftovers = info.IsRuntimeDefined() ? unknown.find(info.name) : unknown.end();
    WriteComponent(out, entity, info, leftovers != unknown.end() && leftovers->is_object() ? &*leftovers : nullptr, 4);
  }
  write_unknown_until(nullptr);
  if (first) {
    out += "{}";
    return;
  }
  AppendNewline(out, 3);
  out += '}';
}

void EntityWriter::WriteComponent(std::string& out, Entity entity, const ComponentInfo& info, const Document* leftovers,
                                  int depth, const std::vector<const FieldInfo*>* fields) const {
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
    WriteField(out, entity, info, field, component);
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

void EntityWriter::WriteField(std::string& out, Entity entity, const ComponentInfo& info, const FieldInfo& field,
                              const void* component) const {
  // ecs::EncodeField's sink writing this file's text.
  struct TextSink {
    const EntityWriter& writer;
    std::string& out;
    Entity entity;
    const ComponentInfo& info;
    const FieldInfo& field;
    void Bool(bool value) { out += value ? "true" : "false"; }
    void Integer(std::int64_t value) { AppendInteger(out, value); }
    void String(std::string_view text) { AppendString(out, text); }
    void Null() { out += "null"; }
    void Id(ecs::EntityId id) { AppendId(out, id); }
    void Numbers(const float* values, std::size_t count, bool) {
      writer.WriteFloats(out, entity, &info, &field, values, static_cast<int>(count));
    }
  };
  TextSink sink{*this, out, entity, info, field};
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
