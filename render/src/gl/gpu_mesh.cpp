#include "gl/gpu_mesh.h"

#include <cstdint>

namespace cairn::render::gl {

namespace {

// Attribute locations shared with shaders/mesh.vert and selection_mask.vert.
constexpr GLuint kPosition = 0;
constexpr GLuint kNormal = 1;
constexpr GLuint kWorld = 2;  // four columns: 2..5
constexpr GLuint kColor = 6;
constexpr GLuint kPickId = 7;
constexpr GLuint kSelection = 8;
constexpr GLuint kUv = 9;

const void* Offset(std::size_t bytes) { return reinterpret_cast<const void*>(bytes); }

void BindVertexAttributes(const GpuMesh& mesh) {
  glBindBuffer(GL_ARRAY_BUFFER, mesh.VertexBuffer());
  constexpr auto stride = static_cast<GLsizei>(sizeof(MeshVertex));
  glEnableVertexAttribArray(kPosition);
  glVertexAttribPointer(kPosition, 3, GL_FLOAT, GL_FALSE, stride, Offset(offsetof(MeshVertex, position)));
  glEnableVertexAttribArray(kNormal);
  glVertexAttribPointer(kNormal, 3, GL_FLOAT, GL_FALSE, stride, Offset(offsetof(MeshVertex, normal)));
  glEnableVertexAttribArray(kUv);
  glVertexAttribPointer(kUv, 2, GL_FLOAT, GL_FALSE, stride, Offset(offsetof(MeshVertex, uv)));
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, mesh.IndexBuffer());
}

void BindInstanceAttributes() {
  constexpr auto stride = static_cast<GLsizei>(sizeof(MeshInstance));
  for (GLuint column = 0; column < 4; ++column) {
    glEnableVertexAttribArray(kWorld + column);
    glVertexAttribPointer(kWorld + column, 4, GL_FLOAT, GL_FALSE, stride,
                          Offset(offsetof(MeshInstance, world) + column * sizeof(glm::vec4)));
    glVertexAttribDivisor(kWorld + column, 1);
  }
  glEnableVertexAttribArray(kColor);
  glVertexAttribPointer(kColor, 4, GL_FLOAT, GL_FALSE, stride, Offset(offsetof(MeshInstance, color)));
  glVertexAttribDivisor(kColor, 1);
  glEnableVertexAttribArray(kPickId);
  glVertexAttribIPointer(kPickId, 1, GL_UNSIGNED_INT, stride, Offset(offsetof(MeshInstance, pick_id)));
  glVertexAttribDivisor(kPickId, 1);
  glEnableVertexAttribArray(kSelection);
  glVertexAttribIPointer(kSelection, 1, GL_UNSIGNED_INT, stride, Offset(offsetof(MeshInstance, selection)));
  glVertexAttribDivisor(kSelection, 1);
}

}  // namespace

GpuMesh::GpuMesh(const MeshData& data)
    : vertices_(Buffer::Generate()), indices_(Buffer::Generate()),
      index_count_(static_cast<GLsizei>(data.indices.size())) {
  glBindBuffer(GL_ARRAY_BUFFER, vertices_.Get());
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(data.vertices.size() * sizeof(MeshVertex)),
               data.vertices.data(), GL_STATIC_DRAW);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  // The element buffer is recorded by vertex arrays, so it is bound for upload
  // with no vertex array bound (the caller's state guard restores it).
  glBindVertexArray(0);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, indices_.Get());
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(data.indices.size() * sizeof(std::uint32_t)),
               data.indices.data(), GL_STATIC_DRAW);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
}

InstancedMesh::InstancedMesh(const GpuMesh& mesh)
    : mesh_(&mesh), vertex_array_(VertexArray::Generate()), instances_(GL_ARRAY_BUFFER) {
  glBindVertexArray(vertex_array_.Get());
  BindVertexAttributes(mesh);
  instances_.Upload(nullptr, 0);
  BindInstanceAttributes();
  glBindVertexArray(0);
}

int InstancedMesh::Draw(std::span<const MeshInstance> instances) {
  if (instances.empty() || mesh_ == nullptr) return 0;
  glBindVertexArray(vertex_array_.Get());
  // Orphaning keeps the buffer name, so the vertex array's attribute bindings
  // stay valid.
  instances_.Upload(instances.data(), instances.size_bytes());
  glDrawElementsInstanced(GL_TRIANGLES, mesh_->IndexCount(), GL_UNSIGNED_INT, nullptr,
                          static_cast<GLsizei>(instances.size()));
  return 1;
}

}  // namespace cairn::render::gl
