// Random sequences of actions, applied through the command queue and mirrored
// on a simple reference model. After every step the world must match the
// model (entities, parents, sibling order, component values), and applying
// an action's inverse must give back exactly the world from before it.

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <string>
#include <variant>
#include <vector>

#include <catch2/catch.hpp>

#include "cairn/ecs/builtin_components.h"
#include "cairn/ecs/command.h"
#include "cairn/ecs/command_queue.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/ecs/transform_system.h"
#include "cairn/ecs/world_dump.h"
#include "ecs_test_support.h"

using namespace cairn::ecs;
using cairn::ecs::test::TestWorld;
using cairn::ecs::test::IdsOf;
using cairn::ecs::test::ValueOf;

namespace {

using Rng = std::mt19937_64;

const std::vector<std::string> kComponentNames{"Name",   "Transform", "MeshRenderer", "Light", "Camera",
                                               "Rotator", "Follow",   "Static",       "Player"};

// ---- The reference model -------------------------------------------------------

struct ModelEntity {
  EntityId parent;
  std::vector<EntityId> children;
  std::map<std::string, PlainValue> components;
};

struct Model {
  std::map<EntityId, ModelEntity> entities;
  std::vector<EntityId> roots;

  bool Has(EntityId id) const { return entities.contains(id); }

  std::vector<EntityId>& ChildrenOf(EntityId parent) { return parent ? entities.at(parent).children : roots; }

  // The entity and its descendants, parents first.
  std::vector<EntityId> Subtree(EntityId root) const {
    std::vector<EntityId> ids{root};
    for (std::size_t i = 0; i < ids.size(); ++i) {
      const auto& children = entities.at(ids[i]).children;
      ids.insert(ids.end(), children.begin(), children.end());
    }
    return ids;
  }

  bool InSubtree(EntityId root, EntityId id) const {
    const auto ids = Subtree(root);
    return std::find(ids.begin(), ids.end(), id) != ids.end();
  }

  bool HasComponent(EntityId id, const std::string& name) const {
    return Has(id) && entities.at(id).components.contains(name);
  }

  void Insert(EntityId id, EntityId parent, std::uint32_t position) {
    std::vector<EntityId>& siblings = ChildrenOf(parent);
    const std::size_t at = std::min<std::size_t>(position, siblings.size());
    siblings.insert(siblings.begin() + static_cast<std::ptrdiff_t>(at), id);
    entities.at(id).parent = parent;
  }

  void Unlink(EntityId id) { std::erase(ChildrenOf(entities.at(id).parent), id); }

  // Whether the ECS must accept the command in this state.
  bool Valid(const Command& command) const {
    return std::visit([this](const auto& c) { return ValidCommand(c); }, command);
  }

  bool ValidCommand(const CreateEntityCommand& c) const { return c.id && !Has(c.id) && (!c.parent || Has(c.parent)); }
  bool ValidCommand(const DestroySubtreeCommand& c) const { return Has(c.id); }
  bool ValidCommand(const RestoreSubtreeCommand& c) const {
    if (c.records.empty()) return false;
    std::vector<EntityId> seen;
    for (const EntityRecord& record : c.records) {
      if (!record.id || Has(record.id) || std::find(seen.begin(), seen.end(), record.id) != seen.end()) return false;
      const bool parent_ok = &record == &c.records.front()
                                 ? (!record.parent || Has(record.parent))
                                 : std::find(seen.begin(), seen.end(), record.parent) != seen.end();
      if (!parent_ok) return false;
      seen.push_back(record.id);
    }
    return true;
  }
  bool ValidCommand(const AddComponentCommand& c) const { return Has(c.id) && !HasComponent(c.id, c.value.Name()); }
  bool ValidCommand(const RemoveComponentCommand& c) const { return HasComponent(c.id, c.component); }
  bool ValidCommand(const SetComponentCommand& c) const { return HasComponent(c.id, c.value.Name()); }
  bool ValidCommand(const SetFieldCommand& c) const { return HasComponent(c.id, c.value.ComponentName()); }
  bool ValidCommand(const SetParentCommand& c) const {
    return Has(c.id) && (!c.parent || (Has(c.parent) && !InSubtree(c.id, c.parent)));
  }
  bool ValidCommand(const RenameCommand& c) const { return Has(c.id); }

