#include "cairn/serialization/document.h"

#include <algorithm>
#include <charconv>
#include <string>
#include <utility>
#include <vector>

#include "cairn/serialization/json_text.h"
#include "json_scan.h"

namespace cairn::serialization {

namespace {

using detail::EndOfFirstValue;
using detail::FindOverflowingNumbers;
using detail::LineAndColumn;
using detail::OverflowingNumber;
using detail::SkipWhitespace;

// The reason in an nlohmann parse error, without its id and position:
// "[json.exception.parse_error.101] parse error at line 1, column 5: syntax
// error ..." -> "syntax error ...".
std::string Reason(const std::string& what) {
  const std::size_t column = what.find(", column ");
  const std::size_t colon = column == std::string::npos ? what.find(": ") : what.find(": ", column);
  return colon == std::string::npos ? what : what.substr(colon + 2);
}

// `text` with every byte that is not part of valid UTF-8, and every ASCII
// control character, shown as "<0xC3>", so that a message quoting broken
// input is itself printable UTF-8.
std::string Printable(std::string_view text) {
  constexpr char kHex[] = "0123456789ABCDEF";
  std::string printable;
  for (std::size_t i = 0; i < text.size();) {
    const auto byte = static_cast<unsigned char>(text[i]);
    const std::size_t length = byte < 0x20 || byte == 0x7F ? 0 : Utf8SequenceLength(text, i);
    if (length != 0) {
      printable.append(text, i, length);
      i += length;
    } else {
      ++i;
      printable += "<0x";
      printable += kHex[byte >> 4];
      printable += kHex[byte & 0xF];
      printable += '>';
    }
  }
  return printable;
}

// "not valid JSON at line 2, column 1 (byte offset 9): 8 bytes after the end
// of the document, starting '<0x00>garbage'"
std::string TrailingBytesMessage(std::string_view text, std::size_t start) {
  constexpr std::size_t kShown = 16;
  const std::size_t count = text.size() - start;
  const std::string_view shown = text.substr(start, kShown);
  return "not valid JSON at " + LineAndColumn(text, start) + " (byte offset " + std::to_string(start) +
         "): " + std::to_string(count) + (count == 1 ? " byte" : " bytes") + " after the end of the document, starting '" +
         Printable(shown) + (count > kShown ? "...'" : "'");
}

// nlohmann SAX handler building a Document with the checks ParseDocument
// promises. Tracks the key (objects) of every open container so that a
// problem can be named by its JSON pointer.
//
// A number too large for a double makes nlohmann stop parsing. The first
// parse therefore stops there (OverflowStop()); ParseDocument then parses a
// copy of the text in which every such number is blanked out, and this
// handler, told which numbers they were, reports each at its pointer and
// puts null in its place. Errors the first parse already reported (those
// before the first overflowing number) are not reported twice.
class DocumentBuilder {
 public:
  using number_integer_t = Document::number_integer_t;
  using number_unsigned_t = Document::number_unsigned_t;
  using number_float_t = Document::number_float_t;
  using string_t = Document::string_t;
  using binary_t = Document::binary_t;

  // The first parse, of `text`.
  DocumentBuilder(std::string_view text, std::size_t max_depth, DiagnosticSink& sink)
      : text_(text), max_depth_(max_depth), sink_(sink) {}
  // The second parse, of a copy of `text` with `overflows` blanked out.
  DocumentBuilder(std::string_view text, std::size_t max_depth, DiagnosticSink& sink,
                  std::vector<OverflowingNumber> overflows)
      : text_(text), max_depth_(max_depth), sink_(sink), overflows_(std::move(overflows)), second_parse_(true),
        report_from_number_(overflows_.empty() ? 0 : overflows_.front().index + 1) {}

  Document TakeRoot() { return std::move(root_); }
  // Whether the parse stopped at a number too large for a double.
  bool OverflowStop() const { return overflow_stop_; }

  bool null() { return Add(nullptr) != nullptr; }
  bool boolean(bool value) { return Add(value) != nullptr; }
  bool number_integer(number_integer_t value) { return AddNumber(value); }
  bool number_unsigned(number_unsigned_t value) { return AddNumber(value); }
  bool number_float(number_float_t value, const string_t&) { return AddNumber(value); }
  bool string(string_t& value) { return Add(std::move(value)) != nullptr; }
  bool binary(binary_t&) { return true; }  // text JSON has no binary values

