#include "cairn/serialization/prefab_diff.h"

#include <algorithm>
#include <cstring>
#include <string_view>
#include <tuple>
#include <unordered_map>

#include "cairn/ecs/components/name.h"
#include "cairn/ecs/field_codec.h"
#include "cairn/serialization/unknown_components.h"

namespace cairn::serialization {

ecs::EntityId InstanceIdMap::operator()(ecs::EntityId prefab_id) const {
  return prefab->by_id.contains(prefab_id) ? InstanceEntityId(instance_id, prefab->root_id, prefab_id) : prefab_id;
}

namespace {

using ecs::ComponentInfo;
using ecs::ComponentType;
using ecs::Entity;
using ecs::FieldInfo;

// The one JSON value a field encodes to (ecs::EncodeFieldAt's sink), kept
// without writing it: two compare as the text they would be written as.
// Strings point into the component or the field's enum names, so a value
// lives no longer than the component it was read from.
struct EncodedValue {
  enum class Kind : std::uint8_t { kNothing, kBool, kInteger, kString, kNull, kId, kNumbers };

  const InstanceIdMap* ids = nullptr;  // the prefab's side: references mapped into the instance
  Kind kind = Kind::kNothing;
  bool boolean = false;
  std::int64_t integer = 0;
  std::string_view text;
  ecs::EntityId id;
  float numbers[ecs::kMostFieldFloats] = {};
  std::size_t count = 0;
  bool array = false;

  void Bool(bool value) {
    kind = Kind::kBool;
    boolean = value;
  }
  void Integer(std::int64_t value) {
    kind = Kind::kInteger;
    integer = value;
  }
  void String(std::string_view value) {
    kind = Kind::kString;
    text = value;
  }
  void Null() { kind = Kind::kNull; }
  void Id(ecs::EntityId value) {
    kind = Kind::kId;
    id = ids != nullptr ? (*ids)(value) : value;
  }
  void Numbers(const float* values, std::size_t how_many, bool is_array) {
    kind = Kind::kNumbers;
    count = std::min(how_many, ecs::kMostFieldFloats);
    std::memcpy(numbers, values, count * sizeof(float));
    array = is_array;
  }
};

// Equal text: the writer writes every finite float in the shortest form that
// reads back as the same bits, so distinct bits are distinct texts ("-0.0"
// and "0" included). A NaN, which no file holds, equals only its own bits.
bool SameText(const EncodedValue& a, const EncodedValue& b) {
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case EncodedValue::Kind::kNothing:
    case EncodedValue::Kind::kNull: return true;
    case EncodedValue::Kind::kBool: return a.boolean == b.boolean;
    case EncodedValue::Kind::kInteger: return a.integer == b.integer;
    case EncodedValue::Kind::kString: return a.text == b.text;
    case EncodedValue::Kind::kId: return a.id == b.id;
    case EncodedValue::Kind::kNumbers:
      return a.count == b.count && a.array == b.array &&
             std::memcmp(a.numbers, b.numbers, a.count * sizeof(float)) == 0;
  }
  return false;
}

bool Excluded(const ecs::Coordinator& world, const ComponentInfo& info) {
  if (!info.serialized) return true;
  if (world.IsRegistered<ecs::Name>() && info.type == world.GetComponentType<ecs::Name>()) return true;
  return world.IsRegistered<UnknownComponents>() && info.type == world.GetComponentType<UnknownComponents>();
}

// How the world's component types correspond to one prefab world's, by name
// (fields by name and type), as files match them; each type matched once,
// when first asked for.
class PrefabTypes {
 public:
  struct Match {
    bool matched = false;
    const ComponentInfo* info = nullptr;  // the prefab world's; null: it does not register the name
    std::vector<const FieldInfo*> fields;  // by the world's field index; null: no such field there
  };

  PrefabTypes(const ecs::Coordinator& world, const Prefab& prefab)
      : world_(world), prefab_(prefab), matches_(world.ComponentTypeCount()) {}

