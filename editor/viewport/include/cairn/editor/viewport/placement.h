#pragma once
// Placing things against other things, over SceneSurfaces:
//
//   DropPosition    where an asset dropped from the Assets panel goes: its
//                   bounds' bottom centre on the first surface under the
//                   cursor, else on the ground (drop_point.h)
//   DropToFloor     the selection moves straight down until its bounds rest
//                   on the first surface below (End)
//   SurfaceSnap     the drag delta that puts the selection's bounds on the
//                   surface under the cursor (Shift while moving)
//   VertexSnap      the drag delta that puts a vertex of the selection onto
//                   the vertex under the cursor (V while moving)
//
// Every target is one of the selection's root-most entities with a
// Transform (TransformTargets); its bounds are those of its whole subtree,
// and queries pass through the selection's subtrees.

#include <optional>
#include <string>
#include <string_view>
#include <span>
#include <vector>

#include <glm/vec3.hpp>

#include "cairn/ecs/command.h"
#include "cairn/ecs/entity.h"
#include "cairn/ecs/fwd.h"
#include "cairn/editor/viewport/scene_surfaces.h"
#include "cairn/render/bounds.h"
#include "cairn/render/gizmo.h"
#include "cairn/render/ray.h"

namespace cairn::editor {

class AssetMeshes;
class WorldMatrices;

// One frame of a move drag's placement snapping (the viewport's keys).
struct PlacementInput {
  render::Ray ray;           // under the cursor
  bool vertex = false;       // V held
  bool surface = false;      // Shift held, or the toolbar's Surface toggle
  bool align = false;        // turn to the surface's normal
  bool grid = false;         // Ctrl held, world axes
  float grid_step = 0.5f;
};

// Sizes outside this range (the largest side of an asset's bounds, in
// metres) are most likely authored in other units or scaled wrongly.
inline constexpr float kLargestPlausibleSize = 100.0f;
inline constexpr float kSmallestPlausibleSize = 0.01f;

// "Assets: engine.glb is 812 x 401 x 290 m (over 100 m): it was probably
// made in other units; Import Settings (right-click it in the Assets panel)
// sets its scale for every scene"; none
// for a plausible size or empty bounds.
std::optional<std::string> ImplausibleSize(std::string_view asset, const render::Aabb& bounds);

// "Measured 3.742 m (x 1.000, y 2.000, z 3.000) from (0.000, 0.000, 0.000)
// to (1.000, 2.000, 3.000)": the Measure tool's report.
std::string MeasureText(const glm::vec3& from, const glm::vec3& to);

// Where to put the origin of an entity whose model bounds are `bounds` so
// that their bottom centre sits at `point`.
glm::vec3 RestingPosition(const glm::vec3& point, const render::Aabb& bounds);

// The origin for an asset with model bounds `bounds` dropped along `ray`:
// resting on the first surface the ray meets within kMaxGroundDistance,
// else on DropPoint (the ground, or kFallbackDistance along the ray).
glm::vec3 DropPosition(const SceneSurfaces& surfaces, const render::Ray& ray, const render::Aabb& bounds);

// The world box of `root` and its descendants that draw a mesh (the
// root's own entity box when none does).
render::Aabb SubtreeBounds(ecs::Coordinator& world, const WorldMatrices& matrices, ecs::Entity root,
                           AssetMeshes* assets);

// A query filter passing through `roots` and all their descendants.
SceneSurfaces::Skip SkipSubtrees(const ecs::Coordinator& world, std::span<const ecs::EntityId> roots);

// How far `box` can move straight down before it rests on a surface that
// `skip` lets through (rays from nine points of its bottom face), else on
// the ground plane y = 0 when it is above it; nullopt when nothing is below.
std::optional<float> FloorDistance(const SceneSurfaces& surfaces, const render::Aabb& box,
                                   const SceneSurfaces::Skip& skip);

// "Drop 'Crate' to Floor": each target moved down by its FloorDistance
// (each independently, passing through the selection). Throws EditorError
// when none of them has anything below it.
ecs::Action DropToFloor(ecs::Coordinator& world, const WorldMatrices& matrices, const SceneSurfaces& surfaces,
                        std::span<const ecs::EntityId> targets, AssetMeshes* assets);

// The drag delta (about pivot `pivot`) that rests the selection's bounds
// `box` (world, at the drag's start) on `hit`: the box's bottom centre on
// the hit point; with `align`, the selection also turned so that its up
// axis follows the surface's normal.
render::GizmoDelta SurfaceSnap(const render::Aabb& box, const glm::vec3& pivot, const SceneHit& hit, bool align);

// The drag delta that moves world point `from` (a vertex of the selection
// at the drag's start) exactly onto `to`.
render::GizmoDelta VertexSnap(const glm::vec3& from, const glm::vec3& to);

}  // namespace cairn::editor
