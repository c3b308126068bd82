#pragma once
// The Coordinator: one world of entities, components and systems. A thin
// facade: entities live in the EntityPool, components in one
// ComponentStorage per type, systems in the SystemManager, links in
// HierarchyLinks. Misuse (stale handle, missing or duplicate component,
// unregistered type) throws a typed error from errors.h that names the entity
// and the component.
//
// Not thread-safe. Not copyable or movable: systems and subscribers may hold
// references to it (hand worlds over as std::unique_ptr<Coordinator>).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <span>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <typeinfo>
#include <vector>

#include <glm/mat4x4.hpp>

#include "cairn/ecs/component_storage.h"
#include "cairn/ecs/component_value.h"
#include "cairn/ecs/components/hierarchy.h"
#include "cairn/ecs/entity.h"
#include "cairn/ecs/entity_pool.h"
#include "cairn/ecs/errors.h"
#include "cairn/ecs/event_bus.h"
#include "cairn/ecs/runtime_component.h"
#include "cairn/ecs/events.h"
#include "cairn/ecs/hierarchy_links.h"
#include "cairn/ecs/reflection.h"
#include "cairn/ecs/signature.h"
#include "cairn/ecs/system_manager.h"
#include "cairn/ecs/type_index.h"

namespace cairn::ecs {

// A readable C++ type name without namespaces ("Transform"), for messages.
std::string ReadableTypeName(const std::type_info& type);

// A seed from std::random_device, for worlds whose ids need not be reproducible.
std::uint64_t RandomIdSeed();

class Coordinator {
 public:
  explicit Coordinator(std::uint64_t id_seed = RandomIdSeed());
  ~Coordinator();
  Coordinator(const Coordinator&) = delete;
  Coordinator& operator=(const Coordinator&) = delete;

  // ---- Entities -----------------------------------------------------------

  // A new root entity (last among the roots) with a fresh random id.
  Entity CreateEntity();
  // Same, with the given id; throws EntityIdError when it is zero or in use.
  Entity CreateEntity(EntityId id);
  // `count` new root entities with fresh ids, in order: CreateEntity `count`
  // times, with every per-slot array grown once (a world built in bulk).
  // With no EntityCreated subscriber and no hooked system watching
  // Hierarchy, each array is written in one pass.
  std::vector<Entity> CreateEntities(std::size_t count);
  // Throws HierarchyError when the entity has children: use
  // DestroyEntityAndChildren, or move the children first.
  void DestroyEntity(Entity entity);
  // Destroys the entity and its whole subtree (children before parents).
  void DestroyEntityAndChildren(Entity entity);

  bool IsAlive(Entity entity) const { return pool_.IsAlive(entity); }
  EntityId GetEntityId(Entity entity) const;
  // The live entity with this id, or kNullEntity. O(1).
  Entity FindEntity(EntityId id) const { return pool_.Find(id); }
  // Starts bringing the id's place in the world's table of ids into the
  // cache, for a CreateEntity(id) or FindEntity(id) soon after: a loader
  // calls it once it has read an entity's id, before reading the rest.
  void PrefetchEntityId(EntityId id) const { pool_.PrefetchId(id); }
  // Like FindEntity, but throws StaleEntityError naming the id.
  Entity GetEntity(EntityId id) const;
  EntityId GenerateEntityId() { return pool_.GenerateId(); }
  std::size_t EntityCount() const { return pool_.AliveCount(); }
  // Grows with every entity created or destroyed, and with nothing else:
  // while it stays the same, every live entity keeps its slot and id, so a
  // cache keyed by entity slot (the editor's selection) is still good.
  std::uint64_t EntityRevision() const { return pool_.Revision(); }
  // Where the ids of the entities about to be created come from: drawn by
  // the world (CreateEntity()), or given from outside it (CreateEntity(id)
  // with the ids of a file), which the pool keeps in a table of their own.
  enum class NewIds : std::uint8_t { kGenerated, kGiven };
  // Makes room for `count` live entities in every per-slot array (the
  // entity pool, signatures, per-entity storages, system membership), and
  // with kGiven in the pool's table of given ids, so creating up to that
  // many grows nothing. An adaptive storage still packed makes the room
  // when it goes per entity (ExpectSlots).
  void ReserveEntities(std::size_t count, NewIds ids = NewIds::kGenerated);

