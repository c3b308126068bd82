#pragma once
// The Hierarchy panel: the scene's entities as a tree in sibling order.
//
//   click / Ctrl+click / Shift+click   select / toggle / select a range
//   arrow, or hold a drag over a row   expand and collapse
//   F2, double-click                   rename in place (Enter commits, Escape cancels)
//   drag onto a row                    make the dragged entities its children
//   drag onto a row's top or bottom    move them before or after it among its siblings
//   drag onto the empty space          make them roots (world transforms are kept)
//   right-click                        the Entity menu (create as a child, duplicate, ...)
//   search field                       filter by name and by component ("t:Light")
//
// The list is virtualised: rows come flattened from FlattenHierarchy, rebuilt
// only when the world's structure, the expansion or the filter changed, and
// only the rows on screen are drawn, so 100,000 entities scroll freely. When
// the selection changes elsewhere (the viewport picked an entity, a create
// selected the new one), the panel expands its ancestors and scrolls to it.
//
// Names are drawn as bounded labels (bounded_text.h), and a name cut by the
// row's edge shows in a tooltip. A name longer than a text field holds
// (kMaxEditableBytes) is renamed from an empty field; left empty, it stays.

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "cairn/ecs/entity.h"
#include "cairn/editor/hierarchy_rows.h"
#include "cairn/serialization/prefab.h"

struct ImGuiPayload;

namespace cairn::editor {

class EditorCommands;
class EditorContext;
class WorldWatch;

// The drag-and-drop payload type of entities dragged from the Hierarchy; the
// payload is the dragged row's ecs::EntityId.
inline constexpr const char* kEntityPayload = "CAIRN_ENTITY";

struct HierarchyMetrics {
  static constexpr float kRowFramePaddingY = 3.0f;  // row height = font size + 2 * this
  static constexpr float kIconSize = 10.0f;
};

class HierarchyPanel {
 public:
  HierarchyPanel(EditorContext& context, EditorCommands& commands, const WorldWatch& watch);

  // Fills the current window.
  void Draw();

  // Starts renaming the entity in place, revealing its row.
  void BeginRename(ecs::EntityId id);
  // Forgets the expansion and any rename or drag (the world was replaced).
  void Reset();
  // Expands every entity that has children.
  void ExpandAll();
  void CollapseAll();

  const std::vector<HierarchyRow>& Rows() const { return rows_; }

 private:
  enum class DropZone { kBefore, kInto, kAfter };

  void RebuildRowsIfNeeded();
  void FollowSelectionChanges();
  void Reveal(ecs::EntityId id);
  void DrawSearchField();
  void DrawRows();
  void DrawRow(const HierarchyRow& row, int index);
  void DrawRowLabel(const HierarchyRow& row, bool selected);
  void DrawRenameField();
  void HandleRowMouse(const HierarchyRow& row, bool selected);
  void DrawDragSource(const HierarchyRow& row);
  void DrawDropTarget(const HierarchyRow& row);
  void DrawEmptySpace();
  void DrawContextMenus();
  void Drop(const HierarchyRow& row, DropZone zone);
  void DropOnEmptySpace();
  // A file or built-in mesh dragged from the Assets panel becomes an entity
  // at the origin of `parent` (kNoEntityId: a root), selected.
  void PlaceAsset(const ImGuiPayload& payload, ecs::EntityId parent);
  void CommitRename();
  void SelectedByHierarchy();
  std::vector<ecs::EntityId> DraggedIdsFor(const HierarchyRow& row) const;

  EditorContext& context_;
  EditorCommands& commands_;
  const WorldWatch& watch_;

  std::unordered_set<ecs::EntityId> expanded_;
  std::vector<HierarchyRow> rows_;
  std::uint64_t rows_revision_ = ~std::uint64_t{0};
  bool rows_dirty_ = true;

  std::string filter_text_;
  HierarchyFilter filter_;

  std::uint64_t seen_selection_version_ = ~std::uint64_t{0};
  std::optional<ecs::EntityId> scroll_to_;
  float row_height_ = 0.0f;

  ecs::EntityId renaming_;
  std::string rename_text_;
  bool rename_focus_ = false;
  bool rename_drawn_ = false;

  // A plain click on an already selected row selects it alone on release,
  // unless the press started a drag of the selection.
  ecs::EntityId select_on_release_;
  std::vector<ecs::EntityId> dragged_;
  bool dragging_ = false;

  ecs::EntityId context_entity_;
  bool open_row_menu_ = false;
  bool open_space_menu_ = false;
};

}  // namespace cairn::editor
