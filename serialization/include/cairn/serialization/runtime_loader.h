#pragma once
// What a game calls to read a runtime export into an ECS world:
//
//   cairn::serialization::LoadOptions options;
//   options.register_components = [](cairn::ecs::Coordinator& world) {
//     cairn::ecs::RegisterBuiltinComponents(world);
//     game::RegisterProjectComponents(world);  // the game's own types (cairn codegen), if any
//   };
//   auto level = cairn::serialization::LoadRuntimeFile("level.runtime.json", options);
//   if (!level.Ok()) { for (const auto& d : level.diagnostics) std::cerr << d.ToString() << '\n'; }
//   cairn::ecs::Coordinator& world = *level.world;
//   world.UpdateSystems(0.0f);  // computes world matrices
//
// Validation is the scene loader's (same pointers and messages). Components
// the world does not register are reported as warnings and skipped; "world"
// matrices are checked and then recomputed by the TransformSystem.
// docs/runtime.md walks through a whole game.

#include <filesystem>
#include <memory>
#include <string_view>
#include <vector>

#include "cairn/ecs/coordinator.h"
#include "cairn/serialization/diagnostic.h"
#include "cairn/serialization/scene_loader.h"

namespace cairn::serialization {

struct RuntimeLoadResult {
  std::unique_ptr<ecs::Coordinator> world;  // set exactly when there is no error
  std::vector<Diagnostic> diagnostics;

  bool Ok() const { return world != nullptr; }
};

RuntimeLoadResult LoadRuntime(std::string_view text, const LoadOptions& options = {});
RuntimeLoadResult LoadRuntimeFile(const std::filesystem::path& path, const LoadOptions& options = {});

}  // namespace cairn::serialization
