#pragma once
// Tag components: no fields, their presence is the information.

namespace cairn::ecs {

// Never moves at runtime (for batching and baking).
struct Static {
  friend bool operator==(const Static&, const Static&) = default;
};

// The entity the player controls.
struct Player {
  friend bool operator==(const Player&, const Player&) = default;
};

}  // namespace cairn::ecs
