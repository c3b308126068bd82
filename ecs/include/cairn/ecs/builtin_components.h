#pragma once
// Registers every built-in component (and the TransformSystem) in one call.

#include "cairn/ecs/components/camera.h"
#include "cairn/ecs/components/follow.h"
#include "cairn/ecs/components/hierarchy.h"
#include "cairn/ecs/components/light.h"
#include "cairn/ecs/components/mesh_renderer.h"
#include "cairn/ecs/components/name.h"
#include "cairn/ecs/components/rotator.h"
#include "cairn/ecs/components/tags.h"
#include "cairn/ecs/components/transform.h"

namespace cairn::ecs {

class Coordinator;

// Name, Transform, MeshRenderer, Light, Camera, Rotator, Follow, Static and
// Player, plus the TransformSystem. (Hierarchy is registered by every
// Coordinator itself.) Idempotent per Coordinator is NOT guaranteed: call once.
void RegisterBuiltinComponents(Coordinator& coordinator);

}  // namespace cairn::ecs
