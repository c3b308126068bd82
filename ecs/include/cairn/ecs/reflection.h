#pragma once
// The one description of a component type. RegisterComponent records it, and
// the inspector, the serializer, the command queue and add-by-name all read it:
// adding a component type is one registration.

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <glm/gtc/quaternion.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include "cairn/ecs/entity.h"
#include "cairn/ecs/fwd.h"
#include "cairn/ecs/plain_value.h"

namespace cairn::ecs {

enum class FieldType : std::uint8_t {
  kBool,       // bool
  kInt,        // std::int32_t
  kFloat,      // float
  kVec2,       // glm::vec2
  kVec3,       // glm::vec3
  kVec4,       // glm::vec4
  kQuat,       // glm::quat, written [x, y, z, w]
  kString,     // std::string
  kEnum,       // an enum with std::int32_t underlying type; names in FieldInfo
  kEntityRef,  // EntityId (zero = none)
  kAsset,      // std::string: a path relative to the project, "" = none; hints.extensions lists the allowed kinds
};

std::string_view FieldTypeName(FieldType type);

// Hints for the inspector, and the limits a value must keep. min == max
// means "unbounded"; the range is a hint for widgets, not checked on load.
struct FieldHints {
  float min = 0.0f;
  float max = 0.0f;
  float speed = 0.1f;  // drag speed per pixel
  bool color = false;  // vec3/vec4 edited with a colour picker
  std::string unit{};  // shown after the value ("m/s"); empty: none
  std::uint32_t max_length = 0;         // kString: at most this many characters (code points); 0: no limit
  std::vector<std::string> extensions{};  // kAsset: allowed endings (".glb"), any case; empty: any file
  // Another field of the component (a string or an asset) that, while not
  // empty, makes this one unused (MeshRenderer.mesh while asset names a
  // file): the Inspector dims this field and says why. Empty: always used.
  std::string unused_while{};
};

struct FieldInfo {
  std::string name;
  FieldType type = FieldType::kFloat;
  std::size_t offset = 0;
  FieldHints hints;
  std::vector<std::string> enum_names;  // kEnum only: value i is enum_names[i]
  // Names the field had before (runtime-defined types): a file holding one is
  // read as this field.
  std::vector<std::string> previous_names{};

  template <typename F>
  F& Ref(void* component) const { return *reinterpret_cast<F*>(static_cast<std::byte*>(component) + offset); }
  template <typename F>
  const F& Ref(const void* component) const {
    return *reinterpret_cast<const F*>(static_cast<const std::byte*>(component) + offset);
  }
};

class RuntimeLayout;

// Type-erased operations on the raw memory of a C++ component type.
struct ComponentOps {
  void (*default_construct)(void* memory) = nullptr;
  void (*copy_construct)(void* memory, const void* source) = nullptr;
  void (*copy_assign)(void* target, const void* source) = nullptr;
  void (*destroy)(void* object) = nullptr;
  bool (*equals)(const void* a, const void* b) = nullptr;
  // Entity operations, through the typed Coordinator API.
  void (*add_to)(Coordinator& coordinator, Entity entity, const void* value) = nullptr;
  void (*read_from)(const Coordinator& coordinator, Entity entity, void* out) = nullptr;
};

struct ComponentInfo {
  std::string name;
  ComponentType type = 0;
  std::size_t type_index = 0;  // process-wide C++ type identity (detail::TypeIndexOf)
  std::size_t size = 0;
  std::size_t alignment = 0;
  bool ui_accessible = true;  // offered by "Add Component" and AddComponentFromName
  std::string description;    // a tooltip; may be empty
  std::string category;       // groups "Add Component"; may be empty
  bool serialized = true;     // written to scene files as a component
  std::vector<FieldInfo> fields;
  ComponentOps ops;  // C++ types (RegisterComponent<T>)
  std::shared_ptr<const RuntimeLayout> runtime;  // runtime-defined types (RegisterRuntimeComponent)

  const FieldInfo* FindField(std::string_view field_name) const;
  bool IsRuntimeDefined() const { return runtime != nullptr; }

