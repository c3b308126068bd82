#pragma once
// Storage of one component type, in one of two layouts (StorageKind):
//
// - packed: a SparseSet of owners plus a dense array of components kept
//   parallel to it; removal moves the last component into the hole. Memory
//   follows the number of components: for components some entities have.
// - per entity: one record per entity slot, indexed by the entity's index,
//   holding a stamp (the owner's generation, and whether the slot has the
//   component) beside the value. A lookup is one access to one record; adding
//   and removing move nothing. Memory follows the number of entity slots: for
//   components (nearly) every entity has, such as Hierarchy, Transform, Name.
//
// A type is registered with one of them, or (the default) as adaptive: packed
// while few entities have it, and per entity for good from the moment its
// records would take no more memory than the packed arrays do (checked
// whenever the count of components doubles, from kAdaptiveFirstCheck on). A
// game registering a component most of its entities have then gets the
// one-access lookup without having to know about layouts, and a component
// a few entities have still costs memory by its count.
//
// Invalidation: an insert may reallocate (every reference to a component of
// this type may dangle); a packed removal moves the last component into the
// removed one's slot. References obtained from GetComponent are valid until
// the next add or remove of the same component type.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include "cairn/ecs/entity.h"
#include "cairn/ecs/sparse_set.h"

namespace cairn::ecs {

enum class StorageKind : std::uint8_t {
  kPacked,     // sparse set + dense array
  kPerEntity,  // one record per entity slot
  kAdaptive,   // packed, then per entity once the components are dense (a choice, never a layout)
};

// The type-erased face of a storage, used where the type is only known at run
// time (destroying an entity, commands, reflection, project components).
// Lookups and iteration need no virtual call: the layout is described by a
// few fields every storage keeps current after each insert and removal.
class IComponentStorage {
 public:
  virtual ~IComponentStorage() = default;

  // The layout now: kPacked or kPerEntity (an adaptive storage starts packed).
  StorageKind Kind() const { return kind_; }
  bool Adaptive() const { return adaptive_; }
  bool Contains(Entity entity) const { return FindData(entity) != nullptr; }
  // Precondition: Contains(entity). A per-entity record of a trivially
  // destructible type is only unstamped (no call through the vtable).
  void Remove(Entity entity) {
    if (trivially_unstamped_) {
      *reinterpret_cast<std::uint32_t*>(base_ + std::size_t{entity.index} * stride_) = 0;
      --count_;
      return;
    }
    RemoveValue(entity);
  }
  // Copies *value (a component of this type) into a new component;
  // precondition: !Contains(entity).
  virtual void InsertCopy(Entity entity, const void* value) = 0;
  // Makes room for entities of indices below `slots` (per entity) or for
  // `slots` components (packed) without growing again.
  virtual void Reserve(std::size_t slots) = 0;
  // Entities of indices below `slots` are coming (Coordinator::ReserveEntities).
  // A per-entity storage makes room for their records now; an adaptive one
  // still packed makes it when it goes per entity, so that its records do
  // not grow by doubling from there. A packed storage reserves nothing: how
  // many of the entities will have its component is unknown.
  void ExpectSlots(std::size_t slots) {
    if (kind_ == StorageKind::kPerEntity) {
      Reserve(slots);
    } else if (adaptive_) {
      expected_slots_ = std::max(expected_slots_, slots);
    }
  }

  // The entity's component, or nullptr when it has none. Storages hold only
  // live entities and check the generation, so a hit proves the handle alive.
  [[gnu::always_inline]] void* FindData(Entity entity) {
    // A packed storage has no records (slots_ is 0): one comparison picks
    // the per-entity path.
    if (entity.index < slots_) {
      std::byte* record = base_ + std::size_t{entity.index} * stride_;
      return StampAt(record) == StampOf(entity) ? record + value_offset_ : nullptr;
    }
    if (kind_ == StorageKind::kPerEntity) return nullptr;
    const std::uint32_t slot = owners_.SlotOfLive(entity);
    return slot != SparseSet::kNoSlot ? base_ + std::size_t{slot} * stride_ : nullptr;
  }
  const void* FindData(Entity entity) const { return const_cast<IComponentStorage*>(this)->FindData(entity); }
  // Pointer to the component; precondition: Contains(entity).
  void* GetData(Entity entity) {
    if (kind_ == StorageKind::kPerEntity) return base_ + std::size_t{entity.index} * stride_ + value_offset_;
    return base_ + std::size_t{owners_.SlotOf(entity.index)} * stride_;
  }
  const void* GetData(Entity entity) const { return const_cast<IComponentStorage*>(this)->GetData(entity); }

