#pragma once
// A strict JSON reader that drives a SAX handler: null, boolean,
// number_integer, number_unsigned, number_float (the value), string and key
// (a std::string_view, good until the scanner reads on), start_object,
// end_object, start_array, end_array, and SyntaxError. It is the streamed
// load's parser. It reads through an input iterator (a pointer into text,
// or FileBytes::Iterator) without keeping what it has read, and is several
// times faster than nlohmann's own lexer. Runs of whitespace, of a string's
// plain bytes and of a number's characters are taken a contiguous stretch at
// a time (ContiguousBytes, json_bytes.h) and read where they lie; a string
// or number that a stretch's end cuts is gathered first. Everything else is
// read a byte at a time.
//
// It accepts no more than ParseDocument does (RFC 8259 text in valid UTF-8,
// no comments, nothing after the value but whitespace) and gives the same
// values: integers as int64 or uint64, any other number as the nearest
// double. On anything else it calls SyntaxError once, without a reason:
// the whole-document load is the one that explains a broken file, at its
// line and column. A number too large for a double, and one so small that
// it underflows, are left to that load too.

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <system_error>

#include "cairn/serialization/json_text.h"
#include "json_bytes.h"

namespace cairn::serialization::detail {

// How far `at` is from `begin` in text held in memory (an iterator over a
// file says how far into the file it is: FileBytes::Iterator).
inline std::size_t ByteOffset(const char* begin, const char* at) { return static_cast<std::size_t>(at - begin); }
// The bytes from `at` on that lie together in memory: in text held in
// memory all of them up to `end` (FileBytes::Iterator: the rest of the
// chunk read). Empty only at the end.
inline std::string_view ContiguousBytes(const char* at, const char* end) {
  return {at, static_cast<std::size_t>(end - at)};
}
// Moves `at` over `count` bytes of its ContiguousBytes.
inline void SkipBytes(const char*& at, std::size_t count) { at += count; }

template <typename Iterator, typename Handler>
class JsonScanner {
 public:
  JsonScanner(Iterator begin, Iterator end, Handler& handler) : begin_(begin), at_(begin), end_(end), handler_(handler) {}

  // How many bytes have been read: where the scanner is.
  std::size_t Position() const { return ByteOffset(begin_, at_); }

  // Whether the text was one JSON value, each event accepted by the handler.
  bool Parse() {
    SkipByteOrderMark();
    SkipWhitespace();
    if (!Value()) return false;
    SkipWhitespace();
    return at_ == end_ || Fail();
  }

 private:
  // A syntax error: the handler hears of it once.
  bool Fail() {
    if (!failed_) {
      failed_ = true;
      handler_.SyntaxError();
    }
    return false;
  }
  // The handler refused an event: the parse stops there.
  bool Accepted(bool accepted) {
    failed_ = failed_ || !accepted;
    return accepted;
  }

  int Peek() const { return at_ == end_ ? -1 : static_cast<unsigned char>(*at_); }
  void Advance() { ++at_; }
  bool Consume(char expected) {
    if (Peek() != static_cast<unsigned char>(expected)) return false;
    Advance();
    return true;
  }

  void SkipByteOrderMark() {
    if (Peek() != 0xEF) return;
    Advance();
    if (!Consume('\xBB') || !Consume('\xBF')) Fail();
  }

  // Moves over the bytes that `run` (a function of ContiguousBytes giving
  // how many of them to take) takes, appending them to `into` when given.
  template <typename Run>
  void TakeRuns(Run run, std::string* into) {
    for (;;) {
      const std::string_view bytes = ContiguousBytes(at_, end_);
      const std::size_t count = run(bytes);
      if (count == 0) return;
      if (into != nullptr) into->append(bytes.data(), count);
      SkipBytes(at_, count);
      if (count < bytes.size()) return;
    }
  }

  void SkipWhitespace() { TakeRuns(WhitespaceRun, nullptr); }

  bool Literal(const char* rest) {
    for (; *rest != '\0'; ++rest) {
      if (!Consume(*rest)) return Fail();
    }
    return true;
  }

  bool Value() {
    if (failed_) return false;
    switch (Peek()) {
      case '{': return Object();
      case '[': return Array();
      case '"':
        if (!String()) return false;
        return Accepted(handler_.string(string_));
      case 't': Advance(); return Literal("rue") && Accepted(handler_.boolean(true));
      case 'f': Advance(); return Literal("alse") && Accepted(handler_.boolean(false));
      case 'n': Advance(); return Literal("ull") && Accepted(handler_.null());
      default: return Number();
    }
  }