  // "entity 3f2a9c0d41be7e10 (Player)"; for stale handles "stale entity 7#2".
  std::string DescribeEntity(Entity entity) const;

  // Calls fn(Entity) for every live entity, in slot order.
  template <typename Fn>
  void ForEachEntity(Fn&& fn) const {
    for (std::uint32_t slot = 0; slot < pool_.SlotCount(); ++slot) {
      const Entity entity = pool_.AtSlot(slot);
      if (!entity.IsNull()) fn(entity);
    }
  }

  // ---- Component types ----------------------------------------------------

  // Registers T under `name` and returns a builder to describe its fields.
  // `storage` picks the layout (component_storage.h): packed for components
  // some entities have, per entity for those (nearly) every entity has, or
  // adaptive (the default): packed until the components are dense enough
  // for records to cost no more memory, per entity from then on.
  // Throws ComponentRegistrationError when T or the name is already
  // registered, or when kMaxComponentTypes types exist.
  template <typename T>
  ComponentRegistration<T> RegisterComponent(std::string name, StorageKind storage = StorageKind::kAdaptive);

  // Registers a type defined by data (runtime_component.h): the same storage,
  // reflection record, signature bit, events, commands and system membership
  // as a C++ type; it is reached by ComponentType or name, never by T.
  // Throws ComponentRegistrationError for a bad definition (naming the field)
  // and as RegisterComponent does.
  const ComponentInfo& RegisterRuntimeComponent(const RuntimeComponentDefinition& definition);

  template <typename T>
  bool IsRegistered() const {
    const std::size_t index = detail::TypeIndexOf<T>();
    return index < typed_.size() && typed_[index].storage != nullptr;
  }

  template <typename T>
  ComponentType GetComponentType() const { return TypedSlot<T>().type; }

  const ComponentInfo& GetComponentInfo(ComponentType type) const { return *infos_.at(type); }
  const std::shared_ptr<const ComponentInfo>& GetComponentInfoPtr(ComponentType type) const { return infos_.at(type); }
  // nullptr when no component has this name.
  const ComponentInfo* FindComponentInfo(std::string_view name) const;
  std::size_t ComponentTypeCount() const { return infos_.size(); }
  // Names of the components "Add Component" offers, sorted.
  std::vector<std::string> UiAccessibleComponentNames() const;

  // ---- Components, typed --------------------------------------------------

  template <typename T>
  T& AddComponent(Entity entity, T value = T{});
  // Gives every entities[i] the T value_of(i) (any callable from the
  // position to a T): AddComponent for each, with T's storage grown once.
  // All or nothing: every entity is checked (alive, without T, listed once)
  // before any is changed, and the first failure throws as AddComponent
  // would. Systems and ComponentAdded subscribers hear of the entities once
  // all of them have their T, in order.
  template <typename T, typename Fn>
  void AddComponents(std::span<const Entity> entities, Fn&& value_of);
  template <typename T>
  void RemoveComponent(Entity entity);
  template <typename T>
  T& GetComponent(Entity entity);
  template <typename T>
  const T& GetComponent(Entity entity) const { return const_cast<Coordinator*>(this)->GetComponent<T>(entity); }
  // nullptr when the entity lacks T; a stale handle still throws.
  template <typename T>
  T* TryGetComponent(Entity entity);
  template <typename T>
  const T* TryGetComponent(Entity entity) const { return const_cast<Coordinator*>(this)->TryGetComponent<T>(entity); }
  template <typename T>
  bool HasComponent(Entity entity) const;
  // Publishes ComponentChanged after a caller changed T in place.
  template <typename T>
  void NotifyComponentChanged(Entity entity) { NotifyComponentChanged(entity, GetComponentType<T>()); }

