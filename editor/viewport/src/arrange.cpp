#include "cairn/editor/viewport/arrange.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <utility>

#include "cairn/ecs/builtin_components.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/ecs/errors.h"
#include "cairn/ecs/field_value.h"
#include "cairn/editor/actions.h"
#include "cairn/editor/editor_errors.h"
#include "cairn/editor/euler_hints.h"
#include "cairn/editor/subtree_copy.h"
#include "cairn/editor/viewport/selection_bounds.h"
#include "cairn/editor/viewport/transform_drag.h"
#include "cairn/editor/viewport/world_matrices.h"

namespace cairn::editor {

std::string_view AxisName(Axis axis) {
  switch (axis) {
    case Axis::kX: return "X";
    case Axis::kY: return "Y";
    case Axis::kZ: return "Z";
  }
  return "X";
}

std::string_view AlignEdgeName(AlignEdge edge) {
  switch (edge) {
    case AlignEdge::kMin: return "min";
    case AlignEdge::kCentre: return "centre";
    case AlignEdge::kMax: return "max";
  }
  return "min";
}

EntityBoundsFn ViewportBounds(ecs::Coordinator& world, const WorldMatrices& matrices, AssetMeshes* assets) {
  return [&world, &matrices, assets](ecs::Entity entity) {
    return EntityWorldBounds(matrices.Of(world, entity), EntityModelBounds(world, entity, assets));
  };
}

namespace arrange {
namespace {

using ecs::Coordinator;
using ecs::Entity;
using ecs::EntityId;

int Index(Axis axis) { return static_cast<int>(axis); }

std::string Number(float value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

// "'Crate'" for one entity, "3 entities" for more.
std::string Counted(const Coordinator& world, std::span<const Entity> entities) {
  if (entities.size() == 1) return "'" + actions::DisplayName(world, world.GetEntityId(entities.front())) + "'";
  return std::to_string(entities.size()) + " entities";
}

// The targets as live handles; refuses an empty selection and ids no entity has.
std::vector<Entity> RequireTargets(const Coordinator& world, std::span<const EntityId> ids, std::string_view doing) {
  if (ids.empty()) throw ActionError("cannot " + std::string(doing) + ": no entity is selected");
  for (const EntityId id : ids) {
    if (world.FindEntity(id).IsNull()) {
      throw ActionError("cannot " + std::string(doing) + ": no entity has id " + ecs::ToHex(id));
    }
  }
  std::vector<Entity> targets;
  for (const EntityId id : Targets(world, ids)) targets.push_back(world.FindEntity(id));
  return targets;
}

void RequireCount(std::span<const Entity> targets, std::size_t least, std::string_view doing) {
  if (targets.size() >= least) return;
  if (least == 1) throw ActionError("cannot " + std::string(doing) + ": no selected entity has a Transform");
  throw ActionError("cannot " + std::string(doing) + ": it needs at least " + std::to_string(least) +
                    " entities with a Transform (a selected child counts with its selected parent), the selection has " +
                    std::to_string(targets.size()));
}

// Builds Transform.position patches, each naming only the elements it changes.
class PositionPatches {
 public:
  PositionPatches(const Coordinator& world, const WorldMatrices& matrices)
      : world_(world),
        matrices_(matrices),
        info_(world.GetComponentInfoPtr(world.GetComponentType<ecs::Transform>())),
        field_(static_cast<std::size_t>(info_->FindField("position") - info_->fields.data())) {}

  // Moves the entity's world position by `offset`.
  void MoveBy(Entity entity, glm::vec3 offset) {
    const glm::vec3 local = Local(entity);
    if (world_.GetParent(entity).IsNull()) {
      Patch(entity, local, local + offset);
    } else {
      Patch(entity, local, local + WorldOffsetToLocal(matrices_.ParentOf(world_, entity), offset));
    }
  }

  // Moves a root's position to `position` exactly (a root's local position is its world position).
  void SetRoot(Entity entity, glm::vec3 position) { Patch(entity, Local(entity), position); }

  ecs::Action Take(std::string name) { return {std::move(name), std::move(commands_)}; }

 private:
  glm::vec3 Local(Entity entity) const { return world_.GetComponent<ecs::Transform>(entity).position; }

  void Patch(Entity entity, glm::vec3 before, glm::vec3 after) {
    ecs::ElementMask mask = 0;
    for (int i = 0; i < 3; ++i) {
      if (after[i] != before[i]) mask = static_cast<ecs::ElementMask>(mask | ecs::ElementBit(static_cast<std::size_t>(i)));
    }
    if (mask == 0) return;
    const EntityId id = world_.GetEntityId(entity);
    try {
      commands_.emplace_back(ecs::SetFieldCommand{id, ecs::FieldValue::Checked(info_, field_, &after), mask});
    } catch (const ecs::CommandError& error) {
      throw ActionError("cannot move '" + actions::DisplayName(world_, id) + "': " + error.what());
    }
  }

  const Coordinator& world_;
  const WorldMatrices& matrices_;
  std::shared_ptr<const ecs::ComponentInfo> info_;
  std::size_t field_;
  std::vector<ecs::Command> commands_;
};

// The target's world box; an entity the function gives no box is the point at its world position.
render::Aabb BoxOf(const Coordinator& world, const WorldMatrices& matrices, const EntityBoundsFn& bounds,
                   Entity entity) {
  render::Aabb box = bounds(entity);
  if (box.IsEmpty()) {
    box = render::Aabb{};
    box.Expand(glm::vec3(matrices.Of(world, entity)[3]));
  }
  return box;
}

glm::vec3 AlongAxis(Axis axis, float amount) {
  glm::vec3 offset(0.0f);
  offset[Index(axis)] = amount;
  return offset;
}

float Edge(const render::Aabb& box, Axis axis, AlignEdge edge) {
  const int i = Index(axis);
  switch (edge) {
    case AlignEdge::kMin: return box.min[i];
    case AlignEdge::kMax: return box.max[i];
    case AlignEdge::kCentre: break;
  }
  return box.Center()[i];
}

// The nearest multiple of `step`, computed in double; never -0.
float SnapValue(float value, float step) {
  const double snapped = std::round(static_cast<double>(value) / step) * static_cast<double>(step);
  return snapped == 0.0 ? 0.0f : static_cast<float>(snapped);
}

bool Finite(glm::vec3 v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

void RequireArrayStep(int count, const ArrayStep& step) {
  if (count < 1 || count > kMaxArrayCopies) {
    throw ActionError("cannot make an array: the number of copies must be between 1 and " +
                      std::to_string(kMaxArrayCopies) + " (got " + std::to_string(count) + ")");
  }
  if (!Finite(step.position)) throw ActionError("cannot make an array: the position step is not a finite vector");
  if (!Finite(step.rotation_degrees)) throw ActionError("cannot make an array: the rotation step is not a finite vector");
  if (!Finite(step.scale) || step.scale.x == 0.0f || step.scale.y == 0.0f || step.scale.z == 0.0f) {
    throw ActionError("cannot make an array: every scale factor must be a finite number other than 0 (got " +
                      Number(step.scale.x) + ", " + Number(step.scale.y) + ", " + Number(step.scale.z) + ")");
  }
}

}  // namespace

std::vector<EntityId> Targets(const Coordinator& world, std::span<const EntityId> ids) {
  std::vector<EntityId> targets;
  if (!world.IsRegistered<ecs::Transform>()) return targets;
  for (const Entity entity : RootMostEntities(world, ids)) {
    if (world.HasComponent<ecs::Transform>(entity)) targets.push_back(world.GetEntityId(entity));
  }
  return targets;
}

ecs::Action Align(const Coordinator& world, const WorldMatrices& matrices, std::span<const EntityId> ids, Axis axis,
                  AlignEdge edge, const EntityBoundsFn& bounds) {
  const std::string doing = "align on " + std::string(AxisName(axis));
  const std::vector<Entity> targets = RequireTargets(world, ids, doing);
  RequireCount(targets, kMinAlignTargets, doing);

  std::vector<render::Aabb> boxes;
  render::Aabb all;
  for (const Entity entity : targets) {
    boxes.push_back(BoxOf(world, matrices, bounds, entity));
    all.Expand(boxes.back());
  }
  const float goal = Edge(all, axis, edge);
  PositionPatches patches(world, matrices);
  for (std::size_t i = 0; i < targets.size(); ++i) {
    patches.MoveBy(targets[i], AlongAxis(axis, goal - Edge(boxes[i], axis, edge)));
  }
  return patches.Take("Align " + Counted(world, targets) + " (" + std::string(AlignEdgeName(edge)) + " " +
                      std::string(AxisName(axis)) + ")");
}

ecs::Action Distribute(const Coordinator& world, const WorldMatrices& matrices, std::span<const EntityId> ids,
                       Axis axis, const EntityBoundsFn& bounds) {
  const std::string doing = "distribute along " + std::string(AxisName(axis));
  const std::vector<Entity> targets = RequireTargets(world, ids, doing);
  RequireCount(targets, kMinDistributeTargets, doing);

  struct Placed {
    Entity entity;
    float centre;
  };
  std::vector<Placed> placed;
  for (const Entity entity : targets) {
    placed.push_back({entity, BoxOf(world, matrices, bounds, entity).Center()[Index(axis)]});
  }
  std::stable_sort(placed.begin(), placed.end(), [](const Placed& a, const Placed& b) { return a.centre < b.centre; });

  const double first = placed.front().centre;
  const double spacing = (static_cast<double>(placed.back().centre) - first) / static_cast<double>(placed.size() - 1);
  PositionPatches patches(world, matrices);
  for (std::size_t i = 1; i + 1 < placed.size(); ++i) {
    const float goal = static_cast<float>(first + spacing * static_cast<double>(i));
    patches.MoveBy(placed[i].entity, AlongAxis(axis, goal - placed[i].centre));
  }
  return patches.Take("Distribute " + Counted(world, targets) + " along " + std::string(AxisName(axis)));
}

ecs::Action SnapToGrid(const Coordinator& world, const WorldMatrices& matrices, std::span<const EntityId> ids,
                       float step) {
  if (!std::isfinite(step) || step <= 0.0f) {
    throw ActionError("cannot snap to grid: the step must be a number greater than 0 (got " + Number(step) + ")");
  }
  const std::vector<Entity> targets = RequireTargets(world, ids, "snap to grid");
  RequireCount(targets, 1, "snap to grid");

  PositionPatches patches(world, matrices);
  for (const Entity entity : targets) {
    if (world.GetParent(entity).IsNull()) {
      const glm::vec3 position = world.GetComponent<ecs::Transform>(entity).position;
      patches.SetRoot(entity, {SnapValue(position.x, step), SnapValue(position.y, step), SnapValue(position.z, step)});
    } else {
      const glm::vec3 position(matrices.Of(world, entity)[3]);
      const glm::vec3 snapped(SnapValue(position.x, step), SnapValue(position.y, step), SnapValue(position.z, step));
      patches.MoveBy(entity, snapped - position);
    }
  }
  return patches.Take("Snap " + Counted(world, targets) + " to grid " + Number(step));
}

ecs::Transform ArrayCopyTransform(const ecs::Transform& original, const glm::mat4& parent_world,
                                  const ArrayStep& step, int k) {
  // The gizmo's rules with the pivot on the entity: rotation and scale turn
  // and size it in place, the translation moves it.
  DragTarget target;
  target.start_local = original;
  target.parent_world = parent_world;
  render::GizmoDelta delta;
  const float times = static_cast<float>(k);
  delta.translation = step.position * times;
  if (step.rotation_degrees != glm::vec3(0.0f)) delta.rotation = QuatFromEulerDegrees(step.rotation_degrees * times);
  if (step.scale != glm::vec3(1.0f)) {
    for (int i = 0; i < 3; ++i) {
      delta.scale[i] = static_cast<float>(std::pow(static_cast<double>(step.scale[i]), k));
    }
  }
  ecs::Transform copy = ApplyGizmoDelta(target, delta, render::GizmoPivot{});
  if (delta.translation != glm::vec3(0.0f) && parent_world == glm::mat4(1.0f)) {
    copy.position = original.position + delta.translation;  // a root: exactly, without the matrix inverse
  }
  return copy;
}

ecs::Action ArrayDuplicate(Coordinator& world, const WorldMatrices& matrices, std::span<const EntityId> ids, int count,
                           const ArrayStep& step, serialization::PrefabLibrary* prefabs) {
  RequireArrayStep(count, step);
  const std::vector<Entity> targets = RequireTargets(world, ids, "make an array");
  RequireCount(targets, 1, "make an array");

  // As Duplicate: copies follow their originals; doing the later siblings
  // first keeps every earlier original's position valid.
  struct Job {
    Entity root;
    Entity parent;
    std::uint32_t index;
    glm::mat4 parent_world;
    std::vector<ecs::EntityRecord> snapshot;
  };
  std::vector<Job> jobs;
  for (const Entity root : targets) {
    jobs.push_back({root, world.GetParent(root), world.SiblingIndex(root), matrices.ParentOf(world, root), {}});
  }
  std::stable_sort(jobs.begin(), jobs.end(), [](const Job& a, const Job& b) {
    if (a.parent != b.parent) {
      return std::pair(a.parent.index, a.parent.generation) < std::pair(b.parent.index, b.parent.generation);
    }
    return a.index > b.index;
  });
  for (Job& job : jobs) job.snapshot = ecs::SnapshotSubtree(world, job.root);

  const std::size_t name_type = world.GetComponentInfo(world.GetComponentType<ecs::Name>()).type_index;
  const std::size_t transform_type = world.GetComponentInfo(world.GetComponentType<ecs::Transform>()).type_index;
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::set<std::string>> names_by_parent;
  // copies[j][k - 1]: copy k of job j. Each copy k of the whole selection gets
  // its ids in one go, so references between its subtrees follow that copy.
  std::vector<std::vector<ecs::Command>> copies(jobs.size());
  for (int k = 1; k <= count; ++k) {
    SubtreeRecords subtrees;
    subtrees.reserve(jobs.size());
    for (const Job& job : jobs) subtrees.push_back(job.snapshot);
    GiveFreshIds(subtrees, world, OutsideReferences::kKeep, prefabs);
    for (std::size_t j = 0; j < jobs.size(); ++j) {
      ecs::EntityRecord& root = subtrees[j].front();
      root.position = jobs[j].index + static_cast<std::uint32_t>(k);
      const auto key = std::pair(jobs[j].parent.index, jobs[j].parent.generation);
      auto taken = names_by_parent.find(key);
      if (taken == names_by_parent.end()) taken = names_by_parent.emplace(key, actions::ChildNames(world, jobs[j].parent)).first;
      for (ecs::ComponentValue& value : root.components) {
        if (value.Info().type_index == name_type) {
          std::string& name = value.As<ecs::Name>().value;
          name = actions::CopyName(name, taken->second);
        } else if (value.Info().type_index == transform_type) {
          ecs::Transform& transform = value.As<ecs::Transform>();
          transform = ArrayCopyTransform(transform, jobs[j].parent_world, step, k);
        }
      }
      copies[j].emplace_back(ecs::RestoreSubtreeCommand{std::move(subtrees[j])});
    }
  }

  ecs::Action action;
  action.name = "Array " + std::to_string(count) + (count == 1 ? " copy of " : " copies of ") + Counted(world, targets);
  action.commands.reserve(jobs.size() * static_cast<std::size_t>(count));
  for (std::vector<ecs::Command>& job_copies : copies) {
    for (ecs::Command& command : job_copies) action.commands.push_back(std::move(command));
  }
  return action;
}

}  // namespace arrange
}  // namespace cairn::editor
