#include "cairn/ecs/reflection.h"

#include <cmath>

#include "cairn/ecs/errors.h"
#include "cairn/ecs/field_codec.h"
#include "cairn/ecs/runtime_component.h"

namespace cairn::ecs {

std::string_view FieldTypeName(FieldType type) { return TraitsOf(type).name; }

void ComponentInfo::Construct(void* memory) const {
  if (runtime) return runtime->Construct(memory);
  ops.default_construct(memory);
}

void ComponentInfo::CopyConstruct(void* memory, const void* source) const {
  if (runtime) return runtime->CopyConstruct(memory, source);
  ops.copy_construct(memory, source);
}

void ComponentInfo::CopyAssign(void* target, const void* source) const {
  if (runtime) return runtime->CopyAssign(target, source);
  ops.copy_assign(target, source);
}

void ComponentInfo::Destroy(void* object) const {
  if (runtime) return runtime->Destroy(object);
  ops.destroy(object);
}

bool ComponentInfo::Equals(const void* a, const void* b) const {
  return runtime ? runtime->Equals(a, b) : ops.equals(a, b);
}

const FieldInfo* ComponentInfo::FindField(std::string_view field_name) const {
  for (const FieldInfo& field : fields) {
    if (field.name == field_name) return &field;
  }
  return nullptr;
}

namespace {

// DecodeField's view of a PlainValue tree.
struct PlainTree {
  using Node = PlainValue;
  static bool IsNull(const Node& node) { return node.IsNull(); }
  static bool IsBool(const Node& node) { return node.IsBool(); }
  static bool IsString(const Node& node) { return node.IsString(); }
  static bool IsArray(const Node& node) { return node.IsArray(); }
  static bool IsNumber(const Node& node) { return node.IsNumber(); }
  static bool IsInteger(const Node& node) { return node.IsInteger(); }
  static std::optional<std::int64_t> Integer(const Node& node) { return node.AsInteger(); }
  static bool Bool(const Node& node) { return node.AsBool(); }
  static double Number(const Node& node) { return node.AsNumber(); }
  static const std::string& String(const Node& node) { return node.AsString(); }
  static std::size_t Size(const Node& node) { return node.AsArray().size(); }
  static const Node& At(const Node& node, std::size_t index) { return node.AsArray()[index]; }
  static std::string Found(const Node& node, bool quote_strings) {
    if (node.IsArray()) {
      const std::size_t size = node.AsArray().size();
      return "an array of " + std::to_string(size) + (size == 1 ? " element" : " elements");
    }
    if (node.IsObject()) return "an object";
    if (node.IsString() && !quote_strings) return "a string";
    if (node.IsNumber() && !node.IsInteger() && !std::isfinite(node.AsNumber())) {
      return std::isnan(node.AsNumber()) ? "NaN" : node.AsNumber() > 0 ? "inf" : "-inf";
    }
    std::string text = node.ToJsonText();
    if (text.size() > 64) text = text.substr(0, 63) + "...\"";
    return text;
  }
};

// Throws the first error as CommandError naming "Component.field[i]".
class ThrowingReport final : public FieldReport {
 public:
  explicit ThrowingReport(std::string_view context) : context_(context) {}
  void Error(std::size_t element, std::string message) override {
    std::string where(context_);
    if (element != kWholeValue) where += "[" + std::to_string(element) + "]";
    throw CommandError(where + ": " + message);
  }
  void Warning(std::size_t, std::string) override {}  // a value is normalised as a file's would be

 private:
  std::string_view context_;
};

// EncodeField's sink building a PlainValue.
struct PlainSink {
  PlainValue value;
  void Bool(bool b) { value = b; }
  void Integer(std::int64_t number) { value = number; }
  void String(std::string_view text) { value = std::string(text); }
  void Null() { value = nullptr; }
  void Id(EntityId id) { value = ToHex(id); }
  void Numbers(const float* numbers, std::size_t count, bool array) {
    if (!array) {
      value = numbers[0];
      return;
    }
    PlainValue::Array elements;
    elements.reserve(count);
    for (std::size_t i = 0; i < count; ++i) elements.emplace_back(numbers[i]);
    value = std::move(elements);
  }
};

[[noreturn]] void Mismatch(std::string_view context, const std::string& expected, const PlainValue& found) {
  throw CommandError(std::string(context) + ": expected " + expected + ", found " + PlainTree::Found(found, false));
}

}  // namespace

PlainValue FieldToPlainAt(const FieldInfo& field, const void* at) {
  PlainSink sink;
  EncodeFieldAt(field, at, sink);
  return std::move(sink.value);
}

void FieldFromPlainAt(const FieldInfo& field, const PlainValue& plain, void* at, std::string_view context) {
  ThrowingReport report(context);
  DecodeFieldAt<PlainTree>(field, plain, at, report);
}

PlainValue FieldToPlain(const FieldInfo& field, const void* component) {
  return FieldToPlainAt(field, &field.Ref<std::byte>(component));
}

void FieldFromPlain(const FieldInfo& field, const PlainValue& plain, void* component, std::string_view context) {
  FieldFromPlainAt(field, plain, &field.Ref<std::byte>(component), context);
}

PlainValue ComponentToPlain(const ComponentInfo& info, const void* component) {
  PlainValue::Object object;
  object.reserve(info.fields.size());
  for (const FieldInfo& field : info.fields) object.emplace_back(field.name, FieldToPlain(field, component));
  return PlainValue(std::move(object));
}

void ComponentFromPlain(const ComponentInfo& info, const PlainValue& plain, void* component) {
  if (!plain.IsObject()) Mismatch(info.name, "an object of fields", plain);
  for (const auto& [key, value] : plain.AsObject()) {
    const FieldInfo* field = info.FindField(key);
    if (field == nullptr) throw CommandError(info.name + ": unknown field '" + key + "'");
    FieldFromPlain(*field, value, component, info.name + "." + key);
  }
}

}  // namespace cairn::ecs
