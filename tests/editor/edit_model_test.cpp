// Random user-level edits through the editing session, checked against an
// independent reference model of the scene's values.
//
// The model is a table of every (entity, component, field) value as plain
// data, changed by the model's own reading of each edit: "type 2.5 into
// Position Y of these entities" sets element 1 of that field on each of them
// and nothing else; a typed rotation angle replaces one of the angles the
// entity shows and turns them into a quaternion the way glm does. After
// every action the world must hold exactly the model's table, and the set of
// (entity, component, field, element) that changed must be exactly the one
// the action intended. Undo and redo must walk back and forth through the
// same tables, and undoing everything must give back the first file byte for
// byte.
//
// CAIRN_EDIT_MODEL_ACTIONS sets the number of actions per seed (default 2,500
// over 4 seeds: 10,000 in all); scripts/edit-model.sh runs many more.

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include <catch2/catch.hpp>

#include <glm/gtc/quaternion.hpp>

#include "cairn/ecs/builtin_components.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/editor/actions.h"
#include "cairn/editor/clipboard.h"
#include "cairn/editor/editor_context.h"
#include "cairn/editor/euler_hints.h"
#include "cairn/editor/prefab_actions.h"
#include "cairn/editor/project_editor.h"
#include "cairn/serialization/prefab.h"
#include "cairn/serialization/project.h"
#include "cairn/serialization/project_scenes.h"
#include "cairn/serialization/scene_loader.h"
#include "cairn/serialization/scene_writer.h"
#include "cairn/serialization/unknown_components.h"
#include "cairn/test/files.h"
#include "test_world.h"

namespace ecs = cairn::ecs;
namespace actions = cairn::editor::actions;
namespace serialization = cairn::serialization;
using cairn::editor::EditorContext;
using cairn::editor::EditorOptions;
using cairn::editor::EnqueueOptions;
using cairn::editor::EulerHints;
using ecs::EntityId;
using ecs::PlainValue;

namespace {

// ---- The reference model ---------------------------------------------------------

using FieldKey = std::tuple<EntityId, std::string, std::string>;  // entity, component, field
using FieldTable = std::map<FieldKey, PlainValue>;
// One changed (entity, component, field, element); element -1: the whole
// value (not an array, or of another length), -2: the field appeared or went.
using Change = std::tuple<EntityId, std::string, std::string, int>;

// Every field of every component of every entity (the Hierarchy aside: the
// structure is not what these edits change).
FieldTable ReadTable(const ecs::Coordinator& world) {
  FieldTable table;
  const ecs::ComponentType hierarchy = world.GetComponentType<ecs::Hierarchy>();
  world.ForEachEntity([&](ecs::Entity entity) {
    const EntityId id = world.GetEntityId(entity);
    world.GetSignature(entity).ForEach([&](ecs::ComponentType type) {
      if (type == hierarchy) return;
      const ecs::ComponentInfo& info = world.GetComponentInfo(type);
      const PlainValue fields = ecs::ComponentToPlain(info, world.GetComponentData(entity, type));
      for (const auto& [name, value] : fields.AsObject()) table[{id, info.name, name}] = value;
    });
  });
  return table;
}

std::set<Change> Diff(const FieldTable& before, const FieldTable& after) {
  std::set<Change> changes;
  for (const auto& [key, value] : before) {
    const auto [id, component, field] = key;
    const auto other = after.find(key);
    if (other == after.end()) {
      changes.insert({id, component, field, -2});
      continue;
    }
    if (value == other->second) continue;
    if (value.IsArray() && other->second.IsArray() && value.AsArray().size() == other->second.AsArray().size()) {
      for (std::size_t i = 0; i < value.AsArray().size(); ++i) {
        if (!(value.AsArray()[i] == other->second.AsArray()[i])) changes.insert({id, component, field, static_cast<int>(i)});
      }
    } else {
      changes.insert({id, component, field, -1});
    }
  }
  for (const auto& [key, value] : after) {
    if (!before.contains(key)) changes.insert({std::get<0>(key), std::get<1>(key), std::get<2>(key), -2});
  }
  return changes;
}

std::string Describe(const std::set<Change>& changes) {
  std::string text;
  for (const auto& [id, component, field, element] : changes) {
    text += ecs::ToHex(id) + " " + component + "." + field + "[" + std::to_string(element) + "] ";
  }
  return text.empty() ? "(nothing)" : text;
}

double AsFloat(double value) { return static_cast<double>(static_cast<float>(value)); }

// The model's own reading of the angles a rotation shows: the newest angles
// typed for the entity that still give its quaternion, else glm's
// decomposition.
struct ModelAngles {
  std::map<EntityId, std::vector<glm::vec3>> typed;

