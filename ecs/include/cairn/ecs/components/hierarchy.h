#pragma once
// Parent/child links as an intrusive doubly linked list of siblings. Every
// entity has one (the Coordinator adds it at creation); roots have a null
// parent and are linked in the Coordinator's root list. Only the Coordinator
// edits it: use SetParent. Not UI-accessible, not serialized as a component
// (scene files store "parent" and "order" instead).

#include <cstdint>

#include "cairn/ecs/entity.h"

namespace cairn::ecs {

struct Hierarchy {
  Entity parent;
  Entity first_child;
  Entity last_child;  // O(1) append
  Entity previous_sibling;
  Entity next_sibling;
  std::uint32_t child_count = 0;

  friend bool operator==(const Hierarchy&, const Hierarchy&) = default;
};

}  // namespace cairn::ecs
