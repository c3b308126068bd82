#pragma once
// A dynamic bounding volume hierarchy of boxes, each carrying a caller's
// item (an entity slot): the scene side of surface queries. Leaves keep a
// box enlarged by a margin, so an instance that moves a little stays in its
// leaf and costs nothing; one that leaves it is removed and inserted again
// (O(log n)). Inserting descends towards the sibling whose box grows least,
// and rotations on the way back up keep every node's two subtrees within one
// level of each other (as an AVL tree does), so the height stays O(log n)
// whatever order boxes arrive in. Build makes a whole tree at once, top-down.
//
// Proxies (the numbers Insert and Build return) stay valid until Remove,
// whatever is inserted or moved meanwhile.

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include <glm/vec3.hpp>

#include "cairn/render/bounds.h"
#include "cairn/render/ray.h"
#include "cairn/render/surface_raycast.h"

namespace cairn::render {

class AabbTree {
 public:
  static constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

  // A leaf for `box` (not empty) carrying `item`.
  std::uint32_t Insert(const Aabb& box, std::uint32_t item);
  void Remove(std::uint32_t proxy);
  // Replaces the whole tree by one holding `boxes` (none empty), with items
  // 0, 1, ...; returns their proxies in the same order.
  std::vector<std::uint32_t> Build(std::span<const Aabb> boxes);
  // The leaf now holds `box`. True when it had to be moved in the tree (the
  // box left the leaf's enlarged one), false when the leaf's box still holds it.
  bool Move(std::uint32_t proxy, const Aabb& box);
  void Clear();

  // Calls visit(item, entry_t) for each leaf whose box the ray enters within
  // [0, max_t], nearer boxes usually first; `visit` returns the new max_t (its
  // hit's t to prune farther boxes, or the max_t it was given).
  template <typename Visit>
  void Raycast(const Ray& ray, float max_t, Visit&& visit) const;

  // Calls visit(item) for each leaf whose box overlaps `box`.
  template <typename Visit>
  void Query(const Aabb& box, Visit&& visit) const;

  void SetItem(std::uint32_t proxy, std::uint32_t item) { nodes_[proxy].item = item; }
  [[nodiscard]] std::uint32_t ItemOf(std::uint32_t proxy) const { return nodes_[proxy].item; }
  [[nodiscard]] std::size_t Size() const { return leaves_; }
  // Nodes from the root to the deepest leaf (0 when empty).
  [[nodiscard]] std::size_t Height() const { return root_ == kNone ? 0 : nodes_[root_].height + 1; }

 private:
  struct Node {
    Aabb box;
    std::uint32_t parent = kNone;
    std::uint32_t left = kNone;  // kNone for a leaf
    std::uint32_t right = kNone;
    std::uint32_t item = 0;
    std::uint32_t height = 0;  // 0 for a leaf
    bool IsLeaf() const { return left == kNone; }
  };
  // Deeper than any balanced tree of 2^32 leaves (height < 1.45 log2(n) + 2).
  static constexpr std::size_t kStackDepth = 128;

  std::uint32_t Allocate();
  void Free(std::uint32_t node);
  void InsertLeaf(std::uint32_t leaf);
  void RemoveLeaf(std::uint32_t leaf);
  void Refit(std::uint32_t node);
  std::uint32_t Balance(std::uint32_t node);
  void SetChildren(std::uint32_t node, std::uint32_t left, std::uint32_t right);
  std::uint32_t BuildInner(std::span<std::uint32_t> leaves);

  std::vector<Node> nodes_;
  std::vector<std::uint32_t> free_;
  std::uint32_t root_ = kNone;
  std::size_t leaves_ = 0;
};

template <typename Visit>
void AabbTree::Raycast(const Ray& ray, float max_t, Visit&& visit) const {
  if (root_ == kNone) return;
  const glm::vec3 inverse{1.0f / ray.direction.x, 1.0f / ray.direction.y, 1.0f / ray.direction.z};
  std::array<std::uint32_t, kStackDepth> stack{};
  std::size_t size = 0;
  stack[size++] = root_;
  while (size > 0) {
    const Node& node = nodes_[stack[--size]];
    const std::optional<float> entry = EnterBox(ray.origin, inverse, node.box, max_t);
    if (!entry) continue;
    if (node.IsLeaf()) {
      max_t = visit(node.item, *entry);
      continue;
    }
    // The farther child goes on the stack first.
    const std::optional<float> left = EnterBox(ray.origin, inverse, nodes_[node.left].box, max_t);
    const std::optional<float> right = EnterBox(ray.origin, inverse, nodes_[node.right].box, max_t);
    if (left && right) {
      const bool left_first = *left <= *right;
      stack[size++] = left_first ? node.right : node.left;
      stack[size++] = left_first ? node.left : node.right;
    } else if (left) {
      stack[size++] = node.left;
    } else if (right) {
      stack[size++] = node.right;
    }
  }
}

template <typename Visit>
void AabbTree::Query(const Aabb& box, Visit&& visit) const {
  if (root_ == kNone) return;
  const auto overlaps = [&](const Aabb& other) {
    return other.min.x <= box.max.x && other.max.x >= box.min.x && other.min.y <= box.max.y &&
           other.max.y >= box.min.y && other.min.z <= box.max.z && other.max.z >= box.min.z;
  };
  std::array<std::uint32_t, kStackDepth> stack{};
  std::size_t size = 0;
  stack[size++] = root_;
  while (size > 0) {
    const Node& node = nodes_[stack[--size]];
    if (!overlaps(node.box)) continue;
    if (node.IsLeaf()) {
      visit(node.item);
      continue;
    }
    stack[size++] = node.left;
    stack[size++] = node.right;
  }
}

}  // namespace cairn::render
