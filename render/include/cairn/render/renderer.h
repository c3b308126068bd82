#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include <glm/vec2.hpp>

#include "cairn/render/camera_matrices.h"
#include "cairn/render/framebuffer_view.h"
#include "cairn/render/mesh_asset.h"
#include "cairn/render/render_error.h"
#include "cairn/render/render_scene.h"
#include "cairn/render/render_settings.h"
#include "cairn/render/render_stats.h"
#include "cairn/render/shader_override.h"

namespace cairn::render {

// Draws a RenderScene into an offscreen framebuffer with OpenGL 3.3 core:
// instanced meshes with Blinn-Phong lighting, the ground grid and world axes,
// selection outlines and pickable icons. One pass writes colour and pick ids.
//
// Context: every method except the accessors needs the OpenGL context current
// on the calling thread with its functions loaded (gladLoadGL). Destroy the
// renderer (or call Shutdown) while the context still exists.
//
// GL state: Render and PickAt save and restore the bindings and switches they
// touch (framebuffers, viewport, program, vertex array, buffers, texture unit
// 0, blend, depth, culling and front face, scissor, stencil, masks), so a UI
// drawn afterwards sees what it left.
//
// Failure: shader compile or link errors are reported (see Errors) and never
// throw. Passes whose program failed are skipped; if the main program failed,
// the image is an error-coloured checkerboard, and any error adds an
// error-coloured border, so a broken renderer is never silently black.
class Renderer {
 public:
  Renderer();
  ~Renderer();
  Renderer(Renderer&&) noexcept;
  Renderer& operator=(Renderer&&) noexcept;
  Renderer(const Renderer&) = delete;
  Renderer& operator=(const Renderer&) = delete;

  // Compiles the programs, creates the meshes and a 1x1 target. Returns the
  // errors met (empty on success); calling it again rebuilds everything.
  std::vector<RenderError> Initialize(const RendererOptions& options = {});
  // Releases every GL object. Safe to call twice or without Initialize.
  void Shutdown();

  // Uploads a mesh that is not a built-in shape (an imported model) once;
  // instances added to a RenderScene under the returned id are drawn
  // instanced, one draw per part, each part's base colour multiplying the
  // instance's colour. Returns no id (IsNone) before Initialize. Registered
  // meshes live until RemoveMesh, Shutdown or the next Initialize; ids are
  // not reused.
  MeshAssetId AddMesh(const MeshAsset& mesh);
  // Frees the mesh's GPU buffers; its instances are no longer drawn. Unknown
  // ids are ignored.
  void RemoveMesh(MeshAssetId mesh);

  [[nodiscard]] bool IsInitialized() const;
  [[nodiscard]] bool HasErrors() const { return !Errors().empty(); }
  [[nodiscard]] const std::vector<RenderError>& Errors() const;

  // Sets the target size in pixels (each at least 1). Cheap when unchanged.
  void Resize(int width, int height);
  [[nodiscard]] glm::ivec2 Size() const;

  void SetSettings(const RenderSettings& settings);
  [[nodiscard]] const RenderSettings& Settings() const;

  // Draws one frame. Does nothing before Initialize.
  void Render(const RenderScene& scene, const CameraMatrices& camera);

  // pick_id of what covers pixel (x, y) of the last frame, y counted from the
  // top; 0 for nothing or outside the target. Reads back from the GPU, so it
  // waits for the frame: call it on a click, not every frame.
  [[nodiscard]] std::uint32_t PickAt(int x, int y) const;

  // The colour image (GL_RGBA8, alpha 1). OpenGL stores it bottom row first,
  // so show it with flipped v: ImGui::Image(id, size, ImVec2(0, 1), ImVec2(1, 0)).
  [[nodiscard]] std::uint32_t ColorTexture() const;
  [[nodiscard]] FramebufferView Target() const;
  // The colour image as RGBA8 bytes, top row first (screenshots, tests).
  [[nodiscard]] std::vector<std::uint8_t> ReadColorPixels() const;

  [[nodiscard]] const RenderStats& Stats() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace cairn::render
