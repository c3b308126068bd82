#include "passes/outline_pass.h"

#include <algorithm>

#include <glm/gtc/type_ptr.hpp>

namespace cairn::render::passes {

namespace {
constexpr int kMaxOutlineWidth = 8;
}  // namespace

bool OutlinePass::Initialize(const gl::ShaderLibrary& library, const gl::MeshLibrary& meshes,
                             std::vector<RenderError>& errors) {
  mask_program_ = gl::ShaderProgram::Build("selection mask", library, "selection_mask.vert", "selection_mask.frag",
                                           {}, errors);
  outline_program_ = gl::ShaderProgram::Build("outline", library, "fullscreen.vert", "outline.frag", {}, errors);
  for (MeshShape shape : kAllMeshShapes) shapes_[MeshShapeIndex(shape)] = gl::InstancedMesh(meshes.Get(shape));
  empty_vertex_array_ = gl::VertexArray::Generate();
  if (!IsReady()) return false;
  uniforms_ = Uniforms{mask_program_.Uniform("u_view_projection"), outline_program_.Uniform("u_mask"),
                       outline_program_.Uniform("u_width_px"), outline_program_.Uniform("u_primary_color"),
                       outline_program_.Uniform("u_selected_color")};
  return true;
}

void OutlinePass::Release() {
  mask_program_ = {};
  outline_program_ = {};
  shapes_ = {};
  empty_vertex_array_.Reset();
}

void OutlinePass::Draw(const InstanceBatches& batches, const gl::AssetMeshLibrary& assets, const FrameContext& frame) {
  if (batches.SelectedCount() == 0) {
    frame.target.BindColorOnly();
    return;
  }
  DrawMask(batches, assets, frame);
  DrawOutline(frame);
}

void OutlinePass::DrawMask(const InstanceBatches& batches, const gl::AssetMeshLibrary& assets,
                           const FrameContext& frame) {
  glBindFramebuffer(GL_FRAMEBUFFER, frame.target.MaskFramebuffer());
  glViewport(0, 0, frame.target.Width(), frame.target.Height());
  const GLfloat clear[4] = {0.0f, 0.0f, 0.0f, 0.0f};
  glClearBufferfv(GL_COLOR, 0, clear);

  mask_program_.Use();
  glUniformMatrix4fv(uniforms_.mask_view_projection, 1, GL_FALSE, glm::value_ptr(frame.view_projection));
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_CULL_FACE);
  // Where a primary and a selected instance overlap, the primary (1.0) wins.
  glEnable(GL_BLEND);
  glBlendEquation(GL_MAX);
  glBlendFunc(GL_ONE, GL_ONE);
  for (MeshShape shape : kAllMeshShapes) {
    const std::span<const MeshInstance> selected = batches.SelectedBatch(shape);
    frame.stats.draw_calls += static_cast<std::uint32_t>(shapes_[MeshShapeIndex(shape)].Draw(selected));
    frame.stats.selected_instances += static_cast<std::uint32_t>(selected.size());
  }
  for (const MeshAssetId id : batches.AssetMeshes()) {
    const std::span<const MeshInstance> selected = batches.SelectedBatch(id);
    const auto parts = assets.Parts(id);
    if (!parts.empty()) frame.stats.selected_instances += static_cast<std::uint32_t>(selected.size());
    for (const auto& part : parts) frame.stats.draw_calls += static_cast<std::uint32_t>(part->instanced.Draw(selected));
  }
  glBlendEquation(GL_FUNC_ADD);
}

void OutlinePass::DrawOutline(const FrameContext& frame) {
  const RenderSettings& settings = frame.settings;
  frame.target.BindColorOnly();
  outline_program_.Use();
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, frame.target.MaskTexture());
  glUniform1i(uniforms_.mask, 0);
  glUniform1i(uniforms_.width_px, std::clamp(settings.outline_width_px, 1, kMaxOutlineWidth));
  glUniform4fv(uniforms_.primary_color, 1, glm::value_ptr(settings.outline_primary_color));
  glUniform4fv(uniforms_.selected_color, 1, glm::value_ptr(settings.outline_selected_color));

  glDisable(GL_DEPTH_TEST);
  glDisable(GL_BLEND);
  glBindVertexArray(empty_vertex_array_.Get());
  glDrawArrays(GL_TRIANGLES, 0, 3);
  ++frame.stats.draw_calls;
  glBindTexture(GL_TEXTURE_2D, 0);
}

}  // namespace cairn::render::passes