  const Match& Of(ComponentType type) {
    Match& match = matches_[type];
    if (match.matched) return match;
    match.matched = true;
    const ComponentInfo& info = world_.GetComponentInfo(type);
    match.info = prefab_.world->FindComponentInfo(info.name);
    if (match.info == nullptr) return match;
    match.fields.reserve(info.fields.size());
    for (const FieldInfo& field : info.fields) {
      const FieldInfo* source_field = match.info->FindField(field.name);
      match.fields.push_back(source_field != nullptr && source_field->type == field.type ? source_field : nullptr);
    }
    return match;
  }

  // The types an entity's overrides name, in name order (files write
  // components sorted by name).
  const std::vector<ComponentType>& Overridable() {
    if (!overridable_.empty() || world_.ComponentTypeCount() == 0) return overridable_;
    for (ComponentType type = 0; type < world_.ComponentTypeCount(); ++type) {
      if (!Excluded(world_, world_.GetComponentInfo(type))) overridable_.push_back(type);
    }
    std::sort(overridable_.begin(), overridable_.end(), [this](ComponentType a, ComponentType b) {
      return world_.GetComponentInfo(a).name < world_.GetComponentInfo(b).name;
    });
    return overridable_;
  }

 private:
  const ecs::Coordinator& world_;
  const Prefab& prefab_;
  std::vector<Match> matches_;
  std::vector<ComponentType> overridable_;
};

// Compares the entities of one instance with those of its prefab.
class MemberDiffer {
 public:
  MemberDiffer(const ecs::Coordinator& world, const Prefab& prefab, ecs::EntityId instance_id, PrefabTypes& types)
      : world_(world), prefab_(prefab), ids_{&prefab, instance_id}, types_(types) {}

  // `source_position` and `position`: the two entities' indices among their
  // siblings (known to a caller that walked them; SiblingIndex walks).
  MemberOverrides Diff(Entity source, Entity entity, std::uint32_t source_position, std::uint32_t position) const {
    MemberOverrides overrides;
    overrides.entity = entity;
    overrides.source = source;
    overrides.renamed = Renamed(source, entity);
    const bool is_root = source == prefab_.root;
    if (!is_root) Place(source, entity, source_position, position, overrides);
    const ComponentType marker =
        world_.IsRegistered<PrefabInstance>() ? world_.GetComponentType<PrefabInstance>() : ComponentType{0};
    for (const ComponentType type : types_.Overridable()) {
      if (is_root && world_.IsRegistered<PrefabInstance>() && type == marker) continue;  // what makes it an instance
      if (std::optional<ComponentOverride> component = Component(source, entity, type)) {
        overrides.components.push_back(std::move(*component));
      }
    }
    return overrides;
  }

  std::optional<ComponentOverride> Component(Entity source, Entity entity, ComponentType type) const {
    const PrefabTypes::Match& match = types_.Of(type);
    const bool in_source = match.info != nullptr && prefab_.world->GetSignature(source).Test(match.info->type);
    const bool here = world_.GetSignature(entity).Test(type);
    const ComponentInfo& info = world_.GetComponentInfo(type);
    if (!here) {
      if (!in_source) return std::nullopt;
      return ComponentOverride{type, ComponentChange::kRemoved, {}};
    }
    ComponentOverride component{type, in_source ? ComponentChange::kFields : ComponentChange::kAdded, {}};
    const void* data = world_.GetComponentData(entity, type);
    const void* source_data = in_source ? prefab_.world->GetComponentData(source, match.info->type) : nullptr;
    for (std::size_t i = 0; i < info.fields.size(); ++i) {
      const FieldInfo& field = info.fields[i];
      const FieldInfo* source_field = in_source ? match.fields[i] : nullptr;
      if (source_field == nullptr || !SameFieldValue(field, data, *source_field, source_data, ids_)) {
        component.fields.push_back(&field);
      }
    }
    if (in_source && component.fields.empty()) return std::nullopt;
    return component;
  }

 private:
  bool Renamed(Entity source, Entity entity) const {
    const ecs::Coordinator& source_world = *prefab_.world;
    const ecs::Name* name = world_.IsRegistered<ecs::Name>() ? world_.TryGetComponent<ecs::Name>(entity) : nullptr;
    const ecs::Name* source_name =
        source_world.IsRegistered<ecs::Name>() ? source_world.TryGetComponent<ecs::Name>(source) : nullptr;
    if (name == nullptr || source_name == nullptr) return (name == nullptr) != (source_name == nullptr);
    return name->value != source_name->value;
  }

