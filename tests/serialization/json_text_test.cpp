#include <catch2/catch.hpp>

#include <cfloat>
#include <cstring>
#include <string>
#include <limits>

#include "cairn/serialization/json_text.h"

using namespace cairn::serialization;

namespace {

std::string Float(float value) {
  std::string out;
  AppendFloat(out, value);
  return out;
}

std::string Double(double value) {
  std::string out;
  AppendDouble(out, value);
  return out;
}

std::string Value(const Document& value) {
  std::string out;
  AppendValue(out, value, 0);
  return out;
}

}  // namespace

TEST_CASE("Floats are written in their shortest exact form", "[serialization][json_text]") {
  REQUIRE(Float(0.1f) == "0.1");
  REQUIRE(Float(1.0f) == "1");
  REQUIRE(Float(-2.5f) == "-2.5");
  REQUIRE(Float(0.0f) == "0");
  REQUIRE(Float(FLT_MAX) == "3.4028235e+38");
  REQUIRE(Float(std::numeric_limits<float>::denorm_min()) == "1e-45");
  REQUIRE(Float(16777216.0f) == "16777216");
}

TEST_CASE("The one float whose shortest form misleads a double reader gets 9 digits", "[serialization][json_text]") {
  // "7.038531e-26" read as the nearest double rounds to the float after this one.
  std::uint32_t bits = 0x15ae43fdu;
  float value;
  std::memcpy(&value, &bits, sizeof value);
  REQUIRE(Float(value) == "7.03853069e-26");
  REQUIRE(Float(-value) == "-7.03853069e-26");
  for (const float candidate : {value, -value}) {
    const std::string text = Float(candidate);
    const float back = static_cast<float>(std::stod(text));
    REQUIRE(std::memcmp(&back, &candidate, sizeof back) == 0);
  }
}

TEST_CASE("Negative zero stays negative", "[serialization][json_text]") {
  REQUIRE(Float(-0.0f) == "-0.0");
}

TEST_CASE("Doubles keep a fraction so they read back as doubles", "[serialization][json_text]") {
  REQUIRE(Double(1.0) == "1.0");
  REQUIRE(Double(0.1) == "0.1");
  REQUIRE(Double(-0.0) == "-0.0");
  REQUIRE(Double(1e21) == "1e+21");
  REQUIRE(Double(123456789012.0) == "123456789012.0");
}

TEST_CASE("Strings escape quotes, backslashes and control characters only", "[serialization][json_text]") {
  REQUIRE(Quoted("plain") == "\"plain\"");
  REQUIRE(Quoted("a\"b\\c") == "\"a\\\"b\\\\c\"");
  REQUIRE(Quoted("\n\r\t\b\f") == "\"\\n\\r\\t\\b\\f\"");
  REQUIRE(Quoted(std::string("\x01\x1f", 2)) == "\"\\u0001\\u001f\"");
  REQUIRE(Quoted(std::string(1, '\0')) == "\"\\u0000\"");
  REQUIRE(Quoted("caf\xC3\xA9 \xF0\x9F\x8E\xAE") == "\"caf\xC3\xA9 \xF0\x9F\x8E\xAE\"");
}

TEST_CASE("Invalid UTF-8 is replaced, so the output stays JSON", "[serialization][json_text]") {
  REQUIRE(Quoted("a\xFF" "b") == "\"a\xEF\xBF\xBD" "b\"");
  REQUIRE(Quoted("\xC3") == "\"\xEF\xBF\xBD\"");              // truncated sequence
  REQUIRE(Quoted("\xC0\xAF") == "\"\xEF\xBF\xBD\xEF\xBF\xBD\"");  // overlong form
  REQUIRE(Quoted("\xED\xA0\x80") == "\"\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\"");  // surrogate
}

TEST_CASE("Values use the canonical layout", "[serialization][json_text]") {
  const Document value = Document::parse(R"({"b": [1, 2.5, "x"], "a": {"n": null, "t": true},
                                              "c": [{"k": 1}], "d": [], "e": {}})");
  REQUIRE(Value(value) ==
          "{\n"
          "  \"a\": {\n"
          "    \"n\": null,\n"
          "    \"t\": true\n"
          "  },\n"
          "  \"b\": [1, 2.5, \"x\"],\n"
          "  \"c\": [\n"
          "    {\n"
          "      \"k\": 1\n"
          "    }\n"
          "  ],\n"
          "  \"d\": [],\n"
          "  \"e\": {}\n"
          "}");
}

TEST_CASE("Integers of every range are written exactly", "[serialization][json_text]") {
  REQUIRE(Value(Document(std::numeric_limits<std::int64_t>::min())) == "-9223372036854775808");
  REQUIRE(Value(Document(std::numeric_limits<std::uint64_t>::max())) == "18446744073709551615");
}
