#include "text_parsing.h"

#include <array>
#include <charconv>
#include <cmath>
#include <system_error>

namespace cairn::platform::detail {

std::optional<int> ParseWholeInt(std::string_view text) {
  int value = 0;
  const char* end = text.data() + text.size();
  auto [next, error] = std::from_chars(text.data(), end, value);
  if (text.empty() || error != std::errc{} || next != end) return std::nullopt;
  return value;
}

std::optional<float> ParseFiniteFloat(std::string_view text) {
  // from_chars rejects a leading '+', which people write for wheel deltas.
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  float value = 0.0f;
  const char* end = text.data() + text.size();
  auto [next, error] = std::from_chars(text.data(), end, value, std::chars_format::general);
  if (text.empty() || error != std::errc{} || next != end || !std::isfinite(value)) return std::nullopt;
  return value;
}

std::string AsciiLower(std::string_view text) {
  std::string lower(text);
  for (char& c : lower) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return lower;
}

std::string FormatFloat(float value) {
  std::array<char, 64> buffer{};
  auto [end, error] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
  (void)error;  // 64 bytes hold any float
  return std::string(buffer.data(), end);
}

std::string Quoted(std::string_view text) { return "'" + std::string(text) + "'"; }

}  // namespace cairn::platform::detail
