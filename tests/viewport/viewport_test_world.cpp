#include "viewport_test_world.h"

#include <cmath>

#include <glm/geometric.hpp>

#include "cairn/ecs/components/name.h"

namespace cairn::editor::testing {

std::unique_ptr<ecs::Coordinator> MakeWorld(std::uint64_t seed) {
  auto world = std::make_unique<ecs::Coordinator>(seed);
  ecs::RegisterBuiltinComponents(*world);
  return world;
}

EditorOptions TestEditorOptions(std::uint64_t seed) {
  EditorOptions options;
  options.world_factory = [seed] { return MakeWorld(seed); };
  options.journaling = false;
  return options;
}

ecs::EntityId AddEntity(ecs::Coordinator& world, const std::string& name, const ecs::Transform& transform,
                        ecs::EntityId parent) {
  const ecs::Entity entity = world.CreateEntity();
  world.AddComponent<ecs::Name>(entity, ecs::Name{name});
  world.AddComponent<ecs::Transform>(entity, transform);
  if (parent) world.SetParent(entity, world.GetEntity(parent));
  return world.GetEntityId(entity);
}

ecs::EntityId AddMesh(ecs::Coordinator& world, const std::string& name, ecs::MeshShape shape,
                      const ecs::Transform& transform, glm::vec4 color, ecs::EntityId parent) {
  const ecs::EntityId id = AddEntity(world, name, transform, parent);
  world.AddComponent<ecs::MeshRenderer>(world.GetEntity(id), ecs::MeshRenderer{shape, color, {}});
  return id;
}

ecs::Transform At(glm::vec3 position, glm::quat rotation, glm::vec3 scale) {
  ecs::Transform transform;
  transform.position = position;
  transform.rotation = rotation;
  transform.scale = scale;
  return transform;
}

const ecs::Transform& TransformOf(const ecs::Coordinator& world, ecs::EntityId id) {
  return world.GetComponent<ecs::Transform>(world.GetEntity(id));
}

glm::vec3 WorldPositionOf(const ecs::Coordinator& world, ecs::EntityId id) {
  return glm::vec3(world.ComputeWorldMatrix(world.GetEntity(id))[3]);
}

bool SameRotation(const glm::quat& a, const glm::quat& b, float tolerance) {
  return std::abs(std::abs(glm::dot(a, b)) - 1.0f) <= tolerance;
}

}  // namespace cairn::editor::testing
