// The streamed load's scanner (serialization/src/json_scanner.h) against its
// reference, nlohmann's parser: every number and string token, generated
// at random and at the edges of each fast path, must be accepted or refused
// as nlohmann does and read as the same value, bit for bit. Read from text
// in memory and from a file whose reads end inside the token.

#include <bit>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <catch2/catch.hpp>
#include <fcntl.h>

#include <nlohmann/json.hpp>

#include "file_input.h"
#include "json_scanner.h"
#include "test_support.h"

namespace {

using cairn::serialization::detail::FileBytes;
using cairn::serialization::detail::ScanJson;
using cairn::serialization::test::TempDir;
using cairn::serialization::test::WriteText;

// What the scanner gave for a one-value text: its one scalar event.
using Scanned = std::variant<std::monostate, std::int64_t, std::uint64_t, double, std::string>;

struct ScalarHandler {
  using number_integer_t = std::int64_t;
  using number_unsigned_t = std::uint64_t;
  using number_float_t = double;

  Scanned value;
  int scalars = 0;  // numbers and strings

  bool null() { return true; }
  bool boolean(bool) { return true; }
  bool number_integer(std::int64_t v) { return Take(v); }
  bool number_unsigned(std::uint64_t v) { return Take(v); }
  bool number_float(double v) { return Take(v); }
  bool string(std::string_view v) { return Take(std::string(v)); }
  bool key(std::string_view) { return true; }
  bool start_object(std::size_t) { return true; }
  bool end_object() { return true; }
  bool start_array(std::size_t) { return true; }
  bool end_array() { return true; }
  void SyntaxError() {}

 private:
  bool Take(Scanned v) {
    value = std::move(v);
    ++scalars;
    return true;
  }
};

// Whether a number token's digits before its exponent are not all zero.
bool HasNonZeroDigit(const std::string& token) {
  for (const char c : token) {
    if (c == 'e' || c == 'E') return false;
    if (c >= '1' && c <= '9') return true;
  }
  return false;
}

// nlohmann's reading of the text, in the scanner's terms; monostate when it
// refuses the text. The numbers a double cannot hold, too large (1e400) or
// so small that they read as 0 (1e-400), the scanner leaves to the
// whole-document load, which explains the first and reads the second.
Scanned Reference(const std::string& text) {
  const nlohmann::json value = nlohmann::json::parse(text, nullptr, false);
  if (value.is_discarded()) return {};
  if (value.is_number_integer() && !value.is_number_unsigned()) return value.get<std::int64_t>();
  if (value.is_number_unsigned()) return value.get<std::uint64_t>();
  if (value.is_number_float()) {
    const double number = value.get<double>();
    if (!std::isfinite(number) || (number == 0.0 && HasNonZeroDigit(text))) return {};
    return number;
  }
  if (value.is_string()) return value.get<std::string>();
  return {};
}

std::string Describe(const Scanned& value) {
  if (std::holds_alternative<std::int64_t>(value)) return "int " + std::to_string(std::get<std::int64_t>(value));
  if (std::holds_alternative<std::uint64_t>(value)) return "uint " + std::to_string(std::get<std::uint64_t>(value));
  if (std::holds_alternative<double>(value)) {
    return "double bits " + std::to_string(std::bit_cast<std::uint64_t>(std::get<double>(value)));
  }
  if (std::holds_alternative<std::string>(value)) return "string \"" + std::get<std::string>(value) + "\"";
  return "refused";
}

Scanned ScanText(const std::string& text) {
  ScalarHandler handler;
  if (!ScanJson(text.data(), text.data() + text.size(), handler) || handler.scalars != 1) return {};
  return handler.value;
}

// The file is read 1 MiB at a time (FileBytes).
constexpr std::size_t kRead = std::size_t{1} << 20;

// The token read from `path`, which holds kRead bytes of spaces, rewritten
// to end in the token so that the first read ends `cut` bytes into it.
Scanned ScanFileCut(const std::filesystem::path& path, const std::string& token, std::size_t cut) {
  {
    std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
    file.seekp(static_cast<std::streamoff>(kRead - cut));
    file << token;
  }
  std::filesystem::resize_file(path, kRead - cut + token.size());
  FileBytes bytes(::open(path.c_str(), O_RDONLY), kRead * 2);
  ScalarHandler handler;
  if (!ScanJson(bytes.Begin(), bytes.End(), handler) || handler.scalars != 1) return {};
  return handler.value;
}

std::string Digits(std::mt19937_64& random, std::size_t count, bool leading_zero_allowed) {
  std::string digits;
  for (std::size_t i = 0; i < count; ++i) {
    const char first = i == 0 && !leading_zero_allowed ? '1' : '0';
    digits.push_back(static_cast<char>(first + static_cast<char>(random() % static_cast<unsigned>('9' - first + 1))));
  }
  return digits;
}

// A number token: mostly well formed, with whole and fraction parts of 1
// to 20 digits around the 15 an exact division takes, sometimes an exponent,
// sometimes a malformed one (leading zeros, a point without digits, two signs).
std::string RandomNumber(std::mt19937_64& random) {
  const auto pick = [&random](unsigned count) { return static_cast<unsigned>(random() % count); };
  std::string token = pick(3) == 0 ? "-" : "";
  const std::size_t whole = 1 + pick(pick(4) == 0 ? 20 : 8);
  token += whole == 1 ? Digits(random, 1, true) : Digits(random, whole, false);
  if (pick(4) != 0) token += "." + Digits(random, 1 + pick(pick(3) == 0 ? 20 : 9), true);
  if (pick(6) == 0) token += std::string(pick(2) == 0 ? "e" : "E") + "+-"[pick(2)] + std::to_string(pick(330));
  switch (pick(30)) {
    case 0: return "0" + token;
    case 1: return token + ".";
    case 2: return "+" + token;
    case 3: return token + "e";
    case 4: return "--" + token;
    default: return token;
  }
}

// A string token: plain ASCII and UTF-8 (some of it broken), escapes of
// every kind (some of them broken), and control bytes; long enough at times
// that the 16-byte steps reach their tails.
std::string RandomString(std::mt19937_64& random) {
  static const std::vector<std::string> kPieces = {
      "a", "Cube", " ", "0123456789abcdef", "\xC3\xA9", "\xE2\x82\xAC", "\xF0\x9F\x98\x80", "\\\"", "\\\\", "\\/",
      "\\n", "\\t", "\\u00e9", "\\u20AC", "\\ud83d\\ude00", "\x7F", "\xC3", "\x80", "\xED\xA0\x80", "\\ud800",
      "\\x", "\t", std::string(1, '\x01'), "\xEF\xBB\xBF"};
  const auto pick = [&random](std::size_t count) { return static_cast<std::size_t>(random() % count); };
  std::string token = "\"";
  const std::size_t pieces = pick(pick(4) == 0 ? 24 : 6);
  for (std::size_t i = 0; i < pieces; ++i) {
    // Mostly well formed: the broken pieces (from "\x7F" on) one time in four.
    const std::size_t well_formed = 15;
    token += kPieces[pick(4) == 0 ? pick(kPieces.size()) : pick(well_formed)];
  }
  if (pick(40) != 0) token += "\"";
  return token;
}

void CheckToken(const std::string& token) {
  const Scanned expected = Reference(token);
  INFO("token " << token << ", nlohmann: " << Describe(expected));
  REQUIRE(Describe(ScanText(token)) == Describe(expected));
  REQUIRE(Describe(ScanText("[" + token + "]")) == Describe(expected));
}

}  // namespace

