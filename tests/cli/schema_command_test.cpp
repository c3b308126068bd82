// cairn schema [--runtime] (app/cli/schema_command.cpp)

#include <catch2/catch.hpp>

#include <memory>

#include "cairn/ecs/builtin_components.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/serialization/document.h"
#include "cairn/serialization/schema.h"
#include "cli_test_support.h"

namespace {

using namespace cairn::cli::test;

std::unique_ptr<cairn::ecs::Coordinator> BuiltinRegistry() {
  auto world = std::make_unique<cairn::ecs::Coordinator>(1);
  cairn::ecs::RegisterBuiltinComponents(*world);
  return world;
}

}  // namespace

TEST_CASE("schema prints the scene file's JSON Schema of the built-in components", "[cli][schema]") {
  const ProcessResult result = RunCairn({"schema"});

  REQUIRE(result.exit_code == 0);
  REQUIRE(result.err.empty());
  REQUIRE(result.out == cairn::serialization::GenerateSceneSchema(*BuiltinRegistry()));
  REQUIRE(Document::parse(result.out).at("$schema") == "https://json-schema.org/draft/2020-12/schema");
}

TEST_CASE("schema --runtime prints the runtime export's JSON Schema", "[cli][schema]") {
  const ProcessResult result = RunCairn({"schema", "--runtime"});

  REQUIRE(result.exit_code == 0);
  REQUIRE(result.out == cairn::serialization::GenerateRuntimeSchema(*BuiltinRegistry()));
}

TEST_CASE("schema takes no file", "[cli][schema]") {
  const ProcessResult result = RunCairn({"schema", "scene.json"});

  REQUIRE(result.exit_code == 2);
  REQUIRE(result.err == "cairn schema: unexpected argument 'scene.json'\nusage: cairn schema [--runtime] [--project DIR]\n"
                        "Try 'cairn schema --help'.\n");
}

TEST_CASE("schema reports output it cannot write and exits 1", "[cli][schema]") {
  const ProcessResult result = RunCairn({"schema"}, {.output = "/dev/full"});

  REQUIRE(result.exit_code == 1);
  REQUIRE(result.err == "cairn: cannot write to standard output: No space left on device\n");
}
