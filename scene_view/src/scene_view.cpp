#include "cairn/scene_view/scene_view.h"

#include <cmath>

#include <glm/geometric.hpp>

#include "cairn/ecs/components/camera.h"
#include "cairn/ecs/coordinator.h"

namespace cairn::scene_view {

render::MeshShape ToRenderShape(ecs::MeshShape shape) {
  switch (shape) {
    case ecs::MeshShape::kCube: return render::MeshShape::Cube;
    case ecs::MeshShape::kSphere: return render::MeshShape::Sphere;
    case ecs::MeshShape::kPlane: return render::MeshShape::Plane;
    case ecs::MeshShape::kCylinder: return render::MeshShape::Cylinder;
    case ecs::MeshShape::kCone: return render::MeshShape::Cone;
  }
  return render::MeshShape::Cube;
}

namespace {

render::LightType ToRenderLightType(ecs::LightType type) {
  switch (type) {
    case ecs::LightType::kDirectional: return render::LightType::Directional;
    case ecs::LightType::kPoint: return render::LightType::Point;
    case ecs::LightType::kSpot: return render::LightType::Spot;
  }
  return render::LightType::Point;
}

}  // namespace

render::LightData ToLightData(const ecs::Light& light, const glm::mat4& world) {
  render::LightData data;
  data.type = ToRenderLightType(light.type);
  data.position = glm::vec3(world[3]);
  const glm::vec3 forward = -glm::vec3(world[2]);
  const float length = glm::length(forward);
  data.direction = length > 1e-12f && std::isfinite(length) ? forward / length : glm::vec3(0.0f, -1.0f, 0.0f);
  data.color = light.color;
  data.intensity = light.intensity;
  data.range = light.range;
  data.cone_angle_degrees = 2.0f * light.cone_angle_degrees;
  return data;
}

std::optional<render::CameraMatrices> PrimaryCameraView(ecs::Coordinator& world,
                                                        const std::function<glm::mat4(ecs::Entity)>& world_matrix,
                                                        float aspect) {
  if (!world.IsRegistered<ecs::Camera>()) return std::nullopt;
  std::optional<render::CameraMatrices> view;
  world.Each<ecs::Camera>([&](ecs::Entity entity, const ecs::Camera& camera) {
    if (view || !camera.primary) return;
    view = render::PerspectiveFromPose(world_matrix(entity), camera.vertical_fov_degrees, camera.near_plane,
                                       camera.far_plane, aspect);
  });
  return view;
}

}  // namespace cairn::scene_view
