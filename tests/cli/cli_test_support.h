#pragma once
// Shared fixtures of the CLI and merge tests: scenes built as JSON documents
// (so a test states only what it changes), temporary folders, and running the
// built `cairn` binary and other programs.

#include <filesystem>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "cairn/serialization/document.h"
#include "cairn/test/files.h"

namespace cairn::cli::test {

using serialization::Document;

// ---- Scenes -----------------------------------------------------------------

// A version-1 scene document holding `entities`, with an empty editor object.
Document Scene(std::initializer_list<Document> entities);
// An entity with a Transform at the origin. `parent` empty: a root.
Document Entity(std::string_view id, std::string_view name, std::string_view parent = "", int order = 0);
// The entity with this id in `scene`; throws std::out_of_range when absent.
Document& EntityIn(Document& scene, std::string_view id);
void RemoveEntity(Document& scene, std::string_view id);
// The document as (non-canonical) text.
std::string Text(const Document& scene);
// The canonical text of a valid scene (load, then save); throws
// std::runtime_error naming the first problem of an invalid one.
std::string Canonical(const Document& scene);
std::string CanonicalText(std::string_view text);

// ---- Files --------------------------------------------------------------------

using cairn::test::ReadText;
using cairn::test::TempDir;
using cairn::test::WriteText;

// tests/serialization/data/<name> and tests/cli/data/<name> in the source tree.
std::filesystem::path SerializationData(const std::string& name);
std::filesystem::path CliData(const std::string& name);

// ---- Programs (process_support.cpp, in the CLI suite only) ---------------------

// The exit status of a program that did not finish in time (and was killed).
inline constexpr int kTimedOut = 124;

struct ProcessResult {
  int exit_code = -1;  // kTimedOut when the program was stopped
  std::string out;
  std::string err;
};

struct RunOptions {
  std::filesystem::path directory{};  // where it runs; the current folder when empty
  std::string input{};                // what it reads on standard input, through a pipe
  std::filesystem::path output{};     // where standard output goes; empty: ProcessResult::out
  int timeout_seconds = 120;          // then it is killed
};

// Runs `program` with `arguments` in `directory` (the current one when
// empty), standard input from /dev/null, and collects its output. A program
// still running after two minutes is killed.
ProcessResult Run(const std::string& program, const std::vector<std::string>& arguments,
                  const std::filesystem::path& directory = {});
ProcessResult Run(const std::string& program, const std::vector<std::string>& arguments, const RunOptions& options);
// Runs the built `cairn` binary.
ProcessResult RunCairn(const std::vector<std::string>& arguments, const std::filesystem::path& directory = {});
ProcessResult RunCairn(const std::vector<std::string>& arguments, const RunOptions& options);
// The built `cairn` binary's absolute path.
std::filesystem::path CairnBinary();

}  // namespace cairn::cli::test
