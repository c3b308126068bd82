#pragma once
// The editor's selection: an ordered set of entity ids (in the order they were
// selected) with a primary entity (the one the Inspector shows and gizmos
// follow) and an anchor for Shift+click ranges. Ids, not handles, so a
// selection survives undo and redo of the entities it names.
//
// A SelectionState is a copy of all three: every step of the undo history
// keeps the selection before and after it, and undo and redo bring it back
// (History, EditorContext).

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "cairn/ecs/entity.h"
#include "cairn/ecs/fwd.h"
#include "cairn/ecs/id_map.h"

namespace cairn::editor {

// What a Selection holds, as a value: the ids in selection order, the primary
// and the anchor.
struct SelectionState {
  std::vector<ecs::EntityId> ids;
  ecs::EntityId primary;
  ecs::EntityId anchor;

  friend bool operator==(const SelectionState&, const SelectionState&) = default;
};

class Selection {
 public:
  // Plain click: exactly this entity; it becomes primary and the range anchor.
  void Select(ecs::EntityId id);
  // Adds the entity (kept in place when already selected) and makes it primary.
  void Add(ecs::EntityId id);
  // Ctrl+click: removes a selected entity, otherwise adds it. Either way the
  // entity becomes the range anchor; an added one becomes primary, and when the
  // primary is removed the most recently selected remaining entity takes over.
  void Toggle(ecs::EntityId id);
  // Shift+click: the entities from the anchor to `target` in `visible_order`
  // (the rows as displayed), both ends included, in display order; with
  // `additive` (Ctrl+Shift) they are added to the selection instead of
  // replacing it. The anchor stays; `target` becomes primary. When the anchor is
  // unset or not visible, behaves like Select(target) (additive: Add(target)).
  void SelectRange(ecs::EntityId target, std::span<const ecs::EntityId> visible_order, bool additive = false);
  // Selects exactly these entities in this order; the last one is primary.
  void SelectAll(std::span<const ecs::EntityId> ids);
  void Remove(ecs::EntityId id);
  void Clear();
  // Removes the ids no live entity has (after a delete, an undone create, or a
  // world replacement). Returns how many were removed.
  std::size_t Prune(const ecs::Coordinator& world);

  // The selection as a value, and back: Restore makes this selection exactly
  // `state` (duplicate ids are dropped, a primary that is not among the ids
  // becomes the last id), bumping the version only when that changes it.
  SelectionState State() const { return {ids_, primary_, anchor_}; }
  void Restore(const SelectionState& state);

  bool Contains(ecs::EntityId id) const { return members_.Contains(id); }
  bool Empty() const { return ids_.empty(); }
  std::size_t Count() const { return ids_.size(); }
  // In selection order.
  const std::vector<ecs::EntityId>& Ids() const { return ids_; }
  // kNoEntityId when empty.
  ecs::EntityId Primary() const { return primary_; }
  ecs::EntityId Anchor() const { return anchor_; }
  // Increases on every change, so panels can cache what they derive from it.
  std::uint64_t Version() const { return version_; }

 private:
  void Insert(ecs::EntityId id);
  void InsertAll(std::span<const ecs::EntityId> ids);
  void Erase(ecs::EntityId id);
  void Changed() { ++version_; }

  std::vector<ecs::EntityId> ids_;
  ecs::IdMap members_;  // the ids of ids_, for Contains (flat: a million need no node each)
  ecs::EntityId primary_;
  ecs::EntityId anchor_;
  std::uint64_t version_ = 0;
};

}  // namespace cairn::editor