  // Precondition: Valid(command).
  void Apply(const Command& command) {
    std::visit([this](const auto& c) { ApplyCommand(c); }, command);
  }

  void ApplyCommand(const CreateEntityCommand& c) {
    entities[c.id].components["Name"] = PlainValue(PlainValue::Object{{"value", c.name}});
    Insert(c.id, c.parent, c.position);
  }
  void ApplyCommand(const DestroySubtreeCommand& c) {
    Unlink(c.id);
    for (EntityId id : Subtree(c.id)) entities.erase(id);
  }
  void ApplyCommand(const RestoreSubtreeCommand& c) {
    for (const EntityRecord& record : c.records) {
      ModelEntity& entity = entities[record.id];
      for (const ComponentValue& value : record.components) entity.components[value.Name()] = value.ToPlain();
      Insert(record.id, record.parent, record.position);
    }
  }
  void ApplyCommand(const AddComponentCommand& c) { entities.at(c.id).components[c.value.Name()] = c.value.ToPlain(); }
  void ApplyCommand(const RemoveComponentCommand& c) { entities.at(c.id).components.erase(c.component); }
  void ApplyCommand(const SetComponentCommand& c) { entities.at(c.id).components[c.value.Name()] = c.value.ToPlain(); }
  // The model's own reading of a patch: the field's plain value, or the
  // listed elements of its array, replaced; nothing else.
  void ApplyCommand(const SetFieldCommand& c) {
    PlainValue::Object& fields = entities.at(c.id).components.at(c.value.ComponentName()).AsObject();
    const auto field = std::find_if(fields.begin(), fields.end(),
                                    [&](const auto& entry) { return entry.first == c.value.Field().name; });
    const PlainValue given = c.value.ToPlain();
    if (c.elements == kAllElements) {
      field->second = given;
      return;
    }
    if (!given.IsArray()) {  // a float: its one element
      field->second = given;
      return;
    }
    for (std::size_t i = 0; i < given.AsArray().size(); ++i) {
      if ((c.elements >> i) & 1u) field->second.AsArray()[i] = given.AsArray()[i];
    }
  }
  void ApplyCommand(const SetParentCommand& c) {
    Unlink(c.id);
    Insert(c.id, c.parent, c.position);
  }
  void ApplyCommand(const RenameCommand& c) {
    entities.at(c.id).components["Name"] = PlainValue(PlainValue::Object{{"value", c.name}});
  }
};

// Compares the world with the model; returns a description of the first
// difference, or an empty string.
std::string Difference(const Coordinator& world, const Model& model) {
  if (world.EntityCount() != model.entities.size()) {
    return "entity count " + std::to_string(world.EntityCount()) + " vs model " + std::to_string(model.entities.size());
  }
  if (IdsOf(world, world.GetChildren(kNullEntity)) != model.roots) return "root order differs";
  const ComponentType hierarchy = world.GetComponentType<Hierarchy>();
  for (const auto& [id, expected] : model.entities) {
    const Entity entity = world.FindEntity(id);
    if (entity.IsNull()) return "entity " + ToHex(id) + " is missing";
    const Entity parent = world.GetParent(entity);
    if ((parent.IsNull() ? kNoEntityId : world.GetEntityId(parent)) != expected.parent) {
      return "entity " + ToHex(id) + " has the wrong parent";
    }
    if (IdsOf(world, world.GetChildren(entity)) != expected.children) {
      return "entity " + ToHex(id) + " has the wrong children";
    }
    std::map<std::string, PlainValue> components;
    world.GetSignature(entity).ForEach([&](ComponentType type) {
      if (type == hierarchy) return;
      const ComponentInfo& info = world.GetComponentInfo(type);
      components[info.name] = ComponentToPlain(info, world.GetComponentData(entity, type));
    });
    if (components != expected.components) return "entity " + ToHex(id) + " has different components";
  }
  return {};
}

// ---- Random commands -------------------------------------------------------------

class Generator {
 public:
  Generator(const Coordinator& world, std::uint64_t seed) : world_(world), random_(seed) {}

