#include "cairn/editor/actions.h"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <unordered_set>

#include <glm/gtc/quaternion.hpp>

#include "cairn/ecs/builtin_components.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/ecs/field_codec.h"
#include "cairn/ecs/sparse_set.h"
#include "cairn/editor/editor_errors.h"
#include "cairn/editor/subtree_copy.h"

namespace cairn::editor::actions {

namespace {

using ecs::Action;
using ecs::ComponentValue;
using ecs::Coordinator;
using ecs::Entity;
using ecs::EntityId;

template <typename T>
ComponentValue ValueOf(const Coordinator& world, const T& value) {
  return ComponentValue::From(world.GetComponentInfoPtr(world.GetComponentType<T>()), value);
}

Entity RequireEntity(const Coordinator& world, EntityId id, std::string_view doing) {
  const Entity entity = world.FindEntity(id);
  if (entity.IsNull()) throw ActionError("cannot " + std::string(doing) + ": no entity has id " + ecs::ToHex(id));
  return entity;
}

// The listed entities, checked to exist, in order, without duplicates.
std::vector<Entity> RequireEntities(const Coordinator& world, std::span<const EntityId> ids, std::string_view doing) {
  if (ids.empty()) throw ActionError("cannot " + std::string(doing) + ": no entity is selected");
  std::vector<Entity> entities;
  ecs::SparseSet seen;  // by entity slot: no hashing, no node per entity
  for (EntityId id : ids) {
    const Entity entity = RequireEntity(world, id, doing);
    if (seen.TryInsert(entity)) entities.push_back(entity);
  }
  return entities;
}

std::vector<Entity> RequireRootMost(const Coordinator& world, std::span<const EntityId> ids, std::string_view doing) {
  RequireEntities(world, ids, doing);
  return RootMostEntities(world, ids);
}

std::string Quoted(const Coordinator& world, EntityId id) { return "'" + DisplayName(world, id) + "'"; }

// "Delete 'Crate'" for one entity, "Delete 3 entities" for more.
std::string CountedName(const Coordinator& world, std::string_view verb, std::span<const Entity> entities) {
  if (entities.size() == 1) return std::string(verb) + " " + Quoted(world, world.GetEntityId(entities.front()));
  return std::string(verb) + " " + std::to_string(entities.size()) + " entities";
}

Action MakeCreate(Coordinator& world, std::string name, EntityId parent, std::vector<ComponentValue> components) {
  if (parent && world.FindEntity(parent).IsNull()) {
    throw ActionError("cannot create " + name + " under " + ecs::ToHex(parent) + ": no entity has that id");
  }
  const EntityId id = world.GenerateEntityId();
  Action action{"Create " + name, {ecs::CreateEntityCommand{id, name, parent, ecs::kAppendPosition}}};
  for (ComponentValue& value : components) action.commands.emplace_back(ecs::AddComponentCommand{id, std::move(value)});
  return action;
}

// ---- Component names ------------------------------------------------------------

std::string KnownComponents(const Coordinator& world) {
  std::string known;
  for (const std::string& name : world.UiAccessibleComponentNames()) known += (known.empty() ? "" : ", ") + name;
  return known;
}

const ecs::ComponentInfo& RequireEditable(const Coordinator& world, std::string_view component,
                                          std::string_view doing) {
  const ecs::ComponentInfo* info = world.FindComponentInfo(component);
  if (info == nullptr) {
    throw ActionError("cannot " + std::string(doing) + " component '" + std::string(component) +
                      "': no component has that name (known: " + KnownComponents(world) + ")");
  }
  if (!info->ui_accessible) {
    throw ActionError("cannot " + std::string(doing) + " component '" + std::string(component) +
                      "': it is not editable in the Inspector");
  }
  return *info;
}

std::string Plural(std::size_t count) { return std::to_string(count) + (count == 1 ? " entity" : " entities"); }

// Splits "Cube (3)" into "Cube" and 3; a name without a number gives 0.
std::pair<std::string, int> SplitCopyNumber(const std::string& name) {
  if (name.size() >= 4 && name.back() == ')') {
    const std::size_t open = name.rfind(" (");
    if (open != std::string::npos && open + 2 < name.size() - 1) {
      int number = 0;
      const char* first = name.data() + open + 2;
      const char* last = name.data() + name.size() - 1;
      const auto [end, error] = std::from_chars(first, last, number);
      if (error == std::errc() && end == last && number > 0 && *first != '0') return {name.substr(0, open), number};
    }
  }
  return {name, 0};
}

}  // namespace

// ---- Copy names ------------------------------------------------------------------

std::string CopyName(const std::string& original, std::set<std::string>& taken) {
  const auto [base, number] = SplitCopyNumber(original);
  for (int candidate = number + 1;; ++candidate) {
    std::string name = base + " (" + std::to_string(candidate) + ")";
    if (taken.insert(name).second) return name;
  }
}

std::set<std::string> ChildNames(const Coordinator& world, Entity parent) {
  std::set<std::string> names;
  world.ForEachChild(parent, [&](Entity child) {
    if (const auto* name = world.TryGetComponent<ecs::Name>(child)) names.insert(name->value);
  });
  return names;
}

// ---- Names -------------------------------------------------------------------------

std::string_view PrimitiveName(ecs::MeshShape shape) {
  switch (shape) {
    case ecs::MeshShape::kCube: return "Cube";
    case ecs::MeshShape::kSphere: return "Sphere";
    case ecs::MeshShape::kPlane: return "Plane";
    case ecs::MeshShape::kCylinder: return "Cylinder";
    case ecs::MeshShape::kCone: return "Cone";
  }
  return "Mesh";
}

std::string_view LightName(ecs::LightType type) {
  switch (type) {
    case ecs::LightType::kDirectional: return "Directional Light";
    case ecs::LightType::kPoint: return "Point Light";
    case ecs::LightType::kSpot: return "Spot Light";
  }
  return "Light";
}

std::string DisplayName(const Coordinator& world, EntityId id) {
  const Entity entity = world.FindEntity(id);
  if (!entity.IsNull() && world.IsRegistered<ecs::Name>()) {
    if (const auto* name = world.TryGetComponent<ecs::Name>(entity); name != nullptr && !name->value.empty()) {
      return name->value;
    }
  }
  return ecs::ToHex(id);
}

// ---- Creation -----------------------------------------------------------------------

Action CreateEmpty(Coordinator& world, EntityId parent) {
  return MakeCreate(world, "Empty", parent, {ValueOf(world, ecs::Transform{})});
}

Action CreatePrimitive(Coordinator& world, ecs::MeshShape shape, EntityId parent, glm::vec3 position) {
  ecs::MeshRenderer mesh;
  mesh.mesh = shape;
  ecs::Transform transform;
  transform.position = position;
  return MakeCreate(world, std::string(PrimitiveName(shape)), parent, {ValueOf(world, transform), ValueOf(world, mesh)});
}

Action CreateMeshEntity(Coordinator& world, std::string_view asset, glm::vec3 position, EntityId parent) {
  if (asset.empty()) throw ActionError("cannot create an entity for a mesh without a path");
  ecs::Transform transform;
  transform.position = position;
  ecs::MeshRenderer mesh;
  mesh.color = glm::vec4(1.0f);
  mesh.asset = std::string(asset);
  std::string name = std::filesystem::path(mesh.asset).stem().string();
  if (name.empty()) name = "Mesh";
  Action action = MakeCreate(world, name, parent, {ValueOf(world, transform), ValueOf(world, mesh)});
  action.name = "Create '" + name + "'";
  return action;
}

Action CreateLight(Coordinator& world, ecs::LightType type, EntityId parent) {
  ecs::Transform transform;
  if (type == ecs::LightType::kDirectional) {
    transform.rotation = glm::quat(glm::radians(glm::vec3(-50.0f, -30.0f, 0.0f)));
  } else {
    transform.position = glm::vec3(0.0f, 3.0f, 0.0f);
    if (type == ecs::LightType::kSpot) transform.rotation = glm::quat(glm::radians(glm::vec3(-90.0f, 0.0f, 0.0f)));
  }
  ecs::Light light;
  light.type = type;
  return MakeCreate(world, std::string(LightName(type)), parent, {ValueOf(world, transform), ValueOf(world, light)});
}

Action CreateCamera(Coordinator& world, EntityId parent) {
  ecs::Camera camera;
  camera.primary = true;
  world.Each<ecs::Camera>([&camera](Entity, const ecs::Camera& other) {
    if (other.primary) camera.primary = false;
  });
  ecs::Transform transform;
  transform.position = glm::vec3(0.0f, 1.0f, 10.0f);
  return MakeCreate(world, "Camera", parent, {ValueOf(world, transform), ValueOf(world, camera)});
}

// ---- Structure ------------------------------------------------------------------------

Action Delete(const Coordinator& world, std::span<const EntityId> ids) {
  const std::vector<Entity> roots = RequireRootMost(world, ids, "delete");
  Action action{CountedName(world, "Delete", roots), {}};
  for (Entity root : roots) action.commands.emplace_back(ecs::DestroySubtreeCommand{world.GetEntityId(root)});
  return action;
}

Action Duplicate(Coordinator& world, std::span<const EntityId> ids, serialization::PrefabLibrary* prefabs) {
  std::vector<Entity> roots = RequireRootMost(world, ids, "duplicate");
  const std::string name = CountedName(world, "Duplicate", roots);
  // Copies are inserted right after their originals; doing the later siblings
  // first keeps every earlier original's position valid.
  struct Job {
    Entity root;
    Entity parent;
    std::uint32_t index;
  };
  std::vector<Job> jobs;
  for (Entity root : roots) jobs.push_back({root, world.GetParent(root), world.SiblingIndex(root)});
  std::stable_sort(jobs.begin(), jobs.end(), [](const Job& a, const Job& b) {
    if (a.parent != b.parent) {
      return std::pair(a.parent.index, a.parent.generation) < std::pair(b.parent.index, b.parent.generation);
    }
    return a.index > b.index;
  });

  SubtreeRecords subtrees;
  for (const Job& job : jobs) subtrees.push_back(ecs::SnapshotSubtree(world, job.root));
  GiveFreshIds(subtrees, world, OutsideReferences::kKeep, prefabs);

  std::map<std::pair<std::uint32_t, std::uint32_t>, std::set<std::string>> names_by_parent;
  const std::size_t name_type = world.GetComponentInfo(world.GetComponentType<ecs::Name>()).type_index;
  Action action{name, {}};
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    ecs::EntityRecord& root = subtrees[i].front();
    root.position = jobs[i].index + 1;
    const auto key = std::pair(jobs[i].parent.index, jobs[i].parent.generation);
    auto taken = names_by_parent.find(key);
    if (taken == names_by_parent.end()) taken = names_by_parent.emplace(key, ChildNames(world, jobs[i].parent)).first;
    for (ComponentValue& value : root.components) {
      if (value.Info().type_index != name_type) continue;
      std::string& entity_name = value.As<ecs::Name>().value;
      entity_name = CopyName(entity_name, taken->second);
    }
    action.commands.emplace_back(ecs::RestoreSubtreeCommand{std::move(subtrees[i])});
  }
  return action;
}

