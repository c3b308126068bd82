#pragma once
// The first step of a scene merge: each entity merged on its own, key by key
// and component by component (docs/merge.md, "How scenes merge"). Internal to
// the library.

#include "merge_inputs.h"

namespace cairn::serialization::detail {

// Fills work.entities with every entity of the merged scene and records each
// conflict, keeping ours for it. The result may still break the hierarchy
// rules (a parent cycle, a deleted parent): RepairMergedHierarchy follows.
void MergeEntities(const MergeInputs& inputs, MergeWork& work);

}  // namespace cairn::serialization::detail
