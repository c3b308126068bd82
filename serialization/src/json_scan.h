#pragma once
// Byte-level reading of JSON text, for what ParseDocument needs to know
// beside nlohmann's parse: where a place is (line and column), where the
// first value ends, and which numbers a double cannot hold. These scans
// trust the text only as far as the parser has already checked it.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace cairn::serialization::detail {

// The offset of the first byte from `offset` on that is not JSON whitespace
// (space, tab, line feed, carriage return); text.size() when there is none.
std::size_t SkipWhitespace(std::string_view text, std::size_t offset);

// "line 3, column 7" for the byte at `offset` (both 1-based, columns in bytes).
std::string LineAndColumn(std::string_view text, std::size_t offset);

// The offset just past the first JSON value of `text` (after a byte order
// mark and whitespace). Only for text whose first value the parser has read
// without error: brackets are counted outside strings, nothing is checked.
std::size_t EndOfFirstValue(std::string_view text);

// A number token that a double cannot hold.
struct OverflowingNumber {
  std::size_t index = 0;   // among all the number tokens of the text, in order
  std::size_t offset = 0;  // of its first byte
  std::string token;       // "1e400"
};

// Every number token outside strings that reads as an infinite double, as
// the parser reads it (1e400, -1e400, 400 digits; not 1e-400, which is 0),
// in text order. Tokens are counted as the parser meets them, so that the
// parser's N-th number is the token with index N, up to its first syntax
// error.
std::vector<OverflowingNumber> FindOverflowingNumbers(std::string_view text);

}  // namespace cairn::serialization::detail
