#include "cairn/editor/panels/demo_scene.h"

#include <stdexcept>
#include <string>

#include "cairn/serialization/project_scenes.h"

namespace cairn::editor {
namespace {

// The demo's game project: three component types of a small game, defined in
// data as a game's cairn.project.json defines them.
constexpr std::string_view kDemoProject = R"json({
  "format": "cairn.project",
  "version": 1,
  "name": "Cairn Demo",
  "components": [
    {
      "name": "Blinker", "category": "Effects", "description": "Switches a light on and off",
      "fields": [
        {"name": "period", "type": "float", "default": 1.5, "min": 0.1, "max": 10, "step": 0.05, "unit": "s"},
        {"name": "duty", "type": "float", "default": 0.5, "min": 0, "max": 1, "step": 0.01},
        {"name": "pattern", "type": "enum", "values": ["steady", "pulse", "flicker"], "default": "pulse"}
      ]
    },
    {
      "name": "Door", "category": "Gameplay", "description": "Opens towards its target when the player is near",
      "fields": [
        {"name": "target", "type": "entity"},
        {"name": "open", "type": "bool", "default": false},
        {"name": "speed", "type": "float", "default": 2, "min": 0, "max": 20, "step": 0.1, "unit": "m/s"}
      ]
    },
    {
      "name": "Pickup", "category": "Gameplay", "description": "Something the player collects",
      "fields": [
        {"name": "kind", "type": "enum", "values": ["coin", "gem", "key"], "default": "coin"},
        {"name": "amount", "type": "int", "default": 1, "min": 1, "max": 99},
        {"name": "mesh", "type": "asset", "extensions": [".glb", ".gltf"], "default": ""},
        {"name": "label", "type": "string", "default": "", "max_length": 40}
      ]
    }
  ]
}
)json";

constexpr std::string_view kDemoScene = R"json({
  "format": "cairn.scene",
  "version": 2,
  "editor": {
    "camera": { "position": [7, 5.5, 10], "target": [0, 0.75, 0] }
  },
  "entities": [
    {
      "id": "1c4e8a27d95b3f60", "name": "Ground", "parent": null, "order": 0,
      "components": {
        "MeshRenderer": { "mesh": "plane", "color": [0.36, 0.42, 0.36, 1], "asset": "" },
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
        "MeshRenderer": { "mesh": "cube", "color": [0.85, 0.55, 0.25, 1], "asset": "" },
        "Pickup": { "kind": "key", "amount": 1, "mesh": "", "label": "Cellar key" },
        "Transform": { "position": [-2.5, 0.5, 0.5], "rotation": [0, 0.17365, 0, 0.98481], "scale": [1, 1, 1] }
      }
    },
    {
      "id": "6f1b9d3a8e54c027", "name": "Ball", "parent": "4b26f8e19c03d7a5", "order": 1,
      "components": {
        "MeshRenderer": { "mesh": "sphere", "color": [0.25, 0.55, 0.95, 1], "asset": "" },
        "Transform": { "position": [0, 0.75, 1.5], "rotation": [0, 0, 0, 1], "scale": [1.5, 1.5, 1.5] }
      }
    },
    {
      "id": "70c5e2b86d19a34f", "name": "Pillar", "parent": "4b26f8e19c03d7a5", "order": 2,
      "components": {
        "Door": { "target": "81d4b7f0a2c95e36", "open": false, "speed": 1.5 },
        "MeshRenderer": { "mesh": "cylinder", "color": [0.9, 0.9, 0.86, 1], "asset": "" },
        "Static": {},
        "Transform": { "position": [2.5, 1, -1], "rotation": [0, 0, 0, 1], "scale": [0.6, 2, 0.6] }
      }
    },
    {
      "id": "81d4b7f0a2c95e36", "name": "Beacon", "parent": "4b26f8e19c03d7a5", "order": 3,
      "components": {
        "MeshRenderer": { "mesh": "cone", "color": [0.9, 0.3, 0.28, 1], "asset": "" },
        "Transform": { "position": [0, 0.5, -3], "rotation": [0, 0, 0, 1], "scale": [1, 1, 1] }
      }
    },
    {
      "id": "92e6c3a1f58b0d47", "name": "Beacon Light", "parent": "81d4b7f0a2c95e36", "order": 0,
      "components": {
        "Blinker": { "period": 1.2, "duty": 0.4, "pattern": "pulse" },
        "Light": { "type": "point", "color": [1, 0.45, 0.3], "intensity": 2, "range": 6, "cone_angle": 30 },
        "Transform": { "position": [0, 1.25, 0], "rotation": [0, 0, 0, 1], "scale": [1, 1, 1] }
      }
    },
    {
      "id": "b41c7e0d93a25f68", "name": "Tree", "parent": "4b26f8e19c03d7a5", "order": 4,
      "components": {
        "MeshRenderer": { "mesh": "cube", "color": [1, 1, 1, 1], "asset": "meshes/tree.glb" },
        "Static": {},
        "Transform": { "position": [-4.5, 0, -2.5], "rotation": [0, 0, 0, 1], "scale": [1, 1, 1] }
      }
    },
    {
      "id": "c52d8f1ea4b36079", "name": "Tree (1)", "parent": "4b26f8e19c03d7a5", "order": 5,
      "components": {
        "MeshRenderer": { "mesh": "cube", "color": [1, 1, 1, 1], "asset": "meshes/tree.glb" },
        "Static": {},
        "Transform": { "position": [4.5, 0, -3.5], "rotation": [0, 0.25882, 0, 0.96593], "scale": [1.3, 1.3, 1.3] }
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

std::shared_ptr<const serialization::Project> DemoProject() {
  static const std::shared_ptr<const serialization::Project> project = [] {
    serialization::ProjectLoadResult result = serialization::LoadProject(kDemoProject);
    if (!result.Ok()) {
      std::string message = "the built-in demo project does not load:";
      for (const serialization::Diagnostic& diagnostic : result.diagnostics) message += "\n  " + diagnostic.ToString();
      throw std::logic_error(message);
    }
    return std::make_shared<const serialization::Project>(std::move(*result.project));
  }();
  return project;
}

serialization::Scene LoadDemoScene() {
  serialization::LoadResult result = serialization::LoadScene(kDemoScene, serialization::ProjectSceneOptions(DemoProject()));
  if (!result.Ok()) {
    std::string message = "the built-in demo scene does not load:";
    for (const serialization::Diagnostic& diagnostic : result.diagnostics) message += "\n  " + diagnostic.ToString();
    throw std::logic_error(message);
  }
  return std::move(*result.scene);
}

}  // namespace cairn::editor
