#pragma once
// The built-in demo scene: a ground plane, a few primitives grouped in a small
// hierarchy, two trees drawn from the demo folder's glTF mesh
// (examples/demo/meshes/tree.glb, made by tests/assets/make_test_gltf.py
// --demo), a directional, a point and a spot light, and a camera, in the
// demo's game project ("Cairn Demo": Blinker, Door and Pickup components,
// used by the beacon's light, the pillar and the crate). It is what
// cairn-editor shows when started without a file, and Help > Open Demo Scene
// brings it back. Stored as scene-file and project-file text and read by the
// ordinary loaders, so it has fixed ids and exercises the same path as any file.

#include <memory>
#include <string_view>

#include "cairn/serialization/project.h"
#include "cairn/serialization/scene_loader.h"

namespace cairn::editor {

std::string_view DemoSceneText();

// The demo's game project, held in memory (it has no file: Project Settings
// shows and edits it, and File > New Project makes one on disk). Throws
// std::logic_error if its text does not load.
std::shared_ptr<const serialization::Project> DemoProject();

// The demo as a loaded scene. Throws std::logic_error listing the loader's
// diagnostics if the text does not load (a build whose components no longer
// match it; the editor's tests load it).
serialization::Scene LoadDemoScene();

}  // namespace cairn::editor
