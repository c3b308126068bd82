// cairn export IN -o OUT [--world-matrices]

#include "cairn/serialization/runtime_export.h"
#include "cairn/serialization/scene_loader.h"
#include "cairn/serialization/scene_writer.h"
#include "command.h"
#include "scene_file.h"

namespace cairn::cli {

namespace {

int RunExport(const Invocation& invocation, Streams& streams) {
  const std::string& in = invocation.positionals.front();
  const std::string& out = *invocation.Value("-o");
  serialization::LoadResult loaded = serialization::LoadSceneFile(in);
  PrintDiagnostics(streams.err, in, loaded.diagnostics);
  if (!loaded.Ok()) return kExitFailure;

  const serialization::ExportOptions options{.include_world_matrices = invocation.Has("--world-matrices")};
  const ecs::Coordinator& world = *loaded.scene->world;
  if (out == "-") {
    try {
      streams.out << serialization::ExportRuntime(world, options);
    } catch (const serialization::SaveError& error) {
      streams.err << "cairn export: cannot export " << in << ": " << error.what() << "\n";
      return kExitFailure;
    }
    return kExitOk;
  }
  const serialization::SaveResult saved = serialization::ExportRuntimeFile(out, world, options);
  if (!saved.ok) {
    streams.err << "cairn export: " << saved.error << "\n";
    return kExitFailure;
  }
  return kExitOk;
}

}  // namespace

const Command& ExportCommand() {
  static const Command command{
      CommandSpec{
          .name = "export",
          .summary = "Write the runtime export of a scene",
          .positionals = {"IN"},
          .options = {{.name = "-o", .value_name = "OUT", .required = true,
                       .help = "the runtime export to write (\"-\" for standard output)"},
                      {.name = "--world-matrices", .value_name = "", .required = false,
                       .help = "add each entity's world matrix (\"world\", column-major)"}},
          .description =
              "Loads the scene IN and writes its runtime export (format \"cairn.runtime\",\n"
              "docs/runtime.md): the same entities without the editor's data. OUT is\n"
              "replaced atomically. Problems of IN are printed to standard error as\n"
              "\"IN:POINTER: message\".\n"
              "Exit status: 0 when OUT was written, 1 otherwise.\n",
      },
      RunExport};
  return command;
}

}  // namespace cairn::cli
