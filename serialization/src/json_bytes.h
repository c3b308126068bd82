#pragma once
// The classes of bytes JSON text is read by, and how many bytes of a class
// lead a stretch of text: the one place both the streamed load's scanner
// (json_scanner.h) and the whole-document load's byte scans (json_scan.h)
// take them from. Runs are taken 16 bytes at a time where SSE2 is there
// (every x86-64), a byte at a time otherwise and at a stretch's tail.

#include <bit>
#include <cstddef>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace cairn::serialization::detail {

inline bool IsJsonWhitespace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// A byte that may be part of a number token: digits, sign, point, exponent.
inline bool IsNumberCharacter(char c) {
  return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}

// A byte a string holds as it is: not its closing quote, not the start of
// an escape, not a control character (which JSON does not allow unescaped).
inline bool IsPlainStringByte(char c) {
  const auto byte = static_cast<unsigned char>(c);
  return byte >= 0x20 && c != '"' && c != '\\';
}

// How many of `bytes`' first bytes are whitespace.
inline std::size_t WhitespaceRun(std::string_view bytes) {
  const std::size_t size = bytes.size();
  if (size == 0 || !IsJsonWhitespace(bytes[0])) return 0;
  std::size_t i = 0;
#if defined(__SSE2__)
  const __m128i space = _mm_set1_epi8(' ');
  const __m128i line_feed = _mm_set1_epi8('\n');
  const __m128i carriage_return = _mm_set1_epi8('\r');
  const __m128i tab = _mm_set1_epi8('\t');
  for (; i + 16 <= size; i += 16) {
    const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(bytes.data() + i));
    const __m128i white = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(block, space), _mm_cmpeq_epi8(block, line_feed)),
                                       _mm_or_si128(_mm_cmpeq_epi8(block, carriage_return), _mm_cmpeq_epi8(block, tab)));
    const auto other = ~static_cast<unsigned>(_mm_movemask_epi8(white)) & 0xFFFFu;
    if (other != 0) return i + static_cast<std::size_t>(std::countr_zero(other));
  }
#endif
  while (i < size && IsJsonWhitespace(bytes[i])) ++i;
  return i;
}

// How many of `bytes`' first bytes are plain string bytes (IsPlainStringByte);
// sets `wide` when one of them is not ASCII (UTF-8 to check).
inline std::size_t PlainStringRun(std::string_view bytes, bool& wide) {
  const std::size_t size = bytes.size();
  std::size_t i = 0;
#if defined(__SSE2__)
  const __m128i quote = _mm_set1_epi8('"');
  const __m128i backslash = _mm_set1_epi8('\\');
  const __m128i last_control = _mm_set1_epi8(0x1F);
  for (; i + 16 <= size; i += 16) {
    const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(bytes.data() + i));
    // A control byte is one whose unsigned maximum with 0x1F is 0x1F.
    const __m128i control = _mm_cmpeq_epi8(_mm_max_epu8(block, last_control), last_control);
    const __m128i stop = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(block, quote), _mm_cmpeq_epi8(block, backslash)), control);
    const auto stops = static_cast<unsigned>(_mm_movemask_epi8(stop));
    const auto high = static_cast<unsigned>(_mm_movemask_epi8(block));  // bytes >= 0x80
    if (stops != 0) {
      const int plain = std::countr_zero(stops);
      wide = wide || (high & ((1u << plain) - 1u)) != 0;
      return i + static_cast<std::size_t>(plain);
    }
    wide = wide || high != 0;
  }
#endif
  for (; i < size && IsPlainStringByte(bytes[i]); ++i) wide = wide || static_cast<unsigned char>(bytes[i]) >= 0x80;
  return i;
}

// How many of `bytes`' first bytes are number characters.
inline std::size_t NumberRun(std::string_view bytes) {
  std::size_t i = 0;
  while (i < bytes.size() && IsNumberCharacter(bytes[i])) ++i;
  return i;
}

}  // namespace cairn::serialization::detail
