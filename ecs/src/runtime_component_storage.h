#pragma once
// Packed storage of one runtime-defined component type: a SparseSet of owners
// plus a dense byte array of components laid out by a RuntimeLayout, kept
// parallel to it (swap-and-pop removal, like ComponentStorage<T>).

#include <algorithm>
#include <cstddef>
#include <memory>
#include <new>

#include "cairn/ecs/component_storage.h"
#include "cairn/ecs/runtime_component.h"

namespace cairn::ecs {

class RuntimeComponentStorage final : public IComponentStorage {
 public:
  explicit RuntimeComponentStorage(std::shared_ptr<const RuntimeLayout> layout)
      : IComponentStorage(StorageKind::kPacked, layout->Size(), 0, false), layout_(std::move(layout)) {}
  ~RuntimeComponentStorage() override {
    for (std::size_t slot = 0; slot < size_; ++slot) layout_->Destroy(At(slot));
    Free(base_);
  }
  RuntimeComponentStorage(const RuntimeComponentStorage&) = delete;
  RuntimeComponentStorage& operator=(const RuntimeComponentStorage&) = delete;

  void RemoveValue(Entity entity) override {
    const std::uint32_t slot = owners_.Erase(entity);
    const std::size_t last = size_ - 1;
    layout_->Destroy(At(slot));
    if (slot != last) layout_->Relocate(At(slot), At(last));
    --size_;
  }

  void InsertCopy(Entity entity, const void* value) override {
    if (size_ == capacity_) GrowTo(std::max<std::size_t>(16, capacity_ * 2));
    layout_->CopyConstruct(At(size_), value);
    try {
      owners_.Insert(entity);
    } catch (...) {
      layout_->Destroy(At(size_));
      throw;
    }
    ++size_;
  }
  void Reserve(std::size_t slots) override {
    owners_.Reserve(slots);
    if (slots > capacity_) GrowTo(slots);
  }

 private:
  std::byte* At(std::size_t slot) const { return base_ + slot * stride_; }

  void GrowTo(std::size_t capacity) {
    auto* data = static_cast<std::byte*>(::operator new(capacity * stride_, std::align_val_t{layout_->Alignment()}));
    for (std::size_t slot = 0; slot < size_; ++slot) layout_->Relocate(data + slot * stride_, At(slot));
    Free(base_);
    base_ = data;
    capacity_ = capacity;
  }

  void Free(std::byte* data) const {
    if (data != nullptr) ::operator delete(data, std::align_val_t{layout_->Alignment()});
  }

  std::shared_ptr<const RuntimeLayout> layout_;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

}  // namespace cairn::ecs
