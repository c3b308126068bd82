#pragma once
// The one conversion between a reflected field and a tree of plain values.
//
// Every reader decodes a field through DecodeField: commands, the clipboard
// and the journal read PlainValue trees, the scene loader reads its JSON
// document. Every writer encodes through EncodeField: FieldToPlain and the
// scene writer. Values that reach a world from code (the Inspector, gizmos,
// commands built by hand) are checked by CheckFieldValue. So the range of an
// int, the finiteness of a float, the names of an enum and the quaternion rule
// are stated once, here, and no two consumers can disagree on them.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

#include "cairn/ecs/entity.h"
#include "cairn/ecs/reflection.h"

namespace cairn::ecs {

// ---- The rules ------------------------------------------------------------------

// Float fields hold finite 32-bit floats: |value| <= FLT_MAX. A decimal
// number up to half an ulp beyond FLT_MAX still rounds to FLT_MAX.
inline constexpr double kFloatFieldLimit = std::numeric_limits<float>::max();
inline constexpr double kFloatRoundsToInfinity = 0x1.ffffffp127;
// Int fields hold 32-bit integers.
inline constexpr std::int64_t kIntFieldMin = std::numeric_limits<std::int32_t>::min();
inline constexpr std::int64_t kIntFieldMax = std::numeric_limits<std::int32_t>::max();
// A quaternion field is a rotation: unit length. One whose length is off by
// more than this is normalised when read from a file (with a warning), and
// refused when it reaches a world through a command.
inline constexpr float kQuatLengthTolerance = 1e-3f;
// Below this length a quaternion names no rotation at all: an error.
inline constexpr float kQuatMinLength = 1e-6f;

// Why `number` cannot be stored in a float field, or nullopt when it can.
std::optional<std::string> FloatProblem(double number);
// Why `number` cannot be stored in an int field, or nullopt when it can.
std::optional<std::string> IntProblem(std::int64_t number);

enum class QuatVerdict {
  kUnit,        // within the tolerance: kept as is
  kNormalised,  // off unit length beyond the tolerance: normalised, warn
  kZero,        // no direction: an error
};
// Applies the quaternion rule to xyzw (normalising it when the verdict is
// kNormalised); `length` receives its length before.
QuatVerdict ApplyQuatRule(float (&xyzw)[4], float& length);
std::string QuatNormalisedMessage(float length);
std::string QuatZeroMessage();

// Why `text` cannot be the value of a string field (longer than
// hints.max_length) or an asset field (an ending hints.extensions does not
// allow), or nullopt when it can.
std::optional<std::string> TextProblem(const FieldInfo& field, std::string_view text);

// Why the stored value of `field` in `component` cannot be kept (a NaN or
// infinite float, an enum value without a name, a quaternion that is not a
// rotation), or nullopt when it is valid.
std::optional<std::string> CheckFieldValue(const FieldInfo& field, const void* component);
// The first problem of any field, as "Component.field: reason".
std::optional<std::string> CheckComponentValue(const ComponentInfo& info, const void* component);

// The id that means "no entity" in files, and why it is refused as an id.
inline constexpr std::string_view kZeroIdText = "0000000000000000";
std::string ZeroIdMessage();

// "one of "cube", "sphere"" for messages.
std::string EnumChoices(const FieldInfo& field);

// ---- The field types ------------------------------------------------------------
// One row per field type: what every consumer needs to know of a type that is
// data, not logic. A new field type is a row here (and its cases in the
// codec's switches below, which the compiler lists when one is missing).

// How the Inspector edits a field of a type. The widgets themselves are the
// editor's (editor/panels/field_editor.h); here is only which one a type gets,
// so the Inspector asks the table rather than deciding per type.
enum class FieldWidget : std::uint8_t {
  kCheckbox,      // bool
  kDragInt,       // an integer dragged or typed, in the hints' range
  kDragFloats,    // one drag per float component (FieldTypeTraits::floats); a colour editor
                  // instead when hints.color and the value has 3 or 4 components
  kRotation,      // a quaternion shown and dragged as Euler angles in degrees
  kText,          // a line of text: a string, or an asset path (which also takes a dropped file)
  kChoice,        // a combo of the enum's names
  kEntityPicker,  // the target's name, which takes an entity dropped from the Hierarchy
};

// The limits a field of a type can be given (FieldHints, and an enum's
// names): what a project file accepts and writes for it and what the Project
// Settings window offers. The colour flag is not one: it comes with the
// project type "color" (a vec4).
enum class FieldHint : std::uint8_t {
  kRange = 1 << 0,       // min, max and step (FieldHints::min, max, speed)
  kUnit = 1 << 1,        // FieldHints::unit
  kMaxLength = 1 << 2,   // FieldHints::max_length
  kExtensions = 1 << 3,  // FieldHints::extensions
  kEnumValues = 1 << 4,  // FieldInfo::enum_names
};

struct FieldTypeTraits {
  FieldType type;
  std::string_view name;      // as files, schemas, projects and messages name it ("vec3")
  std::string_view cpp_type;  // the member type generated C++ declares; "" for enums (each has its own)
  std::size_t size;
  std::size_t alignment;
  bool trivial;        // copied, moved, compared and destroyed as bytes (all but strings)
  std::size_t floats;  // the float components a value holds (float 1, vecN N, quat 4); 0 for the rest
  std::uint8_t hints;  // the FieldHint bits the type takes
  float default_step;  // FieldHints::speed of a new field, and the step a project file need not write
  FieldWidget widget;  // how the Inspector edits it

