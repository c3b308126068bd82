#pragma once
// Exact conversions between the ECS's PlainValue trees and nlohmann JSON.
// Integers stay integers (unsigned values past INT64_MAX become doubles),
// other numbers stay doubles.
//   - Json (nlohmann::ordered_json) keeps object member order;
//   - Document (nlohmann::json, see document.h) keeps keys sorted.

#include <nlohmann/json.hpp>

#include "cairn/ecs/plain_value.h"

namespace cairn::serialization {

using Json = nlohmann::ordered_json;

Json PlainToJson(const ecs::PlainValue& plain);
ecs::PlainValue JsonToPlain(const Json& json);

// Duplicate object keys in `plain` keep the last value.
nlohmann::json PlainToDocument(const ecs::PlainValue& plain);
ecs::PlainValue DocumentToPlain(const nlohmann::json& document);

}  // namespace cairn::serialization
