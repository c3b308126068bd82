#pragma once
// The messages the Console shows: failed actions, journal problems, recovery
// reports. Bounded: past the capacity the oldest entries are dropped.

#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <utility>

namespace cairn::editor {

enum class Severity : std::uint8_t { kInfo, kWarning, kError };

std::string_view SeverityName(Severity severity);  // "info", "warning", "error"

struct LogEntry {
  Severity severity = Severity::kInfo;
  std::string text;
  std::uint64_t sequence = 0;  // 1 for the first message ever added, never reused
};

class MessageLog {
 public:
  static constexpr std::size_t kDefaultCapacity = 1000;

  explicit MessageLog(std::size_t capacity = kDefaultCapacity);

  void Add(Severity severity, std::string text);
  void Info(std::string text) { Add(Severity::kInfo, std::move(text)); }
  void Warning(std::string text) { Add(Severity::kWarning, std::move(text)); }
  void Error(std::string text) { Add(Severity::kError, std::move(text)); }

  // Oldest first.
  const std::deque<LogEntry>& Entries() const { return entries_; }
  std::size_t Count(Severity severity) const;
  bool Empty() const { return entries_.empty(); }
  void Clear() { entries_.clear(); }
  // The sequence number of the newest message ever added (0: none yet); a
  // Console scrolls down when it changes.
  std::uint64_t LastSequence() const { return last_sequence_; }

 private:
  std::size_t capacity_;
  std::deque<LogEntry> entries_;
  std::uint64_t last_sequence_ = 0;
};

}  // namespace cairn::editor