  template <typename T>
  ComponentStorage<T>& GetStorage() { return *static_cast<ComponentStorage<T>*>(TypedSlot<T>().storage); }

  // ---- Components, by type index or name ----------------------------------

  // Adds a default-constructed component by registered name. Throws
  // UnknownComponentError for an unknown or non-UI-accessible name.
  ComponentType AddComponentFromName(Entity entity, std::string_view name);
  bool HasComponent(Entity entity, ComponentType type) const;
  // As fast as GetComponent<T>: one sparse lookup, whose hit proves the
  // handle alive. Throws as GetComponent does.
  void* GetComponentData(Entity entity, ComponentType type) {
    if (type < storages_.size()) [[likely]] {
      if (void* data = storages_[type]->FindData(entity)) [[likely]] return data;
    }
    ThrowCannotGetData(entity, type);
  }
  const void* GetComponentData(Entity entity, ComponentType type) const {
    return const_cast<Coordinator*>(this)->GetComponentData(entity, type);
  }
  ComponentValue ReadComponentValue(Entity entity, ComponentType type) const;
  // Adds a copy of the value (of a type registered here under the same name).
  void AddComponentValue(Entity entity, const ComponentValue& value);
  // Adds a copy of *value, a component of the given type.
  void AddComponentData(Entity entity, ComponentType type, const void* value);
  // Overwrites the entity's component with the value; publishes ComponentChanged.
  void SetComponentValue(Entity entity, const ComponentValue& value);
  void RemoveComponent(Entity entity, ComponentType type);
  void NotifyComponentChanged(Entity entity, ComponentType type);
  const Signature& GetSignature(Entity entity) const;
  // The registered type a value belongs to here; throws UnknownComponentError.
  ComponentType ResolveComponentType(const ComponentValue& value) const;
  // The registered type `info` (a registration of this or another world)
  // describes here: same name, same C++ type; throws UnknownComponentError.
  ComponentType ResolveComponentType(const ComponentInfo& info) const;

  // ---- Iteration ----------------------------------------------------------

  // Calls fn(Entity, Ts&...) for every entity having all of Ts. Iterates the
  // smallest of the pools. @warning no component of Ts may be added or
  // removed, and no entity destroyed, during the iteration.
  template <typename... Ts, typename Fn>
  void Each(Fn&& fn);

  template <typename... Ts>
  std::vector<Entity> EntitiesWith() {
    std::vector<Entity> result;
    Each<Ts...>([&result](Entity entity, Ts&...) { result.push_back(entity); });
    return result;
  }

  // Calls fn(Entity, void* component) for every component of the type, in its
  // packed order: how code that knows a type only at run time (a project
  // component) iterates at the speed of Each. The same rules as Each.
  template <typename Fn>
  void EachComponentData(ComponentType type, Fn&& fn) {
    storages_.at(type)->ForEachData(std::forward<Fn>(fn));
  }

  // Run-time variant: every entity whose signature contains `required`.
  void ForEachEntityWith(const Signature& required, const std::function<void(Entity)>& fn) const;

  // ---- Systems ------------------------------------------------------------

  // Registers a system; its name (for ordering errors) is T's unqualified name.
  template <typename T, typename... Args>
  std::shared_ptr<T> RegisterSystem(Args&&... args) {
    return systems_.Register<T>(ReadableTypeName(typeid(T)), std::forward<Args>(args)...);
  }
  template <typename T>
  std::shared_ptr<T> GetSystem() const { return systems_.Get<T>(); }
  template <typename T>
  bool HasSystem() const { return systems_.Has<T>(); }
  template <typename T>
  void SetSystemSignature(const Signature& signature) {
    systems_.SetSignature<T>(signature);
    for (std::uint32_t slot = 0; slot < pool_.SlotCount(); ++slot) {
      const Entity entity = pool_.AtSlot(slot);
      if (!entity.IsNull()) systems_.EntitySignatureChanged(entity, signatures_[slot]);
    }
  }
  // The signature of the given component types.
  template <typename... Ts>
  Signature MakeSignature() const {
    Signature signature;
    (signature.Set(GetComponentType<Ts>()), ...);
    return signature;
  }
  // Declares that system Later runs after system Earlier.
  template <typename Later, typename Earlier>
  void SetSystemOrder() { systems_.AddOrdering<Later, Earlier>(); }
  // Runs every system's Update in scheduled order.
  void UpdateSystems(float delta_seconds) { systems_.Update(*this, delta_seconds); }
  SystemManager& Systems() { return systems_; }

