#pragma once
// Arranging a selection: align, distribute, snap to grid, array duplicate.
// Each operation is built as ONE ecs::Action (one undo step) from the world as
// it is, and applied later through the editor's queue; building never changes
// the world (ArrayDuplicate only draws fresh ids from its id generator).
//
// The entities moved are the targets: the selection's root-most entities that
// have a Transform (as TransformTargets in transform_drag.h), in selection
// order, so a selected child of a selected parent moves with its parent only.
// Every move is a WORLD offset; for an entity with a parent it is converted
// into the parent's space (WorldOffsetToLocal) and added to the local
// position, so it lands where the world-space rule says whatever the parent's
// rotation and scale.
//
// Moves are patches of Transform.position (ecs::SetFieldCommand) naming only
// the elements that change: a root aligned on X gets a command writing X and
// nothing else, so its Y, Z, rotation and scale stay bit-for-bit as they were.
// An entity already in place gets no command; an action without commands
// changes nothing (EditorContext does not record it).
//
// A request the editor must refuse (too few targets, a step that is not
// positive, an id no entity has) throws ActionError with the reason, naming
// the operation, ready to show in the Console.

#include <cstdint>
#include <functional>
#include <span>
#include <string_view>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "cairn/ecs/command.h"
#include "cairn/ecs/components/transform.h"
#include "cairn/ecs/entity.h"
#include "cairn/ecs/fwd.h"
#include "cairn/render/bounds.h"

namespace cairn::serialization {
class PrefabLibrary;
}

namespace cairn::editor {

class AssetMeshes;
class WorldMatrices;

enum class Axis : std::uint8_t { kX, kY, kZ };
// Which part of each entity's world box meets the selection's.
enum class AlignEdge : std::uint8_t { kMin, kCentre, kMax };

// "X", "Y", "Z".
std::string_view AxisName(Axis axis);
// "min", "centre", "max".
std::string_view AlignEdgeName(AlignEdge edge);

// The world box of a live entity. Called synchronously while an action is
// built, never kept.
using EntityBoundsFn = std::function<render::Aabb(ecs::Entity)>;

// The boxes the viewport frames with (selection_bounds.h): the entity's
// model box (its imported mesh's bounds when `assets` has it ready, else a
// unit cube) through its world matrix. `world`, `matrices` and `assets` must
// outlive the returned function; `matrices` must be refreshed for `world`.
EntityBoundsFn ViewportBounds(ecs::Coordinator& world, const WorldMatrices& matrices, AssetMeshes* assets = nullptr);

namespace arrange {

inline constexpr std::size_t kMinAlignTargets = 2;
inline constexpr std::size_t kMinDistributeTargets = 3;
// More copies than this in one array is refused (a typo such as 10000 would
// otherwise freeze the editor).
inline constexpr int kMaxArrayCopies = 1000;

// The entities the operations move: of the listed live entities, the
// root-most ones with a Transform, in the given order, without duplicates.
// Ids of entities that do not exist are skipped (the functions below refuse
// them). For the UI: how many entities a button would move.
std::vector<ecs::EntityId> Targets(const ecs::Coordinator& world, std::span<const ecs::EntityId> ids);

// Moves every target along `axis` so that its box's `edge` on that axis
// equals the selection's: the smallest min (kMin), the centre of the box
// around all of them (kCentre) or the largest max (kMax). "Align 3 entities
// (min X)". Refuses fewer than kMinAlignTargets targets. `matrices` must be
// refreshed for `world`.
ecs::Action Align(const ecs::Coordinator& world, const WorldMatrices& matrices, std::span<const ecs::EntityId> ids,
                  Axis axis, AlignEdge edge, const EntityBoundsFn& bounds);

// Spaces the targets' box centres evenly along `axis`: ordered by centre
// (ties in selection order), the first and the last stay, the others get
// centres at equal steps between them. "Distribute 4 entities along X".
// Refuses fewer than kMinDistributeTargets targets.
ecs::Action Distribute(const ecs::Coordinator& world, const WorldMatrices& matrices,
                       std::span<const ecs::EntityId> ids, Axis axis, const EntityBoundsFn& bounds);

// Moves every target's world position to the nearest multiple of `step` on
// each axis (an absolute grid through the world origin). "Snap 3 entities to
// grid 0.5". Refuses a step that is not a finite number > 0, and an empty
// selection.
ecs::Action SnapToGrid(const ecs::Coordinator& world, const WorldMatrices& matrices,
                       std::span<const ecs::EntityId> ids, float step);

// What each copy of an array adds to the one before, relative to the original.
struct ArrayStep {
  glm::vec3 position{0.0f};          // world units per copy
  glm::vec3 rotation_degrees{0.0f};  // Euler XYZ (the Inspector's convention), about world axes
  glm::vec3 scale{1.0f};             // factor per copy, per axis (finite, not 0)
};

// The local Transform of copy `k` (k >= 1) of an entity whose Transform is
// `original` under a parent with world matrix `parent_world` (identity for a
// root): its world position moved by k * step.position, turned in place by
// the Euler angles k * step.rotation_degrees about world axes, its scale
// times step.scale^k. Parts whose step is the identity are left bit-for-bit
// as they are.
ecs::Transform ArrayCopyTransform(const ecs::Transform& original, const glm::mat4& parent_world,
                                  const ArrayStep& step, int k);

// `count` copies of the subtree of every target, as Duplicate makes them
// (fresh ids, entity references inside one copy remapped to that copy, the
// root named "Crate (1)", "Crate (2)", ... with the first numbers free among
// its siblings; with `prefabs`, a copied prefab instance is a new instance),
// copy k with its root's Transform ArrayCopyTransform(..., k); copies 1..count
// follow their original among its siblings, in order. One action creates
// them all (actions::CreatedEntities lists the copies' roots): undo removes
// them all, redo brings back the same ids. "Array 5 copies of 'Crate'" or
// "Array 5 copies of 3 entities". Refuses count < 1 or > kMaxArrayCopies, a
// scale factor that is 0 or not finite, and an empty selection.
ecs::Action ArrayDuplicate(ecs::Coordinator& world, const WorldMatrices& matrices, std::span<const ecs::EntityId> ids,
                           int count, const ArrayStep& step, serialization::PrefabLibrary* prefabs = nullptr);

}  // namespace arrange
}  // namespace cairn::editor
