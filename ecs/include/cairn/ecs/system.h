#pragma once
// A system: a signature and the exact set of entities whose signature
// contains it, kept up to date by the SystemManager through every add,
// remove and destroy (at once for a system with membership hooks, when the
// set is next read for one without: system_entities.h).

#include <string>
#include <type_traits>

#include "cairn/ecs/fwd.h"
#include "cairn/ecs/signature.h"
#include "cairn/ecs/system_entities.h"

namespace cairn::ecs {

namespace detail {
template <typename T, typename = void>
struct KeepsBaseMembershipHooks;
}  // namespace detail

class System {
 public:
  virtual ~System() = default;

  // Called once per frame by Coordinator::UpdateSystems, in scheduled order.
  virtual void Update(Coordinator& coordinator, float delta_seconds);

  // The entities matching the signature, in slot order (system_entities.h).
  // @warning a change to the membership (add/remove/destroy) while iterating
  // may or may not be seen by the iteration.
  const SystemEntities& Entities() const { return entities_; }
  const Signature& GetSignature() const { return signature_; }
  const std::string& Name() const { return name_; }

 protected:
  // Hooks for systems that keep per-entity state; run inside the change.
  // A system that overrides neither is never called for them, and its set
  // is kept lazily: a change only stamps the entity's slot, and the set
  // catches up when it is next read (system_entities.h).
  virtual void OnEntityAdded(Entity entity);
  virtual void OnEntityRemoved(Entity entity);
  // Room for per-slot state of `slots` entity slots, made before many
  // entities arrive (Coordinator::ReserveEntities).
  virtual void ReserveSlots(std::size_t slots);

 private:
  friend class SystemManager;
  template <typename, typename>
  friend struct detail::KeepsBaseMembershipHooks;

  SystemEntities entities_;
  Signature signature_;
  std::string name_;
  bool membership_hooks_ = true;  // T overrides a hook (set by SystemManager::Register<T>)
};

namespace detail {

// True when system type T keeps System's own (empty) membership hooks: then
// &T::OnEntityAdded names System's member and has System's member type. An
// override, public or not, makes the expression name T's member or be
// inaccessible here, and the primary template (false) is chosen.
template <typename T, typename>
struct KeepsBaseMembershipHooks : std::false_type {};
template <typename T>
struct KeepsBaseMembershipHooks<
    T, std::enable_if_t<std::is_same_v<decltype(&T::OnEntityAdded), void (System::*)(Entity)> &&
                        std::is_same_v<decltype(&T::OnEntityRemoved), void (System::*)(Entity)>>> : std::true_type {};

}  // namespace detail

}  // namespace cairn::ecs
