#include "cairn/editor/viewport/asset_meshes.h"

#include <utility>

#include "cairn/assets/render_mesh.h"
#include "cairn/editor/message_log.h"
#include "cairn/serialization/asset_folder.h"
#include "cairn/serialization/json_text.h"

namespace cairn::editor {

AssetMeshes::AssetMeshes(Importer import) : import_(std::move(import)) {}

AssetMeshes::~AssetMeshes() = default;

void AssetMeshes::SetFolder(const std::optional<std::filesystem::path>& folder, MeshUploader& uploader) {
  if (folder == folder_ && (queue_ != nullptr || !folder)) return;
  Forget(uploader);
  folder_ = folder;
  ReadIndex();
  if (folder_) queue_ = std::make_unique<assets::ImportQueue>(import_);
}

void AssetMeshes::ReadIndex() {
  index_.reset();
  if (!folder_) return;
  assets::AssetIndex::LoadResult loaded = assets::AssetIndex::Load(*folder_, 1);
  // An index that cannot be read imports everything as it is; the Assets
  // panel reports the index's problem.
  if (loaded.index) index_ = std::move(loaded.index);
}

assets::ImportSettings AssetMeshes::SettingsOf(std::string_view asset) const {
  return index_ ? index_->ImportSettingsOf(asset) : assets::ImportSettings{};
}

void AssetMeshes::Forget(MeshUploader& uploader) {
  for (auto& [asset, entry] : entries_) {
    if (!entry.mesh.mesh.IsNone()) uploader.Remove(entry.mesh.mesh);
  }
  entries_.clear();
  asset_by_file_.clear();
  queue_.reset();  // drops queued imports; waits for the one under way
  last_asset_.clear();
  last_entry_ = nullptr;
}

AssetMeshes::Entry& AssetMeshes::Start(const std::string& asset) {
  Entry& entry = entries_[asset];
  entry = Entry{};
  if (!folder_ || queue_ == nullptr) {
    entry.mesh.state = AssetMeshState::kMissing;
    entry.mesh.problem =
        "asset " + serialization::Quoted(asset) + " cannot be found: the scene has no project or file folder yet";
    return entry;
  }
  if (std::optional<std::string> problem = serialization::MissingAssetProblem(*folder_, asset)) {
    entry.mesh.state = AssetMeshState::kMissing;
    entry.mesh.problem = std::move(*problem);
    return entry;
  }
  const std::filesystem::path file = *folder_ / std::filesystem::path(asset);
  asset_by_file_[file.native()] = asset;
  entry.mesh.state = AssetMeshState::kLoading;
  queue_->Request(file);
  return entry;
}

const AssetMesh& AssetMeshes::Find(std::string_view asset) {
  if (last_entry_ != nullptr && asset == last_asset_) return last_entry_->mesh;
  std::string key(asset);
  auto it = entries_.find(key);
  Entry& entry = it != entries_.end() ? it->second : Start(key);
  last_asset_ = std::move(key);
  last_entry_ = &entry;
  return entry.mesh;
}

void AssetMeshes::Update(MeshUploader& uploader, MessageLog& log, double now_seconds) {
  if (queue_ != nullptr) {
    for (assets::FinishedImport& finished : queue_->Collect()) {
      const auto file = asset_by_file_.find(finished.path.native());
      if (file == asset_by_file_.end()) continue;
      const auto it = entries_.find(file->second);
      // Forgotten (Reload) and asked for again: a later import brings it.
      if (it == entries_.end() || it->second.mesh.state != AssetMeshState::kLoading) continue;
      AssetMesh& mesh = it->second.mesh;
      for (const std::string& warning : finished.result.warnings) log.Warning("Assets: " + warning);
      if (!finished.result.model) {
        mesh.state = AssetMeshState::kFailed;
        mesh.problem = finished.result.error;
        continue;
      }
      assets::ApplyImportSettings(*finished.result.model, SettingsOf(file->second));
      const render::MeshAsset render_mesh = assets::ToRenderMesh(*finished.result.model);
      mesh.mesh = uploader.Upload(render_mesh);
      if (mesh.mesh.IsNone()) {
        mesh.state = AssetMeshState::kFailed;
        mesh.problem = "cannot draw " + finished.path.string() + ": the viewport could not upload it";
        continue;
      }
      mesh.state = AssetMeshState::kReady;
      mesh.bounds = render_mesh.Bounds();
      mesh.surface = std::make_shared<const render::TriangleBvh>(render_mesh);
    }
  }

  const bool recheck = now_seconds - last_missing_check_ >= kMissingRetrySeconds;
  if (recheck) last_missing_check_ = now_seconds;
  for (auto it = entries_.begin(); it != entries_.end();) {
    Entry& entry = it->second;
    if (entry.mesh.state == AssetMeshState::kFailed && !entry.reported) {
      entry.reported = true;
      log.Error("Assets: " + entry.mesh.problem);
    }
    // A missing file may have been copied in since: forget it, so the next
    // Find looks again (and imports it when it is there).
    if (recheck && entry.mesh.state == AssetMeshState::kMissing && folder_ &&
        !serialization::MissingAssetProblem(*folder_, it->first)) {
      if (last_entry_ == &entry) last_entry_ = nullptr;
      it = entries_.erase(it);
      continue;
    }
    ++it;
  }
}

render::Aabb AssetMeshes::BoundsNow(std::string_view asset) {
  Find(asset);  // starts the import when it is the first ask
  AssetMesh& mesh = entries_.at(std::string(asset)).mesh;
  // Ready, or read at once by an earlier ask while the import runs: kept.
  if (mesh.state == AssetMeshState::kReady || !mesh.bounds.IsEmpty()) return mesh.bounds;
  if (mesh.state != AssetMeshState::kLoading || !folder_) return {};
  assets::ImportResult imported = import_(*folder_ / std::filesystem::path(asset));
  if (!imported.model || imported.model->primitives.empty()) return {};
  assets::ApplyImportSettings(*imported.model, SettingsOf(asset));
  mesh.bounds = render::Aabb{imported.model->bounds.min, imported.model->bounds.max};
  return mesh.bounds;
}

void AssetMeshes::Reload(std::string_view asset, MeshUploader& uploader) {
  ReadIndex();  // its import settings may be what changed
  const auto it = entries_.find(std::string(asset));
  if (it == entries_.end()) return;
  if (!it->second.mesh.mesh.IsNone()) uploader.Remove(it->second.mesh.mesh);
  if (folder_ && queue_ != nullptr) queue_->Forget(*folder_ / std::filesystem::path(asset));
  if (last_entry_ == &it->second) last_entry_ = nullptr;
  entries_.erase(it);
}

assets::ImportProgress AssetMeshes::Progress() const {
  return queue_ != nullptr ? queue_->Progress() : assets::ImportProgress{};
}

}  // namespace cairn::editor
