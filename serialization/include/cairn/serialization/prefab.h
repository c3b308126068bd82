#pragma once
// Prefabs: a scene file used as a template, placed many times as instances
// (docs/scene-format.md, "Prefab instances").
//
// A prefab is an ordinary scene file with exactly one root entity. An
// instance is written in a scene as the prefab's path plus its overrides
// only; on load it is expanded into plain entities, and on save the writer
// compares those entities with the prefab again. In a world, an instance is
// its root entity carrying a PrefabInstance component; the other entities of
// the instance are recognised by their ids, which are derived from the
// instance's id and the prefab entity's id (InstanceEntityId), so they are
// the same in every load, merge and copy of the scene. What an instance
// changes in its prefab is worked out in one place: prefab_diff.h.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "cairn/ecs/command.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/serialization/diagnostic.h"
#include "cairn/serialization/scene_loader.h"

namespace cairn::serialization {

// On an instance's root entity: which prefab it places.
struct PrefabInstance {
  std::string prefab;  // the prefab file, relative to the project folder ("props/lamp.scene")

  friend bool operator==(const PrefabInstance&, const PrefabInstance&) = default;
};

// The registered name: reserved, like kUnknownComponentsName. A world saved
// without a PrefabLibrary writes it as an ordinary component (the "flat"
// form the editor uses for its own copies).
inline constexpr std::string_view kPrefabInstanceName = "cairn.PrefabInstance";

// How many levels of prefab files may nest (a prefab placed in a scene is
// level 1, a prefab placed in that one level 2...).
inline constexpr std::size_t kMaxPrefabDepth = 8;

// Registers PrefabInstance (hidden from the UI) unless the world has it.
// Scene loading calls it on every world it creates.
void RegisterPrefabInstance(ecs::Coordinator& world);

// The id of the entity that the instance `instance_id` makes from the
// prefab entity `prefab_entity_id`: the instance id itself for the prefab's
// root, otherwise the prefab entity's id mixed with the instance id (a
// bijection for a given instance, so PrefabEntityId inverts it).
ecs::EntityId InstanceEntityId(ecs::EntityId instance_id, ecs::EntityId prefab_root_id,
                               ecs::EntityId prefab_entity_id);
ecs::EntityId PrefabEntityId(ecs::EntityId instance_id, ecs::EntityId prefab_root_id, ecs::EntityId world_id);

// A loaded prefab: its world (its own instances expanded) and its entities.
struct Prefab {
  std::string path;  // as instances name it, normalised
  std::unique_ptr<ecs::Coordinator> world;
  ecs::Entity root;
  ecs::EntityId root_id = ecs::kNoEntityId;
  // Every entity, parents before children (the root first).
  std::vector<ecs::Entity> entities;
  std::unordered_map<ecs::EntityId, ecs::Entity> by_id;
  std::vector<Diagnostic> warnings;  // from loading the file
  std::size_t depth = 1;  // levels of prefab files: 1 + the deepest it nests

