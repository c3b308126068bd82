#pragma once
// The Assets panel: the project's folders and files (meshes, scenes,
// textures) with a search field and a kind filter, and the built-in meshes.
// A mesh dragged out of it (kAssetPayload) into the Viewport becomes an
// entity on the ground under the cursor, onto the Hierarchy an entity under
// the row it is dropped on, onto an Inspector asset field that field's value;
// each is one undoable action. Right-click renames or moves a file or folder
// (MoveAsset: the asset index keeps old paths leading to it, and the open
// scene's references are updated as one undoable action), or reimports a
// mesh file.
//
// The listing is read when the folder, the search or the filter changes, after
// a move, and every kRescanSeconds (files copied in from outside appear).

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "cairn/editor/asset_files.h"

namespace cairn::editor {

class EditorContext;

class AssetBrowserPanel {
 public:
  static constexpr double kRescanSeconds = 2.0;

  explicit AssetBrowserPanel(EditorContext& context) : context_(context) {}

  // Where mesh thumbnails come from (ViewportPanel::Thumbnail: a GL texture
  // drawn with flipped v, 0 while there is none); unset: no thumbnails.
  using ThumbnailSource = std::function<std::uint32_t(std::string_view asset)>;
  void SetThumbnails(ThumbnailSource source) { thumbnails_ = std::move(source); }
  // What "Reimport" does for a mesh file (ViewportPanel::Reimport); unset:
  // the menu item is not offered.
  void SetReimport(std::function<void(std::string_view asset)> reimport) { reimport_ = std::move(reimport); }

  // Fills the current window.
  void Draw();

 private:
  // Places an instance of the prefab file `path` as a new root.
  void Instantiate(const std::string& path);
  void DrawToolbar();
  void DrawBuiltins();
  void DrawFiles();
  void DrawMoveDialog();
  void DrawImportDialog();
  void Rescan(double now);

  EditorContext& context_;
  ThumbnailSource thumbnails_;
  std::function<void(std::string_view)> reimport_;
  std::optional<std::filesystem::path> root_;
  AssetQuery query_;
  AssetListing listing_;
  double listed_at_ = -1.0e9;
  bool stale_ = true;
  std::string selected_;  // path of the highlighted row
  // The rename/move dialog: the path being moved and the path typed.
  std::string moving_;
  std::string move_target_;
  bool open_move_dialog_ = false;
  std::string move_error_;
  // The import settings dialog: the mesh, its settings as edited, the error.
  std::string importing_;
  assets::ImportSettings import_settings_;
  bool open_import_dialog_ = false;
  std::string import_error_;
};

}  // namespace cairn::editor