  // ---- Hierarchy ----------------------------------------------------------

  // Makes `child` a child of `parent` (null: a root), placed before `before`
  // (null: last). Keeps the child's world transform when asked (its local
  // Transform is recomputed). Throws HierarchyError on self-parenting, a
  // cycle, or a `before` that is not a child of `parent`. O(1) for a child
  // without children; the cycle check of a child with children, and keeping
  // the world transform, walk up the ancestors (O(depth)).
  void SetParent(Entity child, Entity parent, Entity before = kNullEntity, bool keep_world_transform = false);
  // Same, placing the child at `position` among the new siblings (clamped).
  void SetParentAt(Entity child, Entity parent, std::size_t position, bool keep_world_transform = false);

  Entity GetParent(Entity entity) const;
  std::uint32_t ChildCount(Entity parent) const;  // parent null: roots
  Entity FirstChild(Entity parent) const;         // parent null: first root
  Entity NextSibling(Entity entity) const;
  Entity ChildAt(Entity parent, std::size_t position) const;
  std::uint32_t SiblingIndex(Entity entity) const;
  std::vector<Entity> GetChildren(Entity parent) const;
  bool IsAncestorOf(Entity ancestor, Entity entity) const;

  // Calls fn(Entity) for each child of `parent` (null: roots) in order.
  template <typename Fn>
  void ForEachChild(Entity parent, Fn&& fn) const {
    for (Entity child = FirstChild(parent); !child.IsNull();) {
      const Entity next = links_.NextSibling(child);
      fn(child);
      child = next;
    }
  }

  // Calls fn(Entity entity, std::uint32_t position) for `root` and each of its
  // descendants in pre-order (parents before children, siblings in order),
  // `position` being the entity's index among its siblings. O(size of the
  // subtree + position of the root), whatever its depth. @warning fn must not
  // reparent, create or destroy entities.
  template <typename Fn>
  void ForEachInSubtree(Entity root, Fn&& fn) const {
    RequireAlive(root, "ForEachInSubtree", "");
    links_.ForEachInPreOrder(root, std::forward<Fn>(fn));
  }

  // Calls fn(Entity) -> bool for the entity's parent, grandparent, ... up to
  // its root, while fn returns true. O(depth).
  template <typename Fn>
  void ForEachAncestorWhile(Entity entity, Fn&& fn) const {
    RequireAlive(entity, "ForEachAncestorWhile", "");
    links_.ForEachAncestorWhile(entity, std::forward<Fn>(fn));
  }

  // How many steps up to a parent the hierarchy's upward walks (SetParent's
  // cycle check, IsAncestorOf, ForEachAncestorWhile, ComputeWorldMatrix) have
  // taken in this world; for tests and profiling (see
  // HierarchyLinks::ParentStepCount).
  std::uint64_t ParentStepCount() const { return links_.ParentStepCount(); }

  // The entity's world matrix computed now from its ancestors' Transforms
  // (entities without a Transform contribute identity). O(depth).
  glm::mat4 ComputeWorldMatrix(Entity entity) const;

  EventBus& Events() { return events_; }

 private:
  // One storage as Each sees it: its arrays, and whether it drives the
  // iteration. Storages hold only live entities, at most one per index, so
  // the entity the driver yields is the one held at its index here: a lookup
  // needs no generation check.
  template <typename T>
  struct EachPool {
    using Record = typename ComponentStorage<T>::Record;

