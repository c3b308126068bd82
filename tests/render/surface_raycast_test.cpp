#include "cairn/render/surface_raycast.h"

#include <cmath>
#include <random>

#include <catch2/catch.hpp>
#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>

#include "cairn/render/aabb_tree.h"
#include "cairn/render/frustum.h"
#include "cairn/render/mesh_asset.h"
#include "cairn/render/mesh_data.h"
#include "cairn/render/triangle_bvh.h"

using cairn::render::Aabb;
using cairn::render::AabbTree;
using cairn::render::MeshShape;
using cairn::render::Ray;
using cairn::render::RaycastShape;
using cairn::render::SurfaceHit;
using cairn::render::TriangleBvh;

namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();

bool Near(const glm::vec3& a, const glm::vec3& b, float tolerance = 1e-5f) {
  return glm::all(glm::lessThanEqual(glm::abs(a - b), glm::vec3(tolerance)));
}

// The hit of a world ray on a shape placed by `world`, in world terms.
std::optional<std::pair<glm::vec3, glm::vec3>> WorldHit(MeshShape shape, const glm::mat4& world, const Ray& ray) {
  const std::optional<SurfaceHit> hit = RaycastShape(shape, cairn::render::ToModelSpace(ray, world), kInf);
  if (!hit) return std::nullopt;
  return std::make_pair(ray.At(hit->t), cairn::render::NormalToWorld(hit->normal, world));
}

}  // namespace

TEST_CASE("A ray meets each built-in shape where the exact shape is, not its tessellation", "[render][surface]") {
  const Ray down{{0.1f, 5.0f, 0.2f}, {0.0f, -1.0f, 0.0f}};
  // Cube: top face at 0.5.
  auto hit = RaycastShape(MeshShape::Cube, down, kInf);
  REQUIRE(hit);
  CHECK(hit->t == Approx(4.5f));
  CHECK(Near(hit->normal, {0, 1, 0}));
  // Sphere of radius 0.5: y = sqrt(0.25 - 0.01 - 0.04).
  hit = RaycastShape(MeshShape::Sphere, down, kInf);
  REQUIRE(hit);
  CHECK(hit->t == Approx(5.0f - std::sqrt(0.2f)).epsilon(1e-6));
  CHECK(Near(hit->normal, glm::normalize(glm::vec3(0.1f, std::sqrt(0.2f), 0.2f))));
  // Plane at y = 0, seen from below it faces down.
  hit = RaycastShape(MeshShape::Plane, Ray{{0.1f, -2.0f, 0.1f}, {0, 1, 0}}, kInf);
  REQUIRE(hit);
  CHECK(hit->t == Approx(2.0f));
  CHECK(Near(hit->normal, {0, -1, 0}));
  // Cylinder: cap at 0.5, side at radius 0.5.
  hit = RaycastShape(MeshShape::Cylinder, down, kInf);
  REQUIRE(hit);
  CHECK(hit->t == Approx(4.5f));
  hit = RaycastShape(MeshShape::Cylinder, Ray{{-3.0f, 0.25f, 0.0f}, {1, 0, 0}}, kInf);
  REQUIRE(hit);
  CHECK(hit->t == Approx(2.5f));
  CHECK(Near(hit->normal, {-1, 0, 0}));
  // Cone: at x = 0.1, z = 0 its side is at radius (0.5 - y) / 2 = 0.1, so y = 0.3.
  hit = RaycastShape(MeshShape::Cone, Ray{{0.1f, 5.0f, 0.0f}, {0, -1, 0}}, kInf);
  REQUIRE(hit);
  CHECK(hit->t == Approx(4.7f));
  CHECK(Near(hit->normal, glm::normalize(glm::vec3(1.0f, 0.5f, 0.0f))));
  // Misses: beside each shape, and beyond max_t.
  for (const MeshShape shape : cairn::render::kAllMeshShapes) {
    CHECK_FALSE(RaycastShape(shape, Ray{{0.8f, 5.0f, 0.0f}, {0, -1, 0}}, kInf));
    CHECK_FALSE(RaycastShape(shape, down, 1.0f));
  }
}

