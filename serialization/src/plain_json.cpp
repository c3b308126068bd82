#include "cairn/serialization/plain_json.h"

#include <cstdint>

namespace cairn::serialization {

namespace {

template <typename J>
J PlainToAny(const ecs::PlainValue& plain) {
  if (plain.IsNull()) return nullptr;
  if (plain.IsBool()) return plain.AsBool();
  if (plain.IsInteger()) return plain.AsInteger();
  if (plain.IsNumber()) return plain.AsNumber();
  if (plain.IsString()) return plain.AsString();
  if (plain.IsArray()) {
    J array = J::array();
    for (const ecs::PlainValue& element : plain.AsArray()) array.push_back(PlainToAny<J>(element));
    return array;
  }
  J object = J::object();
  for (const auto& [key, member] : plain.AsObject()) object[key] = PlainToAny<J>(member);
  return object;
}

template <typename J>
ecs::PlainValue AnyToPlain(const J& json) {
  switch (json.type()) {
    case J::value_t::null:
    case J::value_t::discarded: return nullptr;
    case J::value_t::boolean: return json.template get<bool>();
    case J::value_t::number_integer: return json.template get<std::int64_t>();
    case J::value_t::number_unsigned: {
      const auto value = json.template get<std::uint64_t>();
      if (value <= static_cast<std::uint64_t>(INT64_MAX)) return static_cast<std::int64_t>(value);
      return static_cast<double>(value);
    }
    case J::value_t::number_float: return json.template get<double>();
    case J::value_t::string: return json.template get<std::string>();
    case J::value_t::binary: return nullptr;
    case J::value_t::array: {
      ecs::PlainValue::Array array;
      array.reserve(json.size());
      for (const J& element : json) array.push_back(AnyToPlain(element));
      return array;
    }
    case J::value_t::object: {
      ecs::PlainValue::Object object;
      object.reserve(json.size());
      for (auto it = json.begin(); it != json.end(); ++it) object.emplace_back(it.key(), AnyToPlain(it.value()));
      return object;
    }
  }
  return nullptr;
}

}  // namespace

Json PlainToJson(const ecs::PlainValue& plain) { return PlainToAny<Json>(plain); }
ecs::PlainValue JsonToPlain(const Json& json) { return AnyToPlain(json); }

nlohmann::json PlainToDocument(const ecs::PlainValue& plain) { return PlainToAny<nlohmann::json>(plain); }
ecs::PlainValue DocumentToPlain(const nlohmann::json& document) { return AnyToPlain(document); }

}  // namespace cairn::serialization
