#pragma once
// The sibling lists behind Coordinator::SetParent: children of an entity are
// linked through their Hierarchy components; roots are linked the same way
// under a list head owned here. All operations are O(1) except the ones that
// name a position (O(position)) and the walks, whose cost each states.
//
// Every walk is a loop over the links, never a recursion: a subtree of any
// depth is walked in constant stack space.

#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <vector>

#include "cairn/ecs/component_storage.h"
#include "cairn/ecs/components/hierarchy.h"

namespace cairn::ecs {

class HierarchyLinks {
 public:
  // Binds to the storage of Hierarchy components, a per-entity one; call
  // once before use.
  void Bind(ComponentStorage<Hierarchy>& storage) {
    if (storage.Kind() != StorageKind::kPerEntity) {
      throw std::invalid_argument("HierarchyLinks reads its links by entity index: bind it to a per-entity storage");
    }
    storage_ = &storage;
  }

  // Links `entity` (which has a fresh, unlinked Hierarchy) under `parent`
  // (null: the roots) before `before` (null: at the end).
  void Link(Entity entity, Entity parent, Entity before);
  // Link(entity, kNullEntity, kNullEntity), inline: how every entity starts.
  void LinkLastRoot(Entity entity) {
    At(entity).parent = kNullEntity;
    Append(entity, MutableHead(kNullEntity));
  }
  // Gives each entity, none of which has a Hierarchy yet, its Hierarchy
  // linked last among the roots, in the order given: LinkLastRoot for each
  // after an Emplace, with every record written once.
  void EmplaceRoots(std::span<const Entity> entities);
  // Removes `entity` from its parent's (or the roots') list; keeps its children.
  void Unlink(Entity entity) {
    Hierarchy& links = At(entity);
    const HeadRef head = MutableHead(links.parent);
    if (links.previous_sibling.IsNull()) *head.first = links.next_sibling;
    else At(links.previous_sibling).next_sibling = links.next_sibling;
    if (links.next_sibling.IsNull()) *head.last = links.previous_sibling;
    else At(links.next_sibling).previous_sibling = links.previous_sibling;
    --*head.count;
    links.parent = kNullEntity;
    links.previous_sibling = kNullEntity;
    links.next_sibling = kNullEntity;
  }

  Entity Parent(Entity entity) const { return At(entity).parent; }
  Entity FirstChild(Entity parent) const { return Head(parent).first; }
  Entity LastChild(Entity parent) const { return Head(parent).last; }
  Entity NextSibling(Entity entity) const { return At(entity).next_sibling; }
  Entity PreviousSibling(Entity entity) const { return At(entity).previous_sibling; }
  std::uint32_t ChildCount(Entity parent) const { return Head(parent).count; }

  // The child at `position` among `parent`'s children, not counting `skip`;
  // null when position is past the end.
  Entity ChildAt(Entity parent, std::size_t position, Entity skip = kNullEntity) const;
  // Position of `entity` among its siblings. O(position).
  std::uint32_t SiblingIndex(Entity entity) const;

  // ---- Walks ---------------------------------------------------------------

  // True when `ancestor` is a parent, grandparent, ... of `entity` (an entity
  // is not its own ancestor; a null or dead `ancestor` is nobody's). O(1)
  // when `ancestor` has no children, else O(depth of entity): the cycle check
  // of an entity placed while still a leaf costs nothing, however deep.
  bool IsAncestorOf(Entity ancestor, Entity entity) const;

  // Calls fn(Entity) -> bool for the parent of `entity`, its parent, ... up
  // to the root, while fn returns true. O(depth).
  template <typename Fn>
  void ForEachAncestorWhile(Entity entity, Fn&& fn) const;

  // Calls fn(Entity entity, std::uint32_t position) for `root` and every
  // descendant in pre-order: each parent before its children, children in
  // sibling order, a whole subtree before the next sibling; `position` is the
  // entity's index among its siblings. O(size of the subtree + position of
  // the root), and a vector as deep as the subtree. @warning fn must not
  // change any parent or sibling link (no SetParent, create or destroy).
  template <typename Fn>
  void ForEachInPreOrder(Entity root, Fn&& fn) const;

  // `root` and every descendant in post-order: each entity after all of its
  // descendants (children in sibling order), so destroying them in this order
  // only ever destroys leaves. O(size of the subtree).
  std::vector<Entity> SubtreePostOrder(Entity root) const;

  // How many steps from an entity up to its parent the upward walks
  // (IsAncestorOf, ForEachAncestorWhile) have taken since construction.
  // For tests and profiling: a structural edit takes a few per operation,
  // never a few per entity times the depth.
  std::uint64_t ParentStepCount() const { return parent_steps_; }

 private:
  struct ConstHead {
    Entity first;
    Entity last;
    std::uint32_t count;
  };
  struct HeadRef {
    Entity* first;
    Entity* last;
    std::uint32_t* count;
  };

  // The links of a live entity: its record, read directly (the storage
  // is per entity).
  Hierarchy& At(Entity entity) const { return storage_->Records()[entity.index].value; }

  ConstHead Head(Entity parent) const {
    if (parent.IsNull()) return {first_root_, last_root_, root_count_};
    const Hierarchy& links = At(parent);
    return {links.first_child, links.last_child, links.child_count};
  }
  HeadRef MutableHead(Entity parent) {
    if (parent.IsNull()) return {&first_root_, &last_root_, &root_count_};
    Hierarchy& links = At(parent);
    return {&links.first_child, &links.last_child, &links.child_count};
  }

  // Links `entity` last in the list `head` heads (a parent's children, or
  // the roots); its parent link is the caller's to set.
  void Append(Entity entity, const HeadRef& head) {
    Hierarchy& links = At(entity);
    links.previous_sibling = *head.last;
    links.next_sibling = kNullEntity;
    if (head.last->IsNull()) *head.first = entity;
    else At(*head.last).next_sibling = entity;
    *head.last = entity;
    ++*head.count;
  }

  // `entity` when it has no children, else the entity reached by following
  // first-child links down from it: the first of its subtree in post-order.
  Entity DeepestFirstDescendant(Entity entity) const;

  ComponentStorage<Hierarchy>* storage_ = nullptr;
  Entity first_root_;
  Entity last_root_;
  std::uint32_t root_count_ = 0;
  mutable std::uint64_t parent_steps_ = 0;
};

// ---- Template definitions ---------------------------------------------------

template <typename Fn>
void HierarchyLinks::ForEachAncestorWhile(Entity entity, Fn&& fn) const {
  for (Entity current = Parent(entity); !current.IsNull(); current = Parent(current)) {
    ++parent_steps_;
    if (!fn(current)) return;
  }
}

template <typename Fn>
void HierarchyLinks::ForEachInPreOrder(Entity root, Fn&& fn) const {
  // Positions of the ancestors of `current` below `root` (root's own first),
  // to continue numbering their siblings on the way back up.
  std::vector<std::uint32_t> ancestor_positions;
  Entity current = root;
  std::uint32_t position = SiblingIndex(root);
  for (;;) {
    fn(current, position);
    if (const Entity first = FirstChild(current); !first.IsNull()) {
      ancestor_positions.push_back(position);
      current = first;
      position = 0;
      continue;
    }
    // A leaf: go on with the next sibling of the nearest entity, itself
    // included, that has one, without leaving root's subtree.
    while (current != root && NextSibling(current).IsNull()) {
      current = Parent(current);
      position = ancestor_positions.back();
      ancestor_positions.pop_back();
    }
    if (current == root) return;
    current = NextSibling(current);
    ++position;
  }
}

}  // namespace cairn::ecs
