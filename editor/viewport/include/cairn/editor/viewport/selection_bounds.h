#pragma once
// What "Frame Selected" (F) frames: a world-space box around the selected
// entities, whose bounding sphere the camera then fits in view.

#include <span>

#include <glm/mat4x4.hpp>

#include "cairn/ecs/entity.h"
#include "cairn/ecs/fwd.h"
#include "cairn/render/bounds.h"

namespace cairn::editor {

class AssetMeshes;
class WorldMatrices;

// The model-space box one entity occupies: the built-in meshes are unit
// sized and centred (the plane is flat), so a unit cube encloses every mesh;
// an entity without a mesh (a light, a camera, an empty) counts as the same
// unit cube, so framing it leaves it a sensible size on screen.
inline constexpr render::Aabb kEntityModelBounds{{-0.5f, -0.5f, -0.5f}, {0.5f, 0.5f, 0.5f}};

// The world box of one entity with world matrix `world`: its position, scale
// and rotation applied to `model` (kEntityModelBounds by default).
render::Aabb EntityWorldBounds(const glm::mat4& world, const render::Aabb& model = kEntityModelBounds);

// The model box of `entity`: its imported mesh's bounds when its MeshRenderer
// names an asset `assets` has ready, else kEntityModelBounds.
render::Aabb EntityModelBounds(ecs::Coordinator& world, ecs::Entity entity, AssetMeshes* assets);

// The world box around every listed entity that still exists (ids of
// destroyed entities are skipped); empty when none does. Its Center() and
// BoundingRadius() are the sphere EditorCamera::FrameBox fits in view.
// Imported meshes count with their own bounds when `assets` is given.
render::Aabb SelectionBounds(ecs::Coordinator& world, const WorldMatrices& matrices,
                             std::span<const ecs::EntityId> ids, AssetMeshes* assets = nullptr);

}  // namespace cairn::editor
