#pragma once
// The editor's selection: an ordered set of entity ids (in the order they were
// selected) with a primary entity (the one the Inspector shows and gizmos
// follow) and an anchor for Shift+click ranges. Ids, not handles, so a
// selection survives undo and redo of the entities it names.
//
// A SelectionState is a copy of all three: every step of the undo history
// keeps the selection before and after it, and undo and redo bring it back
// (History, EditorContext).
//
// Membership (Contains) is kept per entity slot of the bound world, the
// edited world its EditorContext keeps it bound to: a selected id whose
// entity lives there is marked at the entity's slot, so selecting a
// million entities from their handles writes an array in slot order instead
// of hashing a million random ids. A selected id with no live entity there
// (or with no world bound) is kept in a hash set. Marks are good while the
// world's EntityRevision stays the one they were made at; once an entity
// came or went, they are made again from the ids on the next use. Either
// way Contains answers exactly "is this id among Ids()".

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
  // The same for entities of `world` given as handles (dead handles and
  // repeats are skipped). When `world` is the bound world the membership is
  // written per slot, without looking any id up.
  void SelectAll(const ecs::Coordinator& world, std::span<const ecs::Entity> entities);
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

  // Binds the selection to the world whose entities it names (nullptr: none).
  // The world must outlive the binding: bind again, or unbind, before it goes.
  void Bind(const ecs::Coordinator* world);

  bool Contains(ecs::EntityId id) const {
    Sync();
    return IsMember(id);
  }
  // Whether this entity of `world` is selected (false for a dead handle). For
  // the bound world it reads the entity's slot, with no lookup; for another
  // (a play session's copy) it looks the entity's id up.
  bool Contains(const ecs::Coordinator& world, ecs::Entity entity) const;
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

  // Membership, for ids_ as it is; each assumes Sync() has run.
  bool IsMember(ecs::EntityId id) const;
  // Makes the id a member; false when it was one already.
  bool Place(ecs::EntityId id) const;
  // Removes the id from the membership; false when it was not a member.
  bool Forget(ecs::EntityId id);
  // The bound world's live entity of the id, or the null entity.
  ecs::Entity PlaceOf(ecs::EntityId id) const;
  // Whether the entity's slot holds its mark, and setting it (false when it
  // did already).
  bool Marked(ecs::Entity entity) const {
    return entity.index < marks_.size() && marks_[entity.index] == entity.generation + 1;
  }
  bool Mark(ecs::Entity entity) const;
  // Empties ids_ and the membership.
  void Reset();
  // Makes the marks again from ids_ when an entity of the bound world came or
  // went since they were made.
  void Sync() const {
    if (world_ != nullptr && RevisionOf(*world_) != synced_revision_) Remark();
  }
  void Remark() const;
  static std::uint64_t RevisionOf(const ecs::Coordinator& world);

  std::vector<ecs::EntityId> ids_;
  ecs::EntityId primary_;
  ecs::EntityId anchor_;
  std::uint64_t version_ = 0;

  const ecs::Coordinator* world_ = nullptr;
  // A cache of ids_, remade by Sync (hence mutable): per slot of world_, the
  // selected entity's generation + 1 (0: none), and the selected ids with no
  // live entity in world_, in a flat set (a million need no node each).
  mutable std::vector<std::uint32_t> marks_;
  mutable ecs::IdMap unplaced_;
  mutable std::uint64_t synced_revision_ = 0;
};

}  // namespace cairn::editor
