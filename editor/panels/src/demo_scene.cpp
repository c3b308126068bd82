#include "cairn/editor/panels/demo_scene.h"

#include <stdexcept>
#include <string>

namespace cairn::editor {
namespace {

constexpr std::string_view kDemoScene = R"json({
  "format": "cairn.scene",
  "version": 1,
  "editor": {
    "camera": { "position": [7, 5.5, 10], "target": [0, 0.75, 0] }
  },
  "entities": [
    {
      "id": "1c4e8a27d95b3f60", "name": "Ground", "parent": null, "order": 0,
      "components": {
        "MeshRenderer": { "mesh": "plane", "color": [0.36, 0.42, 0.36, 1] },
        "Static": {},
        "Transform": { "position": [0, 0, 0], "rotation": [0, 0, 0, 1], "scale": [20, 1, 20] }
      }
    },
    {
      "id": "2d7f16b04ae9c381", "name": "Sun", "parent": null, "order": 1,
      "components": {
        "Light": { "type": "directional", "color": [1, 0.96, 0.88], "intensity": 1.2, "range": 10, "cone_angle": 30 },
        "Transform": { "position": [0, 8, 0], "rotation": [-0.40822, 0.23457, 0.10938, 0.87543], "scale": [1, 1, 1] }
      }
    },
    {
      "id": "3a91d5c2e07b4f18", "name": "Main Camera", "parent": null, "order": 2,
      "components": {
        "Camera": { "fov": 60, "near": 0.1, "far": 500, "primary": true },
        "Transform": { "position": [0, 4, 10], "rotation": [-0.18911, 0, 0, 0.98196], "scale": [1, 1, 1] }
      }
    },
    {
      "id": "4b26f8e19c03d7a5", "name": "Props", "parent": null, "order": 3,
      "components": {
        "Transform": { "position": [0, 0, 0], "rotation": [0, 0, 0, 1], "scale": [1, 1, 1] }
      }
    },
    {
      "id": "5e83a0c47f12b96d", "name": "Crate", "parent": "4b26f8e19c03d7a5", "order": 0,
      "components": {
        "MeshRenderer": { "mesh": "cube", "color": [0.85, 0.55, 0.25, 1] },
        "Transform": { "position": [-2.5, 0.5, 0.5], "rotation": [0, 0.17365, 0, 0.98481], "scale": [1, 1, 1] }
      }
    },
    {
      "id": "6f1b9d3a8e54c027", "name": "Ball", "parent": "4b26f8e19c03d7a5", "order": 1,
      "components": {
        "MeshRenderer": { "mesh": "sphere", "color": [0.25, 0.55, 0.95, 1] },
        "Transform": { "position": [0, 0.75, 1.5], "rotation": [0, 0, 0, 1], "scale": [1.5, 1.5, 1.5] }
      }
    },
    {
      "id": "70c5e2b86d19a34f", "name": "Pillar", "parent": "4b26f8e19c03d7a5", "order": 2,
      "components": {
        "MeshRenderer": { "mesh": "cylinder", "color": [0.9, 0.9, 0.86, 1] },
        "Static": {},
        "Transform": { "position": [2.5, 1, -1], "rotation": [0, 0, 0, 1], "scale": [0.6, 2, 0.6] }
      }
    },
    {
      "id": "81d4b7f0a2c95e36", "name": "Beacon", "parent": "4b26f8e19c03d7a5", "order": 3,
      "components": {
        "MeshRenderer": { "mesh": "cone", "color": [0.9, 0.3, 0.28, 1] },
        "Transform": { "position": [0, 0.5, -3], "rotation": [0, 0, 0, 1], "scale": [1, 1, 1] }
      }
    },
    {
      "id": "92e6c3a1f58b0d47", "name": "Beacon Light", "parent": "81d4b7f0a2c95e36", "order": 0,
      "components": {
        "Light": { "type": "point", "color": [1, 0.45, 0.3], "intensity": 2, "range": 6, "cone_angle": 30 },
        "Transform": { "position": [0, 1.25, 0], "rotation": [0, 0, 0, 1], "scale": [1, 1, 1] }
      }
    },
    {
      "id": "a3f7d2b95c06e184", "name": "Spot Light", "parent": null, "order": 4,
      "components": {
        "Light": { "type": "spot", "color": [0.85, 0.9, 1], "intensity": 3, "range": 12, "cone_angle": 28 },
        "Transform": { "position": [3, 5, 2], "rotation": [-0.70711, 0, 0, 0.70711], "scale": [1, 1, 1] }
      }
    }
  ]
}
)json";

}  // namespace

std::string_view DemoSceneText() { return kDemoScene; }

serialization::Scene LoadDemoScene() {
  serialization::LoadResult result = serialization::LoadScene(kDemoScene);
  if (!result.Ok()) {
    std::string message = "the built-in demo scene does not load:";
    for (const serialization::Diagnostic& diagnostic : result.diagnostics) message += "\n  " + diagnostic.ToString();
    throw std::logic_error(message);
  }
  return std::move(*result.scene);
}

}  // namespace cairn::editor
