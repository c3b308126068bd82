#include "cairn/ecs/field_value.h"

#include <cstring>
#include <new>
#include <utility>

#include "cairn/ecs/errors.h"

namespace cairn::ecs {

namespace {

const FieldInfo& RequireField(const std::shared_ptr<const ComponentInfo>& info, std::size_t field) {
  if (info == nullptr) throw CommandError("a field value needs a component");
  if (field >= info->fields.size()) {
    throw CommandError("component " + info->name + " has no field number " + std::to_string(field));
  }
  return info->fields[field];
}

}  // namespace

FieldValue::FieldValue(std::shared_ptr<const ComponentInfo> info, std::size_t field, const void* source)
    : info_(std::move(info)), field_(static_cast<std::uint32_t>(field)) {
  if (source != nullptr) {
    CopyConstructFieldAt(Type(), storage_, source);
  } else if (FieldIsTrivial(Type())) {
    std::memset(storage_, 0, kFieldValueSize);
  } else {
    new (storage_) std::string();
  }
}

FieldValue FieldValue::Read(std::shared_ptr<const ComponentInfo> info, std::size_t field, const void* component) {
  const FieldInfo& field_info = RequireField(info, field);
  return FieldValue(std::move(info), field, &field_info.Ref<std::byte>(component));
}

FieldValue FieldValue::Checked(std::shared_ptr<const ComponentInfo> info, std::size_t field, const void* given) {
  const FieldInfo& field_info = RequireField(info, field);
  if (std::optional<std::string> problem = CheckFieldValueAt(field_info, given)) {
    throw CommandError(info->name + "." + field_info.name + ": the value " + *problem);
  }
  return FieldValue(std::move(info), field, given);
}

FieldValue FieldValue::FromPlain(std::shared_ptr<const ComponentInfo> info, std::size_t field, const PlainValue& plain,
                                 std::string_view context) {
  const FieldInfo& field_info = RequireField(info, field);
  FieldValue value(std::move(info), field, nullptr);  // zeroes, or an empty string, decoded over
  FieldFromPlainAt(field_info, plain, value.storage_, context);
  if (std::optional<std::string> problem = CheckFieldValueAt(field_info, value.storage_)) {
    throw CommandError(std::string(context) + ": " + *problem);
  }
  return value;
}

FieldValue::FieldValue(const FieldValue& other) : FieldValue(other.info_, other.field_, other.storage_) {}

FieldValue& FieldValue::operator=(const FieldValue& other) {
  if (this != &other) {
    FieldValue copy(other);
    *this = std::move(copy);
  }
  return *this;
}

FieldValue::FieldValue(FieldValue&& other) noexcept : info_(other.info_), field_(other.field_) {
  if (FieldIsTrivial(Type())) {
    std::memcpy(storage_, other.storage_, kFieldValueSize);
  } else {
    new (storage_) std::string(std::move(*reinterpret_cast<std::string*>(other.storage_)));
  }
}

FieldValue& FieldValue::operator=(FieldValue&& other) noexcept {
  if (this != &other) {
    DestroyFieldAt(Type(), storage_);
    info_ = other.info_;
    field_ = other.field_;
    if (FieldIsTrivial(Type())) {
      std::memcpy(storage_, other.storage_, kFieldValueSize);
    } else {
      new (storage_) std::string(std::move(*reinterpret_cast<std::string*>(other.storage_)));
    }
  }
  return *this;
}

FieldValue::~FieldValue() { DestroyFieldAt(Type(), storage_); }

std::string FieldValue::Path() const { return info_->name + "." + Field().name; }

void FieldValue::WriteInto(void* component, ElementMask mask) const {
  const FieldInfo& field = Field();
  AssignFieldElementsAt(field.type, &field.Ref<std::byte>(component), storage_, mask);
}

PlainValue FieldValue::ToPlain() const { return FieldToPlainAt(Field(), storage_); }

bool operator==(const FieldValue& a, const FieldValue& b) {
  return a.field_ == b.field_ && a.info_->name == b.info_->name && a.Type() == b.Type() &&
         FieldEqualsAt(a.Type(), a.storage_, b.storage_);
}

}  // namespace cairn::ecs
