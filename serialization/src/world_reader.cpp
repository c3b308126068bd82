#include "world_reader.h"

#include "document_tree.h"
#include "json_record.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <exception>
#include <filesystem>
#include <limits>
#include <new>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "cairn/ecs/components/name.h"
#include "cairn/ecs/errors.h"
#include "cairn/ecs/field_codec.h"
#include "cairn/serialization/asset_folder.h"
#include "cairn/serialization/json_text.h"
#include "cairn/serialization/plain_json.h"
#include "cairn/serialization/prefab.h"
#include "cairn/serialization/scene_format.h"
#include "cairn/serialization/unknown_components.h"

namespace cairn::serialization::detail {

namespace {

using ecs::ComponentInfo;
using ecs::EntityId;
using ecs::FieldInfo;
using ecs::FieldType;

constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();

// The value of a JSON integer that is not negative, whichever way the
// document stores it (parsed text gives unsigned, built documents signed).
std::optional<std::uint64_t> NonNegativeInteger(const Document& value) {
  if (value.is_number_unsigned()) return value.get<std::uint64_t>();
  if (value.is_number_integer() && value.get<std::int64_t>() >= 0) {
    return static_cast<std::uint64_t>(value.get<std::int64_t>());
  }
  return std::nullopt;
}

std::string Found(const Document& value) { return DescribeJsonValue(value, false); }

std::string DanglingReferenceMessage(EntityId id) {
  return "no entity in this file has id " + ecs::ToHex(id) + " (a dangling reference)";
}

// Whether a field's value was read without a single remark.
class SilentReport final : public ecs::FieldReport {
 public:
  void Error(std::size_t, std::string) override { clean = false; }
  void Warning(std::size_t, std::string) override { clean = false; }
  bool clean = true;
};
std::string FoundQuoted(const Document& value) { return DescribeJsonValue(value, true); }

// A place in the document, turned into a pointer only when it is reported.
struct Place {
  explicit Place(std::size_t entity_index, std::string_view component_name = {})
      : entity(entity_index), component(component_name) {}

  std::size_t entity = 0;
  // Where the entity is written when it is not in /entities (an entity of a
  // prefab instance: "/instances/2/overrides/3f2a9c0d41be7e10"); null: /entities/<entity>.
  const std::string* origin = nullptr;
  std::string_view component;  // empty: an entity key
  std::string_view field;      // empty: the component (or entity) itself
  std::size_t element = kNone;

  std::string Pointer() const {
    std::string pointer = origin != nullptr ? *origin : "/entities/" + std::to_string(entity);
    if (!component.empty()) pointer += "/components/" + EscapePointerToken(component);
    if (!field.empty()) pointer += "/" + EscapePointerToken(field);
    if (element != kNone) pointer += "/" + std::to_string(element);
    return pointer;
  }
  Place Element(std::size_t index) const {
    Place place = *this;
    place.element = index;
    return place;
  }
};

// Field problems reported at their place in the document.
class PlaceReport final : public ecs::FieldReport {
 public:
  PlaceReport(DiagnosticSink& sink, const Place& place) : sink_(sink), place_(place) {}
  void Error(std::size_t element, std::string message) override { sink_.Error(Pointer(element), message); }
  void Warning(std::size_t element, std::string message) override { sink_.Warning(Pointer(element), message); }

 private:
  std::string Pointer(std::size_t element) const {
    return element == ecs::kWholeValue ? place_.Pointer() : place_.Element(element).Pointer();
  }

  DiagnosticSink& sink_;
  const Place& place_;
};

// Raw, suitably aligned memory for one component of a type, reused across
// entities: default-constructed, filled from JSON, copied into the world,
// destroyed.
class ScratchComponent {
 public:
  explicit ScratchComponent(const ComponentInfo& info)
      : info_(info), memory_(::operator new(info.size, std::align_val_t(info.alignment))) {}
  ~ScratchComponent() { ::operator delete(memory_, std::align_val_t(info_.alignment)); }
  ScratchComponent(const ScratchComponent&) = delete;
  ScratchComponent& operator=(const ScratchComponent&) = delete;

  void* memory() { return memory_; }

 private:
  const ComponentInfo& info_;
  void* memory_;
};

struct EntityEntry {
  const Document* object = nullptr;
  EntityId id;
  EntityId parent;            // kNoEntityId: a root (or not known)
  std::uint64_t order = 0;
  ecs::Entity handle;         // null when the entity could not be created
  std::size_t parent_entry = kNone;
  std::size_t depth = 0;
  // Entities of prefab instances: where they are written, their instance
  // (an index into Reader::instances_) and the prefab entity they copy.
  std::string origin;
  std::size_t instance = kNone;
  ecs::Entity source;
};

// One record of /instances.
struct InstanceRecord {
  std::string pointer;  // "/instances/2"
  std::shared_ptr<const Prefab> prefab;
  EntityId id = ecs::kNoEntityId;
  EntityId parent = ecs::kNoEntityId;
  std::uint64_t order = 0;
  std::unordered_map<EntityId, const Document*> overrides;  // by prefab entity id
  std::unordered_set<EntityId> removed;  // prefab entity ids of removed_entities
  // The world ids of prefab entities its overrides name that the prefab no
  // longer has (Reader::dropped_parents_).
  std::vector<EntityId> dropped;
  std::size_t first_entry = 0;  // its entities in Reader::entries_
  std::size_t end_entry = 0;
};

class Reader {
 public:
  Reader(FileKind kind, const LoadOptions& options, DiagnosticSink& sink)
      : kind_(kind), options_(options), sink_(sink) {}

  std::unique_ptr<ecs::Coordinator> Read(const Document& document, ecs::PlainValue* editor);

  // The streamed read (EntityStream): entities one at a time, then the rest.
  void StreamEntity(const JsonNode& entity);
  void ExpectEntities(std::size_t count) {
    if (world_ == nullptr || stream_failed_) return;
    entries_.reserve(count);
    entry_by_slot_.reserve(count);
    world_->ReserveEntities(count, ecs::Coordinator::NewIds::kGiven);
  }
  std::unique_ptr<ecs::Coordinator> FinishStream(const Document& document, ecs::PlainValue* editor);

 private:
  bool CreateWorld();
  // `streamed`: how many entities the stream gave (its "entities" is then
  // an empty placeholder).
  const Document* ReadTopLevel(const Document& document, ecs::PlainValue* editor,
                               std::optional<std::size_t> streamed = std::nullopt);
  // An entity read straight from its recorded value when it has exactly the
  // keys, components and fields it should and every value is right: the
  // common case, without a Document. Returns false, having changed nothing,
  // when anything is off; the caller then reads the entity as a Document,
  // which reports every problem as a DOM load does.
  bool ReadRecordedEntity(std::size_t index, const JsonNode& entity);
  bool ReadRecordedComponent(const ComponentInfo& info, const JsonNode& value, void* component);
  // The references CheckReference could not settle while entities were
  // still arriving, reported once they all have.
  void ReportDanglingReferences();
  void ReadEntityKeys(std::size_t index, const Document& entity);
  std::optional<EntityId> ReadId(const Document& value, const Place& place, bool allow_null);
  void ReadComponents(std::size_t index);
  // The reused raw memory for one component of the type (see ScratchComponent).
  void* ScratchFor(const ComponentInfo& info) {
    auto& scratch = scratch_[info.type];
    if (!scratch) scratch = std::make_unique<ScratchComponent>(info);
    return scratch->memory();
  }
  // /instances: pass 1 reads every record and creates every instance entity
  // (so that references between instances and scene entities resolve),
  // pass 2 their components.
  void ReadInstanceRecords(const Document& instances);
  void ReadInstanceRecord(std::size_t index, const Document& record);
  void CreateInstanceEntities(std::size_t instance);
  void ReadInstanceComponents(std::size_t instance);
  void ReadOverrideKeys(const InstanceRecord& record, EntityId source, const Document& overrides,
                        const std::string& pointer);
  Place EntityPlace(std::size_t index) const {
    Place place{index};
    if (!entries_[index].origin.empty()) place.origin = &entries_[index].origin;
    return place;
  }
  // Where an entity's parent is written: an instance's root has it in its record.
  Place ParentPlace(std::size_t index) const {
    Place place = EntityPlace(index);
    const EntityEntry& entry = entries_[index];
    if (entry.instance != kNone && entry.source == instances_[entry.instance].prefab->root) {
      place.origin = &instances_[entry.instance].pointer;
    }
    place.field = "parent";
    return place;
  }
  // `leftovers` receives the fields a runtime-defined type no longer has.
  bool ReadComponent(const ComponentInfo& info, const Document& value, const Place& place, void* component,
                     Document& leftovers);
  // A field of a runtime-defined type, whose definition may have changed
  // since the file was written: a value of another type is converted where
  // that keeps its meaning (an integral float to an int, a shorter vector
  // padded), with a warning; otherwise the value is refused as any wrong
  // value is, so that nothing is dropped.
  bool MigrateField(const FieldInfo& field, const Document& value, const Place& place, void* component);
  // Warns when a reference names nothing: an entity reference no entity of
  // the file has, or (with LoadOptions::asset_folder) an asset path no file
  // under that folder has.
  void CheckReference(const FieldInfo& field, const Place& place, const void* component);
  bool ReadField(const FieldInfo& field, const Document& value, const Place& place, void* component);
  void ReadWorldMatrix(const Document& value, const Place& place);
  void ReadHierarchy();
  bool FindCycles();
  void Link();