  bool Chance(unsigned percent) { return random_() % 100 < percent; }
  std::size_t Below(std::size_t bound) { return static_cast<std::size_t>(random_() % bound); }

  // A random action of 1..4 commands, valid against the model as it evolves
  // through the action, except that some are made to fail on purpose.
  Action MakeAction(const Model& model, std::size_t step) {
    Model working = model;
    Action action{"step " + std::to_string(step), {}};
    const std::size_t count = Chance(70) ? 1 : 2 + Below(3);
    for (std::size_t i = 0; i < count; ++i) {
      Command command = Chance(4) ? MakeInvalid(working) : MakeValid(working);
      if (working.Valid(command)) working.Apply(command);
      action.commands.push_back(std::move(command));
    }
    return action;
  }

 private:
  EntityId FreshId(const Model& model) {
    for (;;) {
      // Small ids now and then, so sequential-looking ids are covered too.
      const EntityId id{Chance(10) ? 1 + random_() % 1000 : random_()};
      if (id && !model.Has(id)) return id;
    }
  }

  EntityId AnyEntity(const Model& model) {
    auto it = model.entities.begin();
    std::advance(it, static_cast<std::ptrdiff_t>(Below(model.entities.size())));
    return it->first;
  }

  EntityId AnyParent(const Model& model) { return model.entities.empty() || Chance(25) ? kNoEntityId : AnyEntity(model); }

  std::uint32_t AnyPosition(std::size_t sibling_count) {
    if (Chance(30)) return kAppendPosition;
    return static_cast<std::uint32_t>(Below(sibling_count + 3));  // past the end is clamped
  }

  float AnyFloat() { return static_cast<float>(static_cast<int>(Below(81)) - 40) * 0.125f; }
  glm::vec3 AnyVec3() { return {AnyFloat(), AnyFloat(), AnyFloat()}; }

  std::string AnyName() {
    static const std::vector<std::string> kNames{"Crate", "Lamp", "Player", "Tree", "", "Rock \"big\"", "Caf\xc3\xa9"};
    return kNames[Below(kNames.size())] + std::to_string(Below(100));
  }

  ComponentValue AnyValue(const Model& model, const std::string& component) {
    if (component == "Name") return ValueOf(world_, Name{AnyName()});
    if (component == "Transform") {
      const glm::quat rotation = glm::normalize(glm::quat(1.0f + std::abs(AnyFloat()), AnyFloat(), AnyFloat(), AnyFloat()));
      return ValueOf(world_, Transform{AnyVec3(), rotation, AnyVec3()});
    }
    if (component == "MeshRenderer") {
      return ValueOf(world_, MeshRenderer{static_cast<MeshShape>(Below(5)), {AnyFloat(), AnyFloat(), AnyFloat(), 1.0f}, Below(3) == 0 ? "props/crate.gltf" : ""});
    }
    if (component == "Light") {
      return ValueOf(world_, Light{static_cast<LightType>(Below(3)), AnyVec3(), AnyFloat(), AnyFloat(), AnyFloat()});
    }
    if (component == "Camera") return ValueOf(world_, Camera{AnyFloat(), AnyFloat(), AnyFloat(), Chance(50)});
    if (component == "Rotator") return ValueOf(world_, Rotator{AnyVec3(), AnyFloat()});
    if (component == "Follow") {
      const EntityId target = model.entities.empty() || Chance(20) ? kNoEntityId : AnyEntity(model);
      return ValueOf(world_, Follow{target, AnyVec3(), AnyFloat()});
    }
    if (component == "Static") return ValueOf(world_, Static{});
    return ValueOf(world_, Player{});
  }

