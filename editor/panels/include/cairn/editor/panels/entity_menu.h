#pragma once
// The items of the Entity menu, drawn both in the main menu bar and in the
// Hierarchy's context menus: Create (empty, primitives, lights, camera) and
// the commands on the selection (rename, duplicate, delete, copy, paste).

#include <string_view>

#include "cairn/ecs/entity.h"

namespace cairn::editor {

class EditorCommands;

struct EntityMenuOptions {
  ecs::EntityId parent;                 // where created entities go (kNoEntityId: the roots)
  bool selection_items = true;          // also list the commands on the selection
  std::string_view map_prefix = "menu/Entity";  // widget map names: "<prefix>/<label>"
};

// Call between BeginMenu/BeginPopup and its End.
void DrawEntityMenuItems(EditorCommands& commands, const EntityMenuOptions& options);

}  // namespace cairn::editor