  bool start_object(std::size_t) { return Open(Document::object()); }
  bool start_array(std::size_t) { return Open(Document::array()); }
  bool end_object() { return Close(); }
  bool end_array() { return Close(); }

  bool key(string_t& key) {
    auto& object = stack_.back().value->get_ref<Document::object_t&>();
    auto [it, inserted] = object.emplace(std::move(key), nullptr);
    if (!inserted) Report(ContainerPointer(stack_.size()), DuplicateKeyMessage(it->first));
    stack_.back().key = &it->first;
    stack_.back().slot = &it->second;
    return true;
  }

  bool parse_error(std::size_t position, const std::string& last_token, const nlohmann::detail::exception& error) {
    if (error.id == 406) {  // a number too large for a double
      // The second parse meets none; should it, the number stops the parse.
      if (second_parse_) sink_.Error(ValuePointer(), "expected a finite number, found " + last_token);
      overflow_stop_ = !second_parse_;
      return false;
    }
    // nlohmann counts the character that revealed the error as read; name
    // that character's own place.
    const std::size_t offset = std::min(position == 0 ? 0 : position - 1, text_.size());
    if (root_complete_) {
      Report("", TrailingBytesMessage(text_, SkipWhitespace(text_, EndOfFirstValue(text_))));
    } else if (offset < text_.size() && text_[offset] == '\0') {  // nlohmann takes a NUL for the end of the text
      Report("", "not valid JSON at " + LineAndColumn(text_, offset) + " (byte offset " + std::to_string(offset) +
                     "): a NUL byte, which JSON text never holds (a binary file, or text in UTF-16?)");
    } else {
      Report("", "not valid JSON at " + LineAndColumn(text_, offset) + ": " + Printable(Reason(error.what())));
    }
    return false;
  }

  // After a parse that succeeded: nlohmann ends the text at a NUL byte, so
  // one after the document is reported here, as the start of trailing bytes.
  bool CheckNothingFollows() {
    const std::size_t nul = text_.find('\0');
    if (nul == std::string_view::npos) return true;
    Report("", TrailingBytesMessage(text_, nul));
    return false;
  }

 private:
  struct Open_ {
    Document* value = nullptr;
    const std::string* key = nullptr;  // objects: the key of the member being read
    Document* slot = nullptr;          // objects: where that member's value goes
  };

  // Reports an error, unless the first parse already did (see the class comment).
  void Report(std::string pointer, std::string message) {
    if (numbers_seen_ >= report_from_number_) sink_.Error(std::move(pointer), std::move(message));
  }

  bool AddNumber(Document value) {
    const std::size_t index = numbers_seen_++;
    while (next_overflow_ < overflows_.size() && overflows_[next_overflow_].index < index) ++next_overflow_;
    if (next_overflow_ < overflows_.size() && overflows_[next_overflow_].index == index) {
      sink_.PlaceholderError(ValuePointer(), "expected a finite number, found " + overflows_[next_overflow_].token);
      value = nullptr;
    }
    return Add(std::move(value)) != nullptr;
  }

  Document* Add(Document value) {
    if (stack_.empty()) {
      root_ = std::move(value);
      root_complete_ = !root_.is_structured();
      return &root_;
    }
    Open_& top = stack_.back();
    if (top.value->is_array()) {
      auto& array = top.value->get_ref<Document::array_t&>();
      array.push_back(std::move(value));
      return &array.back();
    }
    *top.slot = std::move(value);
    return top.slot;
  }

  bool Open(Document container) {
    if (stack_.size() + 1 > max_depth_) {
      Report(ValuePointer(), "nesting deeper than the limit of " + std::to_string(max_depth_) + " levels");
      return false;
    }
    Document* added = Add(std::move(container));
    stack_.push_back({added, nullptr, nullptr});
    return true;
  }

  bool Close() {
    stack_.pop_back();
    root_complete_ = stack_.empty();
    return true;
  }

  // Pointer of the container at stack depth `levels` (0: the root).
  std::string ContainerPointer(std::size_t levels) const {
    std::string pointer;
    for (std::size_t i = 0; i + 1 < levels; ++i) pointer += '/' + Token(i, false);
    return pointer;
  }

