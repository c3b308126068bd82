#pragma once
// Chains of entities for the tests of deep hierarchies: one entity per level,
// each the only child of the one above it. Operations on a subtree must cost
// in proportion to its size, so a chain as deep as kDeepChainLength must be
// copied, destroyed and restored as quickly as a flat tree of that size, and
// without recursion (which would overflow the stack).

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "cairn/ecs/coordinator.h"

namespace cairn::test {

inline constexpr std::size_t kDeepChainLength = 100'000;

// Creates a chain `length` entities deep, last among the children of `parent`
// (kNoEntityId: last among the roots). Level i is named "Link <i>" and has a
// default Transform; Name and Transform must be registered. Returns the ids,
// the top's first.
std::vector<ecs::EntityId> CreateChain(ecs::Coordinator& world, std::size_t length,
                                       ecs::EntityId parent = ecs::kNoEntityId);

// One entity of a chain as ReadChain finds it.
struct ChainLink {
  ecs::EntityId id;
  ecs::EntityId parent;       // kNoEntityId: a root
  std::uint32_t position = 0;  // among its siblings
  std::uint32_t children = 0;
  std::string name;           // empty without a Name

  friend bool operator==(const ChainLink&, const ChainLink&) = default;
};

// The entity `top` and every entity below it through first children, down to
// a leaf, top first. Throws std::runtime_error when `top` does not exist.
std::vector<ChainLink> ReadChain(const ecs::Coordinator& world, ecs::EntityId top);

// The index of the first link where the two chains differ, or the length of
// the shorter one when it is the start of the other; so `FirstDifference(a,
// b) == a.size()` with equal sizes means equal chains, and a failure names
// the level.
std::size_t FirstDifference(const std::vector<ChainLink>& a, const std::vector<ChainLink>& b);

// The index of the first level of `copy` that is not a copy of the same level
// of `original` (same name, position and number of children, its parent the
// copy of the level above), or the length of the shorter chain. The tops are
// compared by their number of children only: where a copy is placed and how
// it is named is for the caller to check.
std::size_t FirstLevelNotCopied(const std::vector<ChainLink>& original, const std::vector<ChainLink>& copy);

// How many ids of `a` also appear in `b`.
std::size_t SharedIds(const std::vector<ChainLink>& a, const std::vector<ChainLink>& b);

}  // namespace cairn::test
