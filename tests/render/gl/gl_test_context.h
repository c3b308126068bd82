#pragma once

// A hidden GLFW window with a current OpenGL 3.3 core context and loaded
// functions, plus helpers to inspect and save what the renderer drew.

#include "cairn/test/rgba_image.h"

namespace cairn::render::test {

// Makes the suite's one context current with default GL state. The hidden
// window is created on first use and kept for the whole run (one X connection
// per process; see cairn/test/gl_test_window.h).
class GlTestContext {
 public:
  GlTestContext();
  GlTestContext(const GlTestContext&) = delete;
  GlTestContext& operator=(const GlTestContext&) = delete;
};

// What the renderer drew, read back, and a way to save it.
using Image = cairn::test::RgbaImage;
using cairn::test::WritePng;

}  // namespace cairn::render::test