    T* components;              // packed
    const Entity* owner_data;   // packed
    std::size_t size;           // packed: components; per entity: records
    const SparseSet* owners;    // packed
    Record* records;            // per entity
    bool per_entity;
    bool drives;

    static EachPool Of(ComponentStorage<T>& storage, const IComponentStorage* driver) {
      const bool per_entity = storage.Kind() == StorageKind::kPerEntity;
      const SparseSet& owners = storage.Owners();
      return EachPool{storage.Components(), owners.Data(), per_entity ? storage.RecordCount() : owners.Size(),
                      &owners, storage.Records(), per_entity, &storage == driver};
    }

    // True when this pool holds the packed driver's entities of slots
    // [begin, end) at the same slots, as pools filled in the same order do,
    // or finds them by index (per entity).
    bool MatchesDriver(const Entity* driver_owners, std::size_t begin, std::size_t end) const {
      return drives || per_entity ||
             (end <= size && std::memcmp(owner_data + begin, driver_owners + begin, (end - begin) * sizeof(Entity)) == 0);
    }

    // The component of the entity at the driver's `slot` (a packed index, or
    // the entity's index for a per-entity driver), or nullptr.
    T* Find(Entity entity, std::size_t driver_slot) const {
      if (per_entity) {
        if (entity.index >= size) return nullptr;
        Record& record = records[entity.index];
        return (record.stamp & 1u) != 0 ? &record.value : nullptr;
      }
      if (drives) return components + driver_slot;
      const std::uint32_t slot = owners->SlotOf(entity.index);
      return slot == SparseSet::kNoSlot ? nullptr : components + slot;
    }
    // Find, in a block where every packed pool matches the driver.
    T* FindAligned(Entity entity, std::size_t driver_slot) const {
      return per_entity ? Find(entity, driver_slot) : components + driver_slot;
    }
    // Find, for an entity whose index is below every per-entity pool's size.
    T* FindInRecords(Entity entity, std::size_t driver_slot) const {
      return per_entity ? FindRecord(entity) : Find(entity, driver_slot);
    }
    // The same, for a pool known to be per entity.
    T* FindRecord(Entity entity) const {
      Record& record = records[entity.index];
      return (record.stamp & 1u) != 0 ? &record.value : nullptr;
    }
  };

  struct TypedSlotEntry {
    IComponentStorage* storage = nullptr;
    SignatureBit bit;  // Signature::BitOf(type)
    ComponentType type = 0;
  };

  template <typename T>
  const TypedSlotEntry& TypedSlot() const {
    const std::size_t index = detail::FastTypeIndexOf<T>();
    if (index >= typed_.size() || typed_[index].storage == nullptr) ThrowUnregistered(typeid(T));
    return typed_[index];
  }

  // TypedSlot for an operation on one entity: an unregistered T's error
  // names the entity too.
  template <typename T>
  const TypedSlotEntry& TypedSlotFor(Entity entity, std::string_view operation) const {
    const std::size_t index = detail::FastTypeIndexOf<T>();
    if (index >= typed_.size() || typed_[index].storage == nullptr) [[unlikely]] {
      ThrowUnregisteredFor(typeid(T), entity, operation);
    }
    return typed_[index];
  }