  static glm::quat QuatOf(const PlainValue& xyzw) {
    const auto& a = xyzw.AsArray();
    return glm::quat(static_cast<float>(a[3].AsNumber()), static_cast<float>(a[0].AsNumber()),
                     static_cast<float>(a[1].AsNumber()), static_cast<float>(a[2].AsNumber()));
  }

  glm::vec3 Shown(EntityId id, const glm::quat& rotation) const {
    if (const auto found = typed.find(id); found != typed.end()) {
      for (auto angles = found->second.rbegin(); angles != found->second.rend(); ++angles) {
        if (std::abs(glm::dot(glm::quat(glm::radians(*angles)), rotation)) >= 1.0f - 1e-6f) return *angles;
      }
    }
    glm::vec3 degrees = glm::degrees(glm::eulerAngles(rotation));
    for (int i = 0; i < 3; ++i) {
      if (std::abs(degrees[i]) < 0.0005f) degrees[i] = 0.0f;
    }
    return degrees;
  }
};

// ---- The session under test ---------------------------------------------------------

// A game project whose components the project steps change.
constexpr const char* kProject = R"({
  "format": "cairn.project", "version": 1, "name": "Model",
  "components": [
    {"name": "Gate", "fields": [
      {"name": "locks", "type": "int", "default": 2},
      {"name": "tint", "type": "color", "default": [1, 1, 1, 1]},
      {"name": "swing", "type": "vec3", "default": [0, 90, 0]}]}
  ]
})";

class Session {
 public:
  // With `with_project`, the scene's Ball, Pillar and Level also have the
  // project's Gate, and project definition changes are among the actions.
  // With `with_prefabs`, the Level subtree becomes a prefab in a folder of
  // its own, placed twice, and prefab actions (revert, apply, unpack) are
  // among the actions.
  Session(std::uint64_t seed, bool with_project, bool with_prefabs = false) : random_(seed) {
    EditorOptions options;
    options.journaling = false;
    options.history_limit = 0;  // undo everything, however long the run
    if (with_prefabs) {
      folder_ = std::make_unique<cairn::test::TempDir>("edit-model");
      options.untitled_asset_folder = folder_->Path();
    }
    context_ = std::make_unique<EditorContext>(options);
    std::unique_ptr<ecs::Coordinator> world = BuildScene(seed);
    if (with_prefabs) MakeInstances(*world);
    if (with_project) {
      serialization::ProjectLoadResult project = serialization::LoadProject(kProject);
      REQUIRE(project.Ok());
      context_->SetProject(std::make_shared<const serialization::Project>(std::move(*project.project)));
      // The built-in scene read again with the project's types, each named entity given a Gate.
      serialization::LoadResult loaded =
          serialization::LoadScene(WithGates(Text(*world)), context_->SceneLoadOptions());
      INFO((loaded.diagnostics.empty() ? std::string() : loaded.diagnostics.front().message));
      REQUIRE(loaded.Ok());
      world = std::move(loaded.scene->world);
      project_editor_ = std::make_unique<cairn::editor::ProjectEditor>(*context_);
    }
    context_->ReplaceWorld(std::move(world));
    first_text_ = Text(context_->World());
    table_ = ReadTable(context_->World());
  }

  void Step() {
    if (project_editor_ && Chance(8)) return ProjectStep();
    if (folder_ && Chance(15)) return PrefabStep();
    const unsigned roll = static_cast<unsigned>(Below(100));
    if (roll < 30) return ElementEdit(false);
    if (roll < 38) return ElementEdit(true);  // a drag of several frames
    if (roll < 52) return RotationEdit();
    if (roll < 64) return WholeEdit();
    if (roll < 70) return RenameEdit();
    if (roll < 84) return UndoStep();
    if (roll < 94) return RedoStep();
    if (roll < 96) return DeleteOrDuplicate();
    if (roll < 98) return ClipboardEdit();
    return SaveAndReopenCheck();
  }

  // Undoes every step and checks the file is the first one, byte for byte.
  void UndoEverything() {
    while (context_->GetHistory().CanUndo()) {
      context_->Undo();
      Flush();
    }
    REQUIRE(Text(context_->World()) == first_text_);
  }

  std::size_t UndoCount() const { return context_->GetHistory().UndoCount(); }
  std::string PrefabText() const { return cairn::test::ReadText(*folder_ / "level.scene"); }

 private:
  // The scene's text with a Gate on each entity that has a MeshRenderer.
  static std::string WithGates(std::string text) {
    const std::string mesh = "\"MeshRenderer\": {";
    for (std::size_t at = text.find(mesh); at != std::string::npos; at = text.find(mesh, at + 80)) {
      text.insert(at, "\"Gate\": {\"locks\": " + std::to_string(at % 7) + ", \"tint\": [0.5, 0.25, 1, 1], \"swing\": [" +
                          std::to_string(at % 5) + ", 45, -1]},\n        ");
    }
    return text;
  }