  std::size_t Size() const { return kind_ == StorageKind::kPerEntity ? count_ : owners_.Size(); }

  // Calls fn(Entity, void* component) for every component: in packed order,
  // or in entity slot order. No component of this type may be added or
  // removed meanwhile.
  template <typename Fn>
  void ForEachData(Fn&& fn) {
    if (kind_ == StorageKind::kPerEntity) {
      for (std::uint32_t index = 0; index < slots_; ++index) {
        std::byte* record = base_ + std::size_t{index} * stride_;
        if (const std::uint32_t stamp = StampAt(record); (stamp & 1u) != 0) {
          fn(Entity{index, stamp >> 1}, static_cast<void*>(record + value_offset_));
        }
      }
      return;
    }
    const Entity* owners = owners_.Data();
    const std::size_t size = owners_.Size();
    for (std::size_t slot = 0; slot < size; ++slot) fn(owners[slot], static_cast<void*>(base_ + slot * stride_));
  }

  // The owners of a packed storage, in packed order (empty for a per-entity
  // storage, which has no such list: use ForEachData).
  const SparseSet& Owners() const { return owners_; }

  // Per-entity storages: how many records there are (entity indices below
  // it have one), and the stamp of one: 0 when the slot has no component.
  std::uint32_t RecordSlots() const { return slots_; }
  std::uint32_t StampAtSlot(std::uint32_t index) const { return StampAt(base_ + std::size_t{index} * stride_); }

  // A per-entity record's stamp for a live owner: generation and "present".
  static constexpr std::uint32_t StampOf(Entity entity) { return (entity.generation << 1) | 1u; }

 protected:
  IComponentStorage(StorageKind kind, std::size_t stride, std::size_t value_offset, bool trivially_destructible)
      : stride_(stride),
        value_offset_(value_offset),
        kind_(kind == StorageKind::kAdaptive ? StorageKind::kPacked : kind),
        adaptive_(kind == StorageKind::kAdaptive),
        trivially_unstamped_(kind == StorageKind::kPerEntity && trivially_destructible) {}

  // Remove, for every storage Remove does not handle itself.
  virtual void RemoveValue(Entity entity) = 0;

  static std::uint32_t StampAt(const std::byte* record) {
    return *reinterpret_cast<const std::uint32_t*>(record);
  }

  SparseSet owners_;            // packed only
  std::byte* base_ = nullptr;   // packed: component 0; per entity: record of slot 0
  std::size_t stride_;          // bytes from one component (or record) to the next
  std::size_t value_offset_;    // per entity: the value's offset in its record
  std::uint32_t slots_ = 0;     // per entity: records held (entity indices below it); packed: 0
  std::size_t count_ = 0;       // per entity: components held
  std::size_t expected_slots_ = 0;  // adaptive, still packed: the records to reserve on going per entity
  StorageKind kind_;            // the layout now
  bool adaptive_;               // may go from packed to per entity
  bool trivially_unstamped_;  // per entity, and the value needs no destruction
};

// An adaptive storage first weighs going per entity at this many components.
inline constexpr std::size_t kAdaptiveFirstCheck = 4096;

template <typename T>
class ComponentStorage final : public IComponentStorage {
 public:
  // A per-entity record: the stamp comes first, where FindData reads it.
  struct Record {
    std::uint32_t stamp = 0;  // StampOf(owner), or 0 when the slot has no component
    T value{};
  };

  explicit ComponentStorage(StorageKind kind = StorageKind::kAdaptive)
      : IComponentStorage(kind, kind == StorageKind::kPerEntity ? sizeof(Record) : sizeof(T), ValueOffset(),
                          std::is_trivially_destructible_v<T>) {}

  // Precondition: the entity has no component of this type.
  template <typename... Args>
  [[gnu::always_inline]] T& Emplace(Entity entity, Args&&... args) {
    if (entity.index >= slots_) [[unlikely]] {  // packed, or past the records
      if (kind_ == StorageKind::kPacked && !GoPerEntityIfDense()) {
        return EmplacePacked(entity, Make(std::forward<Args>(args)...));
      }
      if (entity.index >= slots_) Grow(entity.index);
    }
    Record& record = records_[entity.index];
    if constexpr (IsOneT<Args...>) {
      record.value = (std::forward<Args>(args), ...);  // no temporary to copy through
    } else {
      record.value = Make(std::forward<Args>(args)...);
    }
    record.stamp = StampOf(entity);
    ++count_;
    return record.value;
  }

