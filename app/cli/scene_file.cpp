#include "scene_file.h"

#include <sys/stat.h>

#include <utility>

#include "cairn/serialization/document.h"
#include "cairn/serialization/runtime_loader.h"
#include "cairn/serialization/scene_format.h"
#include "cairn/serialization/scene_loader.h"

namespace cairn::cli {

using serialization::Diagnostic;

serialization::ReadResult ReadInput(const std::string& argument, std::size_t max_bytes) {
  return argument == "-" ? serialization::ReadStandardInput(max_bytes)
                         : serialization::ReadFileText(argument, max_bytes);
}

bool SameFile(const std::filesystem::path& a, const std::filesystem::path& b) {
  struct stat first{};
  struct stat second{};
  return ::stat(a.c_str(), &first) == 0 && ::stat(b.c_str(), &second) == 0 && first.st_dev == second.st_dev &&
         first.st_ino == second.st_ino;
}

std::string InputName(const std::string& argument) { return argument == "-" ? "<stdin>" : argument; }

namespace {

LoadedFile FromRuntime(serialization::RuntimeLoadResult result) {
  LoadedFile loaded;
  loaded.format = serialization::kRuntimeFormat;
  loaded.version = serialization::kRuntimeVersion;
  loaded.world = std::move(result.world);
  loaded.diagnostics = std::move(result.diagnostics);
  return loaded;
}

LoadedFile FromScene(serialization::LoadResult result) {
  LoadedFile loaded;
  loaded.format = serialization::kSceneFormat;
  loaded.version = result.file_version;
  if (result.scene) loaded.world = std::move(result.scene->world);
  loaded.diagnostics = std::move(result.diagnostics);
  return loaded;
}

}  // namespace

LoadedFile LoadSceneOrRuntimeFile(const std::string& argument, const serialization::LoadOptions& options) {
  if (argument == "-") {
    serialization::ReadResult input = serialization::ReadStandardInput(options.max_bytes);
    if (!input.text) {
      LoadedFile loaded;
      loaded.diagnostics.push_back({Diagnostic::Severity::kError, "", std::move(input.error)});
      return loaded;
    }
    return LoadSceneOrRuntimeText(*input.text, options);
  }
  // A file is read as it is parsed, never held whole (a level of a million
  // entities is over half a gigabyte of text).
  if (serialization::DeclaredFileFormat(argument, options.max_bytes) == serialization::kRuntimeFormat) {
    return FromRuntime(serialization::LoadRuntimeFile(argument, options));
  }
  return FromScene(serialization::LoadSceneFile(argument, options));
}

LoadedFile LoadSceneOrRuntimeText(std::string_view text, const serialization::LoadOptions& options) {
  if (serialization::DeclaredFormat(text) == serialization::kRuntimeFormat) {
    return FromRuntime(serialization::LoadRuntime(text, options));
  }
  return FromScene(serialization::LoadScene(text, options));
}

void PrintDiagnostics(std::ostream& out, std::string_view file, const std::vector<Diagnostic>& diagnostics) {
  for (const Diagnostic& diagnostic : diagnostics) {
    out << file << ':';
    if (!diagnostic.pointer.empty()) out << diagnostic.pointer << ':';
    out << ' ';
    if (!diagnostic.IsError()) out << "warning: ";
    out << diagnostic.message << '\n';
  }
}

}  // namespace cairn::cli
