#include "cairn/editor/panels/hierarchy_panel.h"

#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cfloat>
#include <filesystem>
#include <unordered_map>

#include "cairn/ecs/components/camera.h"
#include "cairn/ecs/components/light.h"
#include "cairn/ecs/components/mesh_renderer.h"
#include "cairn/ecs/components/name.h"
#include "cairn/editor/actions.h"
#include "cairn/editor/asset_files.h"
#include "cairn/editor/editor_context.h"
#include "cairn/editor/panels/bounded_text.h"
#include "cairn/editor/panels/editor_commands.h"
#include "cairn/editor/panels/entity_menu.h"
#include "cairn/editor/panels/theme.h"
#include "cairn/editor/panels/widget_map.h"
#include "cairn/editor/panels/world_watch.h"

namespace cairn::editor {
namespace {

void PushEntityId(ecs::EntityId id) {
  const char* bytes = reinterpret_cast<const char*>(&id.value);
  ImGui::PushID(bytes, bytes + sizeof id.value);
}

// The entity's label: its name, or its id when it has none.
std::string LabelOf(const ecs::Coordinator& world, ecs::Entity entity, bool* named) {
  if (world.IsRegistered<ecs::Name>()) {
    if (const ecs::Name* name = world.TryGetComponent<ecs::Name>(entity)) {
      *named = true;
      return name->value;
    }
  }
  *named = false;
  return ecs::ToHex(world.GetEntityId(entity));
}

ImU32 Colour(const ImVec4& colour) { return ImGui::ColorConvertFloat4ToU32(colour); }

// A small glyph telling what the entity is: a light, a camera, a mesh in its
// colour, or an empty.
void DrawEntityIcon(const ecs::Coordinator& world, ecs::Entity entity, ImVec2 centre, float size) {
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float r = size * 0.5f;
  if (world.IsRegistered<ecs::Light>() && world.HasComponent<ecs::Light>(entity)) {
    draw->AddCircleFilled(centre, r * 0.62f, Colour(theme::kLightIcon));
    draw->AddCircle(centre, r, Colour(theme::kLightIcon), 12, 1.0f);
    return;
  }
  if (world.IsRegistered<ecs::Camera>() && world.HasComponent<ecs::Camera>(entity)) {
    const ImU32 colour = Colour(theme::kCameraIcon);
    draw->AddRectFilled(ImVec2(centre.x - r, centre.y - r * 0.6f), ImVec2(centre.x + r * 0.35f, centre.y + r * 0.6f), colour, 1.5f);
    draw->AddTriangleFilled(ImVec2(centre.x + r * 0.35f, centre.y), ImVec2(centre.x + r, centre.y - r * 0.6f),
                            ImVec2(centre.x + r, centre.y + r * 0.6f), colour);
    return;
  }
  if (world.IsRegistered<ecs::MeshRenderer>()) {
    if (const ecs::MeshRenderer* mesh = world.TryGetComponent<ecs::MeshRenderer>(entity)) {
      const ImVec4 colour(mesh->color.r, mesh->color.g, mesh->color.b, 1.0f);
      draw->AddRectFilled(ImVec2(centre.x - r, centre.y - r), ImVec2(centre.x + r, centre.y + r), Colour(colour), 2.0f);
      draw->AddRect(ImVec2(centre.x - r, centre.y - r), ImVec2(centre.x + r, centre.y + r), IM_COL32(0, 0, 0, 90), 2.0f);
      return;
    }
  }
  draw->AddRect(ImVec2(centre.x - r + 0.5f, centre.y - r + 0.5f), ImVec2(centre.x + r - 0.5f, centre.y + r - 0.5f),
                Colour(theme::kEmptyIcon), 2.0f, 0, 1.2f);
}

bool NoModifiers() {
  const ImGuiIO& io = ImGui::GetIO();
  return !io.KeyCtrl && !io.KeyShift && !io.KeyAlt && !io.KeySuper;
}

}  // namespace

HierarchyPanel::HierarchyPanel(EditorContext& context, EditorCommands& commands, const WorldWatch& watch)
    : context_(context), commands_(commands), watch_(watch) {}

void HierarchyPanel::Reset() {
  expanded_.clear();
  rows_.clear();
  rows_dirty_ = true;
  renaming_ = ecs::kNoEntityId;
  select_on_release_ = ecs::kNoEntityId;
  dragged_.clear();
  scroll_to_.reset();
}

void HierarchyPanel::ExpandAll() {
  const ecs::Coordinator& world = context_.World();
  world.ForEachEntity([&](ecs::Entity entity) {
    if (world.ChildCount(entity) > 0) expanded_.insert(world.GetEntityId(entity));
  });
  rows_dirty_ = true;
}

void HierarchyPanel::CollapseAll() {
  expanded_.clear();
  rows_dirty_ = true;
}

void HierarchyPanel::BeginRename(ecs::EntityId id) {
  const ecs::Coordinator& world = context_.World();
  const ecs::Entity entity = world.FindEntity(id);
  if (entity.IsNull()) return;
  bool named = false;
  const std::string label = LabelOf(world, entity, &named);
  // A name longer than a field holds is not edited in place: the field
  // starts empty, and left empty it keeps the name (see CommitRename).
  rename_text_ = named && label.size() <= kMaxEditableBytes ? label : std::string();
  renaming_ = id;
  rename_focus_ = true;
  Reveal(id);
}

void HierarchyPanel::Reveal(ecs::EntityId id) {
  if (ExpandToReveal(context_.World(), id, expanded_)) rows_dirty_ = true;
  scroll_to_ = id;
}

void HierarchyPanel::SelectedByHierarchy() { seen_selection_version_ = context_.GetSelection().Version(); }

void HierarchyPanel::FollowSelectionChanges() {
  const Selection& selection = context_.GetSelection();
  if (selection.Version() == seen_selection_version_) return;
  seen_selection_version_ = selection.Version();
  if (selection.Primary() && !context_.World().FindEntity(selection.Primary()).IsNull()) Reveal(selection.Primary());
}

void HierarchyPanel::RebuildRowsIfNeeded() {
  if (!rows_dirty_ && rows_revision_ == watch_.StructureRevision()) return;
  rows_ = FlattenHierarchy(context_.World(), expanded_, filter_);
  rows_revision_ = watch_.StructureRevision();
  rows_dirty_ = false;
}

// ---- Drawing ------------------------------------------------------------------------

void HierarchyPanel::Draw() {
  if (ImGui::GetDragDropPayload() == nullptr) dragging_ = false;
  rename_drawn_ = false;
  FollowSelectionChanges();
  DrawSearchField();
  RebuildRowsIfNeeded();
  // While the scene plays the rows are the playing copy: selecting works, edits wait for Stop.
  if (context_.IsPlaying()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(theme::kAxisY, "Playing: selecting only; Stop to edit");
    ImGui::PopTextWrapPos();
  }

  ImGui::BeginChild("##rows", ImVec2(0.0f, 0.0f), false);
  DrawRows();
  DrawEmptySpace();
  DrawContextMenus();
  ImGui::EndChild();

  if (select_on_release_ && ImGui::IsMouseReleased(ImGuiMouseButton_Left)) {
    if (!dragging_) {
      context_.GetSelection().Select(select_on_release_);
      SelectedByHierarchy();
    }
    select_on_release_ = ecs::kNoEntityId;
  }
  if (renaming_ && !rename_drawn_ && !rename_focus_) renaming_ = ecs::kNoEntityId;
}

void HierarchyPanel::DrawSearchField() {
  const bool filtering = !filter_.Empty();
  std::size_t matches = 0;
  if (filtering) {
    for (const HierarchyRow& row : rows_) matches += row.matches ? 1 : 0;
  }
  const std::string count = filtering ? std::to_string(matches) : std::string();
  const float clear_width = filtering ? ImGui::GetFrameHeight() : 0.0f;
  const float count_width = filtering ? ImGui::CalcTextSize(count.c_str()).x + ImGui::GetStyle().ItemSpacing.x : 0.0f;
  const float spacing = filtering ? ImGui::GetStyle().ItemSpacing.x : 0.0f;
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - clear_width - count_width - spacing);
  if (BoundedInputText("##search", &filter_text_, "Search   (name, t:Light)")) {
    filter_ = HierarchyFilter::Parse(filter_text_);
    rows_dirty_ = true;
  }
  GlobalWidgetMap().Record("hierarchy/search");
  if (filtering) {
    ImGui::SameLine();
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(theme::kTextDim, "%s", count.c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%zu matching %s", matches, matches == 1 ? "entity" : "entities");
    ImGui::SameLine();
    if (ImGui::Button("x##clear", ImVec2(clear_width, 0.0f))) {
      filter_text_.clear();
      filter_ = HierarchyFilter();
      rows_dirty_ = true;
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Clear the search");
  }
  ImGui::Spacing();
}

void HierarchyPanel::DrawRows() {
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(4.0f, HierarchyMetrics::kRowFramePaddingY));
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x, 0.0f));
  // Selected rows stand out in the accent colour; hovering stays neutral.
  ImGui::PushStyleColor(ImGuiCol_Header, ImVec4(0.18f, 0.33f, 0.58f, 1.0f));
  ImGui::PushStyleColor(ImGuiCol_HeaderHovered, ImVec4(0.24f, 0.26f, 0.30f, 1.0f));
  ImGui::PushStyleColor(ImGuiCol_HeaderActive, ImVec4(0.22f, 0.40f, 0.70f, 1.0f));
  row_height_ = ImGui::GetFrameHeight();
  GlobalWidgetMap().RecordBox("hierarchy/rows", {ImGui::GetWindowPos().x, ImGui::GetWindowPos().y,
                                                 ImGui::GetWindowSize().x, row_height_});

  // Rows that must be drawn whatever the scroll: the one being renamed and
  // the one to scroll to.
  int force_row = -1;
  const ecs::EntityId force_id = renaming_ ? renaming_ : scroll_to_.value_or(ecs::kNoEntityId);
  if (force_id) {
    for (std::size_t i = 0; i < rows_.size(); ++i) {
      if (rows_[i].id == force_id) {
        force_row = static_cast<int>(i);
        break;
      }
    }
  }
  if (scroll_to_) {
    if (force_row >= 0) {
      const float top = static_cast<float>(force_row) * row_height_;
      const float view = ImGui::GetWindowHeight();
      if (top < ImGui::GetScrollY() || top + row_height_ > ImGui::GetScrollY() + view) {
        ImGui::SetScrollY(std::max(top - (view - row_height_) * 0.5f, 0.0f));
      }
    }
    scroll_to_.reset();
  }

  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(rows_.size()), row_height_);
  if (force_row >= 0) clipper.ForceDisplayRangeByIndices(force_row, force_row + 1);
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) DrawRow(rows_[static_cast<std::size_t>(i)], i);
  }
  ImGui::PopStyleColor(3);
  ImGui::PopStyleVar(2);
}