  // A component for each of `entities` in order, each value-initialised
  // and then filled in place by fill(T& value, std::size_t i); preconditions
  // as Emplace's. Filling in place keeps each record's fields where they
  // are written (a value built elsewhere and copied in is read back wider
  // than it was written: a stalled load per record). A per-entity storage
  // appends the record of an entity one past the last. Should fill throw,
  // the components made before it stay (the caller takes them back).
  template <typename Fill>
  [[gnu::always_inline]] void EmplaceEach(std::span<const Entity> entities, Fill&& fill) {
    std::size_t i = 0;
    if (kind_ == StorageKind::kPacked) {
      for (; i < entities.size() && !GoPerEntityIfDense(); ++i) {
        T value{};
        fill(value, i);
        EmplacePacked(entities[i], std::move(value));
      }
      if (i == entities.size()) return;
    }
    try {
      for (; i < entities.size(); ++i) {
        const Entity entity = entities[i];
        if (entity.index == records_.size()) {
          records_.emplace_back();
        } else if (entity.index > records_.size()) {
          Grow(entity.index);
        }
        Record& record = records_[entity.index];
        fill(record.value, i);
        record.stamp = StampOf(entity);
        ++count_;
      }
    } catch (...) {
      RecordsMoved();
      throw;
    }
    RecordsMoved();
  }

  // Remove with the type known: no call through the vtable. Packed: moves
  // the last component into the removed one's slot. Per entity: releases
  // what the value holds now (not when the slot is reused) and clears the
  // stamp. Precondition: the entity has this component.
  [[gnu::always_inline]] void Erase(Entity entity) {
    if (kind_ == StorageKind::kPacked) return ErasePacked(entity);
    ClearRecord(records_[entity.index]);
  }
  void RemoveValue(Entity entity) override { Erase(entity); }
  // Erase when the entity (a handle checked for its generation) has the
  // component; false, changing nothing, when it has not.
  [[gnu::always_inline]] bool EraseIfPresent(Entity entity) {
    if (entity.index < slots_) {
      Record& record = records_[entity.index];
      if (record.stamp != StampOf(entity)) return false;
      ClearRecord(record);
      return true;
    }
    if (kind_ == StorageKind::kPerEntity || owners_.SlotOfLive(entity) == SparseSet::kNoSlot) return false;
    ErasePacked(entity);
    return true;
  }

  // Precondition: the entity has this component (callers check first).
  T& Get(Entity entity) {
    if (kind_ == StorageKind::kPerEntity) return records_[entity.index].value;
    return components_[owners_.SlotOf(entity.index)];
  }
  const T& Get(Entity entity) const { return const_cast<ComponentStorage*>(this)->Get(entity); }

  // FindData with the record size known at compile time (a shift, not a
  // multiplication, on the way to the one memory access).
  [[gnu::always_inline]] T* Find(Entity entity) {
    if (entity.index < slots_) {
      Record& record = reinterpret_cast<Record*>(base_)[entity.index];
      return record.stamp == StampOf(entity) ? &record.value : nullptr;
    }
    return static_cast<T*>(FindData(entity));
  }

  // Packed storages: like Find, but first tries `slot_hint`: iterating two
  // pools filled in the same order then needs no sparse lookup at all.
  T* FindWithHint(Entity entity, std::size_t slot_hint) {
    if (kind_ == StorageKind::kPacked && slot_hint < components_.size() && owners_.At(slot_hint) == entity) {
      return &components_[slot_hint];
    }
    return Find(entity);
  }

  void InsertCopy(Entity entity, const void* value) override { Emplace(entity, *static_cast<const T*>(value)); }
  void Reserve(std::size_t slots) override {
    if (kind_ == StorageKind::kPacked) {
      owners_.Reserve(slots);
      components_.reserve(slots);
      base_ = reinterpret_cast<std::byte*>(components_.data());
    } else {
      records_.reserve(slots);  // capacity only: records are made as entities arrive
      base_ = reinterpret_cast<std::byte*>(records_.data());
    }
  }

  // Packed storages: the components, parallel to Owners().
  T* Components() { return components_.data(); }
  // Per-entity storages: the records, indexed by entity index, RecordCount() of them.
  Record* Records() { return records_.data(); }
  std::size_t RecordCount() const { return records_.size(); }

