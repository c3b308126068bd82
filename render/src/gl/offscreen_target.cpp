#include "gl/offscreen_target.h"

#include <algorithm>
#include <array>
#include <string>

namespace cairn::render::gl {

namespace {

Texture CreateTexture(GLint internal_format, GLenum format, GLenum type, int width, int height) {
  Texture texture = Texture::Generate();
  glBindTexture(GL_TEXTURE_2D, texture.Get());
  glTexImage2D(GL_TEXTURE_2D, 0, internal_format, width, height, 0, format, type, nullptr);
  // Integer textures cannot be filtered; nearest suits every attachment here.
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  return texture;
}

std::string StatusName(GLenum status) {
  switch (status) {
    case GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT: return "incomplete attachment";
    case GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT: return "missing attachment";
    case GL_FRAMEBUFFER_UNSUPPORTED: return "unsupported attachment formats";
    case GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE: return "incomplete multisample";
    default: return "status 0x" + std::to_string(status);
  }
}

std::optional<RenderError> CheckComplete(const char* name, int width, int height) {
  const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
  if (status == GL_FRAMEBUFFER_COMPLETE) return std::nullopt;
  return RenderError{"framebuffer", std::string(name) + " framebuffer (" + std::to_string(width) + "x" +
                                        std::to_string(height) + ") is not complete: " + StatusName(status)};
}

}  // namespace

std::optional<RenderError> OffscreenTarget::Resize(int width, int height) {
  width = std::max(width, 1);
  height = std::max(height, 1);
  if (width == width_ && height == height_ && framebuffer_) return std::nullopt;
  Release();
  width_ = width;
  height_ = height;

  color_ = CreateTexture(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, width, height);
  pick_ = CreateTexture(GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, width, height);
  mask_ = CreateTexture(GL_R8, GL_RED, GL_UNSIGNED_BYTE, width, height);
  glBindTexture(GL_TEXTURE_2D, 0);

  depth_stencil_ = Renderbuffer::Generate();
  glBindRenderbuffer(GL_RENDERBUFFER, depth_stencil_.Get());
  glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, width, height);
  glBindRenderbuffer(GL_RENDERBUFFER, 0);

  framebuffer_ = gl::Framebuffer::Generate();
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.Get());
  glFramebufferTexture2D(GL_FRAMEBUFFER, kColorAttachment, GL_TEXTURE_2D, color_.Get(), 0);
  glFramebufferTexture2D(GL_FRAMEBUFFER, kPickAttachment, GL_TEXTURE_2D, pick_.Get(), 0);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, depth_stencil_.Get());
  if (auto error = CheckComplete("main", width, height)) return error;

  mask_framebuffer_ = gl::Framebuffer::Generate();
  glBindFramebuffer(GL_FRAMEBUFFER, mask_framebuffer_.Get());
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, mask_.Get(), 0);
  return CheckComplete("selection mask", width, height);
}

void OffscreenTarget::Release() {
  framebuffer_.Reset();
  mask_framebuffer_.Reset();
  color_.Reset();
  pick_.Reset();
  mask_.Reset();
  depth_stencil_.Reset();
  width_ = height_ = 0;
}

void OffscreenTarget::BindColorOnly() const {
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.Get());
  const std::array<GLenum, 2> buffers{kColorAttachment, GL_NONE};
  glDrawBuffers(static_cast<GLsizei>(buffers.size()), buffers.data());
  glViewport(0, 0, width_, height_);
}

void OffscreenTarget::BindColorAndPick() const {
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.Get());
  const std::array<GLenum, 2> buffers{kColorAttachment, kPickAttachment};
  glDrawBuffers(static_cast<GLsizei>(buffers.size()), buffers.data());
  glViewport(0, 0, width_, height_);
}

}  // namespace cairn::render::gl