void HierarchyPanel::DrawRow(const HierarchyRow& row, int index) {
  const ecs::Coordinator& world = context_.World();
  if (!world.IsAlive(row.entity)) return;  // rows rebuild at the next structural change
  PushEntityId(row.id);
  const bool selected = context_.GetSelection().Contains(row.id);
  ImGui::SetCursorPosX(ImGui::GetCursorPosX() + static_cast<float>(row.depth) * ImGui::GetStyle().IndentSpacing);
  if (row.id == renaming_) {
    DrawRenameField();
    ImGui::PopID();
    return;
  }
  ImGuiTreeNodeFlags flags = ImGuiTreeNodeFlags_SpanAvailWidth | ImGuiTreeNodeFlags_NoTreePushOnOpen |
                             ImGuiTreeNodeFlags_FramePadding | ImGuiTreeNodeFlags_OpenOnArrow;
  if (!row.has_children) flags |= ImGuiTreeNodeFlags_Leaf;
  if (selected) flags |= ImGuiTreeNodeFlags_Selected;
  if (row.has_children) ImGui::SetNextItemOpen(row.expanded, ImGuiCond_Always);
  ImGui::TreeNodeEx("##node", flags);
  if (ImGui::IsItemToggledOpen() && filter_.Empty()) {
    if (row.expanded) {
      expanded_.erase(row.id);
    } else {
      expanded_.insert(row.id);
    }
    rows_dirty_ = true;
  }
  if (GlobalWidgetMap().Enabled()) {
    bool named = false;
    GlobalWidgetMap().Record("hierarchy/row/" + std::to_string(index));
    GlobalWidgetMap().Record("hierarchy/entity/" + LabelOf(world, row.entity, &named));
  }
  DrawRowLabel(row, selected);
  HandleRowMouse(row, selected);
  DrawDragSource(row);
  DrawDropTarget(row);
  ImGui::PopID();
}

