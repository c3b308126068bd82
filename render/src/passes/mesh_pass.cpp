#include "passes/mesh_pass.h"

#include <algorithm>
#include <string>

#include <glm/gtc/type_ptr.hpp>
#include <glm/vec4.hpp>

namespace cairn::render::passes {

namespace {

std::string LightDefines() { return "#define CAIRN_MAX_LIGHTS " + std::to_string(kMaxLightsPerType) + "\n"; }

glm::vec3 ViewBack(const glm::mat4& view) { return {view[0][2], view[1][2], view[2][2]}; }

// Blinn-Phong's highlight keeps its energy as it narrows ((n + 8) / 8π):
// relative to the shapes' exponent, a rough part's highlight is dimmer and a
// smooth one's brighter, within limits.
float SpecularScale(float shininess, float reference_shininess) {
  return std::clamp((shininess + 8.0f) / (reference_shininess + 8.0f), 0.1f, 4.0f);
}

// Culls the faces of a batch of `winding` that are turned away from the
// camera. Every built-in shape is safe to cull: each triangle winds
// counter-clockwise seen from the side it faces, and every side that should be
// seen has a face of its own (the closed shapes their outsides; the plane one
// face up and one face down, back to back).
//
// GL's front face stays counter-clockwise: a mirrored (Clockwise) batch culls
// GL_FRONT rather than switching glFrontFace to GL_CW, so gl_FrontFacing keeps
// the meaning mesh.frag gives it when it orients normals with v_mirrored.
void CullFacesTurnedAway(Winding winding) {
  glEnable(GL_CULL_FACE);
  glCullFace(winding == Winding::CounterClockwise ? GL_BACK : GL_FRONT);
}

}  // namespace

bool MeshPass::Initialize(const gl::ShaderLibrary& library, const gl::MeshLibrary& meshes,
                          std::vector<RenderError>& errors) {
  program_ = gl::ShaderProgram::Build("mesh", library, "mesh.vert", "mesh.frag", LightDefines(), errors);
  if (!program_.IsValid()) return false;
  const gl::ShaderProgram& p = program_;
  uniforms_ = Uniforms{
      p.Uniform("u_view_projection"),      p.Uniform("u_camera_position"),
      p.Uniform("u_orthographic"),         p.Uniform("u_view_back"),
      p.Uniform("u_ambient_sky"),          p.Uniform("u_ambient_ground"),
      p.Uniform("u_shininess"),            p.Uniform("u_specular_strength"),
      p.Uniform("u_directional_count"),    p.Uniform("u_directional_direction"),
      p.Uniform("u_directional_radiance"), p.Uniform("u_point_count"),
      p.Uniform("u_point_position_range"), p.Uniform("u_point_radiance"),
      p.Uniform("u_spot_count"),           p.Uniform("u_spot_position_range"),
      p.Uniform("u_spot_direction_cos_outer"), p.Uniform("u_spot_radiance_cos_inner"),
      p.Uniform("u_base_color"),           p.Uniform("u_has_base_texture"),
      p.Uniform("u_base_texture"),         p.Uniform("u_metallic"),
  };
  for (MeshShape shape : kAllMeshShapes) shapes_[MeshShapeIndex(shape)] = gl::InstancedMesh(meshes.Get(shape));
  return true;
}

void MeshPass::Release() {
  program_ = {};
  shapes_ = {};
}

void MeshPass::SetFrameUniforms(const FrameContext& frame) const {
  const RenderSettings& settings = frame.settings;
  glUniformMatrix4fv(uniforms_.view_projection, 1, GL_FALSE, glm::value_ptr(frame.view_projection));
  glUniform3fv(uniforms_.camera_position, 1, glm::value_ptr(frame.camera.position));
  glUniform1i(uniforms_.orthographic, frame.camera.IsOrthographic() ? 1 : 0);
  glUniform3fv(uniforms_.view_back, 1, glm::value_ptr(glm::normalize(ViewBack(frame.camera.view))));
  glUniform3fv(uniforms_.ambient_sky, 1, glm::value_ptr(SrgbToLinear(settings.ambient_sky)));
  glUniform3fv(uniforms_.ambient_ground, 1, glm::value_ptr(SrgbToLinear(settings.ambient_ground)));
  glUniform1f(uniforms_.shininess, settings.shininess);
  glUniform1f(uniforms_.specular_strength, settings.specular_strength);
}

void MeshPass::SetLightUniforms(const PackedLights& lights) const {
  std::array<glm::vec3, kMaxLightsPerType> vec3s{};
  std::array<glm::vec4, kMaxLightsPerType> vec4s{};
  std::array<glm::vec4, kMaxLightsPerType> more_vec4s{};

  glUniform1i(uniforms_.directional_count, lights.directional_count);
  for (int i = 0; i < lights.directional_count; ++i) vec3s[i] = lights.directional[i].direction;
  glUniform3fv(uniforms_.directional_direction, kMaxLightsPerType, glm::value_ptr(vec3s[0]));
  for (int i = 0; i < lights.directional_count; ++i) vec3s[i] = lights.directional[i].radiance;
  glUniform3fv(uniforms_.directional_radiance, kMaxLightsPerType, glm::value_ptr(vec3s[0]));

  glUniform1i(uniforms_.point_count, lights.point_count);
  for (int i = 0; i < lights.point_count; ++i) {
    vec4s[i] = glm::vec4(lights.point[i].position, lights.point[i].range);
    vec3s[i] = lights.point[i].radiance;
  }
  glUniform4fv(uniforms_.point_position_range, kMaxLightsPerType, glm::value_ptr(vec4s[0]));
  glUniform3fv(uniforms_.point_radiance, kMaxLightsPerType, glm::value_ptr(vec3s[0]));

  glUniform1i(uniforms_.spot_count, lights.spot_count);
  std::array<glm::vec4, kMaxLightsPerType> radiance_cos_inner{};
  for (int i = 0; i < lights.spot_count; ++i) {
    const PackedLights::Spot& spot = lights.spot[i];
    vec4s[i] = glm::vec4(spot.position, spot.range);
    more_vec4s[i] = glm::vec4(spot.direction, spot.cos_outer);
    radiance_cos_inner[i] = glm::vec4(spot.radiance, spot.cos_inner);
  }
  glUniform4fv(uniforms_.spot_position_range, kMaxLightsPerType, glm::value_ptr(vec4s[0]));
  glUniform4fv(uniforms_.spot_direction_cos_outer, kMaxLightsPerType, glm::value_ptr(more_vec4s[0]));
  glUniform4fv(uniforms_.spot_radiance_cos_inner, kMaxLightsPerType, glm::value_ptr(radiance_cos_inner[0]));
}

void MeshPass::Draw(const InstanceBatches& batches, const gl::AssetMeshLibrary& assets, const PackedLights& lights,
                    const FrameContext& frame) {
  program_.Use();
  SetFrameUniforms(frame);
  SetLightUniforms(lights);

  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  glDepthMask(GL_TRUE);
  glDisable(GL_BLEND);
  glFrontFace(GL_CCW);
  glUniform1i(uniforms_.base_texture, 0);  // texture unit 0

  DrawShapes(batches, frame);
  DrawAssetMeshes(batches, assets, frame);
  // The passes that follow draw without culling.
  glDisable(GL_CULL_FACE);
  glCullFace(GL_BACK);
}

void MeshPass::DrawShapes(const InstanceBatches& batches, const FrameContext& frame) {
  glUniform3f(uniforms_.base_color, 1.0f, 1.0f, 1.0f);
  glUniform1f(uniforms_.metallic, 0.0f);
  glUniform1i(uniforms_.has_base_texture, 0);
  for (MeshShape shape : kAllMeshShapes) {
    gl::InstancedMesh& mesh = shapes_[MeshShapeIndex(shape)];
    for (Winding winding : kAllWindings) {
      const std::span<const MeshInstance> batch = batches.Batch(shape, winding);
      if (batch.empty()) continue;
      if (frame.settings.cull_back_faces) {
        CullFacesTurnedAway(winding);
      } else {
        glDisable(GL_CULL_FACE);
      }
      frame.stats.draw_calls += static_cast<std::uint32_t>(mesh.Draw(batch));
      frame.stats.mesh_instances += static_cast<std::uint32_t>(batch.size());
      frame.stats.triangles += static_cast<std::uint64_t>(batch.size()) * mesh.Mesh()->TriangleCount();
    }
  }
}

void MeshPass::DrawAssetMeshes(const InstanceBatches& batches, const gl::AssetMeshLibrary& assets,
                               const FrameContext& frame) {
  // Registered meshes show both sides of every triangle: a glTF material may
  // be double-sided (a sheet of leaves, a flag), and a MeshPart does not say
  // whether its material is, so no part is known to be single-sided.
  glDisable(GL_CULL_FACE);
  for (const MeshAssetId id : batches.AssetMeshes()) {
    const auto parts = assets.Parts(id);
    if (parts.empty()) continue;
    const std::array<std::span<const MeshInstance>, kWindingCount> windings{
        batches.Batch(id, Winding::CounterClockwise), batches.Batch(id, Winding::Clockwise)};
    frame.stats.mesh_instances += static_cast<std::uint32_t>(windings[0].size() + windings[1].size());
    for (const auto& part : parts) {
      SetPartUniforms(*part, frame.settings);
      for (const std::span<const MeshInstance> batch : windings) {
        frame.stats.draw_calls += static_cast<std::uint32_t>(part->instanced.Draw(batch));
        frame.stats.triangles += static_cast<std::uint64_t>(batch.size()) * part->mesh.TriangleCount();
      }
    }
  }
}

void MeshPass::SetPartUniforms(const gl::AssetMeshLibrary::Part& part, const RenderSettings& settings) const {
  glUniform3fv(uniforms_.base_color, 1, glm::value_ptr(glm::vec3(part.base_color)));
  glUniform1f(uniforms_.metallic, part.metallic);
  glUniform1f(uniforms_.shininess, part.shininess);
  glUniform1f(uniforms_.specular_strength,
              settings.specular_strength * SpecularScale(part.shininess, settings.shininess));
  const bool textured = static_cast<bool>(part.base_color_texture);
  glUniform1i(uniforms_.has_base_texture, textured ? 1 : 0);
  if (textured) {
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, part.base_color_texture.Get());
  }
}

}  // namespace cairn::render::passes
