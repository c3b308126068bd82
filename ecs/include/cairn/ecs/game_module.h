#pragma once
// A game module: a game's own systems, compiled into a shared library that
// the editor's Play and cairn-player load (docs/game-modules.md).
//
// The library exports one C function, cairn_game_module(), which returns a
// GameModuleDescriptor: the ABI and the Cairn version it was built for, the
// fingerprint of each project component as the module's C++ types have it
// (`cairn codegen` writes them into the components header), and two
// functions: one registers the project's components with those C++ types,
// the other the game's systems. A loader refuses a module whose ABI,
// version or fingerprints differ from its own and its project's.
//
// In a game's source, after including the generated header:
//
//   void RegisterGameSystems(cairn::ecs::Coordinator& world) { ... }
//   CAIRN_GAME_MODULE(game::ModuleDescriptor("my game", &RegisterGameSystems))

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "cairn/ecs/coordinator.h"
#include "cairn/ecs/reflection.h"
#include "cairn/ecs/version.h"

namespace cairn::ecs {

// Changes whenever GameModuleDescriptor or what the two sides share changes.
inline constexpr std::uint32_t kGameModuleAbi = 1;
// The name of the C function a module exports.
inline constexpr const char* kGameModuleEntryPoint = "cairn_game_module";

// One project component as the module's C++ types have it.
struct ModuleComponent {
  const char* name;
  const char* fingerprint;  // ComponentFingerprint
};

struct GameModuleDescriptor {
  std::uint32_t abi;          // kGameModuleAbi of the module's build
  const char* cairn_version;  // kCairnVersion of the module's build
  const char* name;           // for messages: "the module 'orchard'"
  const ModuleComponent* components;
  std::size_t component_count;
  // Registers the project's components as the generated C++ types, with the
  // same names, fields and hints as the project's definitions.
  void (*register_components)(Coordinator& world);
  // Registers the game's systems: RegisterSystem, SetSystemSignature and
  // their order against the built-in ones (RotatorSystem, FollowSystem,
  // TransformSystem). Runs after register_components and the built-ins.
  void (*register_systems)(Coordinator& world);
};

using GameModuleEntry = const GameModuleDescriptor* (*)();

// What a component's stored data means, as one line: its name, then each
// field in order as name:type/size, an enum's with its names in order:
// "Door|target:entity/8|open:bool/1|mode:enum(hinged,sliding)/4". Two
// components with the same fingerprint read and write the same values.
std::string ComponentFingerprint(const ComponentInfo& info);

// How two fingerprints of the component `name` differ, one sentence each
// ("Gate.locks: int in the module, missing in the project"), `ours` and
// `theirs` naming the two sides; empty when they are the same.
std::vector<std::string> FingerprintDifferences(std::string_view name, std::string_view ours,
                                                std::string_view theirs, std::string_view ours_side,
                                                std::string_view theirs_side);

}  // namespace cairn::ecs

// Defines the module's entry point from a GameModuleDescriptor expression.
#define CAIRN_GAME_MODULE(DESCRIPTOR)                                                          \
  extern "C" __attribute__((visibility("default"))) const ::cairn::ecs::GameModuleDescriptor* \
  cairn_game_module() {                                                                        \
    static const ::cairn::ecs::GameModuleDescriptor descriptor = (DESCRIPTOR);                 \
    return &descriptor;                                                                        \
  }
