#pragma once
// A canonical text description of a world, independent of handles and slot
// order: one line per entity, sorted by id, with its parent, sibling position
// and every component's reflected value. Two worlds are "identical" when
// their dumps are equal; tests use it to check undo, round trips and merges.

#include <string>

namespace cairn::ecs {

class Coordinator;

std::string DumpWorld(const Coordinator& coordinator);

}  // namespace cairn::ecs
