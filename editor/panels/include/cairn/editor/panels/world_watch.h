#pragma once
// Tells panels when the world changed in a way that matters to what they
// cache, by listening to the world's events: the Hierarchy rebuilds its rows
// only when entities, parents, names or component sets changed — not on every
// drag of a Transform field.

#include <cstdint>
#include <vector>

#include "cairn/ecs/coordinator.h"

namespace cairn::editor {

class WorldWatch {
 public:
  WorldWatch() = default;
  // Unsubscribes from the attached world, which must still be alive.
  ~WorldWatch();
  WorldWatch(const WorldWatch&) = delete;
  WorldWatch& operator=(const WorldWatch&) = delete;

  // Starts watching `world`. Call it again after the watched world was
  // replaced (and destroyed): the old subscriptions are forgotten, not
  // touched. Both revisions move on, so every cache refreshes.
  void Attach(ecs::Coordinator& world);

  // Changes to entities, the hierarchy, names or which components entities
  // have.
  std::uint64_t StructureRevision() const { return structure_; }
  // Any change at all, component values included.
  std::uint64_t ContentRevision() const { return content_; }

 private:
  void Unsubscribe();

  ecs::Coordinator* world_ = nullptr;
  std::vector<ecs::SubscriptionId> subscriptions_;
  std::uint64_t structure_ = 0;
  std::uint64_t content_ = 0;
};

}  // namespace cairn::editor
