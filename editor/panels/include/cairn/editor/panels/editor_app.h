#pragma once
// The whole editor window: main menu, toolbar, Hierarchy, Viewport, Console
// and Inspector in resizable splits, the dialogs, and the keyboard shortcuts,
// over one EditorContext.
//
// Frame order (DrawFrame, between ImGui::NewFrame and ImGui::Render):
//   1. EditorContext::Flush — the one point where edits, undo and redo apply
//      (and Project Settings' changes, which migrate the world);
//   2. SceneFiles::ProcessPending — open, save, new, recover, quit;
//   3. shortcuts, then the panels, which only read the world and queue edits;
//   4. dialogs, the window title, the close button;
//   5. EditorContext::RetryJournal, so a journal that could not be written
//      is retried while the editor runs (with the frame time as its clock).
// So every panel sees one unchanging world for the whole frame.

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cairn/editor/editor_context.h"
#include "cairn/editor/panels/arrange_window.h"
#include "cairn/editor/panels/console_panel.h"
#include "cairn/editor/panels/editor_commands.h"
#include "cairn/editor/panels/asset_browser_panel.h"
#include "cairn/editor/panels/hierarchy_panel.h"
#include "cairn/editor/panels/inspector_panel.h"
#include "cairn/editor/panels/journal_failure_dialog.h"
#include "cairn/editor/panels/main_menu.h"
#include "cairn/editor/panels/panel_layout.h"
#include "cairn/editor/panels/project_settings_window.h"
#include "cairn/editor/panels/recent_files.h"
#include "cairn/editor/panels/scene_files.h"
#include "cairn/editor/panels/toolbar.h"
#include "cairn/editor/panels/world_watch.h"

namespace cairn::editor {

class EditorHost;
class ViewportPanel;

struct EditorAppOptions {
  EditorOptions context;
  PanelSizes sizes;                  // the splits to start with
  std::filesystem::path recent_files;  // where Open Recent is kept; empty: this run only
  // False runs without the Viewport (no OpenGL needed: benchmarks, headless
  // tests); its place shows a note instead.
  bool viewport = true;
  // Called when the user finished dragging a split or reset the layout.
  std::function<void(const PanelSizes&)> sizes_changed;
};

class EditorApp {
 public:
  EditorApp(EditorHost& host, EditorAppOptions options);
  ~EditorApp();
  EditorApp(const EditorApp&) = delete;
  EditorApp& operator=(const EditorApp&) = delete;

  // Creates the Viewport's GL resources (a current GL context is needed);
  // problems are reported in the Console.
  void Initialize();
  // Opens the scene (or the demo scene) and offers crash recovery, in the
  // game project `project` when given; see SceneFiles::Start.
  void Start(const std::optional<std::filesystem::path>& scene,
             const std::optional<std::filesystem::path>& project = std::nullopt);
  // The window title: the scene's title, the project's name when the
  // session has a project, and "Cairn" ("level.json * - Beacon - Cairn").
  std::string WindowTitle() const;
  // Builds one frame of the UI.
  void DrawFrame();

  EditorContext& Context() { return context_; }
  EditorCommands& Commands() { return commands_; }
  HierarchyPanel& Hierarchy() { return hierarchy_; }
  SceneFiles& Files() { return files_; }
  const JournalFailureDialog& JournalDialog() const { return journal_dialog_; }
  ProjectSettingsWindow& ProjectSettings() { return project_settings_; }
  // The title of the dialog showing (or about to show), "" when none: for
  // scripted checks.
  std::string DialogTitle() const;
  const PanelSizes& Sizes() const { return sizes_; }
  const PanelRects& Rects() const { return rects_; }

 private:
  void WorldReplaced();
  // References to asset files moved since the scene was saved follow them
  // (RetargetMovedAssets), as one undoable action, each noted in the Console.
  void UpdateMovedAssets();
  // The modal that reports a system's failure during play.
  void DrawPlayFailure();
  static constexpr const char* kPlayFailureTitle = "Play stopped";
  // Asks once before the project's game module (native code) first runs on
  // this machine.
  void DrawModuleTrust();
  static constexpr const char* kModuleTrustTitle = "Run the game module?";
  void DrawPanels();
  void DrawSplitters();
  void ResetLayout();

  EditorHost& host_;
  EditorAppOptions options_;
  EditorContext context_;
  WorldWatch watch_;
  RecentFiles recent_;
  std::unique_ptr<ViewportPanel> viewport_;
  EditorCommands commands_;
  HierarchyPanel hierarchy_;
  AssetBrowserPanel assets_;
  std::string play_failure_;  // a failure to show in the modal; empty: none
  InspectorPanel inspector_;
  ConsolePanel console_;
  Toolbar toolbar_;
  MainMenu menu_;
  SceneFiles files_;
  JournalFailureDialog journal_dialog_;
  ArrangeWindow arrange_;
  ProjectSettingsWindow project_settings_;
  const ecs::Coordinator* watched_world_ = nullptr;  // the world watch_ follows

  PanelSizes sizes_;
  PanelSizes drag_start_sizes_;
  PanelRects rects_;
  std::string title_;
};

}  // namespace cairn::editor
