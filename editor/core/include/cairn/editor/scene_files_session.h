#pragma once
// The editor's document flows without their dialogs: New, Open, Open Recent,
// Save, Save As, Export for Runtime, Quit, the game project's switching and
// crash recovery, as a session that asks its questions as data and takes the
// answers. SceneFiles (editor/panels) draws the questions; tests drive the
// session directly, without a window.
//
// - New, Open and Quit with unsaved changes first ask (UnsavedQuestion):
//   Save / Don't Save / Cancel; "Save" on an untitled scene goes through Save
//   As, and the operation continues only if the save succeeded.
// - A file that cannot be read, parsed or validated is reported (Report:
//   the file and every problem with its JSON pointer, also in the log); the
//   open scene stays as it was. A save that fails is reported the same way
//   and leaves the file untouched.
// - Saving a scene where it would lose its project, the project components
//   it uses or its assets asks first (RelocationQuestion, scene_relocation.h):
//   keep a project link, copy beside the scene, or cancel.
// - When the scene being opened (or the untitled scene, at start) has a
//   journal holding actions, a RecoveryOffer asks Recover (reload the saved
//   file and replay the journal) or Discard; a journal with entries that
//   cannot be recovered can also be kept aside. A journal that cannot be read
//   at all is reported and kept aside, never overwritten.
// - Game projects (docs/project-format.md): a scene opens with the project
//   its link names, else the one found walking up from its folder, and the
//   session then works in that project. Open Project starts a new scene in a
//   chosen project; New Project writes a cairn.project.json (atomically) and
//   does the same. A project with errors is reported; the scene then opens
//   with the built-in components only.
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

#include "cairn/ecs/coordinator.h"
#include "cairn/ecs/plain_value.h"
#include "cairn/editor/journal.h"
#include "cairn/editor/scene_relocation.h"
#include "cairn/serialization/prefab.h"
#include "cairn/serialization/project.h"
#include "cairn/serialization/scene_loader.h"

namespace cairn::editor {

class EditorContext;

// What the application around the session supplies.
struct SceneFilesEnvironment {
  // Ends the application (Quit, once nothing unsaved is wanted).
  std::function<void()> close;
  // A scene was opened or saved at this path (Open Recent): returns a problem
  // to warn about, or "".
  std::function<std::string(const std::filesystem::path&)> remember;
  // The world was replaced; `editor` is the new scene's editor object (the
  // viewport restores its camera from it, panels reset their caches).
  std::function<void(const ecs::PlainValue& editor)> world_replaced;
  // The editor's own state to save over the file's editor object (the
  // viewport camera); null: none.
  std::function<ecs::PlainValue()> view_state;
  // The demo scene and its project (null: File > Open Demo opens an empty scene).
  std::function<serialization::Scene()> load_demo;
  std::function<std::shared_ptr<const serialization::Project>()> demo_project;
};

// An operation that first makes sure unsaved changes are dealt with.
struct GuardedOperation {
  enum class Kind {
    kNew, kOpenDialog, kOpenPath, kOpenDemo, kQuit,
    kOpenProjectDialog, kOpenProjectPath, kNewProjectDialog, kNewProjectPath
  } kind;
  std::filesystem::path path;
};

// A file the session needs the user to choose.
struct FileQuestion {
  enum class Purpose { kOpen, kSaveAs, kExport, kOpenProject, kNewProject } purpose;
  std::filesystem::path folder;  // where to start (empty: the working directory)
  std::string file_name;         // to prefill

  friend bool operator==(const FileQuestion&, const FileQuestion&) = default;
};

struct SceneFilesReport {
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

// How a save treats a scene that would lose its project or assets where it goes.
enum class SaveChoice {
  kAsk,          // check first: ask when anything would be lost
  kAsIs,         // save without a link or a copy
  kLinkProject,  // link the scene to its project file
  kCopyBeside,   // copy its assets (and project) beside it
};

class SceneFilesSession {
 public:
  SceneFilesSession(EditorContext& context, SceneFilesEnvironment environment);

  // At start: opens `scene` (a missing file starts an empty scene that will
  // be saved there), or the demo scene when there is none; then offers
  // recovery if a journal is waiting. `project` (a folder holding
  // cairn.project.json, or the file) is the project to work in instead of
  // the one found from the scene; without a scene a new scene starts in it.
  // Errors are reported, never thrown.
  void Start(const std::optional<std::filesystem::path>& scene,
             const std::optional<std::filesystem::path>& project = std::nullopt);