  static std::string Text(const ecs::Coordinator& world) {
    return serialization::SaveSceneToString(world, PlainValue::MakeObject());
  }

  static std::unique_ptr<ecs::Coordinator> SceneWorld(std::uint64_t seed) {
    std::unique_ptr<ecs::Coordinator> world = cairn::editor::testing::MakeWorld(seed);
    serialization::RegisterUnknownComponents(*world);
    serialization::RegisterPrefabInstance(*world);
    return world;
  }

  // Level and its subtree become the prefab level.scene, and a second
  // instance of it is placed.
  void MakeInstances(ecs::Coordinator& world) {
    namespace t = cairn::editor::testing;
    serialization::PrefabLibrary& library = *context_->Prefabs();
    const EntityId level = world.GetEntityId(world.FirstChild(ecs::kNullEntity));
    REQUIRE(world.GetComponent<ecs::Name>(world.GetEntity(level)).value == "Level");
    t::Apply(world, actions::CreatePrefab(world, level, "level.scene", library, SceneWorld(99)).action);
    const EntityId ids[] = {level};
    for (int copy = 0; copy < 3; ++copy) t::Apply(world, actions::Duplicate(world, ids, &library));
  }

  static std::unique_ptr<ecs::Coordinator> BuildScene(std::uint64_t seed) {
    std::unique_ptr<ecs::Coordinator> world = SceneWorld(seed);
    namespace t = cairn::editor::testing;
    const EntityId level = t::AddEntity(*world, "Level");
    const EntityId ball = t::AddEntity(*world, "Ball", level);
    const EntityId pillar = t::AddEntity(*world, "Pillar", level);
    const EntityId lamp = t::AddEntity(*world, "Lamp");
    const EntityId sun = t::AddEntity(*world, "Sun");
    const EntityId chaser = t::AddEntity(*world, "Chaser", ball);
    const EntityId camera = t::AddEntity(*world, "Camera");
    t::Put(*world, ball, ecs::Transform{{1, 0.5f, -2}, glm::quat(1, 0, 0, 0), {1, 1, 1}});
    t::Put(*world, pillar, ecs::Transform{{-3, 1, 4}, glm::angleAxis(0.7f, glm::vec3(0, 1, 0)), {0.5f, 3, 0.5f}});
    t::Put(*world, ball, ecs::MeshRenderer{ecs::MeshShape::kSphere, {1, 0.2f, 0.2f, 1}, ""});
    t::Put(*world, pillar, ecs::MeshRenderer{ecs::MeshShape::kCylinder, {0.5f, 0.5f, 0.5f, 1}, ""});
    t::Put(*world, level, ecs::MeshRenderer{ecs::MeshShape::kPlane, {0.3f, 0.6f, 0.3f, 1}, ""});
    t::Put(*world, lamp, ecs::Light{ecs::LightType::kPoint, {1, 0.9f, 0.7f}, 2, 10, 30});
    t::Put(*world, sun, ecs::Light{ecs::LightType::kDirectional, {1, 1, 1}, 1, 0, 30});
    t::Put(*world, chaser, ecs::Follow{ball, {0, 1, -2}, 0.5f});
    t::Put(*world, pillar, ecs::Rotator{{0, 1, 0}, 45});
    t::Put(*world, ball, ecs::Rotator{{1, 0, 0}, -30});
    t::Put(*world, camera, ecs::Camera{60, 0.1f, 500, true});
    return world;
  }

  std::size_t Below(std::size_t bound) { return static_cast<std::size_t>(random_() % bound); }
  bool Chance(unsigned percent) { return Below(100) < percent; }
  double AnyNumber() { return static_cast<double>(static_cast<int>(Below(81)) - 40) * 0.25; }

  void Flush() {
    const cairn::editor::FlushResult result = context_->Flush();
    INFO("flush errors: " << (result.errors.empty() ? std::string() : result.errors.front()));
    REQUIRE(result.Succeeded());
  }

  // Checks the world against the model and the changes against the intended ones.
  void Check(const std::string& what, const FieldTable& before, const std::set<Change>& intended) {
    const FieldTable actual = ReadTable(context_->World());
    INFO(what << ": changed " << Describe(Diff(before, actual)) << "; intended " << Describe(intended));
    REQUIRE(Diff(before, actual) == intended);
    REQUIRE(actual == table_);
  }

  // The entities having `component`, in id order.
  std::vector<EntityId> Having(const std::string& component) const {
    std::vector<EntityId> ids;
    for (const auto& [key, value] : table_) {
      if (std::get<1>(key) == component && (ids.empty() || ids.back() != std::get<0>(key))) ids.push_back(std::get<0>(key));
    }
    return ids;
  }