  std::vector<std::string> ComponentsOf(const Model& model, EntityId id, bool present) {
    std::vector<std::string> names;
    for (const std::string& name : kComponentNames) {
      if (model.HasComponent(id, name) == present) names.push_back(name);
    }
    return names;
  }

  Command MakeCreate(const Model& model) {
    const EntityId parent = AnyParent(model);
    const std::size_t siblings = parent ? model.entities.at(parent).children.size() : model.roots.size();
    return CreateEntityCommand{FreshId(model), AnyName(), parent, AnyPosition(siblings)};
  }

  // A copy of an existing subtree under fresh ids, as paste and duplicate make.
  Command MakePaste(const Model& model) {
    const EntityId source = AnyEntity(model);
    const std::vector<EntityId> ids = model.Subtree(source);
    std::map<EntityId, EntityId> fresh;
    Model reserved = model;  // fresh ids must not collide with each other either
    for (EntityId id : ids) {
      fresh[id] = FreshId(reserved);
      reserved.entities[fresh[id]];
    }
    RestoreSubtreeCommand restore;
    for (EntityId id : ids) {
      const ModelEntity& original = model.entities.at(id);
      EntityRecord record;
      record.id = fresh.at(id);
      if (id == source) {
        record.parent = AnyParent(model);
        const std::size_t siblings = record.parent ? model.entities.at(record.parent).children.size() : model.roots.size();
        record.position = AnyPosition(siblings);
      } else {
        record.parent = fresh.at(original.parent);
        const auto& siblings = model.entities.at(original.parent).children;
        record.position = static_cast<std::uint32_t>(std::find(siblings.begin(), siblings.end(), id) - siblings.begin());
      }
      for (const auto& [name, plain] : original.components) {
        const ComponentInfo& info = *world_.FindComponentInfo(name);
        ComponentValue value(world_.GetComponentInfoPtr(info.type));
        ComponentFromPlain(info, plain, value.Data());
        record.components.push_back(std::move(value));
      }
      restore.records.push_back(std::move(record));
    }
    return restore;
  }

  // A patch of one field of `component` on `id` (which may lack it, to be
  // refused): a random field, and for a vector or colour a random non-empty
  // set of its components. A component without fields gets a rename instead.
  Command MakeFieldPatch(const Model& model, EntityId id, const std::string& component) {
    const ComponentInfo& info = *world_.FindComponentInfo(component);
    if (info.fields.empty()) return RenameCommand{id, AnyName()};
    const std::size_t field = Below(info.fields.size());
    const ComponentValue source = AnyValue(model, component);
    const FieldInfo& field_info = info.fields[field];
    ElementMask elements = kAllElements;
    const std::size_t floats = TraitsOf(field_info.type).floats;
    if (floats > 1 && field_info.type != FieldType::kQuat && Chance(75)) {
      elements = static_cast<ElementMask>(1 + Below((1u << floats) - 1));
    }
    return SetFieldCommand{id, FieldValue::Read(world_.GetComponentInfoPtr(info.type), field, source.Data()), elements};
  }

  Command MakeReparent(const Model& model) {
    const EntityId id = AnyEntity(model);
    std::vector<EntityId> candidates{kNoEntityId};
    for (const auto& [other, entity] : model.entities) {
      if (!model.InSubtree(id, other)) candidates.push_back(other);
    }
    const EntityId parent = candidates[Below(candidates.size())];
    const std::size_t siblings = parent ? model.entities.at(parent).children.size() : model.roots.size();
    return SetParentCommand{id, parent, AnyPosition(siblings), false};
  }

