// cairn codegen PROJECT -o OUT [--namespace NAME]

#include <filesystem>
#include <string>

#include "cairn/ecs/coordinator.h"
#include "cairn/serialization/atomic_file.h"
#include "cairn/serialization/project.h"
#include "command.h"
#include "component_header.h"
#include "scene_file.h"

namespace cairn::cli {

namespace {

namespace fs = std::filesystem;

int RunCodegen(const Invocation& invocation, Streams& streams) {
  const std::string& argument = invocation.positionals.front();
  const std::string& out = *invocation.Value("-o");
  if (argument == "-") throw UsageError("PROJECT is a project folder or its cairn.project.json, not standard input");
  const std::string* option = invocation.Value("--namespace");
  const std::string namespace_name = option != nullptr ? *option : std::string(kDefaultHeaderNamespace);
  if (const auto problem = NamespaceProblem(namespace_name)) {
    throw UsageError("--namespace " + namespace_name + ": " + *problem);
  }

  std::error_code error;
  fs::path file = argument;
  if (fs::is_directory(file, error)) {
    file /= serialization::kProjectFileName;
    if (!fs::exists(file, error)) {
      streams.err << "cairn codegen: " << argument << " holds no " << serialization::kProjectFileName
                  << ": give a project folder or the project file itself\n";
      return kExitFailure;
    }
  }
  if (out != "-" && SameFile(file, out)) {
    streams.err << "cairn codegen: -o " << out << " is the project file (" << file.string()
                << "): give another file to write the header to\n";
    return kExitFailure;
  }

  const serialization::ProjectLoadResult loaded = serialization::LoadProjectFile(file);
  PrintDiagnostics(streams.err, file.string(), loaded.diagnostics);
  if (!loaded.Ok()) return kExitFailure;
  const ComponentHeaderResult header = GenerateComponentHeader(*loaded.project, namespace_name);
  PrintDiagnostics(streams.err, file.string(), header.diagnostics);
  if (!header.Ok()) return kExitFailure;

  if (out == "-") {
    streams.out << *header.text;
    return kExitOk;
  }
  const serialization::SaveResult saved =
      serialization::WriteFileAtomically(out, *header.text, {.keep_backup = false});
  if (!saved.ok) {
    streams.err << "cairn codegen: " << saved.error << "\n";
    return kExitFailure;
  }
  return kExitOk;
}

}  // namespace

const Command& CodegenCommand() {
  static const Command command{
      CommandSpec{
          .name = "codegen",
          .summary = "Write the C++ header of a game project's component types",
          .positionals = {"PROJECT"},
          .options = {{.name = "-o", .value_name = "OUT", .required = true,
                       .help = "the header to write (\"-\" for standard output)"},
                      {.name = "--namespace", .value_name = "NAME", .required = false,
                       .help = "the C++ namespace of the header's declarations (default: game)"}},
          .description =
              "Reads the project PROJECT (a folder holding cairn.project.json, or the file\n"
              "itself) and writes a self-contained C++20 header: a struct per component\n"
              "type, with the project's fields and defaults, and\n"
              "RegisterProjectComponents(cairn::ecs::Coordinator&), which registers them\n"
              "as the project defines them. The same project gives the same bytes. A name\n"
              "C++ cannot take (a keyword, a reserved name) is an error naming the\n"
              "component and field. OUT is replaced atomically; it may not be the\n"
              "project file. Problems are printed as \"PROJECT:POINTER: message\".\n"
              "Exit status: 0 when OUT was written, 1 otherwise.\n",
      },
      RunCodegen};
  return command;
}

}  // namespace cairn::cli
