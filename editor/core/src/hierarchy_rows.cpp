#include "cairn/editor/hierarchy_rows.h"

#include <algorithm>
#include <cctype>

#include "cairn/ecs/components/name.h"
#include "cairn/ecs/coordinator.h"

namespace cairn::editor {

namespace {

// ASCII case folding: locale-independent, so a filter means the same everywhere.
char Lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

std::string ToLower(std::string_view text) {
  std::string lower(text);
  std::transform(lower.begin(), lower.end(), lower.begin(), Lower);
  return lower;
}

// `needle` is already lower case.
bool ContainsIgnoringCase(std::string_view haystack, std::string_view needle) {
  if (needle.empty()) return true;
  return std::search(haystack.begin(), haystack.end(), needle.begin(), needle.end(),
                     [](char a, char b) { return Lower(a) == b; }) != haystack.end();
}

bool EqualIgnoringCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return Lower(x) == Lower(y); });
}

struct DfsItem {
  ecs::Entity entity;
  std::uint32_t depth;
};

}  // namespace

// ---- Filter ------------------------------------------------------------------

HierarchyFilter HierarchyFilter::Parse(std::string_view text) {
  HierarchyFilter filter;
  std::size_t start = 0;
  while (start < text.size()) {
    if (std::isspace(static_cast<unsigned char>(text[start]))) {
      ++start;
      continue;
    }
    std::size_t end = start;
    while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end]))) ++end;
    const std::string_view term = text.substr(start, end - start);
    if (term.size() > 2 && (term[0] == 't' || term[0] == 'T') && term[1] == ':') {
      filter.component_terms_.emplace_back(term.substr(2));
    } else {
      filter.name_terms_.push_back(ToLower(term));
    }
    start = end;
  }
  return filter;
}

namespace {

// A filter resolved against one world: component terms become a signature,
// so matching an entity is a bitset test plus the name comparison.
struct ResolvedFilter {
  bool impossible = false;  // a component term names no registered component
  ecs::Signature required;
  const std::vector<std::string>* name_terms = nullptr;

  bool Matches(const ecs::Coordinator& world, ecs::Entity entity) const {
    if (impossible || !world.GetSignature(entity).Contains(required)) return false;
    if (name_terms->empty()) return true;
    const ecs::Name* name = world.IsRegistered<ecs::Name>() ? world.TryGetComponent<ecs::Name>(entity) : nullptr;
    const std::string_view text = name != nullptr ? std::string_view(name->value) : std::string_view();
    return std::all_of(name_terms->begin(), name_terms->end(),
                       [&](const std::string& term) { return ContainsIgnoringCase(text, term); });
  }
};

ResolvedFilter Resolve(const HierarchyFilter& filter, const ecs::Coordinator& world) {
  ResolvedFilter resolved;
  resolved.name_terms = &filter.NameTerms();
  for (const std::string& component : filter.ComponentTerms()) {
    bool found = false;
    for (std::size_t type = 0; type < world.ComponentTypeCount() && !found; ++type) {
      const ecs::ComponentInfo& info = world.GetComponentInfo(static_cast<ecs::ComponentType>(type));
      if (EqualIgnoringCase(info.name, component)) {
        resolved.required.Set(info.type);
        found = true;
      }
    }
    resolved.impossible = resolved.impossible || !found;
  }
  return resolved;
}

}  // namespace

bool HierarchyFilter::Matches(const ecs::Coordinator& world, ecs::Entity entity) const {
  return Resolve(*this, world).Matches(world, entity);
}

// ---- Flattening ------------------------------------------------------------------

