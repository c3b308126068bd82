#include "cairn/editor/viewport/placement.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/gtx/quaternion.hpp>

#include "cairn/ecs/components/mesh_renderer.h"
#include "cairn/ecs/components/transform.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/editor/actions.h"
#include "cairn/editor/editor_errors.h"
#include "cairn/editor/viewport/drop_point.h"
#include "cairn/editor/viewport/selection_bounds.h"
#include "cairn/editor/viewport/transform_drag.h"
#include "cairn/editor/viewport/world_matrices.h"

namespace cairn::editor {

namespace {

// Floor rays start this far above the box's bottom, so a surface it already
// rests on is met (at this distance) rather than missed at t = 0.
constexpr float kFloorRayLift = 1e-3f;

}  // namespace

std::optional<std::string> ImplausibleSize(std::string_view asset, const render::Aabb& bounds) {
  if (bounds.IsEmpty()) return std::nullopt;
  const glm::vec3 size = bounds.Size();
  const float largest = std::max({size.x, size.y, size.z});
  if (largest >= kSmallestPlausibleSize && largest <= kLargestPlausibleSize) return std::nullopt;
  char measured[96];
  std::snprintf(measured, sizeof measured, "%.3g x %.3g x %.3g m", static_cast<double>(size.x),
                static_cast<double>(size.y), static_cast<double>(size.z));
  const bool large = largest > kLargestPlausibleSize;
  return "Assets: " + std::string(asset) + " is " + measured + (large ? " (over 100 m)" : " (under 1 cm)") +
         ": it was probably made in other units; Import Settings (right-click it in the Assets panel) sets its scale for every scene";
}

std::string MeasureText(const glm::vec3& from, const glm::vec3& to) {
  const glm::vec3 d = glm::abs(to - from);
  char text[192];
  std::snprintf(text, sizeof text, "Measured %.3f m (x %.3f, y %.3f, z %.3f) from (%.3f, %.3f, %.3f) to (%.3f, %.3f, %.3f)",
                static_cast<double>(glm::distance(from, to)), static_cast<double>(d.x), static_cast<double>(d.y),
                static_cast<double>(d.z), static_cast<double>(from.x), static_cast<double>(from.y),
                static_cast<double>(from.z), static_cast<double>(to.x), static_cast<double>(to.y),
                static_cast<double>(to.z));
  return text;
}

glm::vec3 RestingPosition(const glm::vec3& point, const render::Aabb& bounds) {
  if (bounds.IsEmpty()) return point;
  const glm::vec3 bottom_centre{bounds.Center().x, bounds.min.y, bounds.Center().z};
  return point - bottom_centre;
}

glm::vec3 DropPosition(const SceneSurfaces& surfaces, const render::Ray& ray, const render::Aabb& bounds) {
  if (const std::optional<SceneHit> hit = surfaces.Raycast(ray, {}, kMaxGroundDistance)) {
    return RestingPosition(hit->point, bounds);
  }
  if (const std::optional<glm::vec3> ground = GroundPoint(ray)) return RestingPosition(*ground, bounds);
  // In the air (DropPoint's fallback) the asset is centred on the point,
  // wholly in front of the camera.
  const glm::vec3 point = DropPoint(ray);
  return bounds.IsEmpty() ? point : point - bounds.Center();
}

render::Aabb SubtreeBounds(ecs::Coordinator& world, const WorldMatrices& matrices, ecs::Entity root,
                           AssetMeshes* assets) {
  render::Aabb box;
  const bool meshes = world.IsRegistered<ecs::MeshRenderer>();
  world.ForEachInSubtree(root, [&](ecs::Entity entity, std::uint32_t) {
    if (meshes && world.HasComponent<ecs::MeshRenderer>(entity)) {
      box.Expand(EntityWorldBounds(matrices.Of(world, entity), EntityModelBounds(world, entity, assets)));
    }
  });
  if (box.IsEmpty()) box = EntityWorldBounds(matrices.Of(world, root));
  return box;
}

SceneSurfaces::Skip SkipSubtrees(const ecs::Coordinator& world, std::span<const ecs::EntityId> roots) {
  std::vector<ecs::Entity> entities;
  for (const ecs::EntityId id : roots) {
    const ecs::Entity entity = world.FindEntity(id);
    if (!entity.IsNull()) entities.push_back(entity);
  }
  return [&world, entities = std::move(entities)](ecs::Entity entity) {
    return std::any_of(entities.begin(), entities.end(), [&](ecs::Entity root) {
      return root == entity || world.IsAncestorOf(root, entity);
    });
  };
}

std::optional<float> FloorDistance(const SceneSurfaces& surfaces, const render::Aabb& box,
                                   const SceneSurfaces::Skip& skip) {
  if (box.IsEmpty()) return std::nullopt;
  std::optional<float> nearest;
  for (int i = 0; i < 3; ++i) {
    for (int k = 0; k < 3; ++k) {
      const glm::vec3 start{box.min.x + (box.max.x - box.min.x) * 0.5f * static_cast<float>(i),
                            box.min.y + kFloorRayLift,
                            box.min.z + (box.max.z - box.min.z) * 0.5f * static_cast<float>(k)};
      const render::Ray down{start, {0.0f, -1.0f, 0.0f}};
      const float limit = nearest ? *nearest + kFloorRayLift : std::numeric_limits<float>::infinity();
      if (const std::optional<SceneHit> hit = surfaces.Raycast(down, skip, limit)) {
        // The hit's height, not t: the drop ends exactly on the surface.
        const float distance = std::max(0.0f, box.min.y - hit->point.y);
        if (!nearest || distance < *nearest) nearest = distance;
      }
    }
  }
  if (!nearest && box.min.y > 0.0f) nearest = box.min.y;
  return nearest;
}

ecs::Action DropToFloor(ecs::Coordinator& world, const WorldMatrices& matrices, const SceneSurfaces& surfaces,
                        std::span<const ecs::EntityId> targets, AssetMeshes* assets) {
  const SceneSurfaces::Skip skip = SkipSubtrees(world, targets);
  const auto& info = world.GetComponentInfoPtr(world.GetComponentType<ecs::Transform>());
  ecs::Action action;
  std::size_t moved = 0;
  for (const ecs::EntityId id : targets) {
    const ecs::Entity entity = world.FindEntity(id);
    if (entity.IsNull() || !world.HasComponent<ecs::Transform>(entity)) continue;
    const std::optional<float> distance = FloorDistance(surfaces, SubtreeBounds(world, matrices, entity, assets), skip);
    if (!distance || *distance == 0.0f) continue;
    ecs::Transform transform = world.GetComponent<ecs::Transform>(entity);
    transform.position += WorldOffsetToLocal(matrices.ParentOf(world, entity), {0.0f, -*distance, 0.0f});
    action.commands.emplace_back(ecs::SetComponentCommand{id, ecs::ComponentValue::From(info, transform)});
    ++moved;
  }
  if (targets.empty()) throw EditorError("Drop to Floor: nothing is selected");
  const std::string what = targets.size() == 1 ? "'" + actions::DisplayName(world, targets.front()) + "'"
                                               : std::to_string(targets.size()) + " entities";
  if (moved == 0) throw EditorError("Drop to Floor: nothing below " + what + " to rest on");
  action.name = "Drop " + what + " to Floor";
  return action;
}

render::GizmoDelta SurfaceSnap(const render::Aabb& box, const glm::vec3& pivot, const SceneHit& hit, bool align) {
  render::GizmoDelta delta;
  const glm::vec3 bottom_centre{box.Center().x, box.min.y, box.Center().z};
  if (align) delta.rotation = glm::rotation(glm::vec3(0.0f, 1.0f, 0.0f), hit.normal);
  delta.translation = hit.point - (pivot + delta.rotation * (bottom_centre - pivot));
  return delta;
}

render::GizmoDelta VertexSnap(const glm::vec3& from, const glm::vec3& to) {
  render::GizmoDelta delta;
  delta.translation = to - from;
  return delta;
}

}  // namespace cairn::editor
