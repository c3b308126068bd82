#include "cairn/editor/viewport/game_camera.h"

#include "cairn/ecs/components/camera.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/editor/viewport/world_matrices.h"

namespace cairn::editor {

std::optional<render::CameraMatrices> PrimaryCameraView(ecs::Coordinator& world, const WorldMatrices& matrices,
                                                        float aspect) {
  if (!world.IsRegistered<ecs::Camera>()) return std::nullopt;
  std::optional<render::CameraMatrices> view;
  world.Each<ecs::Camera>([&](ecs::Entity entity, const ecs::Camera& camera) {
    if (view || !camera.primary) return;
    view = render::PerspectiveFromPose(matrices.Of(world, entity), camera.vertical_fov_degrees, camera.near_plane,
                                       camera.far_plane, aspect);
  });
  return view;
}

}  // namespace cairn::editor
