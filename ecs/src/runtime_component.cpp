#include "cairn/ecs/runtime_component.h"

#include <cstddef>
#include <cstring>
#include <memory>
#include <string>
#include <mutex>
#include <new>
#include <unordered_map>
#include <unordered_set>

#include "cairn/ecs/errors.h"
#include "cairn/ecs/field_codec.h"
#include "cairn/ecs/type_index.h"

namespace cairn::ecs {

namespace {

std::size_t AlignUp(std::size_t value, std::size_t alignment) { return (value + alignment - 1) / alignment * alignment; }

// The type's zero, placement-constructed into zeroed memory.
void ConstructZero(const FieldInfo& field, void* component) {
  if (!FieldIsTrivial(field.type)) new (&field.Ref<std::string>(component)) std::string();
  if (field.type == FieldType::kQuat) field.Ref<glm::quat>(component) = glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
}

}  // namespace

RuntimeLayout::RuntimeLayout(const RuntimeComponentDefinition& definition, std::vector<FieldInfo>& fields) {
  const auto fail = [&definition](const std::string& where, const std::string& why) {
    throw ComponentRegistrationError("cannot register component " + definition.name + ": " + where + why);
  };
  if (definition.name.empty()) throw ComponentRegistrationError("cannot register a component without a name");
  std::unordered_set<std::string> names;
  fields.clear();
  for (const RuntimeFieldDefinition& field : definition.fields) {
    if (field.name.empty()) fail("", "a field has no name");
    if (!names.insert(field.name).second) fail(field.name + ": ", "two fields have this name");
    if (field.type == FieldType::kEnum && field.enum_names.empty()) fail(field.name + ": ", "an enum needs at least one name");
    alignment_ = std::max(alignment_, FieldAlignment(field.type));
    size_ = AlignUp(size_, FieldAlignment(field.type));
    fields.push_back(FieldInfo{field.name, field.type, size_, field.hints, field.enum_names, field.previous_names});
    size_ += FieldSize(field.type);
    shape_key_ += field.name + ':' + std::string(FieldTypeName(field.type));
    for (const std::string& name : field.enum_names) shape_key_ += '|' + name;
    shape_key_ += ';';
  }
  size_ = std::max<std::size_t>(AlignUp(size_, alignment_), 1);
  fields_ = fields;
  for (const FieldInfo& field : fields_) {
    if (!FieldIsTrivial(field.type)) string_offsets_.push_back(field.offset);
  }
  shape_key_ = definition.name + '{' + shape_key_ + '}';

  prototype_ = ::operator new(size_, std::align_val_t{alignment_});
  std::memset(prototype_, 0, size_);
  for (const FieldInfo& field : fields_) ConstructZero(field, prototype_);
  try {
    for (std::size_t i = 0; i < fields_.size(); ++i) {
      const PlainValue& value = definition.fields[i].default_value;
      if (value.IsNull() && fields_[i].type != FieldType::kEntityRef) continue;
      FieldFromPlain(fields_[i], value, prototype_, definition.name + "." + fields_[i].name + " default");
      if (auto problem = CheckFieldValue(fields_[i], prototype_)) fail(fields_[i].name + " default: ", *problem);
    }
  } catch (const CommandError& error) {
    Destroy(prototype_);
    ::operator delete(prototype_, std::align_val_t{alignment_});
    prototype_ = nullptr;
    throw ComponentRegistrationError("cannot register component " + definition.name + ": " + error.what());
  } catch (...) {
    Destroy(prototype_);
    ::operator delete(prototype_, std::align_val_t{alignment_});
    prototype_ = nullptr;
    throw;
  }
}

RuntimeLayout::~RuntimeLayout() {
  if (prototype_ == nullptr) return;
  Destroy(prototype_);
  ::operator delete(prototype_, std::align_val_t{alignment_});
}

namespace {

std::string* StringAt(void* object, std::size_t offset) {
  return std::launder(reinterpret_cast<std::string*>(static_cast<std::byte*>(object) + offset));
}

}  // namespace

void RuntimeLayout::CopyConstruct(void* memory, const void* source) const {
  // Every byte (padding too, zero since Construct) then the strings over
  // their raw copies: values stay byte-for-byte deterministic.
  std::memcpy(memory, source, size_);
  std::size_t done = 0;
  try {
    for (; done < string_offsets_.size(); ++done) {
      const std::size_t offset = string_offsets_[done];
      new (static_cast<std::byte*>(memory) + offset) std::string(*StringAt(const_cast<void*>(source), offset));
    }
  } catch (...) {
    for (std::size_t i = 0; i < done; ++i) std::destroy_at(StringAt(memory, string_offsets_[i]));
    throw;
  }
}

void RuntimeLayout::Relocate(void* memory, void* source) const {
  std::memcpy(memory, source, size_);
  for (const std::size_t offset : string_offsets_) {
    std::string* from = StringAt(source, offset);
    new (static_cast<std::byte*>(memory) + offset) std::string(std::move(*from));
    std::destroy_at(from);
  }
}

void RuntimeLayout::CopyAssign(void* target, const void* source) const {
  if (target == source) return;
  for (const FieldInfo& field : fields_) CopyAssignField(field, target, source);
}

void RuntimeLayout::Destroy(void* object) const {
  for (const std::size_t offset : string_offsets_) std::destroy_at(StringAt(object, offset));
}

bool RuntimeLayout::Equals(const void* a, const void* b) const {
  for (const FieldInfo& field : fields_) {
    if (!FieldEquals(field, a, b)) return false;
  }
  return true;
}

std::size_t RuntimeTypeIndex(const std::string& shape_key) {
  static std::mutex mutex;
  static std::unordered_map<std::string, std::size_t> indices;
  const std::lock_guard lock(mutex);
  const auto [it, inserted] = indices.try_emplace(shape_key, 0);
  if (inserted) it->second = detail::NextTypeIndex();
  return it->second;
}

}  // namespace cairn::ecs
