#pragma once
// The built-in demo scene: a ground plane, a few primitives grouped in a small
// hierarchy, a directional, a point and a spot light, and a camera. It is
// what cairn-editor shows when started without a file, and Help > Open Demo
// Scene brings it back. Stored as scene-file text and read by the ordinary
// loader, so it has fixed ids and exercises the same path as any file.

#include <string_view>

#include "cairn/serialization/scene_loader.h"

namespace cairn::editor {

std::string_view DemoSceneText();

// The demo as a loaded scene. Throws std::logic_error listing the loader's
// diagnostics if the text does not load (a build whose components no longer
// match it; the editor's tests load it).
serialization::Scene LoadDemoScene();

}  // namespace cairn::editor
