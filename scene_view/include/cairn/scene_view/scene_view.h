#pragma once
// A world's built-in render components as the renderer draws them: the same
// translation for the editor's viewport and for cairn-player.

#include <functional>
#include <optional>

#include <glm/mat4x4.hpp>
#include <glm/vec4.hpp>

#include "cairn/ecs/components/light.h"
#include "cairn/ecs/components/mesh_renderer.h"
#include "cairn/ecs/fwd.h"
#include "cairn/render/camera_matrices.h"
#include "cairn/render/light_data.h"
#include "cairn/render/mesh_shape.h"

namespace cairn::scene_view {

// The colour of the cube drawn where a MeshRenderer's asset file is missing or
// cannot be read.
inline constexpr glm::vec4 kMissingMeshColor{1.0f, 0.0f, 1.0f, 1.0f};

// The renderer's shape for a MeshRenderer's mesh (Cube for values outside the enum).
render::MeshShape ToRenderShape(ecs::MeshShape shape);

// A Light on an entity with world matrix `world`, in world space. The
// direction is the matrix's local -Z axis, normalised (straight down when the
// matrix collapses it); the cone angle becomes the full opening angle the
// renderer expects (the component stores the half-angle).
render::LightData ToLightData(const ecs::Light& light, const glm::mat4& world);

// The view through the first Camera marked primary (in storage order), placed
// by `world_matrix(entity)`, for an image of `aspect` (width / height); none
// when the world has no primary camera.
std::optional<render::CameraMatrices> PrimaryCameraView(ecs::Coordinator& world,
                                                        const std::function<glm::mat4(ecs::Entity)>& world_matrix,
                                                        float aspect);

}  // namespace cairn::scene_view
