#pragma once
// The first step of a scene merge: each entity and each prefab instance
// merged on its own, key by key, component by component and override by
// override (docs/merge.md, "How scenes merge" and "Prefab instances").
// Internal to the library.

#include "merge_inputs.h"

namespace cairn::serialization::detail {

// Fills work.entities, work.instances and work.places with every entity and
// instance of the merged scene and records each conflict, keeping ours for
// it. The result may still break the hierarchy rules (a parent cycle, a
// deleted parent): RepairMergedScene follows.
void MergeEntities(const MergeInputs& inputs, MergeWork& work);

}  // namespace cairn::serialization::detail
