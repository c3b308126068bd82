#include "cairn/render/mesh_data.h"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>
#include <glm/gtc/constants.hpp>

namespace cairn::render {

// Builders append to a MeshData; every triangle is counter-clockwise seen from
// the side its normal points to.
namespace {

constexpr float kHalf = 0.5f;

std::uint32_t AddVertex(MeshData& mesh, glm::vec3 position, glm::vec3 normal) {
  mesh.vertices.push_back({position, glm::normalize(normal)});
  return static_cast<std::uint32_t>(mesh.vertices.size() - 1);
}

void AddTriangle(MeshData& mesh, std::uint32_t a, std::uint32_t b, std::uint32_t c) {
  mesh.indices.insert(mesh.indices.end(), {a, b, c});
}

// A flat quad from corner `origin` spanning `u` then `v`; the normal is u x v.
void AddQuad(MeshData& mesh, glm::vec3 origin, glm::vec3 u, glm::vec3 v) {
  const glm::vec3 normal = glm::cross(u, v);
  const std::uint32_t a = AddVertex(mesh, origin, normal);
  const std::uint32_t b = AddVertex(mesh, origin + u, normal);
  const std::uint32_t c = AddVertex(mesh, origin + u + v, normal);
  const std::uint32_t d = AddVertex(mesh, origin + v, normal);
  AddTriangle(mesh, a, b, c);
  AddTriangle(mesh, a, c, d);
}

glm::vec3 Around(float angle, float radius, float y) {
  // Angle 0 is +X; increasing angles turn from +X towards -Z (counter-clockwise
  // seen from +Y).
  return {radius * std::cos(angle), y, -radius * std::sin(angle)};
}

float SegmentAngle(int segment, int segments) {
  return glm::two_pi<float>() * static_cast<float>(segment) / static_cast<float>(segments);
}

// A disc at height y facing +Y (up) or -Y.
void AddDisc(MeshData& mesh, float y, bool facing_up, int segments) {
  const glm::vec3 normal{0.0f, facing_up ? 1.0f : -1.0f, 0.0f};
  const std::uint32_t center = AddVertex(mesh, {0.0f, y, 0.0f}, normal);
  const std::uint32_t first = static_cast<std::uint32_t>(mesh.vertices.size());
  for (int i = 0; i < segments; ++i) AddVertex(mesh, Around(SegmentAngle(i, segments), kHalf, y), normal);
  for (int i = 0; i < segments; ++i) {
    const std::uint32_t a = first + static_cast<std::uint32_t>(i);
    const std::uint32_t b = first + static_cast<std::uint32_t>((i + 1) % segments);
    if (facing_up) {
      AddTriangle(mesh, center, a, b);
    } else {
      AddTriangle(mesh, center, b, a);
    }
  }
}

MeshData BuildCube() {
  MeshData mesh;
  const float h = kHalf;
  AddQuad(mesh, {h, -h, h}, {0, 0, -1}, {0, 1, 0});    // +X
  AddQuad(mesh, {-h, -h, -h}, {0, 0, 1}, {0, 1, 0});   // -X
  AddQuad(mesh, {-h, h, h}, {1, 0, 0}, {0, 0, -1});    // +Y
  AddQuad(mesh, {-h, -h, -h}, {1, 0, 0}, {0, 0, 1});   // -Y
  AddQuad(mesh, {-h, -h, h}, {1, 0, 0}, {0, 1, 0});    // +Z
  AddQuad(mesh, {h, -h, -h}, {-1, 0, 0}, {0, 1, 0});   // -Z
  return mesh;
}

MeshData BuildPlane() {
  MeshData mesh;
  const float h = kHalf;
  AddQuad(mesh, {-h, 0, h}, {1, 0, 0}, {0, 0, -1});   // top, +Y
  AddQuad(mesh, {-h, 0, -h}, {1, 0, 0}, {0, 0, 1});   // bottom, -Y
  return mesh;
}

MeshData BuildSphere(int segments, int rings) {
  MeshData mesh;
  for (int ring = 0; ring <= rings; ++ring) {
    const float polar = glm::pi<float>() * static_cast<float>(ring) / static_cast<float>(rings);
    const float y = kHalf * std::cos(polar);
    const float radius = kHalf * std::sin(polar);
    for (int i = 0; i <= segments; ++i) {
      const glm::vec3 position = Around(SegmentAngle(i, segments), radius, y);
      const glm::vec3 normal = ring == 0 ? glm::vec3{0, 1, 0} : ring == rings ? glm::vec3{0, -1, 0} : position;
      AddVertex(mesh, position, normal);
    }
  }
  const auto row = static_cast<std::uint32_t>(segments + 1);
  for (int ring = 0; ring < rings; ++ring) {
    for (int i = 0; i < segments; ++i) {
      const std::uint32_t top = static_cast<std::uint32_t>(ring) * row + static_cast<std::uint32_t>(i);
      const std::uint32_t bottom = top + row;
      // Rows run from the north pole down; columns turn counter-clockwise seen
      // from above, so (top, bottom, bottom + 1) faces outwards.
      if (ring != 0) AddTriangle(mesh, top, bottom, top + 1);
      if (ring != rings - 1) AddTriangle(mesh, top + 1, bottom, bottom + 1);
    }
  }
  return mesh;
}

// Side of a cylinder or cone: a band from radius `bottom_radius` at y = -0.5 to
// `top_radius` at y = +0.5, with smooth normals.
void AddSide(MeshData& mesh, float bottom_radius, float top_radius, int segments) {
  const float slope = (bottom_radius - top_radius) / (2.0f * kHalf);
  const std::uint32_t first = static_cast<std::uint32_t>(mesh.vertices.size());
  for (int i = 0; i <= segments; ++i) {
    const float angle = SegmentAngle(i, segments);
    // For an apex (top radius 0) the normal there is taken half a segment
    // later, matching the triangle it belongs to.
    const float top_angle = top_radius > 0.0f ? angle : angle + glm::pi<float>() / static_cast<float>(segments);
    AddVertex(mesh, Around(angle, bottom_radius, -kHalf), Around(angle, 1.0f, slope));
    AddVertex(mesh, Around(angle, top_radius, kHalf), Around(top_angle, 1.0f, slope));
  }
  for (int i = 0; i < segments; ++i) {
    const std::uint32_t bottom = first + 2 * static_cast<std::uint32_t>(i);
    const std::uint32_t top = bottom + 1;
    AddTriangle(mesh, bottom, bottom + 2, top);
    if (top_radius > 0.0f) AddTriangle(mesh, top, bottom + 2, top + 2);
  }
}

MeshData BuildCylinder(int segments) {
  MeshData mesh;
  AddSide(mesh, kHalf, kHalf, segments);
  AddDisc(mesh, kHalf, true, segments);
  AddDisc(mesh, -kHalf, false, segments);
  return mesh;
}

MeshData BuildCone(int segments) {
  MeshData mesh;
  AddSide(mesh, kHalf, 0.0f, segments);
  AddDisc(mesh, -kHalf, false, segments);
  return mesh;
}

}  // namespace

Aabb MeshData::Bounds() const {
  Aabb box;
  for (const MeshVertex& vertex : vertices) box.Expand(vertex.position);
  return box;
}

MeshData GenerateMesh(MeshShape shape, const MeshDetail& detail) {
  const int segments = std::max(detail.segments, 3);
  const int rings = std::max(detail.rings, 2);
  switch (shape) {
    case MeshShape::Cube: return BuildCube();
    case MeshShape::Sphere: return BuildSphere(segments, rings);
    case MeshShape::Plane: return BuildPlane();
    case MeshShape::Cylinder: return BuildCylinder(segments);
    case MeshShape::Cone: return BuildCone(segments);
  }
  return {};
}

Aabb MeshShapeBounds(MeshShape shape) {
  const float h = kHalf;
  if (shape == MeshShape::Plane) return {{-h, 0.0f, -h}, {h, 0.0f, h}};
  return {{-h, -h, -h}, {h, h, h}};
}

}  // namespace cairn::render
