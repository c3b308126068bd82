// cairn export IN -o OUT [--world-matrices]

#include "cairn/serialization/runtime_export.h"
#include "cairn/serialization/scene_loader.h"
#include "cairn/serialization/scene_writer.h"
#include "command.h"
#include "scene_file.h"
#include "scene_project.h"

namespace cairn::cli {

namespace {

int RunExport(const Invocation& invocation, Streams& streams) {
  const std::string& in = invocation.positionals.front();
  const std::string& out = *invocation.Value("-o");
  if (in != "-" && out != "-" && SameFile(in, out)) {
    streams.err << "cairn export: -o " << out << " is the scene being exported (" << in
                << "): give another file to write the export to\n";
    return kExitFailure;
  }
  SceneProjects projects(invocation);
  const SceneProjects::Lookup project = projects.For(in, streams.err);
  if (!project.ok) return kExitFailure;
  const serialization::ReadResult text = ReadInput(in, project.options.max_bytes);
  if (!text.text) {
    PrintDiagnostics(streams.err, InputName(in), {{serialization::Diagnostic::Severity::kError, "", text.error}});
    return kExitFailure;
  }
  serialization::LoadResult loaded = serialization::LoadScene(*text.text, project.options);
  PrintDiagnostics(streams.err, InputName(in), loaded.diagnostics);
  if (!loaded.Ok()) return kExitFailure;

  const serialization::ExportOptions options{.include_world_matrices = invocation.Has("--world-matrices")};
  const ecs::Coordinator& world = *loaded.scene->world;
  if (out == "-") {
    try {
      streams.out << serialization::ExportRuntime(world, options);
    } catch (const serialization::SaveError& error) {
      streams.err << "cairn export: cannot export " << InputName(in) << ": " << error.what() << "\n";
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
                       .help = "add each entity's world matrix (\"world\", column-major)"},
                      ProjectOption()},
          .description =
              "Loads the scene IN (\"-\": standard input) and writes its runtime export\n"
              "(format \"cairn.runtime\", docs/runtime.md): the same entities without the\n"
              "editor's data. OUT is replaced atomically; it may not be IN itself, by any\n"
              "name. Problems of IN are printed to standard error as \"IN:POINTER: message\".\n"
              "IN is read with the components of its game project (see 'cairn validate').\n"
              "Exit status: 0 when OUT was written, 1 otherwise.\n",
      },
      RunExport};
  return command;
}

}  // namespace cairn::cli
