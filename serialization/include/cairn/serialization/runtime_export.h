#pragma once
// The runtime export (format "cairn.runtime", docs/runtime.md): what a game
// loads. The same entity layout as a scene file, without the editor's data,
// and optionally with each entity's world matrix.

#include <filesystem>
#include <string>

#include "cairn/ecs/coordinator.h"
#include "cairn/serialization/atomic_file.h"

namespace cairn::serialization {

struct ExportOptions {
  // Adds "world": the entity's world matrix, 16 numbers in column-major
  // order, computed from the Transforms of the entity and its ancestors
  // (entities without a Transform contribute identity).
  bool include_world_matrices = false;
};

// Canonical text, like the scene writer. Throws SaveError on non-finite
// values (a world matrix included).
std::string ExportRuntime(const ecs::Coordinator& world, const ExportOptions& options = {});

// Writes the export atomically (no backup is kept). Never throws SaveError.
SaveResult ExportRuntimeFile(const std::filesystem::path& path, const ecs::Coordinator& world,
                             const ExportOptions& options = {});

}  // namespace cairn::serialization