  bool Stop() const { return sink_.Full(); }
  // The index in entries_ of the entity made with this id, if one was.
  std::optional<std::size_t> EntryOf(EntityId id) const {
    const ecs::Entity entity = world_->FindEntity(id);
    if (entity.IsNull()) return std::nullopt;
    return entry_by_slot_[entity.index];
  }
  // The entity of entries_[index], made with its id (not yet taken).
  ecs::Entity CreateEntryEntity(std::size_t index, EntityId id) {
    const ecs::Entity entity = world_->CreateEntity(id);
    if (entity.index >= entry_by_slot_.size()) entry_by_slot_.resize(std::size_t{entity.index} + 1);
    entry_by_slot_[entity.index] = index;
    return entity;
  }

  FileKind kind_;
  const LoadOptions& options_;
  DiagnosticSink& sink_;
  std::unique_ptr<ecs::Coordinator> world_;
  std::unordered_map<std::string_view, const ComponentInfo*> components_by_name_;
  std::vector<std::unique_ptr<ScratchComponent>> scratch_;  // by ComponentType
  std::vector<EntityEntry> entries_;
  // By the slot of each entity made: its entry. The world is the reader's
  // own and loses no entity while it reads, so the world's table of ids,
  // which finds an id's entity, is also the reader's index of entries by
  // id (EntryOf): one table of a file's ids, not two.
  std::vector<std::size_t> entry_by_slot_;
  const Document* instances_document_ = nullptr;
  std::vector<InstanceRecord> instances_;
  std::unordered_map<EntityId, std::size_t> instance_by_id_;  // index in /instances
  // The world ids of prefab entities removed from their prefab that
  // overrides still name, each with its instance root's entry: a scene
  // entity under one of them moves to the instance root.
  std::unordered_map<EntityId, std::size_t> dropped_parents_;
  std::unique_ptr<PrefabLibrary> own_prefabs_;  // when LoadOptions::prefabs is null
  // The streamed read: how many entities arrived, the references to check
  // at the end (pointer, id), and the components of the recorded entity
  // being read (reused).
  bool streaming_ = false;
  bool stream_failed_ = false;
  std::size_t streamed_ = 0;
  std::vector<std::pair<std::string, EntityId>> pending_references_;
  std::vector<std::pair<const JsonNode*, const ComponentInfo*>> recorded_components_;
};

std::unique_ptr<ecs::Coordinator> Reader::Read(const Document& document, ecs::PlainValue* editor) {
  if (!CreateWorld()) return nullptr;
  const Document* entities = ReadTopLevel(document, editor);
  if (entities == nullptr || Stop()) return nullptr;

  entries_.resize(entities->size());
  entry_by_slot_.reserve(entities->size());
  world_->ReserveEntities(entities->size(), ecs::Coordinator::NewIds::kGiven);
  for (std::size_t i = 0; i < entities->size() && !Stop(); ++i) ReadEntityKeys(i, (*entities)[i]);
  if (instances_document_ != nullptr && !Stop()) ReadInstanceRecords(*instances_document_);
  for (std::size_t i = 0; i < entities->size() && !Stop(); ++i) ReadComponents(i);
  for (std::size_t i = 0; i < instances_.size() && !Stop(); ++i) ReadInstanceComponents(i);
  if (!Stop()) ReadHierarchy();
  if (sink_.HasErrors()) return nullptr;
  return std::move(world_);
}

bool Reader::CreateWorld() {
  try {
    world_ = std::make_unique<ecs::Coordinator>(options_.id_seed ? *options_.id_seed : ecs::RandomIdSeed());
    if (options_.register_components) options_.register_components(*world_);
    if (kind_ == FileKind::kScene) {
      RegisterUnknownComponents(*world_);
      RegisterPrefabInstance(*world_);
    }
  } catch (const std::exception& error) {  // the caller's registration refused (a duplicate name, too many types)
    sink_.Error("", std::string("cannot set up the world's components: ") + error.what());
    return false;
  }
  for (ecs::ComponentType type = 0; type < world_->ComponentTypeCount(); ++type) {
    const ComponentInfo& info = world_->GetComponentInfo(type);
    components_by_name_.emplace(info.name, &info);
  }
  scratch_.resize(world_->ComponentTypeCount());
  return true;
}

const Document* Reader::ReadTopLevel(const Document& document, ecs::PlainValue* editor,
                                     std::optional<std::size_t> streamed) {
  const Document* entities = nullptr;
  for (auto it = document.begin(); it != document.end(); ++it) {
    const std::string& key = it.key();
    if (key == "format" || key == "version") continue;  // CheckHeader read them
    if (key == "entities") {
      if (!it->is_array()) {
        sink_.Error("/entities", "expected an array of entities, found " + Found(*it));
      } else {
        entities = &*it;
      }
    } else if (key == "instances" && kind_ == FileKind::kScene) {
      if (!it->is_array()) {
        sink_.Error("/instances", "expected an array of prefab instances, found " + Found(*it));
      } else {
        instances_document_ = &*it;
      }
    } else if (key == "editor" && kind_ == FileKind::kScene) {
      if (!it->is_object()) {
        sink_.Error("/editor", "expected an object, found " + Found(*it));
      } else if (editor != nullptr) {
        *editor = DocumentToPlain(*it);
      }
    } else {
      sink_.Error("/" + EscapePointerToken(key),
                  kind_ == FileKind::kScene ? "unknown key " + Quoted(key) + " (expected format, version, editor, entities, instances)"
                                            : "unknown key " + Quoted(key) + " (expected format, version, entities)");
    }
  }
  if (!document.contains("entities")) sink_.Error("", "missing key \"entities\"");
  const std::size_t count = streamed ? *streamed : entities != nullptr ? entities->size() : 0;
  if (entities != nullptr && count > options_.max_entities) {
    sink_.Error("/entities", std::to_string(count) + " entities, over the limit of " +
                                 std::to_string(options_.max_entities));
    return nullptr;
  }
  return entities;
}

std::optional<EntityId> Reader::ReadId(const Document& value, const Place& place, bool allow_null) {
  const std::string expected = allow_null ? "an entity id (16 hex digits) or null" : "an entity id (16 hex digits)";
  if (!value.is_string()) {
    sink_.Error(place.Pointer(), "expected " + expected + ", found " + FoundQuoted(value));
    return std::nullopt;
  }
  const std::string& text = value.get_ref<const std::string&>();
  if (const auto id = ecs::ParseEntityId(text)) return id;
  if (text == ecs::kZeroIdText) {
    sink_.Error(place.Pointer(), ecs::ZeroIdMessage());
  } else {
    sink_.Error(place.Pointer(), "expected " + expected + ", found " + FoundQuoted(value));
  }
  return std::nullopt;
}

void Reader::ReadEntityKeys(std::size_t index, const Document& entity) {
  EntityEntry& entry = entries_[index];
  const Place place{index};
  if (!entity.is_object()) {
    sink_.Error(place.Pointer(), "expected an entity object, found " + Found(entity));
    return;
  }
  entry.object = &entity;
  std::optional<EntityId> id;
  bool has_id = false, has_name = false, has_parent = false, has_order = false, has_components = false;
  const Document* name = nullptr;
  for (auto it = entity.begin(); it != entity.end(); ++it) {
    const std::string& key = it.key();
    const Document& value = *it;
    Place key_place = place;
    key_place.field = key;
    if (key == "id") {
      has_id = true;
      id = ReadId(value, key_place, false);
    } else if (key == "name") {
      has_name = true;
      if (value.is_string()) {
        name = &value;
      } else if (!value.is_null()) {
        sink_.Error(key_place.Pointer(), "expected a string or null, found " + Found(value));
      }
    } else if (key == "parent") {
      has_parent = true;
      if (!value.is_null()) {
        if (const auto parent = ReadId(value, key_place, true)) entry.parent = *parent;
      }
    } else if (key == "order") {
      has_order = true;
      if (const auto order = NonNegativeInteger(value)) {
        entry.order = *order;
      } else {
        sink_.Error(key_place.Pointer(), "expected a non-negative integer, found " + Found(value));
      }
    } else if (key == "components") {
      has_components = true;
      if (!value.is_object()) sink_.Error(key_place.Pointer(), "expected an object of components, found " + Found(value));
    } else if (key == "world" && kind_ == FileKind::kRuntime) {
      ReadWorldMatrix(value, key_place);
    } else {
      sink_.Error(key_place.Pointer(),
                  "unknown key " + Quoted(key) +
                      (kind_ == FileKind::kScene ? " (expected id, name, parent, order, components)"
                                                 : " (expected id, name, parent, order, components, world)"));
    }
  }
  for (const auto& [present, key] : {std::pair{has_id, "id"}, std::pair{has_name, "name"}, std::pair{has_parent, "parent"},
                                     std::pair{has_order, "order"}, std::pair{has_components, "components"}}) {
    if (!present) sink_.Error(place.Pointer(), std::string("missing key \"") + key + "\"");
  }
  if (!id) return;
  if (const std::optional<std::size_t> other = EntryOf(*id)) {
    Place id_place = place;
    id_place.field = "id";
    sink_.Error(id_place.Pointer(),
                "duplicate id " + ecs::ToHex(*id) + " (also used by /entities/" + std::to_string(*other) + ")");
    return;
  }
  entry.id = *id;
  entry.handle = CreateEntryEntity(index, *id);
  if (name != nullptr) {
    if (world_->IsRegistered<ecs::Name>()) {
      world_->AddComponent<ecs::Name>(entry.handle, ecs::Name{name->get<std::string>()});
    } else {
      Place name_place = place;
      name_place.field = "name";
      sink_.Error(name_place.Pointer(), "this world does not register the Name component, so it cannot hold names");
    }
  }
}

void Reader::ReadWorldMatrix(const Document& value, const Place& place) {
  float matrix[16];
  PlaceReport report(sink_, place);
  ecs::detail::DecodeFloats<DocumentTree>(value, matrix, 16, report);
}

bool Reader::ReadField(const FieldInfo& field, const Document& value, const Place& place, void* component) {
  PlaceReport report(sink_, place);
  if (!ecs::DecodeField<DocumentTree>(field, value, component, report)) return false;
  CheckReference(field, place, component);
  return true;
}

void Reader::CheckReference(const FieldInfo& field, const Place& place, const void* component) {
  if (field.type == FieldType::kAsset) {
    const std::string& path = field.Ref<std::string>(component);
    if (path.empty() || !options_.asset_folder) return;
    if (std::optional<std::string> problem = MissingAssetProblem(*options_.asset_folder, path)) {
      sink_.Warning(place.Pointer(), std::move(*problem));
    }
    return;
  }
  if (field.type != FieldType::kEntityRef) return;
  const EntityId id = field.Ref<EntityId>(component);
  if (id && !EntryOf(id)) {
    if (streaming_) {
      pending_references_.emplace_back(place.Pointer(), id);
    } else {
      sink_.Warning(place.Pointer(), DanglingReferenceMessage(id));
    }
  }
}

bool Reader::ReadComponent(const ComponentInfo& info, const Document& value, const Place& place, void* component,
                           Document& leftovers) {
  if (!value.is_object()) {
    sink_.Error(place.Pointer(), "expected an object of fields, found " + Found(value));
    return false;
  }
  // A runtime-defined (project) type whose definition changed since the file
  // was saved is read leniently: see MigrateField.
  const bool migrates = info.IsRuntimeDefined();
  bool ok = true;
  std::size_t matched = 0;
  const auto is_previous_name = [&info](const std::string& key) {
    return std::any_of(info.fields.begin(), info.fields.end(), [&key](const FieldInfo& field) {
      return std::find(field.previous_names.begin(), field.previous_names.end(), key) != field.previous_names.end();
    });
  };
  for (const FieldInfo& field : info.fields) {
    // A field renamed in a game project is read from the newest name the
    // file has, without a warning (the project declares the rename); a file
    // with two of its names is ambiguous.
    auto it = value.find(field.name);
    for (auto previous = field.previous_names.rbegin(); previous != field.previous_names.rend(); ++previous) {
      const auto older = value.find(*previous);
      if (older == value.end()) continue;
      Place older_place = place;
      older_place.field = *previous;
      if (it == value.end()) {  // a declared rename: read silently, saved under the new name
        it = older;
        continue;
      }
      ++matched;
      sink_.Error(older_place.Pointer(), Quoted(*previous) + " is an older name of the field " + Quoted(field.name) +
                                             ", which this component also has as " + Quoted(it.key()) +
                                             ": keep one of them");
      ok = false;
    }
    if (it == value.end()) {
      if (migrates) {
        sink_.Warning(place.Pointer(), "missing field " + Quoted(field.name) + ": it takes its default, as the " +
                                           info.name + " definition says");
        continue;
      }
      sink_.Error(place.Pointer(), "missing field " + Quoted(field.name));
      ok = false;
      continue;
    }
    ++matched;
    Place field_place = place;
    field_place.field = it.key();
    ok = (migrates ? MigrateField(field, *it, field_place, component) : ReadField(field, *it, field_place, component)) && ok;
  }
  if (matched == value.size()) return ok;
  std::string known;
  for (const FieldInfo& field : info.fields) known += (known.empty() ? "" : ", ") + field.name;
  for (auto it = value.begin(); it != value.end(); ++it) {
    if (info.FindField(it.key()) != nullptr || is_previous_name(it.key())) continue;
    Place field_place = place;
    field_place.field = it.key();
    if (migrates && kind_ == FileKind::kScene) {
      sink_.Warning(field_place.Pointer(), "field " + Quoted(it.key()) + " is not in the " + info.name +
                                               " definition: kept in the file as it is");
      leftovers[it.key()] = *it;
      continue;
    }
    if (migrates) {  // a runtime file keeps nothing for a later save, as with an unknown component
      sink_.Warning(field_place.Pointer(),
                    "field " + Quoted(it.key()) + " is not in the " + info.name + " definition: ignored");
      continue;
    }
    sink_.Error(field_place.Pointer(), "unknown field " + Quoted(it.key()) + " (" + info.name +
                                           (known.empty() ? " has no fields)" : " has " + known + ")"));
    ok = false;
  }
  return ok;
}

namespace {

// The value a field whose type changed can take from what the file holds,
// or nullopt when no conversion keeps its meaning.
std::optional<Document> ConvertForField(const FieldInfo& field, const Document& value) {
  switch (field.type) {
    case FieldType::kInt:
      if (value.is_boolean()) return Document(value.get<bool>() ? 1 : 0);
      if (value.is_string()) {  // the text of a whole number, as a string field holds one ("40")
        const std::string& text = value.get_ref<const std::string&>();
        std::int64_t number = 0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
        if (!text.empty() && error == std::errc() && end == text.data() + text.size()) return Document(number);
        return std::nullopt;
      }
      if (value.is_number_float() && std::isfinite(value.get<double>()) &&
          value.get<double>() == std::trunc(value.get<double>()) && std::fabs(value.get<double>()) < 9.0e15) {
        return Document(static_cast<std::int64_t>(value.get<double>()));
      }
      return std::nullopt;
    case FieldType::kFloat:
      if (value.is_boolean()) return Document(value.get<bool>() ? 1.0 : 0.0);
      if (value.is_string()) {  // the text of a number ("2.5")
        const std::string& text = value.get_ref<const std::string&>();
        double number = 0.0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
        if (!text.empty() && error == std::errc() && end == text.data() + text.size() && std::isfinite(number)) {
          return Document(number);
        }
        return std::nullopt;
      }
      return std::nullopt;
    case FieldType::kBool:
      if (value.is_number_integer() && (value == 0 || value == 1)) return Document(value == 1);
      return std::nullopt;
    case FieldType::kVec2:
    case FieldType::kVec3:
    case FieldType::kVec4:
    case FieldType::kQuat: {  // a shorter array of numbers, padded to the type's float components
      const std::size_t count = ecs::TraitsOf(field.type).floats;
      if (!value.is_array() || value.size() >= count || value.empty()) return std::nullopt;
      if (!std::all_of(value.begin(), value.end(), [](const Document& element) { return element.is_number(); })) {
        return std::nullopt;
      }
      Document padded = value;
      // A colour gains an opaque alpha; other vectors gain zeros.
      while (padded.size() < count) padded.push_back(field.hints.color && padded.size() == 3 ? 1.0 : 0.0);
      return padded;
    }
    case FieldType::kString:
      if (value.is_number() || value.is_boolean()) return Document(DescribeJsonValue(value));
      return std::nullopt;
    case FieldType::kEnum:
    case FieldType::kEntityRef:
    case FieldType::kAsset: return std::nullopt;
  }
  return std::nullopt;
}

// Collects a field's problems, to forward them or replace them.
class CollectedReport final : public ecs::FieldReport {
 public:
  struct Problem {
    bool error;
    std::size_t element;
    std::string message;
  };
  void Error(std::size_t element, std::string message) override { problems.push_back({true, element, std::move(message)}); }
  void Warning(std::size_t element, std::string message) override {
    problems.push_back({false, element, std::move(message)});
  }
  std::vector<Problem> problems;
};

}  // namespace

bool Reader::MigrateField(const FieldInfo& field, const Document& value, const Place& place, void* component) {
  CollectedReport first;
  if (ecs::DecodeField<DocumentTree>(field, value, component, first)) {
    for (const auto& problem : first.problems) {
      sink_.Warning(problem.element == ecs::kWholeValue ? place.Pointer() : place.Element(problem.element).Pointer(),
                    problem.message);
    }
    CheckReference(field, place, component);
    return true;
  }
  if (const std::optional<Document> converted = ConvertForField(field, value)) {
    CollectedReport second;
    if (ecs::DecodeField<DocumentTree>(field, *converted, component, second)) {
      sink_.Warning(place.Pointer(), "the " + std::string(ecs::FieldTypeName(field.type)) + " field now holds " +
                                         DescribeJsonValue(*converted, true) + ", converted from " +
                                         DescribeJsonValue(value, true));
      return true;
    }
  }
  // No conversion keeps the value's meaning: refuse the file (as for any
  // wrong value) rather than drop the value.
  for (const auto& problem : first.problems) {
    const std::string pointer =
        problem.element == ecs::kWholeValue ? place.Pointer() : place.Element(problem.element).Pointer();
    if (problem.error) {
      sink_.Error(pointer, problem.message);
    } else {
      sink_.Warning(pointer, problem.message);
    }
  }
  return false;
}

void Reader::ReadComponents(std::size_t index) {
  EntityEntry& entry = entries_[index];
  if (entry.object == nullptr) return;
  const auto components = entry.object->find("components");
  if (components == entry.object->end() || !components->is_object()) return;
  Document unknown = Document::object();
  for (auto it = components->begin(); it != components->end() && !Stop(); ++it) {
    const std::string& name = it.key();
    const Place place{index, name};
    const auto found = components_by_name_.find(name);
    if (name == kUnknownComponentsName) {
      sink_.Error(place.Pointer(), "the component name " + Quoted(name) + " is reserved");
      continue;
    }
    if (found == components_by_name_.end()) {
      if (!it->is_object()) {
        sink_.Error(place.Pointer(), "expected an object of fields, found " + Found(*it));
      } else if (kind_ == FileKind::kScene) {
        sink_.Warning(place.Pointer(), "unknown component " + Quoted(name) + ": kept as is and written back on save");
        unknown[name] = *it;
      } else {
        sink_.Warning(place.Pointer(), "unknown component " + Quoted(name) + ": ignored");
      }
      continue;
    }
    const ComponentInfo& info = *found->second;
    if (world_->IsRegistered<ecs::Name>() && info.type == world_->GetComponentType<ecs::Name>()) {
      sink_.Error(place.Pointer(), "the name is stored in the entity's \"name\", not as a component");
      continue;
    }
    if (!info.serialized) {
      sink_.Error(place.Pointer(), "component " + Quoted(name) + " is runtime state and is never stored in files");
      continue;
    }
    void* memory = ScratchFor(info);
    info.Construct(memory);
    Document leftovers = Document::object();
    const bool ok = ReadComponent(info, *it, place, memory, leftovers);
    if (!leftovers.empty()) unknown[name] = std::move(leftovers);
    if (ok && !entry.handle.IsNull() && !sink_.HasErrors()) world_->AddComponentData(entry.handle, info.type, memory);
    info.Destroy(memory);
  }
  if (!unknown.empty() && !entry.handle.IsNull() && !sink_.HasErrors()) {
    world_->AddComponent<UnknownComponents>(entry.handle, UnknownComponents{unknown.dump()});
  }
}

// ---- Streamed entities (scene_stream.cpp) --------------------------------------

void Reader::StreamEntity(const JsonNode& entity) {
  const std::size_t index = streamed_++;
  if (stream_failed_) return;
  if (world_ == nullptr) {
    streaming_ = true;
    if (!CreateWorld()) {
      stream_failed_ = true;
      return;
    }
  }
  // Past the limit the entities are only counted: FinishStream refuses the file.
  if (Stop() || index >= options_.max_entities) return;
  entries_.emplace_back();
  if (ReadRecordedEntity(index, entity)) return;
  const Document document = ToDocument(entity, "/entities/" + std::to_string(index), sink_);
  ReadEntityKeys(index, document);
  ReadComponents(index);
  entries_[index].object = nullptr;
}

bool Reader::ReadRecordedEntity(std::size_t index, const JsonNode& entity) {
  if (!entity.IsObject()) return false;
  const JsonNode* id_node = nullptr;
  const JsonNode* name = nullptr;
  const JsonNode* parent = nullptr;
  const JsonNode* order = nullptr;
  const JsonNode* components = nullptr;
  const JsonNode* world_matrix = nullptr;
  const JsonNode* key = entity.FirstChild();
  for (std::uint32_t i = 0; i < entity.size; ++i, key = key->Next()) {
    const JsonNode** slot = key->key == "id"           ? &id_node
                            : key->key == "name"       ? &name
                            : key->key == "parent"     ? &parent
                            : key->key == "order"      ? &order
                            : key->key == "components" ? &components
                            : key->key == "world" && kind_ == FileKind::kRuntime ? &world_matrix
                                                                                 : nullptr;
    if (slot == nullptr || *slot != nullptr) return false;  // unknown or written twice
    *slot = key;
  }
  if (id_node == nullptr || name == nullptr || parent == nullptr || order == nullptr || components == nullptr) {
    return false;
  }
  const std::optional<EntityId> id = id_node->IsString() ? ecs::ParseEntityId(id_node->text) : std::nullopt;
  if (!id) return false;
  // The id's place in the world's table of ids (a cache miss in a table of
  // millions), fetched while the components are read; looked up after them.
  world_->PrefetchEntityId(*id);
  if (name->IsString() ? !world_->IsRegistered<ecs::Name>() : name->kind != JsonNode::Kind::kNull) return false;
  EntityId parent_id = ecs::kNoEntityId;
  if (parent->kind != JsonNode::Kind::kNull) {
    const std::optional<EntityId> parsed = parent->IsString() ? ecs::ParseEntityId(parent->text) : std::nullopt;
    if (!parsed) return false;
    parent_id = *parsed;
  }
  const bool order_ok = order->kind == JsonNode::Kind::kUnsigned ||
                        (order->kind == JsonNode::Kind::kInteger && order->integer >= 0);
  if (!order_ok || !components->IsObject()) return false;
  if (world_matrix != nullptr) {
    float matrix[16];
    SilentReport report;
    if (!ecs::detail::DecodeFloats<RecordTree>(*world_matrix, matrix, 16, report) || !report.clean) return false;
  }

  recorded_components_.clear();
  const ComponentInfo* name_info =
      world_->IsRegistered<ecs::Name>() ? &world_->GetComponentInfo(world_->GetComponentType<ecs::Name>()) : nullptr;
  const JsonNode* member = components->FirstChild();
  for (std::uint32_t i = 0; i < components->size; ++i, member = member->Next()) {
    const auto found = components_by_name_.find(member->key);
    if (found == components_by_name_.end() || !member->IsObject()) return false;
    const ComponentInfo* info = found->second;
    if (info == name_info || !info->serialized || info->name == kUnknownComponentsName) return false;
    recorded_components_.emplace_back(member, info);
  }
  const auto by_name = [](const auto& a, const auto& b) { return a.first->key < b.first->key; };
  std::sort(recorded_components_.begin(), recorded_components_.end(), by_name);
  const auto same_name = [](const auto& a, const auto& b) { return a.first->key == b.first->key; };
  if (std::adjacent_find(recorded_components_.begin(), recorded_components_.end(), same_name) !=
      recorded_components_.end()) {
    return false;
  }

  // Every component into its scratch memory; nothing changes unless all read.
  std::size_t constructed = 0;
  bool ok = true;
  for (; constructed < recorded_components_.size() && ok; ++constructed) {
    const auto& [value, info] = recorded_components_[constructed];
    void* memory = ScratchFor(*info);
    info->Construct(memory);
    ok = ReadRecordedComponent(*info, *value, memory);
  }
  ok = ok && !EntryOf(*id);  // a duplicate id: the general read names the other entity
  if (ok) {
    EntityEntry& entry = entries_[index];
    entry.id = *id;
    entry.parent = parent_id;
    entry.order = order->kind == JsonNode::Kind::kUnsigned ? order->unsigned_integer
                                                           : static_cast<std::uint64_t>(order->integer);
    entry.handle = CreateEntryEntity(index, *id);
    if (name->IsString()) world_->AddComponent<ecs::Name>(entry.handle, ecs::Name{std::string(name->text)});
    for (const auto& [value, info] : recorded_components_) {
      void* component = ScratchFor(*info);
      if (!sink_.HasErrors()) world_->AddComponentData(entry.handle, info->type, component);
      for (const FieldInfo& field : info->fields) {
        Place place{index, value->key};
        place.field = field.name;
        CheckReference(field, place, component);
      }
    }
  }
  for (std::size_t i = 0; i < constructed; ++i) {
    const ComponentInfo& info = *recorded_components_[i].second;
    info.Destroy(ScratchFor(info));
  }
  return ok;
}

bool Reader::ReadRecordedComponent(const ComponentInfo& info, const JsonNode& value, void* component) {
  if (value.size != info.fields.size() || info.fields.size() > 64) return false;
  std::uint64_t seen = 0;
  const JsonNode* member = value.FirstChild();
  for (std::uint32_t i = 0; i < value.size; ++i, member = member->Next()) {
    const FieldInfo* field = info.FindField(member->key);
    if (field == nullptr) return false;
    const std::uint64_t bit = std::uint64_t{1} << static_cast<std::size_t>(field - info.fields.data());
    if ((seen & bit) != 0) return false;
    seen |= bit;
    // A key that is also another field's older name is ambiguous: the
    // Document read says so.
    for (const FieldInfo& other : info.fields) {
      if (std::find(other.previous_names.begin(), other.previous_names.end(), member->key) !=
          other.previous_names.end()) {
        return false;
      }
    }
    SilentReport report;
    if (!ecs::DecodeField<RecordTree>(*field, *member, component, report) || !report.clean) return false;
  }
  return true;
}

void Reader::ReportDanglingReferences() {
  for (const auto& [pointer, id] : pending_references_) {
    if (!EntryOf(id)) sink_.Warning(pointer, DanglingReferenceMessage(id));
  }
  pending_references_.clear();
}

std::unique_ptr<ecs::Coordinator> Reader::FinishStream(const Document& document, ecs::PlainValue* editor) {
  if (stream_failed_) return nullptr;
  if (world_ == nullptr) {
    streaming_ = true;
    if (!CreateWorld()) return nullptr;
  }
  const Document* entities = ReadTopLevel(document, editor, streamed_);
  if (entities == nullptr || Stop()) return nullptr;
  if (instances_document_ != nullptr && !Stop()) ReadInstanceRecords(*instances_document_);
  for (std::size_t i = 0; i < instances_.size() && !Stop(); ++i) ReadInstanceComponents(i);
  ReportDanglingReferences();
  if (!Stop()) ReadHierarchy();
  if (sink_.HasErrors()) return nullptr;
  return std::move(world_);
}

// ---- Prefab instances (docs/scene-format.md, "Prefab instances") ----------------

void Reader::ReadInstanceRecords(const Document& instances) {
  if (instances.empty()) return;
  PrefabLibrary* library = options_.prefabs;
  if (library == nullptr && options_.asset_folder) {
    own_prefabs_ = std::make_unique<PrefabLibrary>(*options_.asset_folder, options_);
    library = own_prefabs_.get();
  }
  // Every record first, so that room for the entities of all instances is
  // made once: a scene of many instances would otherwise grow the entries,
  // the id index and the world's entity tables many times over.
  instances_.reserve(instances.size());
  std::size_t instance_entities = 0;  // at most: removed entities still count
  for (std::size_t i = 0; i < instances.size() && !Stop(); ++i) {
    const std::string pointer = "/instances/" + std::to_string(i);
    if (library == nullptr) {
      sink_.Error(pointer + "/prefab", "the scene has no project folder to find its prefab files in");
      continue;
    }
    instances_.push_back(InstanceRecord{pointer, {}, {}, {}, 0, {}, {}, {}, 0, 0});
    ReadInstanceRecord(i, instances[i]);
    const InstanceRecord& record = instances_.back();
    if (record.prefab == nullptr || record.id == ecs::kNoEntityId) {
      instances_.pop_back();
      continue;
    }
    instance_entities += record.prefab->entities.size();
  }
  // Never more than the limit allows: a file over it is refused below.
  const std::size_t room = std::min(entries_.size() + instance_entities, options_.max_entities);
  entries_.reserve(room);
  entry_by_slot_.reserve(room);
  world_->ReserveEntities(room, ecs::Coordinator::NewIds::kGiven);
  for (std::size_t i = 0; i < instances_.size() && !Stop(); ++i) CreateInstanceEntities(i);
  if (entries_.size() > options_.max_entities) {
    sink_.Error("/instances", "the instances make " + std::to_string(entries_.size()) +
                                  " entities in all, over the limit of " + std::to_string(options_.max_entities));
  }
}

void Reader::ReadInstanceRecord(std::size_t index, const Document& value) {
  InstanceRecord& record = instances_.back();
  const std::string& pointer = record.pointer;
  if (!value.is_object()) {
    sink_.Error(pointer, "expected a prefab instance object, found " + Found(value));
    return;
  }
  std::optional<EntityId> id;
  const Document* overrides = nullptr;
  const Document* removed = nullptr;
  bool has_parent = false, has_order = false;
  for (auto it = value.begin(); it != value.end(); ++it) {
    const std::string& key = it.key();
    const std::string key_pointer = pointer + "/" + EscapePointerToken(key);
    Place place{index};
    place.origin = &key_pointer;
    if (key == "id") {
      id = ReadId(*it, place, false);
    } else if (key == "prefab") {
      if (!it->is_string()) {
        sink_.Error(key_pointer, "expected the path of a prefab file, found " + FoundQuoted(*it));
        continue;
      }
      PrefabLibrary* library = options_.prefabs != nullptr ? options_.prefabs : own_prefabs_.get();
      const std::string& path = it->get_ref<const std::string&>();
      PrefabLookup lookup = library->Get(path);
      if (lookup.prefab == nullptr) {
        sink_.Error(key_pointer, std::move(lookup.error));
      } else {
        if (PrefabLibrary::Normalise(path) != lookup.prefab->path) {
          sink_.Warning(key_pointer, "prefab " + Quoted(path) + " has moved to " + lookup.prefab->path +
                                         ": the instance follows it (and is saved with the new path)");
        }
        record.prefab = std::move(lookup.prefab);
      }
    } else if (key == "parent") {
      has_parent = true;
      if (!it->is_null()) {
        if (const auto parent = ReadId(*it, place, true)) record.parent = *parent;
      }
    } else if (key == "order") {
      has_order = true;
      if (const auto order = NonNegativeInteger(*it)) {
        record.order = *order;
      } else {
        sink_.Error(key_pointer, "expected a non-negative integer, found " + Found(*it));
      }
    } else if (key == "overrides") {
      if (it->is_object()) {
        overrides = &*it;
      } else {
        sink_.Error(key_pointer, "expected an object of overrides by prefab entity id, found " + Found(*it));
      }
    } else if (key == "removed_entities") {
      if (it->is_array()) {
        removed = &*it;
      } else {
        sink_.Error(key_pointer, "expected an array of prefab entity ids, found " + Found(*it));
      }
    } else {
      sink_.Error(key_pointer, "unknown key " + Quoted(key) +
                                   " (expected id, prefab, parent, order, overrides, removed_entities)");
    }
  }
  for (const auto& [present, key] :
       {std::pair{id.has_value() || value.contains("id"), "id"}, std::pair{value.contains("prefab"), "prefab"},
        std::pair{has_parent, "parent"}, std::pair{has_order, "order"},
        std::pair{overrides != nullptr || value.contains("overrides"), "overrides"},
        std::pair{removed != nullptr || value.contains("removed_entities"), "removed_entities"}}) {
    if (!present) sink_.Error(pointer, std::string("missing key \"") + key + "\"");
  }
  if (!id || record.prefab == nullptr) return;
  if (const auto [other, inserted] = instance_by_id_.emplace(*id, index); !inserted) {
    sink_.Error(pointer + "/id", "duplicate id " + ecs::ToHex(*id) + " (also used by /instances/" +
                                     std::to_string(other->second) + ")");
    return;
  }
  record.id = *id;
  const Prefab& prefab = *record.prefab;
  if (overrides != nullptr) {
    for (auto it = overrides->begin(); it != overrides->end(); ++it) {
      const std::string override_pointer = pointer + "/overrides/" + EscapePointerToken(it.key());
      const std::optional<EntityId> source = ecs::ParseEntityId(it.key());
      if (!source) {
        sink_.Error(override_pointer, "expected a prefab entity id (16 hex digits) as the key, found " + Quoted(it.key()));
        continue;
      }
      if (!it->is_object()) {
        sink_.Error(override_pointer, "expected an object of overrides, found " + Found(*it));
        continue;
      }
      if (prefab.Find(*source).IsNull()) {
        sink_.Warning(override_pointer, "prefab " + prefab.path + " no longer has entity " + it.key() +
                                            ": its overrides are dropped");
        record.dropped.push_back(InstanceEntityId(record.id, prefab.root_id, *source));
        continue;
      }
      ReadOverrideKeys(record, *source, *it, override_pointer);
      record.overrides.emplace(*source, &*it);
    }
  }
  if (removed != nullptr) {
    for (std::size_t i = 0; i < removed->size(); ++i) {
      const Document& element = (*removed)[i];
      const std::optional<EntityId> source =
          element.is_string() ? ecs::ParseEntityId(element.get_ref<const std::string&>()) : std::nullopt;
      const std::string element_pointer = pointer + "/removed_entities/" + std::to_string(i);
      if (!source) {
        sink_.Error(element_pointer, "expected a prefab entity id (16 hex digits), found " + FoundQuoted(element));
      } else if (*source == prefab.root_id) {
        sink_.Error(element_pointer, "the prefab's root cannot be removed from its instance (delete the instance instead)");
      } else if (!prefab.Find(*source).IsNull()) {
        record.removed.insert(*source);
      }
    }
  }
}

void Reader::ReadOverrideKeys(const InstanceRecord& record, EntityId source, const Document& overrides,
                              const std::string& pointer) {
  for (auto it = overrides.begin(); it != overrides.end(); ++it) {
    const std::string& key = it.key();
    const std::string key_pointer = pointer + "/" + EscapePointerToken(key);
    if (key == "name") {
      if (!it->is_string() && !it->is_null()) sink_.Error(key_pointer, "expected a string or null, found " + Found(*it));
    } else if (key == "parent" || key == "order") {
      if (source == record.prefab->root_id) {
        sink_.Error(key_pointer, "the instance's root takes its " + key + " from the instance, not from an override");
      } else if (key == "parent" && !(it->is_string() && ecs::ParseEntityId(it->get_ref<const std::string&>()))) {
        sink_.Error(key_pointer, "expected an entity id (16 hex digits), found " + FoundQuoted(*it));
      } else if (key == "order" && !NonNegativeInteger(*it)) {
        sink_.Error(key_pointer, "expected a non-negative integer, found " + Found(*it));
      }
    } else if (key == "components") {
      if (!it->is_object()) sink_.Error(key_pointer, "expected an object of components, found " + Found(*it));
    } else if (key == "removed_components") {
      const bool names = it->is_array() && std::all_of(it->begin(), it->end(), [](const Document& element) {
                           return element.is_string();
                         });
      if (!names) sink_.Error(key_pointer, "expected an array of component names, found " + Found(*it));
    } else {
      sink_.Error(key_pointer,
                  "unknown key " + Quoted(key) + " (expected name, parent, order, components, removed_components)");
    }
  }
}

void Reader::CreateInstanceEntities(std::size_t instance) {
  InstanceRecord& record = instances_[instance];
  const Prefab& prefab = *record.prefab;
  const ecs::Coordinator& source_world = *prefab.world;
  const bool names = world_->IsRegistered<ecs::Name>() && source_world.IsRegistered<ecs::Name>();
  record.first_entry = entries_.size();
  for (const EntityId dropped : record.dropped) dropped_parents_.emplace(dropped, record.first_entry);
  // Entities whose prefab parent is left out are left out with it.
  std::unordered_set<EntityId> left_out;
  for (const ecs::Entity source : prefab.entities) {
    const EntityId source_id = source_world.GetEntityId(source);
    const ecs::Entity source_parent = source_world.GetParent(source);
    const EntityId source_parent_id = source == prefab.root ? ecs::kNoEntityId : source_world.GetEntityId(source_parent);
    if (record.removed.contains(source_id) || left_out.contains(source_parent_id)) {
      left_out.insert(source_id);
      continue;
    }
    EntityEntry entry;
    entry.id = InstanceEntityId(record.id, prefab.root_id, source_id);
    entry.instance = instance;
    entry.source = source;
    const auto override_it = record.overrides.find(source_id);
    const Document* overrides = override_it == record.overrides.end() ? nullptr : override_it->second;
    constexpr std::string_view kOverrides = "/overrides/";
    entry.origin.reserve(record.pointer.size() + kOverrides.size() + 16);  // + the id's 16 digits: one allocation
    entry.origin += record.pointer;
    entry.origin += kOverrides;
    ecs::AppendHex(entry.origin, source_id);
    if (source == prefab.root) {
      entry.parent = record.parent;
      entry.order = record.order;
    } else {
      entry.parent = InstanceEntityId(record.id, prefab.root_id, source_parent_id);
      entry.order = source_world.SiblingIndex(source);
      if (overrides != nullptr) {
        if (const auto parent = overrides->find("parent"); parent != overrides->end() && parent->is_string()) {
          if (const auto id = ecs::ParseEntityId(parent->get_ref<const std::string&>())) entry.parent = *id;
        }
        if (const auto order = overrides->find("order"); order != overrides->end()) {
          if (const auto value = NonNegativeInteger(*order)) entry.order = *value;
        }
      }
    }
    if (entry.id == ecs::kNoEntityId) {
      sink_.Error(entry.origin, "prefab entity " + ecs::ToHex(source_id) + " gets the reserved id 0 in this instance");
      continue;
    }
    if (const std::optional<std::size_t> other_index = EntryOf(entry.id)) {
      const EntityEntry& other = entries_[*other_index];
      sink_.Error(entry.origin, "the instance's entity " + ecs::ToHex(entry.id) + " (prefab entity " +
                                    ecs::ToHex(source_id) + ") has the id of " +
                                    (other.origin.empty() ? "/entities/" + std::to_string(*other_index) : other.origin));
      continue;
    }
    entry.handle = CreateEntryEntity(entries_.size(), entry.id);
    const ecs::Name* name = names ? source_world.TryGetComponent<ecs::Name>(source) : nullptr;
    const Document* name_override = nullptr;
    if (overrides != nullptr) {
      if (const auto found = overrides->find("name"); found != overrides->end()) name_override = &*found;
    }
    if (name_override != nullptr) {
      if (name_override->is_string() && names) {
        world_->AddComponent<ecs::Name>(entry.handle, ecs::Name{name_override->get<std::string>()});
      }
    } else if (name != nullptr) {
      world_->AddComponent<ecs::Name>(entry.handle, *name);
    }
    entries_.push_back(std::move(entry));
  }
  record.end_entry = entries_.size();
}

void Reader::ReadInstanceComponents(std::size_t instance) {
  const InstanceRecord& record = instances_[instance];
  const Prefab& prefab = *record.prefab;
  const ecs::Coordinator& source_world = *prefab.world;
  // The source world registers the same components (the same registration),
  // but is matched by name so that nothing rests on that.
  const std::string name_component =
      world_->IsRegistered<ecs::Name>() ? world_->GetComponentInfo(world_->GetComponentType<ecs::Name>()).name : "";
  std::vector<const ComponentInfo*> target_of(source_world.ComponentTypeCount(), nullptr);
  for (ecs::ComponentType type = 0; type < source_world.ComponentTypeCount(); ++type) {
    const ComponentInfo& info = source_world.GetComponentInfo(type);
    if (!info.serialized || info.name == name_component) continue;
    if (const auto found = components_by_name_.find(info.name); found != components_by_name_.end()) {
      target_of[type] = found->second;
    }
  }
  const ecs::ComponentType prefab_instance_type = world_->GetComponentType<PrefabInstance>();
  const auto map_reference = [&](EntityId id) {
    return prefab.by_id.contains(id) ? InstanceEntityId(record.id, prefab.root_id, id) : id;
  };
  for (std::size_t index = record.first_entry; index < record.end_entry && !Stop(); ++index) {
    EntityEntry& entry = entries_[index];
    if (entry.handle.IsNull()) continue;
    const bool is_root = entry.source == prefab.root;
    const EntityId source_id = source_world.GetEntityId(entry.source);
    const auto override_it = record.overrides.find(source_id);
    const Document* overrides = override_it == record.overrides.end() ? nullptr : override_it->second;
    const Document* changed = nullptr;
    std::vector<std::string_view> removed;
    if (overrides != nullptr) {
      if (const auto found = overrides->find("components"); found != overrides->end() && found->is_object()) {
        changed = &*found;
      }
      if (const auto found = overrides->find("removed_components"); found != overrides->end() && found->is_array()) {
        for (const Document& name : *found) {
          if (name.is_string()) removed.push_back(name.get_ref<const std::string&>());
        }
      }
    }
    const auto is_removed = [&](std::string_view name) {
      return std::find(removed.begin(), removed.end(), name) != removed.end();
    };
    const ecs::Signature& signature = source_world.GetSignature(entry.source);
    for (ecs::ComponentType type = 0; type < source_world.ComponentTypeCount(); ++type) {
      const ComponentInfo* info = target_of[type];
      if (info == nullptr || !signature.Test(type) || is_removed(info->name)) continue;
      if (is_root && info->type == prefab_instance_type) continue;  // the instance's own marker wins
      void* memory = ScratchFor(*info);
      info->CopyConstruct(memory, source_world.GetComponentData(entry.source, type));
      for (const FieldInfo& field : info->fields) {
        if (field.type == FieldType::kEntityRef) field.Ref<EntityId>(memory) = map_reference(field.Ref<EntityId>(memory));
      }
      bool ok = true;
      if (changed != nullptr) {
        if (const auto fields = changed->find(info->name); fields != changed->end()) {
          Place place = EntityPlace(index);
          place.component = info->name;
          if (!fields->is_object()) {
            sink_.Error(place.Pointer(), "expected an object of changed fields, found " + Found(*fields));
            ok = false;
          } else {
            for (auto field_it = fields->begin(); field_it != fields->end(); ++field_it) {
              place.field = field_it.key();
              const FieldInfo* field = info->FindField(field_it.key());
              if (field == nullptr) {
                sink_.Error(place.Pointer(), "unknown field " + Quoted(field_it.key()) + " of " + info->name);
                ok = false;
              } else if (!ReadField(*field, *field_it, place, memory)) {
                ok = false;
              }
            }
          }
        }
      }
      if (ok && !sink_.HasErrors()) world_->AddComponentData(entry.handle, info->type, memory);
      info->Destroy(memory);
    }
    // Components the instance adds: whole, as in /entities.
    if (changed != nullptr) {
      for (auto it = changed->begin(); it != changed->end() && !Stop(); ++it) {
        Place place = EntityPlace(index);
        place.component = it.key();
        const auto found = components_by_name_.find(it.key());
        if (found == components_by_name_.end()) {
          sink_.Error(place.Pointer(), "unknown component " + Quoted(it.key()) + " in an override");
          continue;
        }
        const ComponentInfo& info = *found->second;
        const auto source_type = source_world.FindComponentInfo(info.name);
        if (source_type != nullptr && signature.Test(source_type->type) && !is_removed(info.name)) continue;  // changed fields
        if (!info.serialized || info.type == prefab_instance_type ||
            (world_->IsRegistered<ecs::Name>() && info.type == world_->GetComponentType<ecs::Name>())) {
          sink_.Error(place.Pointer(), "component " + Quoted(info.name) + " cannot be overridden");
          continue;
        }
        if (source_type != nullptr && signature.Test(source_type->type)) {
          sink_.Error(place.Pointer(), "component " + Quoted(info.name) + " is both removed and changed");
          continue;
        }
        void* memory = ScratchFor(info);
        info.Construct(memory);
        Document leftovers = Document::object();
        const bool ok = ReadComponent(info, *it, place, memory, leftovers);
        if (ok && !sink_.HasErrors()) world_->AddComponentData(entry.handle, info.type, memory);
        info.Destroy(memory);
      }
    }
    if (is_root && !sink_.HasErrors()) world_->AddComponent<PrefabInstance>(entry.handle, PrefabInstance{prefab.path});
  }
}

void Reader::ReadHierarchy() {
  for (std::size_t i = 0; i < entries_.size() && !Stop(); ++i) {
    EntityEntry& entry = entries_[i];
    if (entry.handle.IsNull() || !entry.parent) continue;
    const Place place = ParentPlace(i);
    const std::optional<std::size_t> parent = EntryOf(entry.parent);
    if (!parent) {
      if (const auto dropped = dropped_parents_.find(entry.parent); dropped != dropped_parents_.end()) {
        sink_.Warning(place.Pointer(), "its parent " + ecs::ToHex(entry.parent) + " was removed from prefab " +
                                           instances_[entries_[dropped->second].instance].prefab->path +
                                           ": it moves to the instance's root " + ecs::ToHex(entries_[dropped->second].id));
        entry.parent_entry = dropped->second;
        continue;
      }
      sink_.Error(place.Pointer(), "no entity in this file has id " + ecs::ToHex(entry.parent));
    } else if (*parent == i) {
      sink_.Error(place.Pointer(), "an entity cannot be its own parent");
    } else {
      entry.parent_entry = *parent;
    }
  }
  if (sink_.HasErrors() || !FindCycles() || sink_.HasErrors()) return;
  Link();
}

// Marks every entry with its depth; reports each parent cycle once, at its
// member that comes first in the file. Returns false when there is one.
bool Reader::FindCycles() {
  enum : std::uint8_t { kUnvisited, kOnPath, kDone };
  std::vector<std::uint8_t> state(entries_.size(), kUnvisited);
  std::vector<std::size_t> path;
  bool acyclic = true;
  for (std::size_t start = 0; start < entries_.size() && !Stop(); ++start) {
    path.clear();
    std::size_t current = start;
    while (current != kNone && state[current] == kUnvisited && !entries_[current].handle.IsNull()) {
      state[current] = kOnPath;
      path.push_back(current);
      current = entries_[current].parent_entry;
    }
    if (current != kNone && state[current] == kOnPath) {
      acyclic = false;
      const auto cycle_start = std::find(path.begin(), path.end(), current);
      const std::size_t first = *std::min_element(cycle_start, path.end());
      std::string chain;
      std::size_t member = first;
      do {
        chain += ecs::ToHex(entries_[member].id) + " -> ";
        member = entries_[member].parent_entry;
      } while (member != first);
      chain += ecs::ToHex(entries_[first].id);
      const Place place = ParentPlace(first);
      sink_.Error(place.Pointer(), "parent cycle: " + chain);
    }
    // Depths from the top of the walked path down (a cycle's members get any).
    std::size_t depth = (current != kNone && state[current] == kDone) ? entries_[current].depth + 1 : 0;
    for (auto it = path.rbegin(); it != path.rend(); ++it) {
      entries_[*it].depth = depth++;
      state[*it] = kDone;
    }
  }
  return acyclic;
}

// Builds the links deepest parents first, so that no SetParent walks a long
// chain of ancestors; siblings are appended by (order, id).
void Reader::Link() {
  std::vector<std::vector<std::size_t>> children(entries_.size());
  std::vector<std::size_t> roots;
  std::size_t max_depth = 0;
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    if (entries_[i].handle.IsNull()) continue;
    if (entries_[i].parent_entry == kNone) {
      roots.push_back(i);
    } else {
      children[entries_[i].parent_entry].push_back(i);
    }
    max_depth = std::max(max_depth, entries_[i].depth);
  }
  const auto by_order_then_id = [this](std::size_t a, std::size_t b) {
    return std::tie(entries_[a].order, entries_[a].id) < std::tie(entries_[b].order, entries_[b].id);
  };
  std::vector<std::vector<std::size_t>> parents_by_depth(max_depth + 1);
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    if (!children[i].empty()) parents_by_depth[entries_[i].depth].push_back(i);
  }
  for (std::size_t depth = parents_by_depth.size(); depth-- > 0;) {
    for (std::size_t parent : parents_by_depth[depth]) {
      std::sort(children[parent].begin(), children[parent].end(), by_order_then_id);
      for (std::size_t child : children[parent]) world_->SetParent(entries_[child].handle, entries_[parent].handle);
    }
  }
  std::sort(roots.begin(), roots.end(), by_order_then_id);
  for (std::size_t root : roots) world_->SetParent(entries_[root].handle, ecs::kNullEntity);
}

}  // namespace

