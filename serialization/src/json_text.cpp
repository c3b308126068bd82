#include "cairn/serialization/json_text.h"

#include <charconv>
#include <cmath>
#include <cstring>

namespace cairn::serialization {

namespace {

constexpr char kHex[] = "0123456789abcdef";
constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

bool IsScalar(const Document& value) { return !value.is_array() && !value.is_object(); }

}  // namespace

std::size_t Utf8SequenceLength(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  std::size_t length = 0;
  unsigned char low = 0x80;
  unsigned char high = 0xBF;
  if (lead < 0x80) return 1;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;
    if (lead == 0xED) high = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  if (byte(i + 1) < low || byte(i + 1) > high) return 0;
  for (std::size_t k = 2; k < length; ++k) {
    if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
  }
  return length;
}

void AppendFloat(std::string& out, float value) {
  if (value == 0.0f && std::signbit(value)) {
    out += "-0.0";
    return;
  }
  // JSON readers (nlohmann included) parse a number as the nearest double,
  // which the loader then rounds to float. For every finite float the
  // shortest text survives that double rounding, except one pair (checked
  // exhaustively): +-7.0385307e-26, bits 0x15ae43fd, whose shortest text
  // "7.038531e-26" lands on a double that rounds to the next float. That pair
  // is written with 9 significant digits.
  std::uint32_t bits = 0;
  std::memcpy(&bits, &value, sizeof bits);
  char buffer[32];
  const auto result = (bits & 0x7fffffffu) == 0x15ae43fdu
                          ? std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::general, 9)
                          : std::to_chars(buffer, buffer + sizeof buffer, value);
  out.append(buffer, result.ptr);
}

void AppendDouble(std::string& out, double value) {
  char buffer[40];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  out.append(buffer, result.ptr);
  if (std::memchr(buffer, '.', static_cast<std::size_t>(result.ptr - buffer)) == nullptr &&
      std::memchr(buffer, 'e', static_cast<std::size_t>(result.ptr - buffer)) == nullptr) {
    out += ".0";
  }
}

void AppendInteger(std::string& out, std::int64_t value) {
  char buffer[24];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  out.append(buffer, result.ptr);
}

void AppendUnsigned(std::string& out, std::uint64_t value) {
  char buffer[24];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  out.append(buffer, result.ptr);
}

void AppendString(std::string& out, std::string_view text) {
  out += '"';
  std::size_t run_start = 0;
  std::size_t i = 0;
  const auto flush = [&] { out.append(text.data() + run_start, i - run_start); };
  while (i < text.size()) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c != '"' && c != '\\' && c < 0x80) {
      ++i;
      continue;
    }
    if (c >= 0x80) {
      const std::size_t length = Utf8SequenceLength(text, i);
      if (length != 0) {
        i += length;
        continue;
      }
      flush();
      out += kReplacement;
      run_start = ++i;
      continue;
    }
    flush();
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      default:
        out += "\\u00";
        out += kHex[c >> 4];
        out += kHex[c & 0xF];
    }
    run_start = ++i;
  }
  flush();
  out += '"';
}

std::string Quoted(std::string_view text) {
  std::string out;
  AppendString(out, text);
  return out;
}

void AppendNewline(std::string& out, int depth) {
  out += '\n';
  out.append(static_cast<std::size_t>(depth) * 2, ' ');
}

void AppendValue(std::string& out, const Document& value, int depth) {
  switch (value.type()) {
    case Document::value_t::null: out += "null"; return;
    case Document::value_t::boolean: out += value.get<bool>() ? "true" : "false"; return;
    case Document::value_t::number_integer: AppendInteger(out, value.get<std::int64_t>()); return;
    case Document::value_t::number_unsigned: AppendUnsigned(out, value.get<std::uint64_t>()); return;
    case Document::value_t::number_float: AppendDouble(out, value.get<double>()); return;
    case Document::value_t::string: AppendString(out, value.get_ref<const std::string&>()); return;
    case Document::value_t::array: {
      if (value.empty()) {
        out += "[]";
        return;
      }
      bool inline_array = true;
      for (const Document& element : value) inline_array = inline_array && IsScalar(element);
      out += '[';
      bool first = true;
      for (const Document& element : value) {
        if (!first) out += inline_array ? ", " : ",";
        first = false;
        if (!inline_array) AppendNewline(out, depth + 1);
        AppendValue(out, element, depth + 1);
      }
      if (!inline_array) AppendNewline(out, depth);
      out += ']';
      return;
    }
    case Document::value_t::object: {
      if (value.empty()) {
        out += "{}";
        return;
      }
      out += '{';
      bool first = true;
      for (auto it = value.begin(); it != value.end(); ++it) {
        if (!first) out += ',';
        first = false;
        AppendNewline(out, depth + 1);
        AppendString(out, it.key());
        out += ": ";
        AppendValue(out, it.value(), depth + 1);
      }
      AppendNewline(out, depth);
      out += '}';
      return;
    }
    case Document::value_t::binary:
    case Document::value_t::discarded: out += "null"; return;
  }
}

}  // namespace cairn::serialization
