#pragma once

#include <span>
#include <vector>

#include "cairn/render/icon_instance.h"
#include "cairn/render/render_error.h"
#include "gl/gl_object.h"
#include "gl/shader_program.h"
#include "gl/stream_buffer.h"
#include "passes/frame_context.h"

namespace cairn::render::passes {

// Constant-size billboards for lights and cameras, drawn over everything in
// one instanced draw, writing colour and pick ids.
class IconPass {
 public:
  bool Initialize(const gl::ShaderLibrary& library, std::vector<RenderError>& errors);
  void Release();
  [[nodiscard]] bool IsReady() const { return program_.IsValid(); }

  // Expects the target bound for colour and pick ids.
  void Draw(std::span<const IconInstance> icons, const FrameContext& frame);

 private:
  struct Uniforms {
    GLint view_projection = -1;
    GLint viewport_size = -1;
    GLint size_px = -1;
    GLint primary_color = -1;
    GLint selected_color = -1;
  };

  gl::ShaderProgram program_;
  Uniforms uniforms_;
  gl::VertexArray vertex_array_;
  gl::StreamBuffer instances_;
};

}  // namespace cairn::render::passes
