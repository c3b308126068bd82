#include "gl/gl_state_guard.h"

namespace cairn::render::gl {

StateGuard::StateGuard() {
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &draw_framebuffer_);
  glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &read_framebuffer_);
  glGetIntegerv(GL_VIEWPORT, viewport_.data());
  glGetIntegerv(GL_SCISSOR_BOX, scissor_box_.data());
  glGetIntegerv(GL_CURRENT_PROGRAM, &program_);
  glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &vertex_array_);
  glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &array_buffer_);
  glGetIntegerv(GL_PIXEL_PACK_BUFFER_BINDING, &pixel_pack_buffer_);
  glGetIntegerv(GL_ACTIVE_TEXTURE, &active_texture_);
  glActiveTexture(GL_TEXTURE0);
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &texture_2d_);
  glGetIntegerv(GL_BLEND_SRC_RGB, &blend_src_rgb_);
  glGetIntegerv(GL_BLEND_DST_RGB, &blend_dst_rgb_);
  glGetIntegerv(GL_BLEND_SRC_ALPHA, &blend_src_alpha_);
  glGetIntegerv(GL_BLEND_DST_ALPHA, &blend_dst_alpha_);
  glGetIntegerv(GL_BLEND_EQUATION_RGB, &blend_equation_rgb_);
  glGetIntegerv(GL_BLEND_EQUATION_ALPHA, &blend_equation_alpha_);
  glGetIntegerv(GL_DEPTH_FUNC, &depth_func_);
  glGetIntegerv(GL_CULL_FACE_MODE, &cull_face_mode_);
  glGetIntegerv(GL_FRONT_FACE, &front_face_);
  glGetBooleanv(GL_DEPTH_WRITEMASK, &depth_mask_);
  glGetBooleanv(GL_COLOR_WRITEMASK, color_mask_.data());
  glGetIntegerv(GL_PACK_ALIGNMENT, &pack_alignment_);
  const std::array<GLenum, 5> capabilities{GL_BLEND, GL_DEPTH_TEST, GL_CULL_FACE, GL_SCISSOR_TEST, GL_STENCIL_TEST};
  for (std::size_t i = 0; i < capabilities.size(); ++i) {
    switches_[i] = {capabilities[i], glIsEnabled(capabilities[i])};
  }
}

StateGuard::~StateGuard() {
  for (const Switch& entry : switches_) {
    if (entry.enabled) {
      glEnable(entry.capability);
    } else {
      glDisable(entry.capability);
    }
  }
  glPixelStorei(GL_PACK_ALIGNMENT, pack_alignment_);
  glColorMask(color_mask_[0], color_mask_[1], color_mask_[2], color_mask_[3]);
  glDepthMask(depth_mask_);
  glDepthFunc(static_cast<GLenum>(depth_func_));
  glCullFace(static_cast<GLenum>(cull_face_mode_));
  glFrontFace(static_cast<GLenum>(front_face_));
  glBlendEquationSeparate(static_cast<GLenum>(blend_equation_rgb_), static_cast<GLenum>(blend_equation_alpha_));
  glBlendFuncSeparate(static_cast<GLenum>(blend_src_rgb_), static_cast<GLenum>(blend_dst_rgb_),
                      static_cast<GLenum>(blend_src_alpha_), static_cast<GLenum>(blend_dst_alpha_));
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(texture_2d_));
  glActiveTexture(static_cast<GLenum>(active_texture_));
  glBindBuffer(GL_ARRAY_BUFFER, static_cast<GLuint>(array_buffer_));
  glBindBuffer(GL_PIXEL_PACK_BUFFER, static_cast<GLuint>(pixel_pack_buffer_));
  glBindVertexArray(static_cast<GLuint>(vertex_array_));
  glUseProgram(static_cast<GLuint>(program_));
  glScissor(scissor_box_[0], scissor_box_[1], scissor_box_[2], scissor_box_[3]);
  glViewport(viewport_[0], viewport_[1], viewport_[2], viewport_[3]);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, static_cast<GLuint>(read_framebuffer_));
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, static_cast<GLuint>(draw_framebuffer_));
}

}  // namespace cairn::render::gl
