#pragma once
// The scatter brush: painting instances of one asset (a mesh file, a prefab
// or a built-in shape, as the Assets panel names them) onto the surfaces
// under a circle. A stroke is a run of dabs, one each time the cursor has
// moved a radius from the last; each dab places density * (pi r^2)
// instances at points drawn in the circle and dropped onto the surfaces
// along the normal at its centre. The whole stroke becomes one action of
// ordinary entities (or prefab instances), so saving, exporting, merging
// and the player need nothing new; the same seed, scene and dabs give the
// same instances, on every machine (the random numbers are Cairn's own).

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

#include "cairn/ecs/command.h"
#include "cairn/ecs/entity.h"
#include "cairn/ecs/fwd.h"
#include "cairn/editor/viewport/scene_surfaces.h"
#include "cairn/render/bounds.h"

namespace cairn::serialization {
class PrefabLibrary;
}

namespace cairn::editor {

struct ScatterBrush {
  std::string asset = "builtin:cube";  // an Assets panel payload
  float radius = 2.0f;                 // metres
  float density = 1.0f;                // instances per square metre, per dab
  float min_scale = 0.8f;
  float max_scale = 1.2f;
  bool random_yaw = true;   // each instance turned at random about its up axis
  bool align = false;       // its up axis along the surface's normal (else the world's)
  std::uint32_t seed = 1;
};

struct ScatterPlacement {
  glm::vec3 position{0.0f};  // the instance's origin
  glm::quat rotation{1.0f, 0.0f, 0.0f, 0.0f};
  float scale = 1.0f;
};

// How many instances one dab places: density * pi * radius^2, rounded, at
// least one.
std::size_t ScatterCount(const ScatterBrush& brush);

// The instances of dab number `dab` of a stroke centred on `centre`, each
// resting by `bounds` (the asset's model bounds, scaled) on the surface
// below its point; points with no surface within two radii are skipped.
std::vector<ScatterPlacement> ScatterDab(const SceneSurfaces& surfaces, const ScatterBrush& brush,
                                         const render::Aabb& bounds, const SceneHit& centre, std::uint32_t dab);

// One action creating every placement (roots, last in the Hierarchy):
// "Scatter 24 'rock'". Throws ActionError as CreateFromAssetPayload does.
ecs::Action ScatterStroke(ecs::Coordinator& world, const ScatterBrush& brush,
                          std::span<const ScatterPlacement> placements, serialization::PrefabLibrary* prefabs);

// The root entities drawing the brush's asset whose origins lie within
// the brush's radius of `point` (what an erasing dab removes).
std::vector<ecs::EntityId> ScatteredNear(ecs::Coordinator& world, const ScatterBrush& brush, const glm::vec3& point);

}  // namespace cairn::editor