std::optional<int> CheckHeader(const Document& document, FileKind kind, DiagnosticSink& sink) {
  const std::string_view format = kind == FileKind::kScene ? kSceneFormat : kRuntimeFormat;
  const int supported = kind == FileKind::kScene ? kSceneVersion : kRuntimeVersion;
  if (!document.is_object()) {
    sink.Error("", "the document must be a JSON object, found " + Found(document));
    return std::nullopt;
  }
  const auto format_it = document.find("format");
  if (format_it == document.end()) {
    sink.Error("", "missing key \"format\" (expected \"" + std::string(format) + "\")");
    return std::nullopt;
  }
  if (!format_it->is_string() || *format_it != format) {
    sink.Error("/format", "expected " + Quoted(format) + ", found " + FoundQuoted(*format_it));
    return std::nullopt;
  }
  const auto version_it = document.find("version");
  if (version_it == document.end()) {
    sink.Error("", "missing key \"version\"");
    return std::nullopt;
  }
  const int oldest = kind == FileKind::kScene ? 0 : kOldestRuntimeVersion;
  const std::optional<std::uint64_t> version = NonNegativeInteger(*version_it);
  if (version && *version > static_cast<std::uint64_t>(supported)) {
    sink.Error("/version", "version " + Found(*version_it) + " is newer than this build supports (" +
                               std::to_string(supported) + "); open it with a newer Cairn");
    return std::nullopt;
  }
  if (!version || *version < static_cast<std::uint64_t>(oldest)) {
    const std::string range = oldest == supported ? std::to_string(supported)
                                                  : "an integer from " + std::to_string(oldest) + " to " +
                                                        std::to_string(supported);
    sink.Error("/version", "expected " + range + ", found " + FoundQuoted(*version_it));
    return std::nullopt;
  }
  return static_cast<int>(*version);
}