void HierarchyPanel::DrawRowLabel(const HierarchyRow& row, bool selected) {
  const ecs::Coordinator& world = context_.World();
  const ImVec2 min = ImGui::GetItemRectMin();
  const ImVec2 max = ImGui::GetItemRectMax();
  const ImGuiStyle& style = ImGui::GetStyle();
  const float icon_x = min.x + ImGui::GetFontSize() + style.FramePadding.x * 2.0f;
  const float centre_y = (min.y + max.y) * 0.5f;
  DrawEntityIcon(world, row.entity, ImVec2(icon_x + HierarchyMetrics::kIconSize * 0.5f, centre_y),
                 HierarchyMetrics::kIconSize);
  bool named = false;
  const std::string label = LabelOf(world, row.entity, &named);
  // Entities of prefab instances are drawn in the prefab colour, the
  // instance's root with its prefab's name after its own.
  serialization::PrefabLibrary* prefabs = context_.Prefabs();
  const std::optional<InstanceRowMark> mark =
      prefabs != nullptr ? MarkInstanceRow(world, *prefabs, row.entity) : std::nullopt;
  ImVec4 colour = ImGui::GetStyleColorVec4(ImGuiCol_Text);
  if (mark) colour = theme::kPrefab;
  if (!named || !row.matches) colour = theme::kTextDim;
  if (selected) colour = ImVec4(1.0f, 1.0f, 1.0f, 1.0f);
  const ImVec2 text_pos(icon_x + HierarchyMetrics::kIconSize + 7.0f, centre_y - ImGui::GetFontSize() * 0.5f);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->PushClipRect(min, max, true);
  const std::string shown = named && label.empty() ? std::string("(unnamed)") : BoundedLabel(label);
  draw->AddText(text_pos, ImGui::ColorConvertFloat4ToU32(colour), shown.c_str());
  float text_end = text_pos.x + ImGui::CalcTextSize(shown.c_str()).x;
  const bool root = mark && mark->member.root == row.entity;
  const bool overridden = mark && mark->Overridden();
  const std::string stem = root ? std::filesystem::path(mark->member.prefab->path).stem().string() : std::string();
  if (root && stem != label) {  // the prefab's name, when the instance's differs
    const std::string prefab = "  " + stem;
    draw->AddText(ImVec2(text_end, text_pos.y), ImGui::ColorConvertFloat4ToU32(theme::kTextDim), prefab.c_str());
    text_end += ImGui::CalcTextSize(prefab.c_str()).x;
  }
  if (overridden) {  // a dot: this entity differs from its prefab (what a save keeps as its overrides)
    constexpr float kDotRadius = 2.5f;
    const ImVec2 dot(text_end + 7.0f, centre_y);
    draw->AddCircleFilled(dot, kDotRadius, ImGui::ColorConvertFloat4ToU32(theme::kPrefab));
    if (GlobalWidgetMap().Enabled()) {
      GlobalWidgetMap().RecordBox("hierarchy/overridden/" + label,
                                  {dot.x - kDotRadius, dot.y - kDotRadius, 2.0f * kDotRadius, 2.0f * kDotRadius});
    }
  }
  draw->PopClipRect();
  if (!ImGui::IsItemHovered() || ImGui::GetDragDropPayload() != nullptr) return;
  // A name cut by the row's edge shows whole (within bounds) on hover.
  const bool cut = text_end > max.x;
  if (mark) {
    ImGui::BeginTooltip();
    if (cut) ImGui::TextUnformatted(BoundedLabel(label).c_str());
    const std::string& path = mark->member.prefab->path;
    const std::string what = root ? "Instance of " + path
                                  : "Part of the instance '" + actions::DisplayName(world, mark->member.instance_id) +
                                        "' of " + path;
    ImGui::TextColored(theme::kPrefab, "%s", BoundedLabel(what).c_str());
    if (overridden) {
      std::string differs = "Differs from the prefab: ";
      const std::vector<std::string> parts = DescribeOverrides(world, mark->overrides);
      for (std::size_t i = 0; i < parts.size(); ++i) differs += (i == 0 ? "" : ", ") + parts[i];
      ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
      ImGui::TextColored(theme::kTextDim, "%s", BoundedLabel(differs).c_str());
      ImGui::PopTextWrapPos();
    }
    ImGui::EndTooltip();
  } else if (cut) {
    BoundedTooltip(label);
  }
}

