#pragma once
// JSON Schemas (draft 2020-12) of the scene file and the runtime export,
// generated from a world's component registry, so they describe exactly the
// components that world can load. The copies in docs/schema/ are generated
// from the built-in components (ecs::RegisterBuiltinComponents); a test
// fails when they are stale.
//
// Components the registry does not know are allowed as objects (they are
// kept, not rejected); runtime-only components and "Name" (stored as an
// entity's "name") are forbidden.

#include <string>

#include "cairn/ecs/coordinator.h"

namespace cairn::serialization {

// Deterministic text (2-space indent, trailing newline).
std::string GenerateSceneSchema(const ecs::Coordinator& registry);
std::string GenerateRuntimeSchema(const ecs::Coordinator& registry);

}  // namespace cairn::serialization
