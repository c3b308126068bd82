#pragma once

#include <cstdint>

namespace cairn::render {

// A renderer's offscreen target as others may draw into it (e.g. the gizmo).
// `framebuffer` is an OpenGL framebuffer object name; colour attachment 0 is
// the visible image. Valid until the renderer is resized or destroyed.
struct FramebufferView {
  std::uint32_t framebuffer = 0;
  std::uint32_t color_texture = 0;
  int width = 0;
  int height = 0;
};

}  // namespace cairn::render