namespace {

// What ReadWorld makes of an exception the checks should have prevented.
void ReportRefusal(DiagnosticSink& sink) {
  try {
    throw;
  } catch (const ecs::EcsError& error) {
    // Validation is meant to make every ECS call safe; should one still
    // refuse, the load fails with its message instead of throwing.
    sink.Error("", std::string("the world refused the document: ") + error.what());
  } catch (const nlohmann::json::exception& error) {
    // Only a document built in memory can get here (a string that is not
    // UTF-8 cannot be dumped); parsed documents are always well-formed.
    sink.Error("", std::string("the document holds a value that cannot be stored: ") + error.what());
  }
}

class StreamingReader final : public EntityStream {
 public:
  StreamingReader(FileKind kind, const LoadOptions& options, DiagnosticSink& sink) : reader_(kind, options, sink), sink_(sink) {}

  void Entity(const JsonNode& entity) override {
    if (refused_) return;
    try {
      reader_.StreamEntity(entity);
    } catch (const ecs::EcsError&) {
      Refuse();
    } catch (const nlohmann::json::exception&) {
      Refuse();
    }
  }

  void Expect(std::size_t count) override {
    if (!refused_) reader_.ExpectEntities(count);
  }

  std::unique_ptr<ecs::Coordinator> Finish(const Document& document, ecs::PlainValue* editor) override {
    if (refused_) return nullptr;
    try {
      return reader_.FinishStream(document, editor);
    } catch (const ecs::EcsError&) {
      Refuse();
    } catch (const nlohmann::json::exception&) {
      Refuse();
    }
    return nullptr;
  }

 private:
  void Refuse() {
    ReportRefusal(sink_);
    refused_ = true;
  }

  Reader reader_;
  DiagnosticSink& sink_;
  bool refused_ = false;
};

}  // namespace

std::unique_ptr<ecs::Coordinator> ReadWorld(const Document& document, FileKind kind, const LoadOptions& options,
                                            DiagnosticSink& sink, ecs::PlainValue* editor) {
  Reader reader(kind, options, sink);
  try {
    return reader.Read(document, editor);
  } catch (const ecs::EcsError&) {
    ReportRefusal(sink);
  } catch (const nlohmann::json::exception&) {
    ReportRefusal(sink);
  }
  return nullptr;
}

std::unique_ptr<EntityStream> StreamWorld(FileKind kind, const LoadOptions& options, DiagnosticSink& sink) {
  return std::make_unique<StreamingReader>(kind, options, sink);
}

}  // namespace cairn::serialization::detail
