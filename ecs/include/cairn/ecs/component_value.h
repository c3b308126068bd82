#pragma once
// An owned, type-erased component value: what commands, the clipboard and
// snapshots carry. It keeps the registration it was made from alive, so a
// value outlives the Coordinator that produced it.

#include <memory>
#include <utility>

#include "cairn/ecs/reflection.h"

namespace cairn::ecs {

class ComponentValue {
 public:
  ComponentValue() = default;
  // A default-constructed component of the given type.
  explicit ComponentValue(std::shared_ptr<const ComponentInfo> info);
  // A copy of *source, which must be a component of the given type.
  ComponentValue(std::shared_ptr<const ComponentInfo> info, const void* source);

  template <typename T>
  static ComponentValue From(std::shared_ptr<const ComponentInfo> info, const T& value) {
    return ComponentValue(std::move(info), &value);
  }

  ComponentValue(const ComponentValue& other);
  ComponentValue& operator=(const ComponentValue& other);
  ComponentValue(ComponentValue&& other) noexcept;
  ComponentValue& operator=(ComponentValue&& other) noexcept;
  ~ComponentValue();

  bool Empty() const { return data_ == nullptr; }
  const ComponentInfo& Info() const { return *info_; }
  const std::shared_ptr<const ComponentInfo>& InfoPtr() const { return info_; }
  const std::string& Name() const { return info_->name; }
  void* Data() { return data_; }
  const void* Data() const { return data_; }

  template <typename T>
  T& As() { return *static_cast<T*>(data_); }
  template <typename T>
  const T& As() const { return *static_cast<const T*>(data_); }

  PlainValue ToPlain() const { return ComponentToPlain(*info_, data_); }

  friend bool operator==(const ComponentValue& a, const ComponentValue& b);

 private:
  void Release();

  std::shared_ptr<const ComponentInfo> info_;
  void* data_ = nullptr;
};

}  // namespace cairn::ecs
