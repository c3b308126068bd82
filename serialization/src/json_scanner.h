#pragma once
// A strict JSON reader that drives a SAX handler with nlohmann's interface
// (null, boolean, number_integer, number_unsigned, number_float, string,
// start_object, key, end_object, start_array, end_array) and SyntaxError: the
// streamed load's parser. It reads through an input iterator (a pointer
// into text, or FileBytes::Iterator) without keeping what it has read, and
// is several times faster than nlohmann's own lexer. Runs of whitespace, of
// a string's plain bytes and of digits are taken a contiguous stretch at a
// time (ContiguousBytes); everything else a byte at a time.
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

  // Moves over the bytes `take` accepts, appending them to `into` when given.
  template <typename Take>
  void TakeWhile(Take take, std::string* into) {
    for (;;) {
      const std::string_view run = ContiguousBytes(at_, end_);
      std::size_t count = 0;
      while (count < run.size() && take(static_cast<unsigned char>(run[count]))) ++count;
      if (count == 0) return;
      if (into != nullptr) into->append(run.data(), count);
      SkipBytes(at_, count);
      if (count < run.size()) return;
    }
  }

  void SkipWhitespace() {
    TakeWhile([](unsigned char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }, nullptr);
  }

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
        return Accepted(handler_.string(text_));
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
      if (!Accepted(handler_.key(text_))) return false;
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

  // Reads a string token into text_ (escapes decoded, UTF-8 checked).
  bool String() {
    Advance();  // the opening quote
    text_.clear();
    for (;;) {
      TakeWhile([](unsigned char c) { return c >= 0x20 && c != '"' && c != '\\'; }, &text_);
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
    const bool wide = std::any_of(text_.begin(), text_.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
    if (!wide) return true;
    for (std::size_t i = 0; i < text_.size();) {
      const std::size_t length = Utf8SequenceLength(text_, i);
      if (length == 0) return Fail();
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

  bool Digits() {
    if (Peek() < '0' || Peek() > '9') return false;
    TakeWhile([](unsigned char c) { return c >= '0' && c <= '9'; }, &number_);
    return true;
  }

  bool Number() {
    number_.clear();
    const bool negative = Consume('-');
    if (negative) number_.push_back('-');
    if (Peek() == '0') {
      number_.push_back('0');
      Advance();
    } else if (!Digits()) {
      return Fail();
    }
    bool integral = true;
    if (Consume('.')) {
      integral = false;
      number_.push_back('.');
      if (!Digits()) return Fail();
    }
    if (Peek() == 'e' || Peek() == 'E') {
      integral = false;
      Advance();
      number_.push_back('e');
      if (Peek() == '+' || Peek() == '-') {
        number_.push_back(static_cast<char>(Peek()));
        Advance();
      }
      if (!Digits()) return Fail();
    }
    const char* first = number_.data();
    const char* last = first + number_.size();
    if (integral) {  // as nlohmann: an integer that fits stays one
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
    return Accepted(handler_.number_float(value, number_));
  }

  Iterator begin_;
  Iterator at_;
  Iterator end_;
  Handler& handler_;
  bool failed_ = false;
  std::string text_;    // the string being read (reused)
  std::string number_;  // the number token being read (reused)
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
