#include "cairn/render/aabb_tree.h"

#include <algorithm>
#include <utility>

#include <glm/common.hpp>

namespace cairn::render {

namespace {

Aabb Union(const Aabb& a, const Aabb& b) {
  Aabb box = a;
  box.Expand(b);
  return box;
}

float HalfArea(const Aabb& box) {
  const glm::vec3 size = box.Size();
  return size.x * size.y + size.y * size.z + size.z * size.x;
}

bool Contains(const Aabb& outer, const Aabb& inner) {
  return outer.min.x <= inner.min.x && outer.min.y <= inner.min.y && outer.min.z <= inner.min.z &&
         outer.max.x >= inner.max.x && outer.max.y >= inner.max.y && outer.max.z >= inner.max.z;
}

// A leaf's box: the item's, enlarged by a tenth of its size and a centimetre,
// so small moves keep it.
Aabb Enlarged(const Aabb& box) {
  const glm::vec3 margin = box.Size() * 0.1f + glm::vec3(0.01f);
  return Aabb{box.min - margin, box.max + margin};
}

}  // namespace

std::uint32_t AabbTree::Allocate() {
  if (!free_.empty()) {
    const std::uint32_t node = free_.back();
    free_.pop_back();
    nodes_[node] = Node{};
    return node;
  }
  nodes_.emplace_back();
  return static_cast<std::uint32_t>(nodes_.size() - 1);
}

void AabbTree::Free(std::uint32_t node) {
  nodes_[node] = Node{};
  free_.push_back(node);
}

std::uint32_t AabbTree::Insert(const Aabb& box, std::uint32_t item) {
  const std::uint32_t leaf = Allocate();
  nodes_[leaf].box = Enlarged(box);
  nodes_[leaf].item = item;
  InsertLeaf(leaf);
  ++leaves_;
  return leaf;
}

std::vector<std::uint32_t> AabbTree::Build(std::span<const Aabb> boxes) {
  Clear();
  std::vector<std::uint32_t> proxies;
  proxies.reserve(boxes.size());
  nodes_.reserve(boxes.size() * 2);
  for (std::size_t i = 0; i < boxes.size(); ++i) {
    const std::uint32_t leaf = Allocate();
    nodes_[leaf].box = Enlarged(boxes[i]);
    nodes_[leaf].item = static_cast<std::uint32_t>(i);
    proxies.push_back(leaf);
  }
  leaves_ = boxes.size();
  if (proxies.empty()) return proxies;
  std::vector<std::uint32_t> leaves = proxies;
  root_ = BuildInner(leaves);
  nodes_[root_].parent = kNone;
  return proxies;
}

void AabbTree::Remove(std::uint32_t proxy) {
  RemoveLeaf(proxy);
  Free(proxy);
  --leaves_;
}

bool AabbTree::Move(std::uint32_t proxy, const Aabb& box) {
  if (Contains(nodes_[proxy].box, box)) return false;
  RemoveLeaf(proxy);
  nodes_[proxy].box = Enlarged(box);
  InsertLeaf(proxy);
  return true;
}

void AabbTree::Clear() {
  nodes_.clear();
  free_.clear();
  root_ = kNone;
  leaves_ = 0;
}

void AabbTree::InsertLeaf(std::uint32_t leaf) {
  nodes_[leaf].parent = kNone;
  if (root_ == kNone) {
    root_ = leaf;
    return;
  }
  const Aabb box = nodes_[leaf].box;
  // Descend towards the child whose box the new one grows least.
  std::uint32_t sibling = root_;
  while (!nodes_[sibling].IsLeaf()) {
    const Node& node = nodes_[sibling];
    const float grown_left = HalfArea(Union(nodes_[node.left].box, box)) - HalfArea(nodes_[node.left].box);
    const float grown_right = HalfArea(Union(nodes_[node.right].box, box)) - HalfArea(nodes_[node.right].box);
    sibling = grown_left <= grown_right ? node.left : node.right;
  }
  const std::uint32_t old_parent = nodes_[sibling].parent;
  const std::uint32_t parent = Allocate();
  nodes_[parent].parent = old_parent;
  SetChildren(parent, sibling, leaf);
  if (old_parent == kNone) {
    root_ = parent;
  } else if (nodes_[old_parent].left == sibling) {
    nodes_[old_parent].left = parent;
  } else {
    nodes_[old_parent].right = parent;
  }
  Refit(parent);
}

void AabbTree::RemoveLeaf(std::uint32_t leaf) {
  if (leaf == root_) {
    root_ = kNone;
    return;
  }
  const std::uint32_t parent = nodes_[leaf].parent;
  const std::uint32_t grandparent = nodes_[parent].parent;
  const std::uint32_t sibling = nodes_[parent].left == leaf ? nodes_[parent].right : nodes_[parent].left;
  nodes_[sibling].parent = grandparent;
  if (grandparent == kNone) {
    root_ = sibling;
  } else {
    if (nodes_[grandparent].left == parent) {
      nodes_[grandparent].left = sibling;
    } else {
      nodes_[grandparent].right = sibling;
    }
    Refit(grandparent);
  }
  Free(parent);
  nodes_[leaf].parent = kNone;
}

void AabbTree::SetChildren(std::uint32_t node, std::uint32_t left, std::uint32_t right) {
  Node& inner = nodes_[node];
  inner.left = left;
  inner.right = right;
  nodes_[left].parent = node;
  nodes_[right].parent = node;
  inner.box = Union(nodes_[left].box, nodes_[right].box);
  inner.height = 1 + std::max(nodes_[left].height, nodes_[right].height);
}

// From `node` up to the root: each node balanced, then its box and height
// recomputed from its children.
void AabbTree::Refit(std::uint32_t node) {
  for (; node != kNone; node = nodes_[node].parent) {
    node = Balance(node);
    SetChildren(node, nodes_[node].left, nodes_[node].right);
  }
}

// When one child of `node` is two or more levels taller than the other, the
// taller child takes node's place, node keeps the shorter child and the
// taller child's shorter subtree, and the taller child keeps its taller
// subtree. Returns the node now in node's place.
std::uint32_t AabbTree::Balance(std::uint32_t node) {
  const Node& a = nodes_[node];
  if (a.IsLeaf() || a.height < 2) return node;
  const std::uint32_t left = a.left;
  const std::uint32_t right = a.right;
  const int balance = static_cast<int>(nodes_[right].height) - static_cast<int>(nodes_[left].height);
  if (balance >= -1 && balance <= 1) return node;
  const bool right_taller = balance > 1;
  const std::uint32_t up = right_taller ? right : left;  // rises into node's place
  const std::uint32_t stays = right_taller ? left : right;
  const std::uint32_t up_left = nodes_[up].left;
  const std::uint32_t up_right = nodes_[up].right;
  const bool left_taller_inside = nodes_[up_left].height > nodes_[up_right].height;
  const std::uint32_t kept = left_taller_inside ? up_left : up_right;   // stays under `up`
  const std::uint32_t given = left_taller_inside ? up_right : up_left;  // moves under `node`

  const std::uint32_t parent = nodes_[node].parent;
  nodes_[up].parent = parent;
  if (parent == kNone) {
    root_ = up;
  } else if (nodes_[parent].left == node) {
    nodes_[parent].left = up;
  } else {
    nodes_[parent].right = up;
  }
  if (right_taller) {
    SetChildren(node, stays, given);
  } else {
    SetChildren(node, given, stays);
  }
  SetChildren(up, node, kept);
  return up;
}

std::uint32_t AabbTree::BuildInner(std::span<std::uint32_t> leaves) {
  if (leaves.size() == 1) return leaves.front();
  Aabb centres;
  for (const std::uint32_t leaf : leaves) centres.Expand(nodes_[leaf].box.Center());
  const glm::vec3 extent = centres.Size();
  const int axis = extent.x >= extent.y && extent.x >= extent.z ? 0 : (extent.y >= extent.z ? 1 : 2);
  const std::size_t half = leaves.size() / 2;
  std::nth_element(leaves.begin(), leaves.begin() + static_cast<std::ptrdiff_t>(half), leaves.end(),
                   [&](std::uint32_t a, std::uint32_t b) {
                     return nodes_[a].box.Center()[axis] < nodes_[b].box.Center()[axis];
                   });
  const std::uint32_t left = BuildInner(leaves.first(half));
  const std::uint32_t right = BuildInner(leaves.subspan(half));
  const std::uint32_t node = Allocate();
  SetChildren(node, left, right);
  return node;
}

}  // namespace cairn::render
