#pragma once

#include <array>
#include <vector>

#include "cairn/render/instance_batches.h"
#include "cairn/render/render_error.h"
#include "gl/asset_mesh_library.h"
#include "gl/gl_object.h"
#include "gl/gpu_mesh.h"
#include "gl/mesh_library.h"
#include "gl/shader_program.h"
#include "passes/frame_context.h"

namespace cairn::render::passes {

// Selection outline in two steps: selected instances are drawn, without depth
// test, into the selection mask (so the whole silhouette is outlined even when
// partly hidden); then a full-screen pass paints the pixels just outside the
// mask in the primary or selected colour.
class OutlinePass {
 public:
  bool Initialize(const gl::ShaderLibrary& library, const gl::MeshLibrary& meshes, std::vector<RenderError>& errors);
  void Release();
  [[nodiscard]] bool IsReady() const { return mask_program_.IsValid() && outline_program_.IsValid(); }

  // Does nothing when nothing is selected. Leaves the main target bound for
  // colour only.
  void Draw(const InstanceBatches& batches, const gl::AssetMeshLibrary& assets, const FrameContext& frame);

 private:
  void DrawMask(const InstanceBatches& batches, const gl::AssetMeshLibrary& assets, const FrameContext& frame);
  void DrawOutline(const FrameContext& frame);

  struct Uniforms {
    GLint mask_view_projection = -1;
    GLint mask = -1;
    GLint width_px = -1;
    GLint primary_color = -1;
    GLint selected_color = -1;
  };

  gl::ShaderProgram mask_program_;
  gl::ShaderProgram outline_program_;
  Uniforms uniforms_;
  std::array<gl::InstancedMesh, kMeshShapeCount> shapes_;
  gl::VertexArray empty_vertex_array_;
};

}  // namespace cairn::render::passes
