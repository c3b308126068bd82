#pragma once
// The action factory: every user edit as a named ecs::Action ("Create Cube",
// "Delete 3 entities", "Rename 'Crate'"), built from the current world and
// applied later through the editor's queue. Building never changes the world
// (the create and duplicate functions only draw fresh ids from its id
// generator). A request the editor must refuse throws ActionError with the
// exact reason, naming the entities and components involved, so the caller can
// show it as is.
//
// Entities are named by EntityId. Functions taking several ids treat them as
// the selection: ids of entities that no longer exist are an error, and where
// subtrees are involved only the root-most entities count (an entity whose
// ancestor is also listed moves, dies or is copied with that ancestor).

#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cairn/ecs/command.h"
#include "cairn/ecs/components/light.h"
#include "cairn/ecs/components/mesh_renderer.h"
#include "cairn/ecs/fwd.h"
#include "cairn/ecs/plain_value.h"

namespace cairn::serialization {
class PrefabLibrary;
}

namespace cairn::editor::actions {

// "Cube", "Sphere", "Plane", "Cylinder", "Cone".
std::string_view PrimitiveName(ecs::MeshShape shape);
// "Directional Light", "Point Light", "Spot Light".
std::string_view LightName(ecs::LightType type);

// ---- Creation: a new entity (fresh random id, a Name and a Transform), last
// among the children of `parent` (kNoEntityId: a root). ------------------------

// "Create Empty": an entity named "Empty" with a Transform.
ecs::Action CreateEmpty(ecs::Coordinator& world, ecs::EntityId parent = ecs::kNoEntityId);
// "Create Cube" etc.: Transform (at `position`) + MeshRenderer with that mesh,
// named after it.
ecs::Action CreatePrimitive(ecs::Coordinator& world, ecs::MeshShape shape, ecs::EntityId parent = ecs::kNoEntityId,
                            glm::vec3 position = glm::vec3(0.0f));
// "Create Point Light" etc.: Transform + Light of that type. A directional
// light is tilted to shine down at an angle; point and spot lights are placed
// 3 units up, the spot light pointing down.
ecs::Action CreateLight(ecs::Coordinator& world, ecs::LightType type, ecs::EntityId parent = ecs::kNoEntityId);
// "Create 'crate'": an entity named after the mesh file `asset` (its stem),
// with a Transform at `position` and a MeshRenderer drawing `asset` in white
// (a mesh dragged from the Assets panel). Refuses an empty path.
ecs::Action CreateMeshEntity(ecs::Coordinator& world, std::string_view asset, glm::vec3 position,
                             ecs::EntityId parent = ecs::kNoEntityId);
// "Create Camera": Transform + Camera, primary when no camera is primary yet,
// placed 10 units back and 1 up, looking down -Z towards the origin.
ecs::Action CreateCamera(ecs::Coordinator& world, ecs::EntityId parent = ecs::kNoEntityId);

// ---- Structure ---------------------------------------------------------------

// Destroys the subtree of each root-most listed entity: "Delete 'Crate'" or
// "Delete 3 entities". Undo restores the same ids, components, children and
// sibling positions.
ecs::Action Delete(const ecs::Coordinator& world, std::span<const ecs::EntityId> ids);

// Copies the subtree of each root-most listed entity, with fresh ids, right
// after its original among the same siblings. A copied root is named like
// Unity's duplicates ("Cube" -> "Cube (1)", "Cube (1)" -> "Cube (2)", the first
// number free among its siblings); its descendants keep their names.
// Entity-reference fields pointing into the copied subtrees are remapped to
// the copies; references to other entities stay. "Duplicate 'Cube'" or
// "Duplicate 3 entities". With `prefabs`, a copied prefab instance is a new
// instance of the same prefab (see GiveFreshIds).
ecs::Action Duplicate(ecs::Coordinator& world, std::span<const ecs::EntityId> ids,
                      serialization::PrefabLibrary* prefabs = nullptr);

// "Rename 'Crate'" (the new name).
ecs::Action Rename(const ecs::Coordinator& world, ecs::EntityId id, std::string name);

// Drag and drop in the hierarchy: moves the root-most listed entities, in the
// given order, as one contiguous block under `new_parent` (kNoEntityId: the
// root), placed before the child that is now at `position` among the new
// parent's children (kAppendPosition or past the end: last). World transforms
// are kept. Entities already in their final place get no command, so an
// action without commands means the drop changes nothing. Refuses a drop onto
// a moved entity itself or onto one of its descendants. "Move 'Crate'" or
// "Move 3 entities".
ecs::Action Move(const ecs::Coordinator& world, std::span<const ecs::EntityId> ids, ecs::EntityId new_parent,
                 std::uint32_t position = ecs::kAppendPosition);
// Moves the root-most listed entities that have a parent to the end of the
// roots, keeping their world transforms: "Unparent 'Crate'".
ecs::Action Unparent(const ecs::Coordinator& world, std::span<const ecs::EntityId> ids);

// ---- Components ---------------------------------------------------------------

// Adds a default component by registered name to each listed entity lacking
// it: "Add Light" or "Add Light to 3 entities". Refuses unknown names, names
// "Add Component" does not offer, and the case where every listed entity
// already has the component.
ecs::Action AddComponent(const ecs::Coordinator& world, std::span<const ecs::EntityId> ids, std::string_view component);
// Removes the component from each listed entity having it: "Remove Light".
// Refuses unknown names, components the Inspector does not show (Name,
// Hierarchy), and the case where no listed entity has the component.
ecs::Action RemoveComponent(const ecs::Coordinator& world, std::span<const ecs::EntityId> ids,
                            std::string_view component);
// Replaces one entity's component value (it must have the component): "Change Light".
ecs::Action SetComponent(const ecs::Coordinator& world, ecs::EntityId id, ecs::ComponentValue value);
// A field edit on several entities as one action, as a patch: on each listed
// entity having the component, sets the elements `elements` picks of the
// field to those of `value` (one ecs::SetFieldCommand per entity); the
// field's other elements and the component's other fields keep each entity's
// own values. "Change Transform.position" or "... on 3 entities". Refuses a
// component this world does not register, a mask the field's type has no
// room for, and the case where no listed entity has the component.
ecs::Action SetField(const ecs::Coordinator& world, std::span<const ecs::EntityId> ids, const ecs::FieldValue& value,
                     ecs::ElementMask elements = ecs::kAllElements);
// One whole value per entity, values[i] for ids[i] (a rotation edited as Euler
// angles gives each entity its own quaternion). Entities lacking the
// component are skipped, as by SetField.
ecs::Action SetFieldEach(const ecs::Coordinator& world, std::span<const ecs::EntityId> ids,
                         std::span<const ecs::FieldValue> values);
// SetField of the whole field, from plain data (decoded by the field's rules).
ecs::Action SetField(const ecs::Coordinator& world, std::span<const ecs::EntityId> ids, std::string_view component,
                     std::string_view field, const ecs::PlainValue& value);
// SetField of the whole field, from a typed value: `field` (of the component
// type `type`) takes its value in *source, a component of that type.
ecs::Action SetField(const ecs::Coordinator& world, std::span<const ecs::EntityId> ids, ecs::ComponentType type,
                     const ecs::FieldInfo& field, const void* source);
// Pastes a component value onto each listed entity: set where the entity has
// the component, added where it lacks it. "Paste Light" or "Paste Light onto
// 3 entities".
ecs::Action PasteComponentValue(const ecs::Coordinator& world, std::span<const ecs::EntityId> ids,
                                const ecs::ComponentValue& value);

// References follow a renamed or moved asset file: every asset field (of any
// component type) holding `from`, or a path under `from` when `folder`, is
// set to the same path under `to`. "Update references to 'meshes/crate.glb'";
// an action without commands when nothing refers to it.
ecs::Action RetargetAssets(ecs::Coordinator& world, std::string_view from, std::string_view to,
                           bool folder = false);
// The same for any mapping: `retarget` gives the new path of an asset path, or
// none to keep it. The action is called `name`; one command per component changed.
using AssetRetarget = std::function<std::optional<std::string>(const std::string&)>;
ecs::Action RetargetAssets(ecs::Coordinator& world, std::string name, const AssetRetarget& retarget);

// ---- Helpers -------------------------------------------------------------------

// The entities an action creates (CreateEntity ids and restored subtree roots),
// in command order: what the editor selects after Create, Duplicate or Paste.
std::vector<ecs::EntityId> CreatedEntities(const ecs::Action& action);

// The merge key for a continuous edit of one field (of the elements
// `elements` picks) on these entities, for History merging
// ("Transform.position@3f2a9c0d41be7e10,...", "Transform.position[2]@...").
std::string FieldMergeKey(std::span<const ecs::EntityId> ids, std::string_view component, std::string_view field,
                          ecs::ElementMask elements = ecs::kAllElements);

// How a copy is named, as Duplicate, Paste and array copies do: the first
// "Base (n)" after the original's own number ("Crate (2)" after "Crate (1)")
// that `taken` (its new siblings' names, earlier copies) does not hold; it is
// added to `taken`.
std::string CopyName(const std::string& original, std::set<std::string>& taken);
// The names of `parent`'s children (null: the roots).
std::set<std::string> ChildNames(const ecs::Coordinator& world, ecs::Entity parent);

// The entity's name for action names and messages; its id in hex when unnamed.
std::string DisplayName(const ecs::Coordinator& world, ecs::EntityId id);

}  // namespace cairn::editor::actions