  constexpr bool Takes(FieldHint hint) const { return (hints & static_cast<std::uint8_t>(hint)) != 0; }
  // min, max and step apply (int, float, vec2/3/4).
  constexpr bool Ranged() const { return Takes(FieldHint::kRange); }
};

const FieldTypeTraits& TraitsOf(FieldType type);

// Room and alignment for a value of any field type (field_codec.cpp checks
// every row against them): what FieldValue holds one in.
inline constexpr std::size_t kFieldValueSize = sizeof(std::string);
inline constexpr std::size_t kLargestFieldAlignment = alignof(std::max_align_t);

// No field type holds more float components than this (vec4 and quat hold
// 4): room enough to copy any value's floats.
inline constexpr std::size_t kMostFieldFloats = 4;

// Why a number-based field's value cannot be stored, in FloatProblem's words
// ("expected a number in the range of a 32-bit float"): what an editor says
// when a typed or dragged number overflows. nullopt for other types.
std::optional<std::string> FloatRangeProblem(const FieldInfo& field, const void* component);

// ---- Storage --------------------------------------------------------------------
// How a field of each type lies in memory, for components whose layout is
// computed at run time (runtime_component.h). Only strings need construction
// and destruction; every other type is copied and compared bytewise.

inline std::size_t FieldSize(FieldType type) { return TraitsOf(type).size; }
inline std::size_t FieldAlignment(FieldType type) { return TraitsOf(type).alignment; }
inline bool FieldIsTrivial(FieldType type) { return TraitsOf(type).trivial; }
// Placement-constructs the field of `component` from the same field of `source`.
void CopyConstructField(const FieldInfo& field, void* component, const void* source);
// Placement-constructs the field by moving it out of `source`, which is then destroyed.
void RelocateField(const FieldInfo& field, void* component, void* source);
void CopyAssignField(const FieldInfo& field, void* component, const void* source);
void DestroyField(const FieldInfo& field, void* component);
bool FieldEquals(const FieldInfo& field, const void* a, const void* b);

// The same operations on a field value's own storage: `at` and `source` each
// point to an object of the field type's C++ type (a FieldValue holds one).
// The component operations above are these at the field's offset.
void CopyConstructFieldAt(FieldType type, void* at, const void* source);
void CopyAssignFieldAt(FieldType type, void* at, const void* source);
void DestroyFieldAt(FieldType type, void* at);
bool FieldEqualsAt(FieldType type, const void* a, const void* b);
// CheckFieldValue on a field value's own storage.
std::optional<std::string> CheckFieldValueAt(const FieldInfo& field, const void* at);

// ---- Elements -------------------------------------------------------------------
// An edit of some float components of a vector or colour field (the Y of a
// position, the alpha of a colour) names them by mask: bit i is component i
// (x, y, z, w; r, g, b, a). kAllElements is the whole value, of any type.
using ElementMask = std::uint8_t;
inline constexpr ElementMask kAllElements = 0xFF;
// The mask of component `index` alone.
constexpr ElementMask ElementBit(std::size_t index) { return static_cast<ElementMask>(1u << index); }
// Whether an edit may set just the elements `mask` picks of a field of
// `type`: the whole value always; some components only of float, vec2, vec3
// and vec4 fields, and only components the type has. Not of a quaternion:
// one of its components alone is no rotation.
bool ElementMaskFits(FieldType type, ElementMask mask);
// Copies the elements `mask` picks from `source` to `at` (both the field's
// own storage); the other elements of `at` are left as they are. The mask
// must fit the type (ElementMaskFits).
void AssignFieldElementsAt(FieldType type, void* at, const void* source, ElementMask mask);

// ---- Decoding -------------------------------------------------------------------

// Where DecodeField reports: `element` is the index inside an array value
// (a vector component), or kWholeValue.
inline constexpr std::size_t kWholeValue = std::numeric_limits<std::size_t>::max();
class FieldReport {
 public:
  virtual void Error(std::size_t element, std::string message) = 0;
  virtual void Warning(std::size_t element, std::string message) = 0;