namespace {

// Pushes the children of `parent` so that they pop in sibling order.
template <typename Keep>
void PushChildren(const ecs::Coordinator& world, ecs::Entity parent, std::uint32_t depth, std::vector<DfsItem>& stack,
                  Keep&& keep) {
  const std::size_t first = stack.size();
  world.ForEachChild(parent, [&](ecs::Entity child) {
    if (keep(child)) stack.push_back({child, depth});
  });
  std::reverse(stack.begin() + static_cast<std::ptrdiff_t>(first), stack.end());
}

std::vector<HierarchyRow> FlattenExpanded(const ecs::Coordinator& world,
                                          const std::unordered_set<ecs::EntityId>& expanded) {
  std::vector<HierarchyRow> rows;
  std::vector<DfsItem> stack;
  const auto all = [](ecs::Entity) { return true; };
  PushChildren(world, ecs::kNullEntity, 0, stack, all);
  rows.reserve(stack.size());
  while (!stack.empty()) {
    const DfsItem item = stack.back();
    stack.pop_back();
    const ecs::EntityId id = world.GetEntityId(item.entity);
    const bool has_children = world.ChildCount(item.entity) != 0;
    const bool open = has_children && expanded.contains(id);
    rows.push_back({item.entity, id, item.depth, has_children, open, true});
    if (open) PushChildren(world, item.entity, item.depth + 1, stack, all);
  }
  return rows;
}

std::vector<HierarchyRow> FlattenFiltered(const ecs::Coordinator& world, const HierarchyFilter& filter) {
  // Per entity slot: 0 = hidden, 1 = shown as an ancestor, 2 = matches.
  std::vector<std::uint8_t> state;
  std::vector<ecs::Entity> matches;
  const ResolvedFilter resolved = Resolve(filter, world);
  if (resolved.impossible) return {};
  world.ForEachEntity([&](ecs::Entity entity) {
    if (resolved.Matches(world, entity)) matches.push_back(entity);
  });
  const auto mark = [&state](ecs::Entity entity, std::uint8_t value) {
    if (state.size() <= entity.index) state.resize(entity.index + 1, 0);
    const bool was_shown = state[entity.index] != 0;
    state[entity.index] = std::max(state[entity.index], value);
    return was_shown;
  };
  for (ecs::Entity match : matches) {
    if (mark(match, 2)) continue;  // an earlier match already marked its ancestors
    for (ecs::Entity up = world.GetParent(match); !up.IsNull(); up = world.GetParent(up)) {
      if (mark(up, 1)) break;
    }
  }
  const auto shown = [&state](ecs::Entity entity) { return entity.index < state.size() && state[entity.index] != 0; };

  std::vector<HierarchyRow> rows;
  std::vector<DfsItem> stack;
  PushChildren(world, ecs::kNullEntity, 0, stack, shown);
  while (!stack.empty()) {
    const DfsItem item = stack.back();
    stack.pop_back();
    const std::size_t before = stack.size();
    PushChildren(world, item.entity, item.depth + 1, stack, shown);
    rows.push_back({item.entity, world.GetEntityId(item.entity), item.depth, world.ChildCount(item.entity) != 0,
                    stack.size() != before, state[item.entity.index] == 2});
  }
  return rows;
}

}  // namespace

std::vector<HierarchyRow> FlattenHierarchy(const ecs::Coordinator& world,
                                           const std::unordered_set<ecs::EntityId>& expanded,
                                           const HierarchyFilter& filter) {
  return filter.Empty() ? FlattenExpanded(world, expanded) : FlattenFiltered(world, filter);
}

std::vector<ecs::EntityId> RowIds(const std::vector<HierarchyRow>& rows) {
  std::vector<ecs::EntityId> ids;
  ids.reserve(rows.size());
  for (const HierarchyRow& row : rows) ids.push_back(row.id);
  return ids;
}

bool ExpandToReveal(const ecs::Coordinator& world, ecs::EntityId id, std::unordered_set<ecs::EntityId>& expanded) {
  const ecs::Entity entity = world.FindEntity(id);
  if (entity.IsNull()) return false;
  bool added = false;
  for (ecs::Entity up = world.GetParent(entity); !up.IsNull(); up = world.GetParent(up)) {
    added = expanded.insert(world.GetEntityId(up)).second || added;
  }
  return added;
}

// ---- Prefab instances ------------------------------------------------------------

std::optional<InstanceRowMark> MarkInstanceRow(const ecs::Coordinator& world, serialization::PrefabLibrary& library,
                                               ecs::Entity entity) {
  std::optional<serialization::InstanceMember> member = serialization::FindInstanceMember(world, library, entity);
  if (!member) return std::nullopt;
  serialization::MemberOverrides overrides = serialization::DiffMember(world, *member, entity);
  return InstanceRowMark{std::move(*member), std::move(overrides)};
}

std::vector<std::string> DescribeOverrides(const ecs::Coordinator& world,
                                           const serialization::MemberOverrides& overrides) {
  std::vector<std::string> parts;
  if (overrides.renamed) parts.emplace_back("name");
  if (overrides.parent) parts.emplace_back("parent");
  if (overrides.order) parts.emplace_back("order");
  for (const serialization::ComponentOverride& component : overrides.components) {
    const std::string& name = world.GetComponentInfo(component.type).name;
    switch (component.change) {
      case serialization::ComponentChange::kAdded: parts.push_back(name + " added"); break;
      case serialization::ComponentChange::kRemoved: parts.push_back(name + " removed"); break;
      case serialization::ComponentChange::kFields:
        for (const ecs::FieldInfo* field : component.fields) parts.push_back(name + "." + field->name);
        break;
    }
  }
  return parts;
}

}  // namespace cairn::editor
