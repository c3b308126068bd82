#pragma once
// A gizmo drag turned into Transform edits.
//
// When a drag starts, the viewport captures the entities it moves (the
// selection's root-most entities with a Transform: a selected child of a
// selected parent moves with its parent only) and the pivot. Each frame the
// gizmo's delta, relative to that start, gives every entity a new LOCAL
// Transform:
//
//   position  the start world position is rotated and scaled about the pivot,
//             then translated; the resulting world offset is converted into
//             the parent's space (through the inverse of the parent's world
//             matrix) and added to the start local position
//   rotation  the world-space rotation is conjugated into the parent's frame
//             and applied before the start local rotation
//   scale     the start local scale times the factors
//
// Parts of the delta that are identity leave the matching parts of the
// Transform bit-for-bit unchanged, so moving along X never disturbs Y or Z.
// With one entity the pivot is its own position, so rotating and scaling
// leave it in place; with several, the pivot is their centre.
//
// Every action a drag produces sets the same Transforms to absolute values,
// under one merge key: enqueued each frame with EnqueueOptions::Merging and
// closed with EndMerge on release, the whole drag is one undo step.

#include <span>
#include <string>
#include <vector>

#include <glm/gtc/quaternion.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "cairn/ecs/command.h"
#include "cairn/ecs/components/transform.h"
#include "cairn/ecs/entity.h"
#include "cairn/ecs/fwd.h"
#include "cairn/render/gizmo.h"

namespace cairn::editor {

class Selection;
class WorldMatrices;

// One entity a drag moves, as it was when the drag started.
struct DragTarget {
  ecs::EntityId id;
  ecs::Transform start_local;              // its Transform component
  glm::vec3 start_world_position{0.0f};    // translation of its world matrix
  glm::mat4 parent_world{1.0f};            // its parent's world matrix; identity for roots
};

// A world-space offset expressed in the space of a parent with world matrix
// `parent_world` (the offset a local position needs for its world position
// to move by `world_offset`).
glm::vec3 WorldOffsetToLocal(const glm::mat4& parent_world, glm::vec3 world_offset);

// The rotation of a parent's world matrix (scale removed).
glm::quat ParentRotation(const glm::mat4& parent_world);

// The local Transform `target` gets for `delta` applied about `pivot` (the
// pivot's orientation gives the axes along which scale moves positions).
ecs::Transform ApplyGizmoDelta(const DragTarget& target, const render::GizmoDelta& delta,
                               const render::GizmoPivot& pivot);

// The mean of the positions; the origin for none.
glm::vec3 CentreOf(std::span<const glm::vec3> positions);

// The selection's root-most entities that have a Transform, in selection
// order (entities with a selected ancestor are left out: they move with it).
std::vector<ecs::EntityId> TransformTargets(const ecs::Coordinator& world, const Selection& selection);

// Where the gizmo of these entities sits: at the one entity's world position,
// or at the centre of several; oriented like the primary entity's world
// rotation when `local_space` (else world axes). `primary` falls back to the
// last target when it is not among them. Precondition: `ids` is not empty.
render::GizmoPivot TargetsPivot(const ecs::Coordinator& world, const WorldMatrices& matrices,
                                std::span<const ecs::EntityId> ids, ecs::EntityId primary, bool local_space);

class TransformDrag {
 public:
  // Captures `ids` (entities with a Transform) and the pivot. `mode` only
  // names the actions ("Move", "Rotate", "Scale").
  void Begin(const ecs::Coordinator& world, const WorldMatrices& matrices, std::span<const ecs::EntityId> ids,
             const render::GizmoPivot& pivot, render::GizmoMode mode);
  void End() { targets_.clear(); }
  bool Active() const { return !targets_.empty(); }

  // False once any target was destroyed (or lost its Transform) since Begin:
  // the drag cannot go on.
  bool TargetsExist(const ecs::Coordinator& world) const;

  // The action setting every target's Transform for `delta`: "Move 'Crate'",
  // "Rotate 3 entities". Precondition: Active() and TargetsExist(world).
  ecs::Action MakeAction(const ecs::Coordinator& world, const render::GizmoDelta& delta) const;

  // The key under which all of this drag's actions merge into one undo step.
  const std::string& MergeKey() const { return merge_key_; }
  const std::vector<DragTarget>& Targets() const { return targets_; }
  const render::GizmoPivot& Pivot() const { return pivot_; }

 private:
  std::vector<DragTarget> targets_;
  render::GizmoPivot pivot_;
  render::GizmoMode mode_ = render::GizmoMode::Translate;
  std::string merge_key_;
};

}  // namespace cairn::editor