 protected:
  ~FieldReport() = default;
};

// A tree DecodeField can read, described by an adapter type A with:
//   using Node;                         the tree's value type
//   static bool IsNull(const Node&), IsBool, IsString, IsArray, IsNumber;
//   static bool IsInteger(const Node&)  an integer token (1, not 1.0)
//   static std::optional<std::int64_t> Integer(const Node&)  nullopt past int64
//   static bool Bool(const Node&); static double Number(const Node&);
//   static std::string_view String(const Node&);   (or a const std::string&)
//   static std::size_t Size(const Node&); static const Node& At(const Node&, std::size_t);
//   static std::string Found(const Node&, bool quote_strings)  the value as messages show it:
//     null, true, 1.5, "text" (or: a string), an array of 2 elements, an object
namespace detail {

template <typename A>
bool DecodeFloat(const typename A::Node& node, std::size_t element, float& out, FieldReport& report) {
  if (!A::IsNumber(node)) {
    report.Error(element, "expected a number, found " + A::Found(node, false));
    return false;
  }
  if (auto problem = FloatProblem(A::Number(node))) {
    report.Error(element, *problem + ", found " + A::Found(node, false));
    return false;
  }
  out = static_cast<float>(A::Number(node));
  return true;
}

template <typename A>
bool DecodeFloats(const typename A::Node& node, float* out, std::size_t count, FieldReport& report) {
  if (!A::IsArray(node) || A::Size(node) != count) {
    report.Error(kWholeValue, "expected an array of " + std::to_string(count) + " numbers, found " + A::Found(node, false));
    return false;
  }
  bool ok = true;
  for (std::size_t i = 0; i < count; ++i) ok = DecodeFloat<A>(A::At(node, i), i, out[i], report) && ok;
  return ok;
}

}  // namespace detail

// Reads `node` into the field's own storage at `at` (an object of the
// field type's C++ type). On any error the value is kept and false is
// returned; every problem goes to `report`.
template <typename A>
bool DecodeFieldAt(const FieldInfo& field, const typename A::Node& node, void* at, FieldReport& report) {
  switch (field.type) {
    case FieldType::kBool:
      if (!A::IsBool(node)) {
        report.Error(kWholeValue, "expected true or false, found " + A::Found(node, false));
        return false;
      }
      *static_cast<bool*>(at) = A::Bool(node);
      return true;
    case FieldType::kInt: {
      if (!A::IsInteger(node)) {
        report.Error(kWholeValue, "expected an integer, found " + A::Found(node, false));
        return false;
      }
      const std::optional<std::int64_t> value = A::Integer(node);
      const auto problem = value ? IntProblem(*value) : IntProblem(std::numeric_limits<std::int64_t>::max());
      if (problem) {
        report.Error(kWholeValue, *problem + ", found " + A::Found(node, false));
        return false;
      }
      *static_cast<std::int32_t*>(at) = static_cast<std::int32_t>(*value);
      return true;
    }
    case FieldType::kFloat: return detail::DecodeFloat<A>(node, kWholeValue, *static_cast<float*>(at), report);
    case FieldType::kVec2: {
      float v[2];
      if (!detail::DecodeFloats<A>(node, v, 2, report)) return false;
      *static_cast<glm::vec2*>(at) = glm::vec2(v[0], v[1]);
      return true;
    }
    case FieldType::kVec3: {
      float v[3];
      if (!detail::DecodeFloats<A>(node, v, 3, report)) return false;
      *static_cast<glm::vec3*>(at) = glm::vec3(v[0], v[1], v[2]);
      return true;
    }
    case FieldType::kVec4: {
      float v[4];
      if (!detail::DecodeFloats<A>(node, v, 4, report)) return false;
      *static_cast<glm::vec4*>(at) = glm::vec4(v[0], v[1], v[2], v[3]);
      return true;
    }
    case FieldType::kQuat: {
      float xyzw[4];
      if (!detail::DecodeFloats<A>(node, xyzw, 4, report)) return false;
      float length = 0.0f;
      switch (ApplyQuatRule(xyzw, length)) {
        case QuatVerdict::kZero: report.Error(kWholeValue, QuatZeroMessage()); return false;
        case QuatVerdict::kNormalised: report.Warning(kWholeValue, QuatNormalisedMessage(length)); break;
        case QuatVerdict::kUnit: break;
      }
      *static_cast<glm::quat*>(at) = glm::quat(xyzw[3], xyzw[0], xyzw[1], xyzw[2]);
      return true;
    }
    case FieldType::kString:
    case FieldType::kAsset: {
      if (!A::IsString(node)) {
        report.Error(kWholeValue, std::string(field.type == FieldType::kAsset ? "expected an asset path or \"\"" : "expected a string") +
                                      ", found " + A::Found(node, false));
        return false;
      }
      if (auto problem = TextProblem(field, A::String(node))) {
        report.Error(kWholeValue, *problem + ", found " + A::Found(node, true));
        return false;
      }
      *static_cast<std::string*>(at) = A::String(node);
      return true;
    }
    case FieldType::kEnum:
      if (A::IsString(node)) {
        const std::string_view text = A::String(node);
        for (std::size_t i = 0; i < field.enum_names.size(); ++i) {
          if (field.enum_names[i] == text) {
            *static_cast<std::int32_t*>(at) = static_cast<std::int32_t>(i);
            return true;
          }
        }
      }
      report.Error(kWholeValue, "expected " + EnumChoices(field) + ", found " + A::Found(node, true));
      return false;
    case FieldType::kEntityRef: {
      if (A::IsNull(node)) {
        *static_cast<EntityId*>(at) = kNoEntityId;
        return true;
      }
      const std::optional<EntityId> id = A::IsString(node) ? ParseEntityId(A::String(node)) : std::nullopt;
      if (!id) {
        report.Error(kWholeValue, A::IsString(node) && A::String(node) == kZeroIdText
                                      ? ZeroIdMessage()
                                      : "expected an entity id (16 hex digits) or null, found " + A::Found(node, true));
        return false;
      }
      *static_cast<EntityId*>(at) = *id;
      return true;
    }
  }
  report.Error(kWholeValue, "field type " + std::string(FieldTypeName(field.type)) + " cannot be read");
  return false;
}

// Reads `node` into the field of `component`, as DecodeFieldAt.
template <typename A>
bool DecodeField(const FieldInfo& field, const typename A::Node& node, void* component, FieldReport& report) {
  return DecodeFieldAt<A>(field, node, &field.Ref<std::byte>(component), report);
}

// ---- Encoding -------------------------------------------------------------------

// Writes the field value at `at` (the field's own storage) to a sink S with:
//   void Bool(bool); void Integer(std::int64_t); void String(std::string_view);
//   void Null(); void Id(EntityId);
//   void Numbers(const float* values, std::size_t count, bool array);  array false: one bare number
template <typename S>
void EncodeFieldAt(const FieldInfo& field, const void* at, S& sink) {
  switch (field.type) {
    case FieldType::kBool: sink.Bool(*static_cast<const bool*>(at)); return;
    case FieldType::kInt: sink.Integer(*static_cast<const std::int32_t*>(at)); return;
    case FieldType::kFloat: sink.Numbers(static_cast<const float*>(at), 1, false); return;
    case FieldType::kVec2: sink.Numbers(&static_cast<const glm::vec2*>(at)->x, 2, true); return;
    case FieldType::kVec3: sink.Numbers(&static_cast<const glm::vec3*>(at)->x, 3, true); return;
    case FieldType::kVec4: sink.Numbers(&static_cast<const glm::vec4*>(at)->x, 4, true); return;
    case FieldType::kQuat: {
      const glm::quat& q = *static_cast<const glm::quat*>(at);
      const float xyzw[4] = {q.x, q.y, q.z, q.w};
      sink.Numbers(xyzw, 4, true);
      return;
    }
    case FieldType::kString:
    case FieldType::kAsset: sink.String(*static_cast<const std::string*>(at)); return;
    case FieldType::kEnum: {
      const std::int32_t value = *static_cast<const std::int32_t*>(at);
      if (value >= 0 && static_cast<std::size_t>(value) < field.enum_names.size()) {
        sink.String(field.enum_names[static_cast<std::size_t>(value)]);
      } else {
        sink.Integer(value);  // refused when read back: a value the enum does not name
      }
      return;
    }
    case FieldType::kEntityRef: {
      const EntityId id = *static_cast<const EntityId*>(at);
      if (id) {
        sink.Id(id);
      } else {
        sink.Null();
      }
      return;
    }
  }
}

// Writes the field of `component`, as EncodeFieldAt.
template <typename S>
void EncodeField(const FieldInfo& field, const void* component, S& sink) {
  EncodeFieldAt(field, &field.Ref<std::byte>(component), sink);
}

}  // namespace cairn::ecs
