#pragma once
// The game project of the scenes a command reads (docs/project-format.md):
// the one `--project` names (a folder holding cairn.project.json, or the
// file itself) for every input, else the one a scene file's project link
// names (serialization/project_link.h), else the one FindProjectFile finds
// walking up from each input's folder (from the current folder for standard
// input). A link that names no file is a warning against the scene,
// "SCENE:/editor/project: warning: its project link names PATH, which is not
// a file; it is read with FOUND", printed before the walk up.
// Without a project an input is read with the built-in components only,
// exactly as when projects did not exist.
//
// A project is read once per run. One with errors fails every input it
// governs: its problems are printed once, one line each,
// "PATH/cairn.project.json:POINTER: message".

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <string>

#include "cairn/serialization/prefab.h"
#include "cairn/serialization/project.h"
#include "cairn/serialization/scene_loader.h"
#include "command_line.h"

namespace cairn::cli {

// The --project option, as every command that reads scenes offers it.
OptionSpec ProjectOption();

class SceneProjects {
 public:
  // Reads --project from `invocation`, when given.
  explicit SceneProjects(const Invocation& invocation);

  struct Lookup {
    bool ok = true;  // false: the project has errors (already printed)
    std::shared_ptr<const serialization::Project> project;  // null: no project governs the input
    // The options to load the input with: the built-ins and the project's
    // components, prefab instances found in the project's folder (else the
    // input's own folder).
    serialization::LoadOptions options;
  };

  // The project of the input `argument` ("-": standard input). Prints the
  // project's problems to `report` the first time it is read.
  Lookup For(const std::string& argument, std::ostream& report);

  // The project --project names, read (its problems printed to `report`);
  // nullopt when the option was not given.
  std::optional<Lookup> Named(std::ostream& report);

 private:
  Lookup Read(const std::filesystem::path& file, std::ostream& report);
  // The prefab library of `folder` for inputs loaded with `options`, kept
  // for the run (the lookups' options point at it).
  serialization::PrefabLibrary* PrefabsFor(const std::filesystem::path& folder, const serialization::LoadOptions& options);

  std::optional<std::filesystem::path> named_;  // the cairn.project.json --project names
  std::map<std::filesystem::path, Lookup> read_;
  std::map<std::filesystem::path, std::unique_ptr<serialization::PrefabLibrary>> prefabs_;
};

}  // namespace cairn::cli
