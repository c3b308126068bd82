#pragma once
// Translates the ECS world into the renderer's RenderScene, once per frame.
//
//   MeshRenderer  one mesh instance: world matrix, shape and colour; with an
//                 asset, an instance of that imported mesh once AssetMeshes
//                 has it, else a placeholder (a cube in kLoadingColor while
//                 it loads, in kMissingColor when the file is missing or
//                 cannot be read)
//   Light         one LightData (position and direction from the world
//                 matrix: lights shine along their local -Z) and a light icon
//   Camera        a camera icon
//
// Everything drawn gets a pick id from the PickTable, and the selection state
// of its entity (Primary for the selection's primary entity, Selected for the
// others), asked of the Selection by entity: for the edited world it is read
// from the entity's slot, so a frame costs nothing per selected entity. The
// scene and the table are cleared and refilled but keep their allocations, so
// a world of steady size is translated without allocating. Cost is one pass
// over each of the MeshRenderer, Light and Camera storages.

#include <cstddef>
#include <cstdint>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec4.hpp>

#include "cairn/ecs/components/light.h"
#include "cairn/ecs/components/mesh_renderer.h"
#include "cairn/ecs/entity.h"
#include "cairn/ecs/fwd.h"
#include "cairn/render/frustum.h"
#include "cairn/render/light_data.h"
#include "cairn/render/mesh_instance.h"
#include "cairn/render/mesh_shape.h"
#include "cairn/render/render_scene.h"
#include "cairn/scene_view/scene_view.h"

namespace cairn::editor {

class AssetMeshes;
class PickTable;
class Selection;
class WorldMatrices;

// The translations the editor shares with cairn-player (scene_view.h).
using scene_view::ToLightData;
using scene_view::ToRenderShape;

// What one Build produced.
struct RenderSceneCounts {
  std::size_t meshes = 0;       // every MeshRenderer's instance, placeholders included
  std::size_t placeholders = 0;  // assets drawn as a placeholder
  std::size_t lights = 0;
  std::size_t icons = 0;
  std::size_t selected = 0;  // meshes and icons drawn as selected or primary
  std::size_t culled = 0;    // mesh instances left out, wholly outside the view
};

class RenderSceneBuilder {
 public:
  // Tint of camera icons (light icons take their light's colour).
  static constexpr glm::vec4 kCameraIconColor{0.85f, 0.88f, 0.95f, 1.0f};
  // Placeholders of MeshRenderers whose asset is not drawn (yet).
  static constexpr glm::vec4 kLoadingColor{0.55f, 0.55f, 0.6f, 1.0f};
  static constexpr glm::vec4 kMissingColor = scene_view::kMissingMeshColor;

  // Clears `scene` and `picks` and fills them from `world`. `matrices` must
  // have been refreshed for this world. Component types the world has not
  // registered are skipped. Without `assets` every asset is a missing one.
  // With `view`, mesh instances whose bounding sphere lies wholly outside it
  // are left out (counted as culled; they get no pick id, as they cannot be
  // clicked); `meshes` and `selected` still count them.
  RenderSceneCounts Build(ecs::Coordinator& world, const WorldMatrices& matrices, const Selection& selection,
                          render::RenderScene& scene, PickTable& picks, AssetMeshes* assets = nullptr,
                          const render::Frustum* view = nullptr) const;
};

}  // namespace cairn::editor