  // The parent is compared as an id, so a move under a scene's own entity
  // (a plain child of a member) is a move too.
  void Place(Entity source, Entity entity, std::uint32_t source_position, std::uint32_t position,
             MemberOverrides& overrides) const {
    const ecs::Coordinator& source_world = *prefab_.world;
    const ecs::EntityId expected_parent = ids_(source_world.GetEntityId(source_world.GetParent(source)));
    const Entity parent_entity = world_.GetParent(entity);
    const ecs::EntityId parent = parent_entity.IsNull() ? ecs::kNoEntityId : world_.GetEntityId(parent_entity);
    if (parent != expected_parent) overrides.parent = parent;
    if (parent != expected_parent || position != source_position) overrides.order = position;
  }

  const ecs::Coordinator& world_;
  const Prefab& prefab_;
  InstanceIdMap ids_;
  PrefabTypes& types_;
};

// Each entity's index among its siblings, by entity slot, for the subtree
// of one root: one walk instead of a walk per entity.
class Positions {
 public:
  Positions(const ecs::Coordinator& world, Entity root) {
    world.ForEachInSubtree(root, [this](Entity entity, std::uint32_t position) {
      if (by_slot_.size() <= entity.index) by_slot_.resize(entity.index + 1, 0);
      by_slot_[entity.index] = position;
    });
  }
  std::uint32_t Of(Entity entity) const { return by_slot_[entity.index]; }

 private:
  std::vector<std::uint32_t> by_slot_;
};

// What the diff of every instance of one prefab shares.
struct PrefabContext {
  PrefabContext(const ecs::Coordinator& world, const Prefab& prefab)
      : types(world, prefab), positions(*prefab.world, prefab.root) {}
  PrefabTypes types;
  Positions positions;  // of the prefab's entities
};

// Which entities instances already claimed (by entity slot).
class Claims {
 public:
  bool Has(Entity entity) const { return entity.index < claimed_.size() && claimed_[entity.index]; }
  void Add(Entity entity) {
    if (claimed_.size() <= entity.index) claimed_.resize(entity.index + 1, false);
    claimed_[entity.index] = true;
  }

 private:
  std::vector<bool> claimed_;
};

// The members and removed entities of the instance at `root`: each prefab
// entity whose derived id names an entity of root's subtree that no instance
// claimed before.
InstanceDiff Members(const ecs::Coordinator& world, Entity root, std::shared_ptr<const Prefab> prefab,
                     const Claims& claims) {
  InstanceDiff diff{root, world.GetEntityId(root), std::move(prefab), {}, {}, {}};
  const Prefab& source = *diff.prefab;
  std::vector<ecs::EntityId> absent;  // prefab ids without an entity here
  for (const Entity source_entity : source.entities) {
    const ecs::EntityId source_id = source.world->GetEntityId(source_entity);
    const Entity entity = world.FindEntity(InstanceEntityId(diff.id, source.root_id, source_id));
    const bool present =
        !entity.IsNull() && !claims.Has(entity) && (entity == root || world.IsAncestorOf(root, entity));
    if (present) {
      diff.members.emplace_back(source_entity, entity);
      continue;
    }
    const ecs::EntityId parent_id = source.world->GetEntityId(source.world->GetParent(source_entity));
    if (std::find(absent.begin(), absent.end(), parent_id) == absent.end()) diff.removed.push_back(source_id);
    absent.push_back(source_id);
  }
  std::sort(diff.removed.begin(), diff.removed.end());
  return diff;
}

}  // namespace

bool SameFieldValue(const FieldInfo& field, const void* component, const FieldInfo& prefab_field,
                    const void* prefab_component, const InstanceIdMap& ids) {
  if (field.type != prefab_field.type) return false;
  EncodedValue value;
  ecs::EncodeField(field, component, value);
  EncodedValue prefab_value;
  prefab_value.ids = &ids;
  ecs::EncodeField(prefab_field, prefab_component, prefab_value);
  return SameText(value, prefab_value);
}

