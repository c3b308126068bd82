#include <catch2/catch.hpp>

#include "cairn/editor/editor_errors.h"
#include "cairn/editor/retry_backoff.h"

using cairn::editor::RetryBackoff;

TEST_CASE("Nothing is due before a failure", "[editor][retry]") {
  RetryBackoff backoff(1.0, 8.0);
  CHECK_FALSE(backoff.Failing());
  CHECK_FALSE(backoff.Due(0.0));
  CHECK_FALSE(backoff.Due(1000.0));
}

TEST_CASE("Retries wait one delay, then twice as long each time, up to the longest", "[editor][retry]") {
  RetryBackoff backoff(1.0, 8.0);
  backoff.Failed();        // where no time is at hand: timed from the next Due
  CHECK_FALSE(backoff.Due(100.0));
  CHECK_FALSE(backoff.Due(100.5));
  CHECK(backoff.Due(101.0));
  double now = 101.0;
  for (const double delay : {2.0, 4.0, 8.0, 8.0, 8.0}) {
    backoff.Failed(now);
    CHECK(backoff.CurrentDelay() == delay);
    CHECK_FALSE(backoff.Due(now + delay - 0.01));
    CHECK(backoff.Due(now + delay));
    now += delay;
  }
  CHECK(backoff.Failures() == 6);
}

TEST_CASE("A success ends the schedule and the next failure starts it afresh", "[editor][retry]") {
  RetryBackoff backoff(0.5, 4.0);
  backoff.Failed(0.0);
  backoff.Failed(0.5);
  CHECK(backoff.CurrentDelay() == 1.0);
  backoff.Succeeded();
  CHECK_FALSE(backoff.Failing());
  CHECK_FALSE(backoff.Due(50.0));
  backoff.Failed(50.0);
  CHECK(backoff.CurrentDelay() == 0.5);
  CHECK(backoff.Due(50.5));
}

TEST_CASE("A schedule needs positive delays, the longest not shorter than the first", "[editor][retry]") {
  CHECK_THROWS_AS(RetryBackoff(0.0, 1.0), cairn::editor::EditorError);
  CHECK_THROWS_WITH(RetryBackoff(2.0, 1.0), "a retry schedule needs 0 < first delay <= longest delay");
}
