// cairn schema [--runtime] [--project DIR]

#include <memory>

#include "cairn/ecs/coordinator.h"
#include "cairn/serialization/project_scenes.h"
#include "cairn/serialization/schema.h"
#include "command.h"
#include "scene_project.h"

namespace cairn::cli {

namespace {

int RunSchema(const Invocation& invocation, Streams& streams) {
  SceneProjects projects(invocation);
  const std::optional<SceneProjects::Lookup> named = projects.Named(streams.err);
  if (named && !named->ok) return kExitFailure;
  const auto registry = std::make_unique<ecs::Coordinator>(1);
  serialization::RegisterSceneComponents(*registry, named ? named->project.get() : nullptr);
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
                       .help = "the runtime export's schema instead of the scene file's"},
                      ProjectOption()},
          .description =
              "Prints a JSON Schema (draft 2020-12) generated from the component registry\n"
              "of this build, the same text as docs/schema/scene.schema.json (or\n"
              "docs/schema/runtime.schema.json with --runtime). With --project, the schema\n"
              "also describes the project's own components; a project with errors prints\n"
              "them as \"PROJECT:POINTER: message\" to standard error and exits with 1.\n",
      },
      RunSchema};
  return command;
}

}  // namespace cairn::cli
