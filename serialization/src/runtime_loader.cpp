#include "cairn/serialization/runtime_loader.h"

#include <utility>

#include "cairn/serialization/atomic_file.h"
#include "cairn/serialization/migration.h"
#include "scene_stream.h"
#include "world_reader.h"

namespace cairn::serialization {

namespace {

// The whole-document load (scene_stream.h says which files take it).
RuntimeLoadResult LoadWholeRuntime(std::string_view text, const LoadOptions& options) {
  DiagnosticSink sink(options.max_errors);
  RuntimeLoadResult result;
  std::optional<Document> document = ParseDocument(text, ParseLimits{options.max_bytes, options.max_depth}, sink);
  // A document that parsed with errors is still checked, to report every
  // problem; ReadWorld gives no world when the sink holds an error.
  if (document) {
    const std::optional<int> version = detail::CheckHeader(*document, detail::FileKind::kRuntime, sink);
    if (version && MigrateRuntime(*document, *version, sink)) {
      result.world = detail::ReadWorld(*document, detail::FileKind::kRuntime, options, sink, nullptr);
    }
  }
  result.diagnostics = sink.Take();
  return result;
}

RuntimeLoadResult FromStream(detail::StreamedLoad streamed) {
  RuntimeLoadResult result;
  result.world = std::move(streamed.world);
  result.diagnostics = std::move(streamed.diagnostics);
  return result;
}

}  // namespace

RuntimeLoadResult LoadRuntime(std::string_view text, const LoadOptions& options) {
  if (options.streamed) {
    detail::StreamedLoad streamed = detail::StreamLoad(text, detail::FileKind::kRuntime, options);
    if (streamed.Taken()) return FromStream(std::move(streamed));
  }
  return LoadWholeRuntime(text, options);
}

RuntimeLoadResult LoadRuntimeFile(const std::filesystem::path& path, const LoadOptions& options) {
  if (options.streamed) {
    detail::StreamedLoad streamed = detail::StreamLoadFile(path, detail::FileKind::kRuntime, options);
    if (streamed.Taken()) return FromStream(std::move(streamed));
  }
  ReadResult file = ReadFileText(path, options.max_bytes);
  if (!file.text) {
    RuntimeLoadResult result;
    result.diagnostics.push_back({Diagnostic::Severity::kError, "", std::move(file.error)});
    return result;
  }
  return LoadWholeRuntime(*file.text, options);
}

}  // namespace cairn::serialization