  // A random selection of 1..4 of `candidates`, in random order (the last is the primary).
  std::vector<EntityId> Select(std::vector<EntityId> candidates) {
    std::shuffle(candidates.begin(), candidates.end(), random_);
    candidates.resize(std::min<std::size_t>(candidates.size(), 1 + Below(4)));
    return candidates;
  }

  // After an applied action: the world is the model's, and the action is one undo step.
  void Record(const std::string& what, FieldTable before, std::set<Change> intended, std::size_t undo_before) {
    Check(what, before, intended);
    REQUIRE(context_->GetHistory().UndoCount() == undo_before + 1);
    REQUIRE_FALSE(context_->GetHistory().CanRedo());
    undo_.push_back(std::move(before));
    redo_.clear();
  }

  // Sets some elements of a vector or colour field on a multi-selection (typed, or dragged over several frames).
  void ElementEdit(bool drag) {
    // Any vector or colour field the scene has now (the project's too).
    std::vector<std::pair<std::string, std::string>> fields;
    for (const auto& [key, value] : table_) {
      const ecs::ComponentInfo* info = context_->World().FindComponentInfo(std::get<1>(key));
      const ecs::FieldInfo* field = info != nullptr ? info->FindField(std::get<2>(key)) : nullptr;
      if (field == nullptr || field->type == ecs::FieldType::kQuat || ecs::TraitsOf(field->type).floats < 2) continue;
      const std::pair<std::string, std::string> pair{std::get<1>(key), std::get<2>(key)};
      if (std::find(fields.begin(), fields.end(), pair) == fields.end()) fields.push_back(pair);
    }
    const auto [component, field] = fields[Below(fields.size())];
    const std::vector<EntityId> ids = Select(Having(component));
    if (ids.empty()) return;
    const ecs::Coordinator& world = context_->World();
    const ecs::ComponentInfo& info = *world.FindComponentInfo(component);
    const std::size_t index = static_cast<std::size_t>(info.FindField(field) - info.fields.data());
    const std::size_t count = table_.at({ids.back(), component, field}).AsArray().size();
    const ecs::ElementMask mask = drag ? ecs::ElementBit(Below(count))
                                       : static_cast<ecs::ElementMask>(1 + Below((1u << count) - 1));
    const FieldTable before = table_;
    const std::size_t undo_before = UndoCount();
    const std::size_t frames = drag ? 2 + Below(4) : 1;
    std::vector<float> values(count);
    for (std::size_t frame = 0; frame < frames; ++frame) {
      // As the Inspector builds it: the primary's value with the edited elements replaced.
      const PlainValue& primary = table_.at({ids.back(), component, field});
      for (std::size_t i = 0; i < count; ++i) {
        values[i] = (mask >> i) & 1u ? static_cast<float>(AnyNumber()) : static_cast<float>(primary.AsArray()[i].AsNumber());
      }
      const ecs::FieldValue value = ecs::FieldValue::Checked(world.GetComponentInfoPtr(info.type), index, values.data());
      EnqueueOptions options;
      if (drag) options = EnqueueOptions::Merging(actions::FieldMergeKey(ids, component, field, mask));
      context_->Enqueue(actions::SetField(world, ids, value, mask), options);
      Flush();
      for (const EntityId id : ids) {
        PlainValue& modelled = table_.at({id, component, field});
        for (std::size_t i = 0; i < count; ++i) {
          if ((mask >> i) & 1u) modelled.AsArray()[i] = PlainValue(AsFloat(values[i]));
        }
      }
    }
    if (drag) context_->EndMerge();
    Flush();
    Record("edit " + component + "." + field, before, Diff(before, table_), undo_before);
    // Only the edited elements of the selected entities may have changed.
    for (const auto& [id, c, f, element] : Diff(before, table_)) {
      REQUIRE(c == component);
      REQUIRE(f == field);
      REQUIRE(element >= 0);
      REQUIRE(((mask >> element) & 1u) != 0);
      REQUIRE(std::find(ids.begin(), ids.end(), id) != ids.end());
    }
  }

