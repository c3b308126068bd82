#pragma once
// Owns the systems, keeps their entity sets exact, and orders them.

#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cairn/ecs/entity.h"
#include "cairn/ecs/entity_pool.h"
#include "cairn/ecs/errors.h"
#include "cairn/ecs/signature.h"
#include "cairn/ecs/system.h"
#include "cairn/ecs/table.h"
#include "cairn/ecs/type_index.h"

namespace cairn::ecs {

class SystemManager {
 public:
  // `pool` holds the entities the systems' sets refer to; it outlives the
  // manager.
  explicit SystemManager(const EntityPool& pool) : pool_(&pool) {}

  template <typename T, typename... Args>
  std::shared_ptr<T> Register(std::string name, Args&&... args) {
    static_assert(std::is_base_of_v<System, T>, "systems derive from cairn::ecs::System");
    const std::size_t type = detail::TypeIndexOf<T>();
    if (Find(type) != nullptr) throw SystemError("system " + name + " is already registered");
    auto system = std::make_shared<T>(std::forward<Args>(args)...);
    system->membership_hooks_ = !detail::KeepsBaseMembershipHooks<T>::value;
    Add(type, std::move(name), system);
    return system;
  }

  template <typename T>
  bool Has() const {
    return Find(detail::TypeIndexOf<T>()) != nullptr;
  }

  template <typename T>
  std::shared_ptr<T> Get() const {
    return std::static_pointer_cast<T>(Require(detail::TypeIndexOf<T>(), "Get"));
  }

  template <typename T>
  void SetSignature(const Signature& signature) {
    SetSignature(*Require(detail::TypeIndexOf<T>(), "SetSystemSignature"), signature);
  }

  // Declares that `Later` runs after `Earlier` in UpdateSystems.
  template <typename Later, typename Earlier>
  void AddOrdering() {
    AddOrdering(*Require(detail::TypeIndexOf<Later>(), "SetSystemOrder"),
                *Require(detail::TypeIndexOf<Earlier>(), "SetSystemOrder"));
  }
  void AddOrdering(std::string_view later, std::string_view earlier);

  // Every system, in an order that honours all orderings; ties keep
  // registration order. Throws SystemError naming the systems of a cycle.
  const std::vector<System*>& ExecutionOrder();

  void Update(Coordinator& coordinator, float delta_seconds);

  // Brings every system's membership of the entity in line with its
  // (current) signature.
  void EntitySignatureChanged(Entity entity, const Signature& signature);
  // Same, when only component type `changed` was added or removed: a system
  // whose signature does not name it cannot change membership, so only the
  // systems naming it are checked (the Coordinator's add/remove path).
  void EntitySignatureChanged(Entity entity, const Signature& signature, ComponentType changed);
  // EntitySignatureChanged(entity, signatures[entity.index], changed) for
  // each entity, system by system.
  void EntitiesSignatureChanged(std::span<const Entity> entities, const detail::Table<Signature>& signatures,
                                ComponentType changed);
  // True when some system's signature names the type: only then can adding
  // or removing it change a membership.
  bool Watches(ComponentType type) const { return type < watchers_.size() && !watchers_[type].systems.empty(); }

  // The Coordinator's add path: component type `added` was just added to the
  // entity, whose signature is now `signature`. Only the systems naming the
  // type can gain the entity; when none of them has membership hooks, this
  // is a bit set per system, inline.
  [[gnu::always_inline]] void ComponentAdded(Entity entity, const Signature& signature, ComponentType added) {
    if (added >= watchers_.size()) return;
    const Watchers& watchers = watchers_[added];
    if (!watchers.quiet) return EntitySignatureChanged(entity, signature, added);
    for (System* system : watchers.systems) {
      if (signature.Contains(system->signature_)) system->entities_.Join(entity.index);
    }
  }
  // The remove path: every system naming `removed` no longer matches.
  [[gnu::always_inline]] void ComponentRemoved(Entity entity, const Signature& signature, ComponentType removed) {
    if (removed >= watchers_.size()) return;
    const Watchers& watchers = watchers_[removed];
    if (!watchers.quiet) return EntitySignatureChanged(entity, signature, removed);
    for (System* system : watchers.systems) system->entities_.Leave(entity.index);
  }
  // Before an entity with this signature is destroyed: every system holding
  // it lets it go. Without membership hooks, a bit cleared per system whose
  // signature the entity's contains, inline.
  [[gnu::always_inline]] void EntityDestroyed(Entity entity, const Signature& signature) {
    if (hooked_) [[unlikely]] return EntityDestroyedWithHooks(entity, signature);
    for (System* system : matchable_) {
      if (signature.Contains(system->signature_)) system->entities_.Leave(entity.index);
    }
  }

  std::size_t Count() const { return systems_.size(); }
  // Makes room in every system's membership for entity slots below `slots`.
  void Reserve(std::size_t slots);

 private:
  struct Entry {
    std::size_t type = 0;
    std::shared_ptr<System> system;
    std::vector<std::size_t> runs_after;  // indices into systems_
  };

  void Add(std::size_t type, std::string name, std::shared_ptr<System> system);
  System* Find(std::size_t type) const;
  std::shared_ptr<System> Require(std::size_t type, std::string_view operation) const;
  std::size_t IndexOf(const System& system) const;
  void SetSignature(System& system, const Signature& signature);
  void AddOrdering(System& later, System& earlier);
  static void UpdateMembership(System& system, Entity entity, const Signature& signature);
  // Rebuilds watchers_, matchable_ and hooked_ from the systems' signatures.
  void IndexSignatures();
  // EntityDestroyed when some system has hooks. A copy of the signature:
  // a hook may create entities and move the caller's array.
  void EntityDestroyedWithHooks(Entity entity, Signature signature);

  const EntityPool* pool_;
  std::vector<Entry> systems_;
  // The systems whose signature names one component type, in registration
  // order: only they can gain or lose an entity when a component of that
  // type is added or removed.
  struct Watchers {
    std::vector<System*> systems;
    bool quiet = true;  // none has membership hooks
  };
  std::vector<Watchers> watchers_;  // by component type
  std::vector<System*> matchable_;  // the systems with a non-empty signature
  bool hooked_ = false;             // one of them has membership hooks
  std::vector<System*> order_;
  bool order_valid_ = false;
};

}  // namespace cairn::ecs