const ComponentOverride* MemberOverrides::FindComponent(ecs::ComponentType type) const {
  const auto found = std::find_if(components.begin(), components.end(),
                                  [type](const ComponentOverride& component) { return component.type == type; });
  return found == components.end() ? nullptr : &*found;
}

std::vector<InstanceDiff> DiffInstances(const ecs::Coordinator& world, PrefabLibrary& library) {
  std::vector<InstanceDiff> diffs;
  if (!world.IsRegistered<PrefabInstance>()) return diffs;
  const ComponentType marker = world.GetComponentType<PrefabInstance>();
  // Outermost first, then by id: an instance inside another one's prefab is
  // part of that prefab, not an instance of the scene.
  std::vector<std::tuple<std::size_t, ecs::EntityId, Entity>> roots;
  world.ForEachEntity([&](Entity entity) {
    if (!world.GetSignature(entity).Test(marker)) return;
    std::size_t depth = 0;
    world.ForEachAncestorWhile(entity, [&depth](Entity) { return ++depth, true; });
    roots.emplace_back(depth, world.GetEntityId(entity), entity);
  });
  std::sort(roots.begin(), roots.end(), [](const auto& a, const auto& b) {
    return std::tie(std::get<0>(a), std::get<1>(a)) < std::tie(std::get<0>(b), std::get<1>(b));
  });
  Claims claims;
  std::unordered_map<const Prefab*, PrefabContext> contexts;
  for (const auto& entry : roots) {
    const Entity root = std::get<2>(entry);
    if (claims.Has(root)) continue;
    PrefabLookup lookup = library.Get(world.GetComponent<PrefabInstance>(root).prefab);
    if (lookup.prefab == nullptr) continue;
    InstanceDiff diff = Members(world, root, std::move(lookup.prefab), claims);
    for (const auto& [source, entity] : diff.members) claims.Add(entity);
    PrefabContext& context = contexts.try_emplace(diff.prefab.get(), world, *diff.prefab).first->second;
    const MemberDiffer differ(world, *diff.prefab, diff.id, context.types);
    const Positions positions(world, root);
    for (const auto& [source, entity] : diff.members) {
      MemberOverrides overrides = differ.Diff(source, entity, context.positions.Of(source), positions.Of(entity));
      if (!overrides.Empty()) diff.overrides.push_back(std::move(overrides));
    }
    diffs.push_back(std::move(diff));
  }
  std::sort(diffs.begin(), diffs.end(), [](const InstanceDiff& a, const InstanceDiff& b) { return a.id < b.id; });
  return diffs;
}

std::optional<InstanceDiff> DiffInstance(const ecs::Coordinator& world, PrefabLibrary& library, ecs::Entity root) {
  // Which entities are the instance's depends on the instances around it:
  // the whole world's diff says, so this one cannot disagree with it.
  for (InstanceDiff& diff : DiffInstances(world, library)) {
    if (diff.root == root) return std::move(diff);
  }
  return std::nullopt;
}

MemberOverrides DiffMember(const ecs::Coordinator& world, const InstanceMember& member, ecs::Entity entity) {
  PrefabTypes types(world, *member.prefab);
  return MemberDiffer(world, *member.prefab, member.instance_id, types)
      .Diff(member.source, entity, member.prefab->world->SiblingIndex(member.source), world.SiblingIndex(entity));
}

std::optional<ComponentOverride> DiffComponent(const ecs::Coordinator& world, const InstanceMember& member,
                                               ecs::Entity entity, ecs::ComponentType type) {
  PrefabTypes types(world, *member.prefab);
  return MemberDiffer(world, *member.prefab, member.instance_id, types).Component(member.source, entity, type);
}

const ecs::FieldInfo* PrefabField(const ecs::Coordinator& world, const Prefab& prefab, ecs::ComponentType type,
                                  const ecs::FieldInfo& field) {
  const ComponentInfo* source_info = prefab.world->FindComponentInfo(world.GetComponentInfo(type).name);
  if (source_info == nullptr) return nullptr;
  const FieldInfo* source_field = source_info->FindField(field.name);
  return source_field != nullptr && source_field->type == field.type ? source_field : nullptr;
}

}  // namespace cairn::serialization
