#include <catch2/catch.hpp>

#include "cairn/serialization/plain_json.h"

using namespace cairn::serialization;
using cairn::ecs::PlainValue;

namespace {

// {"z": 1, "a": 0.5, "list": [null, true, "text"]}, members in that order.
PlainValue Sample() {
  PlainValue::Array list;
  list.emplace_back(nullptr);
  list.emplace_back(true);
  list.emplace_back("text");
  PlainValue::Object object;
  object.emplace_back("z", 1);
  object.emplace_back("a", 0.5);
  object.emplace_back("list", std::move(list));
  return PlainValue(std::move(object));
}

}  // namespace

TEST_CASE("Plain values survive the trip through ordered JSON, member order included", "[serialization][plain_json]") {
  const PlainValue plain = Sample();
  const Json json = PlainToJson(plain);
  REQUIRE(json.dump() == R"({"z":1,"a":0.5,"list":[null,true,"text"]})");
  REQUIRE(JsonToPlain(json) == plain);
}

TEST_CASE("Documents sort object keys", "[serialization][plain_json]") {
  const nlohmann::json document = PlainToDocument(Sample());
  REQUIRE(document.dump() == R"({"a":0.5,"list":[null,true,"text"],"z":1})");
  const PlainValue back = DocumentToPlain(document);
  REQUIRE(back.AsObject()[0].first == "a");
  REQUIRE(*back.Find("z") == PlainValue(1));
}

TEST_CASE("Integers stay integers and doubles stay doubles", "[serialization][plain_json]") {
  REQUIRE(JsonToPlain(Json(3)).IsInteger());
  REQUIRE_FALSE(JsonToPlain(Json(3.0)).IsInteger());
  REQUIRE(DocumentToPlain(nlohmann::json(18446744073709551615ull)).AsNumber() == 18446744073709551615.0);
}