  // Pointer of the value being read now.
  std::string ValuePointer() const {
    std::string pointer;
    for (std::size_t i = 0; i < stack_.size(); ++i) pointer += '/' + Token(i, i + 1 == stack_.size());
    return pointer;
  }

  // The token naming, inside container i, its open child (or, for the
  // innermost container, the value being added).
  std::string Token(std::size_t i, bool innermost) const {
    const Open_& level = stack_[i];
    if (level.value->is_object()) return level.key != nullptr ? EscapePointerToken(*level.key) : std::string();
    const std::size_t size = level.value->size();
    return std::to_string(innermost ? size : size - 1);
  }

  std::string_view text_;
  std::size_t max_depth_;
  DiagnosticSink& sink_;
  std::vector<OverflowingNumber> overflows_;
  bool second_parse_ = false;
  std::size_t report_from_number_ = 0;
  std::size_t next_overflow_ = 0;
  std::size_t numbers_seen_ = 0;
  bool overflow_stop_ = false;
  bool root_complete_ = false;
  Document root_;
  std::vector<Open_> stack_;
};

// Parses `parsed` (the text, or a copy with numbers blanked out) with
// `builder`; nullopt when the text is not a document.
std::optional<Document> Build(std::string_view parsed, DocumentBuilder& builder) {
  if (!Document::sax_parse(parsed.begin(), parsed.end(), &builder, Document::input_format_t::json, true, false) ||
      !builder.CheckNothingFollows()) {
    return std::nullopt;
  }
  return builder.TakeRoot();
}

std::string Plural(std::size_t count, std::string_view singular) {
  return std::to_string(count) + " " + std::string(singular) + (count == 1 ? "" : "s");
}

}  // namespace

std::optional<Document> ParseDocument(std::string_view text, const ParseLimits& limits, DiagnosticSink& sink) {
  if (text.size() > limits.max_bytes) {
    sink.Error("", "the document is " + std::to_string(text.size()) + " bytes, over the limit of " +
                       std::to_string(limits.max_bytes) + " bytes");
    return std::nullopt;
  }
  DocumentBuilder builder(text, limits.max_depth, sink);
  std::optional<Document> document = Build(text, builder);
  if (!builder.OverflowStop()) return document;

  // Again, with each number too large for a double blanked out ("1e400" ->
  // "0    ": same length, so positions stay right).
  std::vector<OverflowingNumber> overflows = FindOverflowingNumbers(text);
  std::string blanked(text);
  for (const OverflowingNumber& number : overflows) {
    blanked.replace(number.offset, number.token.size(), "0" + std::string(number.token.size() - 1, ' '));
  }
  DocumentBuilder retry(text, limits.max_depth, sink, std::move(overflows));
  return Build(blanked, retry);
}

std::string DuplicateKeyMessage(std::string_view key) { return "duplicate key \"" + std::string(key) + "\""; }

std::string DescribeJsonValue(const Document& value, bool quote_strings) {
  switch (value.type()) {
    case Document::value_t::null: return "null";
    case Document::value_t::boolean: return value.get<bool>() ? "true" : "false";
    case Document::value_t::number_integer:
    case Document::value_t::number_unsigned:
    case Document::value_t::number_float: {
      std::string text;
      if (value.is_number_integer() && value.is_number_unsigned()) {
        AppendUnsigned(text, value.get<std::uint64_t>());
      } else if (value.is_number_integer()) {
        AppendInteger(text, value.get<std::int64_t>());
      } else {
        char buffer[32];
        const auto result = std::to_chars(buffer, buffer + sizeof buffer, value.get<double>());
        text.assign(buffer, result.ptr);
        // A number written with a fraction stays one: "1.0", not "1".
        if (text.find_first_of(".eninf") == std::string::npos) text += ".0";
      }
      return text;
    }
    case Document::value_t::string: {
      if (!quote_strings) return "a string";
      const std::string& s = value.get_ref<const std::string&>();
      std::string quoted;
      AppendString(quoted, s.size() <= 64 ? std::string_view(s) : std::string_view(s).substr(0, 64));
      if (s.size() > 64) quoted.insert(quoted.size() - 1, "...");
      return quoted;
    }
    case Document::value_t::array: return "an array of " + Plural(value.size(), "element");
    case Document::value_t::object: return "an object";
    case Document::value_t::binary:
    case Document::value_t::discarded: break;
  }
  return "an unsupported value";
}

}  // namespace cairn::serialization
