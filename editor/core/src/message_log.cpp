#include "cairn/editor/message_log.h"

#include <algorithm>

namespace cairn::editor {

std::string_view SeverityName(Severity severity) {
  switch (severity) {
    case Severity::kInfo: return "info";
    case Severity::kWarning: return "warning";
    case Severity::kError: return "error";
  }
  return "unknown";
}

MessageLog::MessageLog(std::size_t capacity) : capacity_(std::max<std::size_t>(capacity, 1)) {}

void MessageLog::Add(Severity severity, std::string text) {
  if (entries_.size() == capacity_) entries_.pop_front();
  entries_.push_back({severity, std::move(text), ++last_sequence_});
}

std::size_t MessageLog::Count(Severity severity) const {
  return static_cast<std::size_t>(std::count_if(
      entries_.begin(), entries_.end(), [severity](const LogEntry& entry) { return entry.severity == severity; }));
}

}  // namespace cairn::editor
