#include <catch2/catch.hpp>

#include "cairn/editor/message_log.h"

using cairn::editor::MessageLog;
using cairn::editor::Severity;

TEST_CASE("The log keeps messages in order with their severity", "[editor][log]") {
  MessageLog log;
  CHECK(log.Empty());
  CHECK(log.LastSequence() == 0);
  log.Info("opened level.scene");
  log.Warning("journal line 3 is incomplete");
  log.Error("action 'Rename' failed");
  REQUIRE(log.Entries().size() == 3);
  CHECK(log.Entries()[1].severity == Severity::kWarning);
  CHECK(log.Entries()[2].text == "action 'Rename' failed");
  CHECK(log.Entries()[2].sequence == 3);
  CHECK(log.Count(Severity::kError) == 1);
  CHECK(SeverityName(Severity::kError) == "error");
}

TEST_CASE("Past its capacity the log drops the oldest messages", "[editor][log]") {
  MessageLog log(2);
  log.Info("a");
  log.Info("b");
  log.Info("c");
  REQUIRE(log.Entries().size() == 2);
  CHECK(log.Entries().front().text == "b");
  CHECK(log.LastSequence() == 3);
  log.Clear();
  CHECK(log.Empty());
  log.Info("d");
  CHECK(log.Entries().front().sequence == 4);
}
