#pragma once
// The dialogs of the editor's document flows: Unsaved Changes, Save Away
// From the Project, Recover Unsaved Changes, the reports of files that cannot
// be opened or saved, and the file dialog. What the flows do (New, Open,
// Save, Save As, Export, Quit, projects, crash recovery) is
// SceneFilesSession's (editor/core, scene_files_session.h): SceneFiles draws
// the session's questions and hands it the answers, supplies the recent
// files, the viewport's camera and the demo scene, and shows the file dialog
// the session asks for.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>

#include "cairn/ecs/plain_value.h"
#include "cairn/editor/scene_files_session.h"
#include "cairn/editor/panels/file_dialog.h"

namespace cairn::editor {

class EditorContext;
class EditorHost;
class RecentFiles;
class ViewportPanel;

class SceneFiles {
 public:
  // `world_replaced` is called after every world replacement (panels reset
  // their caches). `viewport` may be null.
  SceneFiles(EditorContext& context, EditorHost& host, RecentFiles& recent, ViewportPanel* viewport,
             std::function<void()> world_replaced);

  // SceneFilesSession::Start.
  void Start(const std::optional<std::filesystem::path>& scene,
             const std::optional<std::filesystem::path>& project = std::nullopt) {
    session_.Start(scene, project);
  }

  void RequestNew() { session_.RequestNew(); }
  void RequestOpen() { session_.RequestOpen(); }                                  // shows the file dialog
  void RequestOpen(const std::filesystem::path& path) { session_.RequestOpen(path); }  // Open Recent
  void RequestOpenDemo() { session_.RequestOpenDemo(); }
  void RequestSave() { session_.RequestSave(); }
  void RequestSaveAs() { session_.RequestSaveAs(); }
  void RequestExport() { session_.RequestExport(); }
  void RequestQuit() { session_.RequestQuit(); }
  void RequestOpenProject() { session_.RequestOpenProject(); }  // shows the file dialog
  void RequestOpenProject(const std::filesystem::path& path) { session_.RequestOpenProject(path); }
  void RequestNewProject() { session_.RequestNewProject(); }  // shows the file dialog
  void RequestNewProject(const std::filesystem::path& path) { session_.RequestNewProject(path); }

  // SceneFilesSession::ProcessPending.
  void ProcessPending() { session_.ProcessPending(); }
  // Draws the dialog that is showing, if any (one at a time).
  void DrawDialogs();
  bool DialogOpen() const;
  // The title of the dialog showing (or about to show), "" when none: for
  // scripted checks.
  std::string DialogTitle() const;

  // The scene's "editor" object as it would be saved now.
  ecs::PlainValue EditorData() const { return session_.EditorData(); }

  SceneFilesSession& Session() { return session_; }

 private:
  void DrawRecoveryDialog();
  void DrawRelocationDialog();
  void DrawReportDialog();
  void DrawUnsavedDialog();
  void DrawFileDialog();

  EditorContext& context_;
  SceneFilesSession session_;
  FileDialog file_dialog_;
  // The file question the dialog shows (the session's FileRequest when it was opened).
  std::optional<FileQuestion> shown_question_;
};

}  // namespace cairn::editor