  // `type` is null for runtime-defined types, which the typed API cannot name.
  ComponentInfo& AddComponentInfo(std::string name, std::size_t type_index, const std::type_info* type,
                                  std::unique_ptr<IComponentStorage> storage);
  void RequireAlive(Entity entity, std::string_view operation, std::string_view component) const;
  // RequireAlive's error, for a handle already found stale: a call that
  // does not return keeps the caller's fast path free of spills around it.
  [[noreturn]] void ThrowStale(Entity entity, std::string_view operation, std::string_view component) const;
  [[noreturn]] void ThrowUnregistered(const std::type_info& type) const;
  [[noreturn]] void ThrowUnregisteredFor(const std::type_info& type, Entity entity, std::string_view operation) const;
  [[noreturn]] void ThrowMissing(Entity entity, ComponentType type) const;
  [[noreturn]] void ThrowDuplicate(Entity entity, ComponentType type) const;
  // DestroyEntity's error for an entity with children.
  [[noreturn]] void ThrowHasChildren(Entity entity) const;
  // GetComponent's error: a stale handle, else the missing component.
  [[noreturn]] void ThrowCannotGet(Entity entity, ComponentType type) const;
  // The same for a type given by index, which may not be registered.
  [[noreturn]] void ThrowCannotGetData(Entity entity, ComponentType type) const;
  // After the storage of `type` took the entity's component: the
  // signature, the systems, then ComponentAdded.
  [[gnu::always_inline]] void ComponentWasAdded(Entity entity, ComponentType type, SignatureBit bit) {
    Signature& signature = signatures_[entity.index];
    signature.Set(bit);
    systems_.ComponentAdded(entity, signature, type);
    if (events_.HasSubscribers<ComponentAdded>()) [[unlikely]] events_.Publish(ComponentAdded{entity, type});
  }
  // ComponentWasAdded for entities whose signatures already have the type.
  void ComponentsWereAdded(std::span<const Entity> entities, ComponentType type);
  // CreateEntity's work once the pool has made the entity: its signature,
  // its Hierarchy (last among the roots), the systems, EntityCreated.
  Entity SetUpNewEntity(Entity entity);
  // A new entity's signature (its Hierarchy alone), in its slot's place.
  const Signature& SetNewSignature(Entity entity) {
    Signature signature;
    signature.Set(hierarchy_bit_);
    if (entity.index == signatures_.size()) return signatures_.emplace_back(signature);
    if (entity.index > signatures_.size()) signatures_.resize(entity.index + 1);
    return signatures_[entity.index] = signature;
  }

