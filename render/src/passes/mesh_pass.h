#pragma once

#include <array>
#include <vector>

#include "cairn/render/instance_batches.h"
#include "cairn/render/packed_lights.h"
#include "cairn/render/render_error.h"
#include "gl/asset_mesh_library.h"
#include "gl/gpu_mesh.h"
#include "gl/mesh_library.h"
#include "gl/shader_program.h"
#include "passes/frame_context.h"

namespace cairn::render::passes {

// Opaque meshes, lit, writing colour, pick ids and depth: one instanced draw
// per non-empty batch (a mesh's instances of one winding), per part for a
// registered mesh. Shapes are drawn with back-face culling unless
// RenderSettings::cull_back_faces is off, a mirrored batch culling the faces
// GL calls front; registered meshes show both sides.
class MeshPass {
 public:
  bool Initialize(const gl::ShaderLibrary& library, const gl::MeshLibrary& meshes, std::vector<RenderError>& errors);
  void Release();
  [[nodiscard]] bool IsReady() const { return program_.IsValid(); }

  // Expects the target bound for colour and pick ids. Leaves culling off.
  void Draw(const InstanceBatches& batches, const gl::AssetMeshLibrary& assets, const PackedLights& lights,
            const FrameContext& frame);

 private:
  struct Uniforms {
    GLint view_projection = -1;
    GLint camera_position = -1;
    GLint orthographic = -1;
    GLint view_back = -1;
    GLint ambient_sky = -1;
    GLint ambient_ground = -1;
    GLint shininess = -1;
    GLint specular_strength = -1;
    GLint directional_count = -1;
    GLint directional_direction = -1;
    GLint directional_radiance = -1;
    GLint point_count = -1;
    GLint point_position_range = -1;
    GLint point_radiance = -1;
    GLint spot_count = -1;
    GLint spot_position_range = -1;
    GLint spot_direction_cos_outer = -1;
    GLint spot_radiance_cos_inner = -1;
    GLint base_color = -1;
    GLint has_base_texture = -1;
    GLint base_texture = -1;
    GLint metallic = -1;
  };

  void DrawShapes(const InstanceBatches& batches, const FrameContext& frame);
  void DrawAssetMeshes(const InstanceBatches& batches, const gl::AssetMeshLibrary& assets, const FrameContext& frame);
  void SetFrameUniforms(const FrameContext& frame) const;
  void SetLightUniforms(const PackedLights& lights) const;
  void SetPartUniforms(const gl::AssetMeshLibrary::Part& part, const RenderSettings& settings) const;

  gl::ShaderProgram program_;
  Uniforms uniforms_;
  std::array<gl::InstancedMesh, kMeshShapeCount> shapes_;
};

}  // namespace cairn::render::passes
