#include "cairn/editor/clipboard.h"

#include <unordered_set>

#include "cairn/ecs/components/name.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/editor/actions.h"
#include "cairn/editor/editor_errors.h"
#include "cairn/editor/subtree_copy.h"

namespace cairn::editor {

namespace {

Clipboard::PlainComponent ToPlain(const ecs::ComponentValue& value) { return {value.Name(), value.ToPlain()}; }

ecs::ComponentValue FromPlain(const ecs::Coordinator& world, const Clipboard::PlainComponent& plain) {
  const ecs::ComponentInfo* info = world.FindComponentInfo(plain.component);
  if (info == nullptr) {
    throw ActionError("cannot paste component " + plain.component + ": it is not registered in this scene");
  }
  ecs::ComponentValue value(world.GetComponentInfoPtr(info->type));
  try {
    ecs::ComponentFromPlain(*info, plain.value, value.Data());
  } catch (const ecs::CommandError& error) {
    throw ActionError("cannot paste component " + plain.component + ": " + error.what());
  }
  return value;
}

// Clears the reference fields of `plain` that name neither a copied entity
// nor a live entity of `world`. Components `world` does not know are left
// alone (their fields cannot be told apart).
std::size_t ClearDangling(const ecs::Coordinator& world, Clipboard::PlainComponent& plain,
                          const std::unordered_set<ecs::EntityId>& copied) {
  const ecs::ComponentInfo* info = world.FindComponentInfo(plain.component);
  if (info == nullptr || !plain.value.IsObject()) return 0;
  std::size_t cleared = 0;
  for (auto& [field_name, field_value] : plain.value.AsObject()) {
    const ecs::FieldInfo* field = info->FindField(field_name);
    if (field == nullptr || field->type != ecs::FieldType::kEntityRef || !field_value.IsString()) continue;
    const std::optional<ecs::EntityId> id = ecs::ParseEntityId(field_value.AsString());
    if (id && (copied.contains(*id) || !world.FindEntity(*id).IsNull())) continue;
    field_value = ecs::PlainValue(nullptr);
    ++cleared;
  }
  return cleared;
}

}  // namespace

// ---- Component values ---------------------------------------------------------

void Clipboard::CopyComponent(const ecs::Coordinator& world, ecs::EntityId id, std::string_view component) {
  const ecs::Entity entity = world.FindEntity(id);
  if (entity.IsNull()) {
    throw ActionError("cannot copy component " + std::string(component) + ": no entity has id " + ecs::ToHex(id));
  }
  const ecs::ComponentInfo* info = world.FindComponentInfo(component);
  if (info == nullptr || !world.HasComponent(entity, info->type)) {
    throw ActionError("cannot copy component " + std::string(component) + ": " + world.DescribeEntity(entity) +
                      " has no component " + std::string(component));
  }
  CopyComponent(world.ReadComponentValue(entity, info->type));
}

void Clipboard::CopyComponent(const ecs::ComponentValue& value) { component_ = ToPlain(value); }

ecs::ComponentValue Clipboard::ComponentValueFor(const ecs::Coordinator& world) const {
  if (!component_) throw ActionError("cannot paste component values: the clipboard holds no component");
  return FromPlain(world, *component_);
}

ecs::Action Clipboard::PasteComponent(const ecs::Coordinator& world, std::span<const ecs::EntityId> ids) const {
  return actions::PasteComponentValue(world, ids, ComponentValueFor(world));
}

// ---- Entities -------------------------------------------------------------------

void Clipboard::CopyEntities(const ecs::Coordinator& world, std::span<const ecs::EntityId> ids) {
  if (ids.empty()) throw ActionError("cannot copy: no entity is selected");
  for (ecs::EntityId id : ids) {
    if (world.FindEntity(id).IsNull()) throw ActionError("cannot copy: no entity has id " + ecs::ToHex(id));
  }
  std::vector<std::vector<PlainEntity>> subtrees;
  for (ecs::Entity root : RootMostEntities(world, ids)) {
    std::vector<PlainEntity> entities;
    for (ecs::EntityRecord& record : ecs::SnapshotSubtree(world, root)) {
      PlainEntity entity{record.id, entities.empty() ? ecs::kNoEntityId : record.parent, record.position, {}};
      for (const ecs::ComponentValue& value : record.components) entity.components.push_back(ToPlain(value));
      entities.push_back(std::move(entity));
    }
    subtrees.push_back(std::move(entities));
  }
  subtrees_ = std::move(subtrees);
}

std::size_t Clipboard::EntityCount() const {
  std::size_t count = 0;
  for (const auto& subtree : subtrees_) count += subtree.size();
  return count;
}

ecs::Action Clipboard::PasteEntities(ecs::Coordinator& world, ecs::EntityId parent, std::uint32_t position,
                                     serialization::PrefabLibrary* prefabs) const {
  if (subtrees_.empty()) throw ActionError("cannot paste: the clipboard holds no entities");
  if (parent && world.FindEntity(parent).IsNull()) {
    throw ActionError("cannot paste under " + ecs::ToHex(parent) + ": no entity has that id");
  }
  SubtreeRecords subtrees;
  for (const auto& plain_subtree : subtrees_) {
    std::vector<ecs::EntityRecord> records;
    for (const PlainEntity& plain : plain_subtree) {
      ecs::EntityRecord record{plain.id, plain.parent, plain.position, {}};
      for (const PlainComponent& component : plain.components) record.components.push_back(FromPlain(world, component));
      records.push_back(std::move(record));
    }
    subtrees.push_back(std::move(records));
  }
  GiveFreshIds(subtrees, world, OutsideReferences::kClearMissing, prefabs);

  std::string name = "Paste " + std::to_string(subtrees.size()) + " entities";
  if (subtrees.size() == 1) {
    name = "Paste entity";
    for (const ecs::ComponentValue& value : subtrees.front().front().components) {
      if (value.Name() == "Name" && !value.As<ecs::Name>().value.empty()) {
        name = "Paste '" + value.As<ecs::Name>().value + "'";
      }
    }
  }
  ecs::Action action{std::move(name), {}};
  for (std::size_t i = 0; i < subtrees.size(); ++i) {
    ecs::EntityRecord& root = subtrees[i].front();
    root.parent = parent;
    root.position = position == ecs::kAppendPosition ? ecs::kAppendPosition : position + static_cast<std::uint32_t>(i);
    action.commands.emplace_back(ecs::RestoreSubtreeCommand{std::move(subtrees[i])});
  }
  return action;
}

std::size_t Clipboard::DropDanglingReferences(const ecs::Coordinator& world) {
  std::unordered_set<ecs::EntityId> copied;
  for (const auto& subtree : subtrees_) {
    for (const PlainEntity& entity : subtree) copied.insert(entity.id);
  }
  std::size_t cleared = 0;
  if (component_) cleared += ClearDangling(world, *component_, {});
  for (auto& subtree : subtrees_) {
    for (PlainEntity& entity : subtree) {
      for (PlainComponent& component : entity.components) cleared += ClearDangling(world, component, copied);
    }
  }
  return cleared;
}

void Clipboard::Clear() {
  component_.reset();
  subtrees_.clear();
}

}  // namespace cairn::editor
