#include "cairn/editor/scene_relocation.h"

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <set>
#include <system_error>
#include <utility>

#include "cairn/serialization/asset_folder.h"
#include "cairn/serialization/atomic_file.h"

namespace cairn::editor {
namespace {

namespace fs = std::filesystem;

bool IsRegularFile(const fs::path& path) {
  std::error_code error;
  return fs::is_regular_file(path, error);
}

// The link written for `file` from a scene in `folder`.
std::string LinkText(const fs::path& file, const fs::path& folder) {
  const fs::path relative = serialization::NormalPath(file).lexically_relative(serialization::NormalPath(folder));
  return (relative.empty() ? serialization::NormalPath(file) : relative).generic_string();
}

// Whether the project file at `file` defines `project` (compared as the
// canonical text a save would write, so the file's own layout does not matter).
bool DefinesSameProject(const fs::path& file, const serialization::Project& project) {
  if (!IsRegularFile(file)) return false;
  const serialization::ProjectLoadResult loaded = serialization::LoadProjectFile(file);
  return loaded.project && serialization::ProjectToText(*loaded.project) == serialization::ProjectToText(project);
}

// The project file a scene saved at `destination` reads `project` from, if
// it does: the one governing it names the same file, or (for a project held
// in memory) defines the same components.
bool FindsProject(const std::optional<fs::path>& governing, const serialization::Project& project) {
  if (!governing) return false;
  if (!project.file.empty()) return serialization::NormalPath(*governing) == serialization::NormalPath(project.file);
  return DefinesSameProject(*governing, project);
}

// Every non-empty value of an asset field in `world` (MeshRenderer.asset,
// project asset fields, the prefab files of instances).
std::set<std::string> AssetPaths(ecs::Coordinator& world) {
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
  return paths;
}

bool SameBytes(const fs::path& a, const fs::path& b) {
  std::error_code error;
  if (fs::file_size(a, error) != fs::file_size(b, error) || error) return false;
  std::ifstream left(a, std::ios::binary);
  std::ifstream right(b, std::ios::binary);
  return std::equal(std::istreambuf_iterator<char>(left), std::istreambuf_iterator<char>(),
                    std::istreambuf_iterator<char>(right), std::istreambuf_iterator<char>());
}

}  // namespace

std::optional<fs::path> ProjectLinkOf(const ecs::PlainValue& editor, const fs::path& scene) {
  return serialization::ProjectLinkOf(scene, editor).named;
}

std::optional<fs::path> ReadProjectLink(const fs::path& scene) { return serialization::ReadProjectLink(scene).named; }

void SetProjectLink(ecs::PlainValue& editor, const fs::path& scene, const std::optional<fs::path>& project_file) {
  if (!editor.IsObject()) editor = ecs::PlainValue::MakeObject();
  auto& members = editor.AsObject();
  std::erase_if(members, [](const ecs::PlainValue::Member& member) { return member.first == kProjectLinkKey; });
  if (!project_file) return;
  const std::optional<fs::path> found = serialization::FindProjectFile(scene);
  if (found && serialization::NormalPath(*found) == serialization::NormalPath(*project_file)) return;  // found walking up: no link needed
  editor.Add(std::string(kProjectLinkKey), LinkText(*project_file, serialization::NormalPath(scene).parent_path()));
}

std::optional<fs::path> GoverningProjectFile(const ecs::PlainValue& editor, const fs::path& scene) {
  if (std::optional<fs::path> linked = serialization::ProjectLinkOf(scene, editor).project) return linked;
  return serialization::FindProjectFile(scene);
}

ecs::PlainValue EditorDataFor(const SceneWhereabouts& scene, const fs::path& destination) {
  ecs::PlainValue editor = scene.editor.IsObject() ? scene.editor : ecs::PlainValue::MakeObject();
  if (!scene.path) return editor;
  if (std::optional<fs::path> link = ProjectLinkOf(editor, *scene.path)) SetProjectLink(editor, destination, link);
  return editor;
}

SceneRelocation CheckRelocation(const SceneWhereabouts& scene, const fs::path& requested) {
  SceneRelocation relocation;
  relocation.destination = serialization::NormalPath(requested);
  const fs::path& destination = relocation.destination;
  const std::optional<fs::path> governing = GoverningProjectFile(EditorDataFor(scene, destination), destination);
  relocation.asset_destination = governing ? governing->parent_path() : destination.parent_path();

  const std::shared_ptr<const serialization::Project>& project = scene.project;
  if (project && !FindsProject(governing, *project)) {
    if (governing) relocation.destination_project = serialization::NormalPath(*governing);
    std::set<std::string> used;
    if (scene.world != nullptr) {
      ecs::Coordinator& world = *scene.world;
      std::set<std::uint32_t> entities;  // by slot: each live entity has its own
      for (ecs::ComponentType type = 0; type < world.ComponentTypeCount(); ++type) {
        const std::string& name = world.GetComponentInfo(type).name;
        const bool defined = std::any_of(project->components.begin(), project->components.end(),
                                         [&](const auto& component) { return component.name == name; });
        if (!defined) continue;
        world.EachComponentData(type, [&](ecs::Entity entity, void*) {
          used.insert(name);
          entities.insert(entity.index);
        });
      }
      relocation.entities_using_lost_components = entities.size();
    }
    relocation.lost_components.assign(used.begin(), used.end());
    // A project held in memory goes unnoticed when the scene uses nothing of it.
    if (!project->file.empty() || !used.empty()) relocation.lost_project = project;
    relocation.copy_writes_project = !used.empty() && !governing;
    if (!project->file.empty()) {
      relocation.link_target = serialization::NormalPath(project->file);
    } else if (scene.asset_folder) {
      const fs::path beside_assets = *scene.asset_folder / serialization::kProjectFileName;
      if (DefinesSameProject(beside_assets, *project)) relocation.link_target = serialization::NormalPath(beside_assets);
    }
  }

  if (scene.asset_folder && scene.world != nullptr) {
    relocation.asset_source = serialization::NormalPath(*scene.asset_folder);
    if (relocation.asset_source != serialization::NormalPath(relocation.asset_destination)) {
      for (const std::string& path : AssetPaths(*scene.world)) {
        if (serialization::MissingAssetProblem(relocation.asset_source, path)) continue;  // missing already
        const bool same_there = !serialization::MissingAssetProblem(relocation.asset_destination, path) &&
                                SameBytes(relocation.asset_source / fs::path(path),
                                          relocation.asset_destination / fs::path(path));
        if (!same_there) relocation.lost_assets.push_back(path);
      }
    }
  }
  // Assets lost without a lost project (a scene with no project moving away
  // from its folder) cannot be linked: the link names a project.
  if (!relocation.lost_project) relocation.link_target.reset();
  return relocation;
}

CopyResult CopyBeside(const SceneRelocation& relocation) {
  CopyResult result;
  struct Planned {
    fs::path from;
    fs::path to;
  };
  std::vector<Planned> copies;
  for (const std::string& asset : relocation.lost_assets) {
    const fs::path from = relocation.asset_source / fs::path(asset);
    const fs::path to = serialization::NormalPath(relocation.asset_destination / fs::path(asset));
    std::error_code error;
    if (fs::exists(to, error)) {
      if (IsRegularFile(to) && SameBytes(from, to)) continue;
      result.error = "cannot copy " + asset + ": " + to.string() + " already exists and is not the same file; nothing was copied";
      return result;
    }
    copies.push_back({from, to});
  }
  const fs::path project_file = relocation.destination.parent_path() / serialization::kProjectFileName;
  const bool write_project = relocation.copy_writes_project && relocation.lost_project != nullptr;
  if (write_project) {
    std::error_code error;
    if (fs::exists(project_file, error)) {
      result.error = "cannot write " + project_file.string() + ": it already exists; nothing was copied";
      return result;
    }
  }
  const auto undo = [&result] {
    std::error_code ignored;
    for (auto it = result.written.rbegin(); it != result.written.rend(); ++it) fs::remove(*it, ignored);
    result.written.clear();
  };
  for (const Planned& copy : copies) {
    std::error_code error;
    fs::create_directories(copy.to.parent_path(), error);
    if (!error) fs::copy_file(copy.from, copy.to, fs::copy_options::none, error);
    if (error) {
      undo();
      result.error = "cannot copy " + copy.from.string() + " to " + copy.to.string() + ": " + error.message();
      return result;
    }
    result.written.push_back(copy.to);
  }
  if (write_project) {
    const serialization::SaveResult written = serialization::WriteFileAtomically(
        project_file, serialization::ProjectToText(*relocation.lost_project), {.keep_backup = false});
    if (!written.ok) {
      undo();
      result.error = written.error;
      return result;
    }
    result.written.push_back(project_file);
  }
  return result;
}

}  // namespace cairn::editor
