#include "json_scan.h"

#include <locale.h>
#include <stdlib.h>

#include <algorithm>
#include <charconv>
#include <cmath>

#include "json_bytes.h"

namespace cairn::serialization::detail {

namespace {

// The offset just past the string token that starts at text[offset] (a quote).
std::size_t EndOfString(std::string_view text, std::size_t offset) {
  std::size_t i = offset + 1;
  for (; i < text.size() && text[i] != '"'; ++i) {
    if (text[i] == '\\') ++i;
  }
  return std::min(i + 1, text.size());
}

bool IsTooLargeForDouble(std::string_view token) {
  double value = 0;
  if (std::from_chars(token.data(), token.data() + token.size(), value).ec != std::errc::result_out_of_range) {
    return false;
  }
  // Out of range: too large, or too close to 0. strtod says which, read in
  // the "C" locale whatever the program's locale.
  static const locale_t c_locale = ::newlocale(LC_ALL_MASK, "C", locale_t{});
  return std::isinf(::strtod_l(std::string(token).c_str(), nullptr, c_locale));
}

}  // namespace

std::size_t SkipWhitespace(std::string_view text, std::size_t offset) {
  return offset >= text.size() ? text.size() : offset + WhitespaceRun(text.substr(offset));
}

std::string LineAndColumn(std::string_view text, std::size_t offset) {
  const std::size_t line_start = offset == 0 ? std::string_view::npos : text.rfind('\n', offset - 1);
  const std::size_t line = 1 + static_cast<std::size_t>(std::count(text.begin(), text.begin() + offset, '\n'));
  const std::size_t column = offset - (line_start == std::string_view::npos ? 0 : line_start + 1) + 1;
  return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

std::size_t EndOfFirstValue(std::string_view text) {
  std::size_t i = SkipWhitespace(text, text.starts_with("\xEF\xBB\xBF") ? 3 : 0);
  std::size_t depth = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == '"') {
      i = EndOfString(text, i);
      if (depth == 0) return i;
      continue;
    }
    ++i;
    if (c == '{' || c == '[') {
      ++depth;
    } else if (c == '}' || c == ']') {
      if (--depth == 0) return i;
    } else if (depth == 0 && !IsJsonWhitespace(c)) {  // a number or a literal
      while (i < text.size() && (IsNumberCharacter(text[i]) || (text[i] >= 'a' && text[i] <= 'z'))) ++i;
      return i;
    }
  }
  return text.size();
}

std::vector<OverflowingNumber> FindOverflowingNumbers(std::string_view text) {
  std::vector<OverflowingNumber> found;
  std::size_t count = 0;
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (c == '"') {
      i = EndOfString(text, i);
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      const std::size_t start = i;
      i += NumberRun(text.substr(i));
      const std::string_view token = text.substr(start, i - start);
      if (IsTooLargeForDouble(token)) found.push_back({count, start, std::string(token)});
      ++count;
    } else {
      ++i;
    }
  }
  return found;
}

}  // namespace cairn::serialization::detail
