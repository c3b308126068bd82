#include "utf8.h"

#include <cstddef>
#include <stdexcept>

namespace cairn::platform::detail {
namespace {

// Length of the sequence that starts with `lead`, 0 if `lead` cannot start one.
std::size_t SequenceLength(unsigned char lead) {
  if (lead < 0x80) return 1;
  if (lead >= 0xC2 && lead <= 0xDF) return 2;
  if (lead >= 0xE0 && lead <= 0xEF) return 3;
  if (lead >= 0xF0 && lead <= 0xF4) return 4;
  return 0;
}

[[noreturn]] void ThrowInvalidAt(std::size_t offset) {
  throw std::invalid_argument("invalid UTF-8 at byte " + std::to_string(offset));
}

}  // namespace

std::u32string DecodeUtf8(std::string_view text) {
  std::u32string decoded;
  std::size_t i = 0;
  while (i < text.size()) {
    const auto lead = static_cast<unsigned char>(text[i]);
    const std::size_t length = SequenceLength(lead);
    if (length == 0 || i + length > text.size()) ThrowInvalidAt(i);
    char32_t code = length == 1 ? lead : lead & (0x7F >> length);
    for (std::size_t k = 1; k < length; ++k) {
      const auto next = static_cast<unsigned char>(text[i + k]);
      if ((next & 0xC0) != 0x80) ThrowInvalidAt(i);
      code = (code << 6) | (next & 0x3F);
    }
    const bool overlong = (length == 3 && code < 0x800) || (length == 4 && code < 0x10000);
    if (overlong || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) ThrowInvalidAt(i);
    decoded.push_back(code);
    i += length;
  }
  return decoded;
}

}  // namespace cairn::platform::detail
