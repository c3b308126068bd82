#include "cairn/ecs/component_value.h"

#include <new>

namespace cairn::ecs {

namespace {

void* Allocate(const ComponentInfo& info) {
  return ::operator new(info.size, std::align_val_t{info.alignment});
}

void Deallocate(const ComponentInfo& info, void* memory) {
  ::operator delete(memory, info.size, std::align_val_t{info.alignment});
}

}  // namespace

ComponentValue::ComponentValue(std::shared_ptr<const ComponentInfo> info) : info_(std::move(info)) {
  data_ = Allocate(*info_);
  info_->Construct(data_);
}

ComponentValue::ComponentValue(std::shared_ptr<const ComponentInfo> info, const void* source) : info_(std::move(info)) {
  data_ = Allocate(*info_);
  info_->CopyConstruct(data_, source);
}

ComponentValue::ComponentValue(const ComponentValue& other) : info_(other.info_) {
  if (other.data_ != nullptr) {
    data_ = Allocate(*info_);
    info_->CopyConstruct(data_, other.data_);
  }
}

ComponentValue& ComponentValue::operator=(const ComponentValue& other) {
  if (this != &other) {
    ComponentValue copy(other);
    *this = std::move(copy);
  }
  return *this;
}

ComponentValue::ComponentValue(ComponentValue&& other) noexcept
    : info_(std::move(other.info_)), data_(std::exchange(other.data_, nullptr)) {}

ComponentValue& ComponentValue::operator=(ComponentValue&& other) noexcept {
  if (this != &other) {
    Release();
    info_ = std::move(other.info_);
    data_ = std::exchange(other.data_, nullptr);
  }
  return *this;
}

ComponentValue::~ComponentValue() { Release(); }

void ComponentValue::Release() {
  if (data_ == nullptr) return;
  info_->Destroy(data_);
  Deallocate(*info_, data_);
  data_ = nullptr;
}

bool operator==(const ComponentValue& a, const ComponentValue& b) {
  if (a.Empty() || b.Empty()) return a.Empty() && b.Empty();
  return a.info_->name == b.info_->name && a.info_->type_index == b.info_->type_index &&
         a.info_->Equals(a.data_, b.data_);
}

}  // namespace cairn::ecs
