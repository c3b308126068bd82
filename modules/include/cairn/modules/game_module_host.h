#pragma once
// Loading game modules (cairn/ecs/game_module.h, docs/game-modules.md): the
// editor's Play and cairn-player run a project's own systems from the
// shared library the project names.
//
// A module file is never loaded where it lies: it is copied to a fresh file
// first and the copy is loaded, so that the game can rebuild the file while
// Cairn runs and a rebuilt file is a new library to the dynamic loader (which
// would otherwise hand back the one it has). Nothing is ever unloaded:
// systems of an older copy may still be running when a new one arrives, and
// the cost is the old copy's memory.
//
// The program that loads modules exports its symbols (CMake's
// ENABLE_EXPORTS): a module's copy of the ECS then uses the program's type
// indices, so that TryGetComponent<ecs::Transform> in a module finds the
// storage the program registered.

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cairn/ecs/coordinator.h"
#include "cairn/ecs/game_module.h"
#include "cairn/serialization/project.h"
#include "cairn/serialization/scene_loader.h"

namespace cairn::modules {

// A module file's size and modification time: a rebuilt file has another.
struct FileStamp {
  std::uintmax_t size = 0;
  std::filesystem::file_time_type modified{};

  friend bool operator==(const FileStamp&, const FileStamp&) = default;
};

// The stamp of `file` now; nullopt when it cannot be read (missing).
std::optional<FileStamp> StampOf(const std::filesystem::path& file);

class GameModule {
 public:
  GameModule(std::filesystem::path file, std::filesystem::path copy, FileStamp stamp,
             const ecs::GameModuleDescriptor& descriptor, std::vector<std::string> systems);

  // The file as the project names it, and the copy that was loaded.
  const std::filesystem::path& File() const { return file_; }
  const std::filesystem::path& LoadedCopy() const { return copy_; }
  // The file's stamp when it was copied.
  const FileStamp& Stamp() const { return stamp_; }
  // "the module 'orchard' (build/liborchard.so)", for messages.
  const std::string& Description() const { return description_; }
  std::string Name() const { return descriptor_.name != nullptr ? descriptor_.name : "?"; }
  // The systems the module registers, in registration order.
  const std::vector<std::string>& Systems() const { return systems_; }
  const ecs::GameModuleDescriptor& Descriptor() const { return descriptor_; }

  // Registers the project's components as the module's C++ types. Throws
  // ModuleError naming the module when its registration throws.
  void RegisterComponents(ecs::Coordinator& world) const;
  // Registers the module's systems on a world that has the built-in systems
  // and the module's components. Throws ModuleError as above.
  void RegisterSystems(ecs::Coordinator& world) const;

 private:
  std::filesystem::path file_;
  std::filesystem::path copy_;
  FileStamp stamp_;
  const ecs::GameModuleDescriptor& descriptor_;
  std::vector<std::string> systems_;
  std::string description_;
};

class ModuleError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct ModuleLoad {
  std::shared_ptr<const GameModule> module;  // set exactly when error is empty
  std::string error;  // "cannot load build/libgame.so: Gate.locks: int in the module, missing in the project: rebuild the module"

  bool Ok() const { return module != nullptr; }
};

// Loads the module `file` for `project`. Refused, with the reason in
// `error`: a file that cannot be read or loaded (the loader's message, such
// as a missing symbol), no cairn_game_module entry point, another ABI or
// Cairn version, a component whose fingerprint differs from the project's
// or that one side lacks (each difference named), or a registration that
// throws (tried on a world of its own first).
ModuleLoad LoadGameModule(const std::filesystem::path& file, const serialization::Project& project);

// Why `module` cannot run with `project`'s definitions (the differences, as
// LoadGameModule words them); empty when it can. For a project whose
// definitions changed while its module runs.
std::string ModuleMismatch(const GameModule& module, const serialization::Project& project);

// The module file a project names (its "module", relative to the project's
// folder); nullopt when it names none.
std::optional<std::filesystem::path> ModuleFileOf(const serialization::Project& project);

// Registers what a world that runs `module` needs before a scene is read
// into it: the built-in components, the project's components as the
// module's types, the built-in systems, then the module's systems.
void RegisterModuleWorld(ecs::Coordinator& world, const GameModule& module);

// `base` with register_components set to RegisterModuleWorld: how Play and
// the player read a scene they run with a module. The options share the
// module.
serialization::LoadOptions ModuleSceneOptions(std::shared_ptr<const GameModule> module,
                                              serialization::LoadOptions base);

// The components the entities of `world` have that no system's signature
// names (the Console's "nothing plays these" list), by name, sorted; built-in and hidden
// components that no system is meant to read (Name, Hierarchy, Camera,
// Light, MeshRenderer and the editor's own) are left out.
std::vector<std::string> ComponentsNoSystemReads(ecs::Coordinator& world);

}  // namespace cairn::modules