  void RequestNew();
  void RequestOpen();                                 // asks for the file
  void RequestOpen(const std::filesystem::path& path);  // Open Recent
  void RequestOpenDemo();
  void RequestSave();
  void RequestSaveAs();
  void RequestExport();
  void RequestQuit();
  void RequestOpenProject();                                  // asks for the file
  void RequestOpenProject(const std::filesystem::path& path);  // a folder or its cairn.project.json
  void RequestNewProject();                                   // asks for the file
  void RequestNewProject(const std::filesystem::path& path);   // the cairn.project.json to write

  // Does the requested work that touches files or replaces the world.
  void ProcessPending();

  // ---- Questions, answered one at a time in this order ------------------------------

  const std::optional<RecoveryOffer>& Recovery() const { return recovery_; }
  // Recover replays (at the next ProcessPending); Keep Aside moves the journal
  // aside (false, and the offer stays, when that fails: logged); Discard
  // deletes it.
  void Recover();
  bool KeepRecoveryAside();
  void DiscardRecovery();

  const std::deque<SceneFilesReport>& Reports() const { return reports_; }
  void DismissReport();

  // The operation waiting on Save / Don't Save / Cancel.
  const std::optional<GuardedOperation>& UnsavedQuestion() const { return unsaved_question_; }
  void AnswerUnsavedSave();
  void AnswerUnsavedDontSave();
  void AnswerUnsavedCancel();

  // A save waiting on Link Project / Copy Files / Cancel: what it
  // would lose.
  const std::optional<SceneRelocation>& Relocation() const { return relocation_; }
  // kLinkProject, kCopyBeside or kAsIs; nullopt cancels the save and what was
  // to follow it.
  void AnswerRelocation(std::optional<SaveChoice> choice);

  const std::optional<FileQuestion>& FileRequest() const { return file_question_; }
  // `include_world_matrices` is for Export.
  void FileChosen(const std::filesystem::path& path, bool include_world_matrices = false);
  void FileCancelled();

  // The scene's "editor" object as it would be saved now.
  ecs::PlainValue EditorData() const;

 private:
  // Work for ProcessPending.
  struct Task {
    enum class Kind { kNew, kOpen, kOpenDemo, kSave, kExport, kQuit, kRecover, kOpenProject, kNewProject } kind;
    std::filesystem::path path;
    std::optional<GuardedOperation> then;  // kSave: continue with this once saved
    SaveChoice choice = SaveChoice::kAsk;  // kSave
    bool include_world_matrices = false;   // kExport
  };
  using ProjectPtr = std::shared_ptr<const serialization::Project>;

  void Guard(GuardedOperation operation);
  void Proceed(const GuardedOperation& operation);
  void AskForFile(FileQuestion::Purpose purpose, std::optional<GuardedOperation> then = std::nullopt);
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
  // The project governing `scene` (its link's, else the one found walking
  // up), read; null when none does or it has errors (reported).
  ProjectPtr ProjectOf(const std::filesystem::path& scene);
  // The prefab library a scene at `scene` in `project` uses (its asset folder's).
  serialization::PrefabLibrary& PrefabsFor(const std::filesystem::path& scene, const ProjectPtr& project);
  // Starts a new untitled scene in `project`.
  void NewSceneIn(const ProjectPtr& project);
  void OpenDemo();
  // Asks about `save` (Relocation) when saving there would lose anything;
  // false when it can go ahead.
  bool AskBeforeSaving(const Task& save);
  SceneWhereabouts Whereabouts() const;
  bool Save(const std::filesystem::path& path, SaveChoice choice);
  void Export(const std::filesystem::path& path, bool include_world_matrices);
  void RecoverNow();
  void OfferRecovery(const std::optional<std::filesystem::path>& scene);
  // Journal::KeepAside; nullopt (and nothing moved) for an empty or missing
  // file, or when the move failed (logged).
  std::optional<std::filesystem::path> KeepJournalAside(const std::filesystem::path& journal);
  void Replaced(ecs::PlainValue editor);
  void ShowReport(SceneFilesReport report);
  std::unique_ptr<ecs::Coordinator> UntitledRecoveryBase(const JournalContents& contents, ecs::PlainValue& editor);
  serialization::Scene LoadDemo() const;
  ProjectPtr DemoProject() const;

  EditorContext& context_;
  SceneFilesEnvironment environment_;
  ecs::PlainValue editor_data_ = ecs::PlainValue::MakeObject();

  std::deque<Task> tasks_;
  std::optional<GuardedOperation> unsaved_question_;
  std::optional<FileQuestion> file_question_;
  std::optional<GuardedOperation> after_file_;  // a Save As that a guarded operation waits on
  std::deque<SceneFilesReport> reports_;
  std::optional<RecoveryOffer> recovery_;
  std::optional<SceneRelocation> relocation_;
  std::optional<Task> relocating_save_;  // the save Relocation() asks about
  bool started_ = false;  // Start is over: a scene has been open
};

}  // namespace cairn::editor
