#pragma once
// The editor's document flows: New, Open, Open Recent, Save, Save As,
// Export for Runtime, Quit, and crash recovery, with the dialogs they need.
//
// - New, Open and Quit with unsaved changes first ask Save / Don't Save /
//   Cancel; "Save" on an untitled scene goes through Save As, and the
//   operation continues only if the save succeeded.
// - A file that cannot be read, parsed or validated is reported in the
//   Console and in a dialog naming the file and every problem (with its JSON
//   pointer); the open scene stays as it was. A save that fails (a read-only
//   folder) is reported the same way and leaves the file untouched.
// - The viewport camera travels in the scene's "editor" object: saved with
//   ViewportPanel::SaveEditorData, restored with LoadEditorData. Other keys a
//   file had there are kept.
// - When the scene being opened (or the untitled scene, at start) has a
//   journal holding actions, a dialog offers Recover (reload the saved file
//   and replay the journal: EditorContext::Recover) or Discard. It lists
//   every entry that cannot be recovered (JournalProblem); a journal with
//   such entries is offered even when none can be, and can also be kept
//   aside (Journal::KeepAside) instead of deleted. A journal that cannot be
//   read at all is reported and kept aside, never overwritten.
//
// - Game projects (docs/project-format.md): a scene opens with the
//   components of the cairn.project.json found walking up from its folder
//   (FindProjectFile), and the session then works in that project (New makes
//   its scenes in it). Open Project starts a new scene in a chosen project,
//   New Project writes a cairn.project.json (atomically) and does the same.
//   A project with errors is reported in the Console and in a dialog, every
//   problem with its JSON pointer; the scene then opens with the built-in
//   components only (its project components are kept as they are).
// - A scene linked to its project (the editor object's "project" key,
//   scene_relocation.h) opens with the project the link names, and its asset
//   paths resolve in that project's folder.
// - Saving a scene where it would no longer find its project, the project's
//   components it uses or the assets it names (Save As to another folder;
//   the demo, whose project and meshes are built in) first asks, before
//   anything is written: Link Project (the scene links to the project
//   file), Copy Files (its assets, and the project's definitions when
//   no project governs the new folder, copied there) or Cancel
//   (CheckRelocation says what would be lost).
//
// Requests only record what to do: ProcessPending, called at the frame's
// start right after EditorContext::Flush, does the work that replaces or
// writes the world, so no panel ever sees its world swapped mid-frame.

