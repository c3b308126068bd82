#include "cairn/ecs/hierarchy_links.h"

namespace cairn::ecs {

void HierarchyLinks::Link(Entity entity, Entity parent, Entity before) {
  const HeadRef head = MutableHead(parent);
  Hierarchy& links = At(entity);
  links.parent = parent;
  if (before.IsNull()) return Append(entity, head);
  Hierarchy& next = At(before);
  links.next_sibling = before;
  links.previous_sibling = next.previous_sibling;
  if (next.previous_sibling.IsNull()) *head.first = entity;
  else At(next.previous_sibling).next_sibling = entity;
  next.previous_sibling = entity;
  ++*head.count;
}

void HierarchyLinks::EmplaceRoots(std::span<const Entity> entities) {
  if (entities.empty()) return;
  const Entity last_before = last_root_;
  // Each starts as a root without children.
  storage_->EmplaceEach(entities, [&](Hierarchy& links, std::size_t i) {
    links.previous_sibling = i == 0 ? last_before : entities[i - 1];
    if (i + 1 < entities.size()) links.next_sibling = entities[i + 1];
  });
  if (last_before.IsNull()) first_root_ = entities.front();
  else At(last_before).next_sibling = entities.front();
  last_root_ = entities.back();
  root_count_ += static_cast<std::uint32_t>(entities.size());
}

Entity HierarchyLinks::ChildAt(Entity parent, std::size_t position, Entity skip) const {
  const ConstHead head = Head(parent);
  const bool skip_is_child = !skip.IsNull() && storage_->Contains(skip) && At(skip).parent == parent;
  const std::size_t count = head.count - (skip_is_child ? 1u : 0u);
  if (position >= count) return kNullEntity;
  // Walk from the nearer end.
  if (position < count / 2 || skip_is_child) {
    std::size_t index = 0;
    for (Entity child = head.first; !child.IsNull(); child = At(child).next_sibling) {
      if (child == skip) continue;
      if (index++ == position) return child;
    }
    return kNullEntity;
  }
  std::size_t index = count - 1;
  for (Entity child = head.last;; child = At(child).previous_sibling) {
    if (index-- == position) return child;
  }
}

bool HierarchyLinks::IsAncestorOf(Entity ancestor, Entity entity) const {
  // A childless entity is nobody's ancestor. This is what keeps building a
  // subtree top down (a restore, a paste, a duplicate) linear: every new
  // entity is placed while still a leaf, and its cycle check stops here
  // instead of walking the new parent's ancestors, once per entity.
  if (ancestor.IsNull() || !storage_->Contains(ancestor) || At(ancestor).child_count == 0) return false;
  bool found = false;
  ForEachAncestorWhile(entity, [&](Entity current) {
    found = current == ancestor;
    return !found;
  });
  return found;
}

Entity HierarchyLinks::DeepestFirstDescendant(Entity entity) const {
  for (Entity child = FirstChild(entity); !child.IsNull(); child = FirstChild(entity)) entity = child;
  return entity;
}

std::vector<Entity> HierarchyLinks::SubtreePostOrder(Entity root) const {
  std::vector<Entity> order;
  // After an entity come its next sibling's subtree (deepest first child
  // first) or, after the last sibling, its parent.
  for (Entity current = DeepestFirstDescendant(root);;) {
    order.push_back(current);
    if (current == root) return order;
    const Entity next = NextSibling(current);
    current = next.IsNull() ? Parent(current) : DeepestFirstDescendant(next);
  }
}

std::uint32_t HierarchyLinks::SiblingIndex(Entity entity) const {
  std::uint32_t index = 0;
  for (Entity sibling = At(entity).previous_sibling; !sibling.IsNull();
       sibling = At(sibling).previous_sibling) {
    ++index;
  }
  return index;
}

}  // namespace cairn::ecs
