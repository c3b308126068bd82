#include "cairn/ecs/hierarchy_links.h"

namespace cairn::ecs {

HierarchyLinks::ConstHead HierarchyLinks::Head(Entity parent) const {
  if (parent.IsNull()) return {first_root_, last_root_, root_count_};
  const Hierarchy& links = storage_->Get(parent);
  return {links.first_child, links.last_child, links.child_count};
}

HierarchyLinks::HeadRef HierarchyLinks::MutableHead(Entity parent) {
  if (parent.IsNull()) return {&first_root_, &last_root_, &root_count_};
  Hierarchy& links = storage_->Get(parent);
  return {&links.first_child, &links.last_child, &links.child_count};
}

void HierarchyLinks::Link(Entity entity, Entity parent, Entity before) {
  HeadRef head = MutableHead(parent);
  Hierarchy& links = storage_->Get(entity);
  links.parent = parent;
  links.next_sibling = before;
  if (before.IsNull()) {
    links.previous_sibling = *head.last;
    if (head.last->IsNull()) *head.first = entity;
    else storage_->Get(*head.last).next_sibling = entity;
    *head.last = entity;
  } else {
    Hierarchy& next = storage_->Get(before);
    links.previous_sibling = next.previous_sibling;
    if (next.previous_sibling.IsNull()) *head.first = entity;
    else storage_->Get(next.previous_sibling).next_sibling = entity;
    next.previous_sibling = entity;
  }
  ++*head.count;
}

void HierarchyLinks::Unlink(Entity entity) {
  Hierarchy& links = storage_->Get(entity);
  HeadRef head = MutableHead(links.parent);
  if (links.previous_sibling.IsNull()) *head.first = links.next_sibling;
  else storage_->Get(links.previous_sibling).next_sibling = links.next_sibling;
  if (links.next_sibling.IsNull()) *head.last = links.previous_sibling;
  else storage_->Get(links.next_sibling).previous_sibling = links.previous_sibling;
  --*head.count;
  links.parent = kNullEntity;
  links.previous_sibling = kNullEntity;
  links.next_sibling = kNullEntity;
}

Entity HierarchyLinks::ChildAt(Entity parent, std::size_t position, Entity skip) const {
  const ConstHead head = Head(parent);
  const bool skip_is_child = !skip.IsNull() && storage_->Contains(skip) && storage_->Get(skip).parent == parent;
  const std::size_t count = head.count - (skip_is_child ? 1u : 0u);
  if (position >= count) return kNullEntity;
  // Walk from the nearer end.
  if (position < count / 2 || skip_is_child) {
    std::size_t index = 0;
    for (Entity child = head.first; !child.IsNull(); child = storage_->Get(child).next_sibling) {
      if (child == skip) continue;
      if (index++ == position) return child;
    }
    return kNullEntity;
  }
  std::size_t index = count - 1;
  for (Entity child = head.last;; child = storage_->Get(child).previous_sibling) {
    if (index-- == position) return child;
  }
}

bool HierarchyLinks::IsAncestorOf(Entity ancestor, Entity entity) const {
  // A childless entity is nobody's ancestor. This is what keeps building a
  // subtree top down (a restore, a paste, a duplicate) linear: every new
  // entity is placed while still a leaf, and its cycle check stops here
  // instead of walking the new parent's ancestors, once per entity.
  if (ancestor.IsNull() || !storage_->Contains(ancestor) || storage_->Get(ancestor).child_count == 0) return false;
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
  for (Entity sibling = storage_->Get(entity).previous_sibling; !sibling.IsNull();
       sibling = storage_->Get(sibling).previous_sibling) {
    ++index;
  }
  return index;
}

}  // namespace cairn::ecs