  Command MakeValid(const Model& model) {
    if (model.entities.empty() || (model.entities.size() < 80 && Chance(22))) return MakeCreate(model);
    const unsigned roll = static_cast<unsigned>(Below(100));
    const EntityId id = AnyEntity(model);
    if (roll < 8 || model.entities.size() > 120) return DestroySubtreeCommand{id};
    if (roll < 25) {
      const auto missing = ComponentsOf(model, id, false);
      if (!missing.empty()) return AddComponentCommand{id, AnyValue(model, missing[Below(missing.size())])};
    }
    if (roll < 37) {
      const auto present = ComponentsOf(model, id, true);
      if (!present.empty()) return RemoveComponentCommand{id, present[Below(present.size())]};
    }
    if (roll < 58) {
      const auto present = ComponentsOf(model, id, true);
      if (!present.empty()) return SetComponentCommand{id, AnyValue(model, present[Below(present.size())])};
    }
    if (roll < 68) {
      const auto present = ComponentsOf(model, id, true);
      if (!present.empty()) return MakeFieldPatch(model, id, present[Below(present.size())]);
    }
    if (roll < 80) return MakeReparent(model);
    if (roll < 90) return RenameCommand{id, AnyName()};
    if (roll < 96 && model.Subtree(id).size() <= 12) return MakePaste(model);
    return MakeCreate(model);
  }

  Command MakeInvalid(const Model& model) {
    const EntityId missing = FreshId(model);
    if (model.entities.empty()) return DestroySubtreeCommand{missing};
    const EntityId id = AnyEntity(model);
    switch (Below(7)) {
      case 0: return DestroySubtreeCommand{missing};
      case 1: return CreateEntityCommand{id, "duplicate id", kNoEntityId, kAppendPosition};
      case 2: return CreateEntityCommand{missing, "orphan", FreshId(model), 0};
      case 3: {
        const auto present = ComponentsOf(model, id, true);
        if (!present.empty()) return AddComponentCommand{id, AnyValue(model, present[Below(present.size())])};
        return RemoveComponentCommand{id, "Light"};
      }
      case 4: {
        const auto absent = ComponentsOf(model, id, false);
        if (!absent.empty()) return RemoveComponentCommand{id, absent[Below(absent.size())]};
        return RemoveComponentCommand{id, "Hierarchy"};
      }
      case 5: {
        const auto absent = ComponentsOf(model, id, false);
        if (!absent.empty() && Chance(50)) return SetComponentCommand{id, AnyValue(model, absent[Below(absent.size())])};
        if (!absent.empty()) {
          Command patch = MakeFieldPatch(model, id, absent[Below(absent.size())]);
          if (std::holds_alternative<SetFieldCommand>(patch)) return patch;
        }
        return RenameCommand{missing, "ghost"};
      }
      default: {
        const std::vector<EntityId> subtree = model.Subtree(id);
        return SetParentCommand{id, subtree[Below(subtree.size())], 0, false};  // itself or a descendant
      }
    }
  }