void HierarchyPanel::HandleRowMouse(const HierarchyRow& row, bool selected) {
  if (ImGui::IsItemToggledOpen()) return;  // a click on the arrow only expands
  const ImGuiStyle& style = ImGui::GetStyle();
  const float arrow_right = ImGui::GetItemRectMin().x + ImGui::GetFontSize() + style.FramePadding.x * 2.0f;
  const bool over_arrow = row.has_children && ImGui::GetIO().MousePos.x < arrow_right;
  Selection& selection = context_.GetSelection();
  if (ImGui::IsItemClicked(ImGuiMouseButton_Left) && !over_arrow) {
    const ImGuiIO& io = ImGui::GetIO();
    if (io.KeyShift) {
      selection.SelectRange(row.id, RowIds(rows_), io.KeyCtrl);
    } else if (io.KeyCtrl) {
      selection.Toggle(row.id);
    } else {
      // Selected on release, so that a press starting a drag (of the whole
      // selection, or of this row onto an Inspector field) changes nothing.
      select_on_release_ = row.id;
    }
    SelectedByHierarchy();
    if (renaming_ && renaming_ != row.id) CommitRename();
  }
  if (ImGui::IsItemHovered() && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left) && !over_arrow && NoModifiers()) {
    select_on_release_ = ecs::kNoEntityId;
    selection.Select(row.id);
    SelectedByHierarchy();
    BeginRename(row.id);
  }
  if (ImGui::IsItemClicked(ImGuiMouseButton_Right)) {
    if (!selected) {
      selection.Select(row.id);
      SelectedByHierarchy();
    }
    context_entity_ = row.id;
    open_row_menu_ = true;
  }
}

