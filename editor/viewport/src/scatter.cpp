#include "cairn/editor/viewport/scatter.h"

#include <cmath>
#include <numbers>
#include <variant>

#include <glm/geometric.hpp>
#include <glm/gtx/quaternion.hpp>

#include "cairn/ecs/bit_mix.h"
#include "cairn/ecs/components/mesh_renderer.h"
#include "cairn/ecs/components/transform.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/editor/actions.h"
#include "cairn/editor/asset_files.h"
#include "cairn/editor/viewport/placement.h"

namespace cairn::editor {

namespace {

// SplitMix64: a small generator whose sequence is the same everywhere
// (the standard library's distributions are not).
class Random {
 public:
  explicit Random(std::uint64_t seed) : state_(seed) {}
  std::uint64_t Next() {
    return ecs::MixBits(state_ += ecs::kMixGamma);
  }
  // In [0, 1).
  float Unit() { return static_cast<float>(Next() >> 40) / static_cast<float>(1u << 24); }
  float Between(float low, float high) { return low + (high - low) * Unit(); }

 private:
  std::uint64_t state_;
};

// Two unit vectors across `normal`, so that (u, v, normal) is orthonormal.
std::pair<glm::vec3, glm::vec3> Across(const glm::vec3& normal) {
  const glm::vec3 helper = std::fabs(normal.y) < 0.9f ? glm::vec3(0, 1, 0) : glm::vec3(1, 0, 0);
  const glm::vec3 u = glm::normalize(glm::cross(helper, normal));
  return {u, glm::cross(normal, u)};
}

}  // namespace

std::size_t ScatterCount(const ScatterBrush& brush) {
  const double area = std::numbers::pi * static_cast<double>(brush.radius) * static_cast<double>(brush.radius);
  const double count = std::round(static_cast<double>(brush.density) * area);
  return count < 1.0 ? 1 : static_cast<std::size_t>(count);
}

std::vector<ScatterPlacement> ScatterDab(const SceneSurfaces& surfaces, const ScatterBrush& brush,
                                         const render::Aabb& bounds, const SceneHit& centre, std::uint32_t dab) {
  Random random((static_cast<std::uint64_t>(brush.seed) << 32) ^ dab);
  const auto [u, v] = Across(centre.normal);
  const glm::vec3 bottom_centre =
      bounds.IsEmpty() ? glm::vec3(0.0f) : glm::vec3(bounds.Center().x, bounds.min.y, bounds.Center().z);
  std::vector<ScatterPlacement> placements;
  const std::size_t count = ScatterCount(brush);
  for (std::size_t i = 0; i < count; ++i) {
    // A point drawn uniformly in the disc, then the instance's own numbers,
    // drawn whether or not it lands, so one miss does not shift the others.
    const float distance = brush.radius * std::sqrt(random.Unit());
    const float angle = 2.0f * std::numbers::pi_v<float> * random.Unit();
    const float yaw = brush.random_yaw ? 2.0f * std::numbers::pi_v<float> * random.Unit() : 0.0f;
    const float scale = brush.min_scale + (brush.max_scale - brush.min_scale) * random.Unit();
    const glm::vec3 across = centre.point + distance * (std::cos(angle) * u + std::sin(angle) * v);
    const render::Ray down{across + centre.normal * brush.radius, -centre.normal};
    const std::optional<SceneHit> hit = surfaces.Raycast(down, {}, 3.0f * brush.radius);
    if (!hit) continue;
    const glm::vec3 up = brush.align ? hit->normal : glm::vec3(0.0f, 1.0f, 0.0f);
    ScatterPlacement placement;
    placement.rotation = glm::rotation(glm::vec3(0.0f, 1.0f, 0.0f), up) * glm::angleAxis(yaw, glm::vec3(0, 1, 0));
    placement.scale = scale;
    placement.position = hit->point - placement.rotation * (scale * bottom_centre);
    placements.push_back(placement);
  }
  return placements;
}

ecs::Action ScatterStroke(ecs::Coordinator& world, const ScatterBrush& brush,
                          std::span<const ScatterPlacement> placements, serialization::PrefabLibrary* prefabs) {
  ecs::Action stroke;
  const auto& info = world.GetComponentInfoPtr(world.GetComponentType<ecs::Transform>());
  std::string name;
  for (const ScatterPlacement& placement : placements) {
    ecs::Action one = CreateFromAssetPayload(world, brush.asset, placement.position, ecs::kNoEntityId, prefabs);
    const std::vector<ecs::EntityId> created = actions::CreatedEntities(one);
    // The name the first instance is created with (the world has no entity
    // to ask yet): "Cube", the mesh file's stem, the prefab root's name.
    if (name.empty() && !one.commands.empty()) {
      if (const auto* create = std::get_if<ecs::CreateEntityCommand>(&one.commands.front())) name = create->name;
    }
    for (ecs::Command& command : one.commands) stroke.commands.push_back(std::move(command));
    if (created.empty()) continue;
    // The created Transform, turned and scaled: set after the creation, in
    // the same action.
    ecs::Transform transform;
    transform.position = placement.position;
    transform.rotation = placement.rotation;
    transform.scale = glm::vec3(placement.scale);
    stroke.commands.emplace_back(ecs::SetComponentCommand{created.front(), ecs::ComponentValue::From(info, transform)});
  }
  if (name.empty()) {
    const auto slash = brush.asset.find_last_of("/:");
    name = slash == std::string::npos ? brush.asset : brush.asset.substr(slash + 1);
  }
  stroke.name = "Scatter " + std::to_string(placements.size()) + " '" + name + "'";
  return stroke;
}

std::vector<ecs::EntityId> ScatteredNear(ecs::Coordinator& world, const ScatterBrush& brush, const glm::vec3& point) {
  std::vector<ecs::EntityId> ids;
  if (!world.IsRegistered<ecs::MeshRenderer>()) return ids;
  const BuiltinMesh* builtin = FindBuiltinMesh(brush.asset);
  world.Each<ecs::MeshRenderer>([&](ecs::Entity entity, const ecs::MeshRenderer& renderer) {
    const bool same = builtin != nullptr ? renderer.asset.empty() && renderer.mesh == builtin->shape
                                         : renderer.asset == brush.asset;
    if (!same || !world.GetParent(entity).IsNull() || !world.HasComponent<ecs::Transform>(entity)) return;
    const glm::vec3 position = world.GetComponent<ecs::Transform>(entity).position;
    if (glm::distance(position, point) <= brush.radius) ids.push_back(world.GetEntityId(entity));
  });
  return ids;
}

}  // namespace cairn::editor
