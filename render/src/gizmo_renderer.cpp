#include "cairn/render/gizmo_renderer.h"

#include <array>
#include <cstddef>

#include <glad/gl.h>
#include <glm/gtc/type_ptr.hpp>

#include "gl/gl_object.h"
#include "gl/gl_state_guard.h"
#include "gl/shader_library.h"
#include "gl/shader_program.h"
#include "gl/stream_buffer.h"

namespace cairn::render {

namespace {

const void* Offset(std::size_t bytes) { return reinterpret_cast<const void*>(bytes); }

}  // namespace

struct GizmoRenderer::Impl {
  GizmoStyle style;
  gl::ShaderProgram program;
  GLint view_projection_location = -1;
  gl::VertexArray vertex_array;
  gl::StreamBuffer vertices;
  std::uint32_t last_draw_calls = 0;
  std::size_t last_triangles = 0;

  void Release() {
    program = {};
    vertex_array.Reset();
    vertices = {};
  }

  void CreateVertexArray() {
    vertex_array = gl::VertexArray::Generate();
    vertices = gl::StreamBuffer(GL_ARRAY_BUFFER);
    glBindVertexArray(vertex_array.Get());
    vertices.Upload(nullptr, 0);
    constexpr auto stride = static_cast<GLsizei>(sizeof(GizmoVertex));
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, stride, Offset(offsetof(GizmoVertex, position)));
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, stride, Offset(offsetof(GizmoVertex, color)));
    glBindVertexArray(0);
  }
};

GizmoRenderer::GizmoRenderer() : impl_(std::make_unique<Impl>()) {}

GizmoRenderer::~GizmoRenderer() {
  if (impl_) impl_->Release();
}

GizmoRenderer::GizmoRenderer(GizmoRenderer&&) noexcept = default;

GizmoRenderer& GizmoRenderer::operator=(GizmoRenderer&& other) noexcept {
  if (this != &other) {
    if (impl_) impl_->Release();
    impl_ = std::move(other.impl_);
  }
  return *this;
}

std::vector<RenderError> GizmoRenderer::Initialize(const RendererOptions& options) {
  std::vector<RenderError> errors;
  impl_->Release();
  if (GLAD_GL_VERSION_3_3 == 0) {
    errors.push_back({"OpenGL", "OpenGL 3.3 functions are not loaded: make a 3.3 core context current and call "
                                "gladLoadGL before GizmoRenderer::Initialize"});
  } else {
    const gl::StateGuard guard;
    const gl::ShaderLibrary library(options.shader_overrides);
    impl_->program = gl::ShaderProgram::Build("gizmo", library, "gizmo.vert", "gizmo.frag", {}, errors);
    impl_->view_projection_location = impl_->program.Uniform("u_view_projection");
    impl_->CreateVertexArray();
  }
  if (options.on_error) {
    for (const RenderError& error : errors) options.on_error(error);
  }
  return errors;
}

void GizmoRenderer::Shutdown() { impl_->Release(); }

bool GizmoRenderer::IsInitialized() const { return impl_->program.IsValid(); }

void GizmoRenderer::SetStyle(const GizmoStyle& style) { impl_->style = style; }

const GizmoStyle& GizmoRenderer::Style() const { return impl_->style; }

void GizmoRenderer::Render(const Gizmo& gizmo, const GizmoView& view, const GizmoPivot& pivot,
                           const FramebufferView& target) {
  Impl& impl = *impl_;
  impl.last_draw_calls = 0;
  impl.last_triangles = 0;
  if (!impl.program.IsValid() || target.framebuffer == 0) return;
  const std::vector<GizmoVertex> mesh = BuildGizmoMesh(gizmo.Frame(view, pivot), gizmo.Mode(),
                                                       gizmo.HighlightedHandle(), gizmo.Metrics(), impl.style);
  if (mesh.empty()) return;

  const gl::StateGuard guard;
  glBindFramebuffer(GL_FRAMEBUFFER, target.framebuffer);
  const std::array<GLenum, 2> buffers{GL_COLOR_ATTACHMENT0, GL_NONE};
  glDrawBuffers(static_cast<GLsizei>(buffers.size()), buffers.data());
  glViewport(0, 0, target.width, target.height);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_CULL_FACE);
  glDisable(GL_SCISSOR_TEST);
  glEnable(GL_BLEND);
  glBlendEquation(GL_FUNC_ADD);
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_ONE);

  impl.program.Use();
  const glm::mat4 view_projection = view.camera.projection * view.camera.view;
  glUniformMatrix4fv(impl.view_projection_location, 1, GL_FALSE, glm::value_ptr(view_projection));
  glBindVertexArray(impl.vertex_array.Get());
  impl.vertices.Upload(mesh.data(), mesh.size() * sizeof(GizmoVertex));
  glDrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(mesh.size()));
  impl.last_draw_calls = 1;
  impl.last_triangles = mesh.size() / 3;
}

std::uint32_t GizmoRenderer::LastDrawCalls() const { return impl_->last_draw_calls; }

std::size_t GizmoRenderer::LastTriangleCount() const { return impl_->last_triangles; }

}  // namespace cairn::render
