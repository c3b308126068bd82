#include "cairn/editor/panels/editor_commands.h"

#include <array>
#include <exception>
#include <vector>

#include "cairn/ecs/components/light.h"
#include "cairn/ecs/components/mesh_renderer.h"
#include "cairn/editor/actions.h"
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

void EditorCommands::SelectAll() {
  std::vector<ecs::EntityId> ids;
  const ecs::Coordinator& world = context_.World();
  ids.reserve(world.EntityCount());
  // Depth-first in sibling order (the Hierarchy's order), without recursion.
  ecs::Entity entity = world.FirstChild(ecs::kNullEntity);
  while (!entity.IsNull()) {
    ids.push_back(world.GetEntityId(entity));
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
  context_.GetSelection().SelectAll(ids);
}

void EditorCommands::FrameSelected() {
  if (viewport_ != nullptr) viewport_->FrameSelected();
}

}  // namespace cairn::editor
