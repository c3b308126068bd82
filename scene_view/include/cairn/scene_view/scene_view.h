#pragma once
// A world's built-in render components as the renderer draws them: the same
// translation for the editor's viewport and for cairn-player.

#include <glm/mat4x4.hpp>

#include "cairn/ecs/components/light.h"
#include "cairn/ecs/components/mesh_renderer.h"
#include "cairn/render/light_data.h"
#include "cairn/render/mesh_shape.h"

namespace cairn::scene_view {

// The renderer's shape for a MeshRenderer's mesh (Cube for values outside the enum).
render::MeshShape ToRenderShape(ecs::MeshShape shape);

// A Light on an entity with world matrix `world`, in world space. The
// direction is the matrix's local -Z axis, normalised (straight down when the
// matrix collapses it); the cone angle becomes the full opening angle the
// renderer expects (the component stores the half-angle).
render::LightData ToLightData(const ecs::Light& light, const glm::mat4& world);

}  // namespace cairn::scene_view
