#pragma once

#include <cstdint>

// Forward declarations for cairn_render and cairn_render_math, so headers that
// only pass these types along need not include their definitions.

namespace cairn::render {

enum class MeshShape;
enum class SelectionState : std::uint32_t;
enum class LightType;
enum class IconKind : std::uint32_t;
enum class GizmoMode;
enum class GizmoSpace;
enum class GizmoHandle;
enum class Winding : std::uint8_t;

struct Aabb;
struct CameraMatrices;
struct FramebufferView;
struct GizmoPivot;
struct GizmoView;
struct IconInstance;
struct LightData;
struct MeshAsset;
struct MeshAssetId;
struct MeshData;
struct MeshInstance;
struct Ray;
struct RenderError;
struct RenderScene;
struct RenderSettings;
struct RenderStats;

class EditorCamera;
class Gizmo;
class GizmoRenderer;
class InstanceBatches;
class Renderer;

}  // namespace cairn::render
