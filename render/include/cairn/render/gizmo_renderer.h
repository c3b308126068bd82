#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "cairn/render/framebuffer_view.h"
#include "cairn/render/gizmo.h"
#include "cairn/render/gizmo_mesh.h"
#include "cairn/render/render_error.h"
#include "cairn/render/shader_override.h"

namespace cairn::render {

// Draws a Gizmo's handles over a renderer's image (no depth test, so the gizmo
// is never hidden), the hovered or dragged handle highlighted. The same
// context and state rules as Renderer apply.
class GizmoRenderer {
 public:
  GizmoRenderer();
  ~GizmoRenderer();
  GizmoRenderer(GizmoRenderer&&) noexcept;
  GizmoRenderer& operator=(GizmoRenderer&&) noexcept;
  GizmoRenderer(const GizmoRenderer&) = delete;
  GizmoRenderer& operator=(const GizmoRenderer&) = delete;

  // Compiles the gizmo program; returns the errors met (empty on success).
  std::vector<RenderError> Initialize(const RendererOptions& options = {});
  void Shutdown();
  [[nodiscard]] bool IsInitialized() const;

  void SetStyle(const GizmoStyle& style);
  [[nodiscard]] const GizmoStyle& Style() const;

  // Draws `gizmo` at `pivot` into colour attachment 0 of `target`. Does
  // nothing before a successful Initialize.
  void Render(const Gizmo& gizmo, const GizmoView& view, const GizmoPivot& pivot, const FramebufferView& target);

  // Draw calls and triangles of the last Render.
  [[nodiscard]] std::uint32_t LastDrawCalls() const;
  [[nodiscard]] std::size_t LastTriangleCount() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace cairn::render
