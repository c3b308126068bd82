#pragma once
// A plain data tree (null, bool, integer, number, string, array, object) used
// to describe component values and commands without tying the ECS to a JSON
// library. The serialization layer maps it 1:1 onto JSON. Object members keep
// their insertion order.

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace cairn::ecs {

class PlainValue {
 public:
  using Array = std::vector<PlainValue>;
  using Member = std::pair<std::string, PlainValue>;
  using Object = std::vector<Member>;

  PlainValue() = default;
  PlainValue(std::nullptr_t) {}
  PlainValue(bool value) : data_(value) {}
  PlainValue(int value) : data_(std::int64_t{value}) {}
  PlainValue(std::int64_t value) : data_(value) {}
  PlainValue(std::uint32_t value) : data_(std::int64_t{value}) {}
  PlainValue(double value) : data_(value) {}
  PlainValue(float value) : data_(static_cast<double>(value)) {}
  PlainValue(std::string value) : data_(std::move(value)) {}
  PlainValue(const char* value) : data_(std::string(value)) {}
  PlainValue(Array value) : data_(std::move(value)) {}
  PlainValue(Object value) : data_(std::move(value)) {}

  static PlainValue MakeArray() { return PlainValue(Array{}); }
  static PlainValue MakeObject() { return PlainValue(Object{}); }

  bool IsNull() const { return std::holds_alternative<std::monostate>(data_); }
  bool IsBool() const { return std::holds_alternative<bool>(data_); }
  bool IsInteger() const { return std::holds_alternative<std::int64_t>(data_); }
  bool IsNumber() const { return IsInteger() || std::holds_alternative<double>(data_); }
  bool IsString() const { return std::holds_alternative<std::string>(data_); }
  bool IsArray() const { return std::holds_alternative<Array>(data_); }
  bool IsObject() const { return std::holds_alternative<Object>(data_); }

  // Accessors; each precondition is the matching Is*().
  bool AsBool() const { return std::get<bool>(data_); }
  std::int64_t AsInteger() const { return std::get<std::int64_t>(data_); }
  double AsNumber() const {
    return IsInteger() ? static_cast<double>(std::get<std::int64_t>(data_)) : std::get<double>(data_);
  }
  const std::string& AsString() const { return std::get<std::string>(data_); }
  const Array& AsArray() const { return std::get<Array>(data_); }
  Array& AsArray() { return std::get<Array>(data_); }
  const Object& AsObject() const { return std::get<Object>(data_); }
  Object& AsObject() { return std::get<Object>(data_); }

  // Object member lookup; nullptr when absent or when this is not an object.
  const PlainValue* Find(std::string_view key) const;
  // Appends (objects) without checking for duplicates.
  void Add(std::string key, PlainValue value) { AsObject().emplace_back(std::move(key), std::move(value)); }
  void Push(PlainValue value) { AsArray().push_back(std::move(value)); }

  // "null", "bool", "integer", "number", "string", "array" or "object".
  std::string_view KindName() const;

  // Compact JSON text; numbers use the shortest form that reads back exactly.
  std::string ToJsonText() const;

  friend bool operator==(const PlainValue&, const PlainValue&) = default;

 private:
  std::variant<std::monostate, bool, std::int64_t, double, std::string, Array, Object> data_;
};

}  // namespace cairn::ecs