Action Rename(const Coordinator& world, EntityId id, std::string name) {
  RequireEntity(world, id, "rename");
  Action action{"Rename '" + name + "'", {}};
  action.commands.emplace_back(ecs::RenameCommand{id, std::move(name)});
  return action;
}

Action Move(const Coordinator& world, std::span<const EntityId> ids, EntityId new_parent, std::uint32_t position) {
  const std::vector<Entity> roots = RequireRootMost(world, ids, "move");
  const Entity parent = world.FindEntity(new_parent);
  if (new_parent && parent.IsNull()) {
    throw ActionError("cannot move under " + ecs::ToHex(new_parent) + ": no entity has that id");
  }
  for (Entity root : roots) {
    if (parent.IsNull()) break;
    if (root == parent) throw ActionError("cannot move " + world.DescribeEntity(root) + " under itself");
    if (world.IsAncestorOf(root, parent)) {
      throw ActionError("cannot move " + world.DescribeEntity(root) + " under " + world.DescribeEntity(parent) +
                        ": it is a descendant of the moved entity");
    }
  }

  // Simulate the new parent's child list as the commands will change it, so
  // every command's position is exact at the moment it is applied.
  std::vector<Entity> siblings = world.GetChildren(parent);
  const std::unordered_set<std::uint64_t> moving = [&] {
    std::unordered_set<std::uint64_t> set;
    for (Entity root : roots) set.insert(world.GetEntityId(root).value);
    return set;
  }();
  Entity anchor = ecs::kNullEntity;  // the first child that stays, at or after `position`
  for (std::size_t i = std::min<std::size_t>(position, siblings.size()); i < siblings.size(); ++i) {
    if (!moving.contains(world.GetEntityId(siblings[i]).value)) {
      anchor = siblings[i];
      break;
    }
  }

  const std::vector<Entity> initial = siblings;
  Action action{CountedName(world, "Move", roots), {}};
  bool all_from_parent = true;
  for (Entity root : roots) {
    const bool same_parent = world.GetParent(root) == parent;
    all_from_parent = all_from_parent && same_parent;
    std::size_t old_index = siblings.size();
    if (same_parent) {
      old_index = static_cast<std::size_t>(std::find(siblings.begin(), siblings.end(), root) - siblings.begin());
      siblings.erase(siblings.begin() + static_cast<std::ptrdiff_t>(old_index));
    }
    const auto target = anchor.IsNull() ? siblings.end() : std::find(siblings.begin(), siblings.end(), anchor);
    const auto target_index = static_cast<std::uint32_t>(target - siblings.begin());
    siblings.insert(target, root);
    if (same_parent && old_index == target_index) continue;
    // Within one parent the world transform cannot change: do not recompute it.
    action.commands.emplace_back(
        ecs::SetParentCommand{world.GetEntityId(root), new_parent, target_index, !same_parent});
  }
  if (all_from_parent && siblings == initial) action.commands.clear();  // the block was already in place
  return action;
}

