#pragma once
// Three-way merge of scene files (docs/merge.md): BASE is the common
// ancestor, OURS and THEIRS two descendants. Entities are matched by id and
// merged key by key (name, parent, order) and component by component;
// registered components merge field by field, components this build does not
// know merge as opaque values. Disjoint edits, and entities added on either
// side, merge cleanly. A conflict is a field both sides changed to different
// values, a component one side removed and the other changed, an entity one
// side deleted and the other changed, or a combination the scene format
// forbids (a parent cycle, a parent or referenced entity the other side
// deleted). The merged scene then keeps OURS for everything in conflict.
//
// Prefab instances are matched by id too: their prefab, parent and order
// merge like an entity's keys, their overrides per prefab entity, key by key
// and field by field, and their removed entities as a set; the entities an
// instance makes take part in the hierarchy like any other (a scene entity
// may be their child).
//
// The merged text is what the scene writer produces for the merged document,
// so it is valid and canonical: merging the same inputs twice gives the same
// bytes. MergeScenes never throws except std::bad_alloc.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cairn/ecs/entity.h"
#include "cairn/serialization/diagnostic.h"
#include "cairn/serialization/scene_loader.h"

namespace cairn::serialization {

enum class MergeInput { kBase, kOurs, kTheirs };

// "base", "ours" or "theirs".
std::string_view MergeInputName(MergeInput input);

struct MergeConflict {
  // The entity or prefab instance in conflict; kNoEntityId for a problem of
  // the whole scene.
  ecs::EntityId entity;
  // What is in conflict: "Transform.position", "Light" (a whole component),
  // "name", "parent", "order", or "" (the entity itself, or the scene). For
  // an instance also "prefab", "overrides <prefab entity id> <subject>"
  // ("overrides 1000000000000002 Light.intensity") and "removed_entities
  // <prefab entity id>".
  std::string subject;
  // "entity 3f2a9c0d41be7e10 (Crate): Transform.position changed to [1,0,0]
  // in ours and [2,0,0] in theirs" — the entity as Coordinator::DescribeEntity
  // names it ("instance a000000000000001 (Lamp)" for an instance), then what
  // each side did.
  std::string message;

  // "conflict: " + message
  std::string ToString() const;

  friend bool operator==(const MergeConflict&, const MergeConflict&) = default;
};

struct MergeInputError {
  MergeInput input = MergeInput::kBase;
  Diagnostic diagnostic;  // always an error

  friend bool operator==(const MergeInputError&, const MergeInputError&) = default;
};

struct SceneMergeResult {
  // The merged scene as canonical text; nullopt exactly when an input could
  // not be loaded (input_errors then says why).
  std::optional<std::string> text;
  // Sorted by entity id; the conflicts of one entity in the order found.
  std::vector<MergeConflict> conflicts;
  std::vector<MergeInputError> input_errors;

  bool Clean() const { return text.has_value() && conflicts.empty(); }
};

// Each input must be a valid scene file of any supported version (older
// versions are migrated first). An empty or all-whitespace BASE stands for a
// scene without entities, which is what git passes when both branches added
// the file. `options` gives the component registry and the loader's bounds,
// and where prefabs are found (LoadOptions::prefabs, else asset_folder):
// without either, an input with instances is an input error.
SceneMergeResult MergeScenes(std::string_view base, std::string_view ours, std::string_view theirs,
                             const LoadOptions& options = {});

}  // namespace cairn::serialization