  // Types (or drags) one Euler angle of Transform.rotation on a multi-selection.
  void RotationEdit() {
    const std::vector<EntityId> ids = Select(Having("Transform"));
    if (ids.empty()) return;
    const ecs::Coordinator& world = context_->World();
    const ecs::ComponentInfo& info = *world.FindComponentInfo("Transform");
    const std::size_t axis = Below(3);
    const float degrees = static_cast<float>(static_cast<int>(Below(361)) - 180);
    const FieldTable before = table_;
    const std::size_t undo_before = UndoCount();
    std::vector<ecs::FieldValue> values;
    for (const EntityId id : ids) {
      const glm::quat rotation = world.GetComponent<ecs::Transform>(world.GetEntity(id)).rotation;
      glm::vec3 typed(0.0f);
      typed[static_cast<glm::length_t>(axis)] = degrees;
      const glm::quat edited =
          cairn::editor::QuatFromEulerDegrees(hints_.Edit(id, "Transform.rotation", rotation, typed, ecs::ElementBit(axis)));
      values.push_back(ecs::FieldValue::Checked(world.GetComponentInfoPtr(info.type), 1, &edited));
      // The model's reading: the angles shown, with the one typed.
      glm::vec3 angles = model_angles_.Shown(id, ModelAngles::QuatOf(table_.at({id, "Transform", "rotation"})));
      angles[static_cast<glm::length_t>(axis)] = degrees;
      model_angles_.typed[id].push_back(angles);
      const glm::quat expected = glm::quat(glm::radians(angles));
      table_.at({id, "Transform", "rotation"}) =
          PlainValue(PlainValue::Array{AsFloat(expected.x), AsFloat(expected.y), AsFloat(expected.z), AsFloat(expected.w)});
    }
    context_->Enqueue(actions::SetFieldEach(world, ids, values));
    Flush();
    std::set<Change> intended = Diff(before, table_);
    Record("rotate", before, intended, undo_before);
    for (const auto& [id, c, f, element] : intended) REQUIRE((c == "Transform" && f == "rotation"));
    // What the Inspector shows is what the model says it shows.
    for (const EntityId id : ids) {
      const glm::quat rotation = world.GetComponent<ecs::Transform>(world.GetEntity(id)).rotation;
      REQUIRE(hints_.Shown(id, "Transform.rotation", rotation) == model_angles_.Shown(id, rotation));
    }
  }

  // Sets a whole field of another type (a float, an enum, a bool, a reference) through its plain value.
  void WholeEdit() {
    static const std::vector<std::pair<std::string, std::string>> kFields{
        {"Light", "intensity"}, {"Light", "type"},     {"MeshRenderer", "mesh"}, {"Camera", "primary"},
        {"Camera", "fov"},      {"Follow", "target"}, {"Rotator", "degrees_per_second"}};
    const auto& [component, field] = kFields[Below(kFields.size())];
    const std::vector<EntityId> ids = Select(Having(component));
    if (ids.empty()) return;
    SetWholeField(ids, component, field);
  }

  void SetWholeField(EntityId id, const std::string& component, const std::string& field) {
    SetWholeField(std::vector<EntityId>{id}, component, field);
  }

  // One random value of the field set on every entity of `ids`.
  void SetWholeField(const std::vector<EntityId>& ids, const std::string& component, const std::string& field) {
    const ecs::FieldInfo& info = *context_->World().FindComponentInfo(component)->FindField(field);
    PlainValue value;
    switch (info.type) {
      case ecs::FieldType::kBool: value = PlainValue(Chance(50)); break;
      case ecs::FieldType::kEnum: value = PlainValue(info.enum_names[Below(info.enum_names.size())]); break;
      case ecs::FieldType::kEntityRef: {
        const std::vector<EntityId> all = Having("Name");
        value = Chance(20) ? PlainValue(nullptr) : PlainValue(ecs::ToHex(all[Below(all.size())]));
        break;
      }
      case ecs::FieldType::kFloat: value = PlainValue(AsFloat(AnyNumber())); break;
      case ecs::FieldType::kInt: value = PlainValue(static_cast<double>(Below(20))); break;
      default: {  // a vector or a colour
        PlainValue::Array elements;
        for (std::size_t i = 0; i < ecs::TraitsOf(info.type).floats; ++i) elements.emplace_back(AsFloat(AnyNumber()));
        value = PlainValue(std::move(elements));
        break;
      }
    }
    const FieldTable before = table_;
    const std::size_t undo_before = UndoCount();
    context_->Enqueue(actions::SetField(context_->World(), ids, component, field, value));
    Flush();
    for (const EntityId id : ids) table_.at({id, component, field}) = value;
    Record("set " + component + "." + field, before, Diff(before, table_), undo_before);
  }

  void RenameEdit() {
    const std::vector<EntityId> ids = Having("Name");
    const EntityId id = ids[Below(ids.size())];
    const std::string name = std::string(Chance(50) ? "Crate " : "Rock ") + std::to_string(Below(50));
    const FieldTable before = table_;
    const std::size_t undo_before = UndoCount();
    context_->Enqueue(actions::Rename(context_->World(), id, name));
    Flush();
    table_.at({id, "Name", "value"}) = PlainValue(name);
    Record("rename", before, Diff(before, table_), undo_before);
  }

  void UndoStep() {
    if (undo_.empty()) {
      REQUIRE_FALSE(context_->GetHistory().CanUndo());
      return;
    }
    const FieldTable before = table_;
    context_->Undo();
    Flush();
    redo_.push_back(table_);
    table_ = undo_.back();
    undo_.pop_back();
    Check("undo", before, Diff(before, table_));
  }

