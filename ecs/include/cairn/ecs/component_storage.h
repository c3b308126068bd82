#pragma once
// Packed storage of one component type: a SparseSet of owners plus a dense
// array of components kept parallel to it.
//
// Invalidation: Insert may reallocate (every reference to a component of this
// type may dangle); Remove moves the last component into the removed one's
// slot. References obtained from GetComponent are valid until the next add or
// remove of the same component type.

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "cairn/ecs/entity.h"
#include "cairn/ecs/sparse_set.h"

namespace cairn::ecs {

// The type-erased face of a storage, used where the type is only known at run
// time (destroying an entity, commands, reflection, project components). The
// owners and the packed components are reachable without a virtual call:
// component i of Owners() is at DenseData() + i * Stride() bytes, and every
// storage keeps that view current after each insert and removal.
class IComponentStorage {
 public:
  virtual ~IComponentStorage() = default;

  bool Contains(Entity entity) const { return owners_.Contains(entity); }
  virtual void Remove(Entity entity) = 0;
  // Pointer to the component; precondition: Contains(entity).
  void* GetData(Entity entity) { return dense_ + owners_.SlotOf(entity.index) * stride_; }
  const void* GetData(Entity entity) const { return dense_ + owners_.SlotOf(entity.index) * stride_; }
  // The entity's component, or nullptr when it has none (a handle that is
  // not alive owns none: a hit proves the handle alive).
  void* FindData(Entity entity) {
    const std::uint32_t slot = owners_.SlotOf(entity.index);
    return slot != SparseSet::kNoSlot && owners_.At(slot) == entity ? dense_ + slot * stride_ : nullptr;
  }
  // Copies *value (a T) into a new component; precondition: !Contains(entity).
  virtual void InsertCopy(Entity entity, const void* value) = 0;
  std::size_t Size() const { return owners_.Size(); }
  const SparseSet& Owners() const { return owners_; }
  void* DenseData() { return dense_; }
  std::size_t Stride() const { return stride_; }

 protected:
  explicit IComponentStorage(std::size_t stride) : stride_(stride) {}

  SparseSet owners_;
  std::byte* dense_ = nullptr;  // the packed components (the derived storage keeps it current)
  std::size_t stride_;
};

template <typename T>
class ComponentStorage final : public IComponentStorage {
 public:
  ComponentStorage() : IComponentStorage(sizeof(T)) {}

  template <typename... Args>
  T& Emplace(Entity entity, Args&&... args) {
    owners_.Insert(entity);
    T* component = nullptr;
    if constexpr (std::is_aggregate_v<T>) {
      component = &components_.emplace_back(T{std::forward<Args>(args)...});
    } else {
      component = &components_.emplace_back(std::forward<Args>(args)...);
    }
    dense_ = reinterpret_cast<std::byte*>(components_.data());
    return *component;
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

  void InsertCopy(Entity entity, const void* value) override { Emplace(entity, *static_cast<const T*>(value)); }

  T* Components() { return components_.data(); }

 private:
  detail::Table<T> components_;
};

}  // namespace cairn::ecs
