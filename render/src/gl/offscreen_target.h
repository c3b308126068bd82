#pragma once

#include <optional>

#include <glad/gl.h>

#include "cairn/render/render_error.h"
#include "gl/gl_object.h"

namespace cairn::render::gl {

// The renderer's framebuffers:
//   main  colour (RGBA8 texture, attachment 0), pick ids (R32UI texture,
//         attachment 1), depth + stencil (renderbuffer)
//   mask  selection mask (R8 texture), drawn without depth
class OffscreenTarget {
 public:
  static constexpr GLenum kColorAttachment = GL_COLOR_ATTACHMENT0;
  static constexpr GLenum kPickAttachment = GL_COLOR_ATTACHMENT1;

  // (Re)creates the attachments at `width` x `height` (each at least 1).
  // Returns an error naming the incomplete framebuffer, if any.
  std::optional<RenderError> Resize(int width, int height);
  void Release();

  [[nodiscard]] int Width() const { return width_; }
  [[nodiscard]] int Height() const { return height_; }
  [[nodiscard]] GLuint Framebuffer() const { return framebuffer_.Get(); }
  [[nodiscard]] GLuint ColorTexture() const { return color_.Get(); }
  [[nodiscard]] GLuint PickTexture() const { return pick_.Get(); }
  [[nodiscard]] GLuint MaskFramebuffer() const { return mask_framebuffer_.Get(); }
  [[nodiscard]] GLuint MaskTexture() const { return mask_.Get(); }

  // Binds the main framebuffer for drawing to colour only, or to colour and
  // pick ids, and sets the viewport to cover it.
  void BindColorOnly() const;
  void BindColorAndPick() const;

 private:
  int width_ = 0;
  int height_ = 0;
  gl::Framebuffer framebuffer_;
  Texture color_;
  Texture pick_;
  Renderbuffer depth_stencil_;
  gl::Framebuffer mask_framebuffer_;
  Texture mask_;
};

}  // namespace cairn::render::gl
