#pragma once
// The editor's look: a dark theme with roomy spacing, and the few colours
// panels use for meaning (log levels, entity kinds, drop indicators).

#include <imgui.h>

namespace cairn::editor {

// Replaces the current ImGui style with the editor's. `scale` is the window's
// content scale (1 on ordinary screens); sizes are multiplied by it.
void ApplyEditorTheme(float scale = 1.0f);

// Colours with a meaning, shared by the panels.
namespace theme {
inline const ImVec4 kTextDim{0.56f, 0.58f, 0.63f, 1.0f};
inline const ImVec4 kInfo{0.78f, 0.80f, 0.84f, 1.0f};
// Entities of prefab instances (the Hierarchy) and fields an instance overrides (the Inspector).
inline const ImVec4 kPrefab{0.42f, 0.70f, 1.0f, 1.0f};
inline const ImVec4 kWarning{0.96f, 0.76f, 0.32f, 1.0f};
inline const ImVec4 kError{0.98f, 0.42f, 0.40f, 1.0f};
inline const ImVec4 kAccent{0.30f, 0.55f, 0.95f, 1.0f};
inline const ImVec4 kAxisX{0.86f, 0.33f, 0.31f, 1.0f};
inline const ImVec4 kAxisY{0.45f, 0.74f, 0.30f, 1.0f};
inline const ImVec4 kAxisZ{0.33f, 0.52f, 0.92f, 1.0f};
inline const ImVec4 kLightIcon{0.98f, 0.82f, 0.35f, 1.0f};
inline const ImVec4 kCameraIcon{0.55f, 0.78f, 0.95f, 1.0f};
inline const ImVec4 kEmptyIcon{0.55f, 0.57f, 0.62f, 1.0f};
}  // namespace theme

}  // namespace cairn::editor
