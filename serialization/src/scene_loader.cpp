#include "cairn/serialization/scene_loader.h"

#include <utility>

#include "cairn/serialization/atomic_file.h"
#include "cairn/serialization/migration.h"
#include "cairn/serialization/scene_format.h"
#include "scene_stream.h"
#include "world_reader.h"

namespace cairn::serialization {

namespace {

// A document that parsed with errors (a duplicate key, a number too large
// for a double) goes on to be checked, so that every problem is reported;
// the errors already in `sink` keep it from being loaded.
std::optional<Document> ParseAndMigrate(std::string_view text, const LoadOptions& options, DiagnosticSink& sink,
                                        int* file_version) {
  std::optional<Document> document = ParseDocument(text, ParseLimits{options.max_bytes, options.max_depth}, sink);
  if (!document) return std::nullopt;
  const std::optional<int> version = detail::CheckHeader(*document, detail::FileKind::kScene, sink);
  if (!version) return std::nullopt;
  if (file_version != nullptr) *file_version = *version;
  if (!MigrateScene(*document, *version, sink)) return std::nullopt;
  return document;
}

LoadResult Build(const Document& document, const LoadOptions& options, DiagnosticSink& sink) {
  LoadResult result;
  Scene scene;
  scene.world = detail::ReadWorld(document, detail::FileKind::kScene, options, sink, &scene.editor);
  if (scene.world != nullptr) result.scene = std::move(scene);
  result.diagnostics = sink.Take();
  return result;
}

// The whole-document load: parse, check, migrate, build (scene_stream.h
// says which files take it).
LoadResult LoadWholeScene(std::string_view text, const LoadOptions& options) {
  DiagnosticSink sink(options.max_errors);
  int file_version = -1;
  const std::optional<Document> document = ParseAndMigrate(text, options, sink, &file_version);
  if (!document) {
    LoadResult result;
    result.diagnostics = sink.Take();
    result.file_version = file_version;
    return result;
  }
  LoadResult result = Build(*document, options, sink);
  result.file_version = file_version;
  return result;
}

LoadResult FromStream(detail::StreamedLoad streamed) {
  LoadResult result;
  if (streamed.world != nullptr) result.scene = Scene{std::move(streamed.world), std::move(streamed.editor)};
  result.diagnostics = std::move(streamed.diagnostics);
  result.file_version = kSceneVersion;
  return result;
}

}  // namespace

std::optional<Document> ParseSceneDocument(std::string_view text, const LoadOptions& options,
                                           std::vector<Diagnostic>& diagnostics, int* file_version) {
  DiagnosticSink sink(options.max_errors);
  std::optional<Document> document = ParseAndMigrate(text, options, sink, file_version);
  if (sink.HasErrors()) document.reset();
  for (Diagnostic& diagnostic : sink.Take()) diagnostics.push_back(std::move(diagnostic));
  return document;
}

LoadResult LoadSceneDocument(const Document& document, const LoadOptions& options) {
  DiagnosticSink sink(options.max_errors);
  if (!detail::CheckHeader(document, detail::FileKind::kScene, sink)) {
    LoadResult result;
    result.diagnostics = sink.Take();
    return result;
  }
  return Build(document, options, sink);
}

LoadResult LoadScene(std::string_view text, const LoadOptions& options) {
  if (options.streamed) {
    detail::StreamedLoad streamed = detail::StreamLoad(text, detail::FileKind::kScene, options);
    if (streamed.Taken()) return FromStream(std::move(streamed));
  }
  return LoadWholeScene(text, options);
}

LoadResult LoadSceneFile(const std::filesystem::path& path, const LoadOptions& options) {
  if (options.streamed) {
    detail::StreamedLoad streamed = detail::StreamLoadFile(path, detail::FileKind::kScene, options);
    if (streamed.Taken()) return FromStream(std::move(streamed));
  }
  ReadResult file = ReadFileText(path, options.max_bytes);
  if (!file.text) {
    LoadResult result;
    result.diagnostics.push_back({Diagnostic::Severity::kError, "", std::move(file.error)});
    return result;
  }
  return LoadWholeScene(*file.text, options);
}

std::vector<Diagnostic> LoadSceneInto(Scene& target, std::string_view text, const LoadOptions& options) {
  LoadResult result = LoadScene(text, options);
  if (result.scene) target = std::move(*result.scene);
  return std::move(result.diagnostics);
}

}  // namespace cairn::serialization
