#pragma once
// The project's files as the Assets panel lists them: one folder at a time
// (or, while searching, every file under it), each file with its kind, and
// the renames and moves the panel makes, which keep the asset index and the
// open scene's references up to date (see AssetFiles::Move).

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <glm/vec3.hpp>

#include "cairn/assets/import_settings.h"
#include "cairn/ecs/command.h"
#include "cairn/ecs/components/mesh_renderer.h"
#include "cairn/ecs/entity.h"
#include "cairn/ecs/fwd.h"

namespace cairn::serialization {
class PrefabLibrary;
}

namespace cairn::editor {

// The drag-and-drop payload of a file dragged from the Assets panel: its path
// relative to the asset folder, as UTF-8 bytes (no terminator). Built-in
// meshes are "builtin:cube" and so on (kBuiltinMeshPrefix).
inline constexpr const char* kAssetPayload = "CAIRN_ASSET";
inline constexpr std::string_view kBuiltinMeshPrefix = "builtin:";

// The built-in meshes the Assets panel offers, by payload key ("builtin:cube"
// is kBuiltinMeshPrefix + key). Placed, they rest by their bounds like any
// mesh (render::MeshShapeBounds).
struct BuiltinMesh {
  std::string_view key;
  ecs::MeshShape shape;
};
inline constexpr BuiltinMesh kBuiltinMeshes[] = {{"cube", ecs::MeshShape::kCube},
                                                 {"sphere", ecs::MeshShape::kSphere},
                                                 {"plane", ecs::MeshShape::kPlane},
                                                 {"cylinder", ecs::MeshShape::kCylinder},
                                                 {"cone", ecs::MeshShape::kCone}};

// The built-in mesh a payload names ("builtin:cone"), or null (a file path,
// or an unknown built-in).
const BuiltinMesh* FindBuiltinMesh(std::string_view payload);

enum class AssetKind : std::uint8_t { kFolder, kMesh, kScene, kTexture, kOther };

// "Meshes", "Scenes", ... for the panel's filter.
std::string_view AssetKindName(AssetKind kind);
// By the file's ending, any case: .gltf/.glb meshes, .scene scenes,
// .png/.jpg/.jpeg textures.
AssetKind AssetKindOf(const std::filesystem::path& file);

struct AssetFile {
  std::string path;  // relative to the asset folder, '/' separated ("meshes/crate.glb")
  std::string name;  // the last part ("crate.glb")
  AssetKind kind = AssetKind::kOther;
};

struct AssetListing {
  std::vector<AssetFile> files;  // folders first, then files, each by name
  std::string error;             // a folder that cannot be read: names it and why
};

struct AssetQuery {
  std::string folder{};  // relative ("" = the asset folder itself)
  std::string search{};  // case-insensitive part of the name; non-empty lists every file under `folder`
  std::optional<AssetKind> kind{};  // only files of this kind (folders stay unless searching)
};

// The entity a dropped asset payload becomes, at `position` (none: the
// origin, or where the prefab has it) under `parent`: CreatePrimitive for
// "builtin:cube" and the others, Instantiate for a scene file (a prefab,
// found through `prefabs`), CreateMeshEntity for a mesh file's path. Throws
// ActionError for an unknown built-in, a prefab that cannot be loaded or an
// empty payload.
ecs::Action CreateFromAssetPayload(ecs::Coordinator& world, std::string_view payload,
                                   std::optional<glm::vec3> position, ecs::EntityId parent,
                                   serialization::PrefabLibrary* prefabs = nullptr);

// References to files moved since the scene was saved: every asset field of
// `world` naming no file under `root` whose path the project's asset index
// (assets.index.json) leads to a file that exists is set to that file's
// current path, as one action ("Update moved asset references"); no commands
// when there is nothing to update or no index. `notes` receives one line per
// updated path ("meshes/crate.glb is now props/box.glb") and a line for an
// index that cannot be read.
ecs::Action RetargetMovedAssets(ecs::Coordinator& world, const std::filesystem::path& root,
                                std::vector<std::string>& notes);

// The listing `query` asks for under `root`. Hidden entries (".git") and the
// asset index are left out; files of kind kOther are listed only when no kind
// is asked for.
AssetListing ListAssets(const std::filesystem::path& root, const AssetQuery& query);

struct AssetMoveResult {
  std::string error;  // empty on success; names the paths and why
  // Sets the open scene's references to the new path (RetargetAssets); no
  // commands when the scene has none.
  ecs::Action references;

  [[nodiscard]] bool Ok() const { return error.empty(); }
};

// Renames or moves the file or folder `from` to `to` (paths relative to
// `root`, the project folder) and records it in the project's asset index
// (assets.index.json), so every scene's old path keeps leading to the file;
// returns the action that updates `world`'s references. All or nothing: an
// existing `to`, a path leaving the folder, an unreadable index or a failed
// rename or index save change nothing on disk. `id_seed` draws new asset ids.
AssetMoveResult MoveAsset(const std::filesystem::path& root, std::string_view from, std::string_view to,
                          ecs::Coordinator& world, std::uint64_t id_seed);

// Records how the asset `path` (relative to `root`, the project folder) is
// imported in the project's asset index, so every scene draws it so. Returns
// the error (naming the path or the index file), or an empty string; a
// refused change leaves the index file as it was.
std::string SetAssetImportSettings(const std::filesystem::path& root, std::string_view path,
                                   const assets::ImportSettings& settings, std::uint64_t id_seed);

}  // namespace cairn::editor
