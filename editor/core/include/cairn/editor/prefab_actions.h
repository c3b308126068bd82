#pragma once
// The editor's prefab operations (docs/editor.md, "Prefabs"), as actions
// like those of actions.h: built from the current world, applied through the
// queue, undone as one step. Requests the editor must refuse throw
// ActionError naming the entity or file.
//
// An instance in the world is its root entity carrying
// serialization::PrefabInstance, the other entities of the prefab having ids
// derived from the root's (serialization/prefab.h). Files are written by the
// functions that say so; undoing their action restores the scene, not the
// file.

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <glm/vec3.hpp>

#include "cairn/ecs/command.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/editor/file_step.h"
#include "cairn/serialization/prefab.h"

namespace cairn::editor::actions {

// "Instantiate 'lamp'": a new instance of `prefab` (a fresh instance id) as
// the last child of `parent` (kNoEntityId: a root), its root moved to
// `position` when given (a drop in the viewport).
ecs::Action Instantiate(ecs::Coordinator& world, const serialization::Prefab& prefab,
                        ecs::EntityId parent = ecs::kNoEntityId, std::optional<glm::vec3> position = std::nullopt);

struct PrefabCreation {
  ecs::Action action;                  // replaces the subtree with an instance of the new prefab
  std::vector<std::string> warnings;   // references that leave the subtree
};

// "Create Prefab 'lamp'": writes the subtree of `root` as the prefab file
// `path` (relative to the library's folder; it must not exist yet), then
// returns the action that turns the subtree into an instance of it. The root
// keeps its id; its descendants take the ids the instance derives, and every
// reference to them in the scene follows. A reference from the subtree to an
// entity outside it is left empty in the prefab and kept in the instance (an
// override), with a warning naming it. `empty_world` registers the scene's
// components (the prefab is saved with them). Refuses an entity that is
// already part of an instance other than as its root.
PrefabCreation CreatePrefab(const ecs::Coordinator& world, ecs::EntityId root, std::string_view path,
                            serialization::PrefabLibrary& library, std::unique_ptr<ecs::Coordinator> empty_world);

// "Unpack 'lamp'": the instance whose root is `root` becomes plain entities
// (its marker and those of the prefabs it nests are removed; ids and values
// stay). Refuses an entity that is not an instance's root.
ecs::Action Unpack(const ecs::Coordinator& world, ecs::EntityId root, serialization::PrefabLibrary& library);

// "Revert Light.intensity": the member's field takes the prefab's value again.
// "Revert Light" undoes what serialization::DiffComponent says the instance
// changes in the component (prefab_diff.h): its overridden fields take the
// prefab's values, a component the prefab lacks is removed, one the instance
// removed comes back; an action without commands when nothing differs.
// Refuses an entity that is not part of an instance, and a field the
// prefab's component does not have.
ecs::Action RevertToPrefab(const ecs::Coordinator& world, ecs::EntityId id, std::string_view component,
                           std::optional<std::string_view> field, serialization::PrefabLibrary& library);

// The member's prefab file with the member's current field value in it,
// written as the editor saves scenes: the file's bytes now and after, which
// EditorContext::ChangePrefabFile writes as one undoable step (nothing is
// written here). Without `field`: the fields DiffComponent says the
// instance overrides (the prefab file's other fields stay as they are on
// disk), or the whole component when the prefab entity lacks it; nullopt
// when nothing differs (the file would be written the same). Refuses a reference to an entity outside the
// instance (a prefab cannot name it).
std::optional<FileStep> ApplyToPrefab(const ecs::Coordinator& world, ecs::EntityId id, std::string_view component,
                                      std::optional<std::string_view> field, serialization::PrefabLibrary& library);

// The commands that turn `from` into `to` (two worlds of the same
// components, entities matched by id): destroyed and restored subtrees,
// added, removed and changed components, moved entities. An action without
// commands when they are equal. Used after a prefab changed on disk.
ecs::Action ChangesBetween(const ecs::Coordinator& from, const ecs::Coordinator& to, std::string name);

}  // namespace cairn::editor::actions
