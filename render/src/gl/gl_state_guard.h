#pragma once

#include <array>

#include <glad/gl.h>

namespace cairn::render::gl {

// Saves, on construction, the OpenGL state the renderer's passes change and
// restores it on destruction, so callers (e.g. an ImGui backend) find the
// context as they left it.
class StateGuard {
 public:
  StateGuard();
  ~StateGuard();
  StateGuard(const StateGuard&) = delete;
  StateGuard& operator=(const StateGuard&) = delete;

 private:
  struct Switch {
    GLenum capability;
    GLboolean enabled;
  };

  GLint draw_framebuffer_ = 0;
  GLint read_framebuffer_ = 0;
  std::array<GLint, 4> viewport_{};
  std::array<GLint, 4> scissor_box_{};
  GLint program_ = 0;
  GLint vertex_array_ = 0;
  GLint array_buffer_ = 0;
  GLint pixel_pack_buffer_ = 0;
  GLint active_texture_ = 0;
  GLint texture_2d_ = 0;
  GLint blend_src_rgb_ = 0;
  GLint blend_dst_rgb_ = 0;
  GLint blend_src_alpha_ = 0;
  GLint blend_dst_alpha_ = 0;
  GLint blend_equation_rgb_ = 0;
  GLint blend_equation_alpha_ = 0;
  GLint depth_func_ = 0;
  GLint cull_face_mode_ = GL_BACK;
  GLint front_face_ = GL_CCW;
  GLboolean depth_mask_ = GL_TRUE;
  std::array<GLboolean, 4> color_mask_{};
  GLint pack_alignment_ = 4;
  std::array<Switch, 5> switches_{};
};

}  // namespace cairn::render::gl
