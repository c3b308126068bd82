#pragma once
// The sibling lists behind Coordinator::SetParent: children of an entity are
// linked through their Hierarchy components; roots are linked the same way
// under a list head owned here. All operations are O(1) except the ones that
// name a position (O(position)).

#include <cstddef>
#include <cstdint>

#include "cairn/ecs/component_storage.h"
#include "cairn/ecs/components/hierarchy.h"

namespace cairn::ecs {

class HierarchyLinks {
 public:
  // Binds to the storage of Hierarchy components; call once before use.
  void Bind(ComponentStorage<Hierarchy>& storage) { storage_ = &storage; }

  // Links `entity` (which has a fresh, unlinked Hierarchy) under `parent`
  // (null: the roots) before `before` (null: at the end).
  void Link(Entity entity, Entity parent, Entity before);
  // Removes `entity` from its parent's (or the roots') list; keeps its children.
  void Unlink(Entity entity);

  Entity Parent(Entity entity) const { return storage_->Get(entity).parent; }
  Entity FirstChild(Entity parent) const { return Head(parent).first; }
  Entity LastChild(Entity parent) const { return Head(parent).last; }
  Entity NextSibling(Entity entity) const { return storage_->Get(entity).next_sibling; }
  Entity PreviousSibling(Entity entity) const { return storage_->Get(entity).previous_sibling; }
  std::uint32_t ChildCount(Entity parent) const { return Head(parent).count; }

  // The child at `position` among `parent`'s children, not counting `skip`;
  // null when position is past the end.
  Entity ChildAt(Entity parent, std::size_t position, Entity skip = kNullEntity) const;
  // Position of `entity` among its siblings. O(position).
  std::uint32_t SiblingIndex(Entity entity) const;

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

  ConstHead Head(Entity parent) const;
  HeadRef MutableHead(Entity parent);

  ComponentStorage<Hierarchy>* storage_ = nullptr;
  Entity first_root_;
  Entity last_root_;
  std::uint32_t root_count_ = 0;
};

}  // namespace cairn::ecs
