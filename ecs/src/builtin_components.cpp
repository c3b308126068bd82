#include "cairn/ecs/builtin_components.h"

#include "cairn/ecs/coordinator.h"
#include "cairn/ecs/transform_system.h"

namespace cairn::ecs {

void RegisterBuiltinComponents(Coordinator& coordinator) {
  // Every entity the editor makes has a Name and a Transform: one record per
  // entity slot makes their lookups one memory access (component_storage.h).
  coordinator.RegisterComponent<Name>("Name", StorageKind::kPerEntity).Field("value", &Name::value).HiddenFromUi();

  coordinator.RegisterComponent<Transform>("Transform", StorageKind::kPerEntity)
      .Field("position", &Transform::position)
      .Field("rotation", &Transform::rotation)
      .Field("scale", &Transform::scale, FieldHints{.min = 0.0f, .max = 0.0f, .speed = 0.01f, .color = false});

  coordinator.RegisterComponent<MeshRenderer>("MeshRenderer")
      .EnumField("mesh", &MeshRenderer::mesh, {"cube", "sphere", "plane", "cylinder", "cone"},
                 FieldHints{.unused_while = "asset"})
      .Field("color", &MeshRenderer::color, FieldHints{.min = 0.0f, .max = 1.0f, .speed = 0.01f, .color = true})
      .AssetField("asset", &MeshRenderer::asset, FieldHints{.extensions = {".gltf", ".glb"}});

  coordinator.RegisterComponent<Light>("Light")
      .EnumField("type", &Light::type, {"directional", "point", "spot"})
      .Field("color", &Light::color, FieldHints{.min = 0.0f, .max = 1.0f, .speed = 0.01f, .color = true})
      .Field("intensity", &Light::intensity, FieldHints{.min = 0.0f, .max = 100.0f, .speed = 0.05f})
      .Field("range", &Light::range, FieldHints{.min = 0.0f, .max = 10000.0f, .speed = 0.1f})
      .Field("cone_angle", &Light::cone_angle_degrees, FieldHints{.min = 1.0f, .max = 89.0f, .speed = 0.5f});

  coordinator.RegisterComponent<Camera>("Camera")
      .Field("fov", &Camera::vertical_fov_degrees, FieldHints{.min = 1.0f, .max = 179.0f, .speed = 0.5f})
      .Field("near", &Camera::near_plane, FieldHints{.min = 0.001f, .max = 100.0f, .speed = 0.01f})
      .Field("far", &Camera::far_plane, FieldHints{.min = 0.01f, .max = 100000.0f, .speed = 1.0f})
      .Field("primary", &Camera::primary);

  coordinator.RegisterComponent<Rotator>("Rotator")
      .Field("axis", &Rotator::axis, FieldHints{.min = -1.0f, .max = 1.0f, .speed = 0.01f})
      .Field("degrees_per_second", &Rotator::degrees_per_second, FieldHints{.min = -3600.0f, .max = 3600.0f, .speed = 1.0f});

  coordinator.RegisterComponent<Follow>("Follow")
      .Field("target", &Follow::target)
      .Field("offset", &Follow::offset)
      .Field("smoothing", &Follow::smoothing, FieldHints{.min = 0.0f, .max = 100.0f, .speed = 0.05f});

  coordinator.RegisterComponent<Static>("Static");
  coordinator.RegisterComponent<Player>("Player");

  coordinator.RegisterSystem<TransformSystem>(coordinator);
  coordinator.SetSystemSignature<TransformSystem>(coordinator.MakeSignature<Transform>());
}

}  // namespace cairn::ecs
