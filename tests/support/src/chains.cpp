#include "cairn/test/chains.h"

#include <algorithm>
#include <stdexcept>
#include <unordered_set>

#include "cairn/ecs/components/name.h"
#include "cairn/ecs/components/transform.h"

namespace cairn::test {

std::vector<ecs::EntityId> CreateChain(ecs::Coordinator& world, std::size_t length, ecs::EntityId parent) {
  std::vector<ecs::EntityId> ids;
  ids.reserve(length);
  ecs::Entity above = parent ? world.GetEntity(parent) : ecs::kNullEntity;
  for (std::size_t level = 0; level < length; ++level) {
    const ecs::Entity entity = world.CreateEntity();
    world.AddComponent<ecs::Name>(entity, ecs::Name{"Link " + std::to_string(level)});
    world.AddComponent<ecs::Transform>(entity);
    if (!above.IsNull()) world.SetParent(entity, above);
    ids.push_back(world.GetEntityId(entity));
    above = entity;
  }
  return ids;
}

std::vector<ChainLink> ReadChain(const ecs::Coordinator& world, ecs::EntityId top) {
  const ecs::Entity first = world.FindEntity(top);
  if (first.IsNull()) throw std::runtime_error("cannot read the chain from " + ecs::ToHex(top) + ": no such entity");
  std::vector<ChainLink> chain;
  for (ecs::Entity entity = first; !entity.IsNull(); entity = world.FirstChild(entity)) {
    const ecs::Entity parent = world.GetParent(entity);
    const ecs::Name* name = world.TryGetComponent<ecs::Name>(entity);
    chain.push_back({world.GetEntityId(entity), parent.IsNull() ? ecs::kNoEntityId : world.GetEntityId(parent),
                     world.SiblingIndex(entity), world.ChildCount(entity), name != nullptr ? name->value : ""});
  }
  return chain;
}

std::size_t FirstDifference(const std::vector<ChainLink>& a, const std::vector<ChainLink>& b) {
  const std::size_t common = std::min(a.size(), b.size());
  std::size_t index = 0;
  while (index < common && a[index] == b[index]) ++index;
  return index;
}

std::size_t FirstLevelNotCopied(const std::vector<ChainLink>& original, const std::vector<ChainLink>& copy) {
  const std::size_t common = std::min(original.size(), copy.size());
  if (common == 0 || original[0].children != copy[0].children) return 0;
  std::size_t level = 1;
  while (level < common && copy[level].name == original[level].name &&
         copy[level].position == original[level].position && copy[level].children == original[level].children &&
         copy[level].parent == copy[level - 1].id) {
    ++level;
  }
  return level;
}

std::size_t SharedIds(const std::vector<ChainLink>& a, const std::vector<ChainLink>& b) {
  std::unordered_set<std::uint64_t> ids;
  for (const ChainLink& link : b) ids.insert(link.id.value);
  std::size_t shared = 0;
  for (const ChainLink& link : a) shared += ids.contains(link.id.value) ? 1 : 0;
  return shared;
}

}  // namespace cairn::test
