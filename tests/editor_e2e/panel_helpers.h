#pragma once
// Scene set-up for the headless panel tests: entities made through the
// editor's own actions (as the menus would), then a frame to apply them.

#include <string>
#include <vector>

#include "cairn/ecs/components/name.h"
#include "cairn/ecs/components/transform.h"
#include "cairn/editor/actions.h"
#include "headless_editor.h"

namespace cairn::editor::testing {

// A scene file with no entities.
inline constexpr const char* kEmptyScene = R"({"format": "cairn.scene", "version": 1, "entities": []})";

// True when a line of the editor's log contains `text`.
inline bool HasLog(HeadlessEditor& editor, const std::string& text) {
  for (const auto& entry : editor.Context().Log().Entries()) {
    if (entry.text.find(text) != std::string::npos) return true;
  }
  return false;
}

// Creates a cube named `name` under `parent`, selects it and applies it.
inline ecs::EntityId CreateCube(HeadlessEditor& editor, const std::string& name,
                                ecs::EntityId parent = ecs::kNoEntityId) {
  EditorContext& context = editor.Context();
  ecs::Action create = actions::CreatePrimitive(context.World(), ecs::MeshShape::kCube, parent);
  const ecs::EntityId id = actions::CreatedEntities(create).front();
  context.Enqueue(std::move(create), EnqueueOptions::SelectingCreated());
  editor.Frame();
  context.Enqueue(actions::Rename(context.World(), id, name));
  editor.Frames(2);
  return id;
}

inline std::string NameOf(HeadlessEditor& editor, ecs::EntityId id) {
  const ecs::Coordinator& world = editor.Context().World();
  return world.GetComponent<ecs::Name>(world.GetEntity(id)).value;
}

// The names of a parent's children (kNoEntityId: the roots), in order.
inline std::vector<std::string> ChildNames(HeadlessEditor& editor, ecs::EntityId parent) {
  const ecs::Coordinator& world = editor.Context().World();
  const ecs::Entity parent_entity = parent ? world.GetEntity(parent) : ecs::kNullEntity;
  std::vector<std::string> names;
  for (const ecs::Entity child : world.GetChildren(parent_entity)) names.push_back(world.GetComponent<ecs::Name>(child).value);
  return names;
}

inline ecs::Transform& TransformOf(HeadlessEditor& editor, ecs::EntityId id) {
  ecs::Coordinator& world = editor.Context().World();
  return world.GetComponent<ecs::Transform>(world.GetEntity(id));
}

}  // namespace cairn::editor::testing
