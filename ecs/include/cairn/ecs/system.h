#pragma once
// A system: a signature and the exact set of entities whose signature
// contains it, kept up to date by the SystemManager on every add, remove and
// destroy.

#include <string>

#include "cairn/ecs/fwd.h"
#include "cairn/ecs/signature.h"
#include "cairn/ecs/system_entities.h"

namespace cairn::ecs {

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
  virtual void OnEntityAdded(Entity entity);
  virtual void OnEntityRemoved(Entity entity);

 private:
  friend class SystemManager;

  SystemEntities entities_;
  Signature signature_;
  std::string name_;
};

}  // namespace cairn::ecs
