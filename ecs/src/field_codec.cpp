#include "cairn/ecs/field_codec.h"

#include <cctype>
#include <charconv>
#include <cstddef>
#include <cstring>
#include <initializer_list>
#include <iterator>
#include <new>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include <glm/gtc/quaternion.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

namespace cairn::ecs {

namespace {

std::string ShortFloat(float value) {
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}

}  // namespace

std::optional<std::string> FloatProblem(double number) {
  if (std::isnan(number)) return "expected a number, not NaN";
  if (!(std::fabs(number) < kFloatRoundsToInfinity)) return "expected a number in the range of a 32-bit float";
  return std::nullopt;
}

std::optional<std::string> IntProblem(std::int64_t number) {
  if (number < kIntFieldMin || number > kIntFieldMax) return "expected an integer from -2147483648 to 2147483647";
  return std::nullopt;
}

QuatVerdict ApplyQuatRule(float (&xyzw)[4], float& length) {
  const double squared = double{xyzw[0]} * xyzw[0] + double{xyzw[1]} * xyzw[1] + double{xyzw[2]} * xyzw[2] +
                         double{xyzw[3]} * xyzw[3];
  const double norm = std::sqrt(squared);
  length = static_cast<float>(norm);
  if (!(norm >= kQuatMinLength)) return QuatVerdict::kZero;
  if (std::fabs(norm - 1.0) <= kQuatLengthTolerance) return QuatVerdict::kUnit;
  for (float& element : xyzw) element = static_cast<float>(element / norm);
  return QuatVerdict::kNormalised;
}

std::string QuatNormalisedMessage(float length) {
  return "a rotation quaternion has length 1, this one " + ShortFloat(length) + ": normalised";
}

std::string QuatZeroMessage() { return "a rotation quaternion cannot have length 0 (it names no rotation)"; }

std::optional<std::string> TextProblem(const FieldInfo& field, std::string_view text) {
  if (field.type == FieldType::kString && field.hints.max_length != 0) {
    std::size_t characters = 0;
    for (const char c : text) characters += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
    if (characters > field.hints.max_length) {
      return "expected at most " + std::to_string(field.hints.max_length) + " characters, not " + std::to_string(characters);
    }
  }
  if (field.type == FieldType::kAsset && !text.empty() && !field.hints.extensions.empty()) {
    const auto ends_with = [text](std::string_view ending) {
      if (ending.size() > text.size()) return false;
      for (std::size_t i = 0; i < ending.size(); ++i) {
        const auto a = static_cast<unsigned char>(text[text.size() - ending.size() + i]);
        const auto b = static_cast<unsigned char>(ending[i]);
        if (std::tolower(a) != std::tolower(b)) return false;
      }
      return true;
    };
    std::string allowed;
    for (const std::string& extension : field.hints.extensions) {
      if (ends_with(extension)) return std::nullopt;
      allowed += (allowed.empty() ? "" : ", ") + extension;
    }
    return "expected a path ending in " + allowed;
  }
  return std::nullopt;
}

std::optional<std::string> CheckFieldValueAt(const FieldInfo& field, const void* at) {
  const auto check_floats = [](const float* values, int count) -> std::optional<std::string> {
    for (int i = 0; i < count; ++i) {
      if (!std::isfinite(values[i])) return "is not finite (" + ShortFloat(values[i]) + ")";
    }
    return std::nullopt;
  };
  switch (field.type) {
    case FieldType::kFloat:
    case FieldType::kVec2:
    case FieldType::kVec3:
    case FieldType::kVec4:
      return check_floats(static_cast<const float*>(at), static_cast<int>(TraitsOf(field.type).floats));
    case FieldType::kQuat: {
      const glm::quat& q = *static_cast<const glm::quat*>(at);
      float xyzw[4] = {q.x, q.y, q.z, q.w};
      if (auto problem = check_floats(xyzw, 4)) return problem;
      float length = 0.0f;
      switch (ApplyQuatRule(xyzw, length)) {
        case QuatVerdict::kZero: return "is a quaternion of length 0, which names no rotation";
        case QuatVerdict::kNormalised: return "is a quaternion of length " + ShortFloat(length) + ", not a rotation (length 1)";
        case QuatVerdict::kUnit: return std::nullopt;
      }
      return std::nullopt;
    }
    case FieldType::kEnum: {
      const std::int32_t value = *static_cast<const std::int32_t*>(at);
      if (value < 0 || static_cast<std::size_t>(value) >= field.enum_names.size()) {
        return "is " + std::to_string(value) + ", which is not " + EnumChoices(field);
      }
      return std::nullopt;
    }
    case FieldType::kString:
    case FieldType::kAsset:
      if (auto problem = TextProblem(field, *static_cast<const std::string*>(at))) return "is refused: " + *problem;
      return std::nullopt;
    case FieldType::kBool:
    case FieldType::kInt:
    case FieldType::kEntityRef: return std::nullopt;
  }
  return std::nullopt;
}

std::optional<std::string> CheckComponentValue(const ComponentInfo& info, const void* component) {
  for (const FieldInfo& field : info.fields) {
    if (auto problem = CheckFieldValue(field, component)) return info.name + "." + field.name + " " + *problem;
  }
  return std::nullopt;
}

namespace {

template <typename T>
constexpr FieldTypeTraits Row(FieldType type, std::string_view name, std::string_view cpp_type, std::size_t floats,
                              std::initializer_list<FieldHint> hints, float default_step, FieldWidget widget) {
  std::uint8_t bits = 0;
  for (const FieldHint hint : hints) bits |= static_cast<std::uint8_t>(hint);
  return {type, name, cpp_type, sizeof(T), alignof(T), std::is_trivially_copyable_v<T>, floats, bits, default_step, widget};
}

using enum FieldHint;
constexpr float kStep = 0.1f;  // a drag's step per pixel for any but whole numbers

// In FieldType's order: TraitsOf indexes it by the enum's value.
constexpr FieldTypeTraits kFieldTypes[] = {
    Row<bool>(FieldType::kBool, "bool", "bool", 0, {}, kStep, FieldWidget::kCheckbox),
    Row<std::int32_t>(FieldType::kInt, "int", "::std::int32_t", 0, {kRange}, 1.0f, FieldWidget::kDragInt),
    Row<float>(FieldType::kFloat, "float", "float", 1, {kRange, kUnit}, kStep, FieldWidget::kDragFloats),
    Row<glm::vec2>(FieldType::kVec2, "vec2", "::glm::vec2", 2, {kRange, kUnit}, kStep, FieldWidget::kDragFloats),
    Row<glm::vec3>(FieldType::kVec3, "vec3", "::glm::vec3", 3, {kRange, kUnit}, kStep, FieldWidget::kDragFloats),
    Row<glm::vec4>(FieldType::kVec4, "vec4", "::glm::vec4", 4, {kRange}, kStep, FieldWidget::kDragFloats),
    Row<glm::quat>(FieldType::kQuat, "quat", "::glm::quat", 4, {}, kStep, FieldWidget::kRotation),
    Row<std::string>(FieldType::kString, "string", "::std::string", 0, {kMaxLength}, kStep, FieldWidget::kText),
    Row<std::int32_t>(FieldType::kEnum, "enum", "", 0, {kEnumValues}, kStep, FieldWidget::kChoice),
    Row<EntityId>(FieldType::kEntityRef, "entity", "::cairn::ecs::EntityId", 0, {}, kStep, FieldWidget::kEntityPicker),
    Row<std::string>(FieldType::kAsset, "asset", "::std::string", 0, {kExtensions}, kStep, FieldWidget::kText),
};

constexpr bool RowsFitFieldValue() {
  for (const FieldTypeTraits& row : kFieldTypes) {
    if (row.size > kFieldValueSize || row.alignment > kLargestFieldAlignment) return false;
  }
  return true;
}
static_assert(RowsFitFieldValue(), "FieldValue's storage must hold a value of every field type");

constexpr bool RowsInOrder() {
  for (std::size_t i = 0; i < std::size(kFieldTypes); ++i) {
    if (static_cast<std::size_t>(kFieldTypes[i].type) != i) return false;
  }
  return std::size(kFieldTypes) == static_cast<std::size_t>(FieldType::kAsset) + 1;
}
static_assert(RowsInOrder(), "kFieldTypes must list every FieldType, in order");

constexpr bool FloatsFit() {
  for (const FieldTypeTraits& row : kFieldTypes) {
    if (row.floats > kMostFieldFloats) return false;
  }
  return true;
}
static_assert(FloatsFit(), "kMostFieldFloats must be the most floats of any row");

}  // namespace

const FieldTypeTraits& TraitsOf(FieldType type) {
  const auto index = static_cast<std::size_t>(type);
  if (index >= std::size(kFieldTypes)) throw std::invalid_argument("not a field type: " + std::to_string(index));
  return kFieldTypes[index];
}

std::optional<std::string> FloatRangeProblem(const FieldInfo& field, const void* component) {
  const std::size_t floats = TraitsOf(field.type).floats;
  const auto* values = reinterpret_cast<const float*>(static_cast<const std::byte*>(component) + field.offset);
  for (std::size_t i = 0; i < floats; ++i) {
    if (std::optional<std::string> problem = FloatProblem(values[i])) return problem;
  }
  return std::nullopt;
}

namespace {

std::byte* At(const FieldInfo& field, void* component) { return static_cast<std::byte*>(component) + field.offset; }
const std::byte* At(const FieldInfo& field, const void* component) {
  return static_cast<const std::byte*>(component) + field.offset;
}

}  // namespace

void CopyConstructFieldAt(FieldType type, void* at, const void* source) {
  if (FieldIsTrivial(type)) {
    std::memcpy(at, source, FieldSize(type));
  } else {
    new (at) std::string(*static_cast<const std::string*>(source));
  }
}

void CopyAssignFieldAt(FieldType type, void* at, const void* source) {
  if (FieldIsTrivial(type)) {
    std::memmove(at, source, FieldSize(type));
  } else {
    *static_cast<std::string*>(at) = *static_cast<const std::string*>(source);
  }
}

void DestroyFieldAt(FieldType type, void* at) {
  if (!FieldIsTrivial(type)) static_cast<std::string*>(at)->~basic_string();
}

bool FieldEqualsAt(FieldType type, const void* a, const void* b) {
  if (FieldIsTrivial(type)) return std::memcmp(a, b, FieldSize(type)) == 0;
  return *static_cast<const std::string*>(a) == *static_cast<const std::string*>(b);
}

std::optional<std::string> CheckFieldValue(const FieldInfo& field, const void* component) {
  return CheckFieldValueAt(field, At(field, component));
}

void CopyConstructField(const FieldInfo& field, void* component, const void* source) {
  CopyConstructFieldAt(field.type, At(field, component), At(field, source));
}

void RelocateField(const FieldInfo& field, void* component, void* source) {
  if (FieldIsTrivial(field.type)) {
    std::memcpy(At(field, component), At(field, source), FieldSize(field.type));
  } else {
    new (At(field, component)) std::string(std::move(field.Ref<std::string>(source)));
    DestroyField(field, source);
  }
}

void CopyAssignField(const FieldInfo& field, void* component, const void* source) {
  CopyAssignFieldAt(field.type, At(field, component), At(field, source));
}

void DestroyField(const FieldInfo& field, void* component) { DestroyFieldAt(field.type, At(field, component)); }

bool FieldEquals(const FieldInfo& field, const void* a, const void* b) {
  return FieldEqualsAt(field.type, At(field, a), At(field, b));
}

bool ElementMaskFits(FieldType type, ElementMask mask) {
  if (mask == kAllElements) return true;
  if (mask == 0 || type == FieldType::kQuat) return false;
  const std::size_t floats = TraitsOf(type).floats;
  return floats > 0 && (mask >> floats) == 0;
}

void AssignFieldElementsAt(FieldType type, void* at, const void* source, ElementMask mask) {
  if (mask == kAllElements) {
    CopyAssignFieldAt(type, at, source);
    return;
  }
  auto* target = static_cast<float*>(at);
  const auto* from = static_cast<const float*>(source);
  for (std::size_t i = 0; i < TraitsOf(type).floats; ++i) {
    if ((mask & ElementBit(i)) != 0) target[i] = from[i];
  }
}

std::string ZeroIdMessage() { return "entity id 0000000000000000 is reserved for \"no entity\""; }

std::string EnumChoices(const FieldInfo& field) {
  std::string names;
  for (const std::string& name : field.enum_names) {
    names += names.empty() ? "one of \"" : ", \"";
    names += name;
    names += '"';
  }
  return names.empty() ? "a named value (this enum has none)" : names;
}

}  // namespace cairn::ecs