  void RedoStep() {
    if (redo_.empty()) {
      REQUIRE_FALSE(context_->GetHistory().CanRedo());
      return;
    }
    const FieldTable before = table_;
    context_->Redo();
    Flush();
    undo_.push_back(table_);
    table_ = redo_.back();
    redo_.pop_back();
    Check("redo", before, Diff(before, table_));
  }

  // Deletes a subtree or duplicates it: its entities' values go, or copies of
  // them arrive; no other value changes.
  void DeleteOrDuplicate() {
    const std::vector<EntityId> all = Having("Name");
    if (all.size() < 4 || all.size() > 40) return;  // keep the scene small and never empty
    const EntityId id = all[Below(all.size())];
    const ecs::Coordinator& world = context_->World();
    const std::set<EntityId> subtree = Subtree(id);
    const FieldTable before = table_;
    const std::size_t undo_before = UndoCount();
    const std::vector<EntityId> selection{id};
    if (Chance(50)) {
      context_->Enqueue(actions::Delete(world, selection));
      Flush();
      std::erase_if(table_, [&](const auto& entry) { return subtree.contains(std::get<0>(entry.first)); });
    } else {
      const ecs::Action duplicate = actions::Duplicate(context_->World(), selection);
      context_->Enqueue(duplicate);
      Flush();
      // The copies' values: each copy's fields as its original's (the root renamed, references into the subtree remapped).
      const FieldTable actual = ReadTable(world);
      std::size_t copies = 0;
      for (const auto& [key, value] : actual) {
        if (!before.contains(key)) table_[key] = value;
      }
      for (const auto& [key, value] : actual) {
        if (std::get<1>(key) == "Name" && !before.contains(key)) ++copies;
      }
      REQUIRE(copies == subtree.size());
    }
    Record("delete or duplicate", before, Diff(before, table_), undo_before);
  }

  // Through the clipboard, as Edit > Copy/Cut/Paste and the Inspector's
  // component menu do it: a component copied from one entity and pasted on
  // a selection (each selected entity then has exactly the copied fields,
  // added where it lacked the component), or a subtree cut (its values go)
  // and pasted back as copies. Each is one undo step.
  void ClipboardEdit() {
    cairn::editor::Clipboard& clipboard = context_->GetClipboard();
    ecs::Coordinator& world = context_->World();
    if (Chance(50)) {
      static const std::vector<std::string> kComponents{"Transform", "MeshRenderer", "Light", "Rotator"};
      const std::string& component = kComponents[Below(kComponents.size())];
      const std::vector<EntityId> sources = Having(component);
      if (sources.empty()) return;
      const EntityId source = sources[Below(sources.size())];
      clipboard.CopyComponent(world, source, component);
      const std::vector<EntityId> ids = Select(Having("Name"));
      const FieldTable before = table_;
      const std::size_t undo_before = UndoCount();
      std::vector<std::pair<std::string, PlainValue>> copied;
      for (const auto& [key, value] : before) {
        if (std::get<0>(key) == source && std::get<1>(key) == component) copied.emplace_back(std::get<2>(key), value);
      }
      context_->Enqueue(clipboard.PasteComponent(world, ids));
      Flush();
      for (const EntityId id : ids) {
        for (const auto& [field, value] : copied) table_[{id, component, field}] = value;
      }
      // Pasting a value every selected entity already has changes no value;
      // whether that is a step of its own, undo and redo keep the model's pace.
      if (Diff(before, table_).empty()) {
        Check("paste component", before, {});
        REQUIRE(UndoCount() <= undo_before + 1);
        if (UndoCount() == undo_before + 1) {
          undo_.push_back(before);
          redo_.clear();
        }
        return;
      }
      Record("paste " + component, before, Diff(before, table_), undo_before);
      return;
    }
    const std::vector<EntityId> all = Having("Name");
    if (all.size() < 4 || all.size() > 40) return;
    const EntityId id = all[Below(all.size())];
    const std::set<EntityId> subtree = Subtree(id);
    const std::vector<EntityId> selection{id};
    FieldTable before = table_;
    std::size_t undo_before = UndoCount();
    clipboard.CopyEntities(world, selection);
    context_->Enqueue(actions::Delete(world, selection));  // Cut: copy, then delete
    Flush();
    std::erase_if(table_, [&](const auto& entry) { return subtree.contains(std::get<0>(entry.first)); });
    Record("cut", before, Diff(before, table_), undo_before);

    before = table_;
    undo_before = UndoCount();
    context_->Enqueue(clipboard.PasteEntities(world));
    Flush();
    const FieldTable actual = ReadTable(world);
    std::size_t copies = 0;
    for (const auto& [key, value] : actual) {
      if (before.contains(key)) continue;
      table_[key] = value;
      if (std::get<1>(key) == "Name") ++copies;
    }
    REQUIRE(copies == subtree.size());
    Record("paste", before, Diff(before, table_), undo_before);
  }

