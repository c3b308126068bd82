#include "cairn/editor/viewport/transform_drag.h"

#include <utility>

#include <glm/gtc/quaternion.hpp>
#include <glm/matrix.hpp>

#include "cairn/ecs/coordinator.h"
#include "cairn/editor/actions.h"
#include "cairn/editor/selection.h"
#include "cairn/editor/viewport/world_matrices.h"

namespace cairn::editor {

namespace {

const glm::quat kIdentityRotation{1.0f, 0.0f, 0.0f, 0.0f};

std::string_view Verb(render::GizmoMode mode) {
  switch (mode) {
    case render::GizmoMode::Translate: return "Move";
    case render::GizmoMode::Rotate: return "Rotate";
    case render::GizmoMode::Scale: return "Scale";
  }
  return "Move";
}

// The offset from the pivot after rotating and scaling it about the pivot.
glm::vec3 TransformedOffset(glm::vec3 offset, const render::GizmoDelta& delta, const render::GizmoPivot& pivot) {
  if (delta.scale != glm::vec3(1.0f)) {
    // Scale along the pivot's axes: into the pivot's frame, scale, back.
    const glm::vec3 along_axes = glm::inverse(pivot.orientation) * offset;
    offset = pivot.orientation * (along_axes * delta.scale);
  }
  if (delta.rotation != kIdentityRotation) offset = delta.rotation * offset;
  return offset;
}

}  // namespace

glm::vec3 WorldOffsetToLocal(const glm::mat4& parent_world, glm::vec3 world_offset) {
  return glm::vec3(glm::inverse(parent_world) * glm::vec4(world_offset, 0.0f));
}

glm::quat ParentRotation(const glm::mat4& parent_world) { return ecs::Transform::FromMatrix(parent_world).rotation; }

ecs::Transform ApplyGizmoDelta(const DragTarget& target, const render::GizmoDelta& delta,
                               const render::GizmoPivot& pivot) {
  ecs::Transform result = target.start_local;

  glm::vec3 world_offset = delta.translation;
  if (delta.rotation != kIdentityRotation || delta.scale != glm::vec3(1.0f)) {
    const glm::vec3 from_pivot = target.start_world_position - pivot.position;
    world_offset += TransformedOffset(from_pivot, delta, pivot) - from_pivot;
  }
  if (world_offset != glm::vec3(0.0f)) {
    result.position = target.start_local.position + WorldOffsetToLocal(target.parent_world, world_offset);
  }

  if (delta.rotation != kIdentityRotation) {
    const glm::quat parent = ParentRotation(target.parent_world);
    result.rotation = glm::normalize(glm::inverse(parent) * delta.rotation * parent * target.start_local.rotation);
  }
  if (delta.scale != glm::vec3(1.0f)) result.scale = target.start_local.scale * delta.scale;
  return result;
}

glm::vec3 CentreOf(std::span<const glm::vec3> positions) {
  if (positions.empty()) return glm::vec3(0.0f);
  if (positions.size() == 1) return positions.front();
  glm::dvec3 sum(0.0);
  for (const glm::vec3& position : positions) sum += glm::dvec3(position);
  return glm::vec3(sum / static_cast<double>(positions.size()));
}

std::vector<ecs::EntityId> TransformTargets(const ecs::Coordinator& world, const Selection& selection) {
  std::vector<ecs::EntityId> targets;
  if (!world.IsRegistered<ecs::Transform>()) return targets;
  for (const ecs::EntityId id : selection.Ids()) {
    const ecs::Entity entity = world.FindEntity(id);
    if (entity.IsNull() || !world.HasComponent<ecs::Transform>(entity)) continue;
    bool ancestor_selected = false;
    for (ecs::Entity parent = world.GetParent(entity); !parent.IsNull(); parent = world.GetParent(parent)) {
      if (selection.Contains(world.GetEntityId(parent))) {
        ancestor_selected = true;
        break;
      }
    }
    if (!ancestor_selected) targets.push_back(id);
  }
  return targets;
}

render::GizmoPivot TargetsPivot(const ecs::Coordinator& world, const WorldMatrices& matrices,
                                std::span<const ecs::EntityId> ids, ecs::EntityId primary, bool local_space) {
  std::vector<glm::vec3> positions;
  positions.reserve(ids.size());
  ecs::EntityId oriented = ids.back();
  for (const ecs::EntityId id : ids) {
    positions.push_back(glm::vec3(matrices.Of(world, world.GetEntity(id))[3]));
    if (id == primary) oriented = id;
  }
  render::GizmoPivot pivot;
  pivot.position = CentreOf(positions);
  if (local_space) pivot.orientation = ecs::Transform::FromMatrix(matrices.Of(world, world.GetEntity(oriented))).rotation;
  return pivot;
}

void TransformDrag::Begin(const ecs::Coordinator& world, const WorldMatrices& matrices,
                          std::span<const ecs::EntityId> ids, const render::GizmoPivot& pivot,
                          render::GizmoMode mode) {
  targets_.clear();
  targets_.reserve(ids.size());
  for (const ecs::EntityId id : ids) {
    const ecs::Entity entity = world.GetEntity(id);
    DragTarget target;
    target.id = id;
    target.start_local = world.GetComponent<ecs::Transform>(entity);
    target.start_world_position = glm::vec3(matrices.Of(world, entity)[3]);
    target.parent_world = matrices.ParentOf(world, entity);
    targets_.push_back(target);
  }
  pivot_ = pivot;
  mode_ = mode;
  merge_key_ = actions::FieldMergeKey(ids, "Transform", "gizmo");
}

bool TransformDrag::TargetsExist(const ecs::Coordinator& world) const {
  for (const DragTarget& target : targets_) {
    const ecs::Entity entity = world.FindEntity(target.id);
    if (entity.IsNull() || !world.HasComponent<ecs::Transform>(entity)) return false;
  }
  return true;
}

ecs::Action TransformDrag::MakeAction(const ecs::Coordinator& world, const render::GizmoDelta& delta) const {
  ecs::Action action;
  action.name = std::string(Verb(mode_)) + " ";
  action.name += targets_.size() == 1 ? "'" + actions::DisplayName(world, targets_.front().id) + "'"
                                      : std::to_string(targets_.size()) + " entities";
  const auto& info = world.GetComponentInfoPtr(world.GetComponentType<ecs::Transform>());
  action.commands.reserve(targets_.size());
  for (const DragTarget& target : targets_) {
    const ecs::Transform transform = ApplyGizmoDelta(target, delta, pivot_);
    action.commands.emplace_back(ecs::SetComponentCommand{target.id, ecs::ComponentValue::From(info, transform)});
  }
  return action;
}

}  // namespace cairn::editor
