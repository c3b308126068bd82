#pragma once
// How the scenes of a game project are read: their worlds register the
// built-in components, then the project's own (RegisterProjectComponents).
// The `cairn` command and the editor load, merge and check scenes through
// these options, so a project component is read the same way everywhere.

#include <memory>

#include "cairn/ecs/coordinator.h"
#include "cairn/serialization/project.h"
#include "cairn/serialization/scene_loader.h"

namespace cairn::serialization {

// Registers the built-in components on `world`, then those of `project`
// (none when it is null). Throws ecs::ComponentRegistrationError as
// RegisterProjectComponents does.
void RegisterSceneComponents(ecs::Coordinator& world, const Project* project);

// `base` with register_components set to RegisterSceneComponents for
// `project` (null: the built-ins only, as the default options), and asset
// paths looked up in the project's folder (for a project read from a file).
// The options share the project, so they stay valid after the caller's copy
// is gone.
LoadOptions ProjectSceneOptions(std::shared_ptr<const Project> project, LoadOptions base = {});

}  // namespace cairn::serialization
