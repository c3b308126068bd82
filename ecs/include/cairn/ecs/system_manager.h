#pragma once
// Owns the systems, keeps their entity sets exact, and orders them.

#include <array>
#include <cstddef>
#include <limits>
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
  // `pool` holds the entities the systems' sets refer to and `signatures`
  // their signatures, by slot; both outlive the manager.
  SystemManager(const EntityPool& pool, const detail::Table<Signature>& signatures)
      : pool_(&pool), signatures_(&signatures) {}

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

  // The entity's signature (its current one, `signature`) changed in ways
  // unknown: quiet systems are told by a stamp, and every system with hooks
  // is brought up to date.
  void EntitySignatureChanged(Entity entity, const Signature& signature);
  // Same, when only component type `changed` was added or removed: a system
  // whose signature does not name it cannot change membership, so only the
  // systems naming it are told (the Coordinator's add/remove path).
  void EntitySignatureChanged(Entity entity, const Signature& signature, ComponentType changed);
  // EntitySignatureChanged(entity, its signature, changed) for each entity.
  void EntitiesSignatureChanged(std::span<const Entity> entities, ComponentType changed);
  // True when some system's signature names the type: only then can adding
  // or removing it change a membership.
  bool Watches(ComponentType type) const { return watchers_[type].any_quiet || watchers_[type].any_with_hooks; }
  // True when a system with membership hooks names the type.
  bool HooksWatch(ComponentType type) const { return watchers_[type].any_with_hooks; }

  // The Coordinator's add path: component type `added` was just added to the
  // entity, whose signature is now `signature`. Only the systems naming the
  // type can gain the entity; when none of them has membership hooks, this
  // is one stamp in the slot changes, inline (system_entities.h).
  [[gnu::always_inline]] void ComponentAdded(Entity entity, const Signature& signature, ComponentType added) {
    const Watchers& watchers = watchers_[added];
    if (watchers.any_with_hooks) [[unlikely]] return EntitySignatureChanged(entity, signature, added);
    if (watchers.any_quiet) changes_.Mark(entity.index);
  }
  // The remove path: only the systems naming `removed` can lose the entity.
  [[gnu::always_inline]] void ComponentRemoved(Entity entity, const Signature& signature, ComponentType removed) {
    const Watchers& watchers = watchers_[removed];
    if (watchers.any_with_hooks) [[unlikely]] return EntitySignatureChanged(entity, signature, removed);
    if (watchers.any_quiet) changes_.Mark(entity.index);
  }
  // Before an entity with this signature is destroyed: every system with
  // hooks holding it lets it go, calling the hook.
  [[gnu::always_inline]] void EntityDestroyed(Entity entity, const Signature& signature) {
    if (any_with_hooks_) [[unlikely]] EntityDestroyedWithHooks(entity, signature);
  }
  // After the entity in slot `index` was destroyed: the quiet systems are
  // told by a stamp, inline. It comes last, after every hook and component
  // destructor that could have read a quiet system's set meanwhile.
  [[gnu::always_inline]] void EntityGone(std::uint32_t index) {
    if (any_quiet_) changes_.Mark(index);
  }

  std::size_t Count() const { return systems_.size(); }
  // Makes room in every system's membership, and in the slot changes, for
  // entity slots below `slots`.
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
  // For a system with membership hooks: joins or leaves, calling the hook.
  static void UpdateMembership(System& system, Entity entity, const Signature& signature);
  // Rebuilds watchers_, any_quiet_ and any_with_hooks_ from the systems' signatures.
  void IndexSignatures();
  // EntityDestroyed's part for systems with hooks. A copy of the signature:
  // a hook may create entities and move the caller's array.
  void EntityDestroyedWithHooks(Entity entity, Signature signature);

  const EntityPool* pool_;
  const detail::Table<Signature>* signatures_;
  SlotChanges changes_;  // read by the quiet systems' sets
  std::vector<Entry> systems_;
  // The systems whose signature names one component type: only they can
  // gain or lose an entity when a component of that type is added or removed.
  struct Watchers {
    std::vector<System*> with_hooks;  // those with membership hooks, in registration order
    bool any_with_hooks = false;      // !with_hooks.empty(), as one byte for the inline paths
    bool any_quiet = false;           // one without hooks
  };
  // By component type: one entry for every value a ComponentType can take,
  // so the add and remove paths index it without a bounds check.
  std::array<Watchers, std::size_t{std::numeric_limits<ComponentType>::max()} + 1> watchers_;
  // Among the systems with a non-empty signature: one without hooks, one with.
  bool any_quiet_ = false;
  bool any_with_hooks_ = false;
  std::vector<System*> order_;
  bool order_valid_ = false;
};

}  // namespace cairn::ecs
