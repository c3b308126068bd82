#pragma once

#include <vector>

#include "cairn/render/render_error.h"
#include "gl/gl_object.h"
#include "gl/shader_program.h"
#include "passes/frame_context.h"

namespace cairn::render::passes {

// The infinite grid with world axes, blended over the meshes and depth-tested
// against them; writes no depth and no pick ids. It lies on the ground, or on
// the world plane facing an orthographic axis view (see RenderSettings).
class GridPass {
 public:
  bool Initialize(const gl::ShaderLibrary& library, std::vector<RenderError>& errors);
  void Release();
  [[nodiscard]] bool IsReady() const { return program_.IsValid(); }

  // Expects the target bound for colour only.
  void Draw(const FrameContext& frame);

 private:
  struct Uniforms {
    GLint inverse_view_projection = -1;
    GLint view_projection = -1;
    GLint camera_position = -1;
    GLint cell_size = -1;
    GLint major_every = -1;
    GLint fade_distance = -1;
    GLint minor_color = -1;
    GLint major_color = -1;
    GLint normal_axis = -1;
    GLint axis_colors = -1;
  };

  gl::ShaderProgram program_;
  Uniforms uniforms_;
  gl::VertexArray empty_vertex_array_;
};

}  // namespace cairn::render::passes
