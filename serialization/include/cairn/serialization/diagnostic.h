#pragma once
// What a loader found wrong with a document: where (a JSON pointer), how bad
// (an error rejects the document, a warning does not), and what was expected
// versus what was found.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cairn::serialization {

struct Diagnostic {
  enum class Severity : std::uint8_t { kError, kWarning };

  Severity severity = Severity::kError;
  // RFC 6901 pointer into the document ("/entities/3/components/Transform");
  // "" for the whole document or the file.
  std::string pointer;
  // "expected an array of 3 numbers, found a string"
  std::string message;

  bool IsError() const { return severity == Severity::kError; }
  // "pointer: message", or the message alone when the pointer is "".
  std::string ToString() const;

  friend bool operator==(const Diagnostic&, const Diagnostic&) = default;
};

bool HasErrors(const std::vector<Diagnostic>& diagnostics);

// One pointer reference token, escaped ("~" -> "~0", "/" -> "~1").
std::string EscapePointerToken(std::string_view token);

// Collects diagnostics in the order they are found, keeping at most
// `max_errors` errors and as many warnings. The error past the bound is
// replaced by one "too many errors" error and Full() turns true, which tells
// the caller to stop; warnings past the bound are counted and summarised by
// Take().
class DiagnosticSink {
 public:
  explicit DiagnosticSink(std::size_t max_errors);

  void Error(std::string pointer, std::string message);
  void Warning(std::string pointer, std::string message);
  // An error about a value that the reader replaced by a placeholder so
  // that it could go on checking the rest (ParseDocument puts null in place
  // of a number too large for a double). Later errors at the same pointer
  // would describe the placeholder, not the file: they are dropped.
  void PlaceholderError(std::string pointer, std::string message);

  bool Full() const { return full_; }
  std::size_t ErrorCount() const { return error_count_; }
  bool HasErrors() const { return error_count_ != 0; }

  // Everything collected so far (and the summary of dropped warnings); the
  // sink is empty afterwards.
  std::vector<Diagnostic> Take();

 private:
  std::size_t max_errors_;
  std::size_t error_count_ = 0;
  std::size_t warning_count_ = 0;
  std::size_t dropped_warnings_ = 0;
  bool full_ = false;
  std::vector<Diagnostic> diagnostics_;
  std::vector<std::string> placeholders_;  // pointers of PlaceholderError
};

}  // namespace cairn::serialization
