#pragma once
// The Viewport panel: draws the scene into an offscreen framebuffer shown in
// the centre of the editor, and turns mouse and keyboard input over it into
// camera moves, selection (picking) and transform edits (gizmos). Transform
// edits are actions on the EditorContext's queue; a drag is one undo step.
//
// Requires a current OpenGL 3.3 context and an ImGui frame in progress.
//
// Mouse input over the viewport (see camera_navigator.h for the camera rules):
//   left click            select the entity under the cursor; Ctrl+click adds
//                         or removes it; a click on empty space clears
//   left drag on a handle move / rotate / scale the selection (Ctrl snaps)
//   right drag, Alt+left drag  orbit; right held + WASD/QE fly; middle drag pan;
//   wheel                 zoom towards the cursor
// Keyboard shortcuts (W / E / R through Tools(), F through FrameSelected())
// belong to the host, which should leave them alone while IsNavigating():
// W, A, S, D, Q and E then fly the camera.
//
// Each frame Draw reads the world as of the last Flush (refreshing the
// TransformSystem's world matrices first), resolves last frame's click
// against last frame's image, then draws the new frame. Gizmo drags enqueue
// one Transform action per frame in which the delta changed, under one merge
// key, and EndMerge on release: the History keeps one entry per drag.

#include <cstdint>
#include <memory>

#include <string>
#include <vector>

#include <glm/vec2.hpp>

#include "cairn/ecs/plain_value.h"
#include "cairn/render/editor_camera.h"
#include "cairn/render/shader_override.h"

#include "cairn/editor/viewport/scatter.h"

namespace cairn::editor {

class AssetMeshes;

class EditorContext;

enum class GizmoTool { kTranslate, kRotate, kScale };
enum class ViewPreset { kPerspective, kTop, kFront, kSide };

// The toolbar's view of the viewport tools.
enum class PointerTool { kSelect, kScatter, kMeasure };

struct ViewportTools {
  GizmoTool tool = GizmoTool::kTranslate;
  bool local_space = false;  // false: world axes
  float translate_snap = 0.5f;
  float rotate_snap_degrees = 15.0f;
  float scale_snap = 0.1f;
  // Moving slides the selection over the surfaces under the cursor (as
  // holding Shift does), turned to their normals when `align_to_surface`.
  bool surface_snap = false;
  bool align_to_surface = false;
  // What the left button does over the viewport: select and move; paint
  // `brush` instances onto surfaces (Shift: erase them); or measure the
  // distance between two points picked on surfaces (V: their vertices).
  PointerTool pointer = PointerTool::kSelect;
  ScatterBrush brush;
  // While playing, draw through the scene's primary Camera (else the editor camera).
  bool game_view = false;
};

class ViewportPanel {
 public:
  explicit ViewportPanel(EditorContext& context);
  ~ViewportPanel();
  ViewportPanel(const ViewportPanel&) = delete;
  ViewportPanel& operator=(const ViewportPanel&) = delete;

  // Creates GL resources. Returns problems (e.g. "mesh.frag: " and the
  // driver's log) for the caller to show in the Console; the panel still
  // draws, showing an error state, when some failed. Problems met later (a
  // framebuffer that cannot be resized) go to the context's log directly, as
  // "Viewport: <what failed>: <detail>". Draw initialises on its first call if
  // Initialize was not called, and then logs the problems itself.
  std::vector<std::string> Initialize();
  // Same, with some shader files' sources replaced (to try an edit, or to
  // exercise the error path).
  std::vector<std::string> Initialize(const std::vector<render::ShaderOverride>& shader_overrides);

  // Fills the current ImGui window's remaining content region: takes the
  // frame's input (camera, gizmo, picking, dropped assets) and shows the
  // viewport's image, which Render then draws.
  void Draw();
  // Renders the scene into the image Draw showed, as the world is now: the
  // caller calls it once the frame's edits are applied (EditorContext::Flush),
  // before ImGui draws, so that an edit made anywhere in the frame (a value
  // typed in the Inspector) is seen in the same frame. Does nothing without
  // a Draw since the last Render.
  void Render();

  // Points the camera at the selection (F): frames the bounding sphere of
  // the selected entities' world boxes. Does nothing without a selection.
  void FrameSelected();
  // Moves the selection straight down until its bounds rest on the first
  // surface below (End): one undoable step; a selection with nothing below
  // it is said so in the Console.
  void DropSelectionToFloor();
  void SetViewPreset(ViewPreset preset);
  ViewportTools& Tools() { return tools_; }
  const ViewportTools& Tools() const { return tools_; }

  // True while the mouse is over the viewport image (for shortcuts).
  bool IsHovered() const { return hovered_; }
  // True while a gizmo drag is in progress.
  bool IsDragging() const;
  // True while a camera drag (orbit, fly, pan) owns the mouse and the fly keys.
  bool IsNavigating() const;

  // The camera as the scene's editor data: {"camera": {"position": [x,y,z],
  // "target": [x,y,z]}}; LoadEditorData restores it (missing keys keep the
  // current camera; bad values are ignored).
  ecs::PlainValue SaveEditorData() const;
  void LoadEditorData(const ecs::PlainValue& editor);

  // The imported meshes the viewport draws (their bounds for tools that
  // measure entities, as Arrange does).
  AssetMeshes& Meshes();

  render::EditorCamera& Camera();
  const render::EditorCamera& Camera() const;

  // A picture of the mesh file `asset` (a path like MeshRenderer.asset) for
  // the Assets panel: a GL texture of kThumbnailSize pixels (bottom row
  // first, as the viewport's image), or 0 while it is not made yet or when
  // the file cannot be drawn. Each is rendered once, offscreen, at most one a
  // frame, and kept until the asset folder changes.
  static constexpr int kThumbnailSize = 96;
  std::uint32_t Thumbnail(std::string_view asset);
  // Reads the mesh file `asset` again (after it changed on disk): its
  // entities show the loading placeholder until the new import is in, and
  // its thumbnail is made again.
  void Reimport(std::string_view asset);

  // The last frame's image, RGBA8, top row first, and its size in pixels
  // (tests and tools; empty before the first Draw).
  std::vector<std::uint8_t> ReadColorPixels() const;
  glm::ivec2 ImageSize() const;

 private:
  struct Impl;

  EditorContext& context_;
  ViewportTools tools_;
  bool hovered_ = false;
  std::unique_ptr<Impl> impl_;
};

}  // namespace cairn::editor
