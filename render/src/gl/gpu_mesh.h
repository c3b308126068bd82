#pragma once

#include <cstddef>
#include <span>

#include <glad/gl.h>

#include "cairn/render/mesh_data.h"
#include "cairn/render/mesh_instance.h"
#include "gl/gl_object.h"
#include "gl/stream_buffer.h"

namespace cairn::render::gl {

// Static vertex and index buffers of one mesh (positions at attribute 0,
// normals at attribute 1, texture coordinates at attribute 9).
class GpuMesh {
 public:
  GpuMesh() = default;
  explicit GpuMesh(const MeshData& data);

  [[nodiscard]] GLuint VertexBuffer() const { return vertices_.Get(); }
  [[nodiscard]] GLuint IndexBuffer() const { return indices_.Get(); }
  [[nodiscard]] GLsizei IndexCount() const { return index_count_; }
  [[nodiscard]] std::size_t TriangleCount() const { return static_cast<std::size_t>(index_count_) / 3; }

 private:
  Buffer vertices_;
  Buffer indices_;
  GLsizei index_count_ = 0;
};

// A GpuMesh drawn instanced from its own stream of MeshInstance records
// (attributes 2..8, see shaders/mesh.vert). Several InstancedMeshes may share
// one GpuMesh; the GpuMesh must outlive them.
class InstancedMesh {
 public:
  InstancedMesh() = default;
  explicit InstancedMesh(const GpuMesh& mesh);

  // Uploads `instances` and draws them with the bound program: one draw call,
  // none when empty. Returns the number of draw calls made.
  int Draw(std::span<const MeshInstance> instances);

  [[nodiscard]] const GpuMesh* Mesh() const { return mesh_; }

 private:
  const GpuMesh* mesh_ = nullptr;
  VertexArray vertex_array_;
  StreamBuffer instances_;
};

}  // namespace cairn::render::gl
