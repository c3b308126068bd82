#include "cairn/editor/retry_backoff.h"

#include <algorithm>

#include "cairn/editor/editor_errors.h"

namespace cairn::editor {

RetryBackoff::RetryBackoff(double first_delay, double longest_delay)
    : first_delay_(first_delay), longest_delay_(longest_delay) {
  if (!(first_delay > 0.0) || !(longest_delay >= first_delay)) {
    throw EditorError("a retry schedule needs 0 < first delay <= longest delay");
  }
}

void RetryBackoff::Failed(std::optional<double> now) {
  delay_ = failures_ == 0 ? first_delay_ : std::min(delay_ * 2.0, longest_delay_);
  ++failures_;
  failed_at_ = now;
}

void RetryBackoff::Succeeded() {
  failures_ = 0;
  delay_ = 0.0;
  failed_at_.reset();
}

bool RetryBackoff::Due(double now) {
  if (failures_ == 0) return false;
  if (!failed_at_) failed_at_ = now;
  return now - *failed_at_ >= delay_;
}

}  // namespace cairn::editor
