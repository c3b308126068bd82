#pragma once
// What a scene would no longer find if it were saved at another path, and the
// two ways of keeping it whole (docs/editor.md, "Saving a scene elsewhere").
//
// A scene reads its game project's components from the cairn.project.json
// its project link names (the "project" key of its editor object,
// docs/scene-format.md), else from the one found walking up from its folder
// (serialization::FindProjectFile); it reads its asset paths relative to that
// project's folder, or without a project relative to its own folder
// (serialization::AssetFolderFor). Saved elsewhere, it may find neither: its
// project components would come back unknown and its meshes missing.
// CheckRelocation says what would be lost before anything is written; a link
// (SetProjectLink) or a copy (CopyBeside) keeps the scene whole.
//
// No GUI here: the dialog that asks is SceneFiles' (editor/panels).

#include <cstddef>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cairn/ecs/coordinator.h"
#include "cairn/ecs/plain_value.h"
#include "cairn/serialization/project.h"
#include "cairn/serialization/project_link.h"

namespace cairn::editor {

// The editor-object key of the project link: the project file, relative to
// the scene's folder ('/' separated), or absolute when no relative path leads
// there (another drive or root). Read by serialization::ProjectLinkOf.
using serialization::kProjectLinkKey;

// The project file `editor` links to, for a scene at `scene`, whether or not
// a file is there (serialization::ProjectLinkOf's `named`). nullopt without a
// link (or a link that is not a non-empty string).
std::optional<std::filesystem::path> ProjectLinkOf(const ecs::PlainValue& editor, const std::filesystem::path& scene);

// The project file the scene file at `scene` links to, whether or not a file
// is there (serialization::ReadProjectLink's `named`). nullopt when the file
// has no link or cannot be read (the load reports that).
std::optional<std::filesystem::path> ReadProjectLink(const std::filesystem::path& scene);

// Makes `editor` link a scene at `scene` to `project_file`, written relative
// to the scene's folder. The link is removed instead when `project_file` is
// nullopt, or is the project the scene finds walking up anyway (a link is
// written only where it is needed).
void SetProjectLink(ecs::PlainValue& editor, const std::filesystem::path& scene,
                    const std::optional<std::filesystem::path>& project_file);

// The project file that governs a scene at `scene` whose editor object is
// `editor`: its link's when the link names a regular file, else the one
// found walking up (nullopt: none).
std::optional<std::filesystem::path> GoverningProjectFile(const ecs::PlainValue& editor,
                                                          const std::filesystem::path& scene);

// The scene as the session has it now.
struct SceneWhereabouts {
  ecs::Coordinator* world = nullptr;  // only read
  // The session's project (null: none). A project held in memory (the demo's)
  // has no file.
  std::shared_ptr<const serialization::Project> project;
  // Where its asset paths resolve now (EditorContext::AssetFolder).
  std::optional<std::filesystem::path> asset_folder;
  // Its editor object as it would be saved (a project link in it is kept
  // when saving elsewhere, rewritten for the new folder).
  ecs::PlainValue editor = ecs::PlainValue::MakeObject();
  // Its file; nullopt while untitled.
  std::optional<std::filesystem::path> path;
};

// What the scene would lose if saved at `destination` as it is: no link
// added, nothing copied.
struct SceneRelocation {
  std::filesystem::path destination;
  // The session's project, when the destination would not find it. Set even
  // when the scene uses none of its components if the project has a file: the
  // scene would leave its project.
  std::shared_ptr<const serialization::Project> lost_project;
  // The components of lost_project the scene uses, sorted, and how many
  // entities use them: opened again, they would be unknown.
  std::vector<std::string> lost_components;
  std::size_t entities_using_lost_components = 0;
  // Asset paths (fields of type asset, prefab files) that name a file now
  // and at the destination would name none, or another file (other bytes),
  // sorted; paths already missing are not counted.
  std::vector<std::string> lost_assets;
  std::filesystem::path asset_source;       // where they are now
  std::filesystem::path asset_destination;  // where the scene would look for them
  // The project file governing the destination (another project), if any.
  std::optional<std::filesystem::path> destination_project;
  // What a link would name: the project's file, or for a project held in
  // memory, the cairn.project.json of the current asset folder when it
  // defines the same project (the demo's, in examples/demo). nullopt: no
  // link keeps the scene whole (a scene without a project).
  std::optional<std::filesystem::path> link_target;
  // Whether a copy writes the project's definitions as cairn.project.json
  // beside the scene: it uses project components and no project governs the
  // destination. When another project governs it, a copy keeps the assets
  // only (lost_components stay unknown).
  bool copy_writes_project = false;

  // Whether saving there without a link or a copy would lose anything.
  bool Breaks() const { return lost_project != nullptr || !lost_components.empty() || !lost_assets.empty(); }
  bool CanLink() const { return link_target.has_value(); }
  // Whether a copy would keep the scene whole (assets and components).
  bool CopyKeepsComponents() const { return lost_components.empty() || copy_writes_project; }
};

SceneRelocation CheckRelocation(const SceneWhereabouts& scene, const std::filesystem::path& destination);

// The editor object to save at `destination` with nothing chosen: a project
// link the scene has is rewritten relative to the new folder (or dropped
// where the walk up finds that project anyway).
ecs::PlainValue EditorDataFor(const SceneWhereabouts& scene, const std::filesystem::path& destination);

struct CopyResult {
  std::vector<std::filesystem::path> written;  // the files copied or created, in order
  std::string error;                           // empty when everything was copied
  bool Ok() const { return error.empty(); }
};

// Copies `relocation`'s lost assets from asset_source to asset_destination
// (keeping their relative paths, making folders) and, when
// copy_writes_project, writes the project's definitions as cairn.project.json
// beside the destination. A file already there with the same bytes is left
// as it is; one with other bytes is never overwritten: then nothing at all is
// copied and the error names it. A failure part-way removes what it wrote.
CopyResult CopyBeside(const SceneRelocation& relocation);

}  // namespace cairn::editor