TEST_CASE("Shape hits under nested parent transforms agree with the exact answer", "[render][surface]") {
  // A sphere scaled 4x under a parent turned 90 degrees about Y and moved:
  // world radius 2 around (3, 1, -2).
  const glm::mat4 parent = glm::rotate(glm::translate(glm::mat4(1.0f), {3.0f, 1.0f, -2.0f}), glm::radians(90.0f),
                                       glm::vec3(0, 1, 0));
  const glm::mat4 world = parent * glm::scale(glm::mat4(1.0f), glm::vec3(4.0f));
  const Ray ray{{3.0f, 10.0f, -2.5f}, {0, -1, 0}};
  const auto sphere = WorldHit(MeshShape::Sphere, world, ray);
  REQUIRE(sphere);
  const float expected_y = 1.0f + std::sqrt(4.0f - 0.25f);
  CHECK(Near(sphere->first, {3.0f, expected_y, -2.5f}, 1e-4f));
  CHECK(Near(sphere->second, glm::normalize(glm::vec3(0.0f, expected_y - 1.0f, -0.5f)), 1e-4f));

  // A box 2 x 1 x 2 tilted 30 degrees about Z: the sloped top face.
  const glm::mat4 tilted = glm::rotate(glm::translate(glm::mat4(1.0f), {0.0f, 2.0f, 0.0f}), glm::radians(30.0f),
                                       glm::vec3(0, 0, 1)) *
                           glm::scale(glm::mat4(1.0f), {2.0f, 1.0f, 2.0f});
  const auto box = WorldHit(MeshShape::Cube, tilted, Ray{{0.2f, 10.0f, 0.0f}, {0, -1, 0}});
  REQUIRE(box);
  // The top face is the plane through (0, 2, 0) + 0.5 * up', up' = (-sin30, cos30, 0).
  const glm::vec3 up{-0.5f, std::sqrt(3.0f) / 2.0f, 0.0f};
  const glm::vec3 on_top = glm::vec3(0.0f, 2.0f, 0.0f) + 0.5f * up;
  const float t = glm::dot(on_top - glm::vec3(0.2f, 10.0f, 0.0f), up) / glm::dot(glm::vec3(0, -1, 0), up);
  CHECK(Near(box->first, glm::vec3(0.2f, 10.0f - t, 0.0f), 1e-4f));
  CHECK(Near(box->second, up, 1e-4f));

  // A sloped plane (a quad 10 x 10 turned 20 degrees about X) under a scaled parent.
  const glm::mat4 slope = glm::scale(glm::mat4(1.0f), glm::vec3(2.0f)) *
                          glm::rotate(glm::mat4(1.0f), glm::radians(20.0f), glm::vec3(1, 0, 0)) *
                          glm::scale(glm::mat4(1.0f), glm::vec3(5.0f));
  const auto plane = WorldHit(MeshShape::Plane, slope, Ray{{1.0f, 10.0f, 3.0f}, {0, -1, 0}});
  REQUIRE(plane);
  // The plane: normal (0, cos20, sin20) through the origin: y = -tan20 * z.
  CHECK(Near(plane->first, {1.0f, -std::tan(glm::radians(20.0f)) * 3.0f, 3.0f}, 1e-4f));
  CHECK(Near(plane->second, {0.0f, std::cos(glm::radians(20.0f)), std::sin(glm::radians(20.0f))}, 1e-4f));
}

TEST_CASE("A triangle BVH gives the same first hit as testing every triangle", "[render][surface]") {
  const cairn::render::MeshData sphere = cairn::render::GenerateMesh(MeshShape::Sphere, {64, 32});
  const TriangleBvh bvh(sphere);
  REQUIRE(bvh.TriangleCount() == sphere.TriangleCount());
  CHECK(bvh.Depth() <= 16);
  std::mt19937 random(7);
  std::uniform_real_distribution<float> along(-1.0f, 1.0f);
  int hits = 0;
  for (int i = 0; i < 500; ++i) {
    const glm::vec3 origin = glm::vec3(along(random), along(random), along(random)) * 2.0f;
    const glm::vec3 target = glm::vec3(along(random), along(random), along(random)) * 0.4f;
    const Ray ray{origin, glm::normalize(target - origin)};
    std::optional<SurfaceHit> brute;
    for (std::size_t k = 0; k < sphere.indices.size(); k += 3) {
      const auto hit = cairn::render::RaycastTriangle(ray, sphere.vertices[sphere.indices[k]].position,
                                                      sphere.vertices[sphere.indices[k + 1]].position,
                                                      sphere.vertices[sphere.indices[k + 2]].position, kInf);
      if (hit && (!brute || hit->t < brute->t)) brute = hit;
    }
    const auto fast = bvh.Raycast(ray, kInf);
    REQUIRE(fast.has_value() == brute.has_value());
    if (fast) {
      ++hits;
      CHECK(fast->t == brute->t);
      CHECK(Near(fast->normal, brute->normal));
    }
  }
  CHECK(hits > 100);
}

TEST_CASE("The nearest corner of a hit triangle is one of its vertices exactly", "[render][surface]") {
  const TriangleBvh bvh(cairn::render::GenerateMesh(MeshShape::Cube));
  const auto hit = bvh.Raycast(Ray{{0.45f, 3.0f, 0.4f}, {0, -1, 0}}, kInf);
  REQUIRE(hit);
  CHECK(bvh.NearestCorner(hit->triangle, {0.45f, 0.5f, 0.4f}) == glm::vec3(0.5f, 0.5f, 0.5f));
}