std::vector<ecs::EntityId> HierarchyPanel::DraggedIdsFor(const HierarchyRow& row) const {
  const Selection& selection = context_.GetSelection();
  if (!selection.Contains(row.id)) return {row.id};
  // The selection in display order; selected entities not shown (collapsed)
  // follow in selection order.
  std::vector<ecs::EntityId> ids;
  ids.reserve(selection.Count());
  std::unordered_set<ecs::EntityId> listed;
  for (const HierarchyRow& shown : rows_) {
    if (selection.Contains(shown.id)) {
      ids.push_back(shown.id);
      listed.insert(shown.id);
    }
  }
  for (const ecs::EntityId id : selection.Ids()) {
    if (!listed.contains(id)) ids.push_back(id);
  }
  return ids;
}

void HierarchyPanel::DrawDragSource(const HierarchyRow& row) {
  if (!ImGui::BeginDragDropSource(ImGuiDragDropFlags_None)) return;
  if (!dragging_) {
    dragged_ = DraggedIdsFor(row);
    dragging_ = true;
  }
  ImGui::SetDragDropPayload(kEntityPayload, &row.id, sizeof row.id, ImGuiCond_Once);
  if (dragged_.size() == 1) {
    BoundedText(actions::DisplayName(context_.World(), dragged_.front()), TextBounds::Label());
  } else {
    ImGui::Text("%zu entities", dragged_.size());
  }
  ImGui::EndDragDropSource();
}

