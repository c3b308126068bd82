#include "cairn/render/triangle_bvh.h"

#include <algorithm>
#include <array>
#include <numeric>

#include <glm/geometric.hpp>

#include "cairn/render/mesh_asset.h"

namespace cairn::render {

namespace {

constexpr std::uint32_t kLeafTriangles = 4;

glm::vec3 InverseDirection(const glm::vec3& direction) {
  return {1.0f / direction.x, 1.0f / direction.y, 1.0f / direction.z};
}

}  // namespace

TriangleBvh::TriangleBvh(const MeshAsset& mesh) {
  for (const MeshPart& part : mesh.parts) Add(part.data);
  Build();
}

TriangleBvh::TriangleBvh(const MeshData& mesh) {
  Add(mesh);
  Build();
}

void TriangleBvh::Add(const MeshData& data) {
  triangles_.reserve(triangles_.size() + data.TriangleCount());
  for (std::size_t i = 0; i + 2 < data.indices.size(); i += 3) {
    Triangle triangle;
    bool inside = true;
    for (std::size_t k = 0; k < 3; ++k) {
      const std::uint32_t index = data.indices[i + k];
      if (index >= data.vertices.size()) {
        inside = false;
        break;
      }
      triangle.corner[k] = data.vertices[index].position;
    }
    if (inside) triangles_.push_back(triangle);
  }
}

void TriangleBvh::Build() {
  nodes_.clear();
  if (triangles_.empty()) return;
  std::vector<glm::vec3> centroids(triangles_.size());
  for (std::size_t i = 0; i < triangles_.size(); ++i) {
    centroids[i] = (triangles_[i].corner[0] + triangles_[i].corner[1] + triangles_[i].corner[2]) / 3.0f;
  }
  nodes_.reserve(2 * triangles_.size() / kLeafTriangles + 1);
  nodes_.emplace_back();
  Fill(0, 0, static_cast<std::uint32_t>(triangles_.size()), centroids);
}

// Splits at the median centroid along the widest axis of the centroids'
// box; children are allocated as a pair so the right one is left + 1.
void TriangleBvh::Fill(std::uint32_t index, std::uint32_t first, std::uint32_t count,
                       std::vector<glm::vec3>& centroids) {
  Aabb box;
  Aabb centres;
  for (std::uint32_t i = first; i < first + count; ++i) {
    for (const glm::vec3& corner : triangles_[i].corner) box.Expand(corner);
    centres.Expand(centroids[i]);
  }
  nodes_[index].box = box;
  const glm::vec3 extent = centres.Size();
  if (count <= kLeafTriangles || (extent.x <= 0.0f && extent.y <= 0.0f && extent.z <= 0.0f)) {
    nodes_[index].first = first;
    nodes_[index].count = count;
    return;
  }
  const int axis = extent.x >= extent.y && extent.x >= extent.z ? 0 : (extent.y >= extent.z ? 1 : 2);
  // Sort a permutation, then apply it to triangles and centroids together.
  std::vector<std::uint32_t> order(count);
  std::iota(order.begin(), order.end(), first);
  const std::uint32_t half = count / 2;
  std::nth_element(order.begin(), order.begin() + half, order.end(),
                   [&](std::uint32_t a, std::uint32_t b) { return centroids[a][axis] < centroids[b][axis]; });
  std::vector<Triangle> triangles(count);
  std::vector<glm::vec3> sorted_centroids(count);
  for (std::uint32_t i = 0; i < count; ++i) {
    triangles[i] = triangles_[order[i]];
    sorted_centroids[i] = centroids[order[i]];
  }
  std::copy(triangles.begin(), triangles.end(), triangles_.begin() + first);
  std::copy(sorted_centroids.begin(), sorted_centroids.end(), centroids.begin() + first);

  const std::uint32_t left = static_cast<std::uint32_t>(nodes_.size());
  nodes_.emplace_back();
  nodes_.emplace_back();
  nodes_[index].first = left;
  nodes_[index].count = 0;
  Fill(left, first, half, centroids);
  Fill(left + 1, first + half, count - half, centroids);
}

std::optional<TriangleHit> TriangleBvh::Raycast(const Ray& ray, float max_t) const {
  if (nodes_.empty()) return std::nullopt;
  const glm::vec3 inverse = InverseDirection(ray.direction);
  std::optional<TriangleHit> best;
  std::array<std::uint32_t, 64> stack{};
  std::size_t size = 0;
  if (!EnterBox(ray.origin, inverse, nodes_[0].box, max_t)) return std::nullopt;
  stack[size++] = 0;
  while (size > 0) {
    const Node& node = nodes_[stack[--size]];
    if (node.count > 0) {
      for (std::uint32_t i = node.first; i < node.first + node.count; ++i) {
        const Triangle& triangle = triangles_[i];
        if (auto hit = RaycastTriangle(ray, triangle.corner[0], triangle.corner[1], triangle.corner[2], max_t)) {
          max_t = hit->t;
          best = TriangleHit{*hit, i};
        }
      }
      continue;
    }
    // Visit the nearer child first so that its hit prunes the other.
    const std::optional<float> left = EnterBox(ray.origin, inverse, nodes_[node.first].box, max_t);
    const std::optional<float> right = EnterBox(ray.origin, inverse, nodes_[node.first + 1].box, max_t);
    if (left && right) {
      const bool left_first = *left <= *right;
      stack[size++] = left_first ? node.first + 1 : node.first;
      stack[size++] = left_first ? node.first : node.first + 1;
    } else if (left) {
      stack[size++] = node.first;
    } else if (right) {
      stack[size++] = node.first + 1;
    }
  }
  return best;
}

glm::vec3 TriangleBvh::NearestCorner(std::uint32_t triangle, const glm::vec3& point) const {
  const Triangle& corners = triangles_.at(triangle);
  glm::vec3 nearest = corners.corner[0];
  for (const glm::vec3& corner : corners.corner) {
    if (glm::distance(corner, point) < glm::distance(nearest, point)) nearest = corner;
  }
  return nearest;
}

std::size_t TriangleBvh::Depth() const {
  if (nodes_.empty()) return 0;
  std::size_t deepest = 0;
  std::vector<std::pair<std::uint32_t, std::size_t>> stack{{0u, 1u}};
  while (!stack.empty()) {
    const auto [index, depth] = stack.back();
    stack.pop_back();
    deepest = std::max(deepest, depth);
    if (nodes_[index].count == 0) {
      stack.emplace_back(nodes_[index].first, depth + 1);
      stack.emplace_back(nodes_[index].first + 1, depth + 1);
    }
  }
  return deepest;
}

}  // namespace cairn::render
