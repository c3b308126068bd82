#pragma once
// The camera as a scene file keeps it, in the file's "editor" object:
//   {"camera": {"position": [0, 5, 10], "target": [0, 0, 0]}}
// Numbers are written in the shortest form that reads back as the same float.

#include <optional>

#include "cairn/ecs/plain_value.h"
#include "cairn/render/editor_camera.h"

namespace cairn::editor {

// {"camera": {"position": [...], "target": [...]}}
ecs::PlainValue CameraToEditorData(const render::EditorCameraState& state);

// The camera in an editor object. Each of position and target that is
// missing or not an array of three finite numbers keeps its value from
// `current`; nullopt when neither could be read (no "camera" object, or
// nothing usable in it).
std::optional<render::EditorCameraState> CameraFromEditorData(const ecs::PlainValue& editor,
                                                              const render::EditorCameraState& current);

// `editor` with its "camera" member replaced by the camera's (added last
// when missing); other members are kept in their order, so data other parts
// of the editor stored there survives a save. A non-object becomes an object.
ecs::PlainValue MergeCameraIntoEditorData(const ecs::PlainValue& editor, const render::EditorCameraState& state);

}  // namespace cairn::editor