  // `id` and every entity below it.
  std::set<EntityId> Subtree(EntityId id) const {
    const std::vector<EntityId> all = Having("Name");
    const ecs::Coordinator& world = context_->World();
    std::set<EntityId> subtree{id};
    for (bool grew = true; grew;) {
      grew = false;
      for (const EntityId other : all) {
        const ecs::Entity parent = world.GetParent(world.GetEntity(other));
        if (!parent.IsNull() && subtree.contains(world.GetEntityId(parent)) && subtree.insert(other).second) grew = true;
      }
    }
    return subtree;
  }

  // A definition change through Project Settings: a field of Gate renamed,
  // or a field added. The renamed field's values move to the new name, each
  // entity keeping its own; an added field takes one default on every Gate;
  // nothing else changes. It is one step of the same history.
  void ProjectStep() {
    const serialization::Project& project = *project_editor_->Current();
    const std::vector<EntityId> gates = Having("Gate");
    const ecs::ComponentInfo& gate = *context_->World().FindComponentInfo("Gate");
    const FieldTable before = table_;
    const std::size_t undo_before = UndoCount();
    namespace edits = cairn::editor::project_edits;
    if (Chance(60) || gate.fields.size() > 8) {
      const std::size_t index = Below(gate.fields.size());
      const std::string from = gate.fields[index].name;
      const std::string to = "field_" + std::to_string(++renames_);
      REQUIRE(project_editor_->Apply(edits::RenameField(project, "Gate", index, to)).empty());
      for (const EntityId id : gates) {
        table_[{id, "Gate", to}] = table_.at({id, "Gate", from});
        table_.erase({id, "Gate", from});
      }
    } else {
      static const std::vector<std::string> kTypes{"float", "vec3", "color", "int", "bool"};
      REQUIRE(project_editor_->Apply(edits::AddField(project, "Gate", kTypes[Below(kTypes.size())])).empty());
      // The new field's default, as the world took it, must be the same on every Gate.
      const FieldTable actual = ReadTable(context_->World());
      std::optional<PlainValue> added;
      std::string added_name;
      for (const auto& [key, value] : actual) {
        if (before.contains(key)) continue;
        REQUIRE(std::get<1>(key) == "Gate");
        if (added) REQUIRE((value == *added && std::get<2>(key) == added_name));
        added = value;
        added_name = std::get<2>(key);
        table_[key] = value;
      }
      REQUIRE(added.has_value() == !gates.empty());  // every Gate took it, if any is left
    }
    Record("project step", before, Diff(before, table_), undo_before);
  }

  // A prefab action on a member of an instance, as the Inspector's menus do
  // it: Revert a field (it takes the prefab's value; nothing else changes),
  // Apply a field to the prefab (the prefab file changes, and the same
  // field of the same prefab entity in every other instance that does not
  // override it takes the applied value; nothing else changes), or Unpack
  // the instance (no value changes; its root loses its prefab marker). Each
  // is one undo step; undoing Apply also writes the prefab file back.
  void PrefabStep() {
    serialization::PrefabLibrary& library = *context_->Prefabs();
    const ecs::Coordinator& world = context_->World();
    std::vector<std::pair<EntityId, serialization::InstanceMember>> members;
    for (const EntityId id : Having("Name")) {
      if (auto member = serialization::FindInstanceMember(world, library, world.GetEntity(id))) {
        members.emplace_back(id, std::move(*member));
      }
    }
    if (members.empty()) return;
    const auto& [id, member] = members[Below(members.size())];
    const unsigned roll = static_cast<unsigned>(Below(100));
    if (roll < 4) {
      const FieldTable before = table_;
      const std::size_t undo_before = UndoCount();
      const EntityId root = world.GetEntityId(member.root);
      context_->Enqueue(actions::Unpack(world, root, library));
      Flush();
      std::erase_if(table_, [&](const auto& entry) {
        return std::get<0>(entry.first) == root && std::get<1>(entry.first) == serialization::kPrefabInstanceName;
      });
      Record("unpack", before, Diff(before, table_), undo_before);
      return;
    }
    static const std::vector<std::pair<std::string, std::string>> kFields{
        {"Transform", "position"}, {"Transform", "scale"},          {"MeshRenderer", "color"},
        {"MeshRenderer", "mesh"},  {"Rotator", "degrees_per_second"}, {"Light", "intensity"}};
    std::vector<std::pair<std::string, std::string>> fields;
    for (const auto& pair : kFields) {
      if (table_.contains({id, pair.first, pair.second})) fields.push_back(pair);
    }
    if (fields.empty()) return;
    const auto& [component, field] = fields[Below(fields.size())];
    const ecs::ComponentInfo& info = *world.FindComponentInfo(component);
    const ecs::FieldInfo& field_info = *info.FindField(field);
    const std::optional<ecs::ComponentValue> prefab_value = serialization::PrefabValue(world, member, info.type);
    if (!prefab_value) return;  // a component this instance added: nothing to revert to or to apply into
    if (Chance(70)) SetWholeField(id, component, field);  // most often the field is the instance's own first
    const FieldTable before = table_;
    const std::size_t undo_before = UndoCount();
    if (roll < 50) {
      const ecs::Action revert = actions::RevertToPrefab(world, id, component, field, library);
      table_.at({id, component, field}) = ecs::FieldToPlain(field_info, prefab_value->Data());
      if (revert.commands.empty()) {
        REQUIRE(Diff(before, table_).empty());
        return;
      }
      context_->Enqueue(revert);
      Flush();
      Record("revert " + component + "." + field, before, Diff(before, table_), undo_before);
      return;
    }
    // The same prefab entity in the other instances of the same prefab.
    std::set<EntityId> siblings;
    for (const auto& [other, other_member] : members) {
      if (other != id && other_member.prefab == member.prefab && other_member.source == member.source) {
        siblings.insert(other);
      }
    }
    std::optional<cairn::editor::FileStep> change = actions::ApplyToPrefab(world, id, component, field, library);
    if (!change) {
      REQUIRE(table_.at({id, component, field}) == ecs::FieldToPlain(field_info, prefab_value->Data()));
      return;
    }
    const PlainValue applied = table_.at({id, component, field});
    const std::string prefab_before = PrefabText();
    context_->ChangePrefabFile(std::move(*change), "Apply " + component + "." + field);
    REQUIRE(PrefabText() != prefab_before);  // an Apply that is a step changes the prefab
    const FieldTable actual = ReadTable(context_->World());
    for (const auto& [other, c, f, element] : Diff(before, actual)) {
      INFO("apply " << component << "." << field << " changed " << ecs::ToHex(other) << " " << c << "." << f);
      REQUIRE((c == component && f == field));
      REQUIRE(siblings.contains(other));
      REQUIRE(actual.at({other, c, f}) == applied);
    }
    table_ = actual;
    Record("apply " + component + "." + field, before, Diff(before, table_), undo_before);
  }

