#include "cairn/editor/subtree_copy.h"

#include <unordered_map>
#include <unordered_set>

#include "cairn/ecs/coordinator.h"
#include "cairn/ecs/sparse_set.h"
#include "cairn/serialization/prefab.h"

namespace cairn::editor {

namespace {

const serialization::PrefabInstance* MarkerOf(const ecs::EntityRecord& record) {
  for (const ecs::ComponentValue& value : record.components) {
    if (value.Name() == serialization::kPrefabInstanceName) return &value.As<serialization::PrefabInstance>();
  }
  return nullptr;
}

// The ids the entities of copied instances take: derived from their copied
// root's fresh id. An entity belongs to the outermost copied instance whose
// prefab has it (the walk down keeps, per record, the instance roots above).
void DeriveInstanceIds(const std::vector<ecs::EntityRecord>& records, serialization::PrefabLibrary& prefabs,
                       const ecs::Coordinator& world, std::unordered_set<ecs::EntityId>& fresh,
                       std::unordered_map<ecs::EntityId, ecs::EntityId>& remap) {
  struct Root {
    ecs::EntityId old_id;
    std::shared_ptr<const serialization::Prefab> prefab;
  };
  std::unordered_map<ecs::EntityId, std::size_t> index_of;
  std::vector<std::vector<std::size_t>> roots_above(records.size());  // into `roots`, outermost first
  std::vector<Root> roots;
  for (std::size_t i = 0; i < records.size(); ++i) {
    const ecs::EntityRecord& record = records[i];
    index_of.emplace(record.id, i);
    if (i != 0) {
      if (const auto parent = index_of.find(record.parent); parent != index_of.end()) {
        roots_above[i] = roots_above[parent->second];
      }
    }
    if (const serialization::PrefabInstance* marker = MarkerOf(record)) {
      serialization::PrefabLookup lookup = prefabs.Get(marker->prefab);
      if (lookup.prefab != nullptr) {
        roots_above[i].push_back(roots.size());
        roots.push_back({record.id, std::move(lookup.prefab)});
      }
    }
    for (std::size_t root_index : roots_above[i]) {
      const Root& root = roots[root_index];
      const ecs::EntityId source = serialization::PrefabEntityId(root.old_id, root.prefab->root_id, record.id);
      if (root.prefab->Find(source).IsNull()) continue;
      const ecs::EntityId id =
          serialization::InstanceEntityId(remap.at(root.old_id), root.prefab->root_id, source);
      if (id != remap.at(record.id) && (fresh.contains(id) || !world.FindEntity(id).IsNull())) break;  // (never in practice)
      fresh.erase(remap.at(record.id));
      fresh.insert(id);
      remap[record.id] = id;
      break;
    }
  }
}

}  // namespace

std::unordered_map<ecs::EntityId, ecs::EntityId> GiveFreshIds(SubtreeRecords& subtrees, ecs::Coordinator& world,
                                                              OutsideReferences outside,
                                                              serialization::PrefabLibrary* prefabs) {
  std::unordered_map<ecs::EntityId, ecs::EntityId> remap;
  std::unordered_set<ecs::EntityId> fresh;
  for (const auto& records : subtrees) {
    for (const ecs::EntityRecord& record : records) {
      ecs::EntityId id = world.GenerateEntityId();
      // The generator avoids live ids; ids handed out here are not live yet.
      while (fresh.contains(id) || remap.contains(id)) id = world.GenerateEntityId();
      fresh.insert(id);
      remap.emplace(record.id, id);
    }
  }
  if (prefabs != nullptr) {
    for (const auto& records : subtrees) DeriveInstanceIds(records, *prefabs, world, fresh, remap);
  }
  for (auto& records : subtrees) {
    for (std::size_t i = 0; i < records.size(); ++i) {
      ecs::EntityRecord& record = records[i];
      record.id = remap.at(record.id);
      if (i != 0) record.parent = remap.at(record.parent);
      for (ecs::ComponentValue& value : record.components) {
        ForEachEntityReference(value, [&](ecs::EntityId& reference) {
          if (!reference) return;
          if (const auto copy = remap.find(reference); copy != remap.end()) {
            reference = copy->second;
          } else if (outside == OutsideReferences::kClearMissing && world.FindEntity(reference).IsNull()) {
            reference = ecs::kNoEntityId;
          }
        });
      }
    }
  }
  return remap;
}

std::vector<ecs::Entity> RootMostEntities(const ecs::Coordinator& world, std::span<const ecs::EntityId> ids) {
  // Sets keyed by entity slot, not hashed by id: a selection of a million
  // entities is then a few paged arrays filled in order, not a million
  // allocated hash nodes.
  ecs::SparseSet listed;
  for (ecs::EntityId id : ids) {
    const ecs::Entity entity = world.FindEntity(id);
    if (!entity.IsNull()) listed.TryInsert(entity);
  }
  // For each unlisted entity a walk up has passed: whether a listed entity is
  // above it (by its slot in `walked`). A walk stops at the first entity it
  // knows, so all walks together pass each entity once: linear, however deep
  // the listed entities are and however many share their ancestors.
  ecs::SparseSet walked;
  std::vector<bool> listed_above;
  std::vector<ecs::Entity> passed;
  std::vector<ecs::Entity> roots;
  ecs::SparseSet taken;
  for (ecs::EntityId id : ids) {
    const ecs::Entity entity = world.FindEntity(id);
    if (entity.IsNull() || !taken.TryInsert(entity)) continue;
    bool covered = false;
    passed.clear();
    world.ForEachAncestorWhile(entity, [&](ecs::Entity up) {
      if (listed.Contains(up)) {
        covered = true;
        return false;
      }
      if (const std::uint32_t known = walked.SlotOfLive(up); known != ecs::SparseSet::kNoSlot) {
        covered = listed_above[known];
        return false;
      }
      passed.push_back(up);
      return true;
    });
    for (ecs::Entity up : passed) {
      walked.Insert(up);
      listed_above.push_back(covered);
    }
    if (!covered) roots.push_back(entity);
  }
  return roots;
}

}  // namespace cairn::editor
