#include "passes/grid_pass.h"

#include <algorithm>
#include <array>
#include <cmath>

#include <glm/gtc/type_ptr.hpp>
#include <glm/matrix.hpp>

namespace cairn::render::passes {

namespace {

constexpr int kGroundNormalAxis = 1;  // y
// An orthographic camera looking within a degree of a world axis has an axis
// view; the slack only absorbs rounding in the preset's orientation.
constexpr float kAxisViewCosine = 0.99985f;

// The world axis the grid's plane is normal to (0 = x, 1 = y, 2 = z). An
// orthographic axis view gets the world plane facing it, so the Front and
// Side views, which look along the ground, still show a grid. Every other
// camera (perspective, or orthographic but orbited off its axis) gets the
// ground.
int GridNormalAxis(const CameraMatrices& camera) {
  if (!camera.IsOrthographic()) return kGroundNormalAxis;
  // The view matrix's third row is the camera's backward direction in world space.
  for (int axis = 0; axis < 3; ++axis) {
    if (std::abs(camera.view[axis][2]) >= kAxisViewCosine) return axis;
  }
  return kGroundNormalAxis;
}

}  // namespace

bool GridPass::Initialize(const gl::ShaderLibrary& library, std::vector<RenderError>& errors) {
  program_ = gl::ShaderProgram::Build("grid", library, "grid.vert", "grid.frag", {}, errors);
  empty_vertex_array_ = gl::VertexArray::Generate();
  if (!program_.IsValid()) return false;
  const gl::ShaderProgram& p = program_;
  uniforms_ = Uniforms{p.Uniform("u_inverse_view_projection"), p.Uniform("u_view_projection"),
                       p.Uniform("u_camera_position"),         p.Uniform("u_cell_size"),
                       p.Uniform("u_major_every"),             p.Uniform("u_fade_distance"),
                       p.Uniform("u_minor_color"),             p.Uniform("u_major_color"),
                       p.Uniform("u_normal_axis"),             p.Uniform("u_axis_colors")};
  return true;
}

void GridPass::Release() {
  program_ = {};
  empty_vertex_array_.Reset();
}

void GridPass::Draw(const FrameContext& frame) {
  const RenderSettings& settings = frame.settings;
  program_.Use();
  glUniformMatrix4fv(uniforms_.inverse_view_projection, 1, GL_FALSE,
                     glm::value_ptr(glm::inverse(frame.view_projection)));
  glUniformMatrix4fv(uniforms_.view_projection, 1, GL_FALSE, glm::value_ptr(frame.view_projection));
  glUniform3fv(uniforms_.camera_position, 1, glm::value_ptr(frame.camera.position));
  glUniform1f(uniforms_.cell_size, std::max(settings.grid_cell_size, 1e-4f));
  glUniform1f(uniforms_.major_every, std::max(settings.grid_major_every, 1.0f));
  glUniform1f(uniforms_.fade_distance, std::max(settings.grid_fade_distance, 1e-3f));
  glUniform4fv(uniforms_.minor_color, 1, glm::value_ptr(settings.grid_minor_color));
  glUniform4fv(uniforms_.major_color, 1, glm::value_ptr(settings.grid_major_color));
  glUniform1i(uniforms_.normal_axis, GridNormalAxis(frame.camera));
  const std::array<glm::vec4, 3> axis_colors{settings.axis_x_color, settings.axis_y_color, settings.axis_z_color};
  glUniform4fv(uniforms_.axis_colors, 3, glm::value_ptr(axis_colors[0]));

  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LEQUAL);
  glDepthMask(GL_FALSE);
  glEnable(GL_BLEND);
  glBlendEquation(GL_FUNC_ADD);
  // Colour blends over; destination alpha stays 1.
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_ONE);

  glBindVertexArray(empty_vertex_array_.Get());
  glDrawArrays(GL_TRIANGLES, 0, 3);
  ++frame.stats.draw_calls;
  glDepthMask(GL_TRUE);
}

}  // namespace cairn::render::passes
