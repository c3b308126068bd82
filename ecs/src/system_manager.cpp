#include "cairn/ecs/system_manager.h"

#include <algorithm>
#include <string>
#include <string_view>

namespace cairn::ecs {

void SystemManager::Add(std::size_t type, std::string name, std::shared_ptr<System> system) {
  for (const Entry& entry : systems_) {
    if (entry.system->Name() == name) throw SystemError("a system named " + name + " is already registered");
  }
  system->name_ = std::move(name);
  system->entities_.pool_ = pool_;
  if (!system->membership_hooks_) {  // kept lazily, from the world (system_entities.h)
    system->entities_.changes_ = &changes_;
    system->entities_.signatures_ = signatures_;
  }
  systems_.push_back(Entry{type, std::move(system), {}});
  order_valid_ = false;
}

System* SystemManager::Find(std::size_t type) const {
  for (const Entry& entry : systems_) {
    if (entry.type == type) return entry.system.get();
  }
  return nullptr;
}

std::shared_ptr<System> SystemManager::Require(std::size_t type, std::string_view operation) const {
  for (const Entry& entry : systems_) {
    if (entry.type == type) return entry.system;
  }
  throw SystemError(std::string(operation) + ": the system type is not registered (call RegisterSystem first)");
}

std::size_t SystemManager::IndexOf(const System& system) const {
  for (std::size_t i = 0; i < systems_.size(); ++i) {
    if (systems_[i].system.get() == &system) return i;
  }
  throw SystemError("system " + system.Name() + " is not registered here");
}

void SystemManager::IndexSignatures() {
  for (Watchers& watchers : watchers_) watchers = {};
  any_quiet_ = false;
  any_with_hooks_ = false;
  for (const Entry& entry : systems_) {
    System* system = entry.system.get();
    const bool hooks = system->membership_hooks_;
    if (!system->signature_.None()) (hooks ? any_with_hooks_ : any_quiet_) = true;
    system->signature_.ForEach([&](ComponentType type) {
      Watchers& watchers = watchers_[type];
      if (hooks) {
        watchers.with_hooks.push_back(system);
        watchers.any_with_hooks = true;
      } else {
        watchers.any_quiet = true;
      }
    });
  }
}

void SystemManager::SetSignature(System& system, const Signature& signature) {
  system.signature_ = signature;
  IndexSignatures();
  if (!system.membership_hooks_) {  // recomputed from the world when next read
    system.entities_.required_ = signature;
    system.entities_.seen_ = 0;
    return;
  }
  // Membership is rebuilt by the Coordinator, which knows every entity.
  for (Entity entity : std::vector<Entity>(system.entities_.begin(), system.entities_.end())) {
    system.entities_.Leave(entity.index);
    system.OnEntityRemoved(entity);
  }
}

void SystemManager::AddOrdering(std::string_view later, std::string_view earlier) {
  System* later_system = nullptr;
  System* earlier_system = nullptr;
  for (const Entry& entry : systems_) {
    if (entry.system->Name() == later) later_system = entry.system.get();
    if (entry.system->Name() == earlier) earlier_system = entry.system.get();
  }
  if (later_system == nullptr) throw SystemError("cannot order unknown system " + std::string(later));
  if (earlier_system == nullptr) throw SystemError("cannot order unknown system " + std::string(earlier));
  AddOrdering(*later_system, *earlier_system);
}

void SystemManager::AddOrdering(System& later, System& earlier) {
  if (&later == &earlier) throw SystemError("system " + later.Name() + " cannot run after itself");
  systems_[IndexOf(later)].runs_after.push_back(IndexOf(earlier));
  order_valid_ = false;
}

const std::vector<System*>& SystemManager::ExecutionOrder() {
  if (order_valid_) return order_;
  // Kahn's algorithm, always taking the earliest-registered ready system so
  // the order is deterministic.
  const std::size_t count = systems_.size();
  std::vector<std::size_t> pending(count, 0);
  std::vector<std::vector<std::size_t>> dependents(count);
  for (std::size_t i = 0; i < count; ++i) {
    for (std::size_t earlier : systems_[i].runs_after) {
      ++pending[i];
      dependents[earlier].push_back(i);
    }
  }
  std::vector<System*> order;
  std::vector<bool> done(count, false);
  while (order.size() < count) {
    std::size_t next = count;
    for (std::size_t i = 0; i < count; ++i) {
      if (!done[i] && pending[i] == 0) {
        next = i;
        break;
      }
    }
    if (next == count) break;
    done[next] = true;
    order.push_back(systems_[next].system.get());
    for (std::size_t dependent : dependents[next]) --pending[dependent];
  }
  if (order.size() < count) {
    // Walk "runs after" edges among the blocked systems until one repeats.
    std::size_t current = 0;
    while (done[current]) ++current;
    std::vector<std::size_t> path;
    std::vector<int> seen_at(count, -1);
    while (seen_at[current] < 0) {
      seen_at[current] = static_cast<int>(path.size());
      path.push_back(current);
      for (std::size_t earlier : systems_[current].runs_after) {
        if (!done[earlier]) {
          current = earlier;
          break;
        }
      }
    }
    std::string cycle;
    for (std::size_t i = static_cast<std::size_t>(seen_at[current]); i < path.size(); ++i) {
      cycle += systems_[path[i]].system->Name() + " runs after ";
    }
    cycle += systems_[current].system->Name();
    throw SystemError("system ordering has a cycle: " + cycle);
  }
  order_ = std::move(order);
  order_valid_ = true;
  return order_;
}

void SystemManager::Update(Coordinator& coordinator, float delta_seconds) {
  for (System* system : ExecutionOrder()) {
    try {
      system->Update(coordinator, delta_seconds);
    } catch (const std::exception& error) {
      // Named by the system that threw, once: "DoorSystem: no target".
      const std::string prefix = system->Name() + ": ";
      if (std::string_view(error.what()).starts_with(prefix)) throw;
      throw SystemError(prefix + error.what());
    }
  }
}

void SystemManager::Reserve(std::size_t slots) {
  for (const Entry& entry : systems_) {
    entry.system->entities_.Reserve(slots);
    entry.system->ReserveSlots(slots);
  }
  changes_.Reserve(slots);
}

void SystemManager::UpdateMembership(System& system, Entity entity, const Signature& signature) {
  // Membership is read from the set itself, never inferred from an old
  // signature: a membership hook may change the entity in between.
  const bool matches = !system.signature_.None() && signature.Contains(system.signature_);
  if (matches) {
    if (system.entities_.Join(entity.index)) system.OnEntityAdded(entity);
  } else if (system.entities_.Leave(entity.index)) {
    system.OnEntityRemoved(entity);
  }
}

void SystemManager::EntitySignatureChanged(Entity entity, const Signature& signature) {
  if (any_quiet_) changes_.Mark(entity.index);
  // Indexed afresh each step: a membership hook may register a system.
  for (std::size_t i = 0; i < systems_.size(); ++i) {
    System& system = *systems_[i].system;
    if (system.membership_hooks_) UpdateMembership(system, entity, signature);
  }
}

void SystemManager::EntitySignatureChanged(Entity entity, const Signature& signature, ComponentType changed) {
  if (watchers_[changed].any_quiet) changes_.Mark(entity.index);
  // Indexed afresh each step: a membership hook may set a signature, which
  // rebuilds the index.
  for (std::size_t i = 0; i < watchers_[changed].with_hooks.size(); ++i) {
    UpdateMembership(*watchers_[changed].with_hooks[i], entity, signature);
  }
}

void SystemManager::EntitiesSignatureChanged(std::span<const Entity> entities, ComponentType changed) {
  if (watchers_[changed].any_quiet) {
    for (const Entity entity : entities) changes_.Mark(entity.index);
  }
  // Indexed afresh each step, as above (a hook may also move the signatures).
  for (std::size_t i = 0; i < watchers_[changed].with_hooks.size(); ++i) {
    System& system = *watchers_[changed].with_hooks[i];
    for (const Entity entity : entities) UpdateMembership(system, entity, (*signatures_)[entity.index]);
  }
}

void SystemManager::EntityDestroyedWithHooks(Entity entity, Signature signature) {
  // Indexed afresh each step: a membership hook may register a system.
  for (std::size_t i = 0; i < systems_.size(); ++i) {
    System& system = *systems_[i].system;
    // Only a system whose signature the entity's contains can hold it.
    if (system.membership_hooks_ && !system.signature_.None() && signature.Contains(system.signature_) &&
        system.entities_.Leave(entity.index)) {
      system.OnEntityRemoved(entity);
    }
  }
}

}  // namespace cairn::ecs
