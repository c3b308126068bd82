#pragma once
// The project's asset index: a stable id for every asset file the editor has
// seen, its current path, and the paths it had before, so that renaming or
// moving a file inside the editor keeps every reference to it. Scenes keep
// writing paths (readable, and what a game loads); a path a file no longer
// has still leads to it through Resolve.
//
// Paths are relative to the project folder, with forward slashes
// ("art/crate.glb"). The index lives in the project folder as
// `assets.index.json`, sorted by id so that two branches that each add assets
// merge without conflict:
//
//   {"format": "cairn.asset-index", "version": 1, "assets": [
//     {"id": "3f2a9c0d41be7e10", "path": "art/crate.glb", "formerly": ["crate.glb"]},
//     {"id": "0b61d2c4e8f09a13", "path": "art/engine.glb", "import": {"scale": 0.001, "up": "z"}}]}
//
// "import" (import_settings.h) is written only for an asset whose settings
// are not the defaults.

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cairn/assets/import_settings.h"

namespace cairn::assets {

// 16 hex digits in files, like entity ids; never zero.
struct AssetId {
  std::uint64_t value = 0;
  friend auto operator<=>(AssetId, AssetId) = default;
};

std::string ToHex(AssetId id);

inline constexpr std::string_view kAssetIndexFileName = "assets.index.json";

// A project-relative path in the index's form ("art/crate.glb" from
// "./art\\crate.glb"), or nullopt with the reason: empty, absolute, or
// leaving the project folder ("..").
struct NormalizedPath {
  std::optional<std::string> path;
  std::string error;
};
NormalizedPath NormalizeAssetPath(std::string_view path);

struct AssetIndexChange {
  bool ok = false;
  std::string error;  // names the paths and why
};

struct AssetIndexLoadResult;

class AssetIndex {
 public:
  using Change = AssetIndexChange;
  using LoadResult = AssetIndexLoadResult;

  explicit AssetIndex(std::uint64_t id_seed);

  // Reads <project>/assets.index.json; a project without one has an empty index.
  static LoadResult Load(const std::filesystem::path& project_folder, std::uint64_t id_seed);
  // Writes it atomically (a failed save leaves the old file).
  Change Save(const std::filesystem::path& project_folder) const;
  std::string ToText() const;

  // The id of the asset whose current path is `path`, registering a new
  // asset when none has it (a new file at a path another asset had before
  // is a new asset, and the path leads to it from then on). nullopt for a
  // path NormalizeAssetPath refuses.
  std::optional<AssetId> Register(std::string_view path);
  // The asset a current or former path names; a current path wins over a
  // former one.
  std::optional<AssetId> Find(std::string_view path) const;
  std::optional<std::string> PathOf(AssetId id) const;
  // The current path of the asset `path` names, or `path` itself (normalized)
  // when the index does not know it.
  std::string Resolve(std::string_view path) const;

  // Records that the file at `from` is now at `to`: the asset keeps its id
  // and `from` becomes one of its former paths. Refused when `to` is the
  // current path of another asset. An unknown `from` is registered first.
  Change Move(std::string_view from, std::string_view to);
  // Move for every asset under folder `from` (a path prefix ending at a '/').
  Change MoveFolder(std::string_view from, std::string_view to);

  // How the asset a current or former path names is imported; the defaults
  // for a path the index does not know.
  ImportSettings ImportSettingsOf(std::string_view path) const;
  // Sets them (registering the path when the index does not know it).
  // Refused, naming the path, for settings ImportSettingsProblem refuses.
  Change SetImportSettings(std::string_view path, const ImportSettings& settings);

  // Current paths with no file under `project_folder`, sorted.
  std::vector<std::string> Missing(const std::filesystem::path& project_folder) const;

  std::size_t Size() const { return entries_.size(); }

 private:
  struct Entry {
    std::string path;
    std::vector<std::string> formerly;  // oldest first
    ImportSettings import;
  };

  AssetId NewId();

  std::map<AssetId, Entry> entries_;         // sorted by id: the file's order
  std::map<std::string, AssetId> current_;   // path -> id
  std::map<std::string, AssetId> former_;    // former path -> id (latest holder)
  std::uint64_t random_state_;
};

struct AssetIndexLoadResult {
  std::optional<AssetIndex> index;
  std::string error;  // names the file and the problem
};

// Where the asset once at `path` is now, by the index of `project_folder`:
// its current path when the index knows it under another, else nullopt (no
// index, an unreadable one, or no move). For files looked up by an old path
// (a prefab an older scene names).
std::optional<std::string> MovedAssetPath(const std::filesystem::path& project_folder, std::string_view path);

}  // namespace cairn::assets
