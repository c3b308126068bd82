#include <catch2/catch.hpp>

#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>

#include "cairn/serialization/document.h"

using namespace cairn::serialization;

namespace {

struct Parsed {
  std::optional<Document> document;
  std::vector<Diagnostic> diagnostics;
};

Parsed Parse(std::string_view text, ParseLimits limits = {}) {
  DiagnosticSink sink(100);
  Parsed parsed;
  parsed.document = ParseDocument(text, limits, sink);
  parsed.diagnostics = sink.Take();
  return parsed;
}

std::string OnlyError(const Parsed& parsed) {
  REQUIRE(parsed.diagnostics.size() == 1);
  return parsed.diagnostics[0].ToString();
}

}  // namespace

TEST_CASE("Parsing keeps integers, unsigned values and doubles apart", "[serialization][document]") {
  const Parsed parsed = Parse(R"({"a": -3, "b": 18446744073709551615, "c": 0.1, "d": -0.0})");
  REQUIRE(parsed.diagnostics.empty());
  const Document& document = *parsed.document;
  REQUIRE(document["a"].is_number_integer());
  REQUIRE(document["a"].get<std::int64_t>() == -3);
  REQUIRE(document["b"].get<std::uint64_t>() == std::numeric_limits<std::uint64_t>::max());
  REQUIRE(document["c"].get<double>() == 0.1);
  REQUIRE(std::signbit(document["d"].get<double>()));
}

TEST_CASE("Text that is not JSON is reported with its line and column", "[serialization][document]") {
  const Parsed parsed = Parse("{\n  \"a\": 1,\n  \"b\": tru\n}");
  REQUIRE_FALSE(parsed.document);
  REQUIRE(OnlyError(parsed) ==
          "not valid JSON at line 3, column 11: syntax error while parsing value - invalid literal; last read: "
          "'\"b\": tru<U+000A>'");
}

TEST_CASE("Comments and trailing data are not JSON", "[serialization][document]") {
  REQUIRE_FALSE(Parse("{} // note").document);
  REQUIRE_FALSE(Parse("{} {}").document);
}

TEST_CASE("Invalid UTF-8 is not JSON", "[serialization][document]") {
  const Parsed parsed = Parse("{\"a\": \"\xC3\x28\"}");
  REQUIRE_FALSE(parsed.document);
  REQUIRE(OnlyError(parsed) ==
          "not valid JSON at line 1, column 9: syntax error while parsing value - invalid string: ill-formed UTF-8 "
          "byte; last read: '\"<0xC3>('");
}

TEST_CASE("A document over the byte limit is refused before parsing", "[serialization][document]") {
  const Parsed parsed = Parse("[1, 2, 3]", ParseLimits{.max_bytes = 4, .max_depth = 64});
  REQUIRE(OnlyError(parsed) == "the document is 9 bytes, over the limit of 4 bytes");
}

TEST_CASE("Nesting past the depth limit names the place", "[serialization][document]") {
  const Parsed parsed = Parse(R"({"a": [{"b": [[1]]}]})", ParseLimits{.max_bytes = 1000, .max_depth = 4});
  REQUIRE_FALSE(parsed.document);
  REQUIRE(OnlyError(parsed) == "/a/0/b/0: nesting deeper than the limit of 4 levels");
}

TEST_CASE("Deep nesting is refused without exhausting the stack", "[serialization][document]") {
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  const Parsed parsed = Parse(deep);
  REQUIRE(OnlyError(parsed).find("nesting deeper than the limit of 64 levels") != std::string::npos);
}

TEST_CASE("A duplicate key is an error at its object", "[serialization][document]") {
  const Parsed parsed = Parse(R"({"entities": [{"id": "a", "id": "b"}]})");
  REQUIRE(OnlyError(parsed) == "/entities/0: duplicate key \"id\"");
}

TEST_CASE("A number too large for a double is not finite", "[serialization][document]") {
  const Parsed parsed = Parse(R"({"a": {"b": [1, 1e999]}})");
  REQUIRE(OnlyError(parsed) == "/a/b/1: expected a finite number, found 1e999");
  REQUIRE(parsed.document == Document::parse(R"({"a": {"b": [1, null]}})"));  // null in its place
}

TEST_CASE("A number too large for a double does not hide the problems after it", "[serialization][document]") {
  const Parsed parsed = Parse("{\"a\": -1e400, \"b\": [" + std::string(400, '9') +
                              ", 2.5e308], \"c\": {\"x\": 1, \"x\": 2}, \"1e999\": 1e99}");
  REQUIRE(parsed.document);
  std::vector<std::string> errors;
  for (const Diagnostic& diagnostic : parsed.diagnostics) errors.push_back(diagnostic.ToString());
  REQUIRE(errors == std::vector<std::string>{
                        "/a: expected a finite number, found -1e400",
                        "/b/0: expected a finite number, found " + std::string(400, '9'),
                        "/b/1: expected a finite number, found 2.5e308",
                        "/c: duplicate key \"x\"",
                    });
  REQUIRE((*parsed.document)["1e999"] == 1e99);
}

