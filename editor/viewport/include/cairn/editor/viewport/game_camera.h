#pragma once
// "Game view": the scene seen through its primary Camera entity, as the game
// (and cairn-player) will show it.

#include <optional>

#include "cairn/ecs/fwd.h"
#include "cairn/render/camera_matrices.h"

namespace cairn::editor {

class WorldMatrices;

// The view of the first Camera marked primary (in storage order) at its world
// matrix, for an image of `aspect` (width / height); none when the world has
// no primary camera. `matrices` must have been refreshed for `world`.
std::optional<render::CameraMatrices> PrimaryCameraView(ecs::Coordinator& world, const WorldMatrices& matrices,
                                                        float aspect);

}  // namespace cairn::editor
