#pragma once
// The second step of a scene merge: the merged entities made a valid scene
// again where combining both sides broke a rule of the format (docs/merge.md,
// "Conflicts the merge finds"). Internal to the library.

#include "merge_inputs.h"

namespace cairn::serialization::detail {

// Repairs, each recorded as a conflict and each resolved towards ours:
//   - a parent that is not in the merged scene: restored from ours when ours
//     has it; otherwise the entity gets its parent from ours back, or, when
//     only theirs has the entity, the entity is left out;
//   - a parent cycle (two reparents): the members whose parent came from
//     theirs get their parent from ours back;
//   - an entity reference (a registered field) to an entity the merge
//     deleted: restored from ours when the reference is ours; otherwise the
//     field gets its value from ours back, or keeps the dangling reference
//     when ours has no such field.
// References that already dangled in the version they came from are left
// alone (the loader warns about them, as it did for that version).
void RepairMergedScene(const MergeInputs& inputs, MergeWork& work);

}  // namespace cairn::serialization::detail