  EntityPool pool_;
  detail::Table<Signature> signatures_;  // by entity slot
  std::vector<std::unique_ptr<IComponentStorage>> storages_;  // by ComponentType
  std::vector<std::shared_ptr<const ComponentInfo>> infos_;   // by ComponentType
  detail::Table<TypedSlotEntry> typed_;                       // by detail::TypeIndexOf
  ComponentStorage<Hierarchy>* hierarchy_ = nullptr;
  ComponentType hierarchy_type_ = 0;
  SignatureBit hierarchy_bit_;
  HierarchyLinks links_;
  // Declared before systems_: systems unsubscribe from it when destroyed.
  EventBus events_;
  SystemManager systems_;
};

// ---- Template definitions ---------------------------------------------------

template <typename T>
ComponentRegistration<T> Coordinator::RegisterComponent(std::string name, StorageKind storage) {
  ComponentInfo& info = AddComponentInfo(std::move(name), detail::TypeIndexOf<T>(), &typeid(T),
                                         std::make_unique<ComponentStorage<T>>(storage));
  info.size = sizeof(T);
  info.alignment = alignof(T);
  info.ops.default_construct = [](void* memory) { new (memory) T(); };
  info.ops.copy_construct = [](void* memory, const void* source) { new (memory) T(*static_cast<const T*>(source)); };
  info.ops.copy_assign = [](void* target, const void* source) {
    *static_cast<T*>(target) = *static_cast<const T*>(source);
  };
  info.ops.destroy = [](void* object) { static_cast<T*>(object)->~T(); };
  info.ops.equals = [](const void* a, const void* b) { return *static_cast<const T*>(a) == *static_cast<const T*>(b); };
  info.ops.add_to = [](Coordinator& coordinator, Entity entity, const void* value) {
    coordinator.AddComponent<T>(entity, *static_cast<const T*>(value));
  };
  info.ops.read_from = [](const Coordinator& coordinator, Entity entity, void* out) {
    *static_cast<T*>(out) = coordinator.GetComponent<T>(entity);
  };
  return ComponentRegistration<T>(info);
}

template <typename T>
[[gnu::always_inline]] inline T& Coordinator::AddComponent(Entity entity, T value) {
  const TypedSlotEntry& slot = TypedSlotFor<T>(entity, "AddComponent");
  const ComponentType type = slot.type;
  auto& storage = *static_cast<ComponentStorage<T>*>(slot.storage);
  if (!pool_.IsAlive(entity)) [[unlikely]] ThrowStale(entity, "AddComponent", infos_[type]->name);
  // The signature mirrors the storages and is one access instead of two.
  if (signatures_[entity.index].Test(slot.bit)) [[unlikely]] ThrowDuplicate(entity, type);
  storage.Emplace(entity, std::move(value));
  ComponentWasAdded(entity, type, slot.bit);
  return storage.Get(entity);  // looked up again: handlers may have added more
}

template <typename T>
[[gnu::always_inline]] inline void Coordinator::RemoveComponent(Entity entity) {
  const TypedSlotEntry& slot = TypedSlotFor<T>(entity, "RemoveComponent");
  const ComponentType type = slot.type;
  auto& storage = *static_cast<ComponentStorage<T>*>(slot.storage);
  // The type-erased path words every error, and runs ComponentRemoved
  // handlers while the component still exists; without either, the
  // removal is a few stores, inline. A storage holds only live handles, so
  // the storage finding (and erasing) the component proves the handle
  // alive too; when it finds none, the type-erased path words the error.
  if (std::is_same_v<T, Hierarchy> || events_.HasSubscribers<ComponentRemoved>() || !storage.EraseIfPresent(entity))
      [[unlikely]] {
    return RemoveComponent(entity, type);
  }
  Signature& signature = signatures_[entity.index];
  signature.Reset(slot.bit);
  systems_.ComponentRemoved(entity, signature, type);
}

template <typename T, typename Fn>
void Coordinator::AddComponents(std::span<const Entity> entities, Fn&& value_of) {
  if (entities.empty()) return;
  const TypedSlotEntry& slot = TypedSlotFor<T>(entities.front(), "AddComponents");
  const ComponentType type = slot.type;
  auto& storage = *static_cast<ComponentStorage<T>*>(slot.storage);
  // Check, marking each entity's signature as it passes (which also finds
  // an entity listed twice); unmark them all on a failure.
  for (std::size_t i = 0; i < entities.size(); ++i) {
    const Entity entity = entities[i];
    const bool alive = pool_.IsAlive(entity);
    if (!alive || signatures_[entity.index].Test(type)) [[unlikely]] {
      for (std::size_t j = 0; j < i; ++j) signatures_[entities[j].index].Reset(type);
      if (!alive) ThrowStale(entity, "AddComponents", infos_[type]->name);
      ThrowDuplicate(entity, type);
    }
    signatures_[entity.index].Set(type);
  }
  storage.Reserve(storage.Kind() == StorageKind::kPacked ? storage.Size() + entities.size() : pool_.SlotCount());
  std::size_t added = 0;  // entities before it have their component
  try {
    storage.EmplaceEach(entities, [&](T& value, std::size_t i) {
      added = i;
      value = value_of(i);
    });
  } catch (...) {  // value_of threw: take back what was added
    for (std::size_t j = 0; j < added; ++j) storage.Remove(entities[j]);
    for (const Entity entity : entities) signatures_[entity.index].Reset(type);
    // value_of may have read a quiet system's set, which then caught up
    // with the marked signatures: it must look again.
    if (systems_.Watches(type)) systems_.EntitiesSignatureChanged(entities, type);
    throw;
  }
  ComponentsWereAdded(entities, type);
}

template <typename T>
[[gnu::always_inline]] inline T& Coordinator::GetComponent(Entity entity) {
  const TypedSlotEntry& slot = TypedSlotFor<T>(entity, "GetComponent");
  // Storages hold only live handles (DestroyEntity empties them before the
  // slot's generation moves on), so a hit proves the handle alive and the
  // liveness check is only needed to word the error.
  if (T* component = static_cast<ComponentStorage<T>*>(slot.storage)->Find(entity)) [[likely]] return *component;
  ThrowCannotGet(entity, slot.type);
}

template <typename T>
T* Coordinator::TryGetComponent(Entity entity) {
  const TypedSlotEntry& slot = TypedSlotFor<T>(entity, "TryGetComponent");
  if (!pool_.IsAlive(entity)) [[unlikely]] ThrowStale(entity, "TryGetComponent", infos_[slot.type]->name);
  return static_cast<ComponentStorage<T>*>(slot.storage)->Find(entity);
}

template <typename T>
bool Coordinator::HasComponent(Entity entity) const {
  const TypedSlotEntry& slot = TypedSlotFor<T>(entity, "HasComponent");
  if (!pool_.IsAlive(entity)) [[unlikely]] ThrowStale(entity, "HasComponent", infos_[slot.type]->name);
  return slot.storage->Contains(entity);
}

template <typename... Ts, typename Fn>
void Coordinator::Each(Fn&& fn) {
  static_assert(sizeof...(Ts) > 0, "Each needs at least one component type");
  const std::tuple<ComponentStorage<Ts>*...> storages{&GetStorage<Ts>()...};
  const IComponentStorage* driver = nullptr;
  std::apply(
      [&driver](auto*... storage) {
        ((driver = (driver == nullptr || storage->Size() < driver->Size()) ? storage : driver), ...);
      },
      storages);
  // Arrays read once: nothing may be added or removed during the iteration.
  const std::tuple<EachPool<Ts>...> pools{EachPool<Ts>::Of(*std::get<ComponentStorage<Ts>*>(storages), driver)...};
  const auto visit = [&](Entity entity, std::size_t slot, auto find) {
    const std::tuple<Ts*...> components{find(std::get<EachPool<Ts>>(pools), entity, slot)...};
    if (((std::get<Ts*>(components) != nullptr) && ...)) fn(entity, *std::get<Ts*>(components)...);
  };
  const auto find = [](const auto& pool, Entity entity, std::size_t slot) { return pool.Find(entity, slot); };
  const auto find_aligned = [](const auto& pool, Entity entity, std::size_t slot) {
    return pool.FindAligned(entity, slot);
  };

  if (driver->Kind() == StorageKind::kPerEntity) {
    // Every slot of the driver's records, in index order, up to the end of
    // the shortest per-entity pool: past it, no entity has all of Ts.
    std::size_t slots = driver->RecordSlots();
    ((slots = std::get<EachPool<Ts>>(pools).per_entity ? std::min(slots, std::get<EachPool<Ts>>(pools).size) : slots),
     ...);
    const auto walk = [&](auto find_in_records) {
      for (std::uint32_t index = 0; index < slots; ++index) {
        const std::uint32_t stamp = driver->StampAtSlot(index);
        if ((stamp & 1u) != 0) visit(Entity{index, stamp >> 1}, index, find_in_records);
      }
    };
    // Per-entity pools alone (the common case: Transform, Name, ...) get a
    // loop of their own, with no layout test inside it.
    if ((std::get<EachPool<Ts>>(pools).per_entity && ...)) {
      walk([](const auto& pool, Entity entity, std::size_t) { return pool.FindRecord(entity); });
    } else {
      walk([](const auto& pool, Entity entity, std::size_t slot) { return pool.FindInRecords(entity, slot); });
    }
    return;
  }

  const Entity* owners = driver->Owners().Data();
  const std::size_t count = driver->Size();
  // Blocks whose owners line up in every packed pool (one memcmp each) run
  // without any sparse lookup; the others look each entity up.
  constexpr std::size_t kBlock = 256;
  for (std::size_t begin = 0; begin < count; begin += kBlock) {
    const std::size_t end = std::min(count, begin + kBlock);
    if ((std::get<EachPool<Ts>>(pools).MatchesDriver(owners, begin, end) && ...)) {
      for (std::size_t slot = begin; slot < end; ++slot) visit(owners[slot], slot, find_aligned);
      continue;
    }
    for (std::size_t slot = begin; slot < end; ++slot) visit(owners[slot], slot, find);
  }
}

}  // namespace cairn::ecs
