#include "cairn/editor/prefab_actions.h"

#include <algorithm>
#include <system_error>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "cairn/ecs/components/transform.h"
#include "cairn/ecs/field_codec.h"
#include "cairn/editor/actions.h"
#include "cairn/editor/editor_errors.h"
#include "cairn/serialization/atomic_file.h"
#include "cairn/serialization/prefab_diff.h"
#include "cairn/serialization/scene_loader.h"
#include "cairn/serialization/scene_writer.h"

namespace cairn::editor::actions {

namespace {

using ecs::ComponentValue;
using ecs::Coordinator;
using ecs::Entity;
using ecs::EntityId;
using serialization::PrefabInstance;
using serialization::PrefabLibrary;

std::string Quoted(const Coordinator& world, EntityId id) { return "'" + DisplayName(world, id) + "'"; }

Entity RequireEntity(const Coordinator& world, EntityId id, std::string_view doing) {
  const Entity entity = world.FindEntity(id);
  if (entity.IsNull()) throw ActionError("cannot " + std::string(doing) + ": no entity has id " + ecs::ToHex(id));
  return entity;
}

std::string Stem(std::string_view path) { return std::filesystem::path(path).stem().string(); }

// `value` as a value of the same-named component of `world` (a value read
// from another world, whose registry has the same components).
ComponentValue InWorld(const Coordinator& world, const ComponentValue& value) {
  const ecs::ComponentInfo* info = world.FindComponentInfo(value.Name());
  if (info == nullptr) throw ActionError("component " + value.Name() + " is not registered in this scene");
  return ComponentValue(world.GetComponentInfoPtr(info->type), value.Data());
}

// Rewrites every entity reference of `value` through `map`.
template <typename Map>
void MapReferences(ComponentValue& value, Map&& map) {
  for (const ecs::FieldInfo& field : value.Info().fields) {
    if (field.type == ecs::FieldType::kEntityRef) {
      EntityId& reference = field.Ref<EntityId>(value.Data());
      reference = map(reference, field);
    }
  }
}

std::optional<serialization::InstanceMember> RequireMember(const Coordinator& world, EntityId id, PrefabLibrary& library,
                                                           std::string_view doing) {
  const Entity entity = RequireEntity(world, id, doing);
  std::optional<serialization::InstanceMember> member = serialization::FindInstanceMember(world, library, entity);
  if (!member) {
    throw ActionError("cannot " + std::string(doing) + ": " + Quoted(world, id) + " is not part of a prefab instance");
  }
  return member;
}

const ecs::ComponentInfo& RequireComponent(const Coordinator& world, std::string_view component, std::string_view doing) {
  const ecs::ComponentInfo* info = world.FindComponentInfo(component);
  if (info == nullptr) {
    throw ActionError("cannot " + std::string(doing) + ": no component is named '" + std::string(component) + "'");
  }
  return *info;
}

}  // namespace

ecs::Action Instantiate(Coordinator& world, const serialization::Prefab& prefab, EntityId parent,
                        std::optional<glm::vec3> position) {
  const std::string name = "Instantiate '" + Stem(prefab.path) + "'";
  if (!world.IsRegistered<PrefabInstance>()) throw ActionError("cannot " + name + ": this world holds no prefab instances");
  if (parent && world.FindEntity(parent).IsNull()) {
    throw ActionError("cannot instantiate " + prefab.path + " under " + ecs::ToHex(parent) + ": no entity has that id");
  }
  // A fresh instance id none of whose derived ids is taken.
  EntityId id;
  bool free = false;
  while (!free) {
    id = world.GenerateEntityId();
    free = std::none_of(prefab.by_id.begin(), prefab.by_id.end(), [&](const auto& entry) {
      return !world.FindEntity(serialization::InstanceEntityId(id, prefab.root_id, entry.first)).IsNull();
    });
  }
  std::vector<ecs::EntityRecord> records = serialization::InstanceRecords(prefab, world, id, parent);
  if (position && world.IsRegistered<ecs::Transform>()) {
    for (ComponentValue& value : records.front().components) {
      if (value.Info().type == world.GetComponentType<ecs::Transform>()) value.As<ecs::Transform>().position = *position;
    }
  }
  ecs::Action action{name, {}};
  action.commands.emplace_back(ecs::RestoreSubtreeCommand{std::move(records)});
  return action;
}

PrefabCreation CreatePrefab(const Coordinator& world, EntityId root_id, std::string_view path, PrefabLibrary& library,
                            std::unique_ptr<Coordinator> empty_world) {
  const Entity root = RequireEntity(world, root_id, "create a prefab");
  const std::optional<std::string> key = PrefabLibrary::Normalise(path);
  if (!key) throw ActionError("cannot create prefab \"" + std::string(path) + "\": a prefab path is relative to the project folder and stays in it");
  const std::string name = "Create Prefab '" + Stem(*key) + "'";
  if (const auto member = serialization::FindInstanceMember(world, library, root); member && member->root != root) {
    throw ActionError("cannot create a prefab from " + Quoted(world, root_id) + ": it is part of the instance " +
                      Quoted(world, member->instance_id) + " of " + member->prefab->path + " (unpack that first)");
  }
  const std::filesystem::path file = library.Folder() / *key;
  std::error_code error;
  if (std::filesystem::exists(file, error)) throw ActionError("cannot create prefab " + *key + ": the file already exists");

  const std::vector<ecs::EntityRecord> records = ecs::SnapshotSubtree(world, root);
  std::unordered_set<EntityId> inside;
  for (const ecs::EntityRecord& record : records) inside.insert(record.id);

  // The prefab file: the subtree as it is, its root made a root, references
  // leaving it emptied.
  PrefabCreation creation;
  std::vector<ecs::EntityRecord> prefab_records = records;
  prefab_records.front().parent = ecs::kNoEntityId;
  prefab_records.front().position = ecs::kAppendPosition;
  for (ecs::EntityRecord& record : prefab_records) {
    for (ComponentValue& value : record.components) {
      MapReferences(value, [&](EntityId reference, const ecs::FieldInfo& field) {
        if (!reference || inside.contains(reference)) return reference;
        creation.warnings.push_back(value.Name() + "." + field.name + " of " + Quoted(world, record.id) + " refers to " +
                                    Quoted(world, reference) +
                                    ", outside the prefab: the prefab leaves it empty, this instance keeps it");
        return ecs::kNoEntityId;
      });
    }
  }
  try {
    ecs::ApplyCommand(*empty_world, ecs::RestoreSubtreeCommand{std::move(prefab_records)});
  } catch (const std::exception& failure) {
    throw ActionError("cannot create prefab " + *key + ": " + failure.what());
  }
  std::filesystem::create_directories(file.parent_path(), error);
  const serialization::SaveResult saved =
      serialization::SaveSceneFile(file, *empty_world, ecs::PlainValue::MakeObject(), &library);
  if (!saved.ok) throw ActionError("cannot create prefab " + *key + ": " + saved.error);
  const serialization::PrefabLookup lookup = library.Get(*key);
  if (lookup.prefab == nullptr) throw ActionError("cannot create prefab " + *key + ": " + lookup.error);

  // The subtree becomes the instance: the root keeps its id (the instance's),
  // the others take the derived ids; values stay, references follow.
  const EntityId prefab_root = lookup.prefab->root_id;  // == root_id
  const auto derived = [&](EntityId id) { return serialization::InstanceEntityId(root_id, prefab_root, id); };
  const auto follow = [&](EntityId reference, const ecs::FieldInfo&) {
    return inside.contains(reference) ? derived(reference) : reference;
  };
  std::vector<ecs::EntityRecord> instance = records;
  for (std::size_t i = 0; i < instance.size(); ++i) {
    ecs::EntityRecord& record = instance[i];
    record.id = derived(record.id);
    if (i != 0) record.parent = derived(record.parent);
    if (i != 0 && !world.FindEntity(record.id).IsNull()) {
      throw ActionError("cannot create prefab " + *key + ": entity id " + ecs::ToHex(record.id) + " is taken");
    }
    std::erase_if(record.components, [](const ComponentValue& value) {
      return value.Name() == serialization::kPrefabInstanceName;
    });
    for (ComponentValue& value : record.components) MapReferences(value, follow);
  }
  instance.front().components.push_back(ComponentValue::From(
      world.GetComponentInfoPtr(world.GetComponentType<PrefabInstance>()), PrefabInstance{*key}));

  creation.action.name = name;
  creation.action.commands.emplace_back(ecs::DestroySubtreeCommand{root_id});
  creation.action.commands.emplace_back(ecs::RestoreSubtreeCommand{std::move(instance)});
  // References from the rest of the scene into the subtree follow too.
  world.ForEachEntity([&](Entity entity) {
    if (inside.contains(world.GetEntityId(entity))) return;
    const ecs::Signature& signature = world.GetSignature(entity);
    for (ecs::ComponentType type = 0; type < world.ComponentTypeCount(); ++type) {
      if (!signature.Test(type)) continue;
      const ecs::ComponentInfo& info = world.GetComponentInfo(type);
      const bool refers = std::any_of(info.fields.begin(), info.fields.end(), [&](const ecs::FieldInfo& field) {
        if (field.type != ecs::FieldType::kEntityRef) return false;
        const EntityId reference = field.Ref<EntityId>(world.GetComponentData(entity, type));
        return reference != root_id && inside.contains(reference);
      });
      if (!refers) continue;
      ComponentValue value(world.GetComponentInfoPtr(type), world.GetComponentData(entity, type));
      MapReferences(value, follow);
      creation.action.commands.emplace_back(ecs::SetComponentCommand{world.GetEntityId(entity), std::move(value)});
    }
  });
  return creation;
}

ecs::Action Unpack(const Coordinator& world, EntityId root_id, PrefabLibrary& library) {
  const Entity root = RequireEntity(world, root_id, "unpack");
  if (!world.IsRegistered<PrefabInstance>() || !world.HasComponent<PrefabInstance>(root)) {
    throw ActionError("cannot unpack " + Quoted(world, root_id) + ": it is not the root of a prefab instance");
  }
  const auto member = serialization::FindInstanceMember(world, library, root);
  if (member && member->root != root) {
    throw ActionError("cannot unpack " + Quoted(world, root_id) + ": it is part of the instance " +
                      Quoted(world, member->instance_id) + " of " + member->prefab->path + " (unpack that one)");
  }
  ecs::Action action{"Unpack " + Quoted(world, root_id), {}};
  action.commands.emplace_back(ecs::RemoveComponentCommand{root_id, std::string(serialization::kPrefabInstanceName)});
  // The instances its prefab nests are part of it, and become plain with it.
  world.ForEachInSubtree(root, [&](Entity entity, std::uint32_t) {
    if (entity == root || !world.HasComponent<PrefabInstance>(entity)) return;
    const auto inner = serialization::FindInstanceMember(world, library, entity);
    if (inner && inner->root == root) {
      action.commands.emplace_back(
          ecs::RemoveComponentCommand{world.GetEntityId(entity), std::string(serialization::kPrefabInstanceName)});
    }
  });
  return action;
}

ecs::Action RevertToPrefab(const Coordinator& world, EntityId id, std::string_view component,
                           std::optional<std::string_view> field, PrefabLibrary& library) {
  const std::optional<serialization::InstanceMember> member = RequireMember(world, id, library, "revert to the prefab");
  const ecs::ComponentInfo& info = RequireComponent(world, component, "revert to the prefab");
  const Entity entity = world.GetEntity(id);
  const std::optional<ComponentValue> original = serialization::PrefabValue(world, *member, info.type);
  const bool here = world.HasComponent(entity, info.type);
  if (field) {
    const ecs::FieldInfo* field_info = info.FindField(*field);
    if (field_info == nullptr || !here || !original ||
        serialization::PrefabField(world, *member->prefab, info.type, *field_info) == nullptr) {
      throw ActionError("cannot revert " + info.name + "." + std::string(*field) + " of " + Quoted(world, id) +
                        ": the prefab's entity has no such field to take");
    }
    const EntityId ids[] = {id};
    ecs::Action action = SetField(world, ids, info.type, *field_info, original->Data());
    action.name = "Revert " + info.name + "." + field_info->name;
    return action;
  }
  if (!original && !here) {
    throw ActionError("cannot revert " + info.name + " of " + Quoted(world, id) +
                      ": neither it nor its prefab has one");
  }
  // Undoes what the diff says the instance changed, and only that: the
  // fields it overrides, or the component it added or removed.
  ecs::Action action{"Revert " + info.name, {}};
  const std::optional<serialization::ComponentOverride> change =
      serialization::DiffComponent(world, *member, entity, info.type);
  if (!change) return action;  // it is the prefab's already
  switch (change->change) {
    case serialization::ComponentChange::kRemoved:
      action.commands.emplace_back(ecs::AddComponentCommand{id, *original});
      break;
    case serialization::ComponentChange::kAdded:
      action.commands.emplace_back(ecs::RemoveComponentCommand{id, info.name});
      break;
    case serialization::ComponentChange::kFields: {
      // The component as it is, its differing fields the prefab's (one the
      // prefab's type lacks has nothing to take back).
      ComponentValue reverted(world.GetComponentInfoPtr(info.type), world.GetComponentData(entity, info.type));
      for (const ecs::FieldInfo* field_info : change->fields) {
        if (serialization::PrefabField(world, *member->prefab, info.type, *field_info) == nullptr) continue;
        ecs::CopyAssignField(*field_info, reverted.Data(), original->Data());
      }
      action.commands.emplace_back(ecs::SetComponentCommand{id, std::move(reverted)});
      break;
    }
  }
  return action;
}

std::optional<FileStep> ApplyToPrefab(const Coordinator& world, EntityId id, std::string_view component,
                                      std::optional<std::string_view> field, PrefabLibrary& library) {
  const std::optional<serialization::InstanceMember> member = RequireMember(world, id, library, "apply to the prefab");
  const ecs::ComponentInfo& info = RequireComponent(world, component, "apply to the prefab");
  const Entity entity = world.GetEntity(id);
  if (!world.HasComponent(entity, info.type)) {
    throw ActionError("cannot apply " + info.name + " of " + Quoted(world, id) + " to its prefab: it has none");
  }
  const ecs::FieldInfo* field_info = nullptr;
  if (field) {
    field_info = info.FindField(*field);
    if (field_info == nullptr) throw ActionError("cannot apply: " + info.name + " has no field " + std::string(*field));
  }
  // What goes into the prefab: the named field, or what the diff says this
  // instance changes in the component (every field of one it added); the
  // prefab file's other fields stay as they are on disk.
  const std::optional<serialization::ComponentOverride> change =
      serialization::DiffComponent(world, *member, entity, info.type);
  const bool added = change && change->change == serialization::ComponentChange::kAdded;
  std::vector<const ecs::FieldInfo*> applied;
  if (field_info != nullptr) {
    applied.push_back(field_info);
  } else if (change) {
    applied = change->fields;
  }
  if (applied.empty() && !added) return std::nullopt;  // nothing of it differs from the prefab
  const std::string& path = member->prefab->path;
  // References within the instance become the prefab's own; others cannot be kept.
  ComponentValue value(world.GetComponentInfoPtr(info.type), world.GetComponentData(entity, info.type));
  MapReferences(value, [&](EntityId reference, const ecs::FieldInfo& reference_field) {
    const bool goes = added || std::find(applied.begin(), applied.end(), &reference_field) != applied.end();
    if (!reference || !goes) return reference;
    const Entity target = world.FindEntity(reference);
    const auto target_member =
        target.IsNull() ? std::nullopt : serialization::FindInstanceMember(world, library, target);
    if (!target_member || target_member->root != member->root) {
      throw ActionError("cannot apply " + info.name + "." + reference_field.name + " to " + path + ": it refers to " +
                        Quoted(world, reference) + ", which is not part of this instance");
    }
    return target_member->prefab->world->GetEntityId(target_member->source);
  });

  serialization::LoadOptions options = library.Options();
  options.prefabs = &library;
  FileStep step;
  step.path = library.Folder() / path;
  const serialization::ReadResult read = serialization::ReadFileText(step.path, options.max_bytes);
  if (!read.text) throw ActionError("cannot apply to " + path + ": " + read.error);
  step.before = *read.text;
  serialization::LoadResult loaded = serialization::LoadScene(step.before, options);
  if (!loaded.Ok()) throw ActionError("cannot apply to " + path + ": it cannot be loaded");
  Coordinator& prefab_world = *loaded.scene->world;
  const EntityId source_id = member->prefab->world->GetEntityId(member->source);
  const Entity source = prefab_world.FindEntity(source_id);
  const ecs::ComponentInfo* prefab_info = prefab_world.FindComponentInfo(info.name);
  if (source.IsNull() || prefab_info == nullptr) {
    throw ActionError("cannot apply to " + path + ": it no longer has entity " + ecs::ToHex(source_id));
  }
  if (!prefab_world.HasComponent(source, prefab_info->type)) {
    prefab_world.AddComponentValue(source, InWorld(prefab_world, value));
  } else {
    ComponentValue updated(prefab_world.GetComponentInfoPtr(prefab_info->type),
                           prefab_world.GetComponentData(source, prefab_info->type));
    for (const ecs::FieldInfo* applied_field : applied) {
      const ecs::FieldInfo* target_field = updated.Info().FindField(applied_field->name);
      if (target_field == nullptr) {
        throw ActionError("cannot apply " + info.name + "." + applied_field->name + " to " + path +
                          ": its " + info.name + " has no such field");
      }
      ecs::FieldFromPlain(*target_field, ecs::FieldToPlain(*applied_field, value.Data()), updated.Data(), info.name);
    }
    prefab_world.SetComponentValue(source, updated);
  }
  try {
    step.after = serialization::SaveSceneToString(prefab_world, loaded.scene->editor, &library);
  } catch (const serialization::SaveError& error) {
    throw ActionError("cannot apply to " + path + ": " + error.what());
  }
  if (step.after == step.before) return std::nullopt;  // the prefab already holds the value
  return step;
}

ecs::Action ChangesBetween(const Coordinator& from, const Coordinator& to, std::string name) {
  ecs::Action action{std::move(name), {}};
  // Entities gone: the topmost of each gone subtree.
  from.ForEachEntity([&](Entity entity) {
    const EntityId id = from.GetEntityId(entity);
    if (!to.FindEntity(id).IsNull()) return;
    const Entity parent = from.GetParent(entity);
    if (!parent.IsNull() && to.FindEntity(from.GetEntityId(parent)).IsNull()) return;
    action.commands.emplace_back(ecs::DestroySubtreeCommand{id});
  });
  std::vector<Entity> order;  // `to` in pre-order
  to.ForEachChild(ecs::kNullEntity, [&](Entity root) {
    to.ForEachInSubtree(root, [&](Entity entity, std::uint32_t) { order.push_back(entity); });
  });
  std::vector<ecs::Command> moves;
  for (const Entity entity : order) {
    const EntityId id = to.GetEntityId(entity);
    const Entity old = from.FindEntity(id);
    const Entity parent = to.GetParent(entity);
    const EntityId parent_id = parent.IsNull() ? ecs::kNoEntityId : to.GetEntityId(parent);
    if (old.IsNull()) {
      if (!parent.IsNull() && from.FindEntity(parent_id).IsNull()) continue;  // restored with its parent
      std::vector<ecs::EntityRecord> records = ecs::SnapshotSubtree(to, entity);
      for (ecs::EntityRecord& record : records) {
        for (ComponentValue& value : record.components) value = InWorld(from, value);
      }
      action.commands.emplace_back(ecs::RestoreSubtreeCommand{std::move(records)});
      continue;
    }
    // Components, matched by name.
    for (ecs::ComponentType type = 0; type < to.ComponentTypeCount(); ++type) {
      const ecs::ComponentInfo& info = to.GetComponentInfo(type);
      if (!info.serialized) continue;
      const ecs::ComponentInfo* old_info = from.FindComponentInfo(info.name);
      if (old_info == nullptr) continue;
      const bool now = to.HasComponent(entity, type);
      const bool before = from.HasComponent(old, old_info->type);
      if (!now && before) {
        action.commands.emplace_back(ecs::RemoveComponentCommand{id, info.name});
      } else if (now) {
        ComponentValue value(from.GetComponentInfoPtr(old_info->type), to.GetComponentData(entity, type));
        if (!before) {
          action.commands.emplace_back(ecs::AddComponentCommand{id, std::move(value)});
        } else if (!old_info->Equals(from.GetComponentData(old, old_info->type), value.Data())) {
          action.commands.emplace_back(ecs::SetComponentCommand{id, std::move(value)});
        }
      }
    }
    const Entity old_parent = from.GetParent(old);
    const EntityId old_parent_id = old_parent.IsNull() ? ecs::kNoEntityId : from.GetEntityId(old_parent);
    if (old_parent_id != parent_id || from.SiblingIndex(old) != to.SiblingIndex(entity)) {
      moves.emplace_back(ecs::SetParentCommand{id, parent_id, to.SiblingIndex(entity), false});
    }
  }
  for (ecs::Command& move : moves) action.commands.push_back(std::move(move));
  return action;
}

}  // namespace cairn::editor::actions
