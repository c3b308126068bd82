#pragma once
// Loading scene files (format "cairn.scene", docs/scene-format.md).
//
// A load parses the text, checks format and version, migrates older
// versions, validates everything and builds a fresh world; only a load
// without errors hands the world over. Nothing outside the new world is ever
// changed, so a failed load leaves the open scene as it was. Every problem
// is reported with its JSON pointer, all of them (up to max_errors), not
// just the first. LoadScene never throws except std::bad_alloc.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "cairn/ecs/builtin_components.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/ecs/plain_value.h"
#include "cairn/serialization/diagnostic.h"
#include "cairn/serialization/document.h"

namespace cairn::serialization {

class PrefabLibrary;

struct LoadOptions {
  // Registers the component types (and systems) of the new world. The loader
  // also registers UnknownComponents on it.
  std::function<void(ecs::Coordinator&)> register_components = ecs::RegisterBuiltinComponents;
  std::size_t max_bytes = std::size_t{1} << 30;  // 1 GiB
  std::size_t max_depth = 64;                    // JSON nesting; the root is 1
  std::size_t max_entities = 1'000'000;
  std::size_t max_errors = 100;
  // Seeds the new world's generator of fresh ids; random when unset.
  std::optional<std::uint64_t> id_seed;
  // The folder asset paths are relative to (a game project's folder). When
  // set, an asset field naming no regular file under it is a warning (the
  // scene still opens); when unset, asset paths are not looked at.
  std::optional<std::filesystem::path> asset_folder;
  // Where the scene's prefab instances find their prefabs (prefab.h). When
  // null, a load that meets an instance reads the prefabs from asset_folder
  // itself (and fails, naming the instance, without one).
  PrefabLibrary* prefabs = nullptr;
  // Whether a file of the current version is read as it is parsed, one
  // entity at a time, without a parsed document of the whole file (the
  // default), or parsed whole first. Both give the same world and the same
  // diagnostics (the streamed read reports each entity's problems as it
  // meets them, so their order can differ).
  bool streamed = true;
};

// An open scene: the world and the editor's own data (camera and the like),
// a JSON object the runtime export leaves out.
struct Scene {
  std::unique_ptr<ecs::Coordinator> world;
  ecs::PlainValue editor = ecs::PlainValue::MakeObject();
};

struct LoadResult {
  std::optional<Scene> scene;  // set exactly when there is no error
  std::vector<Diagnostic> diagnostics;
  int file_version = -1;  // the version the file declared; -1 when unknown

  bool Ok() const { return scene.has_value(); }
};

LoadResult LoadScene(std::string_view text, const LoadOptions& options = {});
// Like LoadScene; a file that cannot be read or is over max_bytes gives one
// error naming the path ("cannot read /x/level.scene: No such file or directory").
LoadResult LoadSceneFile(const std::filesystem::path& path, const LoadOptions& options = {});

// Loads `text` and, only when that succeeds, replaces `target` with the new
// scene. On failure `target` (world and editor data) is untouched. Returns
// every diagnostic, warnings included.
std::vector<Diagnostic> LoadSceneInto(Scene& target, std::string_view text, const LoadOptions& options = {});

// The two halves of LoadScene, for tools that work on documents (merge):
// ParseSceneDocument bounds, parses, checks format and version and migrates
// to kSceneVersion (nullopt on any error); LoadSceneDocument validates a
// current-version document and builds the world.
std::optional<Document> ParseSceneDocument(std::string_view text, const LoadOptions& options,
                                           std::vector<Diagnostic>& diagnostics, int* file_version = nullptr);
LoadResult LoadSceneDocument(const Document& document, const LoadOptions& options = {});

}  // namespace cairn::serialization