Action Unparent(const Coordinator& world, std::span<const EntityId> ids) {
  std::vector<Entity> roots = RequireRootMost(world, ids, "unparent");
  std::erase_if(roots, [&](Entity root) { return world.GetParent(root).IsNull(); });
  if (roots.empty()) throw ActionError("cannot unparent: the selected entities are already at the root");
  std::vector<EntityId> moved;
  for (Entity root : roots) moved.push_back(world.GetEntityId(root));
  Action action = Move(world, moved, ecs::kNoEntityId, ecs::kAppendPosition);
  action.name = CountedName(world, "Unparent", roots);
  return action;
}

// ---- Components --------------------------------------------------------------------------

Action AddComponent(const Coordinator& world, std::span<const EntityId> ids, std::string_view component) {
  const std::vector<Entity> entities = RequireEntities(world, ids, "add component " + std::string(component));
  const ecs::ComponentInfo& info = RequireEditable(world, component, "add");
  Action action;
  for (Entity entity : entities) {
    if (world.HasComponent(entity, info.type)) continue;
    action.commands.emplace_back(
        ecs::AddComponentCommand{world.GetEntityId(entity), ComponentValue(world.GetComponentInfoPtr(info.type))});
  }
  if (action.commands.empty()) {
    if (entities.size() == 1) {
      throw ActionError("cannot add component " + info.name + " to " + world.DescribeEntity(entities.front()) +
                        ": it already has one");
    }
    throw ActionError("cannot add component " + info.name + ": all " + std::to_string(entities.size()) +
                      " selected entities already have one");
  }
  action.name =
      "Add " + info.name + (action.commands.size() == 1 ? std::string() : " to " + Plural(action.commands.size()));
  return action;
}

