#include "gl/gl_test_context.h"

#include <glad/gl.h>

#include "cairn/test/gl_test_window.h"

namespace cairn::render::test {

namespace {

void ResetDefaultState() {
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, 64, 64);
  glDisable(GL_BLEND);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_CULL_FACE);
  glCullFace(GL_BACK);
  glFrontFace(GL_CCW);
  glDisable(GL_SCISSOR_TEST);
  glBlendFunc(GL_ONE, GL_ZERO);
  glUseProgram(0);
  glBindVertexArray(0);
  while (glGetError() != GL_NO_ERROR) {
  }
}

}  // namespace

GlTestContext::GlTestContext() {
  cairn::test::MakeTestGlContextCurrent();
  ResetDefaultState();
}

}  // namespace cairn::render::test