TEST_CASE("The scanner reads every number as nlohmann does", "[serialization][stream]") {
  for (const std::string token :
       {"0", "-0", "0.0", "-0.0", "1", "9", "123456789012345", "1234567890123456", "999999999999999",
        "9999999999999999", "0.1", "0.2", "0.3", "0.123456789012345", "0.1234567890123456", "12345678.1234567",
        "12345678.12345678", "0.000000000000001", "9007199254740993", "9007199254740993.0", "-9223372036854775808",
        "-9223372036854775809", "18446744073709551615", "18446744073709551616", "1e2", "1E+2", "1e-2", "2.5e-324",
        "1e-400", "1e400", "-1e400", "1.7976931348623157e308", "00", "01", "-", "1.", ".5", "1e", "1e+", "+1",
        "1.5.5", "1e5e5", "--1", "1-", "0.5e"}) {
    CheckToken(token);
  }
  std::mt19937_64 random(20261129);
  for (int i = 0; i < 20000; ++i) CheckToken(RandomNumber(random));
}

TEST_CASE("The scanner reads every string as nlohmann does", "[serialization][stream]") {
  std::mt19937_64 random(11);
  for (int i = 0; i < 20000; ++i) CheckToken(RandomString(random));
}

TEST_CASE("The scanner reads a token the same wherever a read of the file cuts it", "[serialization][stream]") {
  TempDir folder;
  const auto path = folder / "token.json";
  std::mt19937_64 random(5);
  for (int i = 0; i < 60; ++i) {
    const std::string token = i % 2 == 0 ? RandomNumber(random) : RandomString(random);
    WriteText(path, std::string(kRead, ' '));
    const std::string expected = Describe(ScanText(token));
    REQUIRE(expected == Describe(Reference(token)));
    for (std::size_t cut = 0; cut <= token.size(); ++cut) {
      INFO("token " << token << ", the first read ends " << cut << " bytes into it");
      REQUIRE(Describe(ScanFileCut(path, token, cut)) == expected);
    }
  }
}
