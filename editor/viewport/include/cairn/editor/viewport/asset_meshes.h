#pragma once
// The meshes MeshRenderer.asset names, as the viewport draws them: each file
// is imported once on a worker thread (assets::ImportQueue), uploaded once
// through a MeshUploader (the Renderer, which needs the GL context) and then
// drawn instanced by every entity naming it. Until then, and for a file that
// is missing or cannot be imported, the entity is drawn as a placeholder. A
// file that cannot be imported reaches the Console once; a missing one is the
// loader's warning and the Inspector's, not repeated here.
//
// Paths are relative to the asset folder (serialization::AssetFolderFor: the
// project's folder, or the scene's when there is no project file). Changing the folder forgets
// every mesh (they are removed from the uploader) and imports anew. A missing
// file is looked for again every kMissingRetrySeconds, so a file copied into
// the project later appears without reopening the scene; Reload imports a
// file again after it changed.
//
// UI thread only.

#include <cstddef>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "cairn/assets/asset_index.h"
#include "cairn/assets/import_queue.h"
#include "cairn/assets/import_settings.h"
#include "cairn/render/bounds.h"
#include "cairn/render/mesh_asset.h"
#include "cairn/render/triangle_bvh.h"

namespace cairn::editor {

class MessageLog;

enum class AssetMeshState : std::uint8_t {
  kLoading,  // being imported, or imported and not yet uploaded
  kReady,    // drawn as `mesh`
  kMissing,  // no such file under the asset folder (or no asset folder)
  kFailed,   // the import or the upload failed: `problem` says why
};

struct AssetMesh {
  AssetMeshState state = AssetMeshState::kLoading;
  render::MeshAssetId mesh;  // kReady only
  render::Aabb bounds;       // model space; kReady, or kLoading after BoundsNow read them
  // Its triangles for surface queries (SceneSurfaces); kReady only. Shared,
  // so a query's copy outlives a Reload.
  std::shared_ptr<const render::TriangleBvh> surface;
  std::string problem;       // kMissing, kFailed: one line naming the file
};

// Where meshes go to be drawn: the Renderer in the editor, a recorder in tests.
class MeshUploader {
 public:
  virtual ~MeshUploader() = default;
  // No id (IsNone) when the mesh cannot be uploaded.
  virtual render::MeshAssetId Upload(const render::MeshAsset& mesh) = 0;
  virtual void Remove(render::MeshAssetId mesh) = 0;
};

class AssetMeshes {
 public:
  static constexpr double kMissingRetrySeconds = 1.0;

  using Importer = std::function<assets::ImportResult(const std::filesystem::path&)>;
  explicit AssetMeshes(Importer import = assets::ImportQueue::DefaultImport);
  ~AssetMeshes();
  AssetMeshes(const AssetMeshes&) = delete;
  AssetMeshes& operator=(const AssetMeshes&) = delete;

  // The folder paths are relative to (none: every asset is missing).
  void SetFolder(const std::optional<std::filesystem::path>& folder, MeshUploader& uploader);
  [[nodiscard]] const std::optional<std::filesystem::path>& Folder() const { return folder_; }

  // The mesh `asset` names; the first call for a path starts its import.
  // `asset` must not be empty. The reference stays valid until the next
  // Update, SetFolder or Reload.
  const AssetMesh& Find(std::string_view asset);

  // The model bounds of mesh `asset` now: its imported mesh's when ready,
  // else read from the file at once, once (a drop cannot wait for the
  // import, and a scatter stroke asks every dab); empty when it cannot be
  // imported.
  render::Aabb BoundsNow(std::string_view asset);

  // Once a frame: uploads the imports that finished (logging failures and
  // warnings, each naming its file) and looks again for missing files.
  void Update(MeshUploader& uploader, MessageLog& log, double now_seconds);

  // How `asset` is imported: its settings in the project's asset index
  // (read when the folder is set and on each Reload), else the defaults.
  assets::ImportSettings SettingsOf(std::string_view asset) const;

  // Forgets `asset` (removing its mesh) and reads the asset index again:
  // the next Find imports it again, with its current import settings.
  void Reload(std::string_view asset, MeshUploader& uploader);

  // Imports requested and finished since the folder was set.
  [[nodiscard]] assets::ImportProgress Progress() const;

 private:
  struct Entry {
    AssetMesh mesh;
    bool reported = false;  // its import failure reached the Console
  };
  void Forget(MeshUploader& uploader);
  void ReadIndex();
  Entry& Start(const std::string& asset);

  Importer import_;
  std::optional<std::filesystem::path> folder_;
  std::optional<assets::AssetIndex> index_;  // the folder's, when it has one that reads
  std::unique_ptr<assets::ImportQueue> queue_;
  std::unordered_map<std::string, Entry> entries_;  // by asset path as written
  std::unordered_map<std::filesystem::path::string_type, std::string> asset_by_file_;
  double last_missing_check_ = 0.0;
  // The last Find, which a frame drawing many instances of one mesh repeats.
  std::string last_asset_;
  Entry* last_entry_ = nullptr;
};

}  // namespace cairn::editor
