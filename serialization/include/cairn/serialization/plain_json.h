#pragma once
// Exact conversions between the ECS's PlainValue trees and nlohmann::json.
// Integers stay integers, other numbers stay doubles, object member order is
// kept (nlohmann::ordered_json).

#include <nlohmann/json.hpp>

#include "cairn/ecs/plain_value.h"

namespace cairn::serialization {

using Json = nlohmann::ordered_json;

Json PlainToJson(const ecs::PlainValue& plain);
ecs::PlainValue JsonToPlain(const Json& json);

}  // namespace cairn::serialization