void HierarchyPanel::DrawDropTarget(const HierarchyRow& row) {
  if (!ImGui::BeginDragDropTarget()) return;
  if (const ImGuiPayload* asset = ImGui::AcceptDragDropPayload(kAssetPayload)) PlaceAsset(*asset, row.id);
  constexpr ImGuiDragDropFlags kPeek = ImGuiDragDropFlags_AcceptBeforeDelivery | ImGuiDragDropFlags_AcceptNoDrawDefaultRect;
  const ImGuiPayload* payload = dragging_ ? ImGui::AcceptDragDropPayload(kEntityPayload, kPeek) : nullptr;
  if (payload != nullptr) {
    const ImVec2 min = ImGui::GetItemRectMin();
    const ImVec2 max = ImGui::GetItemRectMax();
    const float height = max.y - min.y;
    const float y = ImGui::GetIO().MousePos.y - min.y;
    const DropZone zone = y < height * 0.25f ? DropZone::kBefore : y > height * 0.75f ? DropZone::kAfter : DropZone::kInto;
    const bool onto_dragged = std::find(dragged_.begin(), dragged_.end(), row.id) != dragged_.end();
    if (!(zone == DropZone::kInto && onto_dragged)) {
      ImDrawList* draw = ImGui::GetWindowDrawList();
      const ImU32 colour = ImGui::GetColorU32(ImGuiCol_DragDropTarget);
      const float label_x = min.x + ImGui::GetFontSize() + ImGui::GetStyle().FramePadding.x * 2.0f;
      if (zone == DropZone::kInto) {
        draw->AddRect(min, max, colour, 3.0f, 0, 2.0f);
      } else {
        const bool into_first_child = zone == DropZone::kAfter && row.expanded && row.has_children;
        const float line_x = into_first_child ? label_x + ImGui::GetStyle().IndentSpacing : label_x;
        const float line_y = zone == DropZone::kBefore ? min.y + 1.0f : max.y - 1.0f;
        draw->AddLine(ImVec2(line_x, line_y), ImVec2(max.x, line_y), colour, 2.0f);
        draw->AddCircleFilled(ImVec2(line_x, line_y), 3.0f, colour);
      }
      if (payload->IsDelivery()) Drop(row, zone);
    }
  }
  ImGui::EndDragDropTarget();
}

void HierarchyPanel::PlaceAsset(const ImGuiPayload& payload, ecs::EntityId parent) {
  const std::string asset(static_cast<const char*>(payload.Data), static_cast<std::size_t>(payload.DataSize));
  try {
    // A mesh lands at its parent's origin; a prefab where the prefab has it.
    context_.Enqueue(CreateFromAssetPayload(context_.World(), asset, std::nullopt, parent, context_.Prefabs()),
                     EnqueueOptions::SelectingCreated());
  } catch (const std::exception& error) {
    context_.Log().Warning(std::string("Place asset: ") + error.what());
  }
}

void HierarchyPanel::Drop(const HierarchyRow& row, DropZone zone) {
  const ecs::Coordinator& world = context_.World();
  ecs::EntityId parent = ecs::kNoEntityId;
  std::uint32_t position = ecs::kAppendPosition;
  if (zone == DropZone::kInto || (zone == DropZone::kAfter && row.expanded && row.has_children)) {
    parent = row.id;
    position = zone == DropZone::kInto ? ecs::kAppendPosition : 0;
    expanded_.insert(row.id);
    rows_dirty_ = true;
  } else {
    const ecs::Entity parent_entity = world.GetParent(row.entity);
    parent = parent_entity.IsNull() ? ecs::kNoEntityId : world.GetEntityId(parent_entity);
    position = world.SiblingIndex(row.entity) + (zone == DropZone::kAfter ? 1u : 0u);
  }
  const std::vector<ecs::EntityId> moved = dragged_;
  commands_.Queue("Move", [&] { return actions::Move(world, moved, parent, position); });
}

void HierarchyPanel::DropOnEmptySpace() {
  const std::vector<ecs::EntityId> moved = dragged_;
  commands_.Queue("Move", [&] { return actions::Move(context_.World(), moved, ecs::kNoEntityId, ecs::kAppendPosition); });
}

