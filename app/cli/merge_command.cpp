// cairn merge BASE OURS THEIRS -o OUT

#include <array>
#include <optional>
#include <string>

#include "cairn/serialization/atomic_file.h"
#include "cairn/serialization/scene_merge.h"
#include "command.h"
#include "scene_file.h"
#include "scene_project.h"

namespace cairn::cli {

namespace {

int RunMerge(const Invocation& invocation, Streams& streams) {
  const std::string& out = *invocation.Value("-o");
  // With the merged scene on standard output, the report goes to standard error.
  std::ostream& report = out == "-" ? streams.err : streams.out;
  // The project of OURS: as git's merge driver, the three inputs are
  // temporary files in one folder.
  SceneProjects projects(invocation);
  const SceneProjects::Lookup project = projects.For(invocation.positionals[1], report);
  if (!project.ok) return kExitFailure;
  const serialization::LoadOptions& options = project.options;
  std::array<std::string, 3> texts;
  bool readable = true;
  for (std::size_t i = 0; i < texts.size(); ++i) {
    serialization::ReadResult file = ReadInput(invocation.positionals[i], options.max_bytes);
    if (file.text) {
      texts[i] = std::move(*file.text);
    } else {
      report << InputName(invocation.positionals[i]) << ": " << file.error << "\n";
      readable = false;
    }
  }
  if (!readable) return kExitFailure;

  const serialization::SceneMergeResult result = serialization::MergeScenes(texts[0], texts[1], texts[2], options);
  for (const serialization::MergeInputError& error : result.input_errors) {
    PrintDiagnostics(report, InputName(invocation.positionals[static_cast<std::size_t>(error.input)]),
                     {error.diagnostic});
  }
  if (!result.text) return kExitFailure;

  if (out == "-") {
    streams.out << *result.text;
  } else {
    // No backup: as a git merge driver OUT is a file in the work tree.
    const serialization::SaveResult saved =
        serialization::WriteFileAtomically(out, *result.text, {.keep_backup = false});
    if (!saved.ok) {
      streams.err << "cairn merge: " << saved.error << "\n";
      return kExitFailure;
    }
  }
  for (const serialization::MergeConflict& conflict : result.conflicts) report << conflict.ToString() << "\n";
  return result.conflicts.empty() ? kExitOk : kExitFailure;
}

}  // namespace

const Command& MergeCommand() {
  static const Command command{
      CommandSpec{
          .name = "merge",
          .summary = "Three-way merge of scenes (usable as a git merge driver)",
          .positionals = {"BASE", "OURS", "THEIRS"},
          .options = {{.name = "-o", .value_name = "OUT", .required = true,
                       .help = "the merged scene to write (may be OURS; \"-\" for standard output)"},
                      ProjectOption()},
          .description =
              "Merges the changes from BASE to THEIRS into OURS, entity by entity and field\n"
              "by field, and writes the merged scene to OUT in the canonical layout. Each\n"
              "true conflict is printed as one line,\n"
              "\n"
              "  conflict: entity 3f2a9c0d41be7e10 (Crate): Transform.position changed to\n"
              "  [1,0,0] in ours and [2,0,0] in theirs\n"
              "\n"
              "(on one line), and OUT keeps ours for it. An empty BASE means the scenes have\n"
              "no common ancestor. One of BASE, OURS and THEIRS may be \"-\", standard input.\n"
              "With -o -, the merged scene goes to standard output and the conflicts and\n"
              "problems to standard error. As git's merge driver (docs/merge.md):\n"
              "\n"
              "  git config merge.cairn.driver \"cairn merge %O %A %B -o %A\"\n"
              "\n"
              "The scenes are read with the components of the game project of OURS (see\n"
              "'cairn validate'), so project components merge field by field too.\n"
              "\n"
              "Exit status: 0 for a clean merge, 1 for conflicts (OUT is written) or an\n"
              "unreadable or invalid input (OUT is not written; the problems are printed as\n"
              "\"FILE:POINTER: message\").\n",
      },
      RunMerge};
  return command;
}

}  // namespace cairn::cli