  // The scene written, read back and written again is the same file with the same values.
  void SaveAndReopenCheck() {
    const std::string text = Text(context_->World());
    serialization::LoadResult loaded = serialization::LoadScene(text, context_->SceneLoadOptions());
    REQUIRE(loaded.Ok());
    REQUIRE(Text(*loaded.scene->world) == text);
    REQUIRE(ReadTable(*loaded.scene->world) == table_);
  }

  std::mt19937_64 random_;
  std::unique_ptr<EditorContext> context_;
  std::string first_text_;
  FieldTable table_;
  std::vector<FieldTable> undo_;
  std::vector<FieldTable> redo_;
  EulerHints hints_;
  ModelAngles model_angles_;
  std::unique_ptr<cairn::editor::ProjectEditor> project_editor_;
  std::size_t renames_ = 0;
  std::unique_ptr<cairn::test::TempDir> folder_;  // the prefabs' folder, with_prefabs
};

std::size_t ActionsPerSeed() {
  if (const char* text = std::getenv("CAIRN_EDIT_MODEL_ACTIONS")) return static_cast<std::size_t>(std::strtoull(text, nullptr, 10));
  return 2500;
}

}  // namespace

TEST_CASE("Random edits change exactly what they ask, and undo gives back the first file", "[editor][model]") {
  const std::size_t steps = ActionsPerSeed();
  for (std::uint64_t seed : {1u, 2u, 3u, 4u}) {
    Session session(seed, false);
    for (std::size_t step = 0; step < steps; ++step) {
      INFO("seed " << seed << ", action " << step);
      session.Step();
    }
    session.UndoEverything();
  }
}

TEST_CASE("Random edits and project definition changes share one history, and undo gives back the first file",
          "[editor][model][project]") {
  const std::size_t steps = ActionsPerSeed() / 5;
  for (std::uint64_t seed : {11u, 12u}) {
    Session session(seed, true);
    for (std::size_t step = 0; step < steps; ++step) {
      INFO("seed " << seed << ", action " << step);
      session.Step();
    }
    session.UndoEverything();
  }
}

TEST_CASE("Random edits and prefab actions share one history, and undo gives back the first file and the prefab",
          "[editor][model][prefab]") {
  const std::size_t steps = ActionsPerSeed() / 5;
  for (std::uint64_t seed : {21u, 22u}) {
    Session session(seed, false, true);
    const std::string prefab = session.PrefabText();
    for (std::size_t step = 0; step < steps; ++step) {
      INFO("seed " << seed << ", action " << step);
      session.Step();
    }
    session.UndoEverything();
    REQUIRE(session.PrefabText() == prefab);
  }
}