Action RemoveComponent(const Coordinator& world, std::span<const EntityId> ids, std::string_view component) {
  const std::vector<Entity> entities = RequireEntities(world, ids, "remove component " + std::string(component));
  const ecs::ComponentInfo& info = RequireEditable(world, component, "remove");
  Action action;
  for (Entity entity : entities) {
    if (!world.HasComponent(entity, info.type)) continue;
    action.commands.emplace_back(ecs::RemoveComponentCommand{world.GetEntityId(entity), info.name});
  }
  if (action.commands.empty()) {
    if (entities.size() == 1) {
      throw ActionError("cannot remove component " + info.name + " from " + world.DescribeEntity(entities.front()) +
                        ": it has none");
    }
    throw ActionError("cannot remove component " + info.name + ": none of the " + std::to_string(entities.size()) +
                      " selected entities has one");
  }
  action.name =
      "Remove " + info.name + (action.commands.size() == 1 ? std::string() : " from " + Plural(action.commands.size()));
  return action;
}

Action SetComponent(const Coordinator& world, EntityId id, ComponentValue value) {
  const Entity entity = RequireEntity(world, id, "change component " + value.Name());
  const ecs::ComponentInfo* info = world.FindComponentInfo(value.Name());
  if (info == nullptr || info->type_index != value.Info().type_index) {
    throw ActionError("cannot change component " + value.Name() + " of " + world.DescribeEntity(entity) +
                      ": it is not registered in this scene");
  }
  if (!world.HasComponent(entity, info->type)) {
    throw ActionError("cannot change component " + value.Name() + " of " + world.DescribeEntity(entity) +
                      ": it has no component " + value.Name());
  }
  Action action{"Change " + value.Name(), {}};
  action.commands.emplace_back(ecs::SetComponentCommand{id, std::move(value)});
  return action;
}

