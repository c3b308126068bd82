#pragma once
// Loading a scene or runtime export while it is parsed, one entity at a
// time, without a Document of the whole file: the path every load of a
// current-version file takes. The entities go to an EntityStream
// (world_reader.h), everything else becomes a small Document.
//
// A file the stream does not take is handed back untouched (Taken() false),
// for the whole-document load, which reports its problems with every detail
// (line and column of a syntax error, bytes after the end): text that is not
// JSON, a number too large for a double (or one that underflows), nesting
// past the limit, a NUL byte,
// a root that is not an object, a file without entities, or one whose
// format and version do not come before its entities as the current version
// (an older file is migrated as a whole).

#include <filesystem>
#include <memory>
#include <string_view>
#include <vector>

#include "cairn/ecs/coordinator.h"
#include "cairn/ecs/plain_value.h"
#include "cairn/serialization/diagnostic.h"
#include "cairn/serialization/scene_loader.h"
#include "world_reader.h"

namespace cairn::serialization::detail {

struct StreamedLoad {
  bool taken = false;  // false: nothing was reported; load the file as a whole
  std::unique_ptr<ecs::Coordinator> world;  // set when taken and without error
  ecs::PlainValue editor = ecs::PlainValue::MakeObject();
  std::vector<Diagnostic> diagnostics;

  bool Taken() const { return taken; }
};

StreamedLoad StreamLoad(std::string_view text, FileKind kind, const LoadOptions& options);
// A file that cannot be opened, or is over LoadOptions::max_bytes, is not
// taken: ReadFileText then names the problem.
StreamedLoad StreamLoadFile(const std::filesystem::path& path, FileKind kind, const LoadOptions& options);

}  // namespace cairn::serialization::detail