 private:
  static std::size_t ValueOffset() {
    const Record probe{};
    return static_cast<std::size_t>(reinterpret_cast<const std::byte*>(&probe.value) -
                                    reinterpret_cast<const std::byte*>(&probe));
  }

  // Emplace's arguments are one T (copied or moved in).
  template <typename... Args>
  static constexpr bool IsOneT = sizeof...(Args) == 1 && (std::is_same_v<std::remove_cvref_t<Args>, T> && ...);

  // A value from Emplace's arguments: an aggregate's members in order, or a
  // constructor's arguments (a T itself is copied or moved).
  template <typename... Args>
  static T Make(Args&&... args) {
    if constexpr (std::is_aggregate_v<T> && !IsOneT<Args...>) {
      return T{std::forward<Args>(args)...};
    } else {
      return T(std::forward<Args>(args)...);
    }
  }

  // The value comes by value: a reference to the caller's arguments would
  // make the compiler keep them in memory on the per-entity path too, where
  // they are read back wider than they were written (a stalled load).
  T& EmplacePacked(Entity entity, T value) {
    owners_.Insert(entity);
    T& component = components_.emplace_back(std::move(value));
    base_ = reinterpret_cast<std::byte*>(components_.data());
    return component;
  }

  // Releases what the record's value holds now (not when the slot is
  // reused) and clears its stamp.
  [[gnu::always_inline]] void ClearRecord(Record& record) {
    if constexpr (!std::is_trivially_destructible_v<T>) record.value = T{};
    record.stamp = 0;
    --count_;
  }

  void ErasePacked(Entity entity) {
    const std::uint32_t slot = owners_.Erase(entity);
    if (slot + 1 != components_.size()) components_[slot] = std::move(components_.back());
    components_.pop_back();
  }

  // Records for every index up to `index`, and on to the end of its chunk
  // of kRecordChunk (within reserved room, when there is some): entities
  // mostly arrive in index order, one past the last record, and this way
  // they grow the array once per chunk rather than once each.
  [[gnu::noinline]] void Grow(std::uint32_t index) {
    const std::size_t needed = std::size_t{index} + 1;
    const std::size_t chunk_end = (needed + kRecordChunk - 1) / kRecordChunk * kRecordChunk;
    records_.resize(needed <= records_.capacity() ? std::min(chunk_end, records_.capacity()) : chunk_end);
    RecordsMoved();
  }
  // After the records grew: the type-erased view of them follows.
  void RecordsMoved() {
    base_ = reinterpret_cast<std::byte*>(records_.data());
    slots_ = static_cast<std::uint32_t>(records_.size());
  }

  // An adaptive storage, still packed, about to add a component: when the
  // count has reached the next check, and records for every index up to the
  // highest owner's would take no more memory than the packed arrays, moves
  // the components into records and stays per entity. True when it did.
  [[gnu::always_inline]] bool GoPerEntityIfDense() {
    if (!adaptive_ || owners_.Size() < next_density_check_) [[likely]] return false;
    return GoPerEntity();
  }
  [[gnu::noinline]] bool GoPerEntity() {
    next_density_check_ = 2 * owners_.Size();
    std::uint32_t last_index = 0;
    for (const Entity owner : owners_) last_index = std::max(last_index, owner.index);
    const std::size_t record_bytes = (std::size_t{last_index} + 1) * sizeof(Record);
    const std::size_t packed_bytes = owners_.Bytes() + components_.capacity() * sizeof(T);
    if (record_bytes > packed_bytes) return false;
    detail::Table<Record> records;
    records.reserve(std::max(std::size_t{last_index} + 1, expected_slots_));
    records.resize(std::size_t{last_index} + 1);
    for (std::size_t slot = 0; slot < owners_.Size(); ++slot) {
      const Entity owner = owners_.At(slot);
      records[owner.index].value = std::move(components_[slot]);
      records[owner.index].stamp = StampOf(owner);
    }
    count_ = owners_.Size();
    records_ = std::move(records);
    components_ = {};
    owners_ = {};
    kind_ = StorageKind::kPerEntity;
    stride_ = sizeof(Record);
    trivially_unstamped_ = std::is_trivially_destructible_v<T>;
    RecordsMoved();
    return true;
  }

  static constexpr std::size_t kRecordChunk = 256;

  detail::Table<T> components_;    // packed
  detail::Table<Record> records_;  // per entity
  std::size_t next_density_check_ = kAdaptiveFirstCheck;  // adaptive: the count at which to look again
};

}  // namespace cairn::ecs
