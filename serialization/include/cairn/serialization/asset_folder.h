#pragma once
// Where a scene's asset paths (fields of type asset, such as
// MeshRenderer.asset) point: relative to one folder, the project's. One
// mechanism for the loader's warning, the Inspector and the viewport, so they
// agree on what is missing and say it in the same words.

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace cairn::serialization {

// The folder of `project_file` when the project was read from a file (not
// empty), else the folder of `scene_path`, else none.
std::optional<std::filesystem::path> AssetFolderFor(const std::filesystem::path& project_file,
                                                    const std::optional<std::filesystem::path>& scene_path);

// What is wrong with the non-empty asset path `asset` under `folder`:
// "asset \"meshes/gate.glb\" is missing: there is no file /game/meshes/gate.glb",
// or none when that is a regular file.
std::optional<std::string> MissingAssetProblem(const std::filesystem::path& folder, std::string_view asset);

}  // namespace cairn::serialization
