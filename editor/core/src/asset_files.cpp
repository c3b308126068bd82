#include "cairn/editor/asset_files.h"

#include <algorithm>
#include <map>
#include <set>
#include <system_error>
#include <utility>

#include "cairn/assets/asset_index.h"
#include "cairn/ecs/components/mesh_renderer.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/editor/actions.h"
#include "cairn/editor/editor_errors.h"
#include "cairn/editor/prefab_actions.h"
#include "cairn/editor/text_case.h"
#include "cairn/serialization/asset_folder.h"
#include "cairn/serialization/json_text.h"

namespace cairn::editor {
namespace {

bool Hidden(const std::string& name) {
  return name.empty() || name.front() == '.' || name == assets::kAssetIndexFileName;
}

std::string Join(std::string_view folder, const std::string& name) {
  return folder.empty() ? name : std::string(folder) + "/" + name;
}

}  // namespace

std::string_view AssetKindName(AssetKind kind) {
  switch (kind) {
    case AssetKind::kFolder: return "Folders";
    case AssetKind::kMesh: return "Meshes";
    case AssetKind::kScene: return "Scenes";
    case AssetKind::kTexture: return "Textures";
    case AssetKind::kOther: return "Other";
  }
  return "Other";
}

AssetKind AssetKindOf(const std::filesystem::path& file) {
  const std::string extension = LowerAscii(file.extension().string());
  if (extension == ".gltf" || extension == ".glb") return AssetKind::kMesh;
  if (extension == ".scene") return AssetKind::kScene;
  if (extension == ".png" || extension == ".jpg" || extension == ".jpeg") return AssetKind::kTexture;
  return AssetKind::kOther;
}

const BuiltinMesh* FindBuiltinMesh(std::string_view payload) {
  if (!payload.starts_with(kBuiltinMeshPrefix)) return nullptr;
  const std::string_view key = payload.substr(kBuiltinMeshPrefix.size());
  for (const BuiltinMesh& builtin : kBuiltinMeshes) {
    if (builtin.key == key) return &builtin;
  }
  return nullptr;
}

ecs::Action CreateFromAssetPayload(ecs::Coordinator& world, std::string_view payload,
                                   std::optional<glm::vec3> position, ecs::EntityId parent,
                                   serialization::PrefabLibrary* prefabs) {
  if (AssetKindOf(std::filesystem::path(payload)) == AssetKind::kScene) {
    if (prefabs == nullptr) throw ActionError("cannot place " + std::string(payload) + ": the scene has no folder");
    const serialization::PrefabLookup lookup = prefabs->Get(payload);
    if (lookup.prefab == nullptr) throw ActionError(lookup.error);
    return actions::Instantiate(world, *lookup.prefab, parent, position);
  }
  if (!payload.starts_with(kBuiltinMeshPrefix)) {
    return actions::CreateMeshEntity(world, payload, position.value_or(glm::vec3(0.0f)), parent);
  }
  if (const BuiltinMesh* builtin = FindBuiltinMesh(payload)) {
    return actions::CreatePrimitive(world, builtin->shape, parent, position.value_or(glm::vec3(0.0f)));
  }
  throw ActionError("there is no built-in mesh " + serialization::Quoted(payload.substr(kBuiltinMeshPrefix.size())));
}

ecs::Action RetargetMovedAssets(ecs::Coordinator& world, const std::filesystem::path& root,
                                std::vector<std::string>& notes) {
  const std::string name = "Update moved asset references";
  std::error_code error;
  if (!std::filesystem::exists(root / assets::kAssetIndexFileName, error)) return {name, {}};
  const assets::AssetIndex::LoadResult loaded = assets::AssetIndex::Load(root, 1);
  if (!loaded.index) {
    notes.push_back(loaded.error);
    return {name, {}};
  }
  std::set<std::string> paths;
  for (ecs::ComponentType type = 0; type < world.ComponentTypeCount(); ++type) {
    const ecs::ComponentInfo& info = world.GetComponentInfo(type);
    for (const ecs::FieldInfo& field : info.fields) {
      if (field.type != ecs::FieldType::kAsset) continue;
      world.EachComponentData(type, [&](ecs::Entity, void* data) {
        const std::string& path = field.Ref<std::string>(data);
        if (!path.empty()) paths.insert(path);
      });
    }
  }
  std::map<std::string, std::string> moved;  // old path -> current path
  for (const std::string& path : paths) {
    if (!serialization::MissingAssetProblem(root, path)) continue;
    const std::string current = loaded.index->Resolve(path);
    if (current == path || serialization::MissingAssetProblem(root, current)) continue;
    moved.emplace(path, current);
    notes.push_back(path + " is now " + current);
  }
  return actions::RetargetAssets(world, name, [&moved](const std::string& path) -> std::optional<std::string> {
    const auto it = moved.find(path);
    return it != moved.end() ? std::optional<std::string>(it->second) : std::nullopt;
  });
}

AssetListing ListAssets(const std::filesystem::path& root, const AssetQuery& query) {
  AssetListing listing;
  const std::filesystem::path start = query.folder.empty() ? root : root / std::filesystem::path(query.folder);
  const std::string search = LowerAscii(query.search);
  std::error_code error;
  const auto keep_file = [&](AssetKind kind) { return query.kind ? kind == *query.kind : true; };

  if (search.empty()) {
    std::filesystem::directory_iterator it(start, error);
    for (; !error && it != std::filesystem::directory_iterator(); it.increment(error)) {
      const std::string name = it->path().filename().string();
      if (Hidden(name)) continue;
      std::error_code status_error;
      const bool folder = it->is_directory(status_error);
      const AssetKind kind = folder ? AssetKind::kFolder : AssetKindOf(it->path());
      if (!folder && !keep_file(kind)) continue;
      listing.files.push_back({Join(query.folder, name), name, kind});
    }
  } else {
    std::filesystem::recursive_directory_iterator it(start, std::filesystem::directory_options::skip_permission_denied,
                                                     error);
    for (; !error && it != std::filesystem::recursive_directory_iterator(); it.increment(error)) {
      const std::string name = it->path().filename().string();
      if (Hidden(name)) {
        if (it->is_directory()) it.disable_recursion_pending();
        continue;
      }
      std::error_code status_error;
      if (it->is_directory(status_error)) continue;
      const AssetKind kind = AssetKindOf(it->path());
      if (!keep_file(kind) || LowerAscii(name).find(search) == std::string::npos) continue;
      listing.files.push_back(
          {std::filesystem::relative(it->path(), root, status_error).generic_string(), name, kind});
    }
  }
  if (error) listing.error = "cannot list " + start.string() + ": " + error.message();
  std::sort(listing.files.begin(), listing.files.end(), [](const AssetFile& a, const AssetFile& b) {
    const bool a_folder = a.kind == AssetKind::kFolder;
    const bool b_folder = b.kind == AssetKind::kFolder;
    if (a_folder != b_folder) return a_folder;
    const std::string la = LowerAscii(a.name), lb = LowerAscii(b.name);
    return la != lb ? la < lb : a.path < b.path;
  });
  return listing;
}

AssetMoveResult MoveAsset(const std::filesystem::path& root, std::string_view from, std::string_view to,
                          ecs::Coordinator& world, std::uint64_t id_seed) {
  AssetMoveResult result;
  const assets::NormalizedPath source = assets::NormalizeAssetPath(from);
  const assets::NormalizedPath target = assets::NormalizeAssetPath(to);
  const std::string what = "cannot move " + serialization::Quoted(from) + " to " + serialization::Quoted(to);
  if (!source.path || !target.path) {
    result.error = what + ": " + (source.path ? target.error : source.error);
    return result;
  }
  if (*source.path == *target.path) {
    result.error = what + ": it is already there";
    return result;
  }
  const std::filesystem::path old_file = root / std::filesystem::path(*source.path);
  const std::filesystem::path new_file = root / std::filesystem::path(*target.path);
  std::error_code error;
  const bool folder = std::filesystem::is_directory(old_file, error);
  if (!folder && !std::filesystem::is_regular_file(old_file, error)) {
    result.error = what + ": there is no file " + old_file.string();
    return result;
  }
  if (folder && target.path->starts_with(*source.path + "/")) {
    result.error = what + ": a folder cannot move into itself";
    return result;
  }
  if (std::filesystem::exists(new_file, error)) {
    result.error = what + ": " + new_file.string() + " already exists";
    return result;
  }

  assets::AssetIndex::LoadResult loaded = assets::AssetIndex::Load(root, id_seed);
  if (!loaded.index) {
    result.error = what + ": " + loaded.error;
    return result;
  }
  assets::AssetIndex& index = *loaded.index;
  // Every file moving gets an id first, so its old path keeps leading to it.
  if (folder) {
    std::filesystem::recursive_directory_iterator it(old_file, error);
    for (; !error && it != std::filesystem::recursive_directory_iterator(); it.increment(error)) {
      std::error_code status_error;
      if (it->is_regular_file(status_error)) {
        index.Register(std::filesystem::relative(it->path(), root, status_error).generic_string());
      }
    }
    if (error) {
      result.error = what + ": cannot list " + old_file.string() + ": " + error.message();
      return result;
    }
  } else {
    index.Register(*source.path);
  }
  const assets::AssetIndexChange change =
      folder ? index.MoveFolder(*source.path, *target.path) : index.Move(*source.path, *target.path);
  if (!change.ok) {
    result.error = what + ": " + change.error;
    return result;
  }

  std::filesystem::create_directories(new_file.parent_path(), error);
  std::filesystem::rename(old_file, new_file, error);
  if (error) {
    result.error = what + ": " + error.message();
    return result;
  }
  if (const assets::AssetIndexChange saved = index.Save(root); !saved.ok) {
    std::error_code undo_error;
    std::filesystem::rename(new_file, old_file, undo_error);  // leave the disk as it was
    result.error = what + ": " + saved.error;
    return result;
  }
  result.references = actions::RetargetAssets(world, *source.path, *target.path, folder);
  return result;
}

std::string SetAssetImportSettings(const std::filesystem::path& root, std::string_view path,
                                   const assets::ImportSettings& settings, std::uint64_t id_seed) {
  assets::AssetIndex::LoadResult loaded = assets::AssetIndex::Load(root, id_seed);
  if (!loaded.index) return "cannot set the import settings of " + std::string(path) + ": " + loaded.error;
  const assets::AssetIndexChange change = loaded.index->SetImportSettings(path, settings);
  if (!change.ok) return change.error;
  const assets::AssetIndexChange saved = loaded.index->Save(root);
  return saved.ok ? std::string() : "cannot set the import settings of " + std::string(path) + ": " + saved.error;
}

}  // namespace cairn::editor