TEST_CASE("A syntax error after a number too large for a double is reported too", "[serialization][document]") {
  const Parsed parsed = Parse("[1e400,\n 2,]");
  REQUIRE_FALSE(parsed.document);
  REQUIRE(parsed.diagnostics.size() == 2);
  REQUIRE(parsed.diagnostics[0].ToString() == "/0: expected a finite number, found 1e400");
  REQUIRE(parsed.diagnostics[1].ToString() ==
          "not valid JSON at line 2, column 4: syntax error while parsing value - unexpected ']'; expected '[', '{', "
          "or a literal");
}

TEST_CASE("Bytes after the document are refused where they start", "[serialization][document]") {
  const Parsed nul = Parse(std::string("{\"a\": 1}\n\0garbage", 17));
  REQUIRE_FALSE(nul.document);
  REQUIRE(OnlyError(nul) ==
          "not valid JSON at line 2, column 1 (byte offset 9): 8 bytes after the end of the document, starting "
          "'<0x00>garbage'");
  const Parsed second = Parse("[1, 2]\n  {\"a\": \"a long second document\"}\n");
  REQUIRE_FALSE(second.document);
  REQUIRE(OnlyError(second) ==
          "not valid JSON at line 2, column 3 (byte offset 9): 32 bytes after the end of the document, starting "
          "'{\"a\": \"a long se...'");
  const Parsed scalar = Parse("12 x");
  REQUIRE(OnlyError(scalar) ==
          "not valid JSON at line 1, column 4 (byte offset 3): 1 byte after the end of the document, starting 'x'");
  const Parsed string = Parse("\"a]\"\t\"b\"");
  REQUIRE(OnlyError(string) ==
          "not valid JSON at line 1, column 6 (byte offset 5): 3 bytes after the end of the document, starting "
          "'\"b\"'");
  REQUIRE(Parse("{\"a\": 1}\n \t\r\n").diagnostics.empty());  // whitespace may follow
}

TEST_CASE("A NUL byte is named as such, not taken for the end of the text", "[serialization][document]") {
  const Parsed leading = Parse(std::string("\0\x01\x02\xff binary", 11));
  REQUIRE_FALSE(leading.document);
  REQUIRE(OnlyError(leading) ==
          "not valid JSON at line 1, column 1 (byte offset 0): a NUL byte, which JSON text never holds (a binary "
          "file, or text in UTF-16?)");
  const Parsed utf16 = Parse(std::string("{\0\"\0a\0\"\0", 8));
  REQUIRE(OnlyError(utf16) ==
          "not valid JSON at line 1, column 2 (byte offset 1): a NUL byte, which JSON text never holds (a binary "
          "file, or text in UTF-16?)");
}

TEST_CASE("Pointer tokens in messages are escaped", "[serialization][document]") {
  const Parsed parsed = Parse(R"({"a/b~": {"x": 1, "x": 2}})");
  REQUIRE(OnlyError(parsed) == "/a~1b~0: duplicate key \"x\"");
}

TEST_CASE("A float in shortest form reads back as the same float", "[serialization][document]") {
  // Shortest text -> nearest double -> float gives the float back; sampled
  // here over the whole float range (it holds for every finite float).
  std::uint32_t bits = 0x9e3779b9u;
  for (int i = 0; i < 200000; ++i) {
    bits = bits * 1664525u + 1013904223u;
    float value;
    std::memcpy(&value, &bits, sizeof value);
    if (!std::isfinite(value)) continue;
    char text[64];
    const auto end = std::to_chars(text, text + sizeof text, value).ptr;
    const Parsed parsed = Parse("[" + std::string(text, end) + "]");
    REQUIRE(parsed.diagnostics.empty());
    const float back = static_cast<float>((*parsed.document)[0].get<double>());
    REQUIRE(std::memcmp(&back, &value, sizeof value) == 0);
  }
}

TEST_CASE("Doubles are kept exactly, even between two floats", "[serialization][document]") {
  // 1 + 2^-24 lies exactly halfway between 1 and the next float.
  const double midpoint = 1.0 + std::ldexp(1.0, -24);
  char text[64];
  const auto end = std::to_chars(text, text + sizeof text, midpoint).ptr;
  const Parsed parsed = Parse("[" + std::string(text, end) + "]");
  REQUIRE((*parsed.document)[0].get<double>() == midpoint);
}

TEST_CASE("Values are described the way messages need them", "[serialization][document]") {
  REQUIRE(DescribeJsonValue(Document(nullptr)) == "null");
  REQUIRE(DescribeJsonValue(Document(true)) == "true");
  REQUIRE(DescribeJsonValue(Document(1.5)) == "1.5");
  REQUIRE(DescribeJsonValue(Document(-7)) == "-7");
  REQUIRE(DescribeJsonValue(Document("x")) == "a string");
  REQUIRE(DescribeJsonValue(Document("x"), true) == "\"x\"");
  REQUIRE(DescribeJsonValue(Document::array({1})) == "an array of 1 element");
  REQUIRE(DescribeJsonValue(Document::array({1, 2})) == "an array of 2 elements");
  REQUIRE(DescribeJsonValue(Document::object()) == "an object");
  REQUIRE(DescribeJsonValue(Document(std::string(70, 'a')), true) == "\"" + std::string(64, 'a') + "...\"");
}
