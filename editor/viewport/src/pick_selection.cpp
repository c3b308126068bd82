#include "cairn/editor/viewport/pick_selection.h"

#include "cairn/editor/selection.h"

namespace cairn::editor {

bool ApplyPickClick(Selection& selection, ecs::EntityId hit, bool toggle) {
  const std::uint64_t before = selection.Version();
  if (toggle) {
    if (hit) selection.Toggle(hit);
  } else if (hit) {
    // Clicking the only selected entity again changes nothing.
    if (!(selection.Count() == 1 && selection.Primary() == hit)) selection.Select(hit);
  } else if (!selection.Empty()) {
    selection.Clear();
  }
  return selection.Version() != before;
}

}  // namespace cairn::editor