  bool Object() {
    Advance();
    if (!Accepted(handler_.start_object(static_cast<std::size_t>(-1)))) return false;
    SkipWhitespace();
    if (Consume('}')) return Accepted(handler_.end_object());
    for (;;) {
      if (Peek() != '"' || !String()) return Fail();
      if (!Accepted(handler_.key(string_))) return false;
      SkipWhitespace();
      if (!Consume(':')) return Fail();
      SkipWhitespace();
      if (!Value()) return false;
      SkipWhitespace();
      if (Consume(',')) {
        SkipWhitespace();
        continue;
      }
      if (Consume('}')) return Accepted(handler_.end_object());
      return Fail();
    }
  }

  bool Array() {
    Advance();
    if (!Accepted(handler_.start_array(static_cast<std::size_t>(-1)))) return false;
    SkipWhitespace();
    if (Consume(']')) return Accepted(handler_.end_array());
    for (;;) {
      if (!Value()) return false;
      SkipWhitespace();
      if (Consume(',')) {
        SkipWhitespace();
        continue;
      }
      if (Consume(']')) return Accepted(handler_.end_array());
      return Fail();
    }
  }

  // Reads a string token into string_ (escapes decoded, UTF-8 checked). A
  // string of plain bytes that ends before the stretch read does is seen
  // where it lies; any other is gathered into text_.
  bool String() {
    Advance();  // the opening quote
    bool wide = false;
    const std::string_view bytes = ContiguousBytes(at_, end_);
    const std::size_t plain = PlainStringRun(bytes, wide);
    if (plain + 1 < bytes.size() && bytes[plain] == '"') {  // the quote is not the stretch's last byte
      string_ = std::string_view(bytes.data(), plain);
      SkipBytes(at_, plain + 1);  // not to the stretch's end: string_ stays where it is
      return !wide || ValidUtf8(string_) || Fail();
    }
    text_.clear();
    for (;;) {
      TakeRuns([&wide](std::string_view run) { return PlainStringRun(run, wide); }, &text_);
      const int c = Peek();
      if (c < 0x20) return Fail();  // the end of the text, or a control character
      Advance();
      if (c == '"') break;
      const int escaped = Peek();
      Advance();
      switch (escaped) {
        case '"': text_.push_back('"'); break;
        case '\\': text_.push_back('\\'); break;
        case '/': text_.push_back('/'); break;
        case 'b': text_.push_back('\b'); break;
        case 'f': text_.push_back('\f'); break;
        case 'n': text_.push_back('\n'); break;
        case 'r': text_.push_back('\r'); break;
        case 't': text_.push_back('\t'); break;
        case 'u':
          if (!CodePoint()) return Fail();
          break;
        default: return Fail();
      }
    }
    string_ = text_;
    return !wide || ValidUtf8(string_) || Fail();
  }

  static bool ValidUtf8(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
      const std::size_t length = Utf8SequenceLength(text, i);
      if (length == 0) return false;
      i += length;
    }
    return true;
  }

  // Four hex digits; -1 when they are not.
  int HexQuad() {
    int value = 0;
    for (int i = 0; i < 4; ++i) {
      const int c = Peek();
      int digit = -1;
      if (c >= '0' && c <= '9') digit = c - '0';
      if (c >= 'a' && c <= 'f') digit = c - 'a' + 10;
      if (c >= 'A' && c <= 'F') digit = c - 'A' + 10;
      if (digit < 0) return -1;
      Advance();
      value = value * 16 + digit;
    }
    return value;
  }