TEST_CASE("An AABB tree stays balanced and finds the same boxes as a scan", "[render][surface]") {
  AabbTree tree;
  std::vector<std::uint32_t> proxies;
  std::vector<Aabb> boxes;
  // Inserted in one direction: the worst order for a tree without rotations.
  for (int i = 0; i < 4096; ++i) {
    const glm::vec3 at(static_cast<float>(i), 0.0f, 0.0f);
    boxes.push_back(Aabb{at - glm::vec3(0.25f), at + glm::vec3(0.25f)});
    proxies.push_back(tree.Insert(boxes.back(), static_cast<std::uint32_t>(i)));
  }
  CHECK(tree.Size() == 4096);
  CHECK(tree.Height() <= 20);  // 1.45 log2(4096) + 2
  // Move a few far, remove some, and query.
  for (int i = 0; i < 4096; i += 7) {
    const glm::vec3 at(static_cast<float>(i), 50.0f, 0.0f);
    boxes[static_cast<std::size_t>(i)] = Aabb{at - glm::vec3(0.25f), at + glm::vec3(0.25f)};
    CHECK(tree.Move(proxies[static_cast<std::size_t>(i)], boxes[static_cast<std::size_t>(i)]));
  }
  // A small move stays inside the leaf's enlarged box.
  const glm::vec3 nudged(1.005f, 0.0f, 0.0f);
  CHECK_FALSE(tree.Move(proxies[1], Aabb{nudged - glm::vec3(0.25f), nudged + glm::vec3(0.25f)}));
  for (int i = 3; i < 4096; i += 11) {
    tree.Remove(proxies[static_cast<std::size_t>(i)]);
    boxes[static_cast<std::size_t>(i)] = Aabb{};
  }
  CHECK(tree.Height() <= 20);
  const Ray along_x{{-5.0f, 50.0f, 0.0f}, {1, 0, 0}};
  std::vector<std::uint32_t> found;
  tree.Raycast(along_x, kInf, [&](std::uint32_t item, float) {
    found.push_back(item);
    return kInf;
  });
  std::vector<std::uint32_t> expected;
  for (int i = 0; i < 4096; i += 7) {
    if (!boxes[static_cast<std::size_t>(i)].IsEmpty()) expected.push_back(static_cast<std::uint32_t>(i));
  }
  std::sort(found.begin(), found.end());
  CHECK(found == expected);
}

TEST_CASE("A built AABB tree numbers its items in order and is balanced", "[render][surface]") {
  std::vector<Aabb> boxes;
  for (int i = 0; i < 1000; ++i) boxes.push_back(Aabb{glm::vec3(static_cast<float>(i)), glm::vec3(static_cast<float>(i) + 0.5f)});
  AabbTree tree;
  const std::vector<std::uint32_t> proxies = tree.Build(boxes);
  REQUIRE(proxies.size() == 1000);
  for (std::uint32_t i = 0; i < 1000; ++i) CHECK(tree.ItemOf(proxies[i]) == i);
  CHECK(tree.Height() == 11);
  std::vector<std::uint32_t> found;
  tree.Query(Aabb{glm::vec3(10.2f), glm::vec3(12.2f)}, [&](std::uint32_t item) { found.push_back(item); });
  std::sort(found.begin(), found.end());
  CHECK(found == std::vector<std::uint32_t>{10, 11, 12});
}

TEST_CASE("A frustum keeps what a camera may see and drops what lies wholly outside it", "[render][frustum]") {
  // Looking down -Z from the origin, 90 degrees, near 0.1, far 100.
  const glm::mat4 projection = glm::perspective(glm::radians(90.0f), 1.0f, 0.1f, 100.0f);
  const cairn::render::Frustum frustum(projection * glm::mat4(1.0f));
  CHECK(frustum.MayContainSphere({0, 0, -10}, 1.0f));
  CHECK(frustum.MayContainSphere({0, 0, 1.5f}, 2.0f));   // behind, but reaching in front
  CHECK_FALSE(frustum.MayContainSphere({0, 0, 5}, 1.0f));  // behind the camera
  CHECK_FALSE(frustum.MayContainSphere({0, 0, -200}, 1.0f));  // beyond the far plane
  CHECK_FALSE(frustum.MayContainSphere({30, 0, -10}, 1.0f));  // far to the right
  CHECK(frustum.MayContainSphere({10.5f, 0, -10}, 1.0f));     // straddling the right plane
  CHECK(frustum.MayContainBox(Aabb{{-1, -1, -11}, {1, 1, -9}}));
  CHECK_FALSE(frustum.MayContainBox(Aabb{{29, -1, -11}, {31, 1, -9}}));
  // An orthographic camera 20 wide and high.
  const cairn::render::Frustum ortho(glm::ortho(-10.0f, 10.0f, -10.0f, 10.0f, 0.1f, 100.0f));
  CHECK(ortho.MayContainSphere({9, 9, -50}, 0.5f));
  CHECK_FALSE(ortho.MayContainSphere({12, 0, -50}, 0.5f));

  const auto sphere = cairn::render::WorldSphere(Aabb{{-0.5f, -0.5f, -0.5f}, {0.5f, 0.5f, 0.5f}},
                                                 glm::scale(glm::translate(glm::mat4(1.0f), {1, 2, 3}), {1, 4, 2}));
  CHECK(sphere.centre == glm::vec3(1, 2, 3));
  CHECK(sphere.radius == Approx(4.0f * std::sqrt(3.0f) / 2.0f));
}
