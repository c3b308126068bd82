#include "cairn/editor/panels/editor_commands.h"

#include <array>
#include <exception>
#include <filesystem>
#include <vector>

#include "cairn/ecs/components/light.h"
#include "cairn/ecs/components/mesh_renderer.h"
#include "cairn/editor/actions.h"
#include "cairn/editor/asset_files.h"
#include "cairn/editor/editor_errors.h"
#include "cairn/editor/prefab_actions.h"
#include "cairn/serialization/scene_loader.h"
#include "cairn/serialization/scene_writer.h"
#include "cairn/editor/viewport_panel.h"

namespace cairn::editor {
namespace {

constexpr std::array<CreateMenuItem, 10> kCreateItems{{
    {CreateKind::kEmpty, "Empty"},
    {CreateKind::kCube, "Cube"},
    {CreateKind::kSphere, "Sphere"},
    {CreateKind::kPlane, "Plane"},
    {CreateKind::kCylinder, "Cylinder"},
    {CreateKind::kCone, "Cone"},
    {CreateKind::kDirectionalLight, "Directional Light"},
    {CreateKind::kPointLight, "Point Light"},
    {CreateKind::kSpotLight, "Spot Light"},
    {CreateKind::kCamera, "Camera"},
}};

ecs::Action BuildCreate(ecs::Coordinator& world, CreateKind kind, ecs::EntityId parent) {
  switch (kind) {
    case CreateKind::kEmpty: return actions::CreateEmpty(world, parent);
    case CreateKind::kCube: return actions::CreatePrimitive(world, ecs::MeshShape::kCube, parent);
    case CreateKind::kSphere: return actions::CreatePrimitive(world, ecs::MeshShape::kSphere, parent);
    case CreateKind::kPlane: return actions::CreatePrimitive(world, ecs::MeshShape::kPlane, parent);
    case CreateKind::kCylinder: return actions::CreatePrimitive(world, ecs::MeshShape::kCylinder, parent);
    case CreateKind::kCone: return actions::CreatePrimitive(world, ecs::MeshShape::kCone, parent);
    case CreateKind::kDirectionalLight: return actions::CreateLight(world, ecs::LightType::kDirectional, parent);
    case CreateKind::kPointLight: return actions::CreateLight(world, ecs::LightType::kPoint, parent);
    case CreateKind::kSpotLight: return actions::CreateLight(world, ecs::LightType::kSpot, parent);
    case CreateKind::kCamera: return actions::CreateCamera(world, parent);
  }
  return actions::CreateEmpty(world, parent);
}

}  // namespace

std::span<const CreateMenuItem> CreateMenuItems() { return kCreateItems; }

void EditorCommands::Queue(std::string_view what, const std::function<ecs::Action()>& build, EnqueueOptions options) {
  try {
    context_.Enqueue(build(), std::move(options));
  } catch (const std::exception& error) {
    context_.Log().Warning(std::string(what) + ": " + error.what());
  }
}

ecs::EntityId EditorCommands::CreationParent() const {
  const ecs::EntityId primary = context_.GetSelection().Primary();
  if (!primary) return ecs::kNoEntityId;
  return context_.World().FindEntity(primary).IsNull() ? ecs::kNoEntityId : primary;
}

void EditorCommands::Create(CreateKind kind, ecs::EntityId parent) {
  Queue("Create", [&] { return BuildCreate(context_.World(), kind, parent); }, EnqueueOptions::SelectingCreated());
}

void EditorCommands::DuplicateSelection() {
  if (!HasSelection()) return;
  const std::vector<ecs::EntityId> ids = context_.GetSelection().Ids();
  Queue("Duplicate", [&] { return actions::Duplicate(context_.World(), ids, context_.Prefabs()); }, EnqueueOptions::SelectingCreated());
}

void EditorCommands::DeleteSelection() {
  if (!HasSelection()) return;
  const std::vector<ecs::EntityId> ids = context_.GetSelection().Ids();
  Queue("Delete", [&] { return actions::Delete(context_.World(), ids); });
}

void EditorCommands::RenameSelection() {
  const ecs::EntityId primary = context_.GetSelection().Primary();
  if (primary && rename_handler_) rename_handler_(primary);
}

void EditorCommands::CopySelection() {
  if (!HasSelection()) return;
  try {
    context_.GetClipboard().CopyEntities(context_.World(), context_.GetSelection().Ids());
    const std::size_t count = context_.GetClipboard().EntityCount();
    context_.Log().Info("Copied " + std::to_string(count) + (count == 1 ? " entity" : " entities"));
  } catch (const std::exception& error) {
    context_.Log().Warning(std::string("Copy: ") + error.what());
  }
}

void EditorCommands::Paste() {
  if (!CanPaste()) return;
  ecs::EntityId parent = ecs::kNoEntityId;
  std::uint32_t position = ecs::kAppendPosition;
  const ecs::EntityId primary = context_.GetSelection().Primary();
  const ecs::Coordinator& world = context_.World();
  if (primary) {
    const ecs::Entity entity = world.FindEntity(primary);
    if (!entity.IsNull()) {
      const ecs::Entity parent_entity = world.GetParent(entity);
      parent = parent_entity.IsNull() ? ecs::kNoEntityId : world.GetEntityId(parent_entity);
      position = world.SiblingIndex(entity) + 1;
    }
  }
  Queue("Paste", [&] { return context_.GetClipboard().PasteEntities(context_.World(), parent, position, context_.Prefabs()); },
        EnqueueOptions::SelectingCreated());
}

void EditorCommands::Instantiate(std::string_view path, ecs::EntityId parent, std::optional<glm::vec3> position) {
  serialization::PrefabLibrary* prefabs = context_.Prefabs();
  if (prefabs == nullptr) {
    context_.Log().Warning("Instantiate: this scene has no folder to find " + std::string(path) + " in");
    return;
  }
  serialization::PrefabLookup lookup = prefabs->Get(path);
  if (lookup.prefab == nullptr) {
    context_.Log().Warning("Instantiate: " + lookup.error);
    return;
  }
  Queue("Instantiate", [&] { return actions::Instantiate(context_.World(), *lookup.prefab, parent, position); },
        EnqueueOptions::SelectingCreated());
}

void EditorCommands::CreatePrefabFromSelection() {
  const ecs::EntityId root = context_.GetSelection().Primary();
  if (!root) return;
  serialization::PrefabLibrary* prefabs = context_.Prefabs();
  if (prefabs == nullptr || (!context_.ScenePath() && !context_.Project())) {
    context_.Log().Warning("Create Prefab: save the scene first (a prefab is a file in the scene's folder)");
    return;
  }
  // prefabs/<Name>.scene, or <Name> 2, 3... when taken.
  std::string stem = actions::DisplayName(context_.World(), root);
  for (char& c : stem) {
    if (c == '/' || c == '\\' || c == ':' || static_cast<unsigned char>(c) < 0x20) c = '_';
  }
  std::string path = "prefabs/" + stem + ".scene";
  for (int n = 2; std::filesystem::exists(prefabs->Folder() / path); ++n) {
    path = "prefabs/" + stem + " " + std::to_string(n) + ".scene";
  }
  try {
    actions::PrefabCreation creation =
        actions::CreatePrefab(context_.World(), root, path, *prefabs, context_.CreateWorld());
    for (const std::string& warning : creation.warnings) context_.Log().Warning("Create Prefab: " + warning);
    context_.Enqueue(std::move(creation.action));
    context_.Log().Info("Created prefab " + path + " (rename or move it in the Assets panel)");
  } catch (const std::exception& error) {
    context_.Log().Warning(std::string("Create Prefab: ") + error.what());
  }
}

std::vector<std::string> EditorCommands::PrefabFiles() const {
  std::vector<std::string> files;
  const std::optional<std::filesystem::path> folder = context_.AssetFolder();
  if (!folder) return files;
  const AssetListing listing = ListAssets(*folder, AssetQuery{.folder = "", .search = ".scene", .kind = AssetKind::kScene});
  std::error_code error;
  for (const AssetFile& file : listing.files) {
    if (file.kind != AssetKind::kScene) continue;
    const std::filesystem::path path = *folder / file.path;
    if (context_.ScenePath() && std::filesystem::equivalent(path, *context_.ScenePath(), error)) continue;
    files.push_back(file.path);
  }
  return files;
}

bool EditorCommands::SelectionIsInstanceRoot() const {
  const ecs::Coordinator& world = context_.World();
  const ecs::Entity entity = world.FindEntity(context_.GetSelection().Primary());
  return !entity.IsNull() && world.IsRegistered<serialization::PrefabInstance>() &&
         world.HasComponent<serialization::PrefabInstance>(entity);
}

void EditorCommands::UnpackSelection() {
  const ecs::EntityId root = context_.GetSelection().Primary();
  serialization::PrefabLibrary* prefabs = context_.Prefabs();
  if (!root || prefabs == nullptr) return;
  Queue("Unpack", [&] { return actions::Unpack(context_.World(), root, *prefabs); });
}

void EditorCommands::RevertToPrefab(ecs::EntityId id, std::string_view component, std::optional<std::string_view> field) {
  serialization::PrefabLibrary* prefabs = context_.Prefabs();
  if (prefabs == nullptr) return;
  Queue("Revert", [&] { return actions::RevertToPrefab(context_.World(), id, component, field, *prefabs); });
}

void EditorCommands::ApplyToPrefab(ecs::EntityId id, std::string_view component, std::optional<std::string_view> field) {
  serialization::PrefabLibrary* prefabs = context_.Prefabs();
  if (prefabs == nullptr) return;
  const std::string what = std::string(component) + (field ? "." + std::string(*field) : std::string());
  try {
    context_.Flush();
    const ecs::Coordinator& world = context_.World();
    const auto member = serialization::FindInstanceMember(world, *prefabs, world.GetEntity(id));
    const std::string prefab = member ? member->prefab->path : std::string("its prefab");
    std::optional<FileStep> change = actions::ApplyToPrefab(world, id, component, field, *prefabs);
    if (!change) {
      context_.Log().Info("Apply to Prefab: " + what + " is already as " + prefab + " has it");
      return;
    }
    context_.ChangePrefabFile(std::move(*change), "Apply " + what + " to " + prefab);
    context_.Log().Info("Applied " + what + " to " + prefab + "; its instances follow (Undo restores the prefab "
                        "file and this scene)");
  } catch (const std::exception& error) {
    context_.Log().Warning("Apply to Prefab: " + what + ": " + error.what());
  }
}

void EditorCommands::SelectAll() {
  std::vector<ecs::Entity> entities;
  const ecs::Coordinator& world = context_.World();
  entities.reserve(world.EntityCount());
  // Depth-first in sibling order (the Hierarchy's order), without recursion.
  ecs::Entity entity = world.FirstChild(ecs::kNullEntity);
  while (!entity.IsNull()) {
    entities.push_back(entity);
    const ecs::Entity child = world.FirstChild(entity);
    if (!child.IsNull()) {
      entity = child;
      continue;
    }
    while (!entity.IsNull()) {
      const ecs::Entity next = world.NextSibling(entity);
      if (!next.IsNull()) {
        entity = next;
        break;
      }
      entity = world.GetParent(entity);
    }
  }
  context_.GetSelection().SelectAll(world, entities);
}

void EditorCommands::FrameSelected() {
  if (viewport_ != nullptr) viewport_->FrameSelected();
}

}  // namespace cairn::editor
