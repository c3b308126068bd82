#pragma once
// Reading the files the commands take: a scene ("cairn.scene", any supported
// version) or a runtime export ("cairn.runtime"), told apart by their
// "format", and printing what the loaders found. An input argument "-" is
// standard input (the command line lets it be given only once).

#include <cstddef>
#include <filesystem>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "cairn/ecs/coordinator.h"
#include "cairn/serialization/atomic_file.h"
#include "cairn/serialization/diagnostic.h"
#include "cairn/serialization/scene_loader.h"

namespace cairn::cli {

struct LoadedFile {
  std::unique_ptr<ecs::Coordinator> world;  // set exactly when there is no error
  std::string format;                       // "cairn.scene" or "cairn.runtime"
  int version = -1;                         // as the file declared it; -1 when unknown
  std::vector<serialization::Diagnostic> diagnostics;

  bool Ok() const { return world != nullptr; }
};

// The bytes of the input `argument` names: standard input for "-", else the
// file, which must be a regular file (ReadFileText). `error` names the input.
serialization::ReadResult ReadInput(const std::string& argument, std::size_t max_bytes);

// Whether the two paths name one existing file: the same device and inode,
// whatever the spelling, symbolic links or hard links in between. A command
// refuses to write its output over its input.
bool SameFile(const std::filesystem::path& a, const std::filesystem::path& b);

// How messages name an input: "<stdin>" for "-", else the argument as given.
std::string InputName(const std::string& argument);

// Loads with the components `options` registers (by default the built-ins).
// A file whose "format" is "cairn.runtime" goes to the runtime loader,
// anything else to the scene loader (which reports a wrong format). An
// unreadable file gives one error with an empty pointer.
LoadedFile LoadSceneOrRuntimeFile(const std::string& argument, const serialization::LoadOptions& options = {});
// The same for a document already read.
LoadedFile LoadSceneOrRuntimeText(std::string_view text, const serialization::LoadOptions& options = {});

// One line per diagnostic: "FILE:POINTER: message", or "FILE:POINTER:
// warning: message"; "FILE: message" when the pointer is empty (the whole
// file).
void PrintDiagnostics(std::ostream& out, std::string_view file,
                      const std::vector<serialization::Diagnostic>& diagnostics);

}  // namespace cairn::cli
