// cairn schema [--runtime]

#include <memory>

#include "cairn/ecs/builtin_components.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/serialization/schema.h"
#include "command.h"

namespace cairn::cli {

namespace {

int RunSchema(const Invocation& invocation, Streams& streams) {
  const auto registry = std::make_unique<ecs::Coordinator>(1);
  ecs::RegisterBuiltinComponents(*registry);
  streams.out << (invocation.Has("--runtime") ? serialization::GenerateRuntimeSchema(*registry)
                                              : serialization::GenerateSceneSchema(*registry));
  return kExitOk;
}

}  // namespace

const Command& SchemaCommand() {
  static const Command command{
      CommandSpec{
          .name = "schema",
          .summary = "Print the JSON Schema of the scene format or the runtime export",
          .positionals = {},
          .options = {{.name = "--runtime", .value_name = "", .required = false,
                       .help = "the runtime export's schema instead of the scene file's"}},
          .description =
              "Prints a JSON Schema (draft 2020-12) generated from the component registry\n"
              "of this build, the same text as docs/schema/scene.schema.json (or\n"
              "docs/schema/runtime.schema.json with --runtime).\n",
      },
      RunSchema};
  return command;
}

}  // namespace cairn::cli
