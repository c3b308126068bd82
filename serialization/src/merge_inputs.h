#pragma once
// The three inputs of a scene merge as the merge steps read them: each
// version's entities indexed by id, the component registry, and how a
// conflict names an entity. Internal to the library.

#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "cairn/ecs/coordinator.h"
#include "cairn/ecs/entity.h"
#include "cairn/serialization/document.h"
#include "cairn/serialization/scene_merge.h"

namespace cairn::serialization::detail {

// One version of the scene. Precondition: `document` is a valid scene of the
// current version (LoadSceneDocument accepted it) and outlives this object,
// which points into it.
class SceneVersion {
 public:
  explicit SceneVersion(const Document& document);
  // A version without entities (a merge without common ancestor).
  SceneVersion();

  // The entity object with this id, or nullptr.
  const Document* Find(ecs::EntityId id) const;
  bool Contains(ecs::EntityId id) const { return Find(id) != nullptr; }
  // Every id, in file order.
  const std::vector<ecs::EntityId>& Ids() const { return ids_; }
  // The "editor" object ({} when absent).
  const Document& Editor() const { return *editor_; }

 private:
  std::unordered_map<ecs::EntityId, const Document*> by_id_;
  std::vector<ecs::EntityId> ids_;
  const Document* editor_;
};

// Keys of a valid entity object.
ecs::EntityId ParentOf(const Document& entity);  // kNoEntityId for a root
std::uint64_t OrderOf(const Document& entity);
// The entity's "components" member, or nullptr when the key is missing.
const Document* ComponentOf(const Document& entity, const std::string& component);

// A value as a conflict shows it: compact JSON ("[1,0,0]", "\"Box\"",
// "null"), or its description ("an object") past 80 characters.
std::string ShowValue(const Document& value);

struct MergeInputs {
  const SceneVersion& base;
  const SceneVersion& ours;
  const SceneVersion& theirs;
  const ecs::Coordinator& registry;  // the component types the merge knows

  // "entity 3f2a9c0d41be7e10 (Crate)", named as in ours, else theirs, else
  // base (no parenthesis when unnamed), like Coordinator::DescribeEntity.
  std::string Describe(ecs::EntityId id) const;
  // A conflict of `id` about `subject`: "<Describe(id)>: <detail>".
  MergeConflict Conflict(ecs::EntityId id, std::string subject, const std::string& detail) const;
};

// The merged entities (by id, so output and conflicts are deterministic) and
// the conflicts found so far.
struct MergeWork {
  std::map<ecs::EntityId, Document> entities;
  std::vector<MergeConflict> conflicts;
  // Merged entities whose place among their siblings comes from theirs
  // (moved or reparented only there, or added there); the others keep
  // ours' place. See merge_sibling_order.h.
  std::unordered_set<ecs::EntityId> placed_by_theirs;
};

}  // namespace cairn::serialization::detail
