#include "cairn/ecs/plain_value.h"

#include <cmath>
#include <cstdint>
#include <limits>

#include <catch2/catch.hpp>

using cairn::ecs::PlainValue;

TEST_CASE("A default plain value is null", "[ecs][plain_value]") {
  const PlainValue value;
  REQUIRE(value.IsNull());
  REQUIRE(PlainValue(nullptr).IsNull());
  REQUIRE(value.KindName() == "null");
  REQUIRE(value.ToJsonText() == "null");
}

TEST_CASE("Each constructor makes the matching kind", "[ecs][plain_value]") {
  REQUIRE(PlainValue(true).IsBool());
  REQUIRE(PlainValue(true).AsBool());
  REQUIRE(PlainValue(7).IsInteger());
  REQUIRE(PlainValue(std::int64_t{1} << 40).AsInteger() == std::int64_t{1} << 40);
  REQUIRE(PlainValue(std::uint32_t{4000000000u}).AsInteger() == 4000000000);
  REQUIRE(PlainValue(2.5).IsNumber());
  REQUIRE_FALSE(PlainValue(2.5).IsInteger());
  REQUIRE(PlainValue(0.25f).AsNumber() == 0.25);
  REQUIRE(PlainValue("text").IsString());
  REQUIRE(PlainValue(std::string("text")).AsString() == "text");
  REQUIRE(PlainValue::MakeArray().IsArray());
  REQUIRE(PlainValue::MakeObject().IsObject());
}

TEST_CASE("Integers are numbers too", "[ecs][plain_value]") {
  const PlainValue value(-3);
  REQUIRE(value.IsNumber());
  REQUIRE(value.AsNumber() == -3.0);
  REQUIRE(value.KindName() == "integer");
  REQUIRE(PlainValue(1.0).KindName() == "number");
}

TEST_CASE("KindName names every kind", "[ecs][plain_value]") {
  REQUIRE(PlainValue(false).KindName() == "bool");
  REQUIRE(PlainValue("").KindName() == "string");
  REQUIRE(PlainValue::MakeArray().KindName() == "array");
  REQUIRE(PlainValue::MakeObject().KindName() == "object");
}

// GCC 12 at -O2 reports a false -Wmaybe-uninitialized when a scalar
// PlainValue is moved into Add or Push (a false positive around
// std::variant); these two cases are the ones that trigger it.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"

TEST_CASE("Objects keep insertion order and find members by key", "[ecs][plain_value]") {
  PlainValue object = PlainValue::MakeObject();
  object.Add("zeta", 1);
  object.Add("alpha", 2);
  REQUIRE(object.AsObject()[0].first == "zeta");
  REQUIRE(object.AsObject()[1].first == "alpha");
  REQUIRE(object.Find("alpha")->AsInteger() == 2);
  REQUIRE(object.Find("beta") == nullptr);
  REQUIRE(PlainValue(3).Find("alpha") == nullptr);
  REQUIRE(object.ToJsonText() == R"({"zeta":1,"alpha":2})");
}

TEST_CASE("Arrays append in order", "[ecs][plain_value]") {
  PlainValue array = PlainValue::MakeArray();
  array.Push(1);
  array.Push("two");
  array.Push(nullptr);
  REQUIRE(array.AsArray().size() == 3);
  REQUIRE(array.ToJsonText() == R"([1,"two",null])");
}

#pragma GCC diagnostic pop

TEST_CASE("Equality is deep and distinguishes integers from numbers", "[ecs][plain_value]") {
  const PlainValue a(PlainValue::Object{{"x", PlainValue(PlainValue::Array{1, 2.5, "s"})}});
  const PlainValue b(PlainValue::Object{{"x", PlainValue(PlainValue::Array{1, 2.5, "s"})}});
  const PlainValue c(PlainValue::Object{{"x", PlainValue(PlainValue::Array{1, 2.5, "t"})}});
  REQUIRE(a == b);
  REQUIRE_FALSE(a == c);
  REQUIRE_FALSE(PlainValue(1) == PlainValue(1.0));
  const PlainValue reordered(PlainValue::Object{{"b", 1}, {"a", 2}});
  REQUIRE_FALSE(reordered == PlainValue(PlainValue::Object{{"a", 2}, {"b", 1}}));
}

TEST_CASE("ToJsonText writes numbers in the shortest exact form", "[ecs][plain_value]") {
  REQUIRE(PlainValue(0.1).ToJsonText() == "0.1");
  REQUIRE(PlainValue(1.0).ToJsonText() == "1");
  REQUIRE(PlainValue(-2.5).ToJsonText() == "-2.5");
  REQUIRE(PlainValue(1e300).ToJsonText() == "1e+300");
  REQUIRE(PlainValue(0.1f).ToJsonText() == "0.10000000149011612");
  REQUIRE(PlainValue(std::numeric_limits<std::int64_t>::min()).ToJsonText() == "-9223372036854775808");
}

TEST_CASE("ToJsonText writes non-finite numbers as null", "[ecs][plain_value]") {
  REQUIRE(PlainValue(std::numeric_limits<double>::infinity()).ToJsonText() == "null");
  REQUIRE(PlainValue(std::nan("")).ToJsonText() == "null");
}

TEST_CASE("ToJsonText escapes strings", "[ecs][plain_value]") {
  REQUIRE(PlainValue("a\"b\\c").ToJsonText() == R"("a\"b\\c")");
  REQUIRE(PlainValue("line\nnext\ttab\rret").ToJsonText() == R"("line\nnext\ttab\rret")");
  REQUIRE(PlainValue(std::string("\x01\x1f", 2)).ToJsonText() == R"("\u0001\u001f")");
  REQUIRE(PlainValue("caf\xc3\xa9").ToJsonText() == "\"caf\xc3\xa9\"");  // UTF-8 passes through
  REQUIRE(PlainValue(PlainValue::Object{{"k\"", true}}).ToJsonText() == R"({"k\"":true})");
}

TEST_CASE("ToJsonText writes nested values compactly", "[ecs][plain_value]") {
  const PlainValue value(PlainValue::Object{
      {"name", "Crate"},
      {"visible", false},
      {"children", PlainValue::MakeArray()},
      {"meta", PlainValue::MakeObject()},
      {"position", PlainValue(PlainValue::Array{0, 1.5, -2})},
  });
  REQUIRE(value.ToJsonText() == R"({"name":"Crate","visible":false,"children":[],"meta":{},"position":[0,1.5,-2]})");
}
