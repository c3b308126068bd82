#pragma once
// The Hierarchy panel's rows, flattened for a virtualised list: the panel
// draws only the rows on screen, so a 100,000-entity scene costs one pass
// here per change, not per frame of drawing.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "cairn/ecs/entity.h"
#include "cairn/ecs/fwd.h"
#include "cairn/serialization/prefab.h"
#include "cairn/serialization/prefab_diff.h"

namespace cairn::editor {

struct HierarchyRow {
  ecs::Entity entity;
  ecs::EntityId id;
  std::uint32_t depth = 0;    // 0 for roots
  bool has_children = false;  // the entity has children in the world (draw an arrow)
  bool expanded = false;      // its children are among the rows
  bool matches = true;        // false for an ancestor shown only because a descendant matches

  friend bool operator==(const HierarchyRow&, const HierarchyRow&) = default;
};

// The search box: whitespace-separated terms that must all hold. "t:Light"
// requires a component (by registered name); any other term is a substring of
// the entity's name. Both ignore ASCII case. An empty filter matches
// everything; a component name no component has matches nothing.
class HierarchyFilter {
 public:
  HierarchyFilter() = default;
  static HierarchyFilter Parse(std::string_view text);

  bool Empty() const { return name_terms_.empty() && component_terms_.empty(); }
  bool Matches(const ecs::Coordinator& world, ecs::Entity entity) const;

  const std::vector<std::string>& NameTerms() const { return name_terms_; }            // lower case
  const std::vector<std::string>& ComponentTerms() const { return component_terms_; }  // as typed

 private:
  std::vector<std::string> name_terms_;
  std::vector<std::string> component_terms_;
};

// The visible rows in display order (depth-first, siblings in order).
// Without a filter: the roots, and the children of every expanded entity
// whose row is shown; cost proportional to the rows produced. With a filter:
// the matching entities plus all their ancestors (marked matches = false),
// expanded regardless of `expanded` so every match is shown; one pass over
// the world.
std::vector<HierarchyRow> FlattenHierarchy(const ecs::Coordinator& world,
                                           const std::unordered_set<ecs::EntityId>& expanded,
                                           const HierarchyFilter& filter = {});

// The ids of the rows, for Selection::SelectRange.
std::vector<ecs::EntityId> RowIds(const std::vector<HierarchyRow>& rows);

// Adds every ancestor of the entity to `expanded`, so its row is shown (after
// selecting it in the viewport). Returns whether anything was added.
bool ExpandToReveal(const ecs::Coordinator& world, ecs::EntityId id, std::unordered_set<ecs::EntityId>& expanded);

// How the Hierarchy marks the row of an entity of a prefab instance: the
// instance it belongs to (the row is drawn in the prefab colour) and what it
// changes in its prefab entity, a dot after its name when anything does.
// That is serialization::DiffMember: exactly what saving writes as the
// entity's overrides, a move within the instance and a new position among
// its siblings included.
struct InstanceRowMark {
  serialization::InstanceMember member;
  serialization::MemberOverrides overrides;

  bool Overridden() const { return !overrides.Empty(); }
};

// nullopt for a plain entity, and for one whose prefab cannot be loaded.
std::optional<InstanceRowMark> MarkInstanceRow(const ecs::Coordinator& world, serialization::PrefabLibrary& library,
                                               ecs::Entity entity);

// What the dot stands for, for the row's tooltip: "name", "parent",
// "order", then each component by name ("Light.intensity", "Rotator added",
// "Transform removed").
std::vector<std::string> DescribeOverrides(const ecs::Coordinator& world,
                                           const serialization::MemberOverrides& overrides);

}  // namespace cairn::editor
