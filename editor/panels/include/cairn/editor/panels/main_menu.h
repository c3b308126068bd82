#pragma once
// The main menu bar (File, Edit, Entity, View, Help) and the two dialogs the
// Help menu opens (keyboard shortcuts, about). The scene's title sits at the
// bar's right end.

#include <functional>

namespace cairn::editor {

class EditorCommands;
class EditorContext;
class HierarchyPanel;
class RecentFiles;
class SceneFiles;
class ViewportPanel;

// What the menus act on.
struct MenuTargets {
  EditorContext& context;
  EditorCommands& commands;
  SceneFiles& files;
  RecentFiles& recent;
  HierarchyPanel& hierarchy;
  ViewportPanel* viewport = nullptr;
  std::function<void()> reset_layout;
  std::function<void()> open_project_settings;
  std::function<void()> open_arrange;
};

class MainMenu {
 public:
  // Draws the bar; returns its height.
  float Draw(MenuTargets& targets);
  // Draws the Help dialogs while open.
  void DrawDialogs();
  bool DialogOpen() const { return show_shortcuts_ || show_about_; }

 private:
  void DrawFileMenu(MenuTargets& targets);
  void DrawEditMenu(MenuTargets& targets);
  void DrawEntityMenu(MenuTargets& targets);
  void DrawViewMenu(MenuTargets& targets);
  void DrawHelpMenu(MenuTargets& targets);

  bool show_shortcuts_ = false;
  bool show_about_ = false;
};

}  // namespace cairn::editor
