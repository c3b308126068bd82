#pragma once
// What a click in the viewport does to the selection.

#include "cairn/ecs/entity.h"

namespace cairn::editor {

class Selection;

// A plain click selects exactly the entity under the cursor, or clears the
// selection over empty space (`hit` = kNoEntityId). With Ctrl (`toggle`) the
// entity is added or removed (Selection::Toggle) and empty space changes
// nothing. Returns true when the selection changed.
bool ApplyPickClick(Selection& selection, ecs::EntityId hit, bool toggle);

}  // namespace cairn::editor