namespace {

// The world's registration of the component `value` belongs to.
const ecs::ComponentInfo& RequireFieldComponent(const Coordinator& world, const ecs::FieldValue& value) {
  const ecs::ComponentInfo* info = world.FindComponentInfo(value.ComponentName());
  if (info == nullptr || info->type_index != value.Component().type_index) {
    throw ActionError("cannot change " + value.Path() + ": component " + value.ComponentName() +
                      " is not registered in this scene");
  }
  return *info;
}

// One SetFieldCommand per listed entity having the component: `value_of(i)`
// is the value for ids[i].
template <typename ValueOf>
Action PatchEach(const Coordinator& world, std::span<const EntityId> ids, const ecs::FieldValue& first,
                 ecs::ElementMask elements, ValueOf&& value_of) {
  const std::string path = first.Path();
  const ecs::ComponentInfo& info = RequireFieldComponent(world, first);
  if (!ecs::ElementMaskFits(first.Field().type, elements)) {
    throw ActionError("cannot change " + path + ": a " + std::string(ecs::TraitsOf(first.Field().type).name) +
                      " has no such components");
  }
  const std::vector<Entity> entities = RequireEntities(world, ids, "change " + path);
  Action action;
  action.commands.reserve(entities.size());
  for (std::size_t i = 0; i < entities.size(); ++i) {
    if (!world.HasComponent(entities[i], info.type)) continue;
    action.commands.emplace_back(ecs::SetFieldCommand{ids[i], value_of(i), elements});
  }
  if (action.commands.empty()) {
    if (entities.size() == 1) {
      throw ActionError("cannot change " + path + " of " + world.DescribeEntity(entities.front()) +
                        ": it has no component " + info.name);
    }
    throw ActionError("cannot change " + path + ": none of the " + std::to_string(entities.size()) +
                      " selected entities has component " + info.name);
  }
  action.name =
      "Change " + path + (action.commands.size() == 1 ? std::string() : " on " + Plural(action.commands.size()));
  return action;
}

// The index of `field` among its component's fields.
std::size_t FieldIndex(const ecs::ComponentInfo& info, const ecs::FieldInfo& field) {
  return static_cast<std::size_t>(&field - info.fields.data());
}

}  // namespace

Action SetField(const Coordinator& world, std::span<const EntityId> ids, const ecs::FieldValue& value,
                ecs::ElementMask elements) {
  return PatchEach(world, ids, value, elements, [&value](std::size_t) { return value; });
}

Action SetFieldEach(const Coordinator& world, std::span<const EntityId> ids, std::span<const ecs::FieldValue> values) {
  if (values.size() != ids.size() || values.empty()) {
    throw ActionError("cannot change a field: " + std::to_string(values.size()) + " values for " +
                      std::to_string(ids.size()) + " entities");
  }
  for (const ecs::FieldValue& value : values) {
    if (value.ComponentName() != values.front().ComponentName() || value.FieldIndex() != values.front().FieldIndex()) {
      throw ActionError("cannot change " + values.front().Path() + ": a value for " + value.Path() + " is among its values");
    }
  }
  return PatchEach(world, ids, values.front(), ecs::kAllElements, [&values](std::size_t i) { return values[i]; });
}

Action SetField(const Coordinator& world, std::span<const EntityId> ids, std::string_view component,
                std::string_view field, const ecs::PlainValue& value) {
  const std::string path = std::string(component) + "." + std::string(field);
  RequireEntities(world, ids, "change " + path);
  const ecs::ComponentInfo* info = world.FindComponentInfo(component);
  if (info == nullptr) {
    throw ActionError("cannot change " + path + ": no component is named '" + std::string(component) + "'");
  }
  const ecs::FieldInfo* field_info = info->FindField(field);
  if (field_info == nullptr) {
    throw ActionError("cannot change " + path + ": component " + info->name + " has no field '" + std::string(field) +
                      "'");
  }
  try {
    return SetField(world, ids,
                    ecs::FieldValue::FromPlain(world.GetComponentInfoPtr(info->type), FieldIndex(*info, *field_info),
                                               value, path));
  } catch (const ecs::CommandError& error) {
    throw ActionError(std::string("cannot change ") + error.what());  // the message starts with the path
  }
}

