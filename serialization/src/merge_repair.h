#pragma once
// The second step of a scene merge: the merged entities made a valid scene
// again where combining both sides broke a rule of the format (docs/merge.md,
// "Conflicts the merge finds"). Internal to the library.

#include "merge_inputs.h"

namespace cairn::serialization::detail {

// Repairs of the entities of the merged scene (those its prefab instances
// make included), each recorded as a conflict and each resolved towards ours:
//   - a parent that is not in the merged scene: restored from ours when ours
//     has it (for an entity of an instance: the instance as ours has it, or
//     the entity put back into the instance theirs removed it from);
//     otherwise the entity gets its parent from ours back, or, when only
//     theirs has the entity, the entity (or the instance theirs added) is
//     left out, and an entity of an instance only theirs has goes back where
//     its prefab puts it;
//   - a parent cycle (two reparents): the members whose parent came from
//     theirs get their parent from ours back;
//   - an entity reference (a registered field of a scene entity) to an
//     entity the merge deleted: restored from ours when the reference is
//     ours; otherwise the field gets its value from ours back, or keeps the
//     dangling reference when ours has no such field.
// References that already dangled in the version they came from are left
// alone (the loader warns about them, as it did for that version).
void RepairMergedScene(const MergeInputs& inputs, MergeWork& work);

}  // namespace cairn::serialization::detail
