#pragma once
// When to try again after a failure: the first retry one delay after it, each
// failed retry doubling the delay up to a longest one, so that a lasting
// failure costs a try every few seconds and a passing one is noticed soon.
//
// Time is whatever steady clock the caller reads, in seconds (the editor
// passes its frame time): the schedule holds no clock of its own, so tests
// drive it deterministically. A failure noticed where no time is at hand is
// timed from the next Due call.

#include <cstddef>
#include <optional>

namespace cairn::editor {

class RetryBackoff {
 public:
  // Requires 0 < first_delay <= longest_delay (seconds).
  RetryBackoff(double first_delay, double longest_delay);

  // The operation failed (first, or again on a retry), at `now` when the
  // caller knows it.
  void Failed(std::optional<double> now = std::nullopt);
  // The operation succeeded: nothing is due any more.
  void Succeeded();
  // True when a retry is due at `now`: a failure is outstanding and its delay
  // has passed.
  bool Due(double now);

  bool Failing() const { return failures_ > 0; }
  // Failures since the last success.
  std::size_t Failures() const { return failures_; }
  double CurrentDelay() const { return delay_; }

 private:
  double first_delay_;
  double longest_delay_;
  double delay_ = 0.0;
  std::size_t failures_ = 0;
  std::optional<double> failed_at_;  // unknown until the next Due
};

}  // namespace cairn::editor
