#include "cairn/editor/panels/entity_menu.h"

#include <imgui.h>

#include <string>
#include <vector>

#include "cairn/editor/actions.h"
#include "cairn/editor/panels/bounded_text.h"
#include "cairn/editor/panels/editor_commands.h"
#include "cairn/editor/panels/widget_map.h"

namespace cairn::editor {
namespace {

bool Item(std::string_view prefix, const char* label, const char* shortcut = nullptr, bool enabled = true) {
  const bool clicked = ImGui::MenuItem(label, shortcut, false, enabled);
  GlobalWidgetMap().Record(std::string(prefix) + "/" + label);
  return clicked;
}

}  // namespace

void DrawEntityMenuItems(EditorCommands& commands, const EntityMenuOptions& options) {
  const std::string_view prefix = options.map_prefix;
  if (options.parent) {
    const std::string parent = BoundedLabel(actions::DisplayName(commands.Context().World(), options.parent));
    const std::string heading = "Create as a child of '" + parent + "'";
    ImGui::TextDisabled("%s", heading.c_str());
  } else {
    ImGui::TextDisabled("Create");
  }
  for (const CreateMenuItem& item : CreateMenuItems()) {
    // Groups: empty | primitives | lights | camera.
    if (item.kind == CreateKind::kCube || item.kind == CreateKind::kDirectionalLight || item.kind == CreateKind::kCamera) {
      ImGui::Separator();
    }
    if (Item(prefix, item.label)) commands.Create(item.kind, options.parent);
  }
  ImGui::Separator();
  const bool prefabs_open = ImGui::BeginMenu("Instantiate Prefab");
  GlobalWidgetMap().Record(std::string(prefix) + "/Instantiate Prefab");
  if (prefabs_open) {
    const std::vector<std::string> files = commands.PrefabFiles();
    if (files.empty()) ImGui::TextDisabled("No scene files in this scene's folder");
    for (const std::string& file : files) {
      if (Item(prefix, BoundedLabel(file).c_str())) commands.Instantiate(file, options.parent);
    }
    ImGui::EndMenu();
  }
  if (!options.selection_items) return;
  ImGui::Separator();
  const bool selected = commands.HasSelection();
  if (Item(prefix, "Rename", "F2", selected)) commands.RenameSelection();
  if (Item(prefix, "Duplicate", "Ctrl+D", selected)) commands.DuplicateSelection();
  if (Item(prefix, "Delete", "Delete", selected)) commands.DeleteSelection();
  ImGui::Separator();
  if (Item(prefix, "Copy", "Ctrl+C", selected)) commands.CopySelection();
  if (Item(prefix, "Paste", "Ctrl+V", commands.CanPaste())) commands.Paste();
  ImGui::Separator();
  if (Item(prefix, "Create Prefab from Selection", nullptr, selected)) commands.CreatePrefabFromSelection();
  if (Item(prefix, "Unpack Prefab", nullptr, commands.SelectionIsInstanceRoot())) commands.UnpackSelection();
}

}  // namespace cairn::editor
