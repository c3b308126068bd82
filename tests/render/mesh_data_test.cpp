#include <catch2/catch.hpp>

#include <glm/geometric.hpp>

#include "cairn/render/mesh_asset.h"
#include "cairn/render/mesh_data.h"
#include "render_test_support.h"

using namespace cairn::render;

namespace {

glm::vec3 FaceNormal(const MeshData& mesh, std::size_t triangle) {
  const glm::vec3 a = mesh.vertices[mesh.indices[triangle * 3 + 0]].position;
  const glm::vec3 b = mesh.vertices[mesh.indices[triangle * 3 + 1]].position;
  const glm::vec3 c = mesh.vertices[mesh.indices[triangle * 3 + 2]].position;
  return glm::cross(b - a, c - a);
}

glm::vec3 Centroid(const MeshData& mesh, std::size_t triangle) {
  glm::vec3 sum{0.0f};
  for (int corner = 0; corner < 3; ++corner) sum += mesh.vertices[mesh.indices[triangle * 3 + corner]].position;
  return sum / 3.0f;
}

}  // namespace

TEST_CASE("[MeshShape] Names round-trip and unknown names are rejected", "[render][mesh]") {
  for (MeshShape shape : kAllMeshShapes) {
    CAPTURE(MeshShapeName(shape));
    CHECK(MeshShapeFromName(MeshShapeName(shape)) == shape);
  }
  CHECK(MeshShapeName(MeshShape::Cylinder) == "cylinder");
  CHECK_FALSE(MeshShapeFromName("Cube").has_value());
  CHECK_FALSE(MeshShapeFromName("teapot").has_value());
}

TEST_CASE("[GenerateMesh] Every shape is a valid indexed triangle list with unit normals", "[render][mesh]") {
  for (MeshShape shape : kAllMeshShapes) {
    CAPTURE(MeshShapeName(shape));
    const MeshData mesh = GenerateMesh(shape);
    REQUIRE_FALSE(mesh.indices.empty());
    CHECK(mesh.indices.size() % 3 == 0);
    for (std::uint32_t index : mesh.indices) REQUIRE(index < mesh.vertices.size());
    for (const MeshVertex& vertex : mesh.vertices) REQUIRE(glm::length(vertex.normal) == Approx(1.0f).epsilon(1e-5));
    const Aabb bounds = mesh.Bounds();
    const Aabb expected = MeshShapeBounds(shape);
    CHECK_NEAR_VEC(bounds.min, expected.min, 1e-6f);
    CHECK_NEAR_VEC(bounds.max, expected.max, 1e-6f);
  }
}

TEST_CASE("[GenerateMesh] Closed shapes wind counter-clockwise seen from outside", "[render][mesh]") {
  for (MeshShape shape : {MeshShape::Cube, MeshShape::Sphere, MeshShape::Cylinder, MeshShape::Cone}) {
    CAPTURE(MeshShapeName(shape));
    const MeshData mesh = GenerateMesh(shape);
    for (std::size_t triangle = 0; triangle < mesh.TriangleCount(); ++triangle) {
      CAPTURE(triangle);
      const glm::vec3 face = FaceNormal(mesh, triangle);
      // Convex and centred on the origin: outward means away from the origin.
      REQUIRE(glm::dot(face, Centroid(mesh, triangle)) > 0.0f);
      for (int corner = 0; corner < 3; ++corner) {
        REQUIRE(glm::dot(face, mesh.vertices[mesh.indices[triangle * 3 + corner]].normal) > 0.0f);
      }
    }
  }
}

TEST_CASE("[GenerateMesh] The plane lies on y = 0 and has a face each way", "[render][mesh]") {
  const MeshData mesh = GenerateMesh(MeshShape::Plane);
  CHECK(mesh.TriangleCount() == 4);
  int up = 0;
  int down = 0;
  for (std::size_t triangle = 0; triangle < mesh.TriangleCount(); ++triangle) {
    const glm::vec3 face = glm::normalize(FaceNormal(mesh, triangle));
    const glm::vec3 normal = mesh.vertices[mesh.indices[triangle * 3]].normal;
    CHECK_NEAR_VEC(face, normal, 1e-6f);
    up += face.y > 0.5f ? 1 : 0;
    down += face.y < -0.5f ? 1 : 0;
  }
  CHECK(up == 2);
  CHECK(down == 2);
  for (const MeshVertex& vertex : mesh.vertices) CHECK(vertex.position.y == 0.0f);
}

TEST_CASE("[GenerateMesh] Counts follow the tessellation", "[render][mesh]") {
  CHECK(GenerateMesh(MeshShape::Cube).vertices.size() == 24);
  CHECK(GenerateMesh(MeshShape::Cube).TriangleCount() == 12);

  const MeshData sphere = GenerateMesh(MeshShape::Sphere, {32, 16});
  CHECK(sphere.vertices.size() == 17 * 33);
  CHECK(sphere.TriangleCount() == 32 * (2 * 16 - 2));
  for (const MeshVertex& vertex : sphere.vertices) REQUIRE(glm::length(vertex.position) == Approx(0.5f));

  CHECK(GenerateMesh(MeshShape::Cylinder, {32, 16}).TriangleCount() == 32 * 2 + 32 * 2);
  CHECK(GenerateMesh(MeshShape::Cone, {32, 16}).TriangleCount() == 32 + 32);
  CHECK(GenerateMesh(MeshShape::Cone, {3, 2}).TriangleCount() == 3 + 3);
  CHECK(GenerateMesh(MeshShape::Cylinder, {1, 1}).TriangleCount() == GenerateMesh(MeshShape::Cylinder, {3, 2}).TriangleCount());
}

TEST_CASE("[GenerateMesh] Cone side normals lean up by the slope", "[render][mesh]") {
  const MeshData cone = GenerateMesh(MeshShape::Cone);
  // Radius 0.5 over height 1: the side normal is (cos, 0.5, -sin) normalised.
  const float expected_y = 0.5f / std::sqrt(1.25f);
  CHECK(cone.vertices.front().normal.y == Approx(expected_y));
  CHECK(cone.vertices.front().position.y == Approx(-0.5f));
}

TEST_CASE("Roughness becomes a Blinn-Phong exponent: rough is broad, smooth is sharp", "[render][mesh_asset]") {
  using cairn::render::ShininessFromRoughness;
  CHECK(ShininessFromRoughness(0.5f) == Approx(30.0f));
  CHECK(ShininessFromRoughness(1.0f) == 2.0f);      // 2 / 1 - 2 = 0, clamped up
  CHECK(ShininessFromRoughness(0.0f) == 1024.0f);   // a mirror, capped
  CHECK(ShininessFromRoughness(0.1f) == 1024.0f);
  CHECK(ShininessFromRoughness(-3.0f) == 1024.0f);  // out of range: clamped as roughness 0
  CHECK(ShininessFromRoughness(0.3f) > ShininessFromRoughness(0.6f));
}