void HierarchyPanel::DrawEmptySpace() {
  const float height = std::max(ImGui::GetContentRegionAvail().y, row_height_ * 2.0f);
  const float width = std::max(ImGui::GetContentRegionAvail().x, 1.0f);
  const ImVec2 start = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("##space", ImVec2(width, height));
  GlobalWidgetMap().Record("hierarchy/space");
  if (rows_.empty()) {
    const char* hint = filter_.Empty() ? "The scene is empty.\nRight-click to create an entity." : "No entity matches the search.";
    ImGui::GetWindowDrawList()->AddText(ImVec2(start.x + 8.0f, start.y + 8.0f), ImGui::ColorConvertFloat4ToU32(theme::kTextDim), hint);
  }
  if (ImGui::IsItemClicked(ImGuiMouseButton_Left) && NoModifiers()) {
    context_.GetSelection().Clear();
    SelectedByHierarchy();
  }
  if (ImGui::IsItemClicked(ImGuiMouseButton_Right)) open_space_menu_ = true;
  if (ImGui::BeginDragDropTarget()) {
    if (const ImGuiPayload* asset = ImGui::AcceptDragDropPayload(kAssetPayload)) PlaceAsset(*asset, ecs::kNoEntityId);
    constexpr ImGuiDragDropFlags kPeek = ImGuiDragDropFlags_AcceptBeforeDelivery | ImGuiDragDropFlags_AcceptNoDrawDefaultRect;
    if (const ImGuiPayload* payload = dragging_ ? ImGui::AcceptDragDropPayload(kEntityPayload, kPeek) : nullptr) {
      const float line_y = start.y + 1.0f;
      ImGui::GetWindowDrawList()->AddLine(ImVec2(start.x, line_y), ImVec2(start.x + width, line_y),
                                          ImGui::GetColorU32(ImGuiCol_DragDropTarget), 2.0f);
      if (payload->IsDelivery()) DropOnEmptySpace();
    }
    ImGui::EndDragDropTarget();
  }
}

void HierarchyPanel::DrawContextMenus() {
  if (open_row_menu_) {
    ImGui::OpenPopup("##row_menu");
    open_row_menu_ = false;
  }
  if (open_space_menu_) {
    ImGui::OpenPopup("##space_menu");
    open_space_menu_ = false;
  }
  if (ImGui::BeginPopup("##row_menu")) {
    if (context_.World().FindEntity(context_entity_).IsNull()) {
      ImGui::CloseCurrentPopup();
    } else {
      DrawEntityMenuItems(commands_, {context_entity_, true, "hierarchy/menu"});
    }
    ImGui::EndPopup();
  }
  if (ImGui::BeginPopup("##space_menu")) {
    DrawEntityMenuItems(commands_, {ecs::kNoEntityId, false, "hierarchy/space_menu"});
    if (commands_.CanPaste()) {
      ImGui::Separator();
      if (ImGui::MenuItem("Paste", "Ctrl+V")) {
        context_.GetSelection().Clear();
        commands_.Paste();
      }
    }
    ImGui::EndPopup();
  }
}

// ---- Renaming -----------------------------------------------------------------------

void HierarchyPanel::DrawRenameField() {
  rename_drawn_ = true;
  const float label_offset = ImGui::GetFontSize() + ImGui::GetStyle().FramePadding.x * 2.0f;
  ImGui::SetCursorPosX(ImGui::GetCursorPosX() + label_offset);
  if (rename_focus_) {
    ImGui::SetKeyboardFocusHere();
    rename_focus_ = false;
  }
  ImGui::SetNextItemWidth(-FLT_MIN);
  const bool entered = BoundedInputText("##rename", &rename_text_, nullptr,
                                        ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll);
  GlobalWidgetMap().Record("hierarchy/rename");
  if (ImGui::IsKeyPressed(GLFW_KEY_ESCAPE, false)) {
    renaming_ = ecs::kNoEntityId;
    return;
  }
  if (entered || ImGui::IsItemDeactivated()) CommitRename();
}

void HierarchyPanel::CommitRename() {
  const ecs::EntityId id = renaming_;
  renaming_ = ecs::kNoEntityId;
  const ecs::Coordinator& world = context_.World();
  const ecs::Entity entity = world.FindEntity(id);
  if (entity.IsNull()) return;
  bool named = false;
  const std::string current = LabelOf(world, entity, &named);
  if (named && current == rename_text_) return;
  if (named && rename_text_.empty() && current.size() > kMaxEditableBytes) return;
  const std::string name = rename_text_;
  commands_.Queue("Rename", [&] { return actions::Rename(world, id, name); });
}

}  // namespace cairn::editor