  const Coordinator& world_;
  Rng random_;
};

// Applies the action to a copy of the model; returns the index of the first
// command the ECS must refuse, or the command count when all are valid.
std::size_t FirstInvalid(Model& model, const Action& action) {
  Model working = model;
  for (std::size_t i = 0; i < action.commands.size(); ++i) {
    if (!working.Valid(action.commands[i])) return i;
    working.Apply(action.commands[i]);
  }
  model = std::move(working);
  return action.commands.size();
}

// Entry-wise comparison relative to the magnitude: deep chains of scaled
// transforms reach large values, and the two computations round differently.
bool RelativelyNear(const glm::mat4& a, const glm::mat4& b) {
  for (int column = 0; column < 4; ++column) {
    for (int row = 0; row < 4; ++row) {
      const float scale = std::max({1.0f, std::abs(a[column][row]), std::abs(b[column][row])});
      if (std::abs(a[column][row] - b[column][row]) > 1e-4f * scale) return false;
    }
  }
  return true;
}

std::vector<ActionResult> Flush(CommandQueue& queue, Coordinator& world, std::vector<Action> actions) {
  for (Action& action : actions) queue.Enqueue(std::move(action));
  return queue.Flush(world);
}

void RunRandomActions(std::uint64_t seed, std::size_t steps) {
  TestWorld world(seed);
  RegisterBuiltinComponents(world);
  CommandQueue queue;
  Model model;
  Generator generator(world, seed * 7919);
  std::size_t failures = 0;

  for (std::size_t step = 0; step < steps;) {
    // Usually one action per flush; sometimes a batch, where a failed action
    // must not stop the ones after it.
    const std::size_t batch = generator.Chance(10) ? 3 : 1;
    std::vector<Action> actions;
    std::vector<std::size_t> first_invalid;
    for (std::size_t i = 0; i < batch; ++i, ++step) {
      actions.push_back(generator.MakeAction(model, step));
      first_invalid.push_back(FirstInvalid(model, actions.back()));
    }
    const std::string before = DumpWorld(world);
    const std::vector<ActionResult> results = Flush(queue, world, actions);
    INFO("seed " << seed << ", step " << step);
    REQUIRE(results.size() == batch);

    std::vector<Action> inverses;
    for (std::size_t i = 0; i < batch; ++i) {
      const Action& action = actions[i];
      INFO("action '" << action.name << "' with " << action.commands.size() << " commands");
      if (first_invalid[i] == action.commands.size()) {
        REQUIRE(results[i].error.value_or("") == "");
        inverses.push_back(results[i].inverse);
      } else {
        ++failures;
        const std::size_t failed = first_invalid[i];
        REQUIRE_FALSE(results[i].Succeeded());
        REQUIRE_THAT(*results[i].error,
                     Catch::StartsWith("action '" + action.name + "' failed at command " + std::to_string(failed + 1) +
                                       " of " + std::to_string(action.commands.size()) + " (" +
                                       Describe(action.commands[failed]) + "): "));
        REQUIRE_THAT(*results[i].error, !Catch::Contains("rolling back also failed"));
      }
    }
    const std::string difference = Difference(world, model);
    REQUIRE(difference == "");
    if (inverses.empty()) {
      REQUIRE(DumpWorld(world) == before);
      continue;
    }

    // Undo everything this flush did (last action first), then redo it.
    const std::string after = DumpWorld(world);
    std::reverse(inverses.begin(), inverses.end());
    const std::vector<ActionResult> undone = Flush(queue, world, inverses);
    std::vector<Action> redo;
    for (const ActionResult& result : undone) {
      REQUIRE(result.error.value_or("") == "");
      redo.push_back(result.inverse);
    }
    REQUIRE(DumpWorld(world) == before);
    std::reverse(redo.begin(), redo.end());
    for (const ActionResult& result : Flush(queue, world, redo)) REQUIRE(result.error.value_or("") == "");
    REQUIRE(DumpWorld(world) == after);
  }
  // The generator must have exercised failures as well as successes.
  REQUIRE(failures > steps / 50);
  REQUIRE(model.entities.size() > 5);
}

}  // namespace

TEST_CASE("Random actions keep the world equal to the model, and inverses restore it", "[ecs][property]") {
  const auto seed = GENERATE(as<std::uint64_t>{}, 1, 2, 3, 4, 5);
  RunRandomActions(seed, 1000);
}

// World matrices cached by the TransformSystem must agree with matrices
// computed from scratch after any sequence of actions.
TEST_CASE("Random actions keep the TransformSystem's matrices current", "[ecs][property][transform]") {
  const auto seed = GENERATE(as<std::uint64_t>{}, 6, 7);
  TestWorld world(seed);
  RegisterBuiltinComponents(world);
  TransformSystem& transforms = *world.GetSystem<TransformSystem>();
  CommandQueue queue;
  Model model;
  Generator generator(world, seed * 104729);
  for (std::size_t step = 0; step < 600; ++step) {
    Action action = generator.MakeAction(model, step);
    FirstInvalid(model, action);
    queue.Enqueue(std::move(action));
    queue.Flush(world);
    if (step % 3 != 0) continue;  // let dirt accumulate over several actions
    world.UpdateSystems(0.0f);
    bool current = true;
    world.ForEachEntity([&](Entity entity) {
      current = current && RelativelyNear(transforms.WorldMatrix(entity), world.ComputeWorldMatrix(entity));
    });
    INFO("seed " << seed << ", step " << step);
    CHECK(current);
    if (!current) break;
  }
}
