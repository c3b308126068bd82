#pragma once
// One field's value apart from its component: what a field edit carries, and
// what its undo keeps (the old value of that one field, never a copy of the
// whole component). It names its component by the registration it was made
// from, kept alive as ComponentValue keeps it, and its field by index.
//
// A FieldValue always holds a value its field may store (CheckFieldValueAt):
// one given by code is checked once, when it is made (Checked); one read out
// of a world is valid by the world's own rule (Read); one decoded from plain
// data is checked by the decoder (FromPlain). So applying it never checks
// again, however many entities it is applied to.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "cairn/ecs/field_codec.h"
#include "cairn/ecs/plain_value.h"
#include "cairn/ecs/reflection.h"

namespace cairn::ecs {

class FieldValue {
 public:
  // A copy of field `field` (an index into info->fields) of `component`, an
  // object of the component's type held by a world.
  static FieldValue Read(std::shared_ptr<const ComponentInfo> info, std::size_t field, const void* component);
  // A value given by code: `value` points to an object of the field type's
  // C++ type. Throws CommandError ("Light.intensity: the value is not finite
  // (inf)")
  // when the field cannot store it.
  static FieldValue Checked(std::shared_ptr<const ComponentInfo> info, std::size_t field, const void* value);
  // Decodes `plain` by the field's rules; throws CommandError naming `context`.
  static FieldValue FromPlain(std::shared_ptr<const ComponentInfo> info, std::size_t field, const PlainValue& plain,
                              std::string_view context);

  FieldValue(const FieldValue& other);
  FieldValue& operator=(const FieldValue& other);
  FieldValue(FieldValue&& other) noexcept;
  FieldValue& operator=(FieldValue&& other) noexcept;
  ~FieldValue();

  const ComponentInfo& Component() const { return *info_; }
  const std::shared_ptr<const ComponentInfo>& ComponentPtr() const { return info_; }
  const std::string& ComponentName() const { return info_->name; }
  std::size_t FieldIndex() const { return field_; }
  const FieldInfo& Field() const { return info_->fields[field_]; }
  // "Transform.position", for messages.
  std::string Path() const;

  // The value: an object of the field type's C++ type.
  const void* Data() const { return storage_; }
  template <typename T>
  const T& As() const { return *reinterpret_cast<const T*>(storage_); }

  // Writes the elements `mask` picks (ElementMaskFits) into the field of
  // `component`, an object of this value's component type; the field's other
  // elements and the component's other fields keep their values.
  void WriteInto(void* component, ElementMask mask) const;
  // The value as the scene file writes it ([0, 2.5, 0], "cube", null).
  PlainValue ToPlain() const;

  // Same component name, same field, equal values.
  friend bool operator==(const FieldValue& a, const FieldValue& b);

 private:
  // Copy-constructs the value from `source`; zeroes (or an empty string) when null.
  FieldValue(std::shared_ptr<const ComponentInfo> info, std::size_t field, const void* source);
  FieldType Type() const { return Field().type; }

  std::shared_ptr<const ComponentInfo> info_;
  std::uint32_t field_ = 0;
  alignas(kLargestFieldAlignment) std::byte storage_[kFieldValueSize];
};

}  // namespace cairn::ecs
