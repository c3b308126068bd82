#include <catch2/catch.hpp>

#include "cairn/editor/viewport/click_detector.h"

using cairn::editor::ClickDetector;

TEST_CASE("A press and release in place is a click", "[viewport][click]") {
  ClickDetector click;
  click.Press({10, 10}, true);
  CHECK(click.Pending());
  CHECK(click.Release({11, 12}));
  CHECK_FALSE(click.Pending());
  CHECK_FALSE(click.Release({11, 12}));  // one release, one click
}

TEST_CASE("Moving away and back before the release makes it a drag", "[viewport][click]") {
  ClickDetector click;
  click.Press({10, 10}, true);
  click.Move({30, 10});
  click.Move({10, 10});
  CHECK_FALSE(click.Release({10, 10}));
  click.Press({10, 10}, true);
  CHECK_FALSE(click.Release({10, 10 + ClickDetector::kMaxTravelPixels + 0.5f}));
}

TEST_CASE("A press that belongs to something else never completes a click", "[viewport][click]") {
  ClickDetector click;
  click.Press({10, 10}, false);
  CHECK_FALSE(click.Pending());
  CHECK_FALSE(click.Release({10, 10}));
  click.Press({10, 10}, true);
  click.Cancel();
  CHECK_FALSE(click.Release({10, 10}));
}
