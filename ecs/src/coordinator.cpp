#include "cairn/ecs/coordinator.h"

#include "runtime_component_storage.h"

#include <algorithm>
#include <cstdlib>
#include <cxxabi.h>
#include <random>

#include "cairn/ecs/components/name.h"
#include "cairn/ecs/components/transform.h"

namespace cairn::ecs {

std::string ReadableTypeName(const std::type_info& type) {
  int status = 0;
  std::unique_ptr<char, void (*)(void*)> demangled(abi::__cxa_demangle(type.name(), nullptr, nullptr, &status),
                                                   std::free);
  std::string name = status == 0 && demangled ? demangled.get() : type.name();
  const std::size_t template_start = name.find('<');
  const std::size_t scope = name.rfind("::", template_start);
  return scope == std::string::npos ? name : name.substr(scope + 2);
}

std::uint64_t RandomIdSeed() {
  std::random_device device;
  return (std::uint64_t{device()} << 32) ^ device();
}

Coordinator::Coordinator(std::uint64_t id_seed) : pool_(id_seed), systems_(pool_, signatures_) {
  RegisterComponent<Hierarchy>("Hierarchy", StorageKind::kPerEntity).HiddenFromUi().NotSerialized();
  hierarchy_ = &GetStorage<Hierarchy>();
  hierarchy_type_ = GetComponentType<Hierarchy>();
  hierarchy_bit_ = Signature::BitOf(hierarchy_type_);
  links_.Bind(*hierarchy_);
}

Coordinator::~Coordinator() = default;

// ---- Entities ----------------------------------------------------------------

Entity Coordinator::CreateEntity() { return SetUpNewEntity(pool_.CreateWithGeneratedId()); }

Entity Coordinator::CreateEntity(EntityId id) {
  if (!id) throw EntityIdError("cannot create an entity with id 0000000000000000: ids are non-zero");
  if (pool_.ContainsId(id)) {
    throw EntityIdError("cannot create an entity with id " + ToHex(id) + ": " + DescribeEntity(pool_.Find(id)) +
                        " already has it");
  }
  return SetUpNewEntity(pool_.Create(id));
}

std::vector<Entity> Coordinator::CreateEntities(std::size_t count) {
  ReserveEntities(pool_.AliveCount() + count);
  pool_.ReserveGeneratedIds(count);
  std::vector<Entity> entities;
  // An EntityCreated handler, or a hooked system watching Hierarchy, sees
  // each entity as CreateEntity leaves it, before the next is made.
  if (events_.HasSubscribers<EntityCreated>() || systems_.HooksWatch(hierarchy_type_)) {
    entities.reserve(count);
    for (std::size_t i = 0; i < count; ++i) entities.push_back(SetUpNewEntity(pool_.CreateWithGeneratedId()));
    return entities;
  }
  // Otherwise nobody can look in between: each array is written in one pass.
  pool_.CreateWithGeneratedIds(count, entities);
  for (const Entity entity : entities) SetNewSignature(entity);
  links_.EmplaceRoots(entities);
  if (systems_.Watches(hierarchy_type_)) systems_.EntitiesSignatureChanged(entities, hierarchy_type_);
  return entities;
}

Entity Coordinator::SetUpNewEntity(Entity entity) {
  const Signature& signature = SetNewSignature(entity);
  hierarchy_->Emplace(entity);
  links_.LinkLastRoot(entity);
  systems_.ComponentAdded(entity, signature, hierarchy_type_);
  events_.Publish(EntityCreated{entity, pool_.IdOf(entity)});
  return entity;
}

void Coordinator::DestroyEntity(Entity entity) {
  if (!pool_.IsAlive(entity)) [[unlikely]] ThrowStale(entity, "DestroyEntity", "");
  if (links_.ChildCount(entity) != 0) [[unlikely]] ThrowHasChildren(entity);
  if (events_.HasSubscribers<EntityDestroyed>()) [[unlikely]] {
    events_.Publish(EntityDestroyed{entity, pool_.IdOf(entity)});
  }
  links_.Unlink(entity);
  systems_.EntityDestroyed(entity, signatures_[entity.index]);
  // Looked up again: a system's removal hook may have moved the array.
  Signature& signature = signatures_[entity.index];
  signature.ForEach([&](ComponentType type) { storages_[type]->Remove(entity); });
  signature.Clear();
  pool_.Destroy(entity);
  systems_.EntityGone(entity.index);
}

void Coordinator::ThrowHasChildren(Entity entity) const {
  throw HierarchyError("cannot destroy " + DescribeEntity(entity) + ": it has " +
                       std::to_string(links_.ChildCount(entity)) +
                       " children (use DestroyEntityAndChildren or move them first)");
}

void Coordinator::DestroyEntityAndChildren(Entity entity) {
  RequireAlive(entity, "DestroyEntityAndChildren", "");
  for (Entity doomed : links_.SubtreePostOrder(entity)) DestroyEntity(doomed);
}

EntityId Coordinator::GetEntityId(Entity entity) const {
  RequireAlive(entity, "GetEntityId", "");
  return pool_.IdOf(entity);
}

Entity Coordinator::GetEntity(EntityId id) const {
  const Entity entity = pool_.Find(id);
  if (entity.IsNull()) throw StaleEntityError("no entity has id " + ToHex(id));
  return entity;
}

void Coordinator::ReserveEntities(std::size_t count, NewIds ids) {
  // Slots are reused before new ones are made, so `count` live entities
  // never need more than this many slots.
  const std::size_t slots = std::max(pool_.SlotCount(), count);
  pool_.Reserve(slots);
  if (ids == NewIds::kGiven && count > pool_.AliveCount()) pool_.ReserveGivenIds(count - pool_.AliveCount());
  signatures_.reserve(slots);
  for (const auto& storage : storages_) storage->ExpectSlots(slots);
  systems_.Reserve(slots);
}

std::string Coordinator::DescribeEntity(Entity entity) const {
  if (!pool_.IsAlive(entity)) return "stale entity " + ToString(entity);
  std::string text = "entity " + ToHex(pool_.IdOf(entity));
  if (IsRegistered<Name>()) {
    const auto& names = static_cast<const ComponentStorage<Name>&>(*TypedSlot<Name>().storage);
    if (names.Contains(entity) && !names.Get(entity).value.empty()) text += " (" + names.Get(entity).value + ")";
  }
  return text;
}

void Coordinator::RequireAlive(Entity entity, std::string_view operation, std::string_view component) const {
  if (!pool_.IsAlive(entity)) ThrowStale(entity, operation, component);
}

void Coordinator::ThrowStale(Entity entity, std::string_view operation, std::string_view component) const {
  std::string message = "stale entity handle " + ToString(entity) + " in " + std::string(operation);
  if (!component.empty()) message += "<" + std::string(component) + ">";
  message += ": the entity was destroyed or never existed";
  throw StaleEntityError(message);
}

// ---- Component types ------------------------------------------------------------

ComponentInfo& Coordinator::AddComponentInfo(std::string name, std::size_t type_index, const std::type_info* type,
                                             std::unique_ptr<IComponentStorage> storage) {
  if (type != nullptr && type_index < typed_.size() && typed_[type_index].storage != nullptr) {
    throw ComponentRegistrationError("component type " + ReadableTypeName(*type) + " is already registered as " +
                                     infos_[typed_[type_index].type]->name);
  }
  if (FindComponentInfo(name) != nullptr) {
    throw ComponentRegistrationError("a component named " + name + " is already registered");
  }
  if (infos_.size() >= kMaxComponentTypes) {
    throw ComponentRegistrationError("cannot register component " + name + ": at most " +
                                     std::to_string(kMaxComponentTypes) + " component types fit in a signature");
  }
  const auto component_type = static_cast<ComponentType>(infos_.size());
  auto info = std::make_shared<ComponentInfo>();
  info->name = std::move(name);
  info->type = component_type;
  info->type_index = type_index;
  if (type != nullptr) {  // C++ types are also found by their type, for the typed API
    if (typed_.size() <= type_index) typed_.resize(type_index + 1);
    typed_[type_index] = {storage.get(), Signature::BitOf(component_type), component_type};
  }
  storages_.push_back(std::move(storage));
  infos_.push_back(info);
  // The registration builder fills in fields; the shared info is mutable only
  // until the builder goes out of scope, by convention at registration time.
  return *info;
}

const ComponentInfo& Coordinator::RegisterRuntimeComponent(const RuntimeComponentDefinition& definition) {
  std::vector<FieldInfo> fields;
  auto layout = std::make_shared<const RuntimeLayout>(definition, fields);
  ComponentInfo& info = AddComponentInfo(definition.name, RuntimeTypeIndex(layout->ShapeKey()), nullptr,
                                         std::make_unique<RuntimeComponentStorage>(layout));
  info.size = layout->Size();
  info.alignment = layout->Alignment();
  info.ui_accessible = definition.ui_accessible;
  info.description = definition.description;
  info.category = definition.category;
  info.fields = std::move(fields);
  info.runtime = std::move(layout);
  return info;
}

const ComponentInfo* Coordinator::FindComponentInfo(std::string_view name) const {
  for (const auto& info : infos_) {
    if (info->name == name) return info.get();
  }
  return nullptr;
}

std::vector<std::string> Coordinator::UiAccessibleComponentNames() const {
  std::vector<std::string> names;
  for (const auto& info : infos_) {
    if (info->ui_accessible) names.push_back(info->name);
  }
  std::sort(names.begin(), names.end());
  return names;
}

void Coordinator::ThrowUnregistered(const std::type_info& type) const {
  throw ComponentRegistrationError("component type " + ReadableTypeName(type) +
                                   " is not registered (call RegisterComponent first)");
}

void Coordinator::ThrowUnregisteredFor(const std::type_info& type, Entity entity, std::string_view operation) const {
  throw ComponentRegistrationError("component type " + ReadableTypeName(type) +
                                   " is not registered (call RegisterComponent first); " + std::string(operation) +
                                   " on " + DescribeEntity(entity));
}

void Coordinator::ThrowMissing(Entity entity, ComponentType type) const {
  throw MissingComponentError(DescribeEntity(entity) + " has no component " + infos_[type]->name);
}

void Coordinator::ThrowCannotGet(Entity entity, ComponentType type) const {
  RequireAlive(entity, "GetComponent", infos_[type]->name);
  ThrowMissing(entity, type);
}

void Coordinator::ThrowDuplicate(Entity entity, ComponentType type) const {
  throw DuplicateComponentError(DescribeEntity(entity) + " already has component " + infos_[type]->name);
}

// ---- Components, by type index or name -------------------------------------------

void Coordinator::ComponentsWereAdded(std::span<const Entity> entities, ComponentType type) {
  if (systems_.Watches(type)) systems_.EntitiesSignatureChanged(entities, type);
  if (events_.HasSubscribers<ComponentAdded>()) {
    for (const Entity entity : entities) events_.Publish(ComponentAdded{entity, type});
  }
}

ComponentType Coordinator::AddComponentFromName(Entity entity, std::string_view name) {
  RequireAlive(entity, "AddComponentFromName", name);
  const ComponentInfo* info = FindComponentInfo(name);
  if (info == nullptr) {
    std::string known;
    for (const std::string& candidate : UiAccessibleComponentNames()) known += (known.empty() ? "" : ", ") + candidate;
    throw UnknownComponentError("cannot add component '" + std::string(name) + "' to " + DescribeEntity(entity) +
                                ": no component has that name (known: " + known + ")");
  }
  if (!info->ui_accessible) {
    throw UnknownComponentError("cannot add component '" + std::string(name) + "' to " + DescribeEntity(entity) +
                                ": it is not UI-accessible");
  }
  AddComponentValue(entity, ComponentValue(infos_[info->type]));
  return info->type;
}

bool Coordinator::HasComponent(Entity entity, ComponentType type) const {
  RequireAlive(entity, "HasComponent", infos_.at(type)->name);
  return signatures_[entity.index].Test(type);
}

void Coordinator::ThrowCannotGetData(Entity entity, ComponentType type) const {
  (void)infos_.at(type);  // names an unregistered type as out of range
  ThrowCannotGet(entity, type);
}

ComponentValue Coordinator::ReadComponentValue(Entity entity, ComponentType type) const {
  return ComponentValue(infos_.at(type), GetComponentData(entity, type));
}

ComponentType Coordinator::ResolveComponentType(const ComponentValue& value) const {
  return ResolveComponentType(value.Info());
}

ComponentType Coordinator::ResolveComponentType(const ComponentInfo& info) const {
  // Most values were read from this world: their info is its registration,
  // found without hashing the name.
  if (info.type < infos_.size() && infos_[info.type].get() == &info) return info.type;
  const ComponentInfo* here = FindComponentInfo(info.name);
  if (here == nullptr || here->type_index != info.type_index) {
    throw UnknownComponentError("component " + info.name + " is not registered in this world");
  }
  return here->type;
}

void Coordinator::AddComponentValue(Entity entity, const ComponentValue& value) {
  AddComponentData(entity, ResolveComponentType(value), value.Data());
}

void Coordinator::AddComponentData(Entity entity, ComponentType type, const void* value) {
  const ComponentInfo& info = *infos_.at(type);
  RequireAlive(entity, "AddComponent", info.name);
  if (signatures_[entity.index].Test(type)) ThrowDuplicate(entity, type);
  if (type == hierarchy_type_) {
    throw HierarchyError("cannot add Hierarchy to " + DescribeEntity(entity) + ": every entity has one; use SetParent");
  }
  storages_[type]->InsertCopy(entity, value);
  ComponentWasAdded(entity, type, Signature::BitOf(type));
}

void Coordinator::SetComponentValue(Entity entity, const ComponentValue& value) {
  const ComponentType type = ResolveComponentType(value);
  if (type == hierarchy_type_) {
    throw HierarchyError("cannot set Hierarchy of " + DescribeEntity(entity) + " directly; use SetParent");
  }
  void* target = GetComponentData(entity, type);
  infos_[type]->CopyAssign(target, value.Data());
  events_.Publish(ComponentChanged{entity, type});
}

void Coordinator::RemoveComponent(Entity entity, ComponentType type) {
  const std::shared_ptr<const ComponentInfo>& info = infos_.at(type);
  if (!pool_.IsAlive(entity)) [[unlikely]] RequireAlive(entity, "RemoveComponent", info->name);
  if (type == hierarchy_type_) {
    throw HierarchyError("cannot remove Hierarchy from " + DescribeEntity(entity) + ": it is structural");
  }
  if (!signatures_[entity.index].Test(type)) ThrowMissing(entity, type);
  events_.Publish(ComponentRemoved{entity, type});
  storages_[type]->Remove(entity);
  // Indexed again: a handler may have created entities and moved the array.
  Signature& signature = signatures_[entity.index];
  signature.Reset(type);
  systems_.ComponentRemoved(entity, signature, type);
}

void Coordinator::NotifyComponentChanged(Entity entity, ComponentType type) {
  RequireAlive(entity, "NotifyComponentChanged", infos_.at(type)->name);
  events_.Publish(ComponentChanged{entity, type});
}

const Signature& Coordinator::GetSignature(Entity entity) const {
  RequireAlive(entity, "GetSignature", "");
  return signatures_[entity.index];
}

void Coordinator::ForEachEntityWith(const Signature& required, const std::function<void(Entity)>& fn) const {
  // Drive the iteration from the smallest pool among the required types.
  const IComponentStorage* smallest = nullptr;
  required.ForEach([&](ComponentType type) {
    if (smallest == nullptr || storages_[type]->Size() < smallest->Size()) smallest = storages_[type].get();
  });
  if (smallest == nullptr) {
    ForEachEntity(fn);
    return;
  }
  std::vector<Entity> matches;
  const_cast<IComponentStorage*>(smallest)->ForEachData([&](Entity entity, void*) {
    if (signatures_[entity.index].Contains(required)) matches.push_back(entity);
  });
  for (Entity entity : matches) fn(entity);
}

// ---- Hierarchy -----------------------------------------------------------------

Entity Coordinator::GetParent(Entity entity) const {
  RequireAlive(entity, "GetParent", "");
  return links_.Parent(entity);
}

std::uint32_t Coordinator::ChildCount(Entity parent) const {
  if (!parent.IsNull()) RequireAlive(parent, "ChildCount", "");
  return links_.ChildCount(parent);
}

Entity Coordinator::FirstChild(Entity parent) const {
  if (!parent.IsNull()) RequireAlive(parent, "FirstChild", "");
  return links_.FirstChild(parent);
}

Entity Coordinator::NextSibling(Entity entity) const {
  RequireAlive(entity, "NextSibling", "");
  return links_.NextSibling(entity);
}

Entity Coordinator::ChildAt(Entity parent, std::size_t position) const {
  if (!parent.IsNull()) RequireAlive(parent, "ChildAt", "");
  return links_.ChildAt(parent, position);
}

std::uint32_t Coordinator::SiblingIndex(Entity entity) const {
  RequireAlive(entity, "SiblingIndex", "");
  return links_.SiblingIndex(entity);
}

std::vector<Entity> Coordinator::GetChildren(Entity parent) const {
  std::vector<Entity> children;
  children.reserve(ChildCount(parent));
  ForEachChild(parent, [&children](Entity child) { children.push_back(child); });
  return children;
}

bool Coordinator::IsAncestorOf(Entity ancestor, Entity entity) const {
  RequireAlive(entity, "IsAncestorOf", "");
  return links_.IsAncestorOf(ancestor, entity);
}

void Coordinator::SetParentAt(Entity child, Entity parent, std::size_t position, bool keep_world_transform) {
  RequireAlive(child, "SetParent", "");
  if (!parent.IsNull()) RequireAlive(parent, "SetParent", "");
  const Entity before = parent == child ? kNullEntity : links_.ChildAt(parent, position, child);
  SetParent(child, parent, before, keep_world_transform);
}

void Coordinator::SetParent(Entity child, Entity parent, Entity before, bool keep_world_transform) {
  RequireAlive(child, "SetParent", "");
  if (!parent.IsNull()) RequireAlive(parent, "SetParent", "");
  if (parent == child) throw HierarchyError("cannot make " + DescribeEntity(child) + " its own parent");
  if (!parent.IsNull() && IsAncestorOf(child, parent)) {
    throw HierarchyError("cannot parent " + DescribeEntity(child) + " under " + DescribeEntity(parent) +
                         ": that would make a cycle (it is a descendant of the child)");
  }
  if (before == child) before = links_.NextSibling(child);  // "before itself": keep the place
  if (!before.IsNull()) {
    RequireAlive(before, "SetParent", "");
    if (links_.Parent(before) != parent) {
      throw HierarchyError("cannot place " + DescribeEntity(child) + " before " + DescribeEntity(before) +
                           ": it is not a child of " +
                           (parent.IsNull() ? std::string("the root") : DescribeEntity(parent)));
    }
  }

  const glm::mat4 world = keep_world_transform ? ComputeWorldMatrix(child) : glm::mat4(1.0f);
  const Entity old_parent = links_.Parent(child);
  links_.Unlink(child);
  links_.Link(child, parent, before);

  if (keep_world_transform && IsRegistered<Transform>()) {
    if (Transform* transform = TryGetComponent<Transform>(child)) {
      const glm::mat4 parent_world = parent.IsNull() ? glm::mat4(1.0f) : ComputeWorldMatrix(parent);
      *transform = Transform::FromMatrix(glm::inverse(parent_world) * world);
      events_.Publish(ComponentChanged{child, GetComponentType<Transform>()});
    }
  }
  events_.Publish(ParentChanged{child, old_parent, parent});
}

glm::mat4 Coordinator::ComputeWorldMatrix(Entity entity) const {
  RequireAlive(entity, "ComputeWorldMatrix", "");
  if (!IsRegistered<Transform>()) return glm::mat4(1.0f);
  const auto& transforms = static_cast<const ComponentStorage<Transform>&>(*TypedSlot<Transform>().storage);
  const auto apply = [&transforms](Entity current, glm::mat4& world) {
    if (transforms.Contains(current)) world = transforms.Get(current).LocalMatrix() * world;
  };
  glm::mat4 world(1.0f);
  apply(entity, world);
  links_.ForEachAncestorWhile(entity, [&](Entity ancestor) {
    apply(ancestor, world);
    return true;
  });
  return world;
}

}  // namespace cairn::ecs
