#pragma once
// Saving scene files (format "cairn.scene", docs/scene-format.md).
//
// The text is canonical: keys in a fixed order, entities sorted by id, each
// with its parent and its position among its siblings, components sorted by
// name with their fields in registration order, and floats in their shortest
// exact form. Equal worlds give equal bytes, and saving, loading and saving
// again gives identical bytes. Components a file held but this build does not
// know (UnknownComponents) are written back among the others.

#include <filesystem>
#include <stdexcept>
#include <string>

#include "cairn/ecs/coordinator.h"
#include "cairn/ecs/plain_value.h"
#include "cairn/serialization/atomic_file.h"

namespace cairn::serialization {

class PrefabLibrary;

// What cannot be written as JSON: a non-finite float ("entity 3f2a9c0d41be7e10
// (Player): Transform.position is not finite"), non-finite editor data, or
// editor data that is not an object.
class SaveError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The scene as text. `editor` is the editor's object (or null for none).
// With `prefabs`, prefab instances are written as instances (the prefab's
// path and the instance's overrides); without, every entity is written
// plain, an instance's root keeping its cairn.PrefabInstance component (the
// form the editor's own copies of a scene use). Throws SaveError.
std::string SaveSceneToString(const ecs::Coordinator& world, const ecs::PlainValue& editor,
                              PrefabLibrary* prefabs = nullptr);

// Saves atomically (WriteFileAtomically), keeping the previous file as
// "<name>.bak". Never throws SaveError: it is reported in the result, and
// the file on disk is then left as it was.
SaveResult SaveSceneFile(const std::filesystem::path& path, const ecs::Coordinator& world,
                         const ecs::PlainValue& editor, PrefabLibrary* prefabs = nullptr);

}  // namespace cairn::serialization
