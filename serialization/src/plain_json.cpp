#include "cairn/serialization/plain_json.h"

namespace cairn::serialization {

Json PlainToJson(const ecs::PlainValue& plain) {
  if (plain.IsNull()) return nullptr;
  if (plain.IsBool()) return plain.AsBool();
  if (plain.IsInteger()) return plain.AsInteger();
  if (plain.IsNumber()) return plain.AsNumber();
  if (plain.IsString()) return plain.AsString();
  if (plain.IsArray()) {
    Json array = Json::array();
    for (const ecs::PlainValue& element : plain.AsArray()) array.push_back(PlainToJson(element));
    return array;
  }
  Json object = Json::object();
  for (const auto& [key, member] : plain.AsObject()) object[key] = PlainToJson(member);
  return object;
}

ecs::PlainValue JsonToPlain(const Json& json) {
  switch (json.type()) {
    case Json::value_t::null:
    case Json::value_t::discarded: return nullptr;
    case Json::value_t::boolean: return json.get<bool>();
    case Json::value_t::number_integer: return json.get<std::int64_t>();
    case Json::value_t::number_unsigned: {
      const auto value = json.get<std::uint64_t>();
      if (value <= static_cast<std::uint64_t>(INT64_MAX)) return static_cast<std::int64_t>(value);
      return static_cast<double>(value);
    }
    case Json::value_t::number_float: return json.get<double>();
    case Json::value_t::string: return json.get<std::string>();
    case Json::value_t::binary: return nullptr;
    case Json::value_t::array: {
      ecs::PlainValue::Array array;
      array.reserve(json.size());
      for (const Json& element : json) array.push_back(JsonToPlain(element));
      return array;
    }
    case Json::value_t::object: {
      ecs::PlainValue::Object object;
      object.reserve(json.size());
      for (auto it = json.begin(); it != json.end(); ++it) object.emplace_back(it.key(), JsonToPlain(it.value()));
      return object;
    }
  }
  return nullptr;
}

}  // namespace cairn::serialization
