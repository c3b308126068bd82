#pragma once
// The merge of prefab instances: records matched by id, the prefab path as a
// value, overrides per prefab entity and field, removed entities as a set
// (docs/merge.md, "Prefab instances"). Internal to the library.

#include "merge_inputs.h"
#include "merge_sibling_order.h"

namespace cairn::serialization::detail {

// Fills work.instances (and the places of their entities) with every
// instance of the merged scene, recording each conflict and keeping ours.
void MergeInstances(const MergeInputs& inputs, MergeWork& work, const PlaceMerger& places);

}  // namespace cairn::serialization::detail
