#include "passes/icon_pass.h"

#include <cstddef>

#include <glm/gtc/type_ptr.hpp>

namespace cairn::render::passes {

namespace {

// Attribute locations shared with shaders/icon.vert.
constexpr GLuint kPosition = 0;
constexpr GLuint kKind = 1;
constexpr GLuint kColor = 2;
constexpr GLuint kPickId = 3;
constexpr GLuint kSelection = 4;

const void* Offset(std::size_t bytes) { return reinterpret_cast<const void*>(bytes); }

void BindIconAttributes() {
  constexpr auto stride = static_cast<GLsizei>(sizeof(IconInstance));
  glEnableVertexAttribArray(kPosition);
  glVertexAttribPointer(kPosition, 3, GL_FLOAT, GL_FALSE, stride, Offset(offsetof(IconInstance, position)));
  glEnableVertexAttribArray(kKind);
  glVertexAttribIPointer(kKind, 1, GL_UNSIGNED_INT, stride, Offset(offsetof(IconInstance, kind)));
  glEnableVertexAttribArray(kColor);
  glVertexAttribPointer(kColor, 4, GL_FLOAT, GL_FALSE, stride, Offset(offsetof(IconInstance, color)));
  glEnableVertexAttribArray(kPickId);
  glVertexAttribIPointer(kPickId, 1, GL_UNSIGNED_INT, stride, Offset(offsetof(IconInstance, pick_id)));
  glEnableVertexAttribArray(kSelection);
  glVertexAttribIPointer(kSelection, 1, GL_UNSIGNED_INT, stride, Offset(offsetof(IconInstance, selection)));
  for (GLuint location : {kPosition, kKind, kColor, kPickId, kSelection}) glVertexAttribDivisor(location, 1);
}

}  // namespace

bool IconPass::Initialize(const gl::ShaderLibrary& library, std::vector<RenderError>& errors) {
  program_ = gl::ShaderProgram::Build("icon", library, "icon.vert", "icon.frag", {}, errors);
  vertex_array_ = gl::VertexArray::Generate();
  instances_ = gl::StreamBuffer(GL_ARRAY_BUFFER);
  glBindVertexArray(vertex_array_.Get());
  instances_.Upload(nullptr, 0);
  BindIconAttributes();
  glBindVertexArray(0);
  if (!program_.IsValid()) return false;
  uniforms_ = Uniforms{program_.Uniform("u_view_projection"), program_.Uniform("u_viewport_size"),
                       program_.Uniform("u_size_px"), program_.Uniform("u_primary_color"),
                       program_.Uniform("u_selected_color")};
  return true;
}

void IconPass::Release() {
  program_ = {};
  vertex_array_.Reset();
  instances_ = {};
}

void IconPass::Draw(std::span<const IconInstance> icons, const FrameContext& frame) {
  if (icons.empty()) return;
  const RenderSettings& settings = frame.settings;
  program_.Use();
  glUniformMatrix4fv(uniforms_.view_projection, 1, GL_FALSE, glm::value_ptr(frame.view_projection));
  glUniform2fv(uniforms_.viewport_size, 1, glm::value_ptr(frame.ViewportSize()));
  glUniform1f(uniforms_.size_px, settings.icon_size_px);
  glUniform4fv(uniforms_.primary_color, 1, glm::value_ptr(settings.outline_primary_color));
  glUniform4fv(uniforms_.selected_color, 1, glm::value_ptr(settings.outline_selected_color));

  glDisable(GL_DEPTH_TEST);
  glDisable(GL_CULL_FACE);
  glEnable(GL_BLEND);
  glBlendEquation(GL_FUNC_ADD);
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_ONE);

  glBindVertexArray(vertex_array_.Get());
  instances_.Upload(icons.data(), icons.size_bytes());
  glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(icons.size()));
  ++frame.stats.draw_calls;
  frame.stats.icons += static_cast<std::uint32_t>(icons.size());
}

}  // namespace cairn::render::passes
