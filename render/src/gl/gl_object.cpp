#include "gl/gl_object.h"

namespace cairn::render::gl {

void DeleteObject(ObjectKind kind, GLuint name) {
  if (name == 0) return;
  switch (kind) {
    case ObjectKind::Buffer: glDeleteBuffers(1, &name); break;
    case ObjectKind::VertexArray: glDeleteVertexArrays(1, &name); break;
    case ObjectKind::Texture: glDeleteTextures(1, &name); break;
    case ObjectKind::Framebuffer: glDeleteFramebuffers(1, &name); break;
    case ObjectKind::Renderbuffer: glDeleteRenderbuffers(1, &name); break;
    case ObjectKind::Program: glDeleteProgram(name); break;
    case ObjectKind::Shader: glDeleteShader(name); break;
  }
}

GLuint GenerateObject(ObjectKind kind) {
  GLuint name = 0;
  switch (kind) {
    case ObjectKind::Buffer: glGenBuffers(1, &name); break;
    case ObjectKind::VertexArray: glGenVertexArrays(1, &name); break;
    case ObjectKind::Texture: glGenTextures(1, &name); break;
    case ObjectKind::Framebuffer: glGenFramebuffers(1, &name); break;
    case ObjectKind::Renderbuffer: glGenRenderbuffers(1, &name); break;
    case ObjectKind::Program: name = glCreateProgram(); break;
    case ObjectKind::Shader: break;  // needs a stage: use glCreateShader
  }
  return name;
}

}  // namespace cairn::render::gl