  // After "\u": one code point (a surrogate pair takes two escapes), as UTF-8.
  bool CodePoint() {
    int code = HexQuad();
    if (code < 0 || (code >= 0xDC00 && code <= 0xDFFF)) return false;
    if (code >= 0xD800 && code <= 0xDBFF) {
      if (!Consume('\\') || !Consume('u')) return false;
      const int low = HexQuad();
      if (low < 0xDC00 || low > 0xDFFF) return false;
      code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
    }
    const auto put = [this](int byte) { text_.push_back(static_cast<char>(byte)); };
    if (code < 0x80) {
      put(code);
    } else if (code < 0x800) {
      put(0xC0 | (code >> 6));
      put(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
      put(0xE0 | (code >> 12));
      put(0x80 | ((code >> 6) & 0x3F));
      put(0x80 | (code & 0x3F));
    } else {
      put(0xF0 | (code >> 18));
      put(0x80 | ((code >> 12) & 0x3F));
      put(0x80 | ((code >> 6) & 0x3F));
      put(0x80 | (code & 0x3F));
    }
    return true;
  }

  // A number token, read where it lies when the stretch read holds all of
  // it, gathered into number_ when the stretch's end cuts it.
  bool Number() {
    std::string_view token = ContiguousBytes(at_, end_);
    const std::size_t length = NumberRun(token);
    if (length == 0) return Fail();
    if (length < token.size()) {
      token = std::string_view(token.data(), length);
      SkipBytes(at_, length);  // not to the stretch's end: token stays where it is
    } else {
      number_.clear();
      TakeRuns(NumberRun, &number_);
      token = number_;
    }
    return NumberValue(token);
  }

  // The value of a run of number characters that must be one number token:
  // -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?
  bool NumberValue(std::string_view token) {
    std::size_t i = 0;
    const auto digits = [&token, &i] {
      const std::size_t first = i;
      while (i < token.size() && token[i] >= '0' && token[i] <= '9') ++i;
      return i - first;
    };
    const bool negative = token[0] == '-';
    if (negative) ++i;
    const std::size_t whole_start = i;
    const std::size_t whole = digits();
    if (whole == 0 || (whole > 1 && token[whole_start] == '0')) return Fail();
    std::size_t fraction = 0;
    if (i < token.size() && token[i] == '.') {
      ++i;
      fraction = digits();
      if (fraction == 0) return Fail();
    }
    const bool exponent = i < token.size() && (token[i] == 'e' || token[i] == 'E');
    if (exponent) {
      ++i;
      if (i < token.size() && (token[i] == '+' || token[i] == '-')) ++i;
      if (digits() == 0) return Fail();
    }
    if (i != token.size()) return Fail();

    // Up to 15 digits without an exponent: the digits as an integer, exact
    // in a double, over a power of ten, exact too, is one correctly rounded
    // division, the nearest double to the decimal as from_chars gives it.
    constexpr std::size_t kExactDigits = 15;
    if (!exponent && whole + fraction <= kExactDigits) {
      std::uint64_t mantissa = 0;
      for (std::size_t k = whole_start; k < token.size(); ++k) {
        if (token[k] != '.') mantissa = mantissa * 10 + static_cast<std::uint64_t>(token[k] - '0');
      }
      if (fraction == 0) {  // as nlohmann: an integer stays one
        if (negative) return Accepted(handler_.number_integer(-static_cast<std::int64_t>(mantissa)));
        return Accepted(handler_.number_unsigned(mantissa));
      }
      static constexpr double kPowersOfTen[kExactDigits + 1] = {1e0, 1e1, 1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                                                1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};
      const double value = static_cast<double>(mantissa) / kPowersOfTen[fraction];
      return Accepted(handler_.number_float(negative ? -value : value));
    }
    const char* first = token.data();
    const char* last = first + token.size();
    if (fraction == 0 && !exponent) {  // an integer that fits stays one
      if (negative) {
        std::int64_t value = 0;
        const auto [end, error] = std::from_chars(first, last, value);
        if (error == std::errc() && end == last) return Accepted(handler_.number_integer(value));
      } else {
        std::uint64_t value = 0;
        const auto [end, error] = std::from_chars(first, last, value);
        if (error == std::errc() && end == last) return Accepted(handler_.number_unsigned(value));
      }
    }
    double value = 0.0;
    const auto [end, error] = std::from_chars(first, last, value);
    if (error != std::errc() || end != last || !std::isfinite(value)) return Fail();
    return Accepted(handler_.number_float(value));
  }

  Iterator begin_;
  Iterator at_;
  Iterator end_;
  Handler& handler_;
  bool failed_ = false;
  std::string_view string_;  // the string read: where it lies, or text_
  std::string text_;         // a string gathered (reused)
  std::string number_;       // a number token gathered (reused)
};

// Parses [begin, end) into `handler`; see JsonScanner.
template <typename Iterator, typename Handler>
bool ScanJson(Iterator begin, Iterator end, Handler& handler) {
  return JsonScanner<Iterator, Handler>(begin, end, handler).Parse();
}

// The same, telling `handler` where the scanner is: handler.Follow(scanner)
// before the parse, so that the handler can ask scanner.Position().
template <typename Iterator, typename Handler>
bool ScanJsonFollowed(Iterator begin, Iterator end, Handler& handler) {
  JsonScanner<Iterator, Handler> scanner(begin, end, handler);
  handler.Follow([&scanner] { return scanner.Position(); });
  return scanner.Parse();
}

}  // namespace cairn::serialization::detail