  // The operations on raw memory, whichever way the type was defined.
  void Construct(void* memory) const;
  void CopyConstruct(void* memory, const void* source) const;
  void CopyAssign(void* target, const void* source) const;
  void Destroy(void* object) const;
  bool Equals(const void* a, const void* b) const;
};

// Reflected fields -> plain object {field: value}.
PlainValue ComponentToPlain(const ComponentInfo& info, const void* component);
// Plain object -> fields of an existing component. Missing fields keep their
// value; a wrong type, length or enum name throws CommandError naming
// "Component.field".
void ComponentFromPlain(const ComponentInfo& info, const PlainValue& plain, void* component);
// One field's value as plain data, and back (throws CommandError on mismatch).
PlainValue FieldToPlain(const FieldInfo& field, const void* component);
void FieldFromPlain(const FieldInfo& field, const PlainValue& plain, void* component, std::string_view context);
// The same on a field value's own storage (`at`: an object of the field
// type's C++ type, as FieldValue holds one).
PlainValue FieldToPlainAt(const FieldInfo& field, const void* at);
void FieldFromPlainAt(const FieldInfo& field, const PlainValue& plain, void* at, std::string_view context);

namespace detail {

template <typename M>
constexpr FieldType DeduceFieldType() {
  if constexpr (std::is_same_v<M, bool>) return FieldType::kBool;
  else if constexpr (std::is_same_v<M, std::int32_t>) return FieldType::kInt;
  else if constexpr (std::is_same_v<M, float>) return FieldType::kFloat;
  else if constexpr (std::is_same_v<M, glm::vec2>) return FieldType::kVec2;
  else if constexpr (std::is_same_v<M, glm::vec3>) return FieldType::kVec3;
  else if constexpr (std::is_same_v<M, glm::vec4>) return FieldType::kVec4;
  else if constexpr (std::is_same_v<M, glm::quat>) return FieldType::kQuat;
  else if constexpr (std::is_same_v<M, std::string>) return FieldType::kString;
  else if constexpr (std::is_same_v<M, EntityId>) return FieldType::kEntityRef;
  else if constexpr (std::is_enum_v<M>) {
    static_assert(std::is_same_v<std::underlying_type_t<M>, std::int32_t>, "reflected enums use std::int32_t");
    return FieldType::kEnum;
  } else {
    static_assert(sizeof(M) == 0, "this field type cannot be reflected");
  }
}

// Byte offset of a data member, measured on a real object (no offsetof, so it
// also works for types that are not standard-layout).
template <typename T, typename M>
std::size_t MemberOffset(M T::*member) {
  static const T probe{};
  return static_cast<std::size_t>(reinterpret_cast<const std::byte*>(&(probe.*member)) -
                                  reinterpret_cast<const std::byte*>(&probe));
}

}  // namespace detail

// Fluent builder returned by Coordinator::RegisterComponent<T>(name).
template <typename T>
class ComponentRegistration {
 public:
  explicit ComponentRegistration(ComponentInfo& info) : info_(&info) {}

  template <typename M>
  ComponentRegistration& Field(std::string name, M T::*member, FieldHints hints = {}) {
    static_assert(!std::is_enum_v<M>, "use EnumField for enums, so their names are recorded");
    info_->fields.push_back(FieldInfo{std::move(name), detail::DeduceFieldType<M>(), detail::MemberOffset(member), hints, {}});
    return *this;
  }

  template <typename E>
  ComponentRegistration& EnumField(std::string name, E T::*member, std::vector<std::string> names,
                                   FieldHints hints = {}) {
    static_assert(std::is_enum_v<E>);
    info_->fields.push_back(FieldInfo{std::move(name), detail::DeduceFieldType<E>(), detail::MemberOffset(member),
                                      std::move(hints), std::move(names)});
    return *this;
  }

  // A path to an asset (FieldType::kAsset), kept in a std::string: relative
  // to the project folder, "" for none; hints.extensions lists the endings it
  // may have (".glb"), empty for any file. Field() on a std::string records a
  // plain kString instead.
  ComponentRegistration& AssetField(std::string name, std::string T::*member, FieldHints hints = {}) {
    info_->fields.push_back(
        FieldInfo{std::move(name), FieldType::kAsset, detail::MemberOffset(member), std::move(hints), {}});
    return *this;
  }

  // The Inspector's tooltip for the component.
  ComponentRegistration& Description(std::string description) {
    info_->description = std::move(description);
    return *this;
  }

  // The group "Add Component" lists the component under.
  ComponentRegistration& Category(std::string category) {
    info_->category = std::move(category);
    return *this;
  }

  // Not offered by "Add Component" nor AddComponentFromName.
  ComponentRegistration& HiddenFromUi() {
    info_->ui_accessible = false;
    return *this;
  }

  // Runtime-only state, never written to scene files.
  ComponentRegistration& NotSerialized() {
    info_->serialized = false;
    return *this;
  }

  const ComponentInfo& Info() const { return *info_; }

 private:
  ComponentInfo* info_;
};

}  // namespace cairn::ecs
