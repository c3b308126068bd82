#pragma once
// Packed storage of one component type: a SparseSet of owners plus a dense
// array of components kept parallel to it.
//
// Invalidation: Insert may reallocate (every reference to a component of this
// type may dangle); Remove moves the last component into the removed one's
// slot. References obtained from GetComponent are valid until the next add or
// remove of the same component type.

#include <cstddef>
#include <utility>
#include <vector>

#include "cairn/ecs/entity.h"
#include "cairn/ecs/sparse_set.h"

namespace cairn::ecs {

// The type-erased face of a storage, used where the type is only known at run
// time (destroying an entity, commands, reflection).
class IComponentStorage {
 public:
  virtual ~IComponentStorage() = default;

  virtual bool Contains(Entity entity) const = 0;
  virtual void Remove(Entity entity) = 0;
  // Pointer to the component; precondition: Contains(entity).
  virtual void* GetData(Entity entity) = 0;
  virtual const void* GetData(Entity entity) const = 0;
  // Copies *value (a T) into a new component; precondition: !Contains(entity).
  virtual void InsertCopy(Entity entity, const void* value) = 0;
  virtual std::size_t Size() const = 0;
  virtual const SparseSet& Owners() const = 0;
};

template <typename T>
class ComponentStorage final : public IComponentStorage {
 public:
  bool Contains(Entity entity) const override { return owners_.Contains(entity); }

  template <typename... Args>
  T& Emplace(Entity entity, Args&&... args) {
    owners_.Insert(entity);
    if constexpr (std::is_aggregate_v<T>) {
      return components_.emplace_back(T{std::forward<Args>(args)...});
    } else {
      return components_.emplace_back(std::forward<Args>(args)...);
    }
  }

  void Remove(Entity entity) override {
    const std::uint32_t slot = owners_.Erase(entity);
    if (slot + 1 != components_.size()) components_[slot] = std::move(components_.back());
    components_.pop_back();
  }

  // Precondition: the entity has this component (callers check first).
  T& Get(Entity entity) { return components_[owners_.SlotOf(entity.index)]; }
  const T& Get(Entity entity) const { return components_[owners_.SlotOf(entity.index)]; }

  T* Find(Entity entity) {
    const std::uint32_t slot = owners_.SlotOf(entity.index);
    return slot != SparseSet::kNoSlot && owners_.At(slot) == entity ? &components_[slot] : nullptr;
  }

  // Like Find, but first tries `slot_hint`: iterating two pools filled in the
  // same order then needs no sparse lookup at all.
  T* FindWithHint(Entity entity, std::size_t slot_hint) {
    if (slot_hint < components_.size() && owners_.At(slot_hint) == entity) return &components_[slot_hint];
    return Find(entity);
  }

  void* GetData(Entity entity) override { return &Get(entity); }
  const void* GetData(Entity entity) const override { return &Get(entity); }
  void InsertCopy(Entity entity, const void* value) override { Emplace(entity, *static_cast<const T*>(value)); }
  std::size_t Size() const override { return components_.size(); }
  const SparseSet& Owners() const override { return owners_; }

  T* Components() { return components_.data(); }

 private:
  SparseSet owners_;
  detail::Table<T> components_;
};

}  // namespace cairn::ecs