#include <deque>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cairn/ecs/plain_value.h"
#include "cairn/editor/journal.h"
#include "cairn/editor/scene_relocation.h"
#include "cairn/serialization/prefab.h"
#include "cairn/serialization/project.h"
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

  // At start: opens `scene` (a missing file starts an empty scene that will
  // be saved there), or the demo scene when there is none; then offers
  // recovery if a journal is waiting. `project` (a folder holding
  // cairn.project.json, or the file) is the project to work in instead of
  // the one found from the scene; without a scene a new scene starts in it.
  // Errors are reported, never thrown.
  void Start(const std::optional<std::filesystem::path>& scene,
             const std::optional<std::filesystem::path>& project = std::nullopt);

  void RequestNew();
  void RequestOpen();                                 // shows the file dialog
  void RequestOpen(const std::filesystem::path& path);  // Open Recent
  void RequestOpenDemo();
  void RequestSave();
  void RequestSaveAs();
  void RequestExport();
  void RequestQuit();
  void RequestOpenProject();                                  // shows the file dialog
  void RequestOpenProject(const std::filesystem::path& path);  // a folder or its cairn.project.json
  void RequestNewProject();                                   // shows the file dialog
  void RequestNewProject(const std::filesystem::path& path);   // the cairn.project.json to write

  // Does the requested work that touches files or replaces the world.
  void ProcessPending();
  // Draws the dialog that is showing, if any (one at a time).
  void DrawDialogs();
  bool DialogOpen() const;
  // The title of the dialog showing (or about to show), "" when none: for
  // scripted checks.
  std::string DialogTitle() const;

  // The scene's "editor" object as it would be saved now.
  ecs::PlainValue EditorData() const;

 private:
  // An operation that first makes sure unsaved changes are dealt with.
  struct Guarded {
    enum class Kind {
      kNew, kOpenDialog, kOpenPath, kOpenDemo, kQuit,
      kOpenProjectDialog, kOpenProjectPath, kNewProjectDialog, kNewProjectPath
    } kind;
    std::filesystem::path path;
  };
  // How a save treats a scene that would lose its project or assets where it goes.
  enum class SaveChoice {
    kAsk,          // check first: ask when anything would be lost
    kAsIs,         // save without a link or a copy
    kLinkProject,  // link the scene to its project file
    kCopyBeside,   // copy its assets (and project) beside it
  };
  // Work for ProcessPending.
  struct Task {
    enum class Kind { kNew, kOpen, kOpenDemo, kSave, kExport, kQuit, kRecover, kOpenProject, kNewProject } kind;
    std::filesystem::path path;
    std::optional<Guarded> then;  // kSave: continue with this once saved
    SaveChoice choice = SaveChoice::kAsk;  // kSave
  };
  // A save that waits for the user's answer: what it would lose.
  struct RelocationQuestion {
    Task save;
    SceneRelocation relocation;
  };
  struct Report {
    std::string title;
    std::string summary;
    std::vector<std::string> lines;
  };
  struct RecoveryOffer {
    std::optional<std::filesystem::path> scene;
    std::filesystem::path journal;
    JournalContents contents;
    std::optional<std::string> mismatch;
    // The project the journal's session worked in, read again (null: none).
    std::shared_ptr<const serialization::Project> project;
  };
  enum class DialogPurpose { kOpen, kSaveAs, kExport, kOpenProject, kNewProject };
  using ProjectPtr = std::shared_ptr<const serialization::Project>;

  void Guard(Guarded operation);
  void Proceed(const Guarded& operation);
  void ShowFileDialog(DialogPurpose purpose, std::optional<Guarded> then = std::nullopt);
  void Run(Task& task);
  void New();
  bool Open(const std::filesystem::path& path);
  // Opens the scene with `project`'s components (null: the built-ins only)
  // and, when it loads, makes `project` the session's.
  bool OpenIn(const std::filesystem::path& path, const ProjectPtr& project);
  void OpenProject(const std::filesystem::path& path);
  void NewProject(const std::filesystem::path& path);
  // Reads a project (a folder holding cairn.project.json, or the file). One
  // with errors is reported, with `outcome` saying what happens instead, and
  // gives nullopt.
  std::optional<ProjectPtr> ReadProject(const std::filesystem::path& path, const std::string& outcome);
  // The project governing `scene`, read; null when none does or it has errors (reported).
  ProjectPtr ProjectOf(const std::filesystem::path& scene);
  // The prefab library a scene at `scene` in `project` uses (its asset folder's).
  serialization::PrefabLibrary& PrefabsFor(const std::filesystem::path& scene, const ProjectPtr& project);
  // Starts a new untitled scene in `project`.
  void NewSceneIn(const ProjectPtr& project);
  void OpenDemo();
  // Asks about `save` (RelocationQuestion) when saving there would lose
  // anything; false when it can go ahead.
  bool AskBeforeSaving(const Task& save);
  SceneWhereabouts Whereabouts();
  bool Save(const std::filesystem::path& path, SaveChoice choice = SaveChoice::kAsIs);
  void Export(const std::filesystem::path& path);
  void Recover();
  void OfferRecovery(const std::optional<std::filesystem::path>& scene);
  // Journal::KeepAside; nullopt (and nothing moved) for an empty or missing
  // file, or when the move failed (reported in the Console).
  std::optional<std::filesystem::path> KeepJournalAside(const std::filesystem::path& journal);
  void Replaced(ecs::PlainValue editor);
  void ShowReport(Report report);
  std::unique_ptr<ecs::Coordinator> UntitledRecoveryBase(const JournalContents& contents, ecs::PlainValue& editor);

  void DrawRecoveryDialog();
  void DrawRelocationDialog();
  void DrawReportDialog();
  void DrawUnsavedDialog();
  void DrawFileDialog();

  EditorContext& context_;
  EditorHost& host_;
  RecentFiles& recent_;
  ViewportPanel* viewport_;
  std::function<void()> world_replaced_;
  ecs::PlainValue editor_data_ = ecs::PlainValue::MakeObject();

  std::deque<Task> tasks_;
  std::optional<Guarded> unsaved_question_;
  FileDialog file_dialog_;
  DialogPurpose dialog_purpose_ = DialogPurpose::kOpen;
  std::optional<Guarded> after_dialog_;
  std::deque<Report> reports_;
  std::optional<RecoveryOffer> recovery_;
  std::optional<RelocationQuestion> relocation_question_;
  bool started_ = false;  // Start is over: a scene has been open
};

}  // namespace cairn::editor
