#include "cairn/serialization/diagnostic.h"

#include <algorithm>
#include <utility>

namespace cairn::serialization {

std::string Diagnostic::ToString() const { return pointer.empty() ? message : pointer + ": " + message; }

bool HasErrors(const std::vector<Diagnostic>& diagnostics) {
  return std::any_of(diagnostics.begin(), diagnostics.end(), [](const Diagnostic& d) { return d.IsError(); });
}

std::string EscapePointerToken(std::string_view token) {
  std::string escaped;
  escaped.reserve(token.size());
  for (const char c : token) {
    if (c == '~') {
      escaped += "~0";
    } else if (c == '/') {
      escaped += "~1";
    } else {
      escaped += c;
    }
  }
  return escaped;
}

DiagnosticSink::DiagnosticSink(std::size_t max_errors) : max_errors_(std::max<std::size_t>(max_errors, 1)) {}

void DiagnosticSink::Error(std::string pointer, std::string message) {
  if (full_) return;
  if (std::find(placeholders_.begin(), placeholders_.end(), pointer) != placeholders_.end()) return;
  ++error_count_;
  if (error_count_ > max_errors_) {
    full_ = true;
    diagnostics_.push_back({Diagnostic::Severity::kError, "",
                            "too many errors: stopped after " + std::to_string(max_errors_)});
    return;
  }
  diagnostics_.push_back({Diagnostic::Severity::kError, std::move(pointer), std::move(message)});
}

void DiagnosticSink::PlaceholderError(std::string pointer, std::string message) {
  const std::size_t before = diagnostics_.size();
  std::string placeholder = pointer;
  Error(std::move(pointer), std::move(message));
  if (diagnostics_.size() != before) placeholders_.push_back(std::move(placeholder));
}

void DiagnosticSink::Warning(std::string pointer, std::string message) {
  if (warning_count_ >= max_errors_) {
    ++dropped_warnings_;
    return;
  }
  ++warning_count_;
  diagnostics_.push_back({Diagnostic::Severity::kWarning, std::move(pointer), std::move(message)});
}

std::vector<Diagnostic> DiagnosticSink::Take() {
  if (dropped_warnings_ != 0) {
    diagnostics_.push_back({Diagnostic::Severity::kWarning, "",
                            std::to_string(dropped_warnings_) + " more warnings not shown"});
  }
  std::vector<Diagnostic> taken = std::move(diagnostics_);
  diagnostics_.clear();
  placeholders_.clear();
  error_count_ = warning_count_ = dropped_warnings_ = 0;
  full_ = false;
  return taken;
}

}  // namespace cairn::serialization
