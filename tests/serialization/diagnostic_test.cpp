#include <catch2/catch.hpp>

#include "cairn/serialization/diagnostic.h"

using namespace cairn::serialization;

TEST_CASE("A diagnostic reads as pointer, colon, message", "[serialization][diagnostic]") {
  const Diagnostic error{Diagnostic::Severity::kError, "/entities/3/components/Transform/position",
                         "expected an array of 3 numbers, found a string"};
  REQUIRE(error.ToString() ==
          "/entities/3/components/Transform/position: expected an array of 3 numbers, found a string");
  REQUIRE(error.IsError());
}

TEST_CASE("A diagnostic about the whole document is its message alone", "[serialization][diagnostic]") {
  const Diagnostic error{Diagnostic::Severity::kError, "", "missing key \"format\""};
  REQUIRE(error.ToString() == "missing key \"format\"");
}

TEST_CASE("HasErrors ignores warnings", "[serialization][diagnostic]") {
  std::vector<Diagnostic> diagnostics{{Diagnostic::Severity::kWarning, "/a", "w"}};
  REQUIRE_FALSE(HasErrors(diagnostics));
  diagnostics.push_back({Diagnostic::Severity::kError, "/b", "e"});
  REQUIRE(HasErrors(diagnostics));
}

TEST_CASE("Pointer tokens escape tilde and slash", "[serialization][diagnostic]") {
  REQUIRE(EscapePointerToken("a/b~c") == "a~1b~0c");
  REQUIRE(EscapePointerToken("Transform") == "Transform");
}

TEST_CASE("The sink stops after max_errors errors with one summary", "[serialization][diagnostic]") {
  DiagnosticSink sink(2);
  sink.Error("/a", "first");
  sink.Error("/b", "second");
  REQUIRE_FALSE(sink.Full());
  sink.Error("/c", "third");
  sink.Error("/d", "fourth");
  REQUIRE(sink.Full());
  const std::vector<Diagnostic> diagnostics = sink.Take();
  REQUIRE(diagnostics.size() == 3);
  REQUIRE(diagnostics[2].ToString() == "too many errors: stopped after 2");
}

TEST_CASE("The sink counts the warnings past its bound", "[serialization][diagnostic]") {
  DiagnosticSink sink(1);
  sink.Warning("/a", "one");
  sink.Warning("/b", "two");
  sink.Warning("/c", "three");
  REQUIRE_FALSE(sink.Full());
  const std::vector<Diagnostic> diagnostics = sink.Take();
  REQUIRE(diagnostics.size() == 2);
  REQUIRE(diagnostics[0].ToString() == "/a: one");
  REQUIRE(diagnostics[1].severity == Diagnostic::Severity::kWarning);
  REQUIRE(diagnostics[1].message == "2 more warnings not shown");
}

TEST_CASE("Later errors about a placeholder's pointer are dropped, others kept", "[serialization][diagnostic]") {
  DiagnosticSink sink(10);
  sink.PlaceholderError("/a/0", "expected a finite number, found 1e400");
  sink.Error("/a/0", "expected a number, found null");  // about the placeholder, not the file
  sink.Error("/a", "expected an array of 3 numbers, found an array of 2 elements");
  sink.Error("/a/01", "expected a number, found null");
  REQUIRE(sink.ErrorCount() == 3);
  std::vector<std::string> texts;
  for (const Diagnostic& diagnostic : sink.Take()) texts.push_back(diagnostic.ToString());
  REQUIRE(texts == std::vector<std::string>{"/a/0: expected a finite number, found 1e400",
                                            "/a: expected an array of 3 numbers, found an array of 2 elements",
                                            "/a/01: expected a number, found null"});
  sink.Error("/a/0", "expected a number, found null");  // Take() forgets the placeholders
  REQUIRE(sink.ErrorCount() == 1);
}