  ecs::Entity Find(ecs::EntityId id) const {
    const auto found = by_id.find(id);
    return found == by_id.end() ? ecs::kNullEntity : found->second;
  }
};

// The entities of a new instance of `prefab` whose id is `instance_id`, in
// pre-order (the root first, under `parent` at `position`), with the
// components of `world`'s registry: ready for ecs::RestoreSubtreeCommand.
// References between the prefab's entities point at the instance's.
std::vector<ecs::EntityRecord> InstanceRecords(const Prefab& prefab, const ecs::Coordinator& world,
                                               ecs::EntityId instance_id, ecs::EntityId parent,
                                               std::uint32_t position = ecs::kAppendPosition);

class PrefabLibrary;

// An entity of a prefab instance in a world: the instance's root (the
// outermost instance: a nested prefab's entities belong to the instance of
// the prefab that nests it), its prefab and the prefab entity it copies.
struct InstanceMember {
  ecs::Entity root;
  ecs::EntityId instance_id = ecs::kNoEntityId;
  std::shared_ptr<const Prefab> prefab;
  ecs::Entity source;  // in prefab->world
};

// The instance `entity` belongs to, or nullopt for a plain entity (one the
// scene adds under an instance included) and for an instance whose prefab
// cannot be loaded.
std::optional<InstanceMember> FindInstanceMember(const ecs::Coordinator& world, PrefabLibrary& library,
                                                 ecs::Entity entity);

// The prefab's value of component `type` (of `world`'s registry) for a
// member, as the instance would have it (references into the prefab point
// at the instance's entities; fields matched by name and type as in
// prefab_diff.h, one the prefab's type lacks left at its default); nullopt
// when the prefab entity lacks the component.
std::optional<ecs::ComponentValue> PrefabValue(const ecs::Coordinator& world, const InstanceMember& member,
                                               ecs::ComponentType type);

// The fields of the member's component `type` that differ from the prefab
// (all of them when the prefab entity lacks the component; none when the
// entity lacks it): DiffComponent's (prefab_diff.h), so exactly the fields
// a saved scene keeps as this instance's overrides.
std::vector<const ecs::FieldInfo*> OverriddenFields(const ecs::Coordinator& world, const InstanceMember& member,
                                                    ecs::Entity entity, ecs::ComponentType type);

// What a lookup gives: the prefab, or the reason there is none
// ("prefab props/lamp.scene: cannot read /game/props/lamp.scene: No such
// file or directory").
struct PrefabLookup {
  std::shared_ptr<const Prefab> prefab;
  std::string error;
};

// Prefab files of one project folder, each loaded once and loaded again when
// the file changes on disk (size or modification time). Nested instances are
// resolved through the same library, to kMaxPrefabDepth levels; a prefab
// that contains itself is an error naming the chain.
class PrefabLibrary {
 public:
  // `options` gives the component registration and limits of every prefab
  // load (its prefabs member is ignored: this library answers).
  PrefabLibrary(std::filesystem::path folder, LoadOptions options);

  const std::filesystem::path& Folder() const { return folder_; }
  // How prefab files are loaded (prefabs: this library).
  const LoadOptions& Options() const { return options_; }

  PrefabLookup Get(std::string_view path);

  // Where a prefab file that is not there now lives, when the project keeps
  // a record of moved files (the editor's asset index): its current path, or
  // nullopt. Get then answers a moved path with the prefab at its new one
  // (Prefab::path says which).
  using MovedFiles = std::function<std::optional<std::string>(const std::string& path)>;
  void SetMovedFiles(MovedFiles moved) { moved_ = std::move(moved); }

  // The loaded prefabs whose file, or a prefab file they nest, changed on
  // disk since they were loaded (a stat per file: cheap enough to poll).
  std::vector<std::string> Changed() const;

  // While a Pin lives, Get answers with what is loaded, without looking at
  // the files: a scene is then written against the prefabs as its instances
  // were made from them, to be read back against the changed files.
  class Pin {
   public:
    explicit Pin(PrefabLibrary& library) : library_(library) { ++library_.pins_; }
    ~Pin() { --library_.pins_; }
    Pin(const Pin&) = delete;
    Pin& operator=(const Pin&) = delete;

   private:
    PrefabLibrary& library_;
  };
  // Forgets every loaded prefab (the next Get reads the files again).
  void Clear() { entries_.clear(); }

  // "props/lamp.scene" from "./props//lamp.scene"; nullopt for an absolute
  // path, an empty one or one leaving the folder ("../x.scene").
  static std::optional<std::string> Normalise(std::string_view path);

 private:
  struct Stamp {
    std::filesystem::file_time_type time{};
    std::uintmax_t size = 0;
    friend bool operator==(const Stamp&, const Stamp&) = default;
  };
  struct Dependency {
    std::string key;
    Stamp stamp;
  };
  struct Entry {
    PrefabLookup lookup;
    Stamp stamp;
    std::vector<Dependency> dependencies;  // the prefabs it nests, at every level
  };
  // A prefab being loaded: what it turned out to nest.
  struct Frame {
    std::string key;
    std::size_t depth = 1;
    std::vector<Dependency> dependencies;
    bool hit_depth_limit = false;
  };
  std::optional<Stamp> StampOf(const std::string& key, std::string* error) const;
  bool Fresh(const Entry& entry) const;
  PrefabLookup TooDeep(const std::string& key);
  Entry Load(const std::string& key, const Stamp& stamp, bool& hit_depth_limit);

  std::filesystem::path folder_;
  LoadOptions options_;
  std::map<std::string, Entry, std::less<>> entries_;
  std::vector<Frame> loading_;  // the chain of prefabs being loaded
  int pins_ = 0;
  MovedFiles moved_;
};

}  // namespace cairn::serialization