Action SetField(const Coordinator& world, std::span<const EntityId> ids, ecs::ComponentType type,
                const ecs::FieldInfo& field, const void* source) {
  if (type >= world.ComponentTypeCount()) {
    throw ActionError("cannot change field " + field.name + ": no component type " + std::to_string(type));
  }
  const ecs::ComponentInfo& info = world.GetComponentInfo(type);
  const std::string path = info.name + "." + field.name;
  if (info.FindField(field.name) != &field) {
    throw ActionError("cannot change " + path + ": the field is not one of " + info.name + "'s in this scene");
  }
  try {
    return SetField(world, ids,
                    ecs::FieldValue::Checked(world.GetComponentInfoPtr(type), FieldIndex(info, field),
                                             &field.Ref<std::byte>(source)));
  } catch (const ecs::CommandError& error) {
    throw ActionError(std::string("cannot change ") + error.what());  // the message starts with the path
  }
}

Action PasteComponentValue(const Coordinator& world, std::span<const EntityId> ids, const ComponentValue& value) {
  const std::vector<Entity> entities = RequireEntities(world, ids, "paste component " + value.Name());
  const ecs::ComponentInfo* info = world.FindComponentInfo(value.Name());
  if (info == nullptr || info->type_index != value.Info().type_index) {
    throw ActionError("cannot paste component " + value.Name() + ": it is not registered in this scene");
  }
  if (info->type == world.GetComponentType<ecs::Hierarchy>()) {
    throw ActionError("cannot paste component Hierarchy: use Move to change parents");
  }
  Action action{"Paste " + info->name + (entities.size() == 1 ? std::string() : " onto " + Plural(entities.size())),
                {}};
  for (Entity entity : entities) {
    const EntityId id = world.GetEntityId(entity);
    if (world.HasComponent(entity, info->type)) {
      action.commands.emplace_back(ecs::SetComponentCommand{id, value});
    } else {
      action.commands.emplace_back(ecs::AddComponentCommand{id, value});
    }
  }
  return action;
}

Action RetargetAssets(Coordinator& world, std::string_view from, std::string_view to, bool folder) {
  // The new path of `path`, or none when it does not refer to `from`.
  const auto retarget = [&](const std::string& path) -> std::optional<std::string> {
    if (path == from) return std::string(to);
    if (folder && path.size() > from.size() && path.starts_with(from) && path[from.size()] == '/') {
      return std::string(to) + path.substr(from.size());
    }
    return std::nullopt;
  };
  return RetargetAssets(world, "Update references to '" + std::string(from) + "'", retarget);
}

Action RetargetAssets(Coordinator& world, std::string name, const AssetRetarget& retarget) {
  Action action{std::move(name), {}};
  for (ecs::ComponentType type = 0; type < world.ComponentTypeCount(); ++type) {
    const ecs::ComponentInfo& info = world.GetComponentInfo(type);
    const bool has_asset = std::any_of(info.fields.begin(), info.fields.end(),
                                       [](const ecs::FieldInfo& field) { return field.type == ecs::FieldType::kAsset; });
    if (!has_asset) continue;
    const std::shared_ptr<const ecs::ComponentInfo>& info_ptr = world.GetComponentInfoPtr(type);
    world.EachComponentData(type, [&](Entity entity, void* data) {
      std::optional<ComponentValue> changed;
      for (const ecs::FieldInfo& field : info.fields) {
        if (field.type != ecs::FieldType::kAsset) continue;
        std::optional<std::string> path = retarget(field.Ref<std::string>(data));
        if (!path) continue;
        if (!changed) changed.emplace(info_ptr, data);
        field.Ref<std::string>(changed->Data()) = std::move(*path);
      }
      if (changed) action.commands.emplace_back(ecs::SetComponentCommand{world.GetEntityId(entity), std::move(*changed)});
    });
  }
  return action;
}

// ---- Helpers ------------------------------------------------------------------------------

std::vector<EntityId> CreatedEntities(const Action& action) {
  std::vector<EntityId> created;
  for (const ecs::Command& command : action.commands) {
    if (const auto* create = std::get_if<ecs::CreateEntityCommand>(&command)) created.push_back(create->id);
    if (const auto* restore = std::get_if<ecs::RestoreSubtreeCommand>(&command); restore && !restore->records.empty()) {
      created.push_back(restore->records.front().id);
    }
  }
  return created;
}

std::string FieldMergeKey(std::span<const EntityId> ids, std::string_view component, std::string_view field,
                          ecs::ElementMask elements) {
  std::string key = std::string(component) + "." + std::string(field);
  if (elements != ecs::kAllElements) key += "[" + std::to_string(elements) + "]";
  key += "@";
  for (std::size_t i = 0; i < ids.size(); ++i) key += (i == 0 ? "" : ",") + ecs::ToHex(ids[i]);
  return key;
}

}  // namespace cairn::editor::actions
