#include "cairn/editor/viewport/render_scene_builder.h"

#include <cmath>

#include <glm/geometric.hpp>

#include "cairn/ecs/components/camera.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/editor/selection.h"
#include "cairn/editor/viewport/asset_meshes.h"
#include "cairn/editor/viewport/pick_table.h"
#include "cairn/editor/viewport/world_matrices.h"
#include "cairn/render/mesh_data.h"

namespace cairn::editor {

RenderSceneCounts RenderSceneBuilder::Build(ecs::Coordinator& world, const WorldMatrices& matrices,
                                            const Selection& selection, render::RenderScene& scene,
                                            PickTable& picks, AssetMeshes* assets, const render::Frustum* view) const {
  scene.Clear();
  picks.Clear();
  RenderSceneCounts counts;
  const ecs::Entity primary = world.FindEntity(selection.Primary());
  const auto state_of = [&](ecs::Entity entity) {
    if (selection.Empty() || !selection.Contains(world, entity)) return render::SelectionState::None;
    return entity == primary ? render::SelectionState::Primary : render::SelectionState::Selected;
  };

  if (world.IsRegistered<ecs::MeshRenderer>()) {
    world.Each<ecs::MeshRenderer>([&](ecs::Entity entity, const ecs::MeshRenderer& mesh) {
      ++counts.meshes;
      render::MeshInstance instance;
      instance.world = matrices.Of(world, entity);
      instance.color = mesh.color;
      instance.selection = state_of(entity);
      counts.selected += instance.selection != render::SelectionState::None ? 1 : 0;
      // What the instance draws: a shape, a ready imported mesh, or the placeholder cube.
      render::MeshShape shape = render::MeshShape::Cube;
      const AssetMesh* asset = nullptr;
      if (mesh.asset.empty()) {
        shape = ToRenderShape(mesh.mesh);
      } else {
        asset = assets != nullptr ? &assets->Find(mesh.asset) : nullptr;
        if (asset == nullptr || asset->state != AssetMeshState::kReady) {
          instance.color =
              asset != nullptr && asset->state == AssetMeshState::kLoading ? kLoadingColor : kMissingColor;
          ++counts.placeholders;
          asset = nullptr;
        }
      }
      if (view != nullptr) {
        const render::Aabb& model = asset != nullptr ? asset->bounds : render::MeshShapeBounds(shape);
        const render::BoundingSphere sphere = render::WorldSphere(model, instance.world);
        if (!view->MayContainSphere(sphere.centre, sphere.radius)) {
          ++counts.culled;
          return;
        }
      }
      instance.pick_id = picks.Add(entity);
      if (asset != nullptr) {
        scene.meshes.Add(asset->mesh, instance);
      } else {
        scene.meshes.Add(shape, instance);
      }
    });
  }

  if (world.IsRegistered<ecs::Light>()) {
    world.Each<ecs::Light>([&](ecs::Entity entity, const ecs::Light& light) {
      const render::LightData data = ToLightData(light, matrices.Of(world, entity));
      scene.lights.push_back(data);
      render::IconInstance icon;
      icon.position = data.position;
      icon.kind = render::IconKind::Light;
      icon.color = glm::vec4(light.color, 1.0f);
      icon.pick_id = picks.Add(entity);
      icon.selection = state_of(entity);
      counts.selected += icon.selection != render::SelectionState::None ? 1 : 0;
      scene.icons.push_back(icon);
    });
    counts.lights = scene.lights.size();
  }

  if (world.IsRegistered<ecs::Camera>()) {
    world.Each<ecs::Camera>([&](ecs::Entity entity, const ecs::Camera&) {
      render::IconInstance icon;
      icon.position = glm::vec3(matrices.Of(world, entity)[3]);
      icon.kind = render::IconKind::Camera;
      icon.color = kCameraIconColor;
      icon.pick_id = picks.Add(entity);
      icon.selection = state_of(entity);
      counts.selected += icon.selection != render::SelectionState::None ? 1 : 0;
      scene.icons.push_back(icon);
    });
  }
  counts.icons = scene.icons.size();
  return counts;
}

}  // namespace cairn::editor
